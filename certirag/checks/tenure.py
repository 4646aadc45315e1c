"""``qualifier_dropped``: a former office stated as held now.

"Arjun Mehta is the chief executive of Corvane Systems." has every word of "Corvane said its
former chief executive Arjun Mehta would join the board of Teralink." but one, and the model
reads it as entailed (P(entailment) 0.60). The office an evidence sentence gives a named
person as past (``former``, ``ex-``, ``onetime``, ``erstwhile``, ``then``) is read with
the name beside it ("former chief executive Arjun Mehta", "Mehta, Corvane's former chief
executive"); a claim that names the same person and the office's head word ("executive")
without any word that puts it in the past ("former", "was", "until", "served as" …) states
the office as held now. No finding where an evidence sentence gives the person the office
without a past marker too (a person may hold an office again), or where the claim says the
person "became" or "was named" to it.
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_tenure", "former_offices"]

_PAST = r"(?i:former|ex-)"
_NAME = r"(?P<name>(?:[A-Z][\w'’.-]+\s+){0,3}[A-Z][\w'’-]+)"
# The office words after the marker (an organisation's name may stand among them: "former
# England captain", "former Corvane chief executive").
_OFFICE = r"(?P<office>(?:[A-Za-z][\w'’-]*\s+){0,3}?[a-z][\w-]*)"
_BEFORE_NAME = re.compile(rf"\b{_PAST}\s*{_OFFICE}\s+{_NAME}")
_AFTER_NAME = re.compile(
    rf"{_NAME},?\s+(?:the|a|an|its|his|her|their|[A-Z][\w'’-]*(?:'s|’s))\s+{_PAST}\s*"
    rf"(?P<office2>(?:[A-Za-z][\w'’-]*\s+){{0,3}}[a-z][\w-]*)\b")
#: The offices read: a post someone holds (a player's position or a past club is no office
#: a claim would restate as held: "former Chelsea midfielder" says where he played).
OFFICES = frozenset("""executive president chairman chairwoman chair director manager coach
captain minister secretary governor mayor senator leader head chief boss editor ceo cfo
premier ambassador commissioner champion owner principal dean chancellor treasurer
spokesman spokeswoman spokesperson king queen chancellor judge""".split())
# A claim that puts the office in the past, or tells how it began or ended.
_CLAIM_PAST = re.compile(
    r"\b(?:former|formerly|ex|onetime|one-time|erstwhile|then|previous|previously|was|were|"
    r"had|until|used|served|retired|retiring|outgoing|late|once|left|quit|resigned|ousted|"
    r"sacked|fired|stepped|became|become|becomes|named|appointed|elected|succeeded|led|"
    r"ran|headed|joined|departure|resignation|exit)\b", re.IGNORECASE)
_NOT_OFFICE = frozenset("""who which that and or of the a an in on at for to from with by
is was are were has had have said says would will""".split())


def former_offices(text: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(office head word, name, the office's capitalised words)`` for each office
    ``text`` gives a name as past ("former England captain Rio Ferdinand": ``("captain",
    "Rio Ferdinand", ("England",))``)."""
    out: list[tuple[str, str, tuple[str, ...]]] = []
    found = [(m["office"].split(), m["name"]) for m in _BEFORE_NAME.finditer(text)]
    for m in _AFTER_NAME.finditer(text):
        kept: list[str] = []
        for w in m["office2"].split():  # the office ends before a verb or a preposition
            if w.lower() in _NOT_OFFICE:
                break
            kept.append(w)
        found.append((kept, m["name"]))
    for words, name in found:
        if words and words[-1].lower() in OFFICES:
            out.append((words[-1].lower(), name, tuple(w for w in words if w[:1].isupper())))
    return out


def _surname(name: str) -> str:
    return name.split()[-1].lower().removesuffix("'s").removesuffix("’s")


def _holds(text: str, head: str, surname: str, orgs: tuple[str, ...], source: str = "") -> bool:
    """Whether ``text`` names ``surname`` with the office ``head`` (of the organisations
    ``orgs``, when the evidence names them) and no past marker, and no organisation right
    before the office that its evidence sentence ``source`` does not name ("Stoke manager
    Mark Hughes" holds another office than "former Wales manager Mark Hughes")."""
    low = text.lower()
    m = re.search(rf"\b{re.escape(head)}\b", low)
    if m is None or re.search(rf"\b{re.escape(surname)}\b", low) is None \
            or _CLAIM_PAST.search(text) is not None:
        return False
    if any(re.search(rf"\b{re.escape(o.lower())}\b", low) is None for o in orgs):
        return False
    before = re.findall(r"[\w'’-]+", text[:m.start()])
    own = [re.sub(r"['’]s?$", "", w) for w in before[-2:]
           if w[:1].isupper() and w.lower() not in _TITLE_WORDS]
    return all(w in orgs or re.search(rf"\b{re.escape(w)}\b", source) for w in own)


_TITLE_WORDS = frozenset("""the a an chief executive vice deputy acting interim general
managing prime head senior""".split())


def _offices(ev: PreparedEvidence) -> tuple[list[tuple[str, str, tuple[str, ...], str]],
                                            list[str]]:
    """The former offices of the evidence (head, name, organisations, sentence) and its
    other sentences."""
    found: list[tuple[str, str, tuple[str, ...], str]] = []
    plain: list[str] = []
    for e in ev.sentences:
        offices = former_offices(e.text)
        found.extend((head, name, orgs, e.text) for head, name, orgs in offices)
        if not offices:
            plain.append(e.text)
    return found, plain


def check_tenure(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> None:
    """``qualifier_dropped`` (see the module docstring)."""
    if "former" not in ev.lower_text and "ex-" not in ev.lower_text:
        return
    found, plain = ev.derived("tenure.offices", _offices)
    for s in c.sentences:
        for head, name, orgs, text in found:
            surname = _surname(name)
            if not _holds(s.text, head, surname, orgs, text) or any(
                    _holds(x, head, surname, ()) for x in plain):
                continue  # (the evidence also gives the office as held)
            out.append(Finding(
                "qualifier_dropped", "ungrounded",
                f"the evidence gives {name}'s office ({head!r}) as a former one; the "
                f"claim states it as held", s.text, text))
            return

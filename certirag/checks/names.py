"""``ungrounded_entity``: the names and codes of a claim that the evidence (or the question)
does not mention, and a title the evidence gives to another name.

The compare function of the built-in check ``entities`` (:mod:`certirag.checks.builtin`):
``(claim, evidence, question, out) -> None``. Which names a text holds, and when a name is
grounded, is :mod:`certirag.checks.entities`."""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.dates import holiday_day
from certirag.checks.name_tables import aliases
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question, parse_as

__all__ = ["check_entities"]


def check_entities(c: Parsed, ev: PreparedEvidence, q: Question,
                   out: list[Finding]) -> None:
    for ent in c.entities:
        before = c.text[:ent.start].strip(" \t\n\"'“‘([")
        opening = not before or before.endswith((":", "–", "—"))  # "Tonight: Spotlight …"
        if ev.entities.grounded(ent.words, ent.cuts, opening=opening):
            titled = _title_of_another(ent.words, ev, q)
            if titled is not None:
                out.append(Finding("ungrounded_entity", "ungrounded", titled, ent.text))
            continue
        if _holiday_dated(ent.words, ev):
            continue  # "your Christmas Day collection" for "Collections due on Thursday 25
            # December" (checks v22)
        qindex = q.entities if q.grounds else None
        if qindex is not None and qindex.grounded(ent.words, ent.cuts, opening=opening):
            continue
        out.append(Finding("ungrounded_entity", "ungrounded",
                           f"the evidence does not mention {ent.text!r}", ent.text))
    if q.restated:
        # the claim restates a yes/no question: the names the question writes are what the
        # reply asserts, read where the question writes them ("Can Brazilian citizens …?":
        # the claim opens with "Brazilian", a word capitalised by its place there)
        named = {e.words for e in c.entities}
        for ent in parse_as(q.restated, ev.options, "claim").entities:
            if ent.words not in named and ent.start > 0 and not ev.entities.grounded(
                    ent.words, ent.cuts):
                out.append(Finding("ungrounded_entity", "ungrounded",
                                   f"the evidence does not mention {ent.text!r}", ent.text))
    # a code of letters and digits ("level B2", "the A320", "route M25") is neither a name
    # nor a figure; the evidence or the question must write it
    codes = list(_CODE.finditer(c.text))
    if not codes:
        return
    asked = q.text if q.grounds else ""
    said = _CODE.sub(_code_key, " ".join([*(s.text for s in ev.sentences), asked]))
    for m in codes:
        if _code_key(m) not in said:
            out.append(Finding("ungrounded_entity", "ungrounded",
                               f"the evidence does not mention {m.group(0)!r}", m.group(0)))


def _holiday_dated(words: tuple[str, ...], ev: PreparedEvidence) -> bool:
    """Whether ``words`` name a holiday of a fixed day and the evidence gives that day."""
    day = holiday_day(" ".join(words))
    return day is not None and any((d.month, d.day) == day for d in ev.dates)


# Titles of an office or a rank that the evidence gives to one person by name.
_OFFICE_TITLES = sorted((tuple(t.split()) for t in """lady justice|lord justice|mr justice|
mrs justice|justice|judge|dr|doctor|professor|prof|president|vice president|prime minister|
senator|governor|mayor|general|captain|detective|inspector|sergeant|bishop|archbishop|
chancellor|minister|commissioner|sheriff|councillor|congressman|congresswoman|ambassador|
king|queen|prince|princess|pope|cardinal|rabbi|imam|chief constable|chief inspector|
dame|sir|lord|lady""".replace("\n", " ").split("|")), key=len, reverse=True)
_CAPITALISED = re.compile(r"\s+((?:[A-Z][\w'’-]*\.?\s+){0,2}[A-Z][\w'’-]*)")
_TITLE_FIRST = frozenset(t[0] for t in _OFFICE_TITLES)
_NOT_A_NAME = frozenset({"of", "the", "and", "for", "in", "at", "on", "to"})
_NEAR_TITLE = 40  # characters after a title in which the name it goes with is written


def _title_of_another(words: tuple[str, ...], ev: PreparedEvidence, q: Question) -> str | None:
    """Why a titled name the evidence grounds only without its title ("Lady Justice Harlow"
    where Ms Harlow is a party and the evidence gives "Lady Justice" to Moran alone) is
    still not grounded: the evidence gives that title to another name and never to this
    one (a word of its name other than an initial: "President George W." is "President
    George W. Bush"). ``None`` when the title goes with the name, or with no one, when the
    evidence writes the whole phrase ("General Atomics") or the title names an office
    ("Governor of Hong Kong")."""
    if not words or words[0] not in _TITLE_FIRST:
        return None
    title = next((t for t in _OFFICE_TITLES if len(words) > len(t) and words[:len(t)] == t),
                 None)
    if title is None or words[len(title)] in _NOT_A_NAME or " ".join(words) in ev.lower_text \
            or aliases(" ".join(words[len(title):])):
        return None  # "Governor of Hong Kong", a name the evidence writes whole, "Queen English"
    own = {w for w in words[len(title):] if len(w) > 1}  # not an initial
    pattern = re.compile(r"\b" + r"\s+".join(re.escape(w) for w in title) + r"\b\.?",
                         re.IGNORECASE)
    others: list[str] = []
    for text in [*(x.text for x in ev.sentences), q.text or ""]:
        for m in pattern.finditer(text):
            n = _CAPITALISED.match(text, m.end())
            if n is None:
                continue
            near = re.findall(r"[\w'’-]+", text[m.end():m.end() + _NEAR_TITLE].lower())
            if own & {w.replace("’", "'").removesuffix("'s") for w in near}:
                return None  # "President George W. Bush", "Dame Judith Olivia 'Judi' Dench"
            others.append(n.group(1))
    if not others:
        return None
    shown = " ".join(title).title()
    return (f"the evidence gives the title {shown!r} to {others[0]!r}, never to "
            f"{' '.join(words[len(title):]).title()!r}")


_CODE = re.compile(r"\b[A-Z]{1,3}-?\d{1,4}[A-Z]?\b")


def _code_key(m: re.Match[str]) -> str:
    return m.group(0).replace("-", "").upper()

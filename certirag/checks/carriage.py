"""A thing the evidence says cannot be carried, taken along by the asker.

"Can I take my mobility scooter on the Westcliff Lift?" answered "Yes, there's room for it
on each car." against "Each car has space for one wheelchair. … Mobility scooters cannot
be carried because of the size of the cars.": the reply shares the lift's words and our
small model reads it as entailed (P(entailment) 0.53); the evidence bars the very thing
asked about, in other words than the question's ("carried" for "take").

:func:`check_carriage` finds an evidence sentence that says a thing cannot be carried,
taken, brought, transported or accommodated, with nothing after it but a reason
("Mobility scooters cannot be carried because of the size of the cars"; not "Bicycles
cannot be taken on peak trains", a bar with a scope), and a claim that lets the asker
take it along: a sentence of its own ("You can take your mobility scooter on the lift")
or a yes to the asker's question ("Can I take my mobility scooter …? There's room for it
on each car.", a reply the claim compiler reads with its question), where every content
word of the thing is the claim's (or the question's, for a yes) and nothing in the claim
negates: ``negation_mismatch``, a contradiction.
"""

from __future__ import annotations

import re

from certirag.checks._text import STOP, stems_of
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_carriage"]

_VERBS = r"(?:carried|taken|brought|transported|accommodated|conveyed)"
# "Mobility scooters cannot be carried …", "Bicycles can't be taken on peak trains"
_BARRED = re.compile(r"^(?P<thing>[^,;:.]{1,50}?)\s+(?:cannot|can['’]t|can\s+not|may\s+not|"
                     rf"must\s+not|will\s+not|won['’]t)\s+be\s+{_VERBS}\b", re.IGNORECASE)
# the asker takes it along: "you can take your scooter", "you're able to bring it"
_TAKES = re.compile(r"\b(?:you|I|we)\s*(?:can|could|may|['’]re\s+able\s+to|are\s+able\s+to|"
                    r"['’]re\s+allowed\s+to|are\s+allowed\s+to)\s+(?:take|bring|carry|travel\s+"
                    r"with)\b", re.IGNORECASE)
# the asker's question whether they can: "Can I take my mobility scooter on …?"
_ASKS = re.compile(r"^\s*(?:can|could|may)\s+(?:I|we)\s+(?:take|bring|carry|travel\s+with)\b"
                   r"[^?]*\?", re.IGNORECASE)
# after the bar, nothing that narrows it (not "… on peak trains", "… unless folded"): the
# sentence's end or a reason ("because of the size of the cars")
_WHY = re.compile(r"\s*(?:[.!]|$|because\b|as\s+(?:they|it)\b|due\s+to\b|owing\s+to\b|"
                  r"for\s+safety\b)", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:no|not|never|nor|cannot|unfortunately|sorry|afraid)\b|n['’]t\b",
                      re.IGNORECASE)


def _barred(ev: PreparedEvidence) -> list[tuple[frozenset[str], str, list[frozenset[str]]]]:
    """The things evidence sentences say cannot be carried: their content stems, the
    sentence, and the content stems of the other sentences that speak of the thing without
    a negation ("Guide dogs are always welcome." beside "Dogs cannot be accommodated"):
    read once per prepared evidence."""
    out: list[tuple[frozenset[str], str, list[frozenset[str]]]] = []
    for x in ev.sentences:
        m = _BARRED.match(x.text.strip())
        if m is not None and _WHY.match(x.text.strip(), m.end()) \
                and (thing := stems_of(m["thing"], STOP)):
            kinder = [frozenset(y.content) for y in ev.sentences if y is not x
                      and thing <= y.content and not _NEGATED.search(y.text)]
            out.append((thing, x.text.strip(), kinder))
    return out


def check_carriage(c: Parsed, ev: PreparedEvidence, q: Question,
                   out: list[Finding]) -> None:
    """``negation_mismatch``: the claim lets the asker take along a thing the evidence says
    cannot be carried (see the module docstring)."""
    barred = ev.derived("carriage.barred", _barred)
    if not barred:
        return
    asked = _ASKS.match(c.text)
    rest = c.text[asked.end():] if asked is not None else c.text
    if _NEGATED.search(rest):
        return
    if asked is not None:
        words = stems_of(asked[0], STOP)
    elif _TAKES.search(c.text):
        words = stems_of(c.text, STOP)
    else:
        return
    for thing, sentence, kinder in barred:
        # (not a kind of the thing another sentence welcomes: "a guide dog" where "Guide
        # dogs are always welcome.")
        if thing <= words and not any((words & y) - thing for y in kinder):
            out.append(Finding(
                "negation_mismatch", "contradiction",
                f"the evidence says it cannot be carried: {sentence!r}", c.text, sentence))
            return

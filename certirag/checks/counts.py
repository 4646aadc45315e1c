"""Counts of times: "can be renewed twice" against "up to three times".

A count of how often a thing is done ("once", "twice", "three times", "4 times") is no
ratio ("three times the size": :mod:`certirag.checks.ratios`) and no frequency ("twice a
week": :mod:`certirag.checks.frequency`). The figure check reads only the number of "three
times", so a "three" anywhere in the evidence ("Loans last three weeks") grounds it, and
it reads "two times" as ungrounded against "twice". Here a claim's count is compared with
the counts of the evidence sentences about the same thing (two content words shared with
the claim's sentence): ``ungrounded_figure`` when such sentences state counts and none is
the claim's; where one is, the figure check leaves the count's number alone
(:func:`settled_counts`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from certirag.checks.base import Finding
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.ratios import COMPARES, OFTEN

__all__ = ["Count", "check_counts", "counts", "settled_counts"]

_WORDS = {"once": 1, "twice": 2, "thrice": 3}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
_COUNT = re.compile(r"\b(?:(?P<w>once|twice|thrice)|(?P<n>one|two|three|four|five|six|seven"
                    r"|eight|nine|ten|\d{1,3})\s+(?:more\s+)?times)\b", re.IGNORECASE)
# "once the term ends", "at once", "once upon": a conjunction or an idiom, not a count
_NOT_COUNT = re.compile(r"\s*(?:the|a|an|you|we|they|it|he|she|i|this|that|your|their|"
                        r"upon|again|and\s+for\s+all)\b", re.IGNORECASE)
_AT = re.compile(r"\b(?:at|all\s+at)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Count:
    start: int
    end: int
    text: str
    value: int


def counts(text: str) -> list[Count]:
    """The counts of times ``text`` states (not ratios, frequencies or "once" as a
    conjunction)."""
    out: list[Count] = []
    for m in _COUNT.finditer(text):
        if COMPARES.match(text, m.end()) or OFTEN.match(text, m.end()):
            continue
        word = (m["w"] or "").lower()
        if word == "once" and (_NOT_COUNT.match(text, m.end()) or _AT.search(text, 0, m.start())):
            continue
        n = m["n"]
        value = _WORDS[word] if word else int(n) if n.isdigit() else _NUMBERS[n.lower()]
        out.append(Count(m.start(), m.end(), m.group(0), value))
    return out


def _about(ev: PreparedEvidence, s: SentInfo) -> list[Count]:
    """The counts of the evidence sentences that share two content words with ``s``."""
    out: list[Count] = []
    for x in ev.sentences:
        if len(s.content & x.content) >= 2:
            out.extend(counts(x.text))
    return out


def _judged(c: Parsed, ev: PreparedEvidence) -> list[tuple[Count, list[Count]]]:
    """Each claim count with the counts the evidence about it states."""
    out: list[tuple[Count, list[Count]]] = []
    for s in c.sentences:
        mine = counts(s.text)
        if mine:
            stated = _about(ev, s)
            out.extend((k, stated) for k in mine)
    return out


def settled_counts(c: Parsed, ev: PreparedEvidence) -> list[tuple[int, int]]:
    """Where the claim states a count the evidence about it states too (offsets into the
    claim): the figure check leaves the number there alone ("two times" for "twice")."""
    out: list[tuple[int, int]] = []
    for s in c.sentences:
        for k in counts(s.text):
            if any(k.value == e.value for e in _about(ev, s)):
                out.append((s.start + k.start, s.start + k.end))
    return out


def check_counts(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> None:
    """``ungrounded_figure``: a count of times that the evidence sentences about the same
    thing give otherwise ("renewed three times" against "can be renewed twice")."""
    for k, stated in _judged(c, ev):
        if stated and not any(k.value == e.value for e in stated):
            out.append(Finding("ungrounded_figure", "ungrounded",
                               f"the count {k.text!r} is not in the evidence; where it speaks "
                               f"of this it has {stated[0].text!r}", k.text, stated[0].text))
            return

"""A value the evidence gives as a former one, stated as if it held now.

"Keystone lets you carry over up to ten unused days into the next calendar year." against
"Up to five unused days may be carried over into the next calendar year. … The policy was
revised in January 2024; before that, the carry-over limit was ten days." has its value,
its company and most of its words in the evidence, and our small model reads it as
entailed (P(entailment) 0.55). :func:`check_superseded` gives a ``value_swap`` when every
evidence clause (a sentence, or its part between semicolons) that states a claim value
marks it as past ("before that", "previously", "formerly", "used to", "at the time",
"until then", "originally" …), another clause states a value of the same kind without such
a mark and shares at least two content words with the claim, and the claim itself is in
the present ("is", "can", "lets", "costs" …) and puts nothing in the past (no mark of its
own, no "was", "had", "until" or irregular past: "he weighed 20 stone before he used to
…" may give a former value as one). A claim that says the value holds still ("2:01:39
is still the world record" against "… in 2:01:39, a world record at the time") is a
``qualifier_dropped`` even where no clause states the value of now.
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.parse import Item, Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence
from certirag.text.verbs import IRREGULAR_PAST

__all__ = ["check_superseded", "former"]

_FORMER = re.compile(
    r"\b(?:before\s+(?:that|then|this|the\s+(?:change|revision|update|amendment|reform))"
    r"|previously|formerly|(?<!is\s)(?<!are\s)(?<!was\s)(?<!were\s)(?<!be\s)(?<!been\s)"
    r"used\s+to|at\s+the\s+time|until\s+then|originally"
    r"|prior\s+to\s+(?:that|this|the\s+(?:change|revision|update|amendment|reform))"
    r"|no\s+longer|the\s+(?:old|former)\s+(?:limit|rate|price|fee|figure|rule|cap|"
    r"allowance|level|maximum|minimum))\b", re.IGNORECASE)
_CLAIM_PAST = re.compile(r"\b(?:was|were|had|did|until|used\s+to|before|previously|formerly|"
                         r"originally|then|once|former|old|previous|earlier)\b", re.IGNORECASE)
# what a claim in the present says its value with: "lets you carry over", "costs", "is"
_CLAIM_NOW = re.compile(r"\b(?:is|are|am|can|may|must|will|lets|let|has|have|does|do|remains|"
                        r"stays|costs|allows|offers|gives|pays|takes|runs|gets|needs|"
                        r"requires)\b|['’](?:s|re)\b", re.IGNORECASE)
_MIN_SHARED = 2
# a claim that says its value holds on: "is still the world record", "remains the limit"
_STILL = re.compile(r"\b(?:still|remains?|to\s+this\s+day|currently|today)\b", re.IGNORECASE)


def _clauses(s: SentInfo) -> list[tuple[int, int]]:
    """The ``[start, end)`` of each part of ``s`` between semicolons."""
    cuts = [s.start + k for k, ch in enumerate(s.text) if ch == ";"]
    bounds = [s.start, *[c + 1 for c in cuts]]
    ends = [*cuts, s.end]
    return list(zip(bounds, ends, strict=True))


# A clause that opens with the time a value held until and tells it in the past: "Until
# March 2024, employees were entitled to carry over up to 10 days" (not "Until 31 December,
# the fee is £10", a value of now with its end).
_UNTIL_PAST = re.compile(r"^\W*until\s+[^,;]{1,30},[^;]*?\b(?:was|were|had|used\s+to)\b",
                         re.IGNORECASE)


def former(s: SentInfo, it: Item) -> bool:
    """Whether the clause of ``s`` that holds ``it`` marks it as a past value, with a mark
    close before it (:data:`_REACH` characters) or right after it, or opens with the time
    it held until, in the past."""
    for a, b in _clauses(s):
        if a <= it.start < b:
            lo = max(a, it.start - _REACH) - s.start
            hi = min(b, it.end + _AFTER) - s.start
            return _FORMER.search(s.text[lo:hi]) is not None or \
                _UNTIL_PAST.search(s.text[a - s.start:it.start - s.start]) is not None
    return False


_REACH, _AFTER = 60, 30


def _stems(s: SentInfo, a: int, b: int) -> set[str]:
    return {st for t, st in zip(s.toks, s.stems, strict=True) if st and a <= t.start < b}


def _counted(s: SentInfo, it: Item) -> set[str]:
    """The content stems of the three words after ``it`` in ``s``: what a bare number
    counts ("10 unused vacation days" → unused, vacation, day)."""
    after = [st for t, st in zip(s.toks, s.stems, strict=True) if t.start >= it.end]
    return {st for st in after[:3] if st}


def _same(x: Item, it: Item) -> bool:
    """The same value: the same key, or the same figure in another reading ("ten" and "ten
    days")."""
    return x.key == it.key or (x.key[0] == it.key[0] == "f" and x.key[2] == it.key[2])


def check_superseded(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial or any(f.code == "value_swap" for f in out) or _CLAIM_PAST.search(c.text) \
            or not _CLAIM_NOW.search(c.text) \
            or any(w.lower() in IRREGULAR_PAST for w in re.findall(r"[A-Za-z]+", c.text)):
        return  # a claim told in the past may give a former value as one
    words = {st for cs in c.sentences for st in cs.stems if st}
    for cs in c.sentences:
        for it in cs.items:
            if it.group in ("date", "time"):
                continue
            counted = _counted(cs, it)
            stated = [(s, x) for s in ev.sentences for x in s.items if _same(x, it)]
            if not stated or not all(former(s, x) and (x.group != "number"
                                                       or counted & _counted(s, x))
                                     for s, x in stated):
                continue  # a bare number ("270 Park Avenue") is no value a rule replaces,
                # unless the same noun counts it on both sides ("10 unused vacation days")
            groups = {it.group} | {x.group for _, x in stated}
            for s in ev.sentences:
                for a, b in _clauses(s):
                    clause = s.text[a - s.start:b - s.start]
                    if _FORMER.search(clause) or len(_stems(s, a, b) & words) < _MIN_SHARED:
                        continue
                    now = next((x for x in s.items if a <= x.start < b
                                and x.group in groups and not _same(x, it)
                                and (x.group != "number" or counted & _counted(s, x))), None)
                    if now is not None:
                        out.append(Finding(
                            "value_swap", "contradiction",
                            f"the evidence gives {it.text!r} as a former value; it states "
                            f"{now.text!r} now", it.text, now.text))
                        return
            if _STILL.search(c.text):
                s, x = stated[0]
                out.append(Finding(
                    "qualifier_dropped", "ungrounded",
                    f"the evidence gives {x.text!r} as a value of its time only "
                    f"({s.text.strip()!r}); the claim says it holds still", it.text,
                    s.text.strip()))
                return

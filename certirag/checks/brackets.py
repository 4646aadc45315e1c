"""A value the evidence gives for a bracket the claim's own quantity falls outside.

Fees, doses and rates are often given by bracket: "The application fee is £719 for visas of
up to three years and £1,420 for longer visas.", "£6 for children aged 5 to 16; children
under 5 go free", "4.1% AER on balances up to £10,000". A claim that pairs the value of one
bracket with a quantity of another ("A four-year visa costs £719.", "A ticket for a
4-year-old costs £6.") states a value the evidence states, in the sentence that holds its
subject, and so passes grounding, binding and the swap reading; the model reads the pair
as entailed.

:func:`check_brackets` reads the clause of each place the evidence states the claim's value
(from the value to the next value of its kind or a ";", and before it when no value of its
kind precedes it in that row) for bounds: a figure with a qualifier ("up to three years",
"under 5", "over 12", "balances up to £10,000") or a range ("aged 5 to 16"). A quantity of
the claim of the same kind (a duration in years, an age, an amount of money) outside every
bound of a clause is a ``value_swap`` when every place the evidence states the value is so
bounded. Ages ("a 4-year-old", "aged 4") are read against bare numbers under "aged",
"under" or "over" as well as against years.
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import pairwise

from certirag.checks.base import Finding
from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence

__all__ = ["check_brackets"]

_AGE = re.compile(r"^(?:[- ]years?)?[- ]old\b", re.IGNORECASE)  # "4-year" + "-old"
_AGED_BEFORE = re.compile(r"\baged?\s*$|\bages\s*$", re.IGNORECASE)
_RANGE_JOIN = re.compile(r"^\s*(?:to|–|-|and)\s*$", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s*$", re.IGNORECASE)
_AGE_WORDS = re.compile(r"\b(?:aged?|ages|children|child|kids|adults|year-olds)\b",
                        re.IGNORECASE)
_MONTHS_PER_YEAR = Decimal(12)
_MAX_FIGURES = 8  # a claim's figures
_MAX_PLACES = 32  # places the evidence states one value: more is no bracket table

# which side a qualifier bounds: (from below, from above)
_BOUND = {"max": (False, True), "lt": (False, True), "min": (True, False), "gt": (True, False)}


class _Bound:
    """An interval of one kind of quantity, with the text that states it."""

    __slots__ = ("hi", "kind", "lo", "text")

    def __init__(self, kind: str, lo: Decimal | None, hi: Decimal | None, text: str) -> None:
        self.kind, self.lo, self.hi, self.text = kind, lo, hi, text

    def bounds(self, kind: str) -> bool:
        """Whether this bounds a quantity of ``kind`` (an age is a count of years too)."""
        return kind == self.kind or (kind == "age" and self.kind == "years")

    def holds(self, value: Decimal) -> bool:
        """Whether ``value`` is inside; a value at a bound is, open or not: "break the
        £100 million barrier" for "more than £100 million" says no other bracket."""
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)


def _quantity(f: Figure, text: str) -> tuple[str, Decimal] | None:
    """The kind and size of a figure a bracket can bound: an age or a count of years (in
    years), an amount of money (in its currency); ``None`` for anything else."""
    after, before = text[f.end:f.end + 12], text[max(0, f.start - 8):f.start]
    if f.kind == "duration" and f.unit == "year":
        years = f.value / _MONTHS_PER_YEAR
        return ("age" if _AGE.match(after) else "years"), years
    if f.kind == "number" and _AGED_BEFORE.search(before):
        return "age", f.value
    if f.kind == "money":
        return f.dim, f.value
    return None


def _bounds(p: Parsed, start: int, end: int) -> list[_Bound]:
    """The bounds stated by the figures of ``p`` in ``[start, end)``."""
    figs = [f for f in p.figures if start <= f.start and f.end <= end]
    out: list[_Bound] = []
    used: set[int] = set()
    for a, b in pairwise(figs):
        joined = p.text[a.end:b.start]
        if _RANGE_JOIN.match(joined) and (joined.strip() != "and"
                                          or _BETWEEN.search(p.text[start:a.start])):
            qa = _quantity(a, p.text) or _range_age(a, p.text, start)
            qb = _quantity(b, p.text) or (("age", b.value) if qa and qa[0] == "age" else None)
            if qa is not None and qb is not None and qa[0] in (qb[0], "age"):
                out.append(_Bound(qa[0], qa[1], qb[1], p.text[a.start:b.end]))
                used.update((id(a), id(b)))
    for f in figs:
        if id(f) in used or f.qualifier not in _BOUND:
            continue
        q = _quantity(f, p.text) or _range_age(f, p.text, start)
        if q is None:
            continue
        below, above = _BOUND[f.qualifier]
        out.append(_Bound(q[0], q[1] if below else None, q[1] if above else None,
                          p.text[f.start:f.end]))
    return out


def _range_age(f: Figure, text: str, start: int) -> tuple[str, Decimal] | None:
    """A bare number bounding an age: "children aged 5 to 16", "children under 5"."""
    if f.kind == "number" and _AGE_WORDS.search(text, start, f.start):
        return "age", f.value
    return None


def _clause(p: Parsed, value: Figure) -> tuple[int, int]:
    """Where the clause of ``value`` runs in ``p``: to the next value of its kind or a ";"
    (or the sentence's end) after it, and back to the start of its row when no value of
    its kind comes before it there."""
    sent = next((s for s in p.sentences if s.start <= value.start < s.end), None)
    s_start, s_end = (sent.start, sent.end) if sent is not None else (0, len(p.text))
    semis = [s_start + k for k, ch in enumerate(p.text[s_start:s_end]) if ch == ";"]
    row_start = max([k + 1 for k in semis if k < value.start], default=s_start)
    row_end = min([k for k in semis if k > value.end], default=s_end)
    same = [f for f in p.figures if f.dim == value.dim and f is not value
            and row_start <= f.start < row_end]
    end = min([f.start for f in same if f.start > value.end], default=row_end)
    start = value.start if any(f.start < value.start for f in same) else row_start
    return start, end


def check_brackets(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """``value_swap`` for a claim value the evidence gives only for a bracket that the
    claim's own quantity of that kind falls outside."""
    if any(f.code == "value_swap" for f in out) or len(c.figures) > _MAX_FIGURES:
        return  # a claim with more figures than a sentence about one bracket has
    for v in c.figures:
        if v.qualifier is not None or v.kind not in ("money", "percent"):
            continue  # the values brackets price: fees, rates
        mine = [q for f in c.figures if f is not v and f.qualifier is None
                and (q := _quantity(f, c.text)) is not None]
        if not mine:
            continue
        places = [(p, e) for p in ev.parsed for e in p.figures if e.key == v.key]
        if not places or len(places) > _MAX_PLACES:
            continue
        broken: tuple[str, str] | None = None
        for p, e in places:
            start, end = _clause(p, e)
            bounds = _bounds(p, start, end)
            read = [(b, qty) for b in bounds for kind, qty in mine if b.bounds(kind)]
            outside = [b for b, qty in read if not b.holds(qty)]
            fits = any(b.holds(qty) for b, qty in read)
            if not outside or fits:
                broken = None
                break  # a place that gives the value without a bound the claim breaks
            broken = broken or (outside[0].text, p.text[start:end].strip())
        if broken is not None:
            out.append(Finding("value_swap", "contradiction",
                               f"the evidence gives {v.text!r} for {broken[0]!r} "
                               f"({broken[1]!r}), a bracket the claim's quantity is outside",
                               v.text, broken[1]))
            return

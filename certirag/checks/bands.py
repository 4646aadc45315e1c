"""A frequency or an amount the evidence gives for another band of the day.

Timetables and tariffs give a value per band of hours: "From 07:00 to 19:00, trains run
every 20 minutes; outside those hours they run every hour.", "Between 07:00 and 09:30 a
single costs £5.20; at other times it costs £3.80." A claim that pairs a time with the
value of the other band ("At 10:00 on a weekday, trains run every hour.") states a
frequency the evidence states, in the sentence about the same thing, and our small model
reads it as entailed (P(entailment) 0.80).

:func:`check_bands` reads an evidence sentence with a band ("from T1 to T2", "between T1
and T2"): its clause (up to a ";" or the sentence's end) gives the band's values, and a
clause of the same sentence with "outside those hours", "at other times" or "otherwise"
gives the other values. A claim with one time of day and a frequency (or an amount of
money) that the band's clause does not state, where the claim's time falls inside the band,
is a ``frequency_mismatch`` (a ``value_swap`` for money) when the band's clause states a
value of that kind; and the same when the time falls outside the band and only the band's
clause states the claim's value while the other clause states another.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import TypeVar

from certirag.checks.base import Finding
from certirag.checks.figures import Figure
from certirag.checks.frequency import Frequency, claim_frequencies, read_frequencies
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_bands"]

_OPEN = re.compile(r"\b(?:from|between)\s*$", re.IGNORECASE)
_JOIN = re.compile(r"^\s*(?:to|and|until|till|through|–|-)\s*$", re.IGNORECASE)
_OTHER = re.compile(r"\b(?:outside\s+(?:those|these|the|peak|that|this)\b|at\s+other\s+times"
                    r"|otherwise|at\s+all\s+other\s+times)", re.IGNORECASE)
_DAY = 24 * 60


def _clause(text: str, at: int) -> tuple[int, int]:
    """The ``[start, end)`` of the part of ``text`` between semicolons that holds ``at``."""
    a = text.rfind(";", 0, at) + 1
    b = text.find(";", at)
    return a, len(text) if b < 0 else b


def _inside(t: int, lo: int, hi: int) -> bool:
    return lo <= t < hi if lo <= hi else (t >= lo or t < hi)  # a band over midnight


def _bands(p: Parsed, s: SentInfo) -> list[tuple[int, int, tuple[int, int]]]:
    """Each band of ``s``: its bounds in minutes and its clause (offsets into ``s.text``)."""
    times = sorted((t for t in p.times if s.start <= t.start < s.end), key=lambda t: t.start)
    out: list[tuple[int, int, tuple[int, int]]] = []
    for t1, t2 in pairwise(times):
        if _OPEN.search(p.text[max(s.start, t1.start - 12):t1.start]) and _JOIN.match(
                p.text[t1.end:t2.start]):
            out.append((t1.minutes % _DAY, t2.minutes % _DAY, _clause(s.text, t1.start - s.start)))
    return out


def _money(p: Parsed, a: int, b: int) -> list[Figure]:
    return [f for f in p.figures if f.kind == "money" and a <= f.start < b]


def check_bands(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    """``frequency_mismatch`` / ``value_swap`` (see the module docstring)."""
    if len(c.times) != 1:
        return
    when = c.times[0].minutes % _DAY
    said = claim_frequencies(c)
    money = [f for f in c.figures if f.kind == "money"]
    if not said and not money:
        return
    for p in ev.parsed:
        for s in p.sentences:
            for lo, hi, (a, b) in _bands(p, s):
                other = next(((x, y) for x, y in (_clause(s.text, m.start())
                                                  for m in _OTHER.finditer(s.text))
                              if (x, y) != (a, b)), None)
                freqs = [f for f in read_frequencies(s.text) if not f.weak]
                band = [f for f in freqs if a <= f.start < b]
                rest = [f for f in freqs if other and other[0] <= f.start < other[1]]
                found = _judge(said, band, rest, _inside(when, lo, hi), _agrees)
                if found is not None:
                    f, g = found
                    out.append(Finding(
                        "frequency_mismatch", "contradiction",
                        f"at {c.times[0].text} the evidence gives {g.text!r}, not {f.text!r}",
                        f.text, g.text))
                    return
                band_m = _money(p, s.start + a, s.start + b)
                rest_m = _money(p, s.start + other[0], s.start + other[1]) if other else []
                found_m = _judge(money, band_m, rest_m, _inside(when, lo, hi), _same_money)
                if found_m is not None:
                    m, n = found_m
                    out.append(Finding(
                        "value_swap", "contradiction",
                        f"at {c.times[0].text} the evidence gives {n.text!r}, not {m.text!r}",
                        m.text, n.text))
                    return


def _agrees(f: Frequency, g: Frequency) -> bool:
    return any(r.agrees(q) for r in f.rates for q in g.rates)


def _same_money(a: Figure, b: Figure) -> bool:
    """One amount in one currency ("£4" and "£4.00"; not "£40", nor "$4")."""
    return a.key == b.key


_T = TypeVar("_T")


def _judge(said: list[_T], band: list[_T], rest: list[_T], inside: bool,
           same: Callable[[_T, _T], bool]) -> tuple[_T, _T] | None:
    """A claim value and the value of the claim's band it should have been: inside the
    band, a value the band does not state where it states one; outside, a value only the
    band states where the other clause states another."""
    for f in said:
        if inside and band and not any(same(f, g) for g in band):
            return f, band[0]
        if not inside and rest and any(same(f, g) for g in band) \
                and not any(same(f, g) for g in rest):
            return f, rest[0]
    return None

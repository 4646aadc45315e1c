"""A bare number of the claim that the evidence states in other words: an hour it gives as
a time ("between 8 and 11 in the morning" for "from 8:00 to 11:00", "declared at 3.40" for
"3.40am"), the first day of a range of days ("between 4 and 18 March"), a count word
("two goals" for "scored twice"), "first" before a span of time ("within the first eight
weeks" for "within eight weeks"). Read by the figure check (:mod:`certirag.checks.values`)
before a figure is found ungrounded."""

from __future__ import annotations

import re
from decimal import Decimal

from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence
from certirag.text.calendar_names import MONTHS, alternation

__all__ = ["count_word", "first_span", "hour_stated", "range_day"]

# before a bare hour: "between 8 and 11 in the morning", "from 9 until 5"
_HOUR_BEFORE = re.compile(r"\b(?:at|from|between|until|till|to|and|by|after|before)\s+$",
                          re.IGNORECASE)
# after "3.40", a word that makes it a quantity ("won by 3.40 points"): any word but one
# that goes on about the time ("at 3.40 on Friday", "at 3.40 in the morning")
_NOT_A_TIME = re.compile(r"\s*(?!(?:on|in|at|and|or|to|until|till|that|this|tonight|today|"
                         r"tomorrow|sharp|precisely|exactly)\b)[A-Za-z%]", re.IGNORECASE)
# after a bare hour, the range's end, a time of day: "12.30 to 1.30pm", "9–11am"
_TO_TIME = re.compile(r"\s*(?:to|until|till|[–—-])\s*\d{1,2}(?:[.:]\d\d)?\s*[ap]\.?m\b",
                      re.IGNORECASE)
_COUNT_WORDS = {Decimal(2): re.compile(r"\btwice\b"), Decimal(3): re.compile(r"\bthrice\b")}


def hour_stated(c: Parsed, f: Figure, ev: PreparedEvidence) -> bool:
    """Whether a bare number of the claim is an hour the evidence gives as a time: "between
    8 and 11 in the morning" for "from 8:00 to 11:00", "12.30 to 1.30pm" for "12.30pm to
    1.30pm" (or its afternoon hour on a
    twelve-hour clock, "open until 5" for "until 17:00"), "declared at 3.40" for
    "3.40am"."""
    if f.kind != "number" or not 1 <= f.number < 25:
        return False
    if _HOUR_BEFORE.search(c.text, max(0, f.start - 12), f.start) is None \
            and _TO_TIME.match(c.text, f.end) is None:
        return False  # (not "12.30 to 1.30pm": a range's first time, checks v23)
    # "at 3.40": an hour and its minutes ("declared at 3.40 on Friday" for "3.40am")
    minutes = (f.number % 1) * 100
    if minutes != minutes.to_integral_value() or minutes >= 60 or (
            minutes and (not re.fullmatch(r"\d{1,2}[.:]\d\d", f.text.strip())
                         or _NOT_A_TIME.match(c.text, f.end))):
        return False
    hour = int(f.number) * 60 + int(minutes)
    return hour % 1440 in ev.times or (f.number < 13 and hour + 720 in ev.times)


# the second day and its month after the first day of a range: "between 4 and 18 March"
_RANGE_END = re.compile(r"\s*(?:and|to|until|till|through|[–—-])\s*\d{1,2}(?:st|nd|rd|th)?\s+"
                        r"(?P<m>" + alternation(MONTHS) + r")\b", re.IGNORECASE)


def range_day(c: Parsed, f: Figure, ev: PreparedEvidence) -> bool:
    """Whether a bare number of the claim is the first day of a range of days whose month
    comes after the second ("closed between 4 and 18 March" for "from 4 March to 18
    March"), and the evidence gives that day of that month."""
    if f.kind != "number" or f.number != f.number.to_integral_value() or not 1 <= f.number <= 31:
        return False
    m = _RANGE_END.match(c.text, f.end)
    if m is None:
        return False
    month = MONTHS[m["m"].lower()]
    return any(d.month == month and d.day == f.number for d in ev.dates)


def count_word(f: Figure, ev: PreparedEvidence) -> bool:
    """Whether a count of the claim is a count word of the evidence: "two goals" for
    "scored twice"."""
    word = _COUNT_WORDS.get(f.number)
    return f.kind == "number" and word is not None and word.search(ev.lower_text) is not None


# after "first", a span of time it opens: "the first eight weeks", "their first year"
_SPAN_AFTER = re.compile(r"\s+(?:(?P<n>\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|"
                         r"eleven|twelve)\s+)?(?P<u>minute|hour|day|week|month|year)s?\b",
                         re.IGNORECASE)


def first_span(c: Parsed, f: Figure, ev: PreparedEvidence) -> bool:
    """Whether the claim's "first" opens a span of time the evidence gives ("within the
    first eight weeks after the birth" for "within eight weeks of the child's birth", the
    eight weeks checked as a figure of their own; "survive their first year" for "survival
    after one year") where the evidence ranks nothing: no ordinal of the evidence is a
    rival ("the second year is free" keeps the check), and "the first year" needs a
    duration of one year in the evidence ("free for six months" gives none)."""
    if f.kind != "ordinal" or f.number != 1 or f.text.lower() != "first" \
            or ev.by_dim.get("ordinal"):
        return False
    m = _SPAN_AFTER.match(c.text, f.end)
    if m is None:
        return False
    unit = m["u"].lower()
    return m["n"] is not None or any(g.kind == "duration" and g.unit.rstrip("s") == unit
                                     for g in ev.by_number.get(Decimal(1), ()))

"""Dates, weekdays, times of day and durations (certirag.checks)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certirag.checks import CheckOptions, check_claim
from certirag.checks._text import Spans
from certirag.checks.dates import extract_dates, extract_times

MDY = CheckOptions(date_locale="mdy")


def fields(text: str, locale: str = "dmy") -> list[tuple[int | None, int | None, int | None]]:
    return [d.fields for d in extract_dates(text, locale, Spans())]  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "expected"), [
    ("6 April 2026", (2026, 4, 6)), ("April 6, 2026", (2026, 4, 6)),
    ("6th of April 2026", (2026, 4, 6)), ("2026-04-06", (2026, 4, 6)),
    ("06/04/2026", (2026, 4, 6)), ("06.04.2026", (2026, 4, 6)), ("Apr. 6, 2026", (2026, 4, 6)),
    ("April 2026", (2026, 4, None)), ("6 April", (None, 4, 6)), ("in April", (None, 4, None)),
    ("13/04/2026", (2026, 4, 13)), ("04/13/2026", (2026, 4, 13)),
])
def test_date_formats(text: str, expected: tuple[int | None, int | None, int | None]) -> None:
    assert fields(text) == [expected]


def test_locale_reads_numeric_dates() -> None:
    assert fields("06/04/2026", "dmy") == [(2026, 4, 6)]
    assert fields("06/04/2026", "mdy") == [(2026, 6, 4)]


def test_no_false_months_or_dates() -> None:
    assert fields("You may leave.") == []
    assert fields("May") == []
    assert fields("31/02/2026") == []
    assert fields("The March on Washington") == []
    assert fields("Theresa May spoke.") == []
    assert fields("in May's cabinet") == []
    assert fields("In March Madness") == []
    # after a word of time, "May" and "March" alone are months
    assert fields("Marseille in March") == [(None, 3, None)]
    assert fields("from March to May") == [(None, 3, None), (None, 5, None)]


@pytest.mark.parametrize(("text", "minutes"), [
    ("10:00 a.m.", 600), ("10am", 600), ("10 a.m.", 600), ("14:30", 870), ("2.30pm", 870),
    ("2:30 p.m.", 870), ("noon", 720), ("12 noon", 720), ("midnight", 0), ("12 a.m.", 0),
])
def test_times(text: str, minutes: int) -> None:
    assert [t.minutes for t in extract_times(text, Spans())] == [minutes]


def test_times_do_not_take_decimals() -> None:
    assert extract_times("2.30 per cent", Spans()) == []


_FORMATS_DMY = ["{d} {month} {y}", "{month} {d}, {y}", "{d}{suf} of {month} {y}", "{iso}",
                "{dd}/{mm}/{y}"]


def _suffix(d: int) -> str:
    if d in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")


@settings(max_examples=120, deadline=None)
@given(day=st.dates(min_value=dt.date(1000, 1, 1), max_value=dt.date(2100, 12, 31)))
def test_formats_agree(day: dt.date) -> None:
    values = dict(d=day.day, month=day.strftime("%B"), y=f"{day.year:04d}", suf=_suffix(day.day),
                  iso=day.isoformat(), dd=f"{day.day:02d}", mm=f"{day.month:02d}")
    want = (day.year, day.month, day.day)
    for fmt in _FORMATS_DMY:
        assert fields(fmt.format(**values)) == [want], fmt
    us = f"{day.month:02d}/{day.day:02d}/{day.year:04d}"
    assert fields(us, "mdy") == [want]
    rendered = [fmt.format(**values) for fmt in _FORMATS_DMY]
    assert check_claim(f"It ended on {rendered[1]}.", [f"It ended on {rendered[4]}."]) == []
    assert check_claim(f"It ended on {us}.", [f"It ended on {rendered[0]}."], options=MDY) == []


# --- the date findings ------------------------------------------------------------------

def codes(claim: str, evidence: str, **kw: object) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence], **kw)]  # type: ignore[arg-type]


def test_locale_grounding() -> None:
    assert codes("The deadline is 06/04/2026.", "The deadline is 6 April 2026.") == []
    assert codes("The deadline is 06/04/2026.", "The deadline is June 4, 2026.",
                 options=MDY) == []
    assert codes("The deadline is 06/04/2026.", "The deadline is June 4, 2026.") == [
        "ungrounded_date"]


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    ("It opened on 6 April 2026.", "It opened on 7 April 2026.", ["ungrounded_date"]),
    ("It opened on 6 April 2026.", "It opened in April 2026.", ["date_precision"]),
    ("It opened on 6 April 2026.", "It opened in 2026.", ["date_precision"]),
    ("It opened in April 2026.", "It opened on 6 April 2026.", []),
    ("It opened in 2026.", "It opened on 6 April 2026.", []),
    ("It opened in 2025.", "It opened on 6 April 2026.", ["ungrounded_date"]),
    ("It opened in April.", "It opened on 6 April 2026.", []),
    ("It opened in May 2026.", "It opened on 6 April 2026.", ["ungrounded_date"]),
    ("It opens on Monday.", "It opens on Monday, 6 April 2026.", []),
    ("It opens on a Monday.", "It opens on 6 April 2026.", []),  # 6 April 2026 is a Monday
    ("It opens on Tuesday.", "It opens on 6 April 2026.", ["ungrounded_date"]),
    ("It opens at 10:00 a.m.", "It opens at 10am.", []),
    ("It opens at 11:00 a.m.", "It opens at 10am.", ["ungrounded_date"]),
    ("It opens at noon.", "It opens at 12:00.", []),
])
def test_date_findings(claim: str, evidence: str, expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


def test_year_reported_once() -> None:
    found = check_claim("The tower was finished in 1887.", ["The tower was finished in 1889."])
    assert [(f.code, f.text) for f in found] == [("ungrounded_date", "1887")]


def test_year_grounded_by_a_number_or_the_question() -> None:
    assert codes("There were 2000 staff.", "There were 2,000 staff.") == []
    assert check_claim("It happened in 1999.", ["It happened then."],
                       question="What happened in 1999?") == []


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    ("Reply within 10 working days.", "Reply within 10 days.", ["duration_mismatch"]),
    ("Reply within 10 days.", "Reply within 10 working days.", ["duration_mismatch"]),
    ("Reply within 10 business days.", "Reply within 10 working days.", []),
    ("Reply within 10 working days.", "Reply within 10 working days.", []),
    ("Reply within two weeks.", "Reply within 14 days.", []),
    ("Reply within 3 months.", "Reply within 3 weeks.", ["unit_mismatch"]),
    ("Reply within 28 days.", "Reply within 30 days.", ["ungrounded_figure"]),
    ("The warranty covers a 12-month period.", "The warranty lasts one year.", []),
])
def test_durations(claim: str, evidence: str, expected: list[str]) -> None:
    assert codes(claim, evidence) == expected


def test_duration_mismatch_is_a_contradiction() -> None:
    (f,) = check_claim("Reply within 10 working days.", ["Reply within 10 days."])
    assert f.kind == "contradiction" and f.text == "10 working days"
    assert f.evidence_text == "10 days"

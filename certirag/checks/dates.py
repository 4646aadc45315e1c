"""Calendar dates, weekdays and times of day.

A date is ``(year, month, day)`` with ``None`` for what the text leaves out, so it carries
its precision: ``6 April 2026`` (day), ``April 2026`` (month), ``2026`` (year),
``6 April`` (day, no year), ``April`` (month, no year). Numeric dates ``06/04/2026`` are read
by :attr:`CheckOptions.date_locale` (the other order is tried when the first is impossible).
A time of day is minutes after midnight: ``10:00 a.m.`` = ``10am`` = ``10:00`` = 600,
``noon`` = 720. Bare four-digit years are found with the other figures (see
:mod:`certirag.checks.figures`) so that a year is reported once.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass
from typing import Literal

from certirag.checks._text import Spans, has_any, has_digit
from certirag.text.calendar_names import FRENCH_MONTHS, MONTHS, WEEKDAYS

__all__ = ["WEEKDAYS", "DateRef", "TimeRef", "extract_dates", "extract_times", "holiday_day"]

_MONTHS = {**MONTHS, **FRENCH_MONTHS}

_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November"
          r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?(?![A-Za-z])")
_DAY = r"(?:[12][0-9]|3[01]|0?[1-9])"
_YEAR = r"(?:1[0-9]{3}|20[0-9]{2}|2100)"
_DMY_RE = re.compile(
    rf"(?=[0-9])(?<![0-9.,/])(?P<d>{_DAY})(?:st|nd|rd|th)?(?:\s+of)?\s+(?P<m>{_MONTH})"
    rf"(?:,?\s+(?P<y>{_YEAR})(?![0-9]))?")
_FR_MONTH = (r"(?:janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre"
             r"|octobre|novembre|décembre|decembre)(?![A-Za-zéû])")
_FR_DMY_RE = re.compile(
    rf"(?=[0-9])(?<![0-9.,/])(?P<d>{_DAY}|1er)\s+(?P<m>{_FR_MONTH})"
    rf"(?:\s+(?P<y>{_YEAR})(?![0-9]))?", re.IGNORECASE)
_MDY_RE = re.compile(
    rf"(?P<m>{_MONTH})\s+(?:the\s+)?(?P<d>{_DAY})(?:st|nd|rd|th)?(?![0-9])"
    rf"(?:,?\s+(?P<y>{_YEAR})(?![0-9]))?")
_WEEKDAY_WORD = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
_DAY_RANGE_RE = re.compile(
    rf"(?<![0-9.,/£$€:])(?P<d1>{_DAY})(?:st|nd|rd|th)?\s*(?:to|until|till|through|[-–—])\s*"
    rf"(?:{_WEEKDAY_WORD}\s+)?(?P<d2>{_DAY})(?:st|nd|rd|th)?(?:\s+of)?\s+(?P<m>{_MONTH})"
    rf"(?:,?\s+(?P<y>{_YEAR})(?![0-9]))?")
_MY_RE = re.compile(rf"(?P<m>{_MONTH})(?:,?\s+(?:of\s+)?(?P<y>{_YEAR})(?![0-9]))?")
_ISO_RE = re.compile(
    r"(?=[0-9])(?<![0-9.,/-])(?P<y>[12][0-9]{3})-(?P<m>0?[1-9]|1[0-2])-(?P<d>[0-3]?[0-9])(?![0-9])")
_NUMERIC_RE = re.compile(
    r"(?=[0-9])(?<![0-9.,/-])(?P<a>[0-3]?[0-9])(?P<s>[/.-])(?P<b>[0-3]?[0-9])(?P=s)"
    r"(?P<y>[12][0-9]{3})(?![0-9])")
_NUMERIC_HINT = re.compile(r"[0-9][/.-][0-9]")
_WEEKDAY_RE = re.compile(
    r"\b(?P<w>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b")
_TIME_AMPM_RE = re.compile(
    r"(?=[0-9])(?<![0-9:.,])(?P<h>1[0-2]|0?[1-9])(?:[:.](?P<mi>[0-5][0-9]))?\s?"
    r"(?P<ap>[aApP])\.?\s?[mM](?:\.(?!\w))?(?![A-Za-z])")
# the first hour of a range that gives its meridiem once: "3-4pm", "9.30–11am"
_TIME_RANGE_START_RE = re.compile(
    r"(?=[0-9])(?<![0-9:.,])(?P<h>1[0-2]|0?[1-9])(?:[:.](?P<mi>[0-5][0-9]))?\s?[-–]\s?"
    r"(?=(?P<h2>1[0-2]|0?[1-9])(?:[:.][0-5][0-9])?\s?(?P<ap>[aApP])\.?\s?[mM](?![A-Za-z]))")
_TIME_24_RE = re.compile(
    r"(?=[0-9])(?<![0-9:.,])(?P<h>[01]?[0-9]|2[0-4]):(?P<mi>[0-5][0-9])(?![0-9:])")
_TIME_WORD_RE = re.compile(r"(?:\b12\s+)?\b(?P<w>noon|midday|midnight)\b", re.IGNORECASE)
_SOLO_MONTHS = frozenset({"january", "february", "april", "june", "july", "august",
                          "september", "october", "november", "december"})

# "May" and "March" alone are months after a word of time ("in May", "from March to May",
# "by early March"), and not before a possessive or another name ("in May's cabinet",
# "in March Madness").
_MONTH_AFTER = re.compile(r"\b(?:in|since|until|till|by|from|through|during|last|next|this|"
                          r"early|late|mid|before|after|to|between)[\s-]+$", re.IGNORECASE)
_NOT_MONTH = re.compile(r"['’]s\b|\s+[A-Z]")

Precision = Literal["day", "month", "year", "weekday"]


@dataclass(frozen=True, slots=True)
class DateRef:
    """A date with ``None`` for unstated parts, or a weekday (1 = Monday)."""

    year: int | None
    month: int | None
    day: int | None
    start: int
    end: int
    text: str
    weekday: int | None = None

    @property
    def fields(self) -> tuple[int | None, int | None, int | None]:
        return (self.year, self.month, self.day)

    def show(self) -> str:
        """The date in ISO-like form (``2026-04-06``, ``2026-04``, ``--04-06``)."""
        if self.weekday is not None:
            return self.text
        y = f"{self.year:04d}" if self.year is not None else "-"
        parts = [y]
        if self.month is not None:
            parts.append(f"{self.month:02d}")
        if self.day is not None:
            parts.append(f"{self.day:02d}")
        return "-".join(parts)


@dataclass(frozen=True, slots=True)
class TimeRef:
    """A time of day in minutes after midnight."""

    minutes: int
    start: int
    end: int
    text: str


def _valid(y: int | None, m: int, d: int | None) -> bool:
    if d is None:
        return 1 <= m <= 12
    try:
        _dt.date(y if y is not None else 2000, m, d)  # 2000 is a leap year: 29 Feb is fine
    except ValueError:
        return False
    return True


def extract_dates(text: str, locale: Literal["dmy", "mdy"],
                  taken: Spans) -> list[DateRef]:
    """Dates and weekdays in ``text`` outside the ``taken`` spans (which grow with the ones
    found)."""
    out: list[DateRef] = []

    def add(y: int | None, m: int | None, d: int | None, s: int, e: int,
            weekday: int | None = None) -> None:
        if taken.take(s, e):
            out.append(DateRef(y, m, d, s, e, text[s:e], weekday))

    if has_digit(text):
        for mt in _ISO_RE.finditer(text) if "-" in text else ():
            y, m, d = int(mt["y"]), int(mt["m"]), int(mt["d"])
            if _valid(y, m, d):
                add(y, m, d, *mt.span())
        for mt in _NUMERIC_RE.finditer(text) if _NUMERIC_HINT.search(text) else ():
            a, b, y = int(mt["a"]), int(mt["b"]), int(mt["y"])
            d, m = (a, b) if locale == "dmy" else (b, a)
            if not _valid(y, m, d):
                d, m = m, d
            if _valid(y, m, d):
                add(y, m, d, *mt.span())
    if _has_month(text):
        # the first day of a range that gives its month once: "Monday 4 to Friday 22
        # March", "4–22 March" (checks v22)
        for mt in _DAY_RANGE_RE.finditer(text):
            month = _MONTHS[mt["m"].rstrip(".").lower()]
            year = int(mt["y"]) if mt["y"] else None
            if _valid(year, month, int(mt["d1"])) and _valid(year, month, int(mt["d2"])) \
                    and int(mt["d1"]) < int(mt["d2"]):
                add(year, month, int(mt["d1"]), *mt.span("d1"))
        for rx in (_DMY_RE, _MDY_RE):
            for mt in rx.finditer(text):
                month = _MONTHS[mt["m"].rstrip(".").lower()]
                day = int(mt["d"])
                year = int(mt["y"]) if mt["y"] else None
                if _valid(year, month, day):
                    add(year, month, day, *mt.span())
        for mt in _MY_RE.finditer(text):  # English month names only
            name = mt["m"].rstrip(".").lower()
            if not mt["y"] and name not in _SOLO_MONTHS and not (
                    name in ("may", "march") and _MONTH_AFTER.search(text, 0, mt.start())
                    and not _NOT_MONTH.match(text, mt.start("m") + len(name))):
                continue  # "May", "March", "Jan" alone are too often not months
            add(int(mt["y"]) if mt["y"] else None, _MONTHS[name], None, *mt.span())
    if _FR_HINT.search(text):
        for mt in _FR_DMY_RE.finditer(text):
            month = _MONTHS[mt["m"].lower()]
            day = 1 if mt["d"] == "1er" else int(mt["d"])
            year = int(mt["y"]) if mt["y"] else None
            if _valid(year, month, day):
                add(year, month, day, *mt.span())
    if _HOLIDAY_HINT.search(text):
        for mt in _HOLIDAY_RE.finditer(text):  # "Christmas Day" is 25 December (checks v22)
            month, day = _HOLIDAY_DAYS[_holiday_key(mt[0])]
            add(None, month, day, *mt.span())
    if _ABBR_HINT.search(text):
        for mt in _ABBR_RUN_RE.finditer(text):  # "Mon–Sat", "Tue & Thu" (checks v22)
            for w in _ABBR_RE.finditer(text, mt.start(), mt.end()):
                add(None, None, None, *w.span(), weekday=_ABBR[w["a"].lower()])
    if "day" in text:
        for mt in _WEEKDAY_RE.finditer(text):
            if _IN_NAME.search(text, 0, mt.start()):
                continue  # "Hey Monday", "Blue Monday": part of a name
            add(None, None, None, *mt.span(), weekday=WEEKDAYS[mt["w"].lower()])
    return out


# Holidays of a fixed day: the day they name (keys as :func:`_holiday_key` writes them).
_HOLIDAY_DAYS = {"christmas eve": (12, 24), "christmas day": (12, 25), "christmas": (12, 25),
                 "boxing day": (12, 26), "year eve": (12, 31), "year day": (1, 1),
                 "valentine day": (2, 14), "halloween": (10, 31)}


def _holiday_key(name: str) -> str:
    """``name`` in lower case, one space between words, no "'s" and no leading "new"
    ("New Year’s Eve", "new year eve" and "Year Eve" are one key)."""
    key = re.sub(r"\s+", " ", name.lower().replace("’", "'")).replace("'s", "").strip()
    return key.removeprefix("new ")


def holiday_day(name: str) -> tuple[int, int] | None:
    """The (month, day of month) of the holiday of a fixed day that ``name`` names
    ("Christmas Day", "New Year's Eve", "Halloween"), or None."""
    return _HOLIDAY_DAYS.get(_holiday_key(name))
_HOLIDAY_HINT = re.compile(r"Christmas|Boxing|New Year|Valentine")
_HOLIDAY_RE = re.compile(r"\b(?:Christmas (?:Eve|Day)|Boxing Day|New Year['’]s (?:Eve|Day)|"
                         r"Valentine['’]s Day)\b")


# Weekdays abbreviated, read only two or more together, in a range or a list ("Open
# Mon–Sat 8:30–17:30", "Tue, Thu & Sat"): "Sat" or "Sun" alone is too often a word.
_ABBR = {"mon": 1, "tue": 2, "tues": 2, "wed": 3, "thu": 4, "thur": 4, "thurs": 4, "fri": 5,
         "sat": 6, "sun": 7}
_ABBR_ONE = r"(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\.?"
_ABBR_HINT = re.compile(rf"\b{_ABBR_ONE}\s*(?:[-–—/&,]|to\b|and\b)")
_ABBR_RUN_RE = re.compile(rf"(?<![\w-]){_ABBR_ONE}(?:\s*(?:[-–—/&,]|to|and)\s*{_ABBR_ONE})+"
                          r"(?![\w-])")
_ABBR_RE = re.compile(r"(?P<a>Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\.?")


_FR_HINT = re.compile(r"[0-9](?:er)?\s+(?:janv|f[ée]vr|mars|avril|mai|juin|juil|ao[ûu]t|sept|"
                      r"oct|nov|d[ée]c)", re.IGNORECASE)
# A capitalised word (not a preposition, a sentence start or a feast such as "Easter
# Sunday", which is still a Sunday) right before a weekday.
_IN_NAME = re.compile(r"(?<![.!?]\s)\b(?!(?:On|Every|Next|Last|This|By|Until|Till|From|"
                      r"Each|Before|After|And|Or|To|Through|Since|Between|Of|The|A|Sunday|Monday|"
                      r"Tuesday|Wednesday|Thursday|Friday|Saturday|Open|Closed|Shut|Due|Only|Except|"
                      r"Including|Starting|Ending|Opens|Closes|Easter|Palm|Good|Ash|Shrove|Maundy|Holy|"
                      r"Black|Cyber|Super)\b)[A-Z][a-z]+(?<!ed)\s+$")
_MONTH_HINTS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                "Dec")


def _has_month(text: str) -> bool:
    return has_any(text, _MONTH_HINTS)


def extract_times(text: str, taken: Spans) -> list[TimeRef]:
    """Times of day in ``text`` outside the ``taken`` spans (which grow)."""
    out: list[TimeRef] = []
    digits = has_digit(text)
    if digits:
        for mt in _TIME_RANGE_START_RE.finditer(text):
            h, h2 = int(mt["h"]) % 12, int(mt["h2"]) % 12
            pm = mt["ap"].lower() == "p"
            # "3-4pm" runs from 3pm, "11-1pm" from 11am, "11-2am" from 11pm
            if pm == (h <= h2):
                h += 12
            minutes = (h * 60 + int(mt["mi"] or 0)) % 1440
            end = mt.end("mi") if mt["mi"] else mt.end("h")
            if taken.take(mt.start(), end):
                out.append(TimeRef(minutes, mt.start(), end, text[mt.start():end]))
        for mt in _TIME_AMPM_RE.finditer(text):
            h = int(mt["h"]) % 12
            if mt["ap"].lower() == "p":
                h += 12
            minutes = h * 60 + int(mt["mi"] or 0)
            if taken.take(*mt.span()):
                out.append(TimeRef(minutes, *mt.span(), mt.group()))
        if ":" in text:  # 14:30
            for mt in _TIME_24_RE.finditer(text):
                minutes = (int(mt["h"]) * 60 + int(mt["mi"])) % 1440
                if taken.take(*mt.span()):
                    out.append(TimeRef(minutes, *mt.span(), mt.group()))
    if "oon" in text or "idday" in text or "idnight" in text or "OON" in text:
        for mt in _TIME_WORD_RE.finditer(text):
            minutes = 0 if mt["w"].lower() == "midnight" else 720
            if taken.take(*mt.span()):
                out.append(TimeRef(minutes, *mt.span(), mt.group()))
    return out

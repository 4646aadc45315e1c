"""A booking on a day the evidence keeps for walk-ins.

"Is Sharp & Steady open on a Sunday morning? I'd like to book ahead." answered "They're
open on Sundays from 10am to 2pm, and you can book your slot online ahead of time."
against "Sunday: 10am–2pm, walk-ins only. Appointments can be booked online for Tuesday
to Saturday.": the booking sentence holds every word of the claim but the day, and our
small model reads it as entailed (P(entailment) 0.53).

:func:`check_walkins` finds a claim sentence that has the asker book, reserve or make an
appointment (not negated) where the days it is about — the claim's own weekdays, or,
when it names none, the question's — are all days an evidence sentence keeps for
walk-ins ("Sunday: walk-ins only", "no appointments on Saturdays", "Mondays are first
come, first served"): ``modal_mismatch``, a contradiction.
"""

from __future__ import annotations

import re

from certirag.checks._text import STOP, stems_of
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.text.calendar_names import WEEKDAYS

__all__ = ["check_walkins", "weekdays_in"]

_DAY = r"(?:" + "|".join(WEEKDAYS) + r")"
_DAY_RE = re.compile(rf"\b({_DAY})s?\b", re.IGNORECASE)
_RANGE_RE = re.compile(rf"\b({_DAY})s?\s*(?:to|through|until|–|-)\s*({_DAY})s?\b",
                       re.IGNORECASE)
# what keeps a day for walk-ins: "walk-ins only", "by walk-in only", "drop-in only", "no
# appointments", "bookings are not taken", "cannot be booked", "first come, first served"
_WALKIN = re.compile(
    r"\b(?:walk|drop)[- ]?ins?\s+only\b|\bno\s+(?:appointments?|bookings?|reservations?)\b"
    r"(?!\s+(?:is\s+|are\s+)?(?:needed|necessary|required))|"
    r"\b(?:appointments?|bookings?|reservations?)\s+(?:are|is)\s+not\s+(?:taken|accepted|"
    r"available|possible)\b|\b(?:can\s*not|can['’]t)\s+be\s+(?:booked|reserved|pre-?booked)\b|"
    r"\bfirst[- ]come,?\s+first[- ]served\b", re.IGNORECASE)
# the asker books: "you can book your slot online", "reserve a lane", "make an appointment"
_BOOK = re.compile(r"\b(?:pre-?)?book(?:s|ed|ing)?\b|\breserv(?:e|es|ed|ing|ation)\b|"
                   r"\bappointments?\b", re.IGNORECASE)
# a stop between two parts of a timetable ("… 8am–4pm. Sunday: …"; "…; Sunday: …"), not
# the stops of "10 a.m."
_STOP = re.compile(r"\.\s+(?=[A-Z])|;")
# a claim that speaks of walking in itself
_WALKS = re.compile(r"\b(?:walk|drop)[- ]?ins?\b|\bturn\s+up\b|\bjust\s+(?:come|pop)\b",
                    re.IGNORECASE)
# a sentence that lets a thing be booked: "The function room can be booked any day."
_BOOKABLE = re.compile(r"\bcan\s+(?:be\s+)?(?:pre-?)?(?:booked|reserved)\b|\bby\s+appointment\b",
                       re.IGNORECASE)
_BOOK_WORDS = stems_of("book booked booking reserve reserved reservation appointment "
                       "appointments walk-in walk-ins walk ins drop-in online ahead advance "
                       "slot first come served only can day days", STOP)
_NEGATED = re.compile(r"\b(?:no|not|never|without|cannot|nor)\b|n['’]t\b", re.IGNORECASE)


def weekdays_in(text: str) -> frozenset[int]:
    """The ISO numbers of the weekdays ``text`` names, a run of days ("Tuesday to
    Saturday") giving every day of it."""
    days = {WEEKDAYS[m[1].lower()] for m in _DAY_RE.finditer(text)}
    for m in _RANGE_RE.finditer(text):
        a, b = WEEKDAYS[m[1].lower()], WEEKDAYS[m[2].lower()]
        days.update(range(a, b + 1) if a <= b else [*range(a, 8), *range(1, b + 1)])
    return frozenset(days)


def check_walkins(c: Parsed, ev: PreparedEvidence, q: Question,
                  out: list[Finding]) -> None:
    """``modal_mismatch``: the claim books a day the evidence keeps for walk-ins (see the
    module docstring). A part of a timetable that names a booking before its walk-ins
    ("Bookings for Sundays open on Monday. Walk-ins only …") keeps no day."""
    kept = ev.derived("walkins.kept", lambda e: [
        (x, m, days, _own_words(part, m)) for x in e.sentences
        if (m := _WALKIN.search(x.text)) is not None
        and _BOOK.search((part := _clause(x.text, m))[:part.find(m[0])]) is None
        and (days := weekdays_in(part))])
    if not kept:
        return
    for s in c.sentences:
        book = _BOOK.search(s.text)
        if book is None or _NEGATED.search(s.text) is not None or _WALKS.search(s.text):
            continue  # ("On Sunday walk-ins are welcome, and you can book for other days")
        days = weekdays_in(_clause(s.text, book)) or weekdays_in(q.text)
        if not days:
            continue
        words = stems_of(s.text, STOP)
        if any(_BOOKABLE.search(x.text) and len(words & x.content - _BOOK_WORDS) >= 2
               for x in ev.sentences):
            continue  # ("The function room can be booked any day.": the claim's thing)
        for x, m, walk_in, own in kept:
            if days <= walk_in and (not own or own & words):
                out.append(Finding(
                    "modal_mismatch", "contradiction",
                    f"the evidence keeps {_names(days)} for walk-ins ({m[0].strip()!r}): "
                    f"{x.text.strip()!r}", s.text, x.text))
                return


def _own_words(part: str, m: re.Match[str]) -> frozenset[str]:
    """The content stems of a timetable part besides its days, times and walk-in words:
    what the walk-ins are for ("Our restaurant is first come, first served on Saturdays":
    the restaurant; "Sunday: 10am–2pm, walk-ins only": nothing, the whole service)."""
    rest = _DAY_RE.sub(" ", part.replace(m[0], " "))
    return stems_of(re.sub(r"\S*\d\S*", " ", rest), STOP) - _BOOK_WORDS


def _clause(text: str, m: re.Match[str]) -> str:
    """The part of ``text`` around ``m`` between stops and semicolons: "Sunday: 10am–2pm,
    walk-ins only" of a timetable written as one sentence."""
    start = max((b.end() for b in _STOP.finditer(text, 0, m.start())), default=0)
    end = _STOP.search(text, m.end())
    return text[start:end.start() if end else len(text)]


def _names(days: frozenset[int]) -> str:
    names = {n: w.capitalize() for w, n in WEEKDAYS.items()}
    return " and ".join(names[d] for d in sorted(days))

"""Figures: amounts of money, percentages, measures, durations, plain and spelled numbers and
ordinals, each with an exact canonical value and the qualifier that binds it.

A bare four-digit number from 1000 to 2100 (no separators, no unit) is a year and is returned
as a :class:`~certirag.checks.dates.DateRef` instead, so it is reported once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from certirag.checks._text import Spans, has_any
from certirag.checks.dates import DateRef
from certirag.checks.money import currency_after, currency_before
from certirag.checks.numbers import (
    NUMBER_RE,
    SPELLED_HINTS,
    SPELLED_RE,
    parse_number,
    parse_spelled,
)
from certirag.checks.qualifiers import (
    age_group_bound,
    deadline_qualifier,
    qualifier_after,
    qualifier_before,
    up_to_deadline,
)
from certirag.checks.units import duration_after, unit_after

__all__ = ["Figure", "extract_figures"]


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure found in a text.

    ``kind`` is ``money``, ``percent``, ``measure``, ``duration``, ``number`` or ``ordinal``;
    ``dim`` is what it is compared within (``money:GBP``, ``percent``, ``mass``, ``days`` …);
    ``value`` is canonical (converted to the dimension's base unit); ``number`` is the value
    as written with its magnitude (``£5m`` → 5000000) and ``mantissa``/``scale`` split it
    (5 and 6); ``unit`` names the unit or currency as written; ``day_class`` is ``working``,
    ``clear`` or ``school`` for such days; ``qualifier`` is the class of a bounding word;
    ``per`` is the period of a rate (``£150 per night``, ``5% a year``: ``night``, ``year``),
    or ``person`` for an amount for each person (``£3,000 per person``, ``€35 per passenger``).
    """

    kind: str
    dim: str
    value: Decimal
    number: Decimal
    mantissa: Decimal
    scale: int
    unit: str
    day_class: str
    qualifier: str | None
    start: int
    end: int
    text: str
    per: str = ""

    @property
    def key(self) -> tuple[str, Decimal, str]:
        """What two figures must share to be the same figure."""
        return (self.dim, self.value, self.day_class)

    def describe(self) -> str:
        """A short human name for the kind of figure."""
        return {"money": "amount", "percent": "percentage", "measure": "measure",
                "duration": "duration", "ordinal": "ordinal"}.get(self.kind, "number")


_MAGNITUDE_RE = re.compile(
    r"(?:\s?(?P<s>bn|mn|tn|k|K|M|b|m)(?![A-Za-z])"
    r"|\s?(?P<w>thousand|million|billion|trillion|quadrillion)"
    r"(?![A-Za-z]))")  # "£1billion" as newspapers write it, too
_SCALES = {"k": 3, "K": 3, "thousand": 3, "m": 6, "M": 6, "mn": 6, "million": 6, "b": 9,
           "bn": 9, "billion": 9, "tn": 12, "trillion": 12, "quadrillion": 15}
_PERCENT_RE = re.compile(
    r"\s?(?:(?P<pct>%)|per\s?cent(?![A-Za-z])|percent(?![A-Za-z])"
    r"|(?P<pp>percentage\s+points?|pp(?![A-Za-z])|p\.p\.))",
    re.IGNORECASE,
)
_ORDINAL_RE = re.compile(r"(?:st|nd|rd|th)(?![A-Za-z])")
_ARTICLE_RE = re.compile(r"(?<![\w-])(?P<n>an?|one)\s+(?=[A-Za-z])", re.IGNORECASE)
# "a second man", "a second time": an ordinal, not one second ("a second later", "in a
# second or two").
_ORDINAL_SECOND_RE = re.compile(
    r"second\s+(?!(?:later|ago|or|and|of|before|after|too|to|for|in|on|at|the|a|an|per|"
    r"longer|earlier|faster|slower)\b)[A-Za-z]")
# A claim's "first" ending its clause, "… check with your doctor first.", or before a verb,
# "Everyone first completes an induction.", is an adverb of order; a place in a ranking
# keeps it ("she came first", "finished first", "the first", "her first novels").
_FIRST_ADVERB = re.compile(r"first(?=\s*(?:[.,;:!?)]|$)|\s+(?:and|then|before|so|if|when)\b|"
                           # "ring them first on 01632 …" (checks v24)
                           r"\s+(?:on|via|by)\s+(?:0|\+|\d{3})|"
                           # a finite verb: "-s", "-ed" or a modal (a plural noun after
                           # "first" has a determiner before it: _FIRST_PLACE)
                           r"\s+(?:[a-z]+(?:s|ed)|need|must|should|will|can|had|went|took|"
                           r"made|came)\b)",
                           re.IGNORECASE)
# "It is not the first time …", "wasn't the first time": an idiom of a repeat, no rank
_NOT_FIRST_TIME = re.compile(r"(?:\bnot|n['’]t)\s+(?:the\s+)?first\s+time\b", re.IGNORECASE)
_FIRST_PLACE = re.compile(r"\b(?:the|a|his|her|their|its|our|my|your|be|is|was|were|are|"
                          r"been|being|come|comes|came|finish\w*|rank\w*|plac\w*|end\w*|"
                          r"cross\w*|arriv\w*|vot\w*|list\w*)\s+$|\w['’]s?\s+$", re.IGNORECASE)
# A noun a number after it places in a series: "season four", "Book 3", "episode 12".
_NUMBERED = re.compile(r"\b(?:season|series|book|chapter|episode|volume|vol\.|part|phase|"
                       r"stage|round|act|movement|instalment|installment)\s+$", re.IGNORECASE)
_LIST_MARK_RE = re.compile(r"\s*(?:[0-9]{1,2}[.)]|\(?[0-9]{1,2}\))\s")


def extract_figures(text: str, taken: Spans, *, decimal_comma: bool | None, claim: bool
                    ) -> tuple[list[Figure], list[DateRef]]:
    """Figures and bare years in ``text`` outside the ``taken`` spans (which grow).

    With ``claim=True`` the reading is stricter about words that are often not numbers
    (a lone ``one``, ``second`` after ``a``/``per``, a leading list number); evidence is read
    generously (``a week`` = one week)."""
    figures: list[Figure] = []
    years: list[DateRef] = []
    cands: list[tuple[int, int, Decimal, bool, bool]] = []  # start, end, value, spelled, ordinal
    skip_to = 0
    if "24" in text:
        for m in _ALL_HOURS.finditer(text):  # "24/7" is 24 hours a day, no count of 24 or 7
            hours = _duration_as(24, "hours", m, claim, None)
            if hours is not None and taken.take(m.start(), m.end()):
                figures.append(hours)
    if claim:
        lm = _LIST_MARK_RE.match(text)
        if lm:
            skip_to = lm.end()
    for m in NUMBER_RE.finditer(text):
        if m.start() < skip_to:
            continue
        value = parse_number(m.group(), decimal_comma)
        if value is not None:
            cands.append((m.start(), m.end(), value, False, False))
    if has_any(text.lower(), SPELLED_HINTS):
        for m in SPELLED_RE.finditer(text):
            for s, e, value, ordinal in parse_spelled(m.group()):
                cands.append((m.start() + s, m.start() + e, value, True, ordinal))
    if not claim:
        for m in _ARTICLE_RE.finditer(text):
            if m["n"].lower() != "one" and not _ORDINAL_SECOND_RE.match(text, m.end()):
                cands.append((m.start(), m.start() + len(m["n"]), Decimal(1), True, False))
    for f in [*_clock_durations(text), *_halves(text, claim), *_unit_long(text, claim),
              *_unit_fractions(text, claim)]:
        if taken.take(f.start, f.end):
            figures.append(f)
    extra = [f for f in _fractions(text, claim=claim) if taken.free(f.start, f.end)]
    if claim:  # a claim's "a fifth" is 20%, never the ordinal 5
        extra = [f for f in extra if taken.take(f.start, f.end)]
    cands.sort(key=lambda c: c[0])
    asked = _asked_unit(text) if claim else None
    for start, end, value, spelled, ordinal in cands:
        if not taken.free(start, end) or (claim and spelled and ordinal and _FIRST_ADVERB.match(
                text, start) and not _FIRST_PLACE.search(text, max(0, start - 24), start)):
            continue  # "check with your doctor first": an adverb of order, no rank
        if claim and spelled and ordinal and _NOT_FIRST_TIME.search(
                text, max(0, start - 24), end + 6):
            continue  # "It is not the first time he has …": it has happened before (v21)
        if asked is not None and start >= asked[0] and not text[end:].strip(" .!"):
            # a bare number replying "How many days …?" counts days
            got = _classify(text[start:end] + " " + asked[1], 0, end - start, value,
                            spelled, ordinal, claim)
            if isinstance(got, Figure):
                got = replace(got, start=start, end=end, text=text[start:end])
        else:
            got = _classify(text, start, end, value, spelled, ordinal, claim)
        if got is None:
            continue
        if isinstance(got, DateRef):
            if taken.take(got.start, got.end):
                years.append(got)
            continue
        if taken.take(got.start, got.end):
            figures.append(got)
    return _compound_durations(text, figures) + extra, years


# (not a date, "on 24/7", nor a size, "24/7 cm")
_ALL_HOURS = re.compile(r"(?<![\w/.])(?<!\bon\s)24/7(?![\w/]|\s*(?:cm|mm|m|in)\b)")


# the larger unit first: "3 hours 10 minutes", "2 years and 6 months", "1 week, 2 days"
_UNIT_RANK = {"century": 5, "decade": 4, "year": 3, "month": 2, "week": 1, "fortnight": 1,
              "day": 0, "hour": 2, "minute": 1, "second": 0}
_COMPOUND_GAP = re.compile(r"\s*(?:,|and)?\s*")


def _compound_durations(text: str, figures: list[Figure]) -> list[Figure]:
    """Durations written in two units read as one ("3 hours 10 minutes" is 190 minutes,
    "3 hours 10" too), so that each equals its total written another way ("190 minutes")
    and no part is read as a figure of its own."""
    out: list[Figure] = []
    for f in sorted(figures, key=lambda g: g.start):
        prev = out[-1] if out else None
        if prev is None or prev.kind != "duration" or \
                _COMPOUND_GAP.fullmatch(text, prev.end, f.start) is None:
            out.append(f)
            continue
        if f.kind == "duration" and f.dim == prev.dim and f.day_class == prev.day_class \
                and _UNIT_RANK.get(prev.unit, -1) > _UNIT_RANK.get(f.unit, 9):
            extra = f.value
        elif f.kind == "number" and prev.unit == "hour" and f.value < 60 \
                and f.value == f.value.to_integral_value():
            extra = f.value * 60  # "3 hours 10": ten minutes
        else:
            out.append(f)
            continue
        out[-1] = replace(prev, value=prev.value + extra, end=f.end, text=text[prev.start:f.end])
    return out


# A race or running time, hours:minutes:seconds ("ran 2:01:39"; a time of day gives no
# seconds in prose, so three parts read as a duration), or minutes:seconds past 23 minutes
# ("won in 41:07", which no time of day is).
_CLOCK_RE = re.compile(r"(?<![\w:.])(?:(?P<h>\d{1,2}):)?(?P<m>\d{1,3}):(?P<s>[0-5]\d)(?![\w:])")

_AT_RE = re.compile(r"\b(?:at|by|from|until|till)\s+$", re.IGNORECASE)
_DAYTIME_RE = re.compile(r"\s*(?:[ap]\.?m\.?(?![a-z])|UTC|GMT|[A-Z]{2,4}T\b|local\b|hours?\b)",
                         re.IGNORECASE)


def _clock_durations(text: str) -> list[Figure]:
    """Durations written h:mm:ss or mm:ss, in seconds, so that "2:01:39" and "2:02:57"
    differ by "78 seconds" and equal "two hours, one minute and 39 seconds"."""
    out: list[Figure] = []
    if ":" not in text:
        return out
    for m in _CLOCK_RE.finditer(text):
        if _AT_RE.search(text, max(0, m.start() - 6), m.start()) or \
                _DAYTIME_RE.match(text, m.end()):
            continue  # "at 12:30:00", "12:30:00 UTC": a time of day
        if m["h"] is None and int(m["m"]) < 24:
            continue  # "10:30" is a time of day; "41:07" (minutes and seconds) is none
        if m["h"] is not None and int(m["m"]) > 59:
            continue
        secs = Decimal(int(m["h"] or 0) * 3600 + int(m["m"]) * 60 + int(m["s"]))
        out.append(_figure("duration", "seconds", secs, secs, secs, 0, "second", "", text,
                           m.start(), m.end()))
    return out


_FRACTION_RE = re.compile(
    r"(?<![\w-])(?P<n>a|one|two|three|four)[\s-]+(?P<d>half|halves|thirds?|quarters?|fifths?)"
    r"(?![\w-])", re.IGNORECASE)
_NUMERATOR = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_DENOMINATOR = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4,
                "fifth": 5, "fifths": 5}


# After a fraction, what shows it is one ("a fifth of", "rose by a fifth last year"), not an
# ordinal before its noun ("won a fifth title").
_FRACTION_AFTER = re.compile(r"\s+of\b|\s*(?:[.,;:!?)]|$)|\s+(?:last|this|next|in|on|since|"
                             r"over|from|to|compared|year|a|an|the|between|after|before)\b")


# "nine in ten", "3 out of 4": a ratio in words (checks v19)
_RATIO_RE = re.compile(r"(?<![\w.,-])(?P<n>one|two|three|four|five|six|seven|eight|nine|\d{1,2})"
                       r"\s+(?:in|out\s+of)\s+(?P<d>two|three|four|five|ten|\d{1,3})(?![\w-]|[.,]\d)"
                       # not "one in two hundred", "2 in 5 minutes": a scale or a span
                       r"(?!\s+(?:hundred|thousand|million|billion|seconds?|minutes?|hours?|"
                       r"days?|weeks?|months?|years?|games?|matches|attempts?|goes|tries)\b)",
                       re.IGNORECASE)


def _ratio(m: re.Match[str]) -> tuple[int, int]:
    def n(word: str) -> int:
        return int(word) if word.isdigit() else _SMALL[word.lower()]
    return n(m["n"]), n(m["d"])


def _fractions(text: str, *, claim: bool = False) -> list[Figure]:
    """What a fraction states as a percentage: "three quarters of the population" is 75%
    of it, "nine in ten recipients" 90% of them. In the evidence the words themselves are
    read as before too (a claim's "75%" is grounded by either); in a claim only a fraction
    that reads as one ("a fifth of", "rose by a fifth last year", not "a fifth title") is
    taken, as the percentage alone."""
    out = []
    # a claim's ratio only in words with "in" ("nine in ten"): "four out of five away
    # games", "15 in 20 versus Atletico" are counts the evidence may give apart
    found = [(m, *_ratio(m)) for m in _RATIO_RE.finditer(text)
             if not claim or (not m["n"].isdigit() and not m["d"].isdigit()
                              and " in " in m.group(0).lower())]
    found += [(m, _NUMERATOR[m["n"].lower()], _DENOMINATOR[m["d"].lower()])
              for m in _FRACTION_RE.finditer(text)
              if not claim or _FRACTION_AFTER.match(text, m.end())]
    for m, num, den in found:
        if num >= den or den == 0:
            continue
        pct = Decimal(100 * num) / Decimal(den)
        if pct != pct.to_integral_value():
            continue  # two thirds is no whole percentage a claim would round to
        pct = pct.to_integral_value()
        out.append(_figure("percent", "percent", pct, pct, pct, 0, "%", "", text, m.start(),
                           m.end()))
    return out


_SMALL = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_N = r"\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten"
# "two and a half metres", "a metre and a half", "half an hour": a measure with a half
_HALF_RE = re.compile(
    rf"(?<![\w-])(?:(?P<n1>{_N})\s+and\s+a\s+half(?=\s)"
    rf"|(?P<n2>{_N})\s+(?P<u2>[a-z]+)\s+and\s+a\s+half(?![\w-])"
    r"|half\s+an?(?=\s))", re.IGNORECASE)


def _halves(text: str, claim: bool) -> list[Figure]:
    """Measures, durations and magnitudes with a half in words, read as the decimal: "two
    and a half metres" (2.5 m), "a metre and a half" (1.5 m), "half an hour" (0.5 hours),
    "two and a half million" (2,500,000), so that they equal "2.5 m", "1.5 m", "30 minutes"
    and "2.5m" (and "a half" in them is no 50%)."""
    out: list[Figure] = []
    if "half" not in text.lower():
        return out
    for m in _HALF_RE.finditer(text):
        n = m["n1"] or m["n2"]
        whole = Decimal(0) if n is None else (
            Decimal(n) if n.isdigit() else Decimal(_SMALL[n.lower()]))
        number = f"{whole + Decimal('0.5')}"
        rest = f" {m['u2']}" if m["u2"] else text[m.end():]
        got = _classify(number + rest, 0, len(number), Decimal(number), False, False, claim)
        if not isinstance(got, Figure) or not (got.kind in ("measure", "duration", "money")
                                               or got.scale):
            continue  # "two and a half times", "half a dozen": no measure
        end = m.end() if m["u2"] else m.end() + got.end - len(number)
        out.append(replace(got, start=m.start(), end=end, text=text[m.start():end],
                           qualifier=qualifier_before(text, m.start()) or got.qualifier))
    return out


# "three-quarters of an hour", "a quarter of an hour", "a third of a year": a duration
_UNIT_FRACTION_RE = re.compile(
    r"(?<![\w-])(?P<n>a|one|two|three)[\s-]+(?P<d>thirds?|quarters?)\s+of\s+an?\s+"
    r"(?P<u>hour|day|year)\b", re.IGNORECASE)
_SMALLER_UNIT = {"hour": (60, "minutes"), "day": (24, "hours"), "year": (12, "months")}


def _unit_fractions(text: str, claim: bool) -> list[Figure]:
    """A fraction of an hour, a day or a year, read as the whole number of the smaller unit
    it is: "three-quarters of an hour" is 45 minutes, "a third of a year" four months (and
    no 75% or 33%)."""
    out: list[Figure] = []
    if " of a" not in text.lower():
        return out
    for m in _UNIT_FRACTION_RE.finditer(text):
        per, unit = _SMALLER_UNIT[m["u"].lower()]
        amount = Decimal(per * _NUMERATOR[m["n"].lower()]) / _DENOMINATOR[m["d"].lower()]
        if amount != amount.to_integral_value() or amount >= per:
            continue
        got = _duration_as(int(amount), unit, m, claim, qualifier_before(text, m.start()))
        if got is not None:
            out.append(got)
    return out


def _duration_as(number: int, unit: str, m: re.Match[str], claim: bool,
                 qualifier: str | None) -> Figure | None:
    """The duration ``number`` ``unit`` ("45 minutes") as the words ``m`` write it
    ("three-quarters of an hour", "hour-long", "24/7"), with ``qualifier``; None where
    the unit is no duration."""
    got = _classify(f"{number} {unit}", 0, len(str(number)), Decimal(number), False, False,
                    claim)
    if not isinstance(got, Figure) or got.kind != "duration":
        return None
    return replace(got, start=m.start(), end=m.end(), text=m[0], qualifier=qualifier)


# (a session's length only: "a year-long relationship" is read as the evidence words it)
_UNIT_LONG_RE = re.compile(r"(?<![\w-])(?:an?\s+)?(?P<u>minute|hour)-long\b", re.IGNORECASE)


def _unit_long(text: str, claim: bool) -> list[Figure]:
    """One minute or hour written "hour-long" ("hour-long ones for $70"), with or without
    its article, so that it equals "60-minute" (checks v22)."""
    out: list[Figure] = []
    if "-long" not in text:
        return out
    for m in _UNIT_LONG_RE.finditer(text):
        got = _duration_as(1, m["u"], m, claim, qualifier_before(text, m.start()))
        if got is not None:
            out.append(got)
    return out


_ASKED_RE = re.compile(r"\bhow\s+(?:many|much)\s+([a-z]+(?:\s+[a-z]+)?)\b[^?]*\?\s*",
                       re.IGNORECASE)


def _asked_unit(text: str) -> tuple[int, str] | None:
    """Where the reply starts and the noun asked for, when ``text`` is a question read with
    its reply ("How many days of leave …? 25"): the reply's bare number counts that noun."""
    found = list(_ASKED_RE.finditer(text))
    if not found or found[-1].end() >= len(text):
        return None
    return found[-1].end(), found[-1].group(1)


def _classify(text: str, start: int, end: int, value: Decimal, spelled: bool, ordinal: bool,
              claim: bool) -> Figure | DateRef | None:
    token = text[start:end]
    low = token.lower()
    article = low in ("a", "an")
    mantissa = value
    scale = 0
    pos = end
    if ordinal:
        if claim and low == "second" and re.search(r"(?:\b(?:a|per|one|each|the\s+same)\s+|-)$",
                                                   text[max(0, start - 12):start], re.I):
            return None
        return _figure("ordinal", "ordinal", value, value, value, 0, "", "", text, start, end)
    if not spelled:
        om = _ORDINAL_RE.match(text, end)
        if om is not None:
            return _figure("ordinal", "ordinal", value, value, value, 0, "", "", text, start,
                           om.end())
    if _NUMBERED.search(text, max(0, start - 16), start) and not _MAGNITUDE_RE.match(text, end) \
            and value == value.to_integral_value() and 0 < value < 1000:
        # "season four", "Book 3": the place in a series, as "the fourth season" says it
        return _figure("ordinal", "ordinal", value, value, value, 0, "", "", text, start, end)
    start2 = start
    currency = None
    if not spelled:
        currency = currency_before(text[max(0, start - 6):start])
        if currency is not None:
            start2 = _currency_start(text, start)
    if currency is None and not spelled and (shared := _SHARED_UNIT.match(text, end)) and \
            not _BETWEEN.search(text, max(0, start - 10), start):
        # "at 30 and 60 days": the next number's unit is this one's too
        dur = duration_after(text, shared.end())
        if dur is not None:
            unit, family, factor, day_class, _ = dur
            return _figure("duration", family, value * factor, value, value, 0, unit,
                           day_class, text, start, end)
    if currency is None and not article and _bare_after(text, end):
        bare = _plain(text, start, end, token, spelled, value, claim)
        one = age_group_bound(text, start, end, claim=True) if claim else None
        if one is not None and isinstance(bare, Figure):  # "as an over-65, you …"
            return replace(bare, qualifier=one)
        return bare
    if not article:
        mm = _MAGNITUDE_RE.match(text, pos)
        if mm is not None:
            word = mm["s"] or mm["w"]
            # bare "m"/"b" mean million/billion only for money (5m is five metres)
            money_after = currency_after(text, mm.end()) if word in ("m", "b") else None
            if word not in ("m", "b") or currency is not None or money_after is not None:
                scale = _SCALES[word]
                pos = mm.end()
    number = mantissa.scaleb(scale) if scale else mantissa
    if currency is None and not article:
        after = currency_after(text, pos)
        if after is not None:
            currency, factor, pos = after
            if factor != 1:
                number = number * factor
    if currency is not None:
        return _figure("money", f"money:{currency}", number, number, mantissa, scale, currency,
                       "", text, start2, pos)
    if not article:
        pm = _PERCENT_RE.match(text, pos)
        if pm is not None:
            unit = "pp" if pm["pp"] else "%"
            return _figure("percent", "percent", number, number, mantissa, scale, unit, "",
                           text, start, pm.end())
    dur = duration_after(text, pos)
    if dur is not None:
        unit, family, factor, day_class, dend = dur
        if claim and article:
            return None
        if unit in ("decade", "century") and _is_year(token, spelled):
            return DateRef(int(token), None, None, start, end, token)  # "the 2010-2020 decade"
        return _figure("duration", family, number * factor, number, mantissa, scale, unit,
                       day_class, text, start, dend)
    if article:
        return None
    got = unit_after(text, pos)
    if got is not None:
        u, uend = got
        return _figure("measure", u.dim, number * u.factor, number, mantissa, scale, u.name, "",
                       text, start, uend)
    group = age_group_bound(text, start, pos, claim=claim)
    if group is not None:  # the age that bounds an age group (qualifiers.age_group_bound)
        return replace(_figure("number", "number", value, value, value, 0, "", "", text, start,
                               end), qualifier=group)
    if pos < len(text) and (text[pos].isalpha() or text[pos] in "_"):
        return None  # glued to letters we do not know: a code, a model name
    if scale:
        return _figure("number", "number", number, number, mantissa, scale, "", "", text, start,
                       pos)
    return _plain(text, start, end, token, spelled, value, claim)


# a number of a list that shares the unit of the next: "at 30 and 60 days", "after 2 or 3
# weeks" (not a range's low end, "3-5 days", "3 to 5 days": a claim of 3 days is no range)
_SHARED_UNIT = re.compile(r"\s+(?:and|or)\s+\d{1,4}(?=\s*[a-z])")
_BETWEEN = re.compile(r"\bbetween\s+$", re.IGNORECASE)  # "between 2 and 3 weeks": a range


def _is_year(token: str, spelled: bool) -> bool:
    """Whether ``token`` is a bare four-digit number a year can be (1000 to 2100)."""
    return not spelled and len(token) == 4 and token.isdigit() and 1000 <= int(token) <= 2100


def _bare_after(text: str, pos: int) -> bool:
    """Whether nothing that could be a unit, currency, percentage or magnitude follows."""
    n = len(text)
    if pos >= n:
        return True
    c = text[pos]
    if c == " " or c == "-":
        if pos + 1 >= n:
            return True
        c = text[pos + 1]
    return c.isdigit() or c in ",;:.!?)]}\"'"


def _plain(text: str, start: int, end: int, token: str, spelled: bool, value: Decimal,
           claim: bool) -> Figure | DateRef | None:
    """A number with nothing after it: a year, a plain number, or (in a claim) a lone
    ``one`` that is no figure."""
    if claim and spelled and token.lower() == "one":
        return None  # "one of", "no one": not a figure unless it has a unit
    if _is_year(token, spelled):
        return DateRef(int(token), None, None, start, end, token)
    return _figure("number", "number", value, value, value, 0, "", "", text, start, end)


def _currency_start(text: str, start: int) -> int:
    i = start
    while i > 0 and text[i - 1] == " ":
        i -= 1
    while (i > 0 and not text[i - 1].isspace() and not text[i - 1].isdigit()
           and text[i - 1] not in "([{\"'" and start - i < 4):
        i -= 1
    return i


_PER_RE = re.compile(
    r"\s*(?:(?:a|an|per|each|every|/)\s*(?P<p>hour|day|night|week|fortnight|month|year|annum"
    r"|calendar\s+month)|(?P<a>hourly|daily|nightly|weekly|fortnightly|monthly|yearly|annually"
    r"|p\.a\.|pa|pcm)"
    # an amount for each person ("£3,000 per person", "€35 per passenger"): ``person``
    r"|(?:a|per|each|for\s+each)\s+(?P<h>person|head|passenger|traveller|traveler|adult|guest"
    r"|member|employee|insured\s+person))(?![A-Za-z])",
    re.IGNORECASE)
_PERIODS = {"hourly": "hour", "daily": "day", "nightly": "night", "weekly": "week",
            "fortnightly": "fortnight", "monthly": "month", "yearly": "year", "annually": "year",
            "annum": "year", "p.a.": "year", "pa": "year", "pcm": "month",
            "calendar month": "month"}


# a figure earlier in the clause, then "over" right before a duration: a change over a
# period ("lost 4 kg over 12 weeks"), not "more than 12 weeks"
_CHANGE_OVER = re.compile(r"\d[^,;:!?]{0,60}?\s(?:over|across|during)\s+$")


def _figure(kind: str, dim: str, value: Decimal, number: Decimal, mantissa: Decimal, scale: int,
            unit: str, day_class: str, text: str, start: int, end: int) -> Figure:
    qualifier = qualifier_before(text, start) or qualifier_after(text, end)
    if kind == "duration":
        if qualifier is None:
            qualifier = deadline_qualifier(text, start, end)
        elif qualifier == "max" and up_to_deadline(text, start, end):
            qualifier = "min"  # "swap … up to 48 hours before the show"
        elif qualifier == "gt" and _CHANGE_OVER.search(text, max(0, start - 80), start):
            qualifier = None  # "fell by 1.4 points over 26 weeks": the period, not a bound
    per = ""
    if kind not in ("duration", "ordinal"):
        pm = _PER_RE.match(text, end)
        if pm is not None:
            if pm["h"]:
                per = "person"
            else:
                word = re.sub(r"\s+", " ", (pm["p"] or pm["a"]).lower())
                per = _PERIODS.get(word, word)
    return Figure(kind, dim, value, number, mantissa, scale, unit, day_class, qualifier, start,
                  end, text[start:end], per)

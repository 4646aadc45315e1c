"""Frequencies: how often something happens ("twice a day", "weekly", "every two years",
"a one-off payment"), read into one normal form so that every wording of a frequency
compares equal, and the check that a claim states only frequencies the evidence states.

The normal form (:class:`Rate`) is a count per period: events per day for periods of the
day family (second, minute, hour, day, night, week, fortnight: exact, so "every 12 hours" is
"twice a day" and "every two weeks" is "fortnightly"), events per month for the month family
(month, quarter, year, decade: exact, so "every 12 months" is "annually"), or ``once``, no
period ("one-off", "one-time payment", "a single payment", "a lump sum"). The two families
meet at 365.25 / 12 days a month, within 2% ("every 30 days" is monthly, "every four weeks"
is not). A count may be a range ("two or three times a week", "every 4 to 6 hours") or open
("at least once a week", "up to four times a day"); two frequencies agree when their ranges
meet. "bi-weekly" and "bi-monthly" read both ways.

What is read as a frequency in a claim: a count with its period ("twice a day", "3 times
per week", "two doses daily", "once every two years", "twice-weekly"), "every"/"each" with a
period ("every day", "each year", "every other day", "every 6 months", "every Monday"), and
the adverbs and adjectives of a period ("daily", "a monthly allowance", "quarterly",
"annual", "biennial", "on a weekly basis"), lowercase (capitalised within a sentence, "Daily
Mail", "Entertainment Weekly", it is a name), not negated ("is not published weekly"),
not "annual leave" or an annual plant. A rate of an amount ("£300 a month", "£300
monthly", "5% a year") is the figure check's: it compares the period of a rate
(:attr:`certirag.checks.figures.Figure.per`), and "£300 a month" against "£3,600 a year" is
a figure the evidence does not state. A count of days in a period ("two days a week") and a
duration ("for 5 days") are figures, not frequencies.

The evidence and the question ground a claim's frequency with any frequency they state, and
with the bare period of a rate ("visitors a year", "per month", "£300 per month": once per
that period), which states no rival. The figure check does not judge a figure inside a
claim's frequency (the "two years" of "every two years", the "three" of "three times a day"):
:func:`check_figures_outside_frequencies` leaves it to this check, so "every 12 months" for
"annually" is no ungrounded figure and "every 6 months" for "every 3 months" is reported
once.

``frequency_mismatch`` is a contradiction when an evidence sentence about the same thing
(half the claim sentence's other content words, at least two) states another frequency
(even where another sentence, or the question, states the claim's: the evidence gives it to
something else), and ungrounded when the sentences about it state none and the claim's
frequency is more than a plain period ("twice a week", "every 6 months", not "weekly" or
"every year", which added to a faithful sentence are most often an inference). Where no
evidence sentence is about what the claim sentence is ("The board meets monthly." against
evidence on the annual fee), the frequency is not what the evidence lacks: the model judges
the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from certirag.checks._text import normalize
from certirag.checks.base import Finding
from certirag.checks.frequency_lists import frequency_swap
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.values import check_figures
from certirag.text.calendar_names import WEEKDAYS
from certirag.text.contractions import negation_cue

__all__ = [
    "Frequency",
    "Rate",
    "check_figures_outside_frequencies",
    "check_frequencies",
    "claim_frequencies",
    "frequency_spans",
    "read_frequencies",
]

# the normal form --------------------------------------------------------------------------

#: Days in a month, where the day and month families meet (365.25 / 12).
MONTH_DAYS = Fraction(36525, 1200)
#: How far apart two rates of different families may be and still agree.
TOLERANCE = Fraction(2, 100)


@dataclass(frozen=True, slots=True)
class Rate:
    """A frequency in normal form: ``family`` ``days`` (``lo`` … ``hi`` events per day),
    ``months`` (events per month) or ``once`` (no period; ``lo == hi == 1``). ``hi`` is
    ``None`` for an open range ("at least once a week")."""

    family: str
    lo: Fraction
    hi: Fraction | None

    def per_day(self) -> tuple[Fraction, Fraction | None]:
        """The range in events per day."""
        if self.family == "months":
            return self.lo / MONTH_DAYS, None if self.hi is None else self.hi / MONTH_DAYS
        return self.lo, self.hi

    def agrees(self, other: Rate) -> bool:
        """Whether this rate (a claim's) reads as ``other`` (the evidence's): the two ranges
        meet (exactly within a family, within :data:`TOLERANCE` across the day and month
        families; ``once`` only meets ``once``), and where ``other`` is a minimum, this one
        asks no more than it: "at least once a month" (or "once a month") for "at least
        once a year" asks more. (Below a maximum any rate reads as it: "twice a day" for
        "up to four times a day" is within what is allowed.)"""
        if "once" in (self.family, other.family):
            return self.family == other.family
        (alo, ahi), (blo, bhi) = self.per_day(), other.per_day()
        slack = 1 + (TOLERANCE if self.family != other.family else 0)
        if bhi is None and alo > blo * slack:
            return False
        return (bhi is None or alo <= bhi * slack) and (ahi is None or blo <= ahi * slack)

    def describe(self) -> str:
        """The rate as words: ``2 per day``, ``1 per 2 years``, ``once``."""
        if self.family == "once":
            return "once"
        unit = "day" if self.family == "days" else "month"
        parts = [_per(x, unit) for x in (self.lo, self.hi) if x is not None]
        if self.hi is None:
            return f"at least {parts[0]}"
        if self.lo == 0:
            return f"at most {parts[-1]}"
        return parts[0] if self.lo == self.hi else f"{parts[0]} to {parts[1]}"


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.3g}"


def _per(rate: Fraction, unit: str) -> str:
    """``rate`` events per ``unit`` (day or month) in the largest whole unit: ``2 per
    week``, ``1 per 2 years``."""
    big, times = ("week", 7) if unit == "day" else ("year", 12)
    if rate == 0 or rate.denominator == 1:
        return f"{_num(rate)} per {unit}"
    if (rate * times).denominator == 1:
        return f"{_num(rate * times)} per {big}"
    every = 1 / rate
    if every.denominator != 1:
        return f"{_num(rate)} per {unit}"
    if every % times == 0:
        return f"1 per {_num(every / times)} {big}s"
    return f"1 per {_num(every)} {unit}s"


@dataclass(frozen=True, slots=True)
class Frequency:
    """A frequency found in a text: its offsets, its words and the rates it may mean (two
    for "bi-weekly"). ``weak``: only the bare period of a rate ("a year", "per month"),
    which grounds a frequency but states no rival to one. ``plain``: once per one period,
    in a word or with "every"/"each" ("daily", "annual", "every year", "one-off"), which
    is a finding only against a rival (added where the evidence names no frequency, it is
    most often an inference: "the annual race" of the London Marathon). ``of_amount``: a
    plain period after a count ("publishes 12 issues annually", "2 million visitors every
    year"), the period of a rate of that amount: in the evidence it grounds, like a weak
    one, but is no rival ("12 issues annually" is monthly), except to a one-off."""

    start: int
    end: int
    text: str
    rates: tuple[Rate, ...]
    weak: bool = False
    plain: bool = False
    of_amount: bool = False

    def agrees(self, other: Frequency) -> bool:
        """Whether some reading of one is some reading of the other."""
        return any(a.agrees(b) for a in self.rates for b in other.rates)

    def describe(self) -> str:
        """The normal form, as words (readings joined by ``or``)."""
        return " or ".join(r.describe() for r in self.rates)


# the words --------------------------------------------------------------------------------

# unit → (family, its size in days or months)
_UNITS: dict[str, tuple[str, Fraction]] = {
    "second": ("days", Fraction(1, 86400)), "minute": ("days", Fraction(1, 1440)),
    "hour": ("days", Fraction(1, 24)), "hr": ("days", Fraction(1, 24)),
    "h": ("days", Fraction(1, 24)), "day": ("days", Fraction(1)), "d": ("days", Fraction(1)),
    "night": ("days", Fraction(1)), "morning": ("days", Fraction(1)),
    "evening": ("days", Fraction(1)), "afternoon": ("days", Fraction(1)),
    "week": ("days", Fraction(7)), "wk": ("days", Fraction(7)),
    "weekend": ("days", Fraction(7)), "fortnight": ("days", Fraction(14)),
    "month": ("months", Fraction(1)), "mo": ("months", Fraction(1)),
    "quarter": ("months", Fraction(3)), "year": ("months", Fraction(12)),
    "yr": ("months", Fraction(12)), "annum": ("months", Fraction(12)),
    "decade": ("months", Fraction(120)),
}
_WEEKDAYS = tuple(WEEKDAYS)
for _day in _WEEKDAYS:
    _UNITS[_day] = ("days", Fraction(7))

# the adverbs of once per one period
_PLAIN = frozenset("hourly daily nightly weekly fortnightly monthly quarterly annually annual "
                   "yearly".split())

_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
_NUMBERS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "hundred": 100,
                 "twenty-four": 24, "forty-eight": 48, "seventy-two": 72})
_ORDINALS = {"other": 2, "alternate": 2, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
             "sixth": 6}
_ONCE_WORDS = {"once": 1, "twice": 2, "thrice": 3}
_VAGUE = (Fraction(2), None)  # "several times a day": two or more

# adverb or adjective → readings (count, periods, unit)
_ADVERBS: dict[str, tuple[tuple[int, int, str], ...]] = {
    "hourly": ((1, 1, "hour"),), "daily": ((1, 1, "day"),), "nightly": ((1, 1, "night"),),
    "weekly": ((1, 1, "week"),), "fortnightly": ((1, 1, "fortnight"),),
    "monthly": ((1, 1, "month"),), "quarterly": ((1, 1, "quarter"),),
    "annually": ((1, 1, "year"),), "annual": ((1, 1, "year"),), "yearly": ((1, 1, "year"),),
    "biannual": ((2, 1, "year"),), "biannually": ((2, 1, "year"),),
    "semiannual": ((2, 1, "year"),), "semiannually": ((2, 1, "year"),),
    "halfyearly": ((2, 1, "year"),),
    "biennial": ((1, 2, "year"),), "biennially": ((1, 2, "year"),),
    "triennial": ((1, 3, "year"),), "triennially": ((1, 3, "year"),),
    "quadrennial": ((1, 4, "year"),), "quadrennially": ((1, 4, "year"),),
    "biweekly": ((1, 2, "week"), (2, 1, "week")), "bimonthly": ((1, 2, "month"), (2, 1, "month")),
    "semiweekly": ((2, 1, "week"),), "semimonthly": ((2, 1, "month"),),
}


def _alt(words: Iterable[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_NUM = rf"(?:\d+(?:\.\d+)?|{_alt(_NUMBERS)})"
_RANGE = rf"{_NUM}(?:\s*(?:-|to|or)\s*{_NUM})?"
_RANGE_RE = re.compile(rf"({_NUM})(?:\s*(?:-|to|or)\s*({_NUM}))?", re.IGNORECASE)
_UNIT = r"(?:second|minute|hour|day|night|morning|evening|afternoon|weekend|week|fortnight" \
        r"|month|quarter|year|annum|decade)"
_UNITS_RE = rf"(?:{_UNIT}s?|{_alt(_WEEKDAYS)}s?)"
_ADVERB = (r"(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|annually|annual"
           r"|yearly|bi-?annual(?:ly)?|semi-?annual(?:ly)?|half-yearly|biennial(?:ly)?"
           r"|triennial(?:ly)?|quadrennial(?:ly)?|bi-?weekly|bi-?monthly|semi-?weekly"
           r"|semi-?monthly)")
_QUALIFIER = (r"up\s+to|no\s+more\s+than|not\s+more\s+than|at\s+most|a\s+maximum\s+of"
              r"|maximum\s+of|fewer\s+than|less\s+than|at\s+least|no\s+(?:less|fewer)\s+than"
              r"|not\s+(?:less|fewer)\s+than|a\s+minimum\s+of|more\s+than|over")
_PAYMENT = (r"payments?|fees?|charges?|grants?|bonus(?:es)?|allowances?|costs?|purchases?"
            r"|donations?|awards?|sums?|subsid(?:y|ies)|levy|levies|tax|contributions?"
            r"|refunds?|rebates?|rewards?|lump")

_FREQ_RE = re.compile(
    rf"""(?<![\w-])(?<!\d[.,])(?:
      (?:(?P<q>{_QUALIFIER})\s+)?
      (?:(?P<oot>once\s+or\s+twice)|(?P<word>once|twice|thrice)
        |(?P<n>{_RANGE})(?:\s*|-)(?:times?\b|x\b)
        |(?P<doses>{_RANGE})\s+(?:divided\s+|separate\s+|equal\s+)?doses
        |(?P<vague>several|a\s+few|few|many|multiple|numerous|a\s+couple\s+of|a\s+number\s+of)
          \s+times)
      (?:[\s-]*(?:a|an|per|each|every)[\s-]+(?P<pu>{_UNIT})(?![\w-])
        |\s*/\s*(?P<su>day|d|week|wk|month|mo|year|yr|hour|hr|h)(?![\w-])
        |\s+every\s+(?:(?P<cin>{_RANGE}|{_alt(_ORDINALS)})\s+)?(?P<ciu>{_UNITS_RE})(?![\w-])
        |[\s-]+(?P<cadv>{_ADVERB})(?![\w-]))
    | (?P<once>one-off|one[\s-](?:off|time)(?=\s+(?:{_PAYMENT})\b)
        |single\s+(?:payment|instalment|installment|lump[\s-]sum)|lump[\s-]sum)(?![\w-])
    | (?:every|each)\s+(?:(?P<ein>{_RANGE}|{_alt(_ORDINALS)})\s+)?(?P<eu>{_UNITS_RE})(?![\w-])
    | (?:on\s+)?alternate\s+(?P<au>days|weeks|months|years)(?![\w-])
    | (?P<adv>{_ADVERB})(?![\w-])
    )""", re.IGNORECASE | re.VERBOSE)

# The bare period of a rate, in the evidence: "visitors a year", "per month", "on Mondays".
_PERIOD_RE = re.compile(
    rf"(?<![\w-])(?:(?:a|an|per|each|every)\s+(?P<u>minute|hour|day|night|week|fortnight"
    rf"|month|year|annum)|(?:per|each|every)\s+(?P<s>second)"
    rf"|(?:on|at)\s+(?P<w>weekends|{_alt(d + 's' for d in _WEEKDAYS)})"
    rf"|(?:player|manager|team|goal|album|song|record|book|car|person|man|woman)s?\s+of\s+"
    rf"the\s+(?P<t>week|month|year)|\d+(?:st|nd|rd|th)\s+(?P<n>year))(?![\w-])",
    re.IGNORECASE)

# Before a frequency, what denies it ("is not published weekly", "rather than monthly").
_DENIED = re.compile(negation_cue(r"not|never|no\s+longer|rather\s+than|instead\s+of")
                     + r"(?:\s+\w+){0,2}\s*$", re.IGNORECASE)
# After an adjective, what makes it no frequency: "annual leave", "an annual plant",
# "daily life".
_NOT_A_FREQUENCY = re.compile(
    r"\s+(?:leave|plants?|herbs?|grass(?:es)?|flowers?|species|vines?|weeds?|life|lives)\b",
    re.IGNORECASE)
# Before a plain period, a count it is the period of a rate of ("12 issues annually",
# "2 million visitors every year"): a number, then at most three words.
_AMOUNT_BEFORE = re.compile(
    rf"(?:\d[\d,.]*%?|\b(?:{_alt(_NUMBERS)}|dozens?|hundreds?|thousands?|millions?|billions?))"
    r"(?:\s+(?!(?:and|or|but|is|are|was|were|be|been|has|have|had)\b)[A-Za-z'-]+){0,3}\s+$",
    re.IGNORECASE)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\"'(\n])\s*$")


def _number(word: str) -> Fraction:
    w = word.lower()
    return Fraction(_NUMBERS[w]) if w in _NUMBERS else Fraction(w)


def _range(text: str) -> tuple[Fraction, Fraction]:
    """``"2 to 3"`` as (2, 3), ``"other"`` as (2, 2)."""
    low = text.lower()
    if low in _ORDINALS:
        return Fraction(_ORDINALS[low]), Fraction(_ORDINALS[low])
    m = _RANGE_RE.fullmatch(low)
    if m is None:  # pragma: no cover - the text matched _RANGE
        raise ValueError(f"not a count: {text!r}")
    nums = [_number(x) for x in m.groups() if x]
    return min(nums), max(nums)


def _unit(word: str) -> tuple[str, Fraction]:
    w = word.lower()
    if w not in _UNITS and w.endswith("s"):
        w = w[:-1]
    return _UNITS[w]


def _rate(count: tuple[Fraction, Fraction | None], periods: tuple[Fraction, Fraction],
          unit: str) -> Rate:
    family, size = _unit(unit)
    lo = count[0] / (periods[1] * size)
    hi = None if count[1] is None else count[1] / (periods[0] * size)
    return Rate(family, lo, hi)


_ONE = (Fraction(1), Fraction(1))


def _adverb_rates(word: str, count: tuple[Fraction, Fraction | None] = (Fraction(1),
                                                                        Fraction(1))
                  ) -> tuple[Rate, ...]:
    key = word.lower().replace("-", "")
    return tuple(_rate((count[0] * c, None if count[1] is None else count[1] * c),
                       (Fraction(n), Fraction(n)), u) for c, n, u in _ADVERBS[key])


def _count(m: re.Match[str]) -> tuple[Fraction, Fraction | None]:
    if m["oot"]:
        return Fraction(1), Fraction(2)
    if m["word"]:
        k = Fraction(_ONCE_WORDS[m["word"].lower()])
        return k, k
    if m["vague"]:
        return _VAGUE
    return _range(m["n"] or m["doses"])


def _qualified(count: tuple[Fraction, Fraction | None], q: str | None
               ) -> tuple[Fraction, Fraction | None]:
    if not q:
        return count
    q = " ".join(q.lower().split())
    if q in ("at least", "no less than", "no fewer than", "not less than", "not fewer than",
             "a minimum of", "more than", "over"):
        return count[0], None
    return Fraction(0), count[1]


def _rates(m: re.Match[str]) -> tuple[Rate, ...]:
    if m["once"]:
        return (Rate("once", Fraction(1), Fraction(1)),)
    if m["adv"]:
        return _adverb_rates(m["adv"])
    if m["eu"]:
        periods = _range(m["ein"]) if m["ein"] else _ONE
        return (_rate(_ONE, periods, m["eu"]),)
    if m["au"]:
        return (_rate(_ONE, (Fraction(2), Fraction(2)), m["au"]),)
    count = _qualified(_count(m), m["q"])
    if m["cadv"]:
        return _adverb_rates(m["cadv"], count)
    if m["ciu"]:
        periods = _range(m["cin"]) if m["cin"] else _ONE
        return (_rate(count, periods, m["ciu"]),)
    return (_rate(count, _ONE, m["pu"] or m["su"]),)


def _is_name(text: str, m: re.Match[str]) -> bool:
    """Whether a frequency adjective is part of a name ("the Daily Mail", "Entertainment
    Weekly"): capitalised within a sentence, or capitalised before a capitalised word."""
    word = m.group(0)
    if not word[0].isupper():
        return False
    if not _SENTENCE_START.search(text, 0, m.start()):
        return True
    return re.match(r"\s+[A-Z]", text[m.end():]) is not None


@lru_cache(maxsize=8192)
def read_frequencies(text: str) -> tuple[Frequency, ...]:
    """Every frequency in ``text`` (normalised), in order, then the bare periods of rates
    (``weak``) where no frequency stands."""
    out: list[Frequency] = []
    for m in _FREQ_RE.finditer(text):
        if (m["adv"] or m["eu"]) and _is_name(text, m):
            continue
        if m["adv"] and _NOT_A_FREQUENCY.match(text, m.end()):
            continue
        plain = bool(m["once"] or (m["eu"] and not m["ein"]) or (
            m["adv"] and m["adv"].lower() in _PLAIN))
        amount = plain and not m["once"] and _AMOUNT_BEFORE.search(
            text, max(0, m.start() - 60), m.start()) is not None
        out.append(Frequency(m.start(), m.end(), m.group(0), _rates(m), plain=plain,
                             of_amount=amount))
    stated = list(out)
    for m in _PERIOD_RE.finditer(text):
        if any(f.start <= m.start() < f.end for f in out):
            continue
        if m["w"] and any(_same_sentence(text, f.end, m.start()) for f in stated):
            continue  # "every fortnight, on Fridays": the day of a rate the sentence states
        unit = m["u"] or m["s"] or m["t"] or ("year" if m["n"] else "week")
        out.append(Frequency(m.start(), m.end(), m.group(0), (_rate(_ONE, _ONE, unit),),
                             weak=True))
    return tuple(out)


def _same_sentence(text: str, a: int, b: int) -> bool:
    """Whether no sentence ends between offsets ``a`` and ``b`` of ``text``."""
    lo, hi = min(a, b), max(a, b)
    return re.search(r"[.!?](?:\s|$)", text[lo:hi]) is None


def frequency_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` states a frequency (not the bare period of a rate): for a rule that
    reads the same words otherwise ("twice", "three times" as ratios) to leave them be."""
    return [(f.start, f.end) for f in read_frequencies(normalize(text)) if not f.weak]


def claim_frequencies(c: Parsed) -> list[Frequency]:
    """The frequencies a claim states: not the bare period of a rate, not one it denies,
    and not the period of an amount ("£300 monthly": the figure check's)."""
    out: list[Frequency] = []
    for f in read_frequencies(c.text):
        if f.weak or _DENIED.search(c.text, max(0, f.start - 40), f.start):
            continue
        if any(g.per and 0 <= f.start - g.end <= 2 for g in c.figures):
            continue
        out.append(replace(f, text=c.raw[f.start:f.end]))
    return out


def _implied(p: Parsed | None) -> list[Frequency]:
    """The periods of a text's rates of amounts ("£300 per month"), as weak frequencies."""
    if p is None:
        return []
    return [Frequency(g.start, g.end, g.text, (_rate(_ONE, _ONE, g.per),), weak=True)
            for g in p.figures if g.per and g.per in _UNITS]


# the check --------------------------------------------------------------------------------


def _sentence(p: Parsed, start: int) -> SentInfo | None:
    return next((s for s in p.sentences if s.start <= start < s.end), None)


def _content(s: SentInfo, spans: list[tuple[int, int]]) -> frozenset[str]:
    """The content stems and value tokens of ``s`` outside ``spans``."""
    def outside(at: int) -> bool:
        return not any(a <= at < b for a, b in spans)

    words = {st for t, st in zip(s.toks, s.stems, strict=True) if st and outside(t.start)}
    words.update(it.token for it in s.items if outside(it.start))
    return frozenset(words)


def _aligned(content: frozenset[str], e: SentInfo | None) -> bool:
    """Whether evidence sentence ``e`` is about what the claim sentence is: it shares half
    of ``content``, at least two words (or one, of one); a claim with nothing else to share
    ("Twice a day.") is about what any sentence is."""
    if not content:
        return True
    if e is None:
        return False
    shared = len(content & e.content)
    return shared >= min(2, len(content)) and shared * 2 >= len(content)


def _judged(c: Parsed, ev: PreparedEvidence, question: Question
            ) -> list[tuple[Frequency, Finding | None]]:
    """:func:`_judge`, read once per claim (the frequency check and the figure check outside
    frequencies both ask)."""
    return question.read_once("frequency.judge", (c, ev), lambda: _judge(c, ev, question))


def _judge(c: Parsed, ev: PreparedEvidence, question: Question
           ) -> list[tuple[Frequency, Finding | None]]:
    """The claim's frequencies this check settles, each with its finding (``None``: the
    evidence states it). A frequency that an evidence sentence about the same thing states
    is grounded; one such a sentence states another frequency for is a contradiction,
    though another sentence (or the question) states it ("published bimonthly" of Nintendo
    Power, where the evidence says "monthly" of it and "bimonthly" of Armchair General);
    else one that any evidence sentence or the question states is grounded; else, where an
    evidence sentence is about the same thing and the frequency is no plain period
    (:attr:`Frequency.plain`), ungrounded; else it is not settled (no evidence sentence is
    about the claim's, which adds more than a frequency), and the figure check judges its
    figures. A frequency grounded by the evidence (not the question) is a ``value_swap``
    where every sentence that states it lists it with others, for another item than the
    claim's (:func:`_swapped`)."""
    claimed = claim_frequencies(c)
    if not claimed:
        return []
    stated: list[tuple[Frequency, SentInfo | None]] = []
    for p in ev.parsed:
        stated.extend((g, _sentence(p, g.start)) for g in read_frequencies(p.text))
        stated.extend((g, _sentence(p, g.start)) for g in _implied(p))
    asked: list[Frequency] = []
    if question.text.strip():
        asked = [*read_frequencies(normalize(question.text)), *_implied(question.parsed)]
    spans = [(f.start, f.end) for f in claimed]
    out: list[tuple[Frequency, Finding | None]] = []
    for f in claimed:
        s = _sentence(c, f.start)
        content = _content(s, spans) if s is not None else frozenset()
        near = [g for g, e in stated if _aligned(content, e)]
        if any(f.agrees(g) for g in near):
            out.append((f, _swapped(f, claimed, s, stated)))
            continue
        # a frequency of the evidence that another frequency of the claim states is that
        # one's ("billions of views every day; 300 hours of uploads every minute")
        # a period of a rate ("£500 every quarter", "£300 per month") says only that it
        # recurs: a rival to "one-off" alone
        once = any(r.family == "once" for r in f.rates)
        rivals = [g for g in near if (once or not (g.weak or g.of_amount))
                  and not any(x is not f and x.agrees(g) for x in claimed)]
        if rivals:
            g = rivals[0]
            elsewhere = next((x for x, _ in stated if f.agrees(x)), None)
            also = (f"; it says {elsewhere.text!r} of something else" if elsewhere is not None
                    else "")
            out.append((f, Finding(
                "frequency_mismatch", "contradiction",
                f"the claim says {f.text!r} ({f.describe()}), but the evidence says "
                f"{g.text!r} ({g.describe()}){also}", f.text, g.text)))
            continue
        if any(f.agrees(g) for g, _ in stated):
            out.append((f, _swapped(f, claimed, s, stated)))
            continue
        if any(f.agrees(g) for g in asked):
            out.append((f, None))
            continue
        about = None if f.plain else next((e for e in ev.sentences if _aligned(content, e)),
                                          None)
        if about is not None:  # the evidence speaks of it, and gives no frequency
            out.append((f, Finding(
                "frequency_mismatch", "ungrounded",
                f"the evidence says no {f.text!r} ({f.describe()}) where it speaks of this: "
                f"{about.text.strip()!r}", f.text, about.text.strip())))
    return out


def _swapped(f: Frequency, claimed: list[Frequency], s: SentInfo | None,
             stated: list[tuple[Frequency, SentInfo | None]]) -> Finding | None:
    """``value_swap`` when the evidence states ``f`` only in lists of frequencies, each time
    for another item than the claim's (:func:`certirag.checks.frequency_lists.frequency_swap`)."""
    if s is None:
        return None
    lists: dict[int, tuple[SentInfo, list[Frequency]]] = {}
    for g, e in stated:
        if e is not None and not (g.weak or g.of_amount):
            lists.setdefault(id(e), (e, []))[1].append(g)
    agreeing = [(e, gs) for e, gs in lists.values() if any(f.agrees(g) for g in gs)]
    hit = frequency_swap(s, f, claimed, agreeing) if agreeing else None
    if hit is None:
        return None
    words = ", ".join(sorted(w for w in hit.words if not w.startswith("#")))
    where = f"for the claim's {words}" if words else "in the claim's context"
    return Finding("value_swap", "contradiction",
                   f"the evidence gives {f.text!r} for another item; {where} it gives "
                   f"{hit.item.text!r}", f.text, hit.item.text)


def check_frequencies(c: Parsed, ev: PreparedEvidence, question: Question,
                      out: list[Finding]) -> None:
    """``frequency_mismatch``: the claim states a frequency ("twice a day", "weekly",
    "every two years", "a one-off payment") that the evidence does not state of the same
    thing (see :func:`_judge`): a contradiction where an evidence sentence about it states
    another frequency, ungrounded where such sentences state none."""
    out.extend(f for _, f in _judged(c, ev, question) if f is not None)


def check_figures_outside_frequencies(c: Parsed, ev: PreparedEvidence, question: Question,
                                      out: list[Finding]) -> None:
    """The figure check (:func:`certirag.checks.values.check_figures`) on the claim's
    figures outside the frequencies the frequency check settles: the "two years" of "every
    two years" and the "three" of "three times a day" are its, which reads "every 12 months"
    as "annually" and reports "every 6 months" for "every 3 months" once. A frequency it
    does not settle (no evidence sentence is about the claim's) leaves its figures to the
    figure check, as before."""
    spans = [(f.start, f.end) for f, _ in _judged(c, ev, question)]
    if spans:
        c = replace(c, figures=[g for g in c.figures
                                if not any(g.start < b and a < g.end for a, b in spans)])
    check_figures(c, ev, question, out)

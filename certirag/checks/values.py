"""Value comparisons of the claim check: figures (money, measures, durations, counts and
their qualifiers) and dates and times, each grounded in the evidence and then checked for a
value the evidence gives to something else (``value_swap``).

``check_figures`` and ``check_dates`` are the compare functions of the built-in checks
``figures`` and ``dates`` (:mod:`certirag.checks.builtin`), with the signature of
:mod:`certirag.checks.compare`: ``(claim, evidence, question, out) -> None``."""

from __future__ import annotations

import re
from decimal import Decimal

from certirag.checks.ages import age_stated, is_age
from certirag.checks.arithmetic import TOTAL_WORDS, offset_time, reversed_margin, worked_out
from certirag.checks.base import Finding
from certirag.checks.brackets import check_brackets
from certirag.checks.cases import asked_exception
from certirag.checks.clause_swap import find_sentence_swap
from certirag.checks.dates import DateRef
from certirag.checks.figures import Figure
from certirag.checks.pairs import check_list_pairs, check_rival_values
from certirag.checks.parse import Item, Parsed, SentInfo, date_item, figure_item, time_item
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.restated import count_word, first_span, hour_stated, range_day
from certirag.checks.sources import check_source_values
from certirag.checks.superseded import check_superseded
from certirag.checks.swap import (
    change_end,
    claim_context,
    find_swap,
    same_value,
)
from certirag.checks.value_bounds import (
    ONLY_BEFORE,
    allowance,
    asked_bound,
    check_qualifier,
    claim_sentence,
    up_to_limit,
    within_deadline,
)
from certirag.text.calendar_names import MONTHS, WEEKDAYS, alternation

__all__ = ["check_dates", "check_figures"]


# figures -------------------------------------------------------------------------------


def _fmt(d: Decimal) -> str:
    s = format(d, "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return s


def _question_grounds(f: Figure, question: Question, ev: PreparedEvidence) -> bool:
    q = question.parsed if question.grounds or question.denied else None
    if q is None:
        return False
    if not question.grounds and not _in_band(f, ev):
        return False  # a denied restatement: the asker's figure, inside the evidence's band
    return any(g.key == f.key or g.number == f.number for g in q.figures) or (
        f.kind in ("number", "ordinal") and any(d.year is not None and d.year == f.number
                                                for d in q.dates))


_BOUND_TESTS = {"gt": lambda v, b: v > b, "min": lambda v, b: v >= b,
                "lt": lambda v, b: v < b, "max": lambda v, b: v <= b}


def _in_band(f: Figure, ev: PreparedEvidence) -> bool:
    """Whether an evidence figure of ``f``'s dimension bounds a band ``f`` is inside
    ("boilers over ten years old" holds a 12-year-old boiler): a claim that denies the
    asker's question about their 12-year-old boiler applies the evidence's rule for the
    band to the asker's own figure (checks v24). Not a figure outside every band ("a
    90-day stay" where "stays of up to 30 days")."""
    return any(g.dim == f.dim and g.qualifier in _BOUND_TESTS
               and _BOUND_TESTS[g.qualifier](f.value, g.value)
               for p in ev.parsed for g in p.figures)


# a count of occurrences: "married three times" is the evidence's "third marriage"
_TIMES = re.compile(r"\s+times\b")


# after a bare number, a thing it counts ("eight people", "five questions"): a sum of money
# of the same number ("£8 per person") does not ground it; a scale, "each" or a currency
# word may follow a sum ("between $1,500 and 7,500 each")
_COUNTED = re.compile(r"\s+(?!(?:million|billion|thousand|trillion|m|bn|k|each|per|a|an|the|"
                      r"and|or|to|in|on|at|for|of|from|by|with|dollars?|pounds?|euros?|"
                      r"cents?|pence|crowns?|francs?|yen|rupees?)\b)[a-z]", re.IGNORECASE)
# after a bare number, the things it counts, a plural noun within three words ("six
# finished pieces"; not "the two knew each other")
_COUNTS_THINGS = re.compile(r"\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*[^s\W]s\b", re.IGNORECASE)


def _ordinal_stated(number: Decimal, ev: PreparedEvidence) -> bool:
    """Whether the evidence states the ordinal ``number`` as a plain number or an ordinal
    ("edition 3" for "the 3rd edition") or as the day of a date ("1 March" for "the 1st");
    never as the count of a duration or a sum ("within a year" is no "the 1st")."""
    return any(g.kind in ("number", "ordinal") for g in ev.by_number.get(number, ())) or any(
        d.day is not None and d.day == number for d in ev.dates)


def check_figures(c: Parsed, ev: PreparedEvidence, q: Question,
                  out: list[Finding]) -> None:
    reversed_ = reversed_margin(c, ev)
    if reversed_ is not None:
        out.append(reversed_)
    # the claim gives the rule of the case the question asks about, which the evidence
    # excepts from another value ("unless the property is being sold, in which case 42
    # days' …"): that value is no rival
    asked = bool(c.figures) and asked_exception(c, ev, q) is not None
    for f in c.figures:
        grounded = f.key in ev.by_key or (
            f.kind == "number" and f.number in ev.numbers
            and not (f.number in ev.money_numbers and _COUNTED.match(c.text, f.end))
            and not (f.number in ev.hyphened_numbers and _COUNTS_THINGS.match(c.text, f.end))
        ) or (
            f.kind in ("ordinal", "number") and _ordinal_stated(f.number, ev)
            and (f.kind == "ordinal" or _TIMES.match(c.text, f.end) is not None)) or (
            is_age(c, f) and age_stated(f.number, ev))
        if not grounded and _question_grounds(f, q, ev):
            continue
        if not grounded and (_rounded(f, ev) or _between_dates(c, f, ev) or _bound_met(f, ev)
                             or worked_out(c, f, ev) or hour_stated(c, f, ev)
                             or count_word(f, ev) or range_day(c, f, ev)
                             or first_span(c, f, ev)):
            continue
        if not grounded:
            out.append(_ungrounded_figure(f, ev))
            continue
        if f.key in ev.by_key:
            matches = ev.by_key[f.key]
            if f.per and all(e.per and e.per != f.per for e in matches):
                e = matches[0]
                out.append(Finding("unit_mismatch", "contradiction",
                                   f"{f.text!r} is per {f.per}, but the evidence gives "
                                   f"{e.text!r} per {e.per}", f.text, f"{e.text} per {e.per}"))
                continue
            total = _TOTAL.search(c.text, max(0, f.start - 20), min(len(c.text), f.end + 50))
            if total and not f.per and all(e.per == "person" for e in matches):
                e = matches[0]
                out.append(Finding("unit_mismatch", "contradiction",
                                   f"the claim gives {f.text!r} as a total; the evidence gives "
                                   f"{e.text!r} per person", f.text, f"{e.text} per person"))
                continue
            if total and all(_added(e, ev) for e in matches):
                out.append(Finding("qualifier_dropped", "ungrounded",
                                   f"the claim gives {f.text!r} as a total; the evidence gives "
                                   f"it as an amount added to another", f.text, matches[0].text))
                continue
            if not allowance(c, f, matches, ev) and not within_deadline(c, f, matches, ev) \
                    and not up_to_limit(c, f, matches):
                # "There are only 12 places" states the cap "limited to 12" states
                only = ONLY_BEFORE.search(c.text, max(0, f.start - 8), f.start) is not None
                check_qualifier(f, matches, out, "max" if only else asked_bound(q.text))
        # an age is the person's ("The 59-year-old has spent 40 years as an officer"), not
        # a nearby noun's
        if not is_age(c, f) and not asked:
            _check_swap(c, figure_item(f), ev, out)
    check_brackets(c, ev, out)


# A sum for everyone together: "£3,000 in total for everyone on the booking", "a total of".
_TOTAL = re.compile(r"\b(?:" + TOTAL_WORDS + r"|"
                    r"for\s+(?:everyone|everybody|all\s+of\s+(?:you|them|us))|for\s+the\s+whole"
                    r"|per\s+(?:booking|policy|group|family|household))\b", re.IGNORECASE)


# An amount the evidence adds to another: "an additional excess of £250 on top of the
# standard £200 excess", "a further £40", "£250 more than".
_ADDED_BEFORE = re.compile(r"\b(?:additional|extra|further|supplementary|another)"
                           r"(?:\s+[\w-]+){0,2}?\s+(?:of\s+)?$", re.IGNORECASE)
_ADDED_AFTER = re.compile(r"^\s*(?:[\w-]+\s+){0,2}?(?:on\s+top\s+of|in\s+addition\s+to|more\s+than"
                          r"|extra\b|plus\b)", re.IGNORECASE)


def _figure_texts(ev: PreparedEvidence) -> dict[int, str]:
    return {id(g): p.text for p in ev.parsed for g in p.figures}


def _added(e: Figure, ev: PreparedEvidence) -> bool:
    """Whether the evidence gives the figure ``e`` as an amount added to another."""
    text = ev.derived("values.figure_texts", _figure_texts).get(id(e))
    return text is not None and (
        _ADDED_BEFORE.search(text, max(0, e.start - 40), e.start) is not None
        or _ADDED_AFTER.match(text[e.end:e.end + 40]) is not None)


_BEFORE_AFTER = re.compile(r"\s*(?:(?P<before>before|earlier than|ahead of)|"
                           r"(?P<after>after|later than))\b", re.IGNORECASE)


def _between_dates(c: Parsed, f: Figure, ev: PreparedEvidence) -> bool:
    """Whether a span of months or years is the time between a date the claim gives beside
    it and a date of the evidence ("The Aurora 5 came out in March 2024, two months before
    the Aurora 5 Pro." with "It was released in May 2024." in the evidence): the claim
    counts what the evidence dates. "before" puts the other date later, "after" earlier;
    without either, one of the two must be in the evidence. Whether the other date is the
    one the claim compares with is the binding's and the model's question."""
    if f.kind != "duration" or f.dim != "months" or f.qualifier not in (None, "approx"):
        return False
    sent = claim_sentence(c, f.start)
    if sent is None:
        return False
    months = int(f.value)
    if months != f.value or months <= 0:
        return False
    m = _BEFORE_AFTER.match(c.text, f.end)
    signs = (1,) if m and m["before"] else (-1,) if m else (1, -1)
    stated = {(d.year, d.month) for d in ev.dates if d.year is not None and d.weekday is None}
    years = {y for y, _ in stated}
    for d in c.dates:
        if d.year is None or not sent.start <= d.start < sent.end or d.weekday is not None:
            continue
        for sign in signs:
            if d.month is None:  # a year: the span must be whole years
                if months % 12 == 0 and d.year + sign * months // 12 in years:
                    return True
                continue
            n = d.year * 12 + d.month - 1 + sign * months
            if (n // 12, n % 12 + 1) in stated:
                return True
    return False


def _rounded(f: Figure, ev: PreparedEvidence) -> bool:
    """Whether a figure with a magnitude ("£3.35 quadrillion", "3.5 million") is a figure of
    the evidence rounded to the digits the claim gives ("£3,351,978,728,190,661")."""
    if not f.scale or f.qualifier not in (None, "approx"):
        return False
    exp = f.mantissa.as_tuple().exponent
    digits = -exp if isinstance(exp, int) and exp < 0 else 0
    half = Decimal(5).scaleb(f.scale - digits - 1)
    return any(abs(e.number - f.number) < half for e in ev.by_dim.get(f.dim, ())
               if not e.scale)


_NEAR = Decimal("0.1")  # a bound meets a value within a tenth of it
_ROUND = Decimal("0.05")  # "about" a value within a twentieth of it


def _bound_met(f: Figure, ev: PreparedEvidence) -> bool:
    """Whether a bounded figure is met by an exact value of the evidence close to it, in
    the same unit: "More than £12,700 was spent" for "£12,712.97" (within a tenth of the
    bound, so "more than £1" says nothing of £12,712.97); "about 2,000" within a
    twentieth."""
    if f.qualifier not in ("gt", "min", "lt", "max", "approx") or f.number <= 0:
        return False
    for e in ev.by_dim.get(f.dim, ()):
        if e.qualifier not in (None, "exact") or e.unit != f.unit or e.kind != f.kind:
            continue
        if f.qualifier in ("gt", "min") and f.number < e.number <= f.number * (1 + _NEAR):
            return True
        if f.qualifier in ("lt", "max") and f.number * (1 - _NEAR) <= e.number < f.number:
            return True
        if f.qualifier == "approx" and abs(e.number - f.number) <= f.number * _ROUND:
            return True
    return False


def _ungrounded_figure(f: Figure, ev: PreparedEvidence) -> Finding:
    same_number = ev.by_number.get(f.number, [])
    if f.kind == "duration":
        for e in same_number:
            if e.kind == "duration" and e.unit == f.unit and e.day_class != f.day_class:
                return Finding("duration_mismatch", "contradiction",
                               f"{f.text!r} counts {f.day_class or 'calendar'} days, but the "
                               f"evidence says {e.text!r}", f.text, e.text)
    for e in ev.by_mantissa.get(f.mantissa, []):
        # both sides must state a magnitude (5 million / 5 billion); a bare 5 is another thing
        if not (f.scale and e.scale) or e.scale == f.scale or e.number == f.number:
            continue
        if e.dim == f.dim or "number" in (e.kind, f.kind):
            return Finding("magnitude_mismatch", "contradiction",
                           f"{f.text!r} is {_fmt(f.number)}, but the evidence says {e.text!r} "
                           f"({_fmt(e.number)})", f.text, e.text)
    if f.kind in ("money", "measure", "duration"):
        for e in same_number:
            if e.kind == f.kind and e.unit != f.unit:
                what = "currency" if f.kind == "money" else "unit"
                return Finding("unit_mismatch", "contradiction",
                               f"{f.text!r} has {what} {f.unit}, but the evidence says {e.text!r}",
                               f.text, e.text)
    alts = [e.text for e in ev.by_dim.get(f.dim, [])][:3]
    has = f"; the evidence has {', '.join(repr(a) for a in alts)}" if alts else ""
    return Finding("ungrounded_figure", "ungrounded",
                   f"the {f.describe()} {f.text!r} is not in the evidence{has}", f.text,
                   ", ".join(alts) or None)


def _check_swap(c: Parsed, item: Item, ev: PreparedEvidence, out: list[Finding]) -> None:
    if item.key[0] == "d":
        occ = [o for k, v in ev.occurrences.items() if k[0] == "d" and same_value(item.key, k)
               for o in v]
    else:
        occ = ev.occurrences.get(item.key, [])
    if not occ:
        return
    sent = claim_sentence(c, item.start)
    if sent is None:
        return
    if change_end(sent, item) == "to" and all(change_end(s, it) == "from" for s, it in occ):
        out.append(Finding("value_swap", "contradiction",
                           f"the evidence gives {item.text!r} as the value a change started "
                           f"from, not the one it came to", item.text, occ[0][1].text))
        return
    if not any(ev.lists(s, item.group) for s, _ in occ):
        return
    ctx = claim_context(sent, item)
    if not ctx:
        return
    hit = find_swap(ctx, item.key, item.group, occ, ev.segments) or find_sentence_swap(
        sent, item, occ)
    if hit is None or not _rival(item, hit.item) or _same_order(sent, item, hit.item, occ) \
            or (not _name_number(sent, item) and any(
                it is hit.item and _name_number(x, it)
                for x, it in ev.occurrences.get(hit.item.key, ()))):
        return
    words = ", ".join(sorted(w for w in hit.words if not w.startswith("#")))
    where = f"for the claim's {words}" if words else "in the claim's context"
    out.append(Finding("value_swap", "contradiction",
                       f"the evidence gives {item.text!r} for another item; {where} it gives "
                       f"{hit.item.text!r}", item.text, hit.item.text))


def _name_number(sent: SentInfo, it: Item) -> bool:
    """Whether the bare number ``it`` is part of a name, after two capitalised words inside
    the sentence and before no noun ("dispatched by Royal Mail Tracked 48, which …"): no
    rival of a claim value that is no such name's (checks v21)."""
    if it.group != "number":
        return False
    before = [t for t in sent.toks if t.end <= it.start]
    after = [t for t in sent.toks if t.start >= it.end]
    # (two capitalised words: "Gate 12", "Room 14" are labels a swap may take)
    return len(before) > 2 and all(t.text[:1].isupper() and t.text.isalpha()
                                   for t in before[-2:]) \
        and (not after or after[0].text in (",", ".", ";", ":", ")", "!", "?"))


def _same_order(sent: SentInfo, item: Item, rival: Item,
                occ: list[tuple[SentInfo, Item]]) -> bool:
    """Whether the claim states both values, in the order an evidence sentence states them
    and with the same words between them ("about three hours including a 50-minute stop"
    for "about three hours, including a 50-minute stop"): neither took the other's place."""
    other = next((it for it in sent.items if it.key == rival.key), None)
    if other is None:
        return False
    mine = _between(sent.text, sent.start, item, other)
    for s, it in occ:
        theirs = next((x for x in s.items if x.key == rival.key), None)
        if theirs is not None and (it.start < theirs.start) == (item.start < other.start) \
                and _between(s.text, s.start, it, theirs) == mine:
            return True
    return False


def _between(text: str, offset: int, a: Item, b: Item) -> list[str]:
    """The words of ``text`` (starting at ``offset``) between two of its items."""
    lo, hi = sorted((a, b), key=lambda x: x.start)
    return re.findall(r"[a-z0-9]+", text[lo.end - offset:hi.start - offset].lower())


def _whole(x: Decimal) -> bool:
    return x == x.to_integral_value()


def _shape(key: tuple[object, ...]) -> tuple[bool, ...]:
    """Which parts a date item states (year, month, day, weekday)."""
    return tuple(x is not None for x in key[1:5])


def _rival(item: Item, other: Item) -> bool:
    """Whether the evidence value ``other`` can be the one the claim's ``item`` took the
    place of: for a date, one that states a part the claim's states too (a year, a month
    or a day: a year is no swap for a weekday or a bare month, "ran from 1979" against "on
    Friday", but "January 2007" is for "April 14, 2007"); for a plain number, a whole
    number for a whole number."""
    if other.key[0] == "d" and (item.key[0] != "d" or not any(
            a and b for a, b in zip(_shape(item.key)[:3], _shape(other.key)[:3], strict=True))):
        return False
    # a count is no swap for a reading ("1,800 deaths" / "magnitude 7.8")
    return not (item.group == other.group == "number" and isinstance(item.key[2], Decimal)
                and isinstance(other.key[2], Decimal)
                and _whole(item.key[2]) != _whole(other.key[2]))


# dates and times -----------------------------------------------------------------------


def _agrees(claim: DateRef, e: DateRef) -> bool:
    return all(cv is None or cv == ev for cv, ev in zip(claim.fields, e.fields, strict=True))


_MONTH_RANGE = re.compile(
    r"\b(?:between|from)\s+(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?P<a>" + alternation(MONTHS)
    + r")\b(?:\s+\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s+\d{4})?\s+(?:and|to|until|till|through|[–-])\s+"
    r"(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:the\s+end\s+of\s+)?(?P<b>" + alternation(MONTHS)
    + r")\b", re.IGNORECASE)


def _month_ranges(ev: PreparedEvidence) -> tuple[tuple[int, int], ...]:
    """The spans of months the evidence gives ("between 1 November and 31 March")."""
    return tuple((MONTHS[m["a"].lower()], MONTHS[m["b"].lower()])
                 for m in _MONTH_RANGE.finditer(ev.lower_text))


def _in_month_range(month: int, ev: PreparedEvidence) -> bool:
    """Whether the evidence gives a span of months that holds ``month`` (a span may run
    over the new year)."""
    return any((a <= month <= b) if a <= b else (month >= a or month <= b)
               for a, b in ev.derived("values.month_ranges", _month_ranges))


_HOURS_MINUTES = re.compile(r"\b(\d{1,2})\s*(?:hours?|hrs?|h)\b,?\s*(?:and\s+)?(\d{1,2})\s*"
                            r"(?:minutes?|mins?|m)\b", re.IGNORECASE)


def _times_taken(ev: PreparedEvidence) -> frozenset[tuple[int, int]]:
    """The times taken the evidence gives in hours and minutes ("2 hours 24 minutes")."""
    return frozenset((int(m.group(1)), int(m.group(2)))
                     for m in _HOURS_MINUTES.finditer(ev.lower_text))


def _clock_duration(text: str, ev: PreparedEvidence) -> bool:
    """Whether ``text`` ("2:24", "1:05:30") is a time taken that the evidence gives in hours
    and minutes ("2 hours 24 minutes", "2 hr 24 min", "2h 24m")."""
    m = re.fullmatch(r"(\d{1,2})[:.](\d{2})(?:[:.]\d{2})?", text.strip())
    return m is not None and (int(m.group(1)), int(m.group(2))) in ev.derived(
        "values.times_taken", _times_taken)


def _asked_day(weekday: int, question: str) -> bool:
    """Whether the question names the weekday, in any case ("on saturday morning?")."""
    names = [n for n, d in WEEKDAYS.items() if d == weekday]
    return any(re.search(rf"\b{n}s?\b", question, re.IGNORECASE) for n in names)


# a time written with no "a.m."/"p.m." and an hour a twelve-hour clock has: "7:30"
_TWELVE_HOUR = re.compile(r"(?:0?[1-9]|1[0-2])[:.][0-5][0-9]")


def check_dates(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    for d in c.dates:
        if d.weekday is None and any(e.weekday is None and _agrees(d, e) for e in ev.dates):
            continue
        q = question.parsed if question.grounds else None
        qdates = q.dates if q is not None else []
        if d.weekday is not None:
            if d.weekday in ev.weekdays or any(x.weekday == d.weekday for x in qdates) \
                    or _asked_day(d.weekday, question.text):
                continue
            out.append(Finding("ungrounded_date", "ungrounded",
                               f"the evidence does not say {d.text!r}", d.text))
            continue
        if any(e.weekday is None and _agrees(d, e) for e in [*ev.dates, *qdates]):
            continue
        if d.month is None and d.day is None and d.year is not None and (
                Decimal(d.year) in ev.numbers
                or (q is not None and any(f.number == d.year for f in q.figures))):
            continue
        if d.month is not None and d.day is None and d.year is None \
                and _in_month_range(d.month, ev) \
                and re.search(re.escape(d.text.strip(" .,;")), question.text, re.IGNORECASE):
            continue  # the asker's month, inside the evidence's months
        fields = [x is not None for x in d.fields]
        coarse = [e for e in ev.dates if e.weekday is None and _agrees(e, d)
                  and sum(x is not None for x in e.fields) < sum(fields)
                  and all(not (ef is not None and not cf) for ef, cf in zip(e.fields, fields,
                                                                             strict=True))]
        if coarse:
            out.append(Finding("date_precision", "ungrounded",
                               f"the claim dates it {d.text!r}; the evidence says only "
                               f"{coarse[0].text!r}", d.text, coarse[0].text))
            continue
        alts = [e.text for e in ev.dates if e.weekday is None][:3]
        has = f"; the evidence has {', '.join(repr(a) for a in alts)}" if alts else ""
        out.append(Finding("ungrounded_date", "ungrounded",
                           f"the date {d.text!r} is not in the evidence{has}", d.text,
                           ", ".join(alts) or None))
    for d in c.dates:
        if d.weekday is None and any(e.weekday is None and _agrees(d, e) for e in ev.dates):
            _check_swap(c, date_item(d), ev, out)
    for t in c.times:
        if t.minutes in ev.times:
            # "opens at 9 a.m. on Mondays" for "at 8 a.m. on Mondays and at 9 a.m. on
            # other weekdays": a time the evidence gives to something else
            _check_swap(c, time_item(t), ev, out)
            continue
        q = question.parsed if question.grounds else None
        if q is not None and any(x.minutes == t.minutes for x in q.times):
            continue
        if offset_time(t, ev):  # "16:00" for "to 17:00" and "one hour before closing"
            continue
        if _TWELVE_HOUR.fullmatch(t.text) and (t.minutes + 720) % 1440 in ev.times:
            continue  # "the music starts at 7:30" for "at 19:30": a clock of twelve hours
        if _clock_duration(t.text, ev):
            continue  # "won in 2:24" for "in 2 hours 24 minutes": a time taken, not of day
        alts = list(ev.times.values())[:3]
        has = f"; the evidence has {', '.join(repr(a) for a in alts)}" if alts else ""
        out.append(Finding("ungrounded_date", "ungrounded",
                           f"the time {t.text!r} is not in the evidence{has}", t.text,
                           ", ".join(alts) or None))
    check_list_pairs(c, ev, out)
    check_rival_values(c, ev, out)
    check_source_values(c, ev, out)
    check_superseded(c, ev, out)

"""Figures a claim works out from figures it shows: a sum, a product, a time offset.

A faithful answer often does the evidence's arithmetic: "A 22-year-old would pay £450 in
total: the standard £200 excess plus an extra £250" where the evidence gives the two
excesses; "Two adult tickets at £18 each come to £36"; "Last entry is at 16:00" where the
evidence says "open from 10:00 to 17:00" and "last entry is one hour before closing". The
figure the claim works out is in no evidence sentence, so the figures check would withhold
it as ungrounded. It is grounded here only when the arithmetic is shown and exact:

- a **sum**: two or three other figures of the claim, each in the evidence, of the same
  dimension, add up to it, and the claim says it is a total ("in total", "plus", "come
  to" …);
- a **product**: a count the claim gives times a figure of the claim that is in the evidence
  makes it, and the claim says the figure is for each ("each", "per", "a head" …);
  a plain count is worked out only where the claim also says it is a total ("three
  seasons of eight episodes each, so 24 episodes in total");
- a **time offset**: a time of the evidence and a duration the evidence gives "before" or
  "after" something make the claim's time;
- a **discount**: an amount the claim shows less a share it shows taken "off" it ("40%
  off the £900 retail price, so … would cost £540"; "10% off, bringing the £295 kit down
  to £265.50");
- a **share**: a figure the claim says is a share of another ("20 GB, which is 80% of the
  limit, … the full 25 GB"), or what a share it gives before comes to ("£9,500 …, so the
  20% booking fee … comes to £1,900"); a rate worked out from a rate of the same unit
  ("25% off …, which brings chorus costumes down from £20 to £15 per week each");
- a **remainder**: two amounts the claim shows, the second taken from the first, make the
  figure it says is left ("£52 …, a £10 deposit …, leaving £42 each");
- a **change**: a figure the claim gives after "by" ("widened by 2.5 percentage points to
  18.4%") is the difference between another figure of the claim and a figure of the same
  kind that one evidence sentence states beside it ("improved to 18.4% from 15.9%"); a
  change of a percentage counts only in percentage points.

Nothing here is an approximation: £451 is not £200 + £250, and a total the claim does not
show the parts of (a bare "£450") stays ungrounded. Whether the parts are the ones the
evidence adds is the model's question, as for any other claim.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from certirag.checks._text import STOP, stem
from certirag.checks.base import Finding
from certirag.checks.dates import TimeRef
from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence

__all__ = ["TOTAL_WORDS", "offset_time", "reversed_margin", "worked_out"]

#: Words that call an amount a total ("in total", "a total of", "altogether"; a pattern).
TOTAL_WORDS = r"in\s+total|a\s+total\s+of|total|altogether|combined|in\s+all"
# A total the claim says it adds up.
_SUM_CUE = re.compile(r"\b(?:" + TOTAL_WORDS + r"|totalling|totals|plus"
                      r"|(?:comes?|came|adds?|added)\s+(?:up\s+)?to|together"
                      # "adding a topper for £8 brings it to £60" (checks v21)
                      r"|(?:brings?|bringing|brought|takes?|taking)\s+(?:it|that|this|the\s+"
                      r"(?:total|cost|price|bill))\s+(?:up\s+)?to)\b", re.IGNORECASE)
# A figure the claim gives for each of a count.
_EACH_CUE = re.compile(r"\b(?:each|apiece|per\s+(?:person|head|ticket|item|unit|adult|child)|"
                       r"a\s+head|every)\b", re.IGNORECASE)
# Kinds of figure that add and multiply: amounts, measures and durations (a percentage of
# one thing plus a percentage of another is no percentage of anything).
_ADDS = frozenset({"money", "measure", "duration"})
_MAX_PARTS = 3
_MAX_SHOWN = 8  # figures of one kind in a claim beyond which no working is read
_COUNT_LIMIT = Decimal(100)  # a count of people or items, not a year or an amount


def _grounded(g: Figure, ev: PreparedEvidence) -> bool:
    return g.key in ev.by_key and g.qualifier in (None, "exact")


@lru_cache(maxsize=256)
def _says_total(text: str) -> bool:
    """Whether a claim says it gives a total (read once per claim, not per figure)."""
    return _SUM_CUE.search(text) is not None


def worked_out(c: Parsed, f: Figure, ev: PreparedEvidence) -> bool:
    """Whether the claim's figure ``f`` is the exact sum or product of figures the claim
    shows beside it, each of which the evidence states (see the module docstring)."""
    if f.qualifier not in (None, "exact"):
        return False
    if f.per:
        # a rate worked out from a rate of the same unit: "25% off …, which brings chorus
        # costumes down from £20 to £15 per week each" (the first rate's unit elided)
        rates = [g for g in c.figures if g is not f and g.dim == f.dim and g.unit == f.unit
                 and _grounded(g, ev) and (g.per == f.per or (not g.per and any(
                     e.per == f.per for e in ev.by_key.get(g.key, ()))))]
        return f.kind == "money" and len(rates) <= _MAX_SHOWN and _shown_share(c, f, rates, ev)
    if f.kind == "percent":
        return f.unit == "pp" and _shown_change(c, f, ev)
    if f.kind not in _ADDS and not (f.kind == "number" and _says_total(c.text)):
        return False  # (a plain count only where the claim says it is a total)
    parts = [g for g in c.figures if g is not f and g.dim == f.dim and g.unit == f.unit
             and _grounded(g, ev)]
    if len(parts) > _MAX_SHOWN:
        return False  # a list of amounts shows no one sum (and stays cheap on hostile text)
    if _SUM_CUE.search(c.text):
        for n in range(2, min(_MAX_PARTS, len(parts)) + 1):
            if any(sum(g.value for g in group) == f.value for group in combinations(parts, n)):
                return True
    if _shown_change(c, f, ev) or _shown_margin(c, f, ev):
        return True
    if f.kind in _ADDS and _LEFT.search(c.text, 0, f.start) and any(
            a.value - b.value == f.value and a.start < f.start and b.start < f.start
            for a, b in combinations(parts, 2)):
        return True  # "£52 …, a £10 deposit …, leaving £42 each to pay then"
    if _EACH_CUE.search(c.text):
        counts = [g.number for g in c.figures if g.kind == "number" and g.qualifier is None
                  and 1 < g.number < _COUNT_LIMIT and g.number == int(g.number)]
        if any(n * g.value == f.value for n in counts for g in parts):
            return True
    if _shown_share(c, f, parts, ev) or _halved(c, f, parts, ev):
        return True
    return f.kind == "money" and _shown_discount(c, f, parts, ev)


# "the surcharge is halved", "at half price", "doubled" (checks v22)
_HALVED = re.compile(r"\b(?:halved|half[\s-]price|reduced\s+by\s+half|cut\s+in\s+half)\b",
                     re.IGNORECASE)
_DOUBLED = re.compile(r"\b(?:doubled|double\s+the|twice\s+the)\b", re.IGNORECASE)
_NEAR = 3  # words either side of a figure that name what it is ("a £45 surcharge")


def _halved(c: Parsed, f: Figure, parts: list[Figure], ev: PreparedEvidence) -> bool:
    """Whether the claim's figure is half (or double) another figure it shows that the
    evidence states, and an evidence sentence says that what the figure is of is halved
    (doubled): "You'd pay a £45 surcharge instead of £90" for "carry a £90 surcharge …
    the surcharge is halved" (a word within three of the figure, "surcharge", in the
    sentence that halves)."""
    if f.kind not in _ADDS:
        return False
    half = any(g.value == 2 * f.value for g in parts)
    double = any(f.value == 2 * g.value for g in parts)
    if not (half or double):
        return False
    s = next((x for x in c.sentences if x.start <= f.start < x.start + len(x.text)), None)
    if s is None:
        return False
    k = next((j for j, t in enumerate(s.toks) if t.start >= f.start), len(s.toks))
    near = {st for st in s.stems[max(0, k - _NEAR):k + _NEAR + 1] if st is not None}
    cue = _HALVED if half else _DOUBLED
    return any(cue.search(x.text) and near & x.content for x in ev.sentences)


# a share of a figure, or one taken off it, said anywhere in the claim (checks v19)
_SHARE_OF = re.compile(r"(?:%|\bper\s*cent|\bpercent)\s+of\b", re.IGNORECASE)
_TAKEN_OFF = re.compile(r"(?:%|\bper\s*cent|\bpercent)\s+(?:off|discount)\b|"
                        r"\bhalf[\s-](?:off|price)\b", re.IGNORECASE)


# "half off" and "half price" said for the evidence's "50% off" (checks v24)
_HALF_OFF = re.compile(r"\bhalf[\s-](?:off|price)\b", re.IGNORECASE)
_FIFTY = Decimal(50)
_FIFTY_OFF = re.compile(r"\b50\s*(?:%|per\s*cent|percent)\s+(?:off|discount)\b|\bhalf[\s-]price\b",
                        re.IGNORECASE)


class _Share(NamedTuple):
    value: Decimal
    start: int
    end: int


def _shares(c: Parsed, ev: PreparedEvidence) -> list[_Share]:
    """The claim's percentages a share can be (above 0, below 100, not percentage points)
    that the evidence states; a "half off" where the evidence says 50% is one too."""
    found = [_Share(p.value, p.start, p.end) for p in c.figures if p.kind == "percent"
             and p.unit != "pp" and 0 < p.value < 100 and _grounded(p, ev)]
    half = _HALF_OFF.search(c.text)
    if half is not None and ev.derived("arithmetic.half_off", lambda e: any(
            _FIFTY_OFF.search(x) for x in e.texts)):
        found.append(_Share(_FIFTY, half.start(), half.start() + 4))
    return found


def _shown_share(c: Parsed, f: Figure, parts: list[Figure], ev: PreparedEvidence) -> bool:
    """Whether ``f`` is exactly a share of another figure of the claim (the claim says "…%
    of": "You'll get a text at 20 GB, which is 80% of the limit, and another at the full
    25 GB"), or that figure less the share taken off it (the claim says "…% off" or "…%
    discount": "members get 10% off, bringing the £295 kit down to £265.50"), the share
    and the figure each stated by the evidence."""
    of, off = _SHARE_OF.search(c.text), _TAKEN_OFF.search(c.text)
    comes = _COMES_TO.search(c.text, 0, f.start) is not None
    if of is None and off is None and not comes:
        return False
    for p in _shares(c, ev):
        # the share said of the figure itself: "20 GB, which is 80% of …"; the figure a
        # share off leaves, said after it and the whole: "10% off, bringing the £295 kit
        # down to £265.50"
        share_of = of is not None and p.start > f.end and _WHICH_IS.fullmatch(
            c.text[f.end:p.start]) is not None
        # the share said before the figure it comes to: "£9,500 …, so the 20% booking fee
        # … comes to £1,900" (the whole said before the figure too)
        comes_to = comes and p.end < f.start
        for g in parts:
            if ((share_of or (comes_to and g.end < f.start))
                    and g.value * p.value / 100 == f.value) or (
                    off is not None and p.end < f.start and g.end < f.start
                    and _DOWN_TO.search(c.text, 0, f.start) is not None
                    and g.value * (100 - p.value) / 100 == f.value):
                return True
    return False


_WHICH_IS = re.compile(r"\s*,?\s*(?:which|that)\s+(?:is|was|'s|’s)\s+(?:about\s+|around\s+)?"
                       r"|\s*\(\s*", re.IGNORECASE)
# right before a figure: what a share comes to ("… comes to £1,900", "works out at £30")
_COMES_TO = re.compile(r"\b(?:comes?\s+to|came\s+to|works?\s+out\s+(?:at|to|as)|amounts?\s+to)"
                       r"\s*(?:just\s+|only\s+)?$", re.IGNORECASE)
# right before a figure: what is left of an amount less another ("leaving £42 each")
_LEFT = re.compile(r"\b(?:leaving|leaves|left\s+with|remaining|a\s+balance\s+of)\s*"
                   r"(?:(?:you|just|only)\s+)?$", re.IGNORECASE)
_DOWN_TO = re.compile(r"\b(?:down\s+to|to|for|at|costs?|leaving|making\s+it|so)\s*"
                      r"(?:just\s+|only\s+)?$", re.IGNORECASE)


# a share taken off an amount: "40% off the £900 retail price", "a 25% discount on £80"
_OFF = re.compile(r"^\s*(?:off|discount\s+(?:on|off))\s+(?:(?:the|a|an|its|your)\s+)?"
                  r"(?:[\w-]+\s+){0,2}?$", re.IGNORECASE)


def _shown_discount(c: Parsed, f: Figure, parts: list[Figure], ev: PreparedEvidence) -> bool:
    """Whether ``f`` is an amount the claim shows less a share it shows taken off ("40% off
    the £900 retail price, so … would cost £540"), the share and the amount each stated by
    the evidence."""
    for p in _shares(c, ev):
        for g in parts:
            if g.start > p.end and _OFF.match(c.text[p.end:g.start]) and \
                    g.value * (100 - p.value) / 100 == f.value:
                return True
    return False


# "by" right before a figure: the size of a change ("rose by £2 million to £12 million")
_BY = re.compile(r"\bby\s+$", re.IGNORECASE)


def _shown_change(c: Parsed, f: Figure, ev: PreparedEvidence) -> bool:
    """Whether ``f`` is given as a change ("by …") and is the difference between another
    figure of the claim and a figure of the same kind stated beside it in one evidence
    sentence."""
    if _BY.search(c.text[max(0, f.start - 8):f.start]) is None:
        return False
    ends = [g for g in c.figures if g is not f and g.dim == f.dim and g.key != f.key
            and _grounded(g, ev)]
    for g in ends[:_MAX_SHOWN]:
        for sent, item in ev.occurrences.get(("f", *g.key), ())[:_MAX_SHOWN]:
            if any(other.group == item.group and other.key != item.key
                   and isinstance(other.key[2], Decimal)
                   and abs(g.value - other.key[2]) == f.value for other in sent.items):
                return True
    return False


# A figure given as a margin over something named after "than": "ran 2:01:39, 78 seconds
# faster than Kimetto's previous record".
_LESS = ("faster", "quicker", "less", "fewer", "shorter", "earlier", "lower", "cheaper",
         "smaller", "lighter", "younger")
_MORE = ("slower", "more", "longer", "later", "higher", "dearer", "bigger", "heavier",
         "taller", "older")
_MARGIN = re.compile(
    r"\s+(?:(?P<less>" + "|".join(_LESS) + ")|(?P<more>" + "|".join(_MORE) + r"))\s+than\s+"
    r"(?P<target>(?:[\w'’.-]+\s*){1,6})", re.IGNORECASE)


def _target(m: re.Match[str]) -> list[str]:
    """The content stems of the words after "than", in order."""
    return [stem(w.lower()) for w in re.findall(r"[A-Za-z]{2,}", m["target"])
            if w.lower() not in STOP]


def reversed_margin(c: Parsed, ev: PreparedEvidence) -> Finding | None:
    """``polarity_mismatch`` for a margin the evidence states the other way round over the
    same thing: "£8 dearer than paying the daily maximum" where the evidence says "£8
    cheaper than paying the daily maximum" (the same figure, the opposite comparative, the
    first content word after "than" the same). A converse ("the daily maximum is £8
    dearer than the permit") names another thing after "than", and is not read."""
    for f in c.figures:
        m = _MARGIN.match(c.text, f.end)
        if m is None:
            continue
        first = next(iter(_target(m)), None)
        for g in ev.by_key.get(f.key, ())[:_MAX_SHOWN]:
            for p in ev.parsed:
                if not any(x is g for x in p.figures):
                    continue
                e = _MARGIN.match(p.text, g.end)
                if e is not None and first is not None and first in _target(e) \
                        and bool(e["less"]) != bool(m["less"]):
                    word = (e["less"] or e["more"]).lower()
                    said = (m["less"] or m["more"]).lower()
                    return Finding("polarity_mismatch", "contradiction",
                                   f"the claim says {f.text!r} {said!r} where the evidence "
                                   f"says {g.text!r} {word!r}", said, p.text)
    return None


def _shown_margin(c: Parsed, f: Figure, ev: PreparedEvidence) -> bool:
    """Whether ``f`` is a margin "… than X", in the direction the comparative says,
    between another figure of the claim and a figure of the same kind in an evidence
    sentence that names X (one content word of the words after "than")."""
    m = _MARGIN.match(c.text, f.end)
    if m is None:
        return False
    target = set(_target(m))
    ends = [g for g in c.figures if g is not f and g.dim == f.dim and g.key != f.key
            and _grounded(g, ev)]
    if not target or not ends:
        return False
    sign = 1 if m["less"] else -1  # "faster than" the other: the other is the larger
    for sent in ev.sentences:
        if not target & sent.content:
            continue
        for it in sent.items:
            if it.group != f.dim or not isinstance(it.key[2], Decimal):
                continue
            if any(it.key != ("f", *g.key) and sign * (it.key[2] - g.value) == f.value
                   for g in ends[:_MAX_SHOWN]):
                return True
    return False


# A duration the evidence counts back or forward from a time: "one hour before closing".
_OFFSET = re.compile(r"\s*(?:(?P<before>before|earlier\s+than|ahead\s+of)|"
                     r"(?P<after>after|later\s+than))\b", re.IGNORECASE)


def _offsets(ev: PreparedEvidence) -> tuple[frozenset[int], frozenset[int]]:
    """The durations (in minutes) the evidence gives before and after something."""
    before: set[int] = set()
    after: set[int] = set()
    for p in ev.parsed:
        for g in p.figures:
            if g.kind != "duration" or g.dim != "seconds" or g.qualifier is not None:
                continue
            m = _OFFSET.match(p.text, g.end)
            minutes = g.value / 60
            if m is None or minutes != int(minutes) or not 0 < minutes < 24 * 60:
                continue
            (before if m["before"] else after).add(int(minutes))
    return frozenset(before), frozenset(after)


def offset_time(t: TimeRef, ev: PreparedEvidence) -> bool:
    """Whether the claim's time ``t`` is a time of the evidence moved by a duration the
    evidence gives before or after something: 16:00 for "open … to 17:00" and "last entry
    is one hour before closing"."""
    before, after = ev.derived("arithmetic.offsets", _offsets)
    return any(t.minutes == m - d for m in ev.times for d in before) or any(
        t.minutes == m + d for m in ev.times for d in after)

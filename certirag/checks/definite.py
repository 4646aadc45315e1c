"""``comparison_mismatch``: "the lower" (or "the highest") of named things, against their
figures in separate sentences.

"Flex Saver has the lower standing charge." against "The Flex Saver tariff has … a standing
charge of 53p per day. … The Fixed 24 tariff … with a standing charge of 49p per day." holds
every word of the claim in the evidence, and our small model reads it as near even
(P(entailment) 0.34): no sentence compares the two, so :mod:`certirag.checks.comparisons`
(two figures in one sentence) does not read it.

:func:`check_definite` reads a claim sentence without figures that gives a named thing
(its capitalised words before the comparison) "the lower", "the higher", "the cheaper" …
or "the lowest" … of something in lower-case words ("standing charge"). Each evidence
sentence that holds every one of those words and one figure right beside them ("a standing
charge of 53p per day", "a 53p standing charge") gives that figure to the names it holds.
The finding is raised when a sentence holds the claim's names and another, with none of
them, gives a figure of the same dimension, unit and period that beats it the other way
(a lower one for "the higher"). A comparison negated or hedged ("not the lower", "may
have the lower") is left alone.

It reads, too, an amount compared with a count of a priced thing: "A day ticket at £6 is
cheaper than two single fares." against "A single fare costs £2.40, and a day ticket costs
£6." is a ``comparison_mismatch`` (two singles are £4.80), where the evidence gives the thing
one price (an amount right beside its words) in the claim amount's currency.
"""

from __future__ import annotations

import re

from certirag.checks._text import COMMON
from certirag.checks.base import Finding
from certirag.checks.comparisons import comparable_figures
from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.text.contractions import negation_cue

__all__ = ["check_definite"]

_LOW = frozenset({"lower", "lowest", "cheaper", "cheapest", "smaller", "smallest", "shorter",
                  "shortest", "fewer", "fewest"})
_HIGH = frozenset({"higher", "highest", "dearer", "dearest", "larger", "largest", "bigger",
                   "biggest", "greater", "greatest", "longer", "longest"})
_DEFINITE = re.compile(r"\bthe\s+(?P<cmp>" + "|".join(sorted(_LOW | _HIGH)) + r")"
                       r"(?P<thing>(?:\s+[a-z][a-z'’-]*){1,3}?)"
                       r"(?=\s*(?:[.,;!?]|$)|\s+(?:of|at|in|on|for|and|but|with)\b)")
_HEDGED = re.compile(negation_cue("not|no|never|may|might|could|perhaps|possibly"),
                     re.IGNORECASE)
_ONE_OF = re.compile(r"\b(?:one|some|among)\s+(?:of\s+)?$", re.IGNORECASE)
_NEAR_AFTER = 3  # tokens between the thing's last word and its figure ("charge of 53p")
# (a figure before the thing stands right before its first word: "a 53p standing charge")


def _names(s: SentInfo, lo: int, hi: int) -> set[str]:
    """The stems of the capitalised words of ``s`` between offsets ``lo`` and ``hi`` (its
    first word only if it is no common word)."""
    return {st for k, (t, st) in enumerate(zip(s.toks, s.stems, strict=True))
            if st and lo <= t.start < hi and t.text[:1].isupper()
            and not (k == 0 and t.text.lower() in COMMON)}


def _figure(s: SentInfo, figures: list[Figure], thing: set[str]) -> Figure | None:
    """The one figure right beside the words ``thing`` in ``s``; ``None`` when there is none
    or more than one."""
    at = [k for k, st in enumerate(s.stems) if st in thing]
    if not at:
        return None
    first, last = min(at), max(at)
    near = []
    for f in figures:
        k = next((i for i, t in enumerate(s.toks) if t.start >= f.start), len(s.toks))
        end = max((i for i, t in enumerate(s.toks) if t.end <= f.end), default=-1)
        if 0 < k - last <= _NEAR_AFTER + 1 or first - end == 1:
            near.append(f)
    return near[0] if len(near) == 1 else None


def _beside(ev: PreparedEvidence, thing: set[str], money: bool = False
            ) -> list[tuple[Figure, SentInfo]]:
    """Each evidence sentence that holds every word of ``thing`` with the one comparable
    figure (an amount, with ``money``) right beside them (:func:`_figure`)."""
    out = []
    for p in ev.parsed:
        for s in p.sentences:
            if not thing <= s.content:
                continue
            figs = [f for f in comparable_figures(p, s) if not money or f.kind == "money"]
            f = _figure(s, figs, thing)
            if f is not None:
                out.append((f, s))
    return out


def _given(ev: PreparedEvidence, thing: set[str]) -> list[tuple[set[str], Figure, SentInfo]]:
    """:func:`_beside`, each with the names of its sentence (those that have one)."""
    named = [(_names(s, s.start, s.end) - thing, f, s) for f, s in _beside(ev, thing)]
    return [(names, f, s) for names, f, s in named if names]


def check_definite(c: Parsed, ev: PreparedEvidence, q: Question,
                   out: list[Finding]) -> None:
    """``comparison_mismatch`` (see the module docstring)."""
    _multiples(c, ev, out)
    if c.figures or out:
        return  # a comparison with its figures: the figures check reads them
    for s in c.sentences:
        for m in _DEFINITE.finditer(c.text, s.start, s.end):
            before = c.text[s.start:m.start()]
            if _HEDGED.search(before) or _ONE_OF.search(before):
                continue  # (negated, hedged, or "one of the lowest": one among several)
            mine = _names(s, s.start, m.start())
            thing = {st for t, st in zip(s.toks, s.stems, strict=True)
                     if st and m.start("thing") <= t.start < m.end("thing")}
            if not mine or not thing:
                continue
            given = _given(ev, thing)
            own = [f for names, f, _ in given if mine <= names]
            if len(own) != 1:
                continue
            f0 = own[0]
            low = m.group("cmp").lower() in _LOW
            for names, f, e in given:
                if names & mine or (f.dim, f.unit, f.per) != (f0.dim, f0.unit, f0.per):
                    continue
                if (f.value < f0.value) if low else (f.value > f0.value):
                    out.append(Finding(
                        "comparison_mismatch", "contradiction",
                        f"the claim gives {m.group(0)!r} to what the evidence gives "
                        f"{f0.text!r}; it gives {f.text!r} to another: {e.text.strip()!r}",
                        m.group(0), e.text.strip()))
                    return


# "cheaper than two single fares": a money figure of the claim against a count of a thing
# whose price the evidence gives
_MULTIPLE = re.compile(
    r"\b(?P<cmp>cheaper|less\s+expensive|dearer|more\s+expensive|costlier)\s+than\s+"
    r"(?:buying\s+|paying\s+(?:for\s+)?)?(?P<n>two|three|four|five|six|seven|eight|nine|ten"
    r"|\d{1,2})\s+(?P<thing>(?:[a-z][a-z'’-]*\s+){0,2}?[a-z][a-z'’-]*)"
    r"(?=\s*(?:[.,;!?]|$)|\s+(?:of|at|in|on|for|and|but|with)\b)", re.IGNORECASE)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10}
_CHEAPER = ("cheaper", "less")


def _multiples(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """``comparison_mismatch`` for "A day ticket at £6 is cheaper than two single fares."
    where the evidence gives a single fare £2.40: the claim's amount against the count times
    the price the evidence gives the thing (one amount right beside its words, the same
    currency in every sentence that gives one)."""
    for s in c.sentences:
        for m in _MULTIPLE.finditer(c.text, s.start, s.end):
            mine = [f for f in c.figures if s.start <= f.start < m.start()
                    and f.kind == "money" and f.qualifier in (None, "exact")]
            if len(mine) != 1 or _HEDGED.search(c.text[s.start:m.start()]):
                continue
            n = m.group("n").lower()
            count = int(n) if n.isdigit() else _COUNTS[n]
            thing = {st for t, st in zip(s.toks, s.stems, strict=True)
                     if st and m.start("thing") <= t.start < m.end("thing")}
            prices = [f for f, _ in _beside(ev, thing, money=True)] if thing else []
            a = mine[0]
            if len({(f.value, f.dim) for f in prices}) != 1 or prices[0].dim != a.dim:
                continue  # (no price, or two: "a single fare costs £2.40 … £3 at peak")
            total = prices[0].value * count
            cheaper = m.group("cmp").lower().startswith(_CHEAPER)
            if (a.value >= total) if cheaper else (a.value <= total):
                out.append(Finding(
                    "comparison_mismatch", "contradiction",
                    f"the claim says {a.text!r} is {m.group('cmp')} than {m.group('n')} "
                    f"{m.group('thing')}; the evidence gives {prices[0].text!r} each, "
                    f"{total} for {count}", m.group(0), a.text))
                return

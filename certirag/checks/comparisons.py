"""``comparison_mismatch``: two things compared the other way round from their figures.

"Meadows far from rivers shrank more than those near river mouths." against "meadows near
river mouths lost an average of 18% of their area …, while meadows far from rivers lost 4%",
and "Serious adverse events were more common with tirnavumab than with placebo." against
"… occurred in 2.1% of the tirnavumab group and 2.4% of the placebo group" share nearly every
word with their evidence, and the model reads them as entailed. A claim that compares
("more", "less", "higher", "fewer" … "than" a thing, not a number) and states no figure
of its own is read against each evidence sentence that gives exactly two figures of one
kind and names both things: the thing after "than" takes the figure whose label (the
phrase after it, "2.1% of the tirnavumab group", or the words before it back to the
clause's edge, "while meadows far from rivers lost 4%") holds its own words, the claim's
other side the other figure, and the finding is raised when the claim orders the two
figures the other way.
Figures that are equal, a comparison negated, hedged or only by a degree ("barely",
"slightly") and a sentence that names only one of the two things are left alone.
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.text.contractions import negation_cue

__all__ = ["check_comparisons", "comparable_figures"]

_UP = ("more", "greater", "higher", "larger", "bigger")
_DOWN = ("less", "fewer", "lower", "smaller")
_COMPARE = re.compile(
    r"\b(?P<cmp>" + "|".join(_UP + _DOWN) + r")\b"
    r"(?P<mid>(?:\s+[\w'’-]+){0,4}?)\s+than\s+(?P<other>[^,.;:!?]+)", re.IGNORECASE)
# "than" before a number is a bound ("more than 40 albums"), the figures check's
_NUMBER = re.compile(r"\s*(?:[£$€]|\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|"
                     r"a\s+(?:third|quarter|half|fifth|tenth)|half|twice|double|expected|"
                     r"usual|before|ever|average)\b)", re.IGNORECASE)
# a comparison negated, hedged or only by a degree ("barely", "slightly"): no order to check
_NEGATED = re.compile(negation_cue("not|no|never|nor|hardly|barely|slightly|may|might|could")
                      + r"\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
# kinds of figure two things are compared by
_KINDS = frozenset({"money", "percent", "measure", "duration", "number"})


def _stems(s: SentInfo, lo: int, hi: int) -> set[str]:
    return {str(st) for t, st in zip(s.toks, s.stems, strict=True)
            if st is not None and lo <= t.start < hi}


def comparable_figures(p: Parsed, s: SentInfo) -> list[Figure]:
    """The figures of sentence ``s`` of ``p`` that two things can be compared by: of a
    kind in :data:`_KINDS`, and not bounded ("more than 40")."""
    return [f for f in p.figures if s.start <= f.start < s.end and f.kind in _KINDS
            and f.qualifier in (None, "approx", "exact")]


def _sentence_figures(ev: PreparedEvidence) -> list[tuple[SentInfo, list[Figure]]]:
    out = []
    for p in ev.parsed:
        for s in p.sentences:
            figs = comparable_figures(p, s)
            if len(figs) == 2 and figs[0].dim == figs[1].dim and figs[0].unit == figs[1].unit:
                out.append((s, figs))
    return out


# Where the words that label a figure stop: a clause's edge or the other side's start.
_BOUNDARY = frozenset({",", ";", ":", "(", ")", "while", "whereas", "but", "and", "compared",
                       "versus", "vs", "against", "than", "with"})
# A figure labelled by what follows it: "2.1% of the tirnavumab group".
_AFTER = frozenset({"of", "in", "for", "among", "on", "at", "from"})


def _labels(s: SentInfo, figs: list[Figure], sides: set[str]) -> list[set[str]]:
    """The content stems that label each figure of ``s``: the prepositional phrase after
    it when it holds a word of the claim's ``sides`` ("2.1% of the tirnavumab group"; not
    "18% of their area"), else the words before it back to a clause's edge ("while
    meadows far from rivers lost 4%")."""
    low = [t.text.lower() for t in s.toks]
    spans = [(next((k for k, t in enumerate(s.toks) if t.start >= f.start), len(low)),
              max((k for k, t in enumerate(s.toks) if t.end <= f.end), default=-1))
             for f in figs]
    inside = {k for a, b in spans for k in range(a, b + 1)}
    out: list[set[str]] = []
    for a, b in spans:
        after: set[str] = set()
        j = b + 1
        if j < len(low) and low[j] in _AFTER:
            while j < len(low) and low[j] not in _BOUNDARY and j not in inside:
                if s.stems[j] is not None:
                    after.add(str(s.stems[j]))
                j += 1
        if after & sides:
            out.append(after)
            continue
        before: set[str] = set()
        j = a - 1
        while j >= 0 and low[j] not in _BOUNDARY and j not in inside:
            if s.stems[j] is not None:
                before.add(str(s.stems[j]))
            j -= 1
        out.append(before)
    return out


def _side(words: set[str], labels: list[set[str]]) -> int | None:
    """The one figure whose label holds some of ``words`` (not a word of both labels)."""
    own = [bool((words - (labels[0] & labels[1])) & lab) for lab in labels]
    return own.index(True) if own.count(True) == 1 else None


def check_comparisons(c: Parsed, ev: PreparedEvidence, q: Question,
                      out: list[Finding]) -> None:
    if c.figures:
        return  # a comparison with its figures: the figures check reads them
    for s in c.sentences:
        for m in _COMPARE.finditer(c.text, s.start, s.end):
            if _NUMBER.match(m.group("other")) or _NEGATED.search(c.text, s.start, m.start()):
                continue
            than = m.start("other")
            other = _stems(s, than, m.end("other"))
            mine = _stems(s, s.start, than) - other
            other -= _stems(s, s.start, than)
            if not other or not mine:
                continue
            up = m.group("cmp").lower() in _UP
            for e, figs in ev.derived("comparisons.figures", _sentence_figures):
                if not (other & e.content) or not (mine & e.content):
                    continue
                labels = _labels(e, figs, mine | other)
                theirs = _side(other, labels)
                if theirs is None or _side(mine, labels) == theirs:
                    continue
                a, b = figs[1 - theirs].value, figs[theirs].value
                if a == b or (a > b) == up:
                    continue
                what = "more" if up else "less"
                out.append(Finding(
                    "comparison_mismatch", "contradiction",
                    f"the claim says {what} than {m.group('other').strip()!r}; the evidence "
                    f"gives {figs[1 - theirs].text!r} against {figs[theirs].text!r}",
                    m.group(0), e.text.strip()))
                return

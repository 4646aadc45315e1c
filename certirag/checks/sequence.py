"""``value_swap``: the next item of a numbered order given to another item.

"After looked-after children, priority goes to children of staff." against "… places are
allocated in the following order. First, looked-after and previously looked-after
children. Second, children with a sibling already attending the school … Third, children of
staff …" holds every word of the claim in the evidence, and our small model reads it as
entailed (P(entailment) 0.86): the claim skips the second item.

:func:`check_sequence` reads an order the evidence gives as sentences that open with an
ordinal ("First,", "Second,", "Third," …; three items at least), and a claim that opens with
"After X," (what comes after X). Each side is matched to the item that shares most of its
content words (more than any other item does, and half of its own words); a ``value_swap``
is found when the item the claim puts after X is not the one the evidence puts next.
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.parse import MARKERS, Parsed, SentInfo, content_words
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_sequence", "ordered_items"]

_ORDINALS = {"first": 1, "firstly": 1, "second": 2, "secondly": 2, "third": 3, "thirdly": 3,
             "fourth": 4, "fourthly": 4, "fifth": 5, "fifthly": 5, "sixth": 6, "seventh": 7,
             "eighth": 8}
_MIN_ITEMS = 3
_AFTER = re.compile(r"^\s*after\s+(?P<x>[^,]{3,120}),\s*(?P<rest>.+)$", re.IGNORECASE)
# words of the order itself, not of an item
_ORDER_WORDS = frozenset("prioriti priority go goe come next place order rank allocat "
                         "give given".split())


def ordered_items(ev: PreparedEvidence) -> list[tuple[int, SentInfo]]:
    """The items of a numbered order: ``(position, sentence)`` for each evidence sentence
    that opens with an ordinal and a comma, when positions 1, 2 and 3 are all there."""
    items: list[tuple[int, SentInfo]] = []
    for s in ev.sentences:
        if len(s.toks) > 2 and s.toks[1].text == ",":
            pos = _ORDINALS.get(s.toks[0].text.lower())
            if pos is not None:
                items.append((pos, s))
    positions = {p for p, _ in items}
    if not set(range(1, _MIN_ITEMS + 1)) <= positions:
        return []
    return items


def _words(s: SentInfo, lo: int, hi: int) -> set[str]:
    """The content stems of ``s`` between character offsets ``lo`` and ``hi``."""
    return {st for t, st in zip(s.toks, s.stems, strict=True)
            if st and lo <= t.start < hi and not st.startswith(MARKERS)
            and st not in _ORDER_WORDS}


def _match(words: set[str], items: list[tuple[int, frozenset[str]]]) -> int | None:
    """The position of the one item that shares most of ``words`` (at least half)."""
    scored = sorted(((len(words & w), p) for p, w in items), reverse=True)
    if not scored or not words or scored[0][0] * 2 < len(words):
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][1]


def check_sequence(c: Parsed, ev: PreparedEvidence, question: Question,
                   out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial:
        return
    claims = [(s, m) for s in c.sentences if (m := _AFTER.match(s.text)) is not None]
    if not claims:
        return
    items = ev.derived("sequence.items", ordered_items)
    if not items:
        return
    contents = [(p, content_words(s.content) - _ORDER_WORDS) for p, s in items]
    for s, m in claims:
        x = _match(_words(s, s.start + m.start("x"), s.start + m.end("x")), contents)
        y = _match(_words(s, s.start + m.start("rest"), s.end), contents)
        if x is None or y is None or y == x + 1 or not any(p == x + 1 for p, _ in items):
            continue
        nxt = next(e for p, e in items if p == x + 1)
        out.append(Finding(
            "value_swap", "contradiction",
            f"the evidence puts another item next: {nxt.text.strip()!r}",
            s.text, nxt.text.strip()))
        return

"""Value swaps: a value the evidence states, but for another subject or list item.

A sentence that lists values of the same kind (``£150 per night in London and £110 per night
elsewhere``) is cut into one segment per value: the words between two values go to the
earlier one up to the first boundary (``,`` ``;`` ``and`` ``or`` ``while`` ``whereas`` …) and
to the later one after the last boundary; words before the first value and after the first
boundary past the last value are shared. When every value's words come before it (``Physics
in 1903 and Chemistry in 1911``), the first value takes as many words from the end of the
sentence's start as the others have, and the rest is shared. Between two values a ``;``
(list items: "(a) for X, 14 days; (b) for Y, 28 days") is the one boundary that counts, so
commas inside an item do not cut it. A segment's *exclusive* words
are those no other segment and no shared part has. The claim's words around its value are
read the same way.

A claim value is swapped when every place the evidence states it is such a list, and in each
the value's own segment has exclusive words, the claim uses none of them, and the claim uses
exclusive words of another value. A claim that speaks of exclusion (``outside``, ``except``,
``other than``) is left alone. Dates match at the claim's precision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from certirag.checks.parse import Item, SentInfo

__all__ = ["Segments", "SwapHit", "claim_context", "find_swap", "same_value", "segments"]

_BOUNDS = frozenset({",", ";", "and", "or", "while", "whereas", "but", "versus", "vs",
                     "compared", "against", "respectively"})
_MAX_VALUES = 40
_EXCLUSION = frozenset({"outside", "except", "excluding", "other", "beyond", "apart", "besides",
                        "not", "n't"})


@dataclass(frozen=True, slots=True)
class Segments:
    """The words attached to each value of one group in a sentence."""

    items: tuple[Item, ...]
    own: tuple[frozenset[str], ...]
    shared: frozenset[str]

    def exclusive(self, i: int) -> frozenset[str]:
        others: set[str] = set(self.shared)
        for j, words in enumerate(self.own):
            if j != i:
                others |= words
        return self.own[i] - others


def segments(sent: SentInfo, group: str) -> Segments | None:
    """Segments of ``sent`` for the values of ``group``; ``None`` when it has no value of it."""
    if sum(it.group == group for it in sent.items) > _MAX_VALUES:
        return None  # not a list anyone reads as one
    elems: list[tuple[int, str | None, Item | None, str]] = []  # start, word, item, lower
    spans = sorted((it.start, it.end) for it in sent.items)
    k = 0
    for tok, st in zip(sent.toks, sent.stems, strict=True):
        while k < len(spans) and spans[k][1] <= tok.start:
            k += 1
        if k < len(spans) and spans[k][0] <= tok.start < spans[k][1]:
            continue
        elems.append((tok.start, st, None, tok.text.lower()))
    for it in sent.items:
        if it.group == group:
            elems.append((it.start, None, it, ""))
        else:
            elems.append((it.start, it.token, None, ""))
    elems.sort(key=lambda x: x[0])
    pos = [i for i, el in enumerate(elems) if el[2] is not None]
    if not pos:
        return None
    # a value in brackets right after another is the same value restated: "330 m (1,083 ft)"
    kept = [pos[0]]
    for p in pos[1:]:
        between = [elems[k][3] for k in range(kept[-1] + 1, p)]
        if between and all(w in ("(", "[", "or", "=") for w in between):
            continue
        kept.append(p)
    pos = kept
    own: list[set[str]] = [set() for _ in pos]
    shared: set[str] = set()

    def words(a: int, b: int) -> list[str]:
        return [w for _, w, _, _ in elems[a:b] if w]

    regions: list[tuple[list[str], list[str], bool]] = []  # before, after, has boundary
    for i in range(len(pos) - 1):
        a, b = pos[i] + 1, pos[i + 1]
        bounds = [k for k in range(a, b) if elems[k][3] in _BOUNDS]
        strong = [k for k in range(a, b) if elems[k][3] == ";"]
        if strong:  # list items: "(a) for X, 14 days; (b) for Y, 28 days"
            regions.append((words(a, strong[0]), words(strong[-1] + 1, b), True))
        elif not bounds:
            regions.append((words(a, b), [], False))
        else:
            regions.append((words(a, bounds[0]), words(bounds[-1] + 1, b), True))
    # "Physics in 1903 and Chemistry in 1911": every value's words come before it
    pre = bool(regions) and all(has and not before and after for before, after, has in regions)
    prefix = words(0, pos[0])
    for i, (before, after, _) in enumerate(regions):
        own[i].update(before)
        own[i + 1].update(after)
    a = pos[-1] + 1
    tail_bounds = [k for k in range(a, len(elems)) if elems[k][3] in _BOUNDS]
    stop = tail_bounds[0] if tail_bounds else len(elems)
    if pre:
        width = min(len(set(after)) for _, after, _ in regions)
        own[0].update(prefix[len(prefix) - width:] if width else [])
        shared.update(prefix[:len(prefix) - width])
        shared.update(words(a, len(elems)))
    else:
        shared.update(prefix)
        own[-1].update(words(a, stop))
        shared.update(words(stop, len(elems)))
    items = tuple(_item(elems[p][2]) for p in pos)
    return Segments(items, tuple(frozenset(o) for o in own), frozenset(shared))


def _item(it: Item | None) -> Item:
    assert it is not None  # positions are chosen where an item sits
    return it


@dataclass(frozen=True, slots=True)
class SwapHit:
    """The evidence value whose words the claim used, and those words."""

    item: Item
    words: frozenset[str]


def claim_context(sent: SentInfo, item: Item) -> frozenset[str] | None:
    """The claim's words around ``item``; ``None`` if it speaks of exclusion."""
    seg = segments(sent, item.group)
    if seg is None:
        return None
    for i, it in enumerate(seg.items):
        if it.start == item.start:
            ctx = seg.own[i] | seg.shared
            break
    else:
        ctx = seg.shared
    lows = {t.text.lower() for t in sent.toks}
    if lows & _EXCLUSION:
        return None
    return ctx


def same_value(claim_key: tuple[object, ...], key: tuple[object, ...]) -> bool:
    """Whether an evidence item ``key`` states the claim's value: equal, or for dates, the
    same at the claim's precision (``1968`` and ``18 May 1968``)."""
    if claim_key == key:
        return True
    if claim_key[0] == "d" and key[0] == "d":
        return all(a is None or a == b for a, b in zip(claim_key[1:], key[1:], strict=True))
    return False


def find_swap(ctx: frozenset[str], key: tuple[object, ...], group: str,
              occurrences: list[tuple[SentInfo, Item]],
              segments_of: Callable[[SentInfo, str], Segments | None]) -> SwapHit | None:
    """A swap of the claim value ``key`` (claim words ``ctx``) given the evidence sentences
    that state it (``segments_of`` cuts one into segments), or ``None``."""
    hit: SwapHit | None = None
    done: set[int] = set()
    for sent, _ in occurrences:
        if id(sent) in done:
            continue
        done.add(id(sent))
        seg = segments_of(sent, group)
        if seg is None:
            return None
        mine = [i for i, it in enumerate(seg.items) if same_value(key, it.key)]
        others = [j for j, it in enumerate(seg.items) if not same_value(key, it.key)]
        if not mine or not others:
            return None  # stated on its own: plain support
        own = [seg.exclusive(i) for i in mine]
        if any(ctx & words for words in own) or not all(own):
            return None  # the claim names the value's own subject, or nothing tells
        found = None
        for j in others:
            common = ctx & seg.exclusive(j)
            if common:
                found = SwapHit(seg.items[j], frozenset(common))
                break
        if found is None:
            return None
        hit = hit or found
    return hit

"""A frequency borrowed from another item of a list: "The bus runs every 15 minutes on
weekdays and every 30 minutes on Sundays." read as "It runs every 30 minutes on weekdays."

The frequency check (:mod:`certirag.checks.frequency`) grounds a claim's frequency that an
evidence sentence about the same thing states. When that sentence states two or more
different frequencies, each is an item of a list, and the words around each belong to it
as the words around figures do (:func:`certirag.checks.swap.segments`): the claim's
frequency is swapped when the claim uses none of the words that belong to it alone and
uses words that belong to another frequency alone. The same reading as the value swap
(:func:`certirag.checks.swap.find_swap`), with the frequencies of a sentence as its items
and frequencies that agree (:meth:`~certirag.checks.frequency.Frequency.agrees`) as one
value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from certirag.checks.parse import Item, SentInfo
from certirag.checks.swap import SwapHit, claim_context, find_swap, segments

if TYPE_CHECKING:
    from certirag.checks.frequency import Frequency

__all__ = ["GROUP", "frequency_swap"]

#: The item group of a frequency (no figure, date or time is listed with one).
GROUP = "frequency"


def _keys(freqs: Sequence[Frequency], among: Sequence[Frequency]) -> list[int | None]:
    """For each of ``freqs``, the index of the first of ``among`` it agrees with."""
    return [next((j for j, g in enumerate(among) if f.agrees(g)), None) for f in freqs]


def _listed(s: SentInfo, freqs: Sequence[Frequency], keys: Sequence[tuple[object, ...]]
            ) -> SentInfo:
    """``s`` with ``freqs`` as items of :data:`GROUP` (keyed by ``keys``) in place of the
    figures, dates and times inside them."""
    def inside(it: Item) -> bool:
        return any(f.start <= it.start and it.end <= f.end for f in freqs)

    items = [it for it in s.items if not inside(it)]
    items += [Item.of(GROUP, k, f.start, f.end, f.text)
              for f, k in zip(freqs, keys, strict=True)]
    return replace(s, items=sorted(items, key=lambda it: it.start))


def frequency_swap(claim: SentInfo, f: Frequency, claimed: Sequence[Frequency],
                   stated: Sequence[tuple[SentInfo, Sequence[Frequency]]]) -> SwapHit | None:
    """The evidence frequency whose words the claim's frequency ``f`` (one of ``claimed``,
    those of the claim sentence ``claim``) took, or ``None``. ``stated``: each evidence
    sentence that states a frequency agreeing with ``f``, with the frequencies it states
    (not the bare periods of rates); every one must list another frequency, as in
    :func:`~certirag.checks.swap.find_swap`."""
    occurrences: list[tuple[SentInfo, Item]] = []
    key: tuple[object, ...] | None = None
    for sent, freqs in stated:
        keys = _keys(freqs, freqs)
        mine = next((keys[j] for j, g in enumerate(freqs) if f.agrees(g)), None)
        if mine is None or all(k == mine for k in keys):
            return None  # stated alone (or only in agreeing words): plain support
        listed = _listed(sent, freqs, [("q", k) for k in keys])
        if key is not None and key != ("q", mine):
            return None  # different places in different lists: not one reading
        key = ("q", mine)
        occurrences.append((listed, next(it for it in listed.items if it.key == key)))
    if key is None:
        return None
    own: list[tuple[object, ...]] = [key if x is f else ("c", i)
                                     for i, x in enumerate(claimed)]
    read = _listed(claim, claimed, own)
    item = next(it for it in read.items if it.group == GROUP and it.key == key)
    ctx = claim_context(read, item)
    if not ctx:
        return None
    return find_swap(ctx, key, GROUP, occurrences, segments)

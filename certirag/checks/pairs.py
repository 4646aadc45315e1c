"""Values a claim pairs that the evidence gives in different items of one list.

A timetable or a tariff often lists its rows in one sentence, each row a key value and its
own value, the rows cut by ";" ("the 07:42 from Harwick arrives in Dunmore at 09:10; the
08:15 from Harwick arrives at 09:55"). A claim that pairs the key of one row with the value
of another ("The 08:15 from Harwick arrives in Dunmore at 09:10.") states both values, each
in a sentence that holds the other, and so passes the grounding and binding checks; the
list-segment reading of :mod:`certirag.checks.swap` sees no words of its own in a row whose
key is itself a value. :func:`check_list_pairs` reads the rows: a ``value_swap`` when an
evidence sentence that states all the claim's values (figures, dates, times) is such a list
and one of the values shares its row with no other value of the claim (a claim over two
whole rows takes each value with another of its row). A sentence or row that states them
all together, anywhere in the evidence, clears the claim.
"""

from __future__ import annotations

from certirag.checks.base import Finding
from certirag.checks.parse import Item, ItemKey, Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_list_pairs"]


def _rows(s: SentInfo) -> list[set[ItemKey]]:
    """The keys of the values in each ";"-cut row of ``s`` (one row when it has no ";")."""
    cuts = [s.start + k for k, ch in enumerate(s.text) if ch == ";"]
    rows: list[set[ItemKey]] = [set() for _ in range(len(cuts) + 1)]
    for it in s.items:
        rows[sum(c < it.start for c in cuts)].add(it.key)
    return rows


def check_list_pairs(c: Parsed, ev: PreparedEvidence, question: Question,
                     out: list[Finding]) -> None:
    """``value_swap`` for claim values the evidence pairs only across rows of a list."""
    if any(f.code == "value_swap" for f in out):
        return
    # the whole claim: a short answer read after its question ("The 08:15 … arrives at
    # what time? 09:10") holds its values in two sentences
    items: dict[ItemKey, Item] = {it.key: it for cs in c.sentences for it in cs.items}
    if len(items) < 2:
        return
    keys = set(items)
    found: tuple[Item, SentInfo] | None = None
    for s in ev.sentences:
        rows = _rows(s)
        if not keys <= set().union(*rows):
            continue
        if any(keys <= row for row in rows):
            return  # stated together: the claim pairs what the evidence pairs
        # a claim over whole rows ("the 07:42 arrives at 09:10 and the 08:15 at 09:55")
        # takes each value with another of its row
        alone = [k for k in items if not any(k in row and len(keys & row) > 1 for row in rows)]
        if alone and found is None:
            found = items[alone[0]], s
    if found is not None:
        item, s = found
        others = ", ".join(repr(it.text) for it in items.values() if it is not item)
        out.append(Finding("value_swap", "contradiction",
                           f"the evidence gives {item.text!r} in another item of its list "
                           f"than {others}", item.text, s.text))

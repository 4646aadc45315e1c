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

:func:`check_rival_values` reads the same borrowing across sentences: a claim value the
evidence states only in sentences without the claim's name, where a sentence with the name
gives another value of its kind for what the claim's value measures (the words within five
of it): "The standing charge on Fixed 24 is 53p a day." where 53p is the Flex Saver
tariff's and "The Fixed 24 tariff … with a standing charge of 49p per day".
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.parse import Item, ItemKey, Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence
from certirag.text.contractions import negation_cue

__all__ = ["check_list_pairs", "check_rival_values"]


def _rows(s: SentInfo) -> list[set[ItemKey]]:
    """The keys of the values in each ";"-cut row of ``s`` (one row when it has no ";")."""
    cuts = [s.start + k for k, ch in enumerate(s.text) if ch == ";"]
    rows: list[set[ItemKey]] = [set() for _ in range(len(cuts) + 1)]
    for it in s.items:
        rows[sum(c < it.start for c in cuts)].add(it.key)
    return rows


def _all_rows(ev: PreparedEvidence) -> list[tuple[SentInfo, list[set[ItemKey]], set[ItemKey]]]:
    """Each evidence sentence with its rows (:func:`_rows`) and all their keys, built once
    per prepared evidence."""
    out = []
    for s in ev.sentences:
        rows = _rows(s)
        out.append((s, rows, set().union(*rows)))
    return out


def check_list_pairs(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """``value_swap`` for claim values the evidence pairs only across rows of a list; the
    claim's own ";"-cut rows are read one by one (a sentence copied whole pairs nothing
    across its rows)."""
    if any(f.code == "value_swap" for f in out):
        return
    # a claim without ";" is one row: a short answer read after its question ("The 08:15
    # … arrives at what time? 09:10") holds its values in two sentences; else each
    # sentence's rows are read apart
    cuts = _row_cuts(c.text)
    rows: dict[tuple[int, int], dict[ItemKey, Item]] = {}
    for n, cs in enumerate(c.sentences):
        for it in cs.items:
            at = (n, sum(k < it.start for k in cuts)) if cuts else (0, 0)
            rows.setdefault(at, {}).setdefault(it.key, it)
    for items in rows.values():
        if len(items) > 1 and _pair_across_rows(items, ev, out):
            return


_ROW_CUT = re.compile(r";|\s[-–—]\s")
_DENIES = re.compile(negation_cue("not|no|never|cannot"), re.IGNORECASE)


def _row_cuts(text: str) -> list[int]:
    """Where a claim's rows part: each ";", and a spaced dash between a clause that denies
    and one that does not ("… aren't accepted on Sundays - they're Monday to Saturday
    only": two statements, checks v21; "The 08:15 from Harwick is the one to take - it
    arrives at 09:10" is one)."""
    marks = list(_ROW_CUT.finditer(text))
    bounds = [0, *(m.start() for m in marks), len(text)]
    cuts = []
    for k, m in enumerate(marks):
        if m[0] == ";" or (_DENIES.search(text, bounds[k], m.start()) is None) != (
                _DENIES.search(text, m.end(), bounds[k + 2]) is None):
            cuts.append(m.start())
    return cuts


def _pair_across_rows(items: dict[ItemKey, Item], ev: PreparedEvidence,
                      out: list[Finding]) -> bool:
    """Whether ``items`` (one row of the claim) are paired only across rows of an
    evidence list; the finding goes to ``out``."""
    keys = set(items)
    found: tuple[Item, SentInfo] | None = None
    for s, rows, held in ev.derived("pairs.rows", _all_rows):
        if not keys <= held:
            continue
        if any(keys <= row for row in rows):
            return False  # stated together: the claim pairs what the evidence pairs
        # a claim over whole rows ("the 07:42 arrives at 09:10 and the 08:15 at 09:55")
        # takes each value with another of its row
        alone = [k for k in items if not any(k in row and len(keys & row) > 1 for row in rows)
                 and _rivalled(s, items[k])]
        if alone and found is None:
            found = items[alone[0]], s
    if found is None:
        return False
    item, s = found
    others = ", ".join(repr(it.text) for it in items.values() if it is not item)
    out.append(Finding("value_swap", "contradiction",
                       f"the evidence gives {item.text!r} in another item of its list than "
                       f"{others}", item.text, s.text))
    return True


def _rivalled(s: SentInfo, item: Item) -> bool:
    """Whether two rows of ``s`` or more hold a value of ``item``'s group: the rows are a
    list of like things ("the 07:42 … at 09:10; the 08:15 … at 09:55"), not a condition and
    its price ("You can apply online if the child is under 16; the fee is £61.50.",
    checks v24)."""
    cuts = [s.start + k for k, ch in enumerate(s.text) if ch == ";"]
    return len({sum(c < it.start for c in cuts) for it in s.items if it.group == item.group}) > 1


# values of another subject, in another sentence -----------------------------------------

_NEAR = 5  # words either side of a value that say what it measures
_PRICE = re.compile(r"money|percent")  # the groups of values a subject owns
_BREAK = frozenset(",;:()")


def _near(s: SentInfo, it: Item) -> set[str]:
    """The content stems within :data:`_NEAR` words of ``it`` in ``s``, not past a comma."""
    before = [k for k, t in enumerate(s.toks) if t.end <= it.start]
    after = [k for k, t in enumerate(s.toks) if t.start >= it.end]
    out: set[str] = set()
    for run in (reversed(before[-_NEAR * 2:]), after[:_NEAR * 2]):
        taken = 0
        for k in run:
            if s.toks[k].text in _BREAK or taken >= _NEAR:
                break
            if not any(x.start <= s.toks[k].start < x.end for x in s.items):
                taken += 1
                stem = s.stems[k]
                if stem:
                    out.add(stem)
    return out


def _names(s: SentInfo, words: tuple[str, ...]) -> bool:
    low = s.text.lower()
    return all(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", low) for w in words)


def check_rival_values(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """``value_swap`` for a claim value that the evidence states only in sentences without
    the claim's name, where a sentence with the name gives another value of its kind for
    what the claim's value measures ("The standing charge on Fixed 24 is 53p a day." where
    "53p per day" is the Flex Saver tariff's and "The Fixed 24 tariff … with a standing
    charge of 49p per day"). A sentence right after one with the name may name it by a
    pronoun and clears the value, as does a sentence with any other name of the claim ("…
    introduced at the Geneva Motor Show in 2006" gives 2006 to the car, not the show); a
    claim with two values of one kind (a comparison) is not read, nor are dates and counts
    (a news story's dates are many, each an event's own): amounts of money and rates."""
    if any(f.code == "value_swap" for f in out) or not c.entities:
        return
    items = [it for cs in c.sentences for it in cs.items]
    for cs in c.sentences:
        for it in cs.items:
            if not _PRICE.match(it.group) or sum(x.group == it.group for x in items) != 1:
                continue  # dates of news events are many, each its own: prices and rates
            what = _near(cs, it) - {w for e in c.entities for w in e.words}
            if not what or any(_names(s, e.words) for s in ev.sentences for e in c.entities
                               if any(x.key == it.key for x in s.items)):
                continue  # stated with one of the claim's names: that name's value
            for e in c.entities:
                hit = _rival(ev, it, e.words, what)
                if hit is not None:
                    out.append(Finding(
                        "value_swap", "contradiction",
                        f"the evidence gives {it.text!r} for another subject; for "
                        f"{e.text!r} it gives {hit.text!r}", it.text, hit.text))
                    return


def _rival(ev: PreparedEvidence, it: Item, name: tuple[str, ...], what: set[str]
           ) -> Item | None:
    """The value another sentence gives ``name`` for ``what``, when no sentence gives it
    ``it``; ``None`` otherwise."""
    rival: Item | None = None
    stated = False
    for p in ev.parsed:
        prev_named = False
        for s in p.sentences:
            named = _names(s, name)
            has = any(x.key == it.key for x in s.items)
            if has:
                stated = True
                if named or prev_named:
                    return None  # stated with the name, or right after it
            elif named and rival is None:
                need = min(2, len(what))
                rival = next((x for x in s.items if x.group == it.group and x.key != it.key
                              and len(_near(s, x) & what) >= need), None)
            prev_named = named
    return rival if stated else None

"""Value swaps: a value the evidence states, but for another subject or list item.

A sentence that lists values of the same kind (``£150 per night in London and £110 per night
elsewhere``) is cut into one segment per value: the words between two values go to the
earlier one up to the first boundary (``,`` ``;`` ``and`` ``or`` ``while`` ``whereas``
``than`` …) and to the later one after the last boundary ("£8 cheaper than paying the daily
maximum of £20": the daily maximum is £20's); words before the first value and after the first
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

When that list reading finds nothing, :func:`certirag.checks.clause_swap.find_sentence_swap`
reads the sentence by its clauses and by the word each value measures.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from certirag.checks._text import Token
from certirag.checks.parse import Item, SentInfo, listed_with

__all__ = ["Segments", "SwapHit", "capitalised_stems", "change_end", "claim_context",
           "distinct_sentences", "find_swap", "is_change", "outside_items", "same_value",
           "segments"]

_BOUNDS = frozenset({",", ";", "and", "or", "while", "whereas", "but", "versus", "vs", "than",
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


def _root(st: str | None) -> str | None:
    """A stem with a noun's "-ion" taken off, so that the noun and its verb are one word
    ("contribution" and "contributes": "contribut")."""
    if st is not None and len(st) > 7 and st.endswith("ion"):
        return st[:-3]
    return st


def outside_items(sent: SentInfo) -> list[tuple[Token, str | None]]:
    """The tokens of ``sent`` (with their stems, a noun's "-ion" off: :func:`_root`) that
    no value of it covers."""
    spans = sorted((it.start, it.end) for it in sent.items)
    out: list[tuple[Token, str | None]] = []
    k = 0
    toks = sent.toks
    for i, (tok, st) in enumerate(zip(toks, sent.stems, strict=True)):
        while k < len(spans) and spans[k][1] <= tok.start:
            k += 1
        if not (k < len(spans) and spans[k][0] <= tok.start < spans[k][1]):
            low = tok.text.lower()
            if st is None and low in ("on", "off") and (
                    i + 1 == len(toks) or toks[i + 1].text.lower() in _PARTICLE_END):
                st = "~" + low  # "with noise cancellation off and …": a state, not a place
            elif st is None and _LABEL_LETTER.fullmatch(tok.text) and i and \
                    _LABEL_HEAD.fullmatch(toks[i - 1].text):
                st = "#" + low  # "Zone C", "Plan B": the letter names the item (checks v21)
            out.append((tok, _root(st)))
    return out


# a letter that labels an item after its noun ("35 minutes in Zone A, 45 minutes in Zone B");
# not "I", and not after a one-letter word ("A B C")
_LABEL_LETTER = re.compile(r"[A-HJ-Z]")
_LABEL_HEAD = re.compile(r"[A-Za-z][a-z]+")

# what follows "on" / "off" as a state ("switched on.", "off and …"), not a preposition
_PARTICLE_END = frozenset({".", ",", ";", ":", "!", "?", ")", "and", "or", "but"})


def segments(sent: SentInfo, group: str) -> Segments | None:
    """Segments of ``sent`` for the values of ``group``; ``None`` when it has no value of it."""
    if sum(listed_with(group, it.group) for it in sent.items) > _MAX_VALUES:
        return None  # not a list anyone reads as one
    elems: list[tuple[int, str | None, Item | None, str]] = [  # start, word, item, lower
        (tok.start, st, None, tok.text.lower()) for tok, st in outside_items(sent)]
    for it in sent.items:
        if listed_with(group, it.group):
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
        if not between and group == "date":
            kept[-1] = p  # "Sunday 11 May": a weekday and its date, one value (the date)
            continue
        kept.append(p)
    pos = kept
    own: list[set[str]] = [set() for _ in pos]
    shared: set[str] = set()

    def words(a: int, b: int) -> list[str]:
        return [w for _, w, _, _ in elems[a:b] if w]

    # each value in brackets after its item: "with tirnavumab (2.1%) than with placebo
    # (2.4%)", "films such as Coraline (2009), ParaNorman (2012)": the words before a value
    # are its own (before the first, as many as the others have, below)
    bracketed = len(pos) > 1 and all(p > 0 and elems[p - 1][3] == "(" for p in pos)
    regions: list[tuple[list[str], list[str], bool]] = []  # before, after, has boundary
    first_item: list[str] = []  # after the first ";": the second item's words
    for i in range(len(pos) - 1):
        a, b = pos[i] + 1, pos[i + 1]
        if bracketed:
            regions.append(([], words(a, b), True))
            continue
        bounds = [k for k in range(a, b) if elems[k][3] in _BOUNDS]
        strong = [k for k in range(a, b) if elems[k][3] == ";"]
        if i == 0 and strong and not bracketed:
            first_item = words(strong[-1] + 1, b)
        if strong:  # list items: "(a) for X, 14 days; (b) for Y, 28 days"
            regions.append((words(a, strong[0]), words(strong[-1] + 1, b), True))
        elif not bounds:
            regions.append((words(a, b), [], False))
        else:
            regions.append((words(a, bounds[0]), words(bounds[-1] + 1, b), True))
    # "Physics in 1903 and Chemistry in 1911": every value's words come before it
    pre = bracketed or (bool(regions) and all(has and not before and after
                                              for before, after, has in regions))
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
        # "terms: kettles carry a 2-year warranty; toasters carry a 1-year warranty": the
        # first item's words before its value (after a heading's colon), as many as the
        # second item has before its own
        colon = max((k for k in range(pos[0]) if elems[k][3] == ":"), default=-1)
        head = words(colon + 1, pos[0]) if first_item else []
        width = min(len(head), len(set(first_item)))
        own[0].update(head[len(head) - width:] if width else [])
        shared.update(prefix[:len(prefix) - width])
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


#: Words of a change ("rising to", "fell to", "up from"): a clause they open goes on with
#: the item of the clause before, so they are no item words and measure nothing.
_CHANGE = ("rise", "rising", "rose", "risen", "fall", "fell", "grew", "growing", "increas",
           "decreas", "dropp", "climb", "jump", "soar", "slump", "plung", "plummet", "declin",
           "surg", "tumbl", "shrank", "shrink", "shrunk", "reach")
_CHANGE_WORDS = frozenset({"up", "down", "grow", "grows", "grown", "drop", "drops", "doubled",
                           "tripled", "halved", "cut", "cuts", "edged", "slipped", "lifted",
                           "lowered", "raised", "boosted", "gained", "expanded"})


def is_change(low: str) -> bool:
    """Whether ``low`` is a word of a change ("rising", "fell", "up")."""
    return low in _CHANGE_WORDS or low.startswith(_CHANGE)


def change_end(sent: SentInfo, item: Item) -> str | None:
    """``"from"`` when ``item`` is what a change started from ("up 6% from $4.53 billion",
    "fell to $310 million from $355 million"), ``"to"`` when it is what the change came
    to ("grew 6% to $4.8 billion"); None otherwise."""
    before = [t.text.lower() for t in sent.toks if t.end <= item.start][-6:]
    if before and before[-1] in ("from", "to") and any(is_change(w) for w in before[:-1]):
        return before[-1]
    return None


def capitalised_stems(sent: SentInfo) -> frozenset[str]:
    """The stems of the capitalised words of ``sent`` after its first word."""
    return frozenset(st for k, (tok, st) in enumerate(zip(sent.toks, sent.stems, strict=True))
                     if k and st and tok.text[:1].isupper())


def same_value(claim_key: tuple[object, ...], key: tuple[object, ...]) -> bool:
    """Whether an evidence item ``key`` states the claim's value: equal, or for dates, the
    same at the claim's precision (``1968`` and ``18 May 1968``)."""
    if claim_key == key:
        return True
    if claim_key[0] == "d" and key[0] == "d":
        return all(a is None or a == b for a, b in zip(claim_key[1:], key[1:], strict=True))
    return False


def distinct_sentences(occurrences: list[tuple[SentInfo, Item]]) -> list[SentInfo]:
    """The sentences of ``occurrences`` (a sentence with each value it states), each once, in
    order."""
    return list({id(sent): sent for sent, _ in occurrences}.values())


def find_swap(ctx: frozenset[str], key: tuple[object, ...], group: str,
              occurrences: list[tuple[SentInfo, Item]],
              segments_of: Callable[[SentInfo, str], Segments | None]) -> SwapHit | None:
    """A swap of the claim value ``key`` (claim words ``ctx``) given the evidence sentences
    that state it (``segments_of`` cuts one into segments), or ``None``."""
    hit: SwapHit | None = None
    for sent in distinct_sentences(occurrences):
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
        names = capitalised_stems(sent)
        opening = ctx & names & seg.shared
        for j in others:
            if change_end(sent, seg.items[j]) == "from":
                continue  # "$4.8 billion, up 6% from $4.53 billion": the same item before
            common = ctx & seg.exclusive(j)
            if opening and not common & names and seg.exclusive(j) & names:
                continue  # "Lake Ontario is 244 m deep, whereas Lake Erie reaches 64 m":
                # the claim's name opens the sentence, the other value has a name of its own
            if common:
                found = SwapHit(seg.items[j], frozenset(common))
                break
        if found is None:
            return None
        hit = hit or found
    return hit

"""Value swaps inside one evidence sentence, read by its clauses.

:func:`certirag.checks.swap.find_swap` reads a sentence as a flat list; the rules here read
its clauses and the word each value measures, for a value the sentence gives to one item
while the claim gives it to another item the same sentence names with another value.

:func:`find_sentence_swap` reads each sentence that
states a claim figure by its clauses ("The container shipping division accounted for 62% of
revenue, while the tanker division contributed 31%."): the sentence is cut between two
values at the strongest connective (``;`` ``while`` ``whereas`` ``but`` ``compared``, then
``and``, then ``,``; never inside "from 4% to 6%"), and two clauses of one value each are
aligned word by word, before and after their values. Where both have words of their own at
the same place, those words name the items (``container shipping`` / ``tanker``); a
clause's words that the other lacks are elided there, not an item. The figure is swapped
when the claim uses the other clause's item words and none of its own clause's. Inside one
clause, the word each value measures ("profit of £9.2 million on sales of £71 million",
"served 14 months of a four-year sentence") decides: the claim's value measures the word of
another value and none of the words of its own. Words of a change ("rising to") name no
item, and an age set off after a name ("Ng, 19,") is no rival of a count.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from certirag.checks.parse import Item, SentInfo
from certirag.checks.swap import (
    SwapHit,
    distinct_sentences,
    is_change,
    outside_items,
    same_value,
)

__all__ = ["find_sentence_swap"]


#: Clause connectives between two values, strongest first: the cut is made at the strongest
#: one found between two neighbouring values of the group (the first, if several).
_CLAUSE_CUTS: dict[str, int] = {";": 3, "while": 3, "whilst": 3, "whereas": 3, "but": 3,
                                "compared": 3, "versus": 3, "vs": 3, "although": 3,
                                "and": 2, ",": 1}
#: Where the words of the last clause end after its value: what follows is said of all.
_TAIL_STOP = frozenset({*_CLAUSE_CUTS, "until", "when", "because", "after", "before", "as",
                        "since", "which", "who", "so", "though", "where", "with", "including",
                        "excluding", "such", "like", "among", "plus", "then", "(", ":"})
#: Function words that tell items apart ("meadows near river mouths"): kept as words.
_PLACE = frozenset({"near", "above", "below", "under", "over", "before", "after", "within",
                    "without", "inside", "outside", "beyond", "between"})
#: Words that end the search for the word a value measures (a clause or relative starts).
_HEAD_STOP = frozenset({"and", "or", "but", "nor", "while", "whilst", "whereas", "which",
                        "who", "whom", "whose", "that", "when", "where", "if", "than",
                        "compared", "versus", "vs", "against", "although", "though"})
_HEAD_SKIP = 3  # function words skipped on the way to the measured word
#: What may stand between two values of one item ("from 4% to 6%", "£50-£80", "5% (3%)",
#: "between 1992 and 1995"): such values are one statement, never rivals.
_LINK = frozenset({"to", "from", "and", "or", "between", "up", "down", "by", "than", "-",
                   "\u2013", "\u2014", "/", "(", ")", ",", "in", "at", "on", "a", "an", "the",
                   "about", "around", "nearly", "almost", "some"})
#: Words by which a clause refers back to the other clause's item ("10% of those left
#: untreated"): the item's words are the two clauses' shared words.
_BACK = frozenset({"those", "ones"})
_VALUE = "#V"  # the value of a clause, in the words it is aligned by


@dataclass(frozen=True, slots=True)
class _Elem:
    """One token or item of a sentence: ``word`` is what it means for the comparison (a
    content stem, a kept place word, another item's token, ``#V`` for a value of the group),
    ``low`` the lowercased token, ``item`` the value of the group it is."""

    word: str | None
    low: str
    item: Item | None



def _elems(sent: SentInfo, group: str) -> list[_Elem]:
    seq: list[tuple[int, _Elem]] = []
    for tok, st in outside_items(sent):
        low = tok.text.lower()
        word = None if is_change(low) else st or (low if low in _PLACE else None)
        seq.append((tok.start, _Elem(word, low, None)))
    for it in sent.items:
        if it.group == group:
            seq.append((it.start, _Elem(_VALUE, "", it)))
        else:
            seq.append((it.start, _Elem(it.token, "", None)))
    seq.sort(key=lambda x: x[0])
    return [el for _, el in seq]


def _apposed(els: list[_Elem], i: int) -> bool:
    """Whether the value at ``i`` is a bare number set off after a name ("Ng, 19,", "Ng
    (19)"): an age, which is no rival of a count and has none but another such age."""
    it = els[i].item
    if it is None or it.key[1] != "number":
        return False
    before = els[i - 1].low if i > 0 else ""
    after = els[i + 1].low if i + 1 < len(els) else ""
    return before in (",", "(") and after in (",", ")", ".", "")


def _only(els: list[_Elem], apposed: bool) -> list[_Elem]:
    """``els`` with the values whose setting-off differs from ``apposed`` made plain items."""
    out: list[_Elem] = []
    for i, el in enumerate(els):
        if el.item is not None and _apposed(els, i) != apposed:
            out.append(_Elem(el.item.token, "", None))
        else:
            out.append(el)
    return out


def _linked(els: list[_Elem], i: int, j: int) -> bool:
    """Whether only link words (or other items) stand between two values."""
    lo, hi = min(i, j), max(i, j)
    return all(el.low in _LINK or (el.item is None and (el.word or "").startswith("#"))
               for el in els[lo + 1:hi])


def _cuts(els: list[_Elem]) -> list[int]:
    """Where the sentence is cut into clauses: between each two neighbouring values of the
    group that are not one statement, at the strongest connective between them (the first
    of equals), if any."""
    pos = [i for i, el in enumerate(els) if el.item is not None]
    cuts: list[int] = []
    for a, b in pairwise(pos):
        if _linked(els, a, b):
            continue
        best, at = 0, -1
        for k in range(a + 1, b):
            rank = _CLAUSE_CUTS.get(els[k].low, 0)
            if rank > best:
                best, at = rank, k
        if at >= 0:
            cuts.append(at)
    return cuts


@dataclass(frozen=True, slots=True)
class _Clause:
    """A clause with one value: its words before and after the value."""

    item: Item
    pre: tuple[str, ...]
    post: tuple[str, ...]


def _clauses(els: list[_Elem]) -> list[list[_Elem]]:
    """The sentence cut into clauses (:func:`_cuts`); the last one ends where a connective
    follows its last value."""
    cuts = _cuts(els)
    parts = [els[lo + 1:hi] for lo, hi in zip([-1, *cuts], [*cuts, len(els)], strict=True)]
    last = parts[-1]
    at = max((i for i, el in enumerate(last) if el.item is not None), default=len(last))
    end = next((k for k in range(at + 1, len(last)) if last[k].low in _TAIL_STOP), len(last))
    parts[-1] = last[:end]
    return parts


def _clause(part: list[_Elem]) -> _Clause | None:
    """``part`` as a clause with one value; ``None`` when it has none or several."""
    at = [i for i, el in enumerate(part) if el.item is not None]
    if len(at) != 1:
        return None
    item = part[at[0]].item
    assert item is not None
    return _Clause(item, tuple(el.word for el in part[:at[0]] if el.word),
                   tuple(el.word for el in part[at[0] + 1:] if el.word))


def _gaps(a: tuple[str, ...], b: tuple[str, ...]) -> list[tuple[list[str], list[str]]]:
    """``a`` and ``b`` aligned on their longest common subsequence: the words each has
    between two common words (one gap more than there are common words)."""
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            table[i][j] = (table[i + 1][j + 1] + 1 if a[i] == b[j]
                           else max(table[i + 1][j], table[i][j + 1]))
    gaps: list[tuple[list[str], list[str]]] = []
    ga: list[str] = []
    gb: list[str] = []
    i = j = 0
    while i < n or j < m:
        if i < n and j < m and a[i] == b[j]:
            gaps.append((ga, gb))
            ga, gb = [], []
            i += 1
            j += 1
        elif j >= m or (i < n and table[i + 1][j] >= table[i][j + 1]):
            ga.append(a[i])
            i += 1
        else:
            gb.append(b[j])
            j += 1
    gaps.append((ga, gb))
    return gaps


def _contrast(own: _Clause, other: _Clause) -> tuple[frozenset[str], frozenset[str]]:
    """The words by which two parallel clauses name different items: the own clause's
    (all of them) and the other's (those facing the own's, nearest the value).

    The words before the values are aligned, and those after them. A gap where both clauses
    have words of their own names the items ("the [container shipping] division … while
    the [tanker] division"); a gap that only one has is left out (words the other elides, a
    frame such as "researchers found that"). The gaps away from the value come first (the
    items' names, before the values: "the [container shipping] division accounted for");
    then those next to it (the predicate or the unit: "[profit] was £9.2m, [sales] £71m";
    "5.2% [in March], compared with 4.8% [in February]"); then the rest after it."""
    pre = _gaps(own.pre, other.pre)
    post = _gaps(own.post, other.post)
    tiers = [[(g, True) for g in pre[:-1]], [(pre[-1], True), (post[0], False)],
             [(g, False) for g in post[1:]]]
    for tier in tiers:
        subs = [(g, before) for g, before in tier if g[0] and g[1]]
        if not subs:
            continue
        mine: set[str] = set()
        theirs: set[str] = set()
        for (ga, gb), before in subs:
            mine.update(ga)
            width = min(len(ga), len(gb))
            theirs.update(gb[len(gb) - width:] if before else gb[:width])
        return (frozenset(mine - {*other.pre, *other.post}),
                frozenset(theirs - {*own.pre, *own.post}))
    return frozenset(), frozenset()


def _clause_swap(words: frozenset[str], key: tuple[object, ...], els: list[_Elem]
                 ) -> tuple[Item, frozenset[str]] | None:
    """The claim value ``key`` stated in one clause, the claim naming the item of another
    clause of the sentence (which states another value) and none of its own clause's."""
    parts = _clauses(els)
    holding = [p for p in parts if any(el.item is not None and same_value(key, el.item.key)
                                       for el in p)]
    own = _clause(holding[0]) if len(holding) == 1 else None
    if own is None:
        return None
    for part in parts:
        other = _clause(part)
        if other is None or same_value(key, other.item.key):
            continue
        mine, theirs = _contrast(own, other)
        if any(el.low in _BACK for el in part):
            # "90% of puppies survive with care, compared with 10% of those left untreated":
            # "those" stands for what follows the value, so what tells the clauses apart
            # is what comes before it
            mine = frozenset(own.pre) - {*other.pre, *other.post}
        if mine and theirs and not words & mine and words & theirs:
            return other.item, words & theirs
    return None


def _heads(els: list[_Elem], i: int) -> tuple[str | None, str | None]:
    """The words a value measures: the nearest content word on each side ("profit of
    £9.2 million", "a four-year sentence", "served 14 months"), past at most a few function
    words, never past punctuation, a connective or another value."""
    out: list[str | None] = []
    for step in (-1, 1):
        k, skipped, head = i + step, 0, None
        while 0 <= k < len(els) and skipped <= _HEAD_SKIP:
            el = els[k]
            if el.item is not None or el.low in _HEAD_STOP or (
                    el.word is None and el.low and not el.low[0].isalpha()):
                break
            if el.word is not None and el.low not in _PLACE:
                head = None if el.word.startswith("#") else el.word
                break
            skipped += 1
            k += step
        out.append(head)
    return out[0], out[1]


def _head_swap(claim_heads: tuple[str | None, str | None], words: frozenset[str],
               key: tuple[object, ...], els: list[_Elem]) -> tuple[Item, frozenset[str]] | None:
    """The claim value measures the word another value of the same clause measures, on the
    same side, while none of the words the evidence value measures is in the claim."""
    own: set[str] = set()
    mine: list[int] = []
    others: list[int] = []
    for i, el in enumerate(els):
        if el.item is None:
            continue
        if same_value(key, el.item.key):
            own.update(h for h in _heads(els, i) if h)
            mine.append(i)
        else:
            others.append(i)
    if not own or own & words:
        return None
    cuts = _cuts(els)
    for j in others:
        if any(_linked(els, i, j) or any(min(i, j) < k < max(i, j) for k in cuts)
               for i in mine):
            continue  # one statement ("from 4% to 6%"), or another clause's value
        matched = {c for c, o in zip(claim_heads, _heads(els, j), strict=True) if c and c == o}
        item = els[j].item
        if matched and item is not None:
            return item, frozenset(matched)
    return None


def find_sentence_swap(claim: SentInfo, item: Item,
                       occurrences: list[tuple[SentInfo, Item]]) -> SwapHit | None:
    """A swap inside one evidence sentence: in every evidence sentence that states the claim
    value ``item`` (of the claim sentence ``claim``), the value belongs to one item and
    another value of its kind to the item the claim names: by the sentence's clauses
    (:func:`_clause_swap`) or by the words the values measure (:func:`_head_swap`).
    The hit's words are the claim's words for the other item. Figures only: a date or a
    time is more often what dates another value ("at the 2011 Census") than an item's
    own value. A claim that states two values of the kind itself puts each in its own
    place ("if the employee puts in 3%, the company adds 5%"): no swap is read here."""
    if item.key[0] != "f" or sum(it.group == item.group for it in claim.items) > 1:
        return None
    full = _elems(claim, item.group)
    at = next((i for i, el in enumerate(full) if el.item is not None
               and el.item.start == item.start), None)
    if at is None:
        return None
    apposed = _apposed(full, at)
    cels = _only(full, apposed)
    words = frozenset(el.word for el in cels if el.word and el.word != _VALUE)
    heads = _heads(cels, at)
    hit: SwapHit | None = None
    for sent in distinct_sentences(occurrences):
        els = _only(_elems(sent, item.group), apposed)
        found = _clause_swap(words, item.key, els) or _head_swap(heads, words, item.key, els)
        if found is None:
            return None
        if hit is None:
            shown = frozenset(t.text.lower() for t, st in zip(claim.toks, claim.stems,
                                                               strict=True)
                              if (st or t.text.lower()) in found[1])
            hit = SwapHit(found[0], shown or found[1])
    return hit

"""Which way something passed between two names: paid to, or accepted from.

"Daniel Hargreave paid £48,000 in bribes to Stonebridge Surfacing." against "Hargreave had
been found guilty of accepting £48,000 in bribes from a paving contractor, Stonebridge
Surfacing Ltd." holds every name, figure and most words of its evidence, and our small
model reads it as entailed (P(entailment) 0.67). :func:`directions` reads, for two names
in a sentence, a giving verb (pay, give, send, lend, sell, transfer …) with "to" before
the second name, or a taking verb (accept, receive, take, borrow, buy …) with "from"
before it; two names the other way round read the other way ("B paid A" is "A received
from B").

:func:`transfer_mismatch` gives the relation the claim states when evidence sentences
relate the same two names only the other way: ``relation_mismatch`` (the evidence never
says what the claim says of them).
"""

from __future__ import annotations

import re

from certirag.checks._text import stem

__all__ = ["directions", "transfer_mismatch"]

_GIVE = frozenset(stem(w) for w in """pay pays paid paying give gives gave given giving
send sends sent sending lend lends lent lending sell sells sold selling transfer transfers
transferred donate donates donated offer offers offered hand handed wire wired loan loaned
""".split())
_TAKE = frozenset(stem(w) for w in """accept accepts accepted accepting receive receives
received receiving take takes took taken taking borrow borrows borrowed borrowing buy buys
bought buying collect collected obtain obtained solicit solicited solicits get got""".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z'’&-]*|\d[\d,.]*|[^\sA-Za-z\d]")
_MAX_GAP = 20  # words from the first name to the second
_GIVING, _TAKING = "giving", "taking"
_MAX_NAMES = 8  # a claim's names read in pairs (a claim is a sentence, not a passage)


def _find(words: list[str], name: list[str]) -> int | None:
    n = len(name)
    return next((i for i in range(len(words) - n + 1) if words[i:i + n] == name), None)


def _name_words(name: str, words: list[str]) -> list[str] | None:
    """``name`` as the words of a sentence write it: whole, or its last word alone
    ("Hargreave" for "Daniel Hargreave")."""
    full = [w.lower().removesuffix("'s").removesuffix("’s") for w in _WORD.findall(name)]
    if full and _find(words, full) is not None:
        return full
    return full[-1:] if len(full) > 1 and _find(words, full[-1:]) is not None else None


def directions(text: str, a: str, b: str) -> set[str]:
    """How ``text`` says something passed from ``a`` to ``b``: ``"giving"`` (a gave to b)
    and/or ``"taking"`` (a took from b)."""
    words = [w.lower().removesuffix("'s").removesuffix("’s") for w in _WORD.findall(text)]
    na, nb = _name_words(a, words), _name_words(b, words)
    if na is None or nb is None:
        return set()
    ia, ib = _find(words, na), _find(words, nb)
    assert ia is not None and ib is not None
    first, second, flip = (ia + len(na), ib, False) if ia < ib else (ib + len(nb), ia, True)
    gap = words[first:second]
    if not gap or len(gap) > _MAX_GAP or any(w in ".;?!" for w in gap):
        return set()
    out: set[str] = set()
    prep = {w for w in gap[-5:] if w in ("to", "from")}
    for k, w in enumerate(gap):
        st = stem(w)
        if st in _GIVE and ("to" in prep or k == len(gap) - 1):  # "paid B" is "paid to B"
            out.add(_GIVING)
        elif st in _TAKE and "from" in prep:
            out.add(_TAKING)
    if flip:
        out = {_TAKING if d == _GIVING else _GIVING for d in out}
    return out


def transfer_mismatch(claim: str, names: list[str], evidence: list[str]
                      ) -> tuple[str, str, str, str] | None:
    """``(a, b, said, stated)`` when ``claim`` says something passed between the names
    ``a`` and ``b`` one way (``said``) and the evidence sentences that relate them say only
    the other (``stated``); ``None`` otherwise."""
    if not any(stem(w.lower()) in _GIVE | _TAKE for w in _WORD.findall(claim)):
        return None  # no transfer to read
    names = list(dict.fromkeys(names))[:_MAX_NAMES]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            said = directions(claim, a, b)
            if len(said) != 1:
                continue
            stated: set[str] = set()
            for s in evidence:
                stated |= directions(s, a, b)
            if stated and not said & stated:
                return a, b, next(iter(said)), next(iter(stated))
    return None

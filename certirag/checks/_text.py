"""Shared text utilities of the checks: one-to-one normalisation
(:func:`certirag.text.normalize.normalize`), word tokens, stop words, a light stemmer."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from certirag.text.normalize import normalize

__all__ = [
    "COMMON",
    "STOP",
    "Spans",
    "Token",
    "clause_ids",
    "has_any",
    "has_digit",
    "normalize",
    "stem",
    "stems_of",
    "token_stems",
    "tokens",
    "words",
]


# what parts two clauses of a sentence: a comma, a dash, a colon, "so", "but" …
_CLAUSE_BREAKS = frozenset({",", ";", ":", "-", "–", "—", "so", "but", "while", "whereas"})


def clause_ids(toks: list[Token]) -> list[int]:
    """The clause of each token: a count of the breaks (a comma, a dash, "so", "but" …)
    before it (a break opens the clause after it)."""
    out: list[int] = []
    k = 0
    for t in toks:
        if t.text.lower() in _CLAUSE_BREAKS:
            k += 1
        out.append(k)
    return out


def words(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text`` as a set."""
    return frozenset(text.split())


#: Function words: never content, never names.
STOP = words("""
a an the and or but nor so yet if then than that this these those there here where when while
whereas which who whom whose what why how whether of to in on at by for from with without into
onto upon over under about above below between among through during before after since until
till against within across along around behind beyond near off out up down as per via
is are was were be been being am do does did done doing has have had having will would shall
should may might must can could ought need needs not no never none n't neither either nobody
nothing it its it's itself he him his himself she her hers herself they them their theirs
themselves we us our ours ourselves you your yours yourself yourselves i me my mine myself
one ones also only just even still too very more most less least much many some any each every
all both few several such other another same own s t ca wo
""")

#: Words that start sentences without being names (extends :data:`STOP`).
COMMON = STOP | words("""
however therefore thus hence moreover furthermore although though because unless except
according under following subject provided once whenever wherever otherwise instead meanwhile
indeed overall today yesterday tomorrow now currently recently previously generally usually
typically normally often sometimes always yes please note see first second third finally
employees employers workers staff patients doctors people users customers tenants landlords
companies firms most many several new old since during after before until within across
back then here there later earlier tonight
""")

_TOKEN_RE = re.compile(
    r"(?:[^\W\d_]\.){1,5}[^\W\d_](?![^\W\d_])"  # U.S, e.g, a.m
    r"|[^\W\d_]+(?:['-][^\W\d_]+)*|[0-9]+|[^\w\s]")


class Token(NamedTuple):
    """A word, number or punctuation token with its offsets."""

    text: str
    start: int
    end: int


def tokens(text: str, offset: int = 0) -> list[Token]:
    """Tokens of ``text`` (offsets shifted by ``offset``): words (with inner apostrophes,
    hyphens, dots), digit runs and single punctuation marks. ``doesn't`` gives ``does`` and
    ``n't``, ``cannot`` gives ``can`` and ``not``; a possessive ``'s`` stays."""
    out: list[Token] = []
    new = tuple.__new__  # skips the NamedTuple constructor's extra frame: tokens are many
    for m in _TOKEN_RE.finditer(text):
        word = m.group()
        start = m.start() + offset
        end = start + len(word)
        if len(word) > 3 and (word[-1] == "t" or word[-1] == "T"):
            low = word.lower()
            if low.endswith("n't"):
                out.append(Token(word[:-3], start, end - 3))
                out.append(Token(word[-3:], end - 3, end))
                continue
            if low == "cannot":
                out.append(Token(word[:3], start, start + 3))
                out.append(Token(word[3:], start + 3, end))
                continue
        out.append(new(Token, (word, start, end)))
    return out


_IRREGULAR = {
    "rose": "rise", "risen": "rise", "fell": "fall", "fallen": "fall", "grew": "grow",
    "grown": "grow", "lost": "lose", "won": "win", "paid": "pay", "made": "make",
    "given": "give", "gave": "give", "took": "take", "taken": "take", "went": "go",
    "gone": "go", "held": "hold", "built": "build", "began": "begin", "begun": "begin",
    "wrote": "write", "written": "write", "sold": "sell", "bought": "buy", "kept": "keep",
    "left": "leave", "led": "lead", "born": "bear", "children": "child", "men": "man",
    "women": "woman", "feet": "foot", "people": "person", "n't": "not",
}


_VOWELS = frozenset("aeiou")


def _silent_e(w: str) -> str:
    """A three-letter rest of "-ed"/"-ing" that ends consonant, vowel, consonant gets back
    the silent "e" its verb had ("moved" → "move", "hoping" → "hope", "noted" → "note"), so
    it meets the four-letter verb, which keeps its "e"; a doubled consonant ("hopped")
    says there was none."""
    if len(w) == 3 and w[0] not in _VOWELS and w[1] in _VOWELS and w[2] not in _VOWELS \
            and w[2] not in "wxy":
        return w + "e"
    return w


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light suffix-stripping stem (lowercase) that merges common inflections:
    ``applies``/``applied``/``apply`` → ``apply``, ``covers``/``covered`` → ``cover``."""
    w = word.lower()
    if w.endswith("'s"):
        w = w[:-2]
    w = w.strip("'.-")
    irregular = _IRREGULAR.get(w)
    if irregular is not None:
        return irregular
    n = len(w)
    if (n > 4 and w.endswith("ies")) or (n > 4 and w.endswith("ied")):
        w = w[:-3] + "y"
    elif n > 5 and w.endswith("ing"):
        w = _silent_e(w[:-3])
    elif n > 4 and w.endswith("ed"):
        w = _silent_e(w[:-2])
    elif n == 4 and w.endswith("ed") and w[0] in _VOWELS and w[1] not in _VOWELS:
        w = w[:2] + "e"  # "used", "owed", "aged": the stem of "use", "owe", "age"
    elif n > 4 and w.endswith("es") and w[-3] in "sxz":
        w = w[:-2]
    elif n > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if len(w) > 4 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    return w


def has_any(text: str, needles: tuple[str, ...]) -> bool:
    """Whether any of ``needles`` occurs in ``text`` (a cheap gate before a costly regex)."""
    for n in needles:  # noqa: SIM110 - a plain loop is faster than any() over a generator
        if n in text:
            return True
    return False


_STEM_WORD = re.compile(r"[a-z0-9][a-z0-9'’-]*[a-z0-9]")


def stems_of(text: str, drop: frozenset[str] = frozenset()) -> frozenset[str]:
    """The stems of ``text``'s words of three characters or more (a word may hold digits and
    hyphens: "under-12"), less :data:`STOP` and the words in ``drop``: what a rule compares
    to tell whether a sentence speaks of a claim's things."""
    return frozenset(stem(w) for w in _STEM_WORD.findall(text.lower())
                     if w not in STOP and w not in drop and len(w) > 2)


def token_stems(text: str) -> frozenset[str]:
    """The stems of every token of ``text``, short and common words too (what a phrase such
    as "go free" or "have to pay" takes away from a claim's content words)."""
    return frozenset(stem(t.text.lower()) for t in tokens(text))


_DIGIT_RE = re.compile(r"[0-9]")


def has_digit(text: str) -> bool:
    """Whether ``text`` has an ASCII digit."""
    return _DIGIT_RE.search(text) is not None


class Spans:
    """Non-overlapping ``(start, end)`` spans kept sorted, for logarithmic overlap tests."""

    __slots__ = ("_ends", "_starts")

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def free(self, start: int, end: int) -> bool:
        """Whether ``[start, end)`` overlaps no stored span."""
        i = bisect_right(self._starts, start)
        if i and self._ends[i - 1] > start:
            return False
        return not (i < len(self._starts) and self._starts[i] < end)

    def add(self, start: int, end: int) -> None:
        """Store a span (callers add only free spans)."""
        i = bisect_right(self._starts, start)
        self._starts.insert(i, start)
        self._ends.insert(i, end)

    def take(self, start: int, end: int) -> bool:
        """Store the span if it is free; say whether it was."""
        if self.free(start, end):
            self.add(start, end)
            return True
        return False

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(zip(self._starts, self._ends, strict=True))

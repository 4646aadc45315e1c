"""Evidence windows for NLI: sentences and adjacent sentence pairs, ranked per claim.

An NLI cross-encoder reads a limited number of tokens, and a long passage dilutes the
one sentence that matters. Evidence is therefore cut into windows — each sentence, each
pair of adjacent sentences (so a pronoun can find its referent), and the whole text when
it fits — and only the windows most relevant to a claim are scored. Relevance is a
BM25-style word overlap with light stemming, in pure Python. Windows keep their exact
char offsets into the evidence text.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from certirag.errors import InputError
from certirag.text.sentences import split_sentences

__all__ = [
    "Window",
    "cut_long",
    "make_windows",
    "rank_windows",
    "relevance_scores",
    "select_windows",
    "terms",
    "trim_span",
]

_WORD = re.compile(r"\w+", re.UNICODE)
_STOP_WORDS = (
    "a an the of to in on at by for and or but is are was were be been being it its this "
    "that these those with as from he she they them his her their which who whom what "
    "when where how there here has have had do does did not no"
)
_STOP = frozenset(_STOP_WORDS.split())
# "not"/"no" are stop words for relevance only; the NLI model still reads them.
_K1, _B = 1.2, 0.75


@dataclass(frozen=True, slots=True)
class Window:
    """A slice of evidence ``source``: ``text == evidence[source][start:end]``."""

    text: str
    start: int
    end: int
    source: int = 0


_SUFFIXES = (("sses", "ss"), ("ies", "y"), ("ied", "y"), ("ingly", ""), ("edly", ""),
             ("ing", ""), ("ed", ""), ("ly", ""), ("es", ""), ("s", ""))


def _stem(word: str) -> str:
    """Strip one common English suffix, then a final ``e`` and a doubled consonant, so
    prize/prizes, run/running and study/studies/studied meet."""
    if len(word) <= 3 or not word.isalpha():
        return word
    w = word
    for suffix, repl in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            if suffix == "s" and w.endswith(("ss", "us", "is")):
                break
            w = w[: len(w) - len(suffix)] + repl
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    return w


def terms(text: str) -> list[str]:
    """Lowercased, lightly stemmed content words of ``text`` (stop words dropped)."""
    return [_stem(w) for w in _WORD.findall(text.casefold()) if w not in _STOP]


def relevance_scores(query: str, docs: Sequence[str]) -> list[float]:
    """BM25 score of each doc for ``query``, with IDF taken over ``docs`` themselves."""
    return bm25(set(terms(query)), [Counter(terms(d)) for d in docs])


def bm25(query: set[str], doc_terms: Sequence[Mapping[str, int]]) -> list[float]:
    """BM25 of each document, given as its term counts, for the ``query`` terms (IDF over
    these documents)."""
    if not doc_terms or not query:
        return [0.0] * len(doc_terms)
    n = len(doc_terms)
    lengths = [sum(c.values()) for c in doc_terms]
    avg = sum(lengths) / n or 1.0
    df = {t: sum(1 for c in doc_terms if t in c) for t in query}
    out = []
    for c, length in zip(doc_terms, lengths, strict=True):
        score = 0.0
        for t in query:
            tf = c.get(t, 0)
            if tf:
                idf = math.log(1.0 + (n - df[t] + 0.5) / (df[t] + 0.5))
                score += idf * tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / avg))
        out.append(score)
    return out


def cut_long(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    """Cut an over-long span at whitespace into pieces of at most ``max_chars``,
    overlapping by about a third so no phrase is only ever seen cut in two."""
    out: list[tuple[int, int]] = []
    pos = start
    while pos < end:
        stop = min(end, pos + max_chars)
        if stop < end:
            cut = text.rfind(" ", pos + 1, stop)
            if cut > pos + max_chars // 2:
                stop = cut
        out.append((pos, stop))
        if stop >= end:
            break
        nxt = max(pos + 1, stop - max_chars // 3)
        space = text.find(" ", nxt, stop)
        pos = space + 1 if space != -1 else nxt
    return out


def trim_span(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def make_windows(text: str, *, max_chars: int, source: int = 0) -> list[Window]:
    """All candidate windows of one evidence text, in document order: the whole text
    (when it fits ``max_chars``), every sentence and every adjacent pair that fits. A
    sentence longer than ``max_chars`` is cut at whitespace into overlapping pieces."""
    if max_chars < 1:
        raise InputError(f"max_chars must be positive, got {max_chars}")
    whole = trim_span(text, 0, len(text))
    if whole[0] == whole[1]:
        return []
    spans: list[tuple[int, int]] = []
    for s, e in split_sentences(text):
        s, e = trim_span(text, s, e)
        if s < e:
            spans.append((s, e))
    if not spans:
        spans = [whole]
    seen: set[tuple[int, int]] = set()
    found: list[tuple[int, int]] = []

    def add(s: int, e: int) -> None:
        if (s, e) not in seen:
            seen.add((s, e))
            found.append((s, e))

    if whole[1] - whole[0] <= max_chars:
        add(*whole)
    for i, (s, e) in enumerate(spans):
        if e - s <= max_chars:
            add(s, e)
        else:
            for ps, pe in cut_long(text, s, e, max_chars):
                add(*trim_span(text, ps, pe))
        if i + 1 < len(spans):
            pair_end = spans[i + 1][1]
            if pair_end - s <= max_chars:
                add(s, pair_end)
    found = [(s, e) for s, e in found if s < e]
    found.sort(key=lambda se: (se[0], -se[1]))
    return [Window(text=text[s:e], start=s, end=e, source=source) for s, e in found]


def rank_windows(claim: str, windows: Sequence[Window], *, top: int) -> list[Window]:
    """The ``top`` windows most relevant to ``claim``; ties keep the given order."""
    if top < 1:
        raise InputError(f"top must be at least 1, got {top}")
    scores = relevance_scores(claim, [w.text for w in windows])
    order = sorted(range(len(windows)), key=lambda i: (-scores[i], i))
    return [windows[i] for i in order[:top]]


def select_windows(claim: str, evidence: Sequence[str], *, top: int,
                   max_chars: int) -> list[Window]:
    """Windows of every evidence text, ranked for ``claim``; the best ``top`` of them."""
    candidates: list[Window] = []
    for i, text in enumerate(evidence):
        candidates.extend(make_windows(text, max_chars=max_chars, source=i))
    return rank_windows(claim, candidates, top=top)

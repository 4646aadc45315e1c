"""Verbatim quotes: a claim that *is* a sentence of the evidence.

A sentence copied whole from a passage says what the passage says: no model is needed
to see that. The policy (``certirag.policy.v2``) lets such a claim pass whatever the NLI
model scores — our small model gives a sentence scored against itself a median
P(entailment) far under τe (``python benchmarks/quotes.py``) — as long as no
deterministic finding and no failure stands against it.

Matching is strict. Both sides are compared after Unicode NFKC, one form for quotes,
apostrophes and dashes (:func:`certirag.text.normalize.normalize`), collapsed white space,
dropped end punctuation and a lower-case first letter; nothing else is forgiven (no word
may differ, be added or be missing). The evidence side must be a whole sentence as
:func:`certirag.text.split_sentences` cuts it (a clause under a negation or a condition is
not a sentence), must not be a question, and must have at least :data:`MIN_WORDS` words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from certirag.schemas import Evidence
from certirag.text.normalize import normalize
from certirag.text.sentences import split_sentences

__all__ = ["MIN_WORDS", "find_quote", "is_quote", "normalise_quote", "quoted_sentence"]

#: A quote needs at least this many words (short fragments prove little).
MIN_WORDS = 4

_SPACE = re.compile(r"\s+")
_END = re.compile(r"[\s.!;:…]+$")
_WORD = re.compile(r"\w+")


def normalise_quote(text: str) -> str:
    """``text`` in the form quotes are compared in."""
    s = _SPACE.sub(" ", normalize(unicodedata.normalize("NFKC", text))).strip()
    s = _END.sub("", s)
    return s[:1].lower() + s[1:]


@lru_cache(maxsize=256)
def _cached_sentences(passage: str) -> tuple[tuple[int, int], ...]:
    return tuple(split_sentences(passage))


def _sentences(passage: str) -> tuple[tuple[int, int], ...]:
    """The passage's sentence spans, split once per passage (every claim of an answer
    looks for its quote in the same few passages); only passages of a chunk's size are
    kept, so the cache holds a few MB at most."""
    if len(passage) <= 20_000:
        return _cached_sentences(passage)
    return tuple(split_sentences(passage))


def _matches(want: str, sentence: str) -> bool:
    """``sentence`` (of the evidence) is quoted by a claim normalised to ``want``."""
    stripped = sentence.rstrip()
    return (normalise_quote(sentence) == want and not stripped.endswith(("?", "?\""))
            and len(_WORD.findall(want)) >= MIN_WORDS)


def quoted_sentence(claim: str, passage: str) -> tuple[int, int] | None:
    """Offsets (code points) of the first sentence of ``passage`` that ``claim`` quotes
    verbatim, or ``None``."""
    want = normalise_quote(claim)
    if len(_WORD.findall(want)) < MIN_WORDS:
        return None
    for start, end in _sentences(passage):
        if _matches(want, passage[start:end]):
            return start, end
    return None


def find_quote(claim: str, passages: Sequence[Evidence]) -> tuple[int, Evidence] | None:
    """The index of the first passage with a sentence ``claim`` quotes, and that
    sentence as an evidence span (in the passages' own coordinates); or ``None``."""
    for index, p in enumerate(passages):
        span = quoted_sentence(claim, p.text)
        if span is not None:
            a, b = span
            return index, Evidence(doc_id=p.doc_id, chunk_id=p.chunk_id, start=p.start + a,
                                   end=p.start + b, text=p.text[a:b])
    return None


def is_quote(claim: str, span: Evidence, passages: Sequence[Evidence]) -> bool:
    """Whether ``span`` is a whole sentence of one of ``passages`` and ``claim`` quotes it:
    what a certificate check re-derives from the stored claim, span and passages."""
    if span.end is None or not _matches(normalise_quote(claim), span.text):
        return False
    for p in passages:
        if p.doc_id != span.doc_id or p.chunk_id != span.chunk_id:
            continue
        a, b = span.start - p.start, span.end - p.start
        if 0 <= a < b <= len(p.text) and p.text[a:b] == span.text and \
                (a, b) in _sentences(p.text):
            return True
    return False

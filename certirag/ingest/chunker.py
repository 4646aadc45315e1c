"""Sentence-aware chunking with exact offsets.

Consecutive sentences (see :func:`certirag.text.split_sentences`) are packed greedily into
chunks whose span, from the first sentence's start to the last sentence's end, is at most
``max_chars`` characters. A sentence longer than ``max_chars`` becomes chunks of its own,
cut at whitespace (or, inside a run without whitespace, every ``max_chars`` characters).
Every chunk's text is exactly ``doc.text[chunk.start:chunk.end]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from certirag.errors import ConfigError
from certirag.schemas import Chunk, Document
from certirag.text.sentences import split_sentences

__all__ = ["chunk_document", "chunk_spans"]

_WORD = re.compile(r"\S+")


def _cut_long(text: str, start: int, end: int, max_chars: int) -> Iterator[tuple[int, int]]:
    """Pieces of ``text[start:end]`` of at most ``max_chars``, cut at whitespace when possible."""
    piece_start = piece_end = -1
    for m in _WORD.finditer(text, start, end):
        ws, we = m.span()
        if piece_start >= 0 and we - piece_start <= max_chars:
            piece_end = we
            continue
        if piece_start >= 0:
            yield piece_start, piece_end
        while we - ws > max_chars:  # a run without whitespace: hard cuts
            yield ws, ws + max_chars
            ws += max_chars
        piece_start, piece_end = ws, we
    if piece_start >= 0:
        yield piece_start, piece_end


def chunk_spans(text: str, *, max_chars: int) -> list[tuple[int, int]]:
    """The ``(start, end)`` spans :func:`chunk_document` would cut ``text`` into."""
    if isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars < 1:
        raise ConfigError(f"max_chars must be a positive integer, got {max_chars!r}")
    spans: list[tuple[int, int]] = []
    cur_start = cur_end = -1
    for s, e in split_sentences(text):
        if cur_start >= 0 and e - cur_start <= max_chars:
            cur_end = e
            continue
        if cur_start >= 0:
            spans.append((cur_start, cur_end))
            cur_start = -1
        if e - s <= max_chars:
            cur_start, cur_end = s, e
        else:
            spans.extend(_cut_long(text, s, e, max_chars))
    if cur_start >= 0:
        spans.append((cur_start, cur_end))
    return spans


def chunk_document(doc: Document, *, max_chars: int) -> list[Chunk]:
    """Cut ``doc`` into chunks of at most ``max_chars`` characters, numbered 0, 1, 2, ...

    Raises :class:`~certirag.errors.ConfigError` when ``max_chars`` is not a positive integer.
    """
    return [Chunk.of(doc, s, e, i) for i, (s, e) in enumerate(chunk_spans(doc.text,
                                                                           max_chars=max_chars))]

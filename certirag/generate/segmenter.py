"""Streaming sentence segmentation for text that arrives token by token.

The rules are those of :func:`certirag.text.sentences.split_sentences` (decimals,
abbreviations such as ``e.g.``, ``i.e.``, ``s.``, ``art.``, ``No.``, ``Dr.``, initials,
quotes and brackets after the stop, list items and blank lines). What streaming adds is
*when* a boundary is certain:

* a stop after an ordinary word (``... in 1889. The``) is certain as soon as one
  non-space character follows it: usually the next token;
* a ``.`` after an abbreviation, an initial, a dotted acronym, a bare number or a word
  glued to the next (``Dr. Smith``, ``J. R. R. Tolkien``, ``U.S. The``, ``word.Next``)
  waits until the next word is complete, because the rules look at that word;
* the text after the boundary (the "lookahead") belongs to the next sentence.

:func:`first_cut` answers for a buffer; :class:`StreamingSegmenter` keeps the buffer.
"""

from __future__ import annotations

import re

from certirag.text.sentences import OPENERS, needs_full_word, split_sentences

__all__ = ["StreamingSegmenter", "first_cut"]

_NEXT_WORD = re.compile(r"[" + re.escape(OPENERS) + r"]*(\w*)(.?)", re.DOTALL)


def first_cut(text: str, *, final: bool = False) -> int | None:
    """End offset (exclusive, before trailing spaces) of the first sentence of ``text``
    when it is certain, else ``None``. With ``final`` (no more text will come) the first
    sentence ends where the rules say, or at the end of the text.
    """
    spans = split_sentences(text)
    if not spans:
        return None
    if final:
        return spans[0][1]
    if len(spans) < 2:
        return None
    end, nxt = spans[0][1], spans[1][0]
    gap = text[end:nxt]
    ahead = text[nxt:]
    if " " in gap and "\n" not in gap and "\r" not in gap \
            and not needs_full_word(text[spans[0][0]:end]):
        return end
    m = _NEXT_WORD.match(ahead)
    if m is None:  # unreachable: the pattern matches the empty string
        return None
    word, after = m.group(1), m.group(2)
    if (word and after) or (not word and after and len(ahead) >= 2):
        # A complete next word confirms the cut only if the rules still make it.
        return end if split_sentences(text)[0][1] == end else None
    return None


class StreamingSegmenter:
    """Feed text as it arrives with :meth:`push`; get each sentence once it is certain.

    >>> seg = StreamingSegmenter()
    >>> [s for piece in ["Paris", " is 2.5 km", " wide.", " It", " is"] for s in seg.push(piece)]
    ['Paris is 2.5 km wide.']
    >>> seg.flush()
    ['It is']
    """

    def __init__(self) -> None:
        self._buffer = ""

    @property
    def pending(self) -> str:
        """Text received but not yet part of a certain sentence (the lookahead)."""
        return self._buffer

    def push(self, piece: str) -> list[str]:
        """Add ``piece``; return the sentences it made certain, stripped, in order."""
        self._buffer += piece
        out: list[str] = []
        while True:
            cut = first_cut(self._buffer)
            if cut is None:
                return out
            sentence = self._buffer[:cut].strip()
            if sentence:
                out.append(sentence)
            self._buffer = self._buffer[cut:]

    def flush(self) -> list[str]:
        """End of stream: the remaining sentences."""
        rest = self._buffer
        self._buffer = ""
        return [rest[a:b] for a, b in split_sentences(rest)]

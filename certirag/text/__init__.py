"""Text utilities that work on exact character offsets (no models)."""

from __future__ import annotations

from certirag.text.sentences import sentences, split_sentences

__all__ = ["sentences", "split_sentences"]

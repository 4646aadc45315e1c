"""The ``Store`` protocol: what any index backend (the local folder, PostgreSQL) provides.

A store persists documents, their chunks and one dense vector per chunk, and answers
lexical (BM25) and dense (inner product on unit vectors) top-k queries. Chunking and
embedding happen above it, in :class:`certirag.index.Index`, so a backend stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from certirag.schemas import Chunk, Document

__all__ = ["DocumentChunks", "ScoredChunk", "Store", "StoreStats"]


@dataclass(frozen=True, slots=True)
class DocumentChunks:
    """A document ready to store: its chunks and their vectors (``float32``, one row a chunk)."""

    document: Document
    chunks: list[Chunk]
    vectors: Any  # numpy.ndarray of shape (len(chunks), dim)


@dataclass(frozen=True, slots=True)
class ScoredChunk:
    chunk: Chunk
    score: float


@dataclass(frozen=True, slots=True)
class StoreStats:
    documents: int
    chunks: int
    dim: int
    meta: dict[str, Any]


@runtime_checkable
class Store(Protocol):
    """Persistence and first-stage search for one index."""

    def document_hashes(self) -> dict[str, str]:
        """``{doc_id: sha256}`` of every stored document."""
        ...

    def write(self, upserts: Sequence[DocumentChunks], deletes: Sequence[str] = ()) -> None:
        """Insert or replace ``upserts`` and delete ``deletes``, all or nothing."""
        ...

    def get_document(self, doc_id: str) -> Document | None: ...

    def search_bm25(self, query: str, k: int) -> list[ScoredChunk]: ...

    def search_dense(self, vector: Any, k: int) -> list[ScoredChunk]: ...

    def stats(self) -> StoreStats: ...

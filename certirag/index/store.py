"""The ``Store`` protocol: what any index backend (the local folder, PostgreSQL) provides.

A store persists documents, their chunks and one dense vector per chunk, and answers
lexical (BM25) and dense (inner product on unit vectors) top-k queries. Chunking and
embedding happen above it, in :class:`certirag.index.Index`, so a backend stays small.
A store that can fuse both rankings itself (in SQL, say) also offers
:class:`HybridSearch`; the retriever then asks it for the fused ranking in one call.

Stores live in a :class:`~certirag.index.backends.StoreBackend`, which holds named
indexes and is chosen by URL (``file:///srv/indexes``, ``postgresql://…``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from certirag.errors import InputError
from certirag.schemas import Chunk, Document

__all__ = ["INDEX_NAME", "DocumentChunks", "FusedChunk", "HybridSearch", "ScoredChunk", "Store",
           "StoreStats", "check_index_name"]


#: What an index name may be inside a backend.
INDEX_NAME = re.compile(r"[a-z0-9][a-z0-9_\-]{0,63}")


def check_index_name(name: object) -> str:
    """``name`` if it is a valid index name, else :class:`InputError`."""
    if not isinstance(name, str) or not INDEX_NAME.fullmatch(name):
        raise InputError(f"bad index name {name!r}: an index name is 1-64 lowercase letters, "
                         "digits, '_' or '-', starting with a letter or digit")
    return name


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


@dataclass(frozen=True, slots=True)
class FusedChunk:
    """A hit of a fused ranking: its RRF score and its score in each ranking it is in."""

    chunk: Chunk
    score: float
    bm25: float | None
    dense: float | None


@runtime_checkable
class Store(Protocol):
    """Persistence and first-stage search for one index."""

    @property
    def location(self) -> str:
        """Where the index lives, safe to show (a folder, a URL without its password)."""
        ...

    def exists(self) -> bool:
        """Whether the index has been created (written at least once)."""
        ...

    def document_hashes(self) -> dict[str, str]:
        """``{doc_id: sha256}`` of every stored document."""
        ...

    def write(self, upserts: Sequence[DocumentChunks], deletes: Sequence[str] = (),
              meta: dict[str, Any] | None = None) -> None:
        """Insert or replace ``upserts`` and delete ``deletes``, all or nothing; ``meta``
        (embedding model, chunking settings, ``dim``) is merged into :meth:`stats`'s."""
        ...

    def get_document(self, doc_id: str) -> Document | None: ...

    def search_bm25(self, query: str, k: int) -> list[ScoredChunk]: ...

    def search_dense(self, vector: Any, k: int) -> list[ScoredChunk]: ...

    def stats(self) -> StoreStats: ...


@runtime_checkable
class HybridSearch(Protocol):
    """A store that fuses its BM25 and dense rankings itself (reciprocal rank fusion)."""

    def search_hybrid(self, query: str, vector: Any, k: int, *, depth: int, rrf_k: int,
                      weights: tuple[float, float] = (1.0, 1.0)) -> list[FusedChunk]:
        """Top-``k`` of ``sum w / (rrf_k + rank)`` over the top-``depth`` of each ranking
        (``weights`` = (bm25, dense)); ties broken by chunk order."""
        ...

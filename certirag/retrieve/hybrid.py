"""Hybrid retrieval: BM25 and dense rankings fused by reciprocal rank fusion, optional rerank."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from certirag.errors import InputError
from certirag.schemas import SearchHit, SearchResult

if TYPE_CHECKING:  # the index package imports this module
    from certirag.index.store import ScoredChunk, Store

__all__ = ["Embedder", "Mode", "Reranker", "Retriever", "rrf_fuse"]

Mode = Literal["bm25", "dense", "hybrid"]


@runtime_checkable
class Embedder(Protocol):
    def embed(self, texts: Sequence[str]) -> object: ...


@runtime_checkable
class Reranker(Protocol):
    """Reorders hits for a query (for example a cross-encoder); off by default."""

    def rerank(self, query: str, hits: list[SearchHit]) -> list[SearchHit]: ...


def rrf_fuse(rankings: Mapping[str, Sequence[str]], k: int = 60) -> dict[str, float]:
    """Reciprocal rank fusion: ``score(d) = sum over rankings of 1 / (k + rank(d))``, rank from 1.

    Returns the fused scores; order by score descending (ties: first appearance)."""
    fused: dict[str, float] = {}
    for ranking in rankings.values():
        for rank, key in enumerate(ranking, start=1):
            fused[key] = fused.get(key, 0.0) + 1.0 / (k + rank)
    return fused


class Retriever:
    """Searches one store in ``bm25``, ``dense`` or ``hybrid`` mode."""

    def __init__(self, store: Store, embedder: Embedder, *, rrf_k: int = 60,
                 candidates: int = 50, reranker: Reranker | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.rrf_k = rrf_k
        self.candidates = candidates
        self.reranker = reranker

    def _dense(self, query: str, k: int) -> list[ScoredChunk]:
        import numpy as np

        vec = np.asarray(self.embedder.embed([query]))[0]
        return self.store.search_dense(vec, k)

    def search(self, query: str, *, k: int = 5, mode: Mode = "hybrid",
               query_vector: object | None = None) -> SearchResult:
        """Top-``k`` hits. ``query_vector`` skips embedding the query (for batched callers)."""
        if not query.strip():
            raise InputError("the query is empty")
        bm25: list[ScoredChunk] = []
        dense: list[ScoredChunk] = []
        depth = max(k, self.candidates) if mode == "hybrid" else k
        if mode in ("bm25", "hybrid"):
            bm25 = self.store.search_bm25(query, depth)
        if mode in ("dense", "hybrid"):
            if query_vector is not None:
                dense = self.store.search_dense(query_vector, depth)
            else:
                dense = self._dense(query, depth)
        by_id = {s.chunk.id: s.chunk for s in (*bm25, *dense)}
        bm25_score = {s.chunk.id: s.score for s in bm25}
        dense_score = {s.chunk.id: s.score for s in dense}
        fused = rrf_fuse({"bm25": [s.chunk.id for s in bm25],
                          "dense": [s.chunk.id for s in dense]}, k=self.rrf_k)
        if mode == "bm25":
            order = [s.chunk.id for s in bm25]
        elif mode == "dense":
            order = [s.chunk.id for s in dense]
        else:
            order = sorted(fused, key=lambda cid: -fused[cid])
        pool = order[: max(k, self.candidates)] if self.reranker is not None else order[:k]
        hits = []
        for cid in pool:
            chunk = by_id[cid]
            scores: dict[str, float | None] = {"bm25": bm25_score.get(cid),
                                               "dense": dense_score.get(cid),
                                               "rrf": fused.get(cid)}
            primary = {"bm25": bm25_score.get(cid), "dense": dense_score.get(cid),
                       "hybrid": fused.get(cid)}[mode]
            hits.append(SearchHit(doc_id=chunk.doc_id, chunk_id=chunk.id, start=chunk.start,
                                  end=chunk.end, text=chunk.text, score=float(primary or 0.0),
                                  scores=scores))
        if self.reranker is not None:
            hits = self.reranker.rerank(query, hits)[:k]
        return SearchResult(query=query, mode=mode, hits=hits)

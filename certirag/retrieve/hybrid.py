"""Hybrid retrieval: BM25 and dense rankings fused by reciprocal rank fusion, optional rerank."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal, Protocol, cast, runtime_checkable

from certirag.errors import InputError
from certirag.schemas import SearchHit, SearchResult

if TYPE_CHECKING:  # the index package imports this module
    from certirag.index.store import HybridSearch, ScoredChunk, Store
    from certirag.schemas import Chunk

__all__ = ["Embedder", "Mode", "Reranker", "Retriever", "rrf_fuse"]

Mode = Literal["bm25", "dense", "hybrid"]


@runtime_checkable
class Embedder(Protocol):
    def embed(self, texts: Sequence[str]) -> object: ...


@runtime_checkable
class Reranker(Protocol):
    """Reorders hits for a query (for example a cross-encoder); off by default."""

    def rerank(self, query: str, hits: list[SearchHit]) -> list[SearchHit]: ...


def rrf_fuse(rankings: Mapping[str, Sequence[str]], k: int = 60,
             weights: Mapping[str, float] | None = None) -> dict[str, float]:
    """Reciprocal rank fusion: ``score(d) = sum over rankings of w / (k + rank(d))``, rank
    from 1, ``w`` the ranking's weight in ``weights`` (1 when not given).

    Returns the fused scores; order by score descending (ties: first appearance)."""
    fused: dict[str, float] = {}
    for name, ranking in rankings.items():
        w = 1.0 if weights is None else weights.get(name, 1.0)
        for rank, key in enumerate(ranking, start=1):
            fused[key] = fused.get(key, 0.0) + w / (k + rank)
    return fused


class Retriever:
    """Searches one store in ``bm25``, ``dense`` or ``hybrid`` mode."""

    def __init__(self, store: Store, embedder: Embedder, *, rrf_k: int = 60,
                 candidates: int = 50, reranker: Reranker | None = None,
                 weights: tuple[float, float] = (1.0, 1.0)) -> None:
        self.store = store
        self.embedder = embedder
        self.rrf_k = rrf_k
        self.candidates = candidates
        self.reranker = reranker
        self.weights = weights

    def _vector(self, query: str, query_vector: object | None) -> object:
        if query_vector is not None:
            return query_vector
        import numpy as np

        return np.asarray(self.embedder.embed([query]))[0]

    def _fused_in_store(self, store: HybridSearch, query: str, k: int,
                        query_vector: object | None) -> list[SearchHit]:
        found = store.search_hybrid(query, self._vector(query, query_vector), k,
                                    depth=max(k, self.candidates), rrf_k=self.rrf_k,
                                    weights=self.weights)
        return [_hit(f.chunk, f.score, {"bm25": f.bm25, "dense": f.dense, "rrf": f.score})
                for f in found]

    def search(self, query: str, *, k: int = 5, mode: Mode = "hybrid",
               query_vector: object | None = None) -> SearchResult:
        """Top-``k`` hits. ``query_vector`` skips embedding the query (for batched callers)."""
        if not query.strip():
            raise InputError("the query is empty")
        if mode == "hybrid" and self.reranker is None and callable(
                getattr(self.store, "search_hybrid", None)):  # the store fuses (HybridSearch)
            return SearchResult(query=query, mode=mode, hits=self._fused_in_store(
                cast("HybridSearch", self.store), query, k, query_vector))
        bm25: list[ScoredChunk] = []
        dense: list[ScoredChunk] = []
        depth = max(k, self.candidates) if mode == "hybrid" else k
        if mode in ("bm25", "hybrid"):
            bm25 = self.store.search_bm25(query, depth)
        if mode in ("dense", "hybrid"):
            dense = self.store.search_dense(self._vector(query, query_vector), depth)
        by_id = {s.chunk.id: s.chunk for s in (*bm25, *dense)}
        bm25_score = {s.chunk.id: s.score for s in bm25}
        dense_score = {s.chunk.id: s.score for s in dense}
        fused = rrf_fuse({"bm25": [s.chunk.id for s in bm25],
                          "dense": [s.chunk.id for s in dense]}, k=self.rrf_k,
                         weights={"bm25": self.weights[0], "dense": self.weights[1]})
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
            hits.append(_hit(chunk, float(primary or 0.0), scores))
        if self.reranker is not None:
            hits = self.reranker.rerank(query, hits)[:k]
        return SearchResult(query=query, mode=mode, hits=hits)


def _hit(chunk: Chunk, score: float, scores: dict[str, float | None]) -> SearchHit:
    return SearchHit(doc_id=chunk.doc_id, chunk_id=chunk.id, start=chunk.start,
                     end=chunk.end, text=chunk.text, score=score, scores=scores)

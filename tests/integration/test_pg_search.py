"""Search in the PostgreSQL store: BM25 in SQL against the local store and against a full
evaluation (MaxScore, the scoring limit), hybrid fusion in SQL equal to the retriever's
own, and a query the server refuses."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import pytest

pytest.importorskip("psycopg")
pytest.importorskip("psycopg_pool")


from certirag.config import Settings
from certirag.errors import IndexStoreError
from certirag.index import Index
from certirag.index.pg_store import PgStore
from certirag.index.store import (
    DocumentChunks,
    HybridSearch,
    ScoredChunk,
    Store,
    StoreStats,
)
from certirag.retrieve.hybrid import Retriever
from certirag.schemas import Document
from tests.integration.pg_store_support import (
    QUERIES,
    ids,
)

from ..conftest import EXAMPLES, HashEmbedder

pytestmark = [pytest.mark.postgres]


# ------------------------------------------------------------------- hybrid in SQL

class _StoreWithoutFusion:
    """A store's own BM25 and dense rankings, without its ``search_hybrid`` (so that the
    retriever fuses them in Python)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    @property
    def location(self) -> str:
        return self._store.location

    def exists(self) -> bool:
        return self._store.exists()

    def document_hashes(self) -> dict[str, str]:
        return self._store.document_hashes()

    def write(self, upserts: Sequence[DocumentChunks], deletes: Sequence[str] = (),
              meta: dict[str, Any] | None = None) -> None:
        self._store.write(upserts, deletes, meta)

    def get_document(self, doc_id: str) -> Document | None:
        return self._store.get_document(doc_id)

    def search_bm25(self, query: str, k: int) -> list[ScoredChunk]:
        return self._store.search_bm25(query, k)

    def search_dense(self, vector: Any, k: int) -> list[ScoredChunk]:
        return self._store.search_dense(vector, k)

    def stats(self) -> StoreStats:
        return self._store.stats()


@pytest.mark.parametrize("settings", [
    Settings(),
    Settings(hybrid_weights=(1.0, 0.5), rrf_k=10, candidates=4),
    Settings(hybrid_weights=(0.25, 2.0), rrf_k=1, candidates=3),
], ids=["default", "w1-0.5-k10", "w0.25-2-k1"])
def test_hybrid_in_sql_equals_rrf_of_the_stores_rankings(
        pg_url: str, hash_embedder: HashEmbedder, open_pg: Callable[..., Index],
        settings: Settings) -> None:
    pg = open_pg(pg_url, settings=settings)
    pg.ingest([EXAMPLES])
    assert isinstance(pg.store, HybridSearch)
    in_python = Retriever(_StoreWithoutFusion(pg.store), hash_embedder, rrf_k=settings.rrf_k,
                          candidates=settings.candidates, weights=settings.hybrid_weights)
    assert not isinstance(in_python.store, HybridSearch)
    one_sided = 0
    for q in QUERIES:
        for k in (3, 8):
            got = pg.search(q, k=k, mode="hybrid")
            want = in_python.search(q, k=k, mode="hybrid")
            assert ids(got) == ids(want), (q, k)
            for g, w in zip(got.hits, want.hits, strict=True):
                assert g.score == pytest.approx(w.score, rel=1e-9)
                assert g.scores.keys() == w.scores.keys() == {"bm25", "dense", "rrf"}
                for name in ("bm25", "dense", "rrf"):
                    gs, ws = g.scores[name], w.scores[name]
                    assert (gs is None) == (ws is None), (q, k, g.chunk_id, name)
                    if gs is not None and ws is not None:
                        assert gs == pytest.approx(ws, rel=1e-6, abs=1e-9)
                one_sided += g.scores["bm25"] is None or g.scores["dense"] is None
                assert (g.doc_id, g.start, g.end, g.text) == (w.doc_id, w.start, w.end,
                                                              w.text)
    assert one_sided > 0  # hits found by one ranking only were compared too
    # the weights and rrf_k are applied: the top hit's score is the fusion's formula
    top = pg.search("annual leave", k=1, mode="hybrid").hits[0]
    wb, wd = settings.hybrid_weights
    bm25_rank = ids(pg.search("annual leave", k=50, mode="bm25")).index(top.chunk_id) + 1
    dense_rank = ids(pg.search("annual leave", k=50, mode="dense")).index(top.chunk_id) + 1
    assert top.score == pytest.approx(wb / (settings.rrf_k + bm25_rank)
                                      + wd / (settings.rrf_k + dense_rank))




# ---------------------------------------------------------------- BM25 in SQL

def test_bm25_top_k_skips_common_words_without_changing_the_ranking(
        pg_url: str, hash_embedder: Any) -> None:
    """The MaxScore shortcut (score only chunks holding the rarest query terms while that
    cannot change the top k) gives exactly the ranking of scoring every chunk."""
    import random


    rng = random.Random(3)
    common = [f"common{c}" for c in "abcdefgh"]
    rare = [f"rare{c}{d}" for c in "abcdefghij" for d in "abcdefghij"]
    docs = [Document(id=f"z{i}", text=" ".join(
        rng.choices(common, k=12) + rng.choices(rare, k=2)) + ".") for i in range(300)]
    index = Index.open("zipf", store=pg_url, create=True, embedder=hash_embedder)
    index.ingest(docs)
    store = index.store
    assert isinstance(store, PgStore)
    queries = ["commona commonb rareaa", "commonc rarebb rarecc commond", "commone commonf",
               "rareja commonh", "commona commonb commonc commond commone rareab"]
    with store._searching() as (conn, ix):
        assert ix is not None
        for q in queries:
            for depth in (1, 5, 20):
                fast = store._bm25(conn, ix, q, depth)
                full = store._bm25(conn, ix, q, 10_000)[:depth]
                assert [r[0] for r in fast] == [r[0] for r in full], (q, depth)
                assert [r[2] for r in fast] == pytest.approx([r[2] for r in full])


def test_bm25_past_the_scoring_limit_ranks_true_scores_of_the_chunks_it_scored(
        pg_url: str, hash_embedder: Any) -> None:
    """Past ``pg_bm25_max_scored`` the commonest terms no longer widen the candidates, but
    every score returned is the chunk's full BM25 score."""
    import random


    rng = random.Random(5)
    common = [f"common{c}" for c in "abcd"]
    docs = [Document(id=f"y{i}", text=" ".join(rng.choices(common, k=10)) + f" rare{i % 50}.")
            for i in range(400)]
    settings = Settings(pg_bm25_max_scored=100)
    index = Index.open("capped", settings=settings, store=pg_url, create=True,
                       embedder=hash_embedder)
    index.ingest(docs)
    store = index.store
    assert isinstance(store, PgStore)
    with store._searching() as (conn, ix):
        assert ix is not None
        capped = store._bm25(conn, ix, "commona commonb commonc rare7", 10)
        full = {r[0]: r[2] for r in store._bm25(conn, ix, "commona commonb commonc rare7",
                                                 10_000)}
    assert len(capped) == 10
    assert [r[2] for r in capped] == pytest.approx([full[r[0]] for r in capped])
    assert all(a[2] >= b[2] for a, b in itertools.pairwise(capped))


def test_a_query_the_server_refuses_is_a_store_error_not_a_driver_traceback(
        pg_url: str, hash_embedder: Any) -> None:
    """A driver error inside a search (here a vector with NaN, which pgvector refuses) is
    an IndexStoreError naming the store without its password."""
    import numpy as np

    index = Index.open("nan", store=pg_url, create=True, embedder=hash_embedder)
    index.ingest([Document(id="d", text="Staff get 25 days of annual leave.")])
    vector = np.full(hash_embedder.dim, np.nan, dtype=np.float32)
    with pytest.raises(IndexStoreError) as caught:
        index.store.search_dense(vector, 3)
    secret = pg_url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]
    assert "PostgreSQL store at" in str(caught.value) and secret not in str(caught.value)

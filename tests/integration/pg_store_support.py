"""What the PostgreSQL store tests share: documents, queries, direct SQL reads and the
fixtures that open indexes and backends (registered in ``tests/integration/conftest.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from certirag.config import Settings
from certirag.index import Index
from certirag.index.backends import open_backend
from certirag.index.pg_store import PgBackend, PgStore
from certirag.schemas import Document, SearchResult
from tests.conftest import HashEmbedder

#: A document that PostgreSQL text cannot hold as such (NUL), with emoji, combining marks
#: and a ligature; its record must come back exactly.
SPECIAL = Document(
    id="special", title="Ünïcode ☃", source="tests/special",
    text="Zero\x00byte inside. Emoji 🙂👍🏽 and flags 🇬🇧; combining e\u0301 n\u0303 "
         "a\u0308; the ﬁle ligature; zeppelin tariffs.",
    metadata={"nul\x00key": "nul\x00value", "nested": [1, 2.5, None, {"ok": True}]})

CLEAR_QUERIES = ["annual leave", "sick pay", "pension", "hotel allowance", "remote work",
                 "mileage"]
QUERIES = [*CLEAR_QUERIES, "employees", "approval of a director", "maternity pay weeks",
           "zzzz qqqq unknown words"]


def secret_of(url: str) -> str:
    return url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]


def rows(url: str, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        return list(conn.execute(sql, params).fetchall())  # type: ignore[arg-type]


def index_id(url: str, name: str) -> int:
    found = rows(url, "SELECT id FROM certirag.indexes WHERE name = %s", (name,))
    assert found, name
    return int(found[0][0])


def stored_df(url: str, name: str) -> dict[str, int]:
    return {r[0]: int(r[1]) for r in
            rows(url, f"SELECT lexeme, df FROM certirag.terms_{index_id(url, name)}")}


def recounted_df(url: str, name: str) -> dict[str, int]:
    ix = index_id(url, name)
    return {r[0]: int(r[1]) for r in rows(
        url, f"SELECT lexeme, count(*) FROM certirag.chunks_{ix}, "
             "unnest(tsvector_to_array(tsv)) AS lexeme GROUP BY lexeme")}


def ids(result: SearchResult) -> list[str]:
    return [h.chunk_id for h in result.hits]


def snapshot(index: Index) -> dict[str, Any]:
    """What a reader sees of an index: hashes, stats and results in every mode."""
    st = index.stats()
    return {"hashes": index.store.document_hashes(),
            "stats": (st.documents, st.chunks, st.dim, st.meta),
            "search": {(q, mode): [(h.chunk_id, round(h.score, 9))
                                   for h in index.search(q, k=8, mode=mode).hits]
                       for q in ("annual leave", "pay", "mileage reimbursed")
                       for mode in ("bm25", "dense", "hybrid")}}


@pytest.fixture
def open_pg(hash_embedder: HashEmbedder) -> Iterator[Callable[..., Index]]:
    """``open_pg(url, name, settings=None, create=True)``: an Index in the PostgreSQL store
    opened the public way (hash embedder); its connection pool is closed afterwards."""
    opened: list[Index] = []

    def open_(url: str, name: str = "hand", *, settings: Settings | None = None,
              create: bool = True) -> Index:
        index = Index.open(name, settings=settings, create=create, store=url,
                           embedder=hash_embedder)
        opened.append(index)
        return index

    yield open_
    for index in opened:
        store = index.store
        assert isinstance(store, PgStore)
        store.backend.close()


@pytest.fixture
def backends() -> Iterator[Callable[[str], PgBackend]]:
    made: list[PgBackend] = []

    def make(url: str) -> PgBackend:
        backend = open_backend(url, Settings())
        assert isinstance(backend, PgBackend)
        made.append(backend)
        return backend

    yield make
    for backend in made:
        backend.close()


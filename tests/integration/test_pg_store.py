"""The PostgreSQL + pgvector store against a throwaway server (the ``pg_url`` fixture):
the same content and rankings as the local folder store, hybrid fusion in SQL equal to
the retriever's own, incremental and failed writes, migrations, two writers at once, the
command line and the HTTP service on it, and passwords that never show."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("psycopg")
pytest.importorskip("psycopg_pool")

import psycopg

from certirag.config import Settings
from certirag.errors import IndexStoreError, InputError
from certirag.index import Index
from certirag.index.backends import open_backend
from certirag.index.pg_store import MIGRATIONS, PgBackend, PgStore
from certirag.index.store import (
    DocumentChunks,
    HybridSearch,
    ScoredChunk,
    Store,
    StoreStats,
)
from certirag.ingest.loaders import load_documents
from certirag.retrieve.hybrid import Retriever
from certirag.schemas import Document, SearchResult

from ..conftest import EXAMPLES, REPO, HashEmbedder

pytestmark = [pytest.mark.postgres]

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


def _password(url: str) -> str:
    return url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]


def _rows(url: str, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        return list(conn.execute(sql, params).fetchall())  # type: ignore[arg-type]


def _index_id(url: str, name: str) -> int:
    found = _rows(url, "SELECT id FROM certirag.indexes WHERE name = %s", (name,))
    assert found, name
    return int(found[0][0])


def _df(url: str, name: str) -> dict[str, int]:
    return {r[0]: int(r[1]) for r in
            _rows(url, f"SELECT lexeme, df FROM certirag.terms_{_index_id(url, name)}")}


def _df_from_scratch(url: str, name: str) -> dict[str, int]:
    ix = _index_id(url, name)
    return {r[0]: int(r[1]) for r in _rows(
        url, f"SELECT lexeme, count(*) FROM certirag.chunks_{ix}, "
             "unnest(tsvector_to_array(tsv)) AS lexeme GROUP BY lexeme")}


def _ids(result: SearchResult) -> list[str]:
    return [h.chunk_id for h in result.hits]


def _snapshot(index: Index) -> dict[str, Any]:
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


# --------------------------------------------------------------- same as the local store

def test_same_documents_stats_and_rankings_as_the_local_store(
        pg_url: str, tmp_path: Path, hash_embedder: HashEmbedder,
        open_pg: Callable[..., Index]) -> None:
    local = Index.open(tmp_path / "local", create=True, embedder=hash_embedder)
    pg = open_pg(pg_url)
    for index in (local, pg):
        first = index.ingest([EXAMPLES])
        assert (first.added, first.updated, first.unchanged) == (6, 0, 0)
        assert index.ingest([SPECIAL]).added == 1

    ls, ps = local.stats(), pg.stats()
    assert (ps.documents, ps.chunks, ps.dim) == (ls.documents, ls.chunks, ls.dim) == \
        (7, ls.chunks, hash_embedder.dim)
    assert ls.chunks >= 8
    for key in ("embed_model", "embed_sha256", "chunk_max_chars", "documents", "chunks", "dim"):
        assert ps.meta[key] == ls.meta[key], key
    assert ps.meta["embed_model"] == hash_embedder.info.id

    hashes = local.store.document_hashes()
    assert pg.store.document_hashes() == hashes
    for doc_id in hashes:
        assert pg.get_document(doc_id) == local.get_document(doc_id), doc_id
    back = pg.get_document("special")
    assert back == SPECIAL and back is not None and back.text == SPECIAL.text
    assert back.metadata == SPECIAL.metadata
    assert pg.get_document("no-such-document") is None
    assert pg.get_document("special\x00") is None

    untied = 0
    for q in QUERIES[:-1]:
        want = local.search(q, k=5, mode="dense").hits
        got = pg.search(q, k=5, mode="dense").hits
        assert [h.score for h in got] == pytest.approx([h.score for h in want], abs=1e-5), q
        every = [h.score for h in local.search(q, k=50, mode="dense").hits]
        for g, w in zip(got, want, strict=True):  # equal scores may come in any order
            if sum(abs(s - w.score) < 1e-6 for s in every) == 1:
                assert g.chunk_id == w.chunk_id, q
                untied += 1
    assert untied >= 20
    for q in CLEAR_QUERIES:
        want_ids = _ids(local.search(q, k=3, mode="bm25"))
        got_ids = _ids(pg.search(q, k=3, mode="bm25"))
        assert got_ids and got_ids[0] == want_ids[0], q
        assert len(set(got_ids) & set(want_ids)) >= min(2, len(want_ids)), q
    assert pg.search("zzzz qqqq", mode="bm25").hits == []

    # the NUL, emoji and combining marks: found by their words, offsets into the text
    hit = pg.search("zeppelin tariffs", k=1, mode="bm25").hits[0]
    assert hit.doc_id == "special" and "\x00" in hit.text and "🙂" in hit.text
    assert SPECIAL.text[hit.start:hit.end] == hit.text
    assert pg.search("🙂👍🏽", k=1, mode="bm25").hits[0].doc_id == "special"
    assert pg.search("zero\x00byte", k=1, mode="bm25").hits[0].doc_id == "special"


def test_bm25_scores_equal_the_local_store_where_the_tokenisers_agree(
        pg_url: str, tmp_path: Path, hash_embedder: HashEmbedder,
        open_pg: Callable[..., Index]) -> None:
    # no stop words, no one-letter words, no numbers: both stores see the same terms
    texts = ["apples oranges pears apples bananas", "oranges grapes melons",
             "bananas bananas cherries plums grapes apples", "melons kiwis lemons limes",
             "cherries lemons apples", "plums plums plums damsons"]
    docs = [Document(id=f"d{i}", text=t) for i, t in enumerate(texts)]
    local = Index.open(tmp_path / "local", create=True, embedder=hash_embedder)
    pg = open_pg(pg_url, "fruit")
    local.ingest(docs)
    pg.ingest(docs)
    for q in ("apples", "bananas grapes", "lemons cherries apples", "plums", "kiwis damsons"):
        want = {h.chunk_id: h.score for h in local.search(q, k=10, mode="bm25").hits}
        got = {h.chunk_id: h.score for h in pg.search(q, k=10, mode="bm25").hits}
        assert got.keys() == want.keys(), q
        for cid, score in want.items():
            assert got[cid] == pytest.approx(score, rel=1e-5), (q, cid)


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
            assert _ids(got) == _ids(want), (q, k)
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
    bm25_rank = _ids(pg.search("annual leave", k=50, mode="bm25")).index(top.chunk_id) + 1
    dense_rank = _ids(pg.search("annual leave", k=50, mode="dense")).index(top.chunk_id) + 1
    assert top.score == pytest.approx(wb / (settings.rrf_k + bm25_rank)
                                      + wd / (settings.rrf_k + dense_rank))


# ------------------------------------------------------------------ incremental writes

def test_incremental_ingest_keeps_document_frequencies_exact(
        pg_url: str, tmp_path: Path, open_pg: Callable[..., Index]) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(EXAMPLES, corpus)
    pg = open_pg(pg_url)
    first = pg.ingest([corpus])
    assert (first.added, first.documents) == (6, 6)
    assert _df(pg_url, "hand") == _df_from_scratch(pg_url, "hand")
    again = pg.ingest([corpus])
    assert (again.added, again.updated, again.unchanged, again.chunks_written) == (0, 0, 6, 0)

    ix = _index_id(pg_url, "hand")
    old_chunks = [r[0] for r in _rows(
        pg_url, f"SELECT id FROM certirag.chunks_{ix} WHERE doc_id = 'expenses.txt'")]
    assert len(old_chunks) >= 2
    assert pg.search("mileage", k=1, mode="bm25").hits[0].doc_id == "expenses.txt"
    (corpus / "expenses.txt").write_text("The zeppelin travel policy replaces the old "
                                         "one.\n", "utf-8")
    changed = pg.ingest([corpus])
    assert (changed.added, changed.updated, changed.unchanged) == (0, 1, 5)
    assert changed.chunks_written == 1 and changed.chunks == first.chunks - len(old_chunks) + 1
    assert [r[0] for r in _rows(
        pg_url, f"SELECT id FROM certirag.chunks_{ix} WHERE doc_id = 'expenses.txt'")] == \
        ["expenses.txt#0"]
    assert pg.search("zeppelin", k=1, mode="bm25").hits[0].doc_id == "expenses.txt"
    assert all(h.doc_id != "expenses.txt" for h in
               pg.search("mileage reimbursed receipts", k=10, mode="bm25").hits)
    doc = pg.get_document("expenses.txt")
    assert doc is not None and doc.text.startswith("The zeppelin")
    df = _df(pg_url, "hand")
    assert df == _df_from_scratch(pg_url, "hand")
    assert "zeppelin" in df and "mileag" not in df and min(df.values()) >= 1

    pg.store.write([], deletes=["faq-remote", "never-stored"])
    assert set(pg.store.document_hashes()) == {d.id for d in load_documents([corpus])} - \
        {"faq-remote"}
    assert pg.get_document("faq-remote") is None
    assert pg.stats().documents == 5
    assert all(h.doc_id != "faq-remote" for h in pg.search("remotely", k=10).hits)
    assert _df(pg_url, "hand") == _df_from_scratch(pg_url, "hand")
    assert pg.store.exists()

    # the same documents written at once into a new index rank and score the same
    fresh = open_pg(pg_url, "fresh")
    fresh.ingest([d for d in load_documents([corpus]) if d.id != "faq-remote"])
    assert fresh.stats().chunks == pg.stats().chunks
    for q in QUERIES:
        want = {h.chunk_id: h.score for h in fresh.search(q, k=20, mode="bm25").hits}
        got = {h.chunk_id: h.score for h in pg.search(q, k=20, mode="bm25").hits}
        assert got.keys() == want.keys(), q
        assert [got[c] for c in want] == pytest.approx(list(want.values()), rel=1e-9)


def test_a_failed_ingest_leaves_the_store_as_it_was(
        pg_url: str, tmp_path: Path, open_pg: Callable[..., Index],
        monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(EXAMPLES, corpus)
    pg = open_pg(pg_url)
    pg.ingest([corpus])
    before = _snapshot(pg)
    df_before = _df(pg_url, "hand")
    (corpus / "expenses.txt").write_text("Changed travel rules for zeppelins.\n", "utf-8")
    (corpus / "new.md").write_text("# New\n\nA brand new document about gliders.\n", "utf-8")

    original = PgStore._insert
    calls: list[int] = []

    def insert_then_fail(conn: Any, ix: int, upserts: Sequence[DocumentChunks]) -> None:
        original(conn, ix, upserts)  # the rows are written, then the write fails
        calls.append(len(upserts))
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(PgStore, "_insert", staticmethod(insert_then_fail))
    with pytest.raises(RuntimeError, match="on fire"):
        pg.ingest([corpus])
    assert calls == [2]
    assert _snapshot(pg) == before
    assert _df(pg_url, "hand") == df_before
    assert pg.search("zeppelins gliders", mode="bm25").hits == []

    # a brand-new index: nothing of it remains, not even its tables
    tables = _rows(pg_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'certirag' "
                           "ORDER BY tablename")
    newcomer = open_pg(pg_url, "newcomer")
    with pytest.raises(RuntimeError, match="on fire"):
        newcomer.ingest([corpus])
    assert not newcomer.store.exists()
    assert "newcomer" not in newcomer.store.backend.names()  # type: ignore[attr-defined]
    assert _rows(pg_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'certirag' "
                         "ORDER BY tablename") == tables
    with pytest.raises(IndexStoreError, match="no index"):
        Index.open("newcomer", store=pg_url)

    # and the store still works afterwards
    monkeypatch.undo()
    report = pg.ingest([corpus])
    assert (report.added, report.updated) == (1, 1)
    assert pg.search("gliders", k=1, mode="bm25").hits[0].doc_id == "new.md"
    assert _df(pg_url, "hand") == _df_from_scratch(pg_url, "hand")


def test_a_document_id_with_nul_is_refused_cleanly(
        pg_url: str, open_pg: Callable[..., Index]) -> None:
    pg = open_pg(pg_url)
    pg.ingest([Document(id="ok", text="Some ordinary text.")])
    with pytest.raises(InputError, match="NUL"):
        pg.ingest([Document(id="a\x00b", text="Text with a bad id.")])
    assert pg.store.document_hashes() == {"ok": Document(id="ok",
                                                         text="Some ordinary text.").sha256}
    assert pg.get_document("a\x00b") is None


# ------------------------------------------------------------------ catalog and names

def test_migrations_names_and_errors(pg_url: str, hash_embedder: HashEmbedder,
                                     backends: Callable[[str], PgBackend]) -> None:
    first = backends(pg_url)
    assert first.names() == []
    want = [name for name, _ in MIGRATIONS]
    assert first.migrations() == want
    applied = _rows(pg_url, "SELECT name, applied_at FROM certirag.migrations ORDER BY name")
    assert [r[0] for r in applied] == want

    second = backends(pg_url)  # another replica on the same database
    assert second.names() == []
    assert second.migrations() == want
    assert _rows(pg_url, "SELECT name, applied_at FROM certirag.migrations "
                         "ORDER BY name") == applied

    for name in ("beta", "alpha-1", "x_2"):
        Index(store=second.store(name), embedder=hash_embedder).ingest(
            [Document(id="d", text=f"Text of index {name}.")])
    assert first.names() == second.names() == ["alpha-1", "beta", "x_2"]
    assert first.store("beta").exists() and not first.store("gamma").exists()
    assert first.store("gamma").stats() == StoreStats(documents=0, chunks=0, dim=0, meta={})
    assert first.store("gamma").document_hashes() == {}
    assert first.store("gamma").search_bm25("text", 5) == []

    password = _password(pg_url)
    for bad in ("Bad", "../x", "", "a b", "a" * 65, "-x", "x/y", "é"):
        with pytest.raises(InputError):
            first.store(bad)
        with pytest.raises(InputError):
            Index.open(bad, store=pg_url)
    with pytest.raises(IndexStoreError) as missing:
        Index.open("missing", store=pg_url)
    assert "missing" in str(missing.value) and password not in str(missing.value)
    assert password not in first.location and password not in first.store("beta").location
    with pytest.raises(IndexStoreError, match="dimension"):
        first.store("beta").search_dense([0.0] * 7, 3)


# ------------------------------------------------------------------ two writers at once

_WRITER = """
import json, sys, time
from pathlib import Path
from certirag.index import Index
from certirag.schemas import Document
from tests.conftest import HashEmbedder

url, prefix, folder = sys.argv[1], sys.argv[2], Path(sys.argv[3])
docs = [[Document(id=f"{prefix}-{b}-{i}", text=f"Writer {prefix} batch {b} item {i}. "
                  + " ".join(f"word{prefix}{(i * 7 + j) % 50}" for j in range(40)))
         for i in range(15)] for b in range(3)]
index = Index.open("shared", store=url, create=True, embedder=HashEmbedder())
(folder / f"ready-{prefix}").touch()
while not (folder / "go").exists():
    time.sleep(0.01)
reports = [index.ingest(batch).to_dict() for batch in docs]
print(json.dumps(reports))
"""


def test_two_processes_ingest_into_one_index_at_once(pg_url: str, tmp_path: Path,
                                                     backends: Callable[[str], PgBackend]
                                                     ) -> None:
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": str(REPO)}
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, pg_url, p, str(tmp_path)],
                              cwd=REPO, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for p in ("a", "b")]
    try:
        deadline = time.monotonic() + 60
        while not all((tmp_path / f"ready-{p}").exists() for p in ("a", "b")):
            assert all(p.poll() is None for p in procs), [p.communicate() for p in procs]
            assert time.monotonic() < deadline
            time.sleep(0.02)
        (tmp_path / "go").touch()
        outs = [p.communicate(timeout=60) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    for p, (_, errs) in zip(procs, outs, strict=True):
        assert p.returncode == 0, errs
    reports = [json.loads(out) for out, _ in outs]
    assert all(r["added"] == 15 and r["updated"] == 0 for rs in reports for r in rs)
    chunks = sum(r["chunks_written"] for rs in reports for r in rs)
    backend = backends(pg_url)
    store = backend.store("shared")
    hashes = store.document_hashes()
    assert sorted(hashes) == sorted(f"{p}-{b}-{i}" for p in ("a", "b") for b in range(3)
                                    for i in range(15))
    st = store.stats()
    assert (st.documents, st.chunks) == (90, chunks)
    assert backend.names() == ["shared"]
    assert _df(pg_url, "shared") == _df_from_scratch(pg_url, "shared")
    assert int(_rows(pg_url, "SELECT tokens FROM certirag.indexes WHERE name = 'shared'")[0][0]
               ) == int(_rows(pg_url, f"SELECT sum(len) FROM certirag.chunks_"
                                      f"{_index_id(pg_url, 'shared')}")[0][0])


# --------------------------------------------------------------------- command line

def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "certirag.cli", *args], cwd=REPO,
                          env={**os.environ, "OMP_NUM_THREADS": "1", **(env or {})},
                          capture_output=True, text=True, timeout=180, check=False)


def test_cli_ingest_search_stats_on_a_postgres_store(pg_url: str, tmp_path: Path) -> None:
    password = _password(pg_url)
    corpus = str(EXAMPLES.relative_to(REPO))
    done = [_cli("ingest", corpus, "--store", pg_url, "--index", "hand", "--json")]
    assert done[0].returncode == 0, done[0].stderr
    report = json.loads(done[0].stdout)
    assert (report["added"], report["documents"]) == (6, 6)
    assert report["index"].endswith("index hand") and report["index"].startswith("postgresql://")

    done.append(_cli("search", "annual leave", "--store", pg_url, "--index", "hand", "--json"))
    assert done[-1].returncode == 0, done[-1].stderr
    hits = json.loads(done[-1].stdout)["hits"]
    assert hits and hits[0]["doc_id"] == "policies/annual-leave.md"
    assert hits[0]["scores"]["bm25"] is not None and hits[0]["scores"]["dense"] is not None

    done.append(_cli("stats", "--store", pg_url, "--index", "hand", "--json"))
    assert done[-1].returncode == 0, done[-1].stderr
    stats = json.loads(done[-1].stdout)
    assert (stats["documents"], stats["chunks"]) == (6, report["chunks"])
    assert stats["dim"] > 0 and stats["embed_model"] and stats["embed_sha256"]

    # the store URL from the environment
    env = {"CERTIRAG_STORE": pg_url}
    done.append(_cli("ingest", corpus, "--index", "hand", "--json", env=env))
    assert done[-1].returncode == 0, done[-1].stderr
    assert json.loads(done[-1].stdout)["unchanged"] == 6
    done.append(_cli("search", "sick pay", "--index", "hand", "--json", "--mode", "bm25",
                     env=env))
    assert done[-1].returncode == 0, done[-1].stderr
    assert json.loads(done[-1].stdout)["hits"][0]["doc_id"] == "policies/sick-pay.md"
    done.append(_cli("stats", "--index", "hand", "--json", env=env))
    assert json.loads(done[-1].stdout)["documents"] == 6
    done.append(_cli("stats", "--index", "missing", env=env))
    assert done[-1].returncode == 2 and "no index" in done[-1].stderr
    assert not (REPO / "hand").exists() and not (REPO / "missing").exists()

    # a wrong password, on the right server
    wrong = pg_url.replace(password, "WRONGPASS123")
    done.append(_cli("stats", "--store", wrong, "--index", "hand"))
    assert done[-1].returncode == 3 and "WRONGPASS123" not in done[-1].stderr
    for run in done:
        assert password not in run.stdout and password not in run.stderr
        assert "Traceback" not in run.stderr


@pytest.mark.parametrize("how", ["option", "environment"])
def test_cli_unreachable_store_exits_3_without_the_password(how: str) -> None:
    url = "postgresql://certirag:SECRET@127.0.0.1:1/x"
    started = time.monotonic()
    runs = []
    for args in (["stats", "--index", "hand"], ["search", "annual leave", "--index", "hand"],
                 ["ingest", str(EXAMPLES), "--index", "hand", "--json"]):
        if how == "option":
            runs.append(_cli(*args, "--store", url))
        else:
            runs.append(_cli(*args, env={"CERTIRAG_STORE": url}))
    assert time.monotonic() - started < 30  # no waiting for a pool's retries
    for run in runs:
        assert run.returncode == 3, run.stderr
        assert "cannot connect" in run.stderr and "127.0.0.1:1" in run.stderr
        assert "Traceback" not in run.stderr
        assert "SECRET" not in run.stderr and "SECRET" not in run.stdout
        assert run.stdout == ""


# --------------------------------------------------------------------- HTTP service

def test_http_service_on_a_postgres_store(pg_url: str, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from certirag.server import Limits, create_app
    from certirag.testing import FakeVerifier

    settings = Settings(home=tmp_path / "home", store=pg_url)
    app = create_app(settings, verifier=FakeVerifier(), embedder=HashEmbedder(),
                     limits=Limits(rate_per_minute=0))
    _, secret = app.state.certirag.keys.create("tests")
    docs = [{"id": "leave", "text": "🙂 Employees get 25 days of annual leave.", "title": "Leave"},
            {"id": "notice", "text": "The notice period is one month."},
            {"id": "stop", "text": "The"}]
    with TestClient(app, headers={"Authorization": f"Bearer {secret}"}) as client:
        assert client.get("/v1/indexes").json() == {"indexes": []}
        missing = client.post("/v1/search", json={"index": "handbook", "query": "leave"})
        assert missing.status_code == 404, missing.text
        assert missing.json()["error"]["code"] == "index_not_found"

        r = client.post("/v1/ingest", json={"index": "handbook", "documents": docs})
        assert r.status_code == 200, r.text
        assert (r.json()["added"], r.json()["documents"], r.json()["chunks"]) == (3, 3, 3)
        again = client.post("/v1/ingest", json={"index": "handbook", "documents": docs})
        assert again.json()["unchanged"] == 3
        hits = client.post("/v1/search", json={"index": "handbook", "query": "annual leave",
                                               "k": 1, "mode": "bm25"}).json()["hits"]
        assert [h["doc_id"] for h in hits] == ["leave"]
        hybrid = client.post("/v1/search", json={"index": "handbook", "query": "annual leave",
                                                 "k": 3}).json()
        assert hybrid["mode"] == "hybrid" and hybrid["hits"][0]["doc_id"] == "leave"
        dense = client.post("/v1/search", json={"index": "handbook", "query": "The",
                                                "mode": "dense", "k": 1}).json()["hits"]
        assert [h["doc_id"] for h in dense] == ["stop"]
        assert client.post("/v1/search", json={"index": "handbook", "query": "The",
                                               "mode": "bm25"}).json()["hits"] == []

        # a failed first ingest leaves no index behind
        dup = client.post("/v1/ingest", json={"index": "x", "documents": [
            {"id": "d", "text": "One text."}, {"id": "d", "text": "Another text."}]})
        assert dup.status_code == 400
        assert client.post("/v1/search", json={"index": "x", "query": "text"}
                           ).status_code == 404
        assert client.get("/v1/indexes").json() == {"indexes": ["handbook"]}
        assert client.post("/v1/search", json={"index": "Bad Name", "query": "x"}
                           ).status_code == 422
        for resp in (missing, r, dup):
            assert _password(pg_url) not in resp.text
    app.state.certirag.indexes.backend.close()
    assert not (tmp_path / "home" / "indexes").exists()  # nothing went to folders
    shared = Index.open("handbook", store=pg_url, embedder=HashEmbedder())
    try:
        assert shared.stats().documents == 3
        assert shared.get_document("leave") == Document.model_validate(docs[0])
    finally:
        store = shared.store
        assert isinstance(store, PgStore)
        store.backend.close()


def test_bm25_top_k_skips_common_words_without_changing_the_ranking(
        pg_url: str, hash_embedder: Any) -> None:
    """The MaxScore shortcut (score only chunks holding the rarest query terms while that
    cannot change the top k) gives exactly the ranking of scoring every chunk."""
    import random

    from certirag.index.pg_store import PgStore

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


def test_bm25_past_the_scoring_limit_ranks_true_scores_of_the_chunks_it_scored(
        pg_url: str, hash_embedder: Any) -> None:
    """Past ``pg_bm25_max_scored`` the commonest terms no longer widen the candidates, but
    every score returned is the chunk's full BM25 score."""
    import random

    from certirag.index.pg_store import PgStore

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

"""The PostgreSQL + pgvector store against a throwaway server (the ``pg_url`` fixture):
the same content as the local folder store, incremental and failed writes, migrations,
two writers at once, and passwords that never show."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("psycopg")
pytest.importorskip("psycopg_pool")


from certirag.errors import IndexStoreError, InputError
from certirag.index import Index
from certirag.index.pg_store import MIGRATIONS, PgBackend, PgStore
from certirag.index.store import (
    DocumentChunks,
    StoreStats,
)
from certirag.ingest.loaders import load_documents
from certirag.schemas import Document
from tests.integration.pg_store_support import (
    CLEAR_QUERIES,
    QUERIES,
    SPECIAL,
    ids,
    index_id,
    recounted_df,
    rows,
    secret_of,
    snapshot,
    stored_df,
)

from ..conftest import EXAMPLES, REPO, HashEmbedder

pytestmark = [pytest.mark.postgres]


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
        want_ids = ids(local.search(q, k=3, mode="bm25"))
        got_ids = ids(pg.search(q, k=3, mode="bm25"))
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


# ------------------------------------------------------------------ incremental writes

def test_incremental_ingest_keeps_document_frequencies_exact(
        pg_url: str, tmp_path: Path, open_pg: Callable[..., Index]) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(EXAMPLES, corpus)
    pg = open_pg(pg_url)
    first = pg.ingest([corpus])
    assert (first.added, first.documents) == (6, 6)
    assert stored_df(pg_url, "hand") == recounted_df(pg_url, "hand")
    again = pg.ingest([corpus])
    assert (again.added, again.updated, again.unchanged, again.chunks_written) == (0, 0, 6, 0)

    ix = index_id(pg_url, "hand")
    old_chunks = [r[0] for r in rows(
        pg_url, f"SELECT id FROM certirag.chunks_{ix} WHERE doc_id = 'expenses.txt'")]
    assert len(old_chunks) >= 2
    assert pg.search("mileage", k=1, mode="bm25").hits[0].doc_id == "expenses.txt"
    (corpus / "expenses.txt").write_text("The zeppelin travel policy replaces the old "
                                         "one.\n", "utf-8")
    changed = pg.ingest([corpus])
    assert (changed.added, changed.updated, changed.unchanged) == (0, 1, 5)
    assert changed.chunks_written == 1 and changed.chunks == first.chunks - len(old_chunks) + 1
    assert [r[0] for r in rows(
        pg_url, f"SELECT id FROM certirag.chunks_{ix} WHERE doc_id = 'expenses.txt'")] == \
        ["expenses.txt#0"]
    assert pg.search("zeppelin", k=1, mode="bm25").hits[0].doc_id == "expenses.txt"
    assert all(h.doc_id != "expenses.txt" for h in
               pg.search("mileage reimbursed receipts", k=10, mode="bm25").hits)
    doc = pg.get_document("expenses.txt")
    assert doc is not None and doc.text.startswith("The zeppelin")
    df = stored_df(pg_url, "hand")
    assert df == recounted_df(pg_url, "hand")
    assert "zeppelin" in df and "mileag" not in df and min(df.values()) >= 1

    pg.store.write([], deletes=["faq-remote", "never-stored"])
    assert set(pg.store.document_hashes()) == {d.id for d in load_documents([corpus])} - \
        {"faq-remote"}
    assert pg.get_document("faq-remote") is None
    assert pg.stats().documents == 5
    assert all(h.doc_id != "faq-remote" for h in pg.search("remotely", k=10).hits)
    assert stored_df(pg_url, "hand") == recounted_df(pg_url, "hand")
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
    before = snapshot(pg)
    df_before = stored_df(pg_url, "hand")
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
    assert snapshot(pg) == before
    assert stored_df(pg_url, "hand") == df_before
    assert pg.search("zeppelins gliders", mode="bm25").hits == []

    # a brand-new index: nothing of it remains, not even its tables
    tables = rows(pg_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'certirag' "
                           "ORDER BY tablename")
    newcomer = open_pg(pg_url, "newcomer")
    with pytest.raises(RuntimeError, match="on fire"):
        newcomer.ingest([corpus])
    assert not newcomer.store.exists()
    assert "newcomer" not in newcomer.store.backend.names()  # type: ignore[attr-defined]
    assert rows(pg_url, "SELECT tablename FROM pg_tables WHERE schemaname = 'certirag' "
                         "ORDER BY tablename") == tables
    with pytest.raises(IndexStoreError, match="no index"):
        Index.open("newcomer", store=pg_url)

    # and the store still works afterwards
    monkeypatch.undo()
    report = pg.ingest([corpus])
    assert (report.added, report.updated) == (1, 1)
    assert pg.search("gliders", k=1, mode="bm25").hits[0].doc_id == "new.md"
    assert stored_df(pg_url, "hand") == recounted_df(pg_url, "hand")


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
    applied = rows(pg_url, "SELECT name, applied_at FROM certirag.migrations ORDER BY name")
    assert [r[0] for r in applied] == want

    second = backends(pg_url)  # another replica on the same database
    assert second.names() == []
    assert second.migrations() == want
    assert rows(pg_url, "SELECT name, applied_at FROM certirag.migrations "
                         "ORDER BY name") == applied

    for name in ("beta", "alpha-1", "x_2"):
        Index(store=second.store(name), embedder=hash_embedder).ingest(
            [Document(id="d", text=f"Text of index {name}.")])
    assert first.names() == second.names() == ["alpha-1", "beta", "x_2"]
    assert first.store("beta").exists() and not first.store("gamma").exists()
    assert first.store("gamma").stats() == StoreStats(documents=0, chunks=0, dim=0, meta={})
    assert first.store("gamma").document_hashes() == {}
    assert first.store("gamma").search_bm25("text", 5) == []

    password = secret_of(pg_url)
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
    assert stored_df(pg_url, "shared") == recounted_df(pg_url, "shared")
    assert int(rows(pg_url, "SELECT tokens FROM certirag.indexes WHERE name = 'shared'")[0][0]
               ) == int(rows(pg_url, f"SELECT sum(len) FROM certirag.chunks_"
                                      f"{index_id(pg_url, 'shared')}")[0][0])

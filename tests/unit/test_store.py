from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from certirag.config import Settings
from certirag.errors import IndexStoreError, InputError
from certirag.index import Index, LocalStore
from certirag.index.store import DocumentChunks, Store
from certirag.schemas import Chunk, Document

from ..conftest import HashEmbedder


def _dc(doc: Document, emb: HashEmbedder) -> DocumentChunks:
    chunk = Chunk.of(doc, 0, len(doc.text), 0)
    return DocumentChunks(doc, [chunk], emb.embed([chunk.text]))


def test_local_store_is_a_store(tmp_path: Path) -> None:
    assert isinstance(LocalStore(tmp_path), Store)


def test_write_read_search(tmp_path: Path, hash_embedder: HashEmbedder) -> None:
    store = LocalStore(tmp_path / "ix")
    docs = [Document(id="a", text="The cat sat on the mat."),
            Document(id="b", text="Dogs are running in the park."),
            Document(id="c", text="Quarterly revenue rose by 12 percent.")]
    store.write([_dc(d, hash_embedder) for d in docs], meta={"dim": hash_embedder.dim})
    again = LocalStore(tmp_path / "ix")
    assert again.document_hashes() == {d.id: d.sha256 for d in docs}
    hits = again.search_bm25("running dogs", 3)
    assert hits[0].chunk.doc_id == "b"
    assert all(h.score > 0 for h in hits)
    assert again.search_bm25("zzzz qqqq", 3) == []
    vec = hash_embedder.embed(["revenue rose percent"])[0]
    dense = again.search_dense(vec, 2)
    assert dense[0].chunk.doc_id == "c"
    assert len(dense) == 2
    assert again.search_dense(vec, 100)[-1].chunk.doc_id in {"a", "b", "c"}


def test_replace_and_delete(tmp_path: Path, hash_embedder: HashEmbedder) -> None:
    store = LocalStore(tmp_path)
    a, b = Document(id="a", text="First text."), Document(id="b", text="Second text.")
    store.write([_dc(a, hash_embedder), _dc(b, hash_embedder)], meta={"dim": 64})
    a2 = Document(id="a", text="First text, changed.")
    store.write([_dc(a2, hash_embedder)])
    assert store.get_document("a") == a2
    assert [c.doc_id for c in store.chunks()] == ["b", "a"]
    assert store.stats().chunks == 2
    store.write([], deletes=["b"])
    assert store.document_hashes() == {"a": a2.sha256}
    assert len(list(tmp_path.glob("gen-*"))) <= 2


def test_failed_write_leaves_index_unchanged(
    tmp_path: Path, hash_embedder: HashEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bm25s

    store = LocalStore(tmp_path)
    a = Document(id="a", text="Stable content here.")
    store.write([_dc(a, hash_embedder)], meta={"dim": 64})
    before = (tmp_path / "CURRENT").read_text()

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(bm25s.BM25, "save", boom)
    with pytest.raises(OSError, match="disk full"):
        store.write([_dc(Document(id="b", text="New content."), hash_embedder)])
    assert (tmp_path / "CURRENT").read_text() == before
    assert not list(tmp_path.glob(".tmp-gen-*"))
    fresh = LocalStore(tmp_path)
    assert fresh.document_hashes() == {"a": a.sha256}
    assert fresh.search_bm25("stable content", 1)[0].chunk.doc_id == "a"


def test_damaged_index_is_reported(tmp_path: Path, hash_embedder: HashEmbedder) -> None:
    store = LocalStore(tmp_path)
    store.write([_dc(Document(id="a", text="Some text."), hash_embedder)], meta={"dim": 64})
    gen = (tmp_path / "CURRENT").read_text().strip()
    (tmp_path / gen / "chunks.jsonl").write_text("{not json\n")
    with pytest.raises(IndexStoreError, match="damaged"):
        LocalStore(tmp_path).document_hashes()
    (tmp_path / "CURRENT").write_text("gen-999999\n")
    with pytest.raises(IndexStoreError, match="missing generation"):
        LocalStore(tmp_path).stats()
    meta = tmp_path / gen / "meta.json"
    (tmp_path / "CURRENT").write_text(gen)
    data = json.loads(meta.read_text())
    meta.write_text(json.dumps({**data, "format": 99}))
    with pytest.raises(IndexStoreError, match="format"):
        LocalStore(tmp_path).stats()


def test_index_ingest_incremental(tmp_path: Path, hash_embedder: HashEmbedder) -> None:
    idx = Index(tmp_path / "ix", settings=Settings(), embedder=hash_embedder)
    docs = [Document(id="a", text="Alpha is first. It has two sentences."),
            Document(id="b", text="Beta is second.")]
    r1 = idx.ingest(docs)
    assert (r1.added, r1.updated, r1.unchanged) == (2, 0, 0)
    gen = (tmp_path / "ix" / "CURRENT").read_text()
    r2 = idx.ingest(docs)
    assert (r2.added, r2.updated, r2.unchanged, r2.chunks_written) == (0, 0, 2, 0)
    assert (tmp_path / "ix" / "CURRENT").read_text() == gen  # a no-op writes nothing
    r3 = idx.ingest([Document(id="b", text="Beta was changed.")])
    assert (r3.added, r3.updated, r3.documents) == (0, 1, 2)
    hit = idx.search("beta changed", k=1, mode="bm25").hits[0]
    assert hit.doc_id == "b" and hit.text == "Beta was changed."
    with pytest.raises(InputError, match="duplicate"):
        idx.ingest([Document(id="x", text="One."), Document(id="x", text="Two.")])


def test_index_rejects_other_embedding_model(tmp_path: Path, hash_embedder: HashEmbedder
                                             ) -> None:
    idx = Index(tmp_path, embedder=hash_embedder)
    idx.ingest([Document(id="a", text="Alpha.")])

    class Other(HashEmbedder):
        class _Info:
            id = "other"
            weights_sha256 = "1" * 64

        info = _Info()

    with pytest.raises(IndexStoreError, match="embed_sha256"):
        Index(tmp_path, embedder=Other()).search("alpha")


def test_open_missing_index(tmp_path: Path) -> None:
    with pytest.raises(IndexStoreError, match="no index"):
        Index.open(tmp_path / "nothing")


def test_hybrid_scores_shape(tmp_path: Path, hash_embedder: HashEmbedder) -> None:
    idx = Index(tmp_path, embedder=hash_embedder)
    idx.ingest([Document(id=str(i), text=f"Document number {i} talks about topic {i % 3}.")
                for i in range(20)])
    res = idx.search("topic 1", k=5)
    assert res.mode == "hybrid" and len(res.hits) == 5
    for hit in res.hits:
        assert set(hit.scores) == {"bm25", "dense", "rrf"}
        assert hit.score == hit.scores["rrf"]
    rrf = [h.score for h in res.hits]
    assert rrf == sorted(rrf, reverse=True)
    assert np.isfinite(rrf).all()
    with pytest.raises(InputError):
        idx.search("   ")

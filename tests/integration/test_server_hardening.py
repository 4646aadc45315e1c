"""Hostile request bodies against the HTTP service: JSON nested thousands of levels deep,
``NaN``/``Infinity``/``1e400``, duplicate keys, bytes that are not UTF-8, bodies that never
finish arriving, and property-based fuzzing of every JSON route. Each is a 4xx JSON error
with a code, never a 500, and leaves the indexes and the ledger as they were."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from certirag.config import Settings  # noqa: E402
from certirag.server import BodyLimitMiddleware, Limits  # noqa: E402
from certirag.server.testing import running_server  # noqa: E402

from .server_fixtures import EVIDENCE, _make  # noqa: E402

DEEP = 5_000

# A valid body for every JSON route (what the wrong-type cases start from).
VALID: dict[str, dict[str, Any]] = {
    "/v1/verify": {"answer": "Paris is the capital of France.", "evidence": EVIDENCE},
    "/v1/ingest": {"index": "fuzzed", "documents": [{"id": "d", "text": "Some text."}]},
    "/v1/search": {"index": "handbook", "query": "leave"},
    "/v1/certificates/verify": {"certificate": {"payloadType": "x", "payload": "",
                                                "signatures": []}},
    "/v1/ask": {"question": "Tell me about Paris", "evidence": EVIDENCE},
    "/v1/chat/completions": {"messages": [{"role": "user", "content": "Paris?"}],
                             "evidence": EVIDENCE},
}
# Where a value of the wrong type makes each body invalid: (path into the body, whether a
# JSON object is the wrong type there too).
WRONG_TYPE_AT: dict[str, list[tuple[tuple[str | int, ...], bool]]] = {
    "/v1/verify": [(("answer",), True), (("evidence", 0, "text"), True)],
    "/v1/ingest": [(("index",), True), (("documents", 0, "text"), True),
                   (("documents",), True)],
    "/v1/search": [(("index",), True), (("query",), True)],
    "/v1/certificates/verify": [(("certificate",), False)],
    "/v1/ask": [(("question",), True), (("evidence",), True)],
    "/v1/chat/completions": [(("messages",), True), (("messages", 0, "role"), True)],
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("hardening")
    app, secret, settings = _make(tmp, limits=Limits(rate_per_minute=0))
    with running_server(app) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as client:
        r = client.post("/v1/ingest", json={"index": "handbook", "documents": [
            {"id": "leave", "text": "Full-time employees get 25 days of annual leave."}]})
        assert r.status_code == 200, r.text
        r = client.post("/v1/verify", json=VALID["/v1/verify"])  # one ledger entry
        assert r.status_code == 200 and r.json()["certificate_id"]
        yield {"client": client, "settings": settings, "url": url, "key": secret}


def _snapshot(served: dict[str, Any]) -> dict[str, Any]:
    """The indexes (every file's digest) and the ledger (its signed checkpoint)."""
    root = served["settings"].home / "indexes"
    files = {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in sorted(root.rglob("*")) if p.is_file()}
    checkpoint = served["client"].get("/v1/log/checkpoint").json()
    return {"files": files, "checkpoint": (checkpoint["tree_size"], checkpoint["root_hash"])}


def _is_4xx_json_error(r: Any) -> bool:
    if not 400 <= r.status_code < 500 or not r.headers["content-type"].startswith(
            "application/json"):
        return False
    error = r.json().get("error", {})
    return bool(error.get("code")) and bool(error.get("message")) and bool(error.get("type"))


def _post(client: Any, path: str, content: bytes) -> Any:
    return client.post(path, content=content, headers={"Content-Type": "application/json"})


# ------------------------------------------------------------------- strict JSON bodies

@pytest.mark.parametrize("path", sorted(VALID))
@pytest.mark.parametrize("shape", ["array", "object", "inside"])
def test_json_nested_thousands_deep_is_a_400_not_json(served: dict[str, Any], path: str,
                                                      shape: str) -> None:
    before = _snapshot(served)
    if shape == "array":
        body = "[" * DEEP + "]" * DEEP
    elif shape == "object":
        body = '{"a":' * DEEP + "1" + "}" * DEEP
    else:  # a valid body with one field nested deep
        key = next(iter(VALID[path]))
        body = json.dumps({**VALID[path], key: None}).replace(
            "null", "[" * DEEP + "]" * DEEP, 1)
    r = _post(served["client"], path, body.encode())
    assert r.status_code == 400, (path, r.status_code, r.text[:200])
    assert r.json()["error"]["code"] == "not_json"
    assert "nested deeper" in r.json()["error"]["message"]
    assert _snapshot(served) == before


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"])
def test_ingest_metadata_that_is_not_a_json_number_is_refused(served: dict[str, Any],
                                                              value: str) -> None:
    before = _snapshot(served)
    body = ('{"index": "numbers", "documents": [{"id": "d", "text": "Some text.", '
            f'"metadata": {{"score": {value}}}}}]}}')
    r = _post(served["client"], "/v1/ingest", body.encode())
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "not_json"
    assert _snapshot(served) == before
    assert "numbers" not in served["client"].get("/v1/indexes").json()["indexes"]


def test_duplicate_keys_and_bytes_that_are_not_utf8_are_refused(served: dict[str, Any]) -> None:
    client = served["client"]
    dup = b'{"answer": "Paris is big.", "answer": "Paris is small.", "evidence": []}'
    r = _post(client, "/v1/verify", dup)
    assert r.status_code == 400 and r.json()["error"]["code"] == "not_json"
    assert "duplicate key 'answer'" in r.json()["error"]["message"]
    r = _post(client, "/v1/verify", b'{"answer": "caf\xe9"}')
    assert r.status_code == 400 and r.json()["error"]["code"] == "not_json"
    r = _post(client, "/v1/verify", b"{not json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "not_json"
    # what the strict reader accepts still reaches the schema: 422 for a wrong shape
    r = _post(client, "/v1/verify", b'{"answer": 1}')
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_request"


# ---------------------------------------------------------------- request-body timeout

def _scope(path: str = "/v1/verify") -> dict[str, Any]:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": b"", "root_path": "", "client": ("127.0.0.1", 5000),
            "server": ("127.0.0.1", 8080),
            "headers": [(b"host", b"test"), (b"content-type", b"application/json"),
                        (b"content-length", b"100")]}


async def _stalled_request(app: Any, scope: dict[str, Any]) -> list[dict[str, Any]]:
    """Run ``app`` on a request whose body stops arriving after its first byte."""
    sent: list[dict[str, Any]] = []
    calls = 0

    async def receive() -> dict[str, Any]:
        nonlocal calls
        calls += 1
        if calls == 1:
            return {"type": "http.request", "body": b"{", "more_body": True}
        await asyncio.Event().wait()  # the client never sends the rest
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await asyncio.wait_for(app(scope, receive, send), timeout=5)
    return sent


def test_a_body_that_stops_arriving_is_a_408_that_closes_the_connection() -> None:
    reached = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope)

    app = BodyLimitMiddleware(inner, max_bytes=1 << 20, timeout_s=0.2)
    t0 = time.perf_counter()
    sent = asyncio.run(_stalled_request(app, _scope()))
    assert 0.2 <= time.perf_counter() - t0 < 1.5
    assert reached == []  # the app never saw the request
    start, body = sent
    assert start["status"] == 408
    assert (b"connection", b"close") in start["headers"]
    error = json.loads(body["body"])["error"]
    assert error == {"message": "the request body did not arrive within 0.2 s",
                     "type": "request_timeout", "code": "body_timeout"}


def test_the_app_times_out_slow_bodies_from_its_settings(tmp_path: Path) -> None:
    assert Limits.from_settings(Settings()).body_read_timeout_s == 30.0
    limits = Limits.from_settings(Settings(body_read_timeout_s=0.25))
    assert limits.body_read_timeout_s == 0.25
    app, _, _ = _make(tmp_path, limits=limits, sign=False)
    t0 = time.perf_counter()
    sent = asyncio.run(_stalled_request(app, _scope()))
    assert time.perf_counter() - t0 < 1.5
    assert sent[0]["status"] == 408 and (b"connection", b"close") in sent[0]["headers"]
    assert json.loads(sent[1]["body"])["error"]["code"] == "body_timeout"
    metrics = app.state.certirag.metrics.render().decode()
    assert 'status="408"' in metrics


def test_slow_clients_on_real_sockets_get_408_and_are_disconnected(tmp_path: Path) -> None:
    """Ten connections sending their body a byte at a time, every 50 ms: each is answered
    408 and closed by the server once the body timeout passes (not when the client
    stops)."""
    app, _, _ = _make(tmp_path, limits=Limits(rate_per_minute=0, body_read_timeout_s=0.4),
                      sign=False)
    with running_server(app) as url:
        host, port = url.removeprefix("http://").split(":")
        socks = []
        for _ in range(10):
            s = socket.create_connection((host, int(port)), timeout=3)
            s.sendall(b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                      b"\r\nContent-Length: 1000\r\n\r\n")
            s.setblocking(False)
            socks.append(s)
        t0 = time.perf_counter()
        replies = {i: b"" for i in range(len(socks))}
        closed: set[int] = set()
        while len(closed) < len(socks) and time.perf_counter() - t0 < 3:
            for i, s in enumerate(socks):
                if i in closed:
                    continue
                with contextlib.suppress(OSError):
                    s.send(b" ")
                try:
                    chunk = s.recv(4096)
                except BlockingIOError:
                    continue
                except OSError:
                    closed.add(i)
                    continue
                if chunk:
                    replies[i] += chunk
                else:
                    closed.add(i)
            time.sleep(0.05)
        elapsed = time.perf_counter() - t0
        for s in socks:
            s.close()
    assert len(closed) == len(socks) and elapsed < 2.0, (elapsed, closed)
    for reply in replies.values():
        assert reply.startswith(b"HTTP/1.1 408"), reply[:100]
        assert b"body_timeout" in reply


# ---------------------------------------------------------------------- fuzzing bodies

def _with(body: Any, path: tuple[str | int, ...], value: Any) -> Any:
    body = json.loads(json.dumps(body))
    target = body
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return body


def _bodies() -> Any:
    """Request bodies (as bytes) that no JSON route accepts, for each route."""
    from hypothesis import strategies as st

    scalars = (st.none() | st.booleans() | st.integers()
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                          max_leaves=10)
    not_text = (st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                | st.lists(values, max_size=3))
    routes = st.sampled_from(sorted(VALID))

    def wrong_type(path: str) -> Any:
        where = st.sampled_from(WRONG_TYPE_AT[path])
        return where.flatmap(lambda w: (not_text | st.dictionaries(
            st.text(max_size=8), values, max_size=2) if w[1] else not_text).map(
            lambda v: json.dumps(_with(VALID[path], w[0], v)).encode()))

    def deep(path: str) -> Any:
        def nest(args: tuple[int, bool, bool]) -> bytes:
            depth, arrays, inside = args
            core = ("[" * depth + "]" * depth) if arrays else \
                ('{"k":' * depth + "0" + "}" * depth)
            if not inside:
                return core.encode()
            key = next(iter(VALID[path]))
            return json.dumps({**VALID[path], key: None}).replace("null", core, 1).encode()
        return st.tuples(st.integers(65, 6_000), st.booleans(), st.booleans()).map(nest)

    def odd_numbers(path: str) -> Any:
        key = next(iter(VALID[path]))
        return st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-2e308"]).map(
            lambda v: json.dumps({**VALID[path], key: None}).replace("null", v, 1).encode())

    def duplicates(path: str) -> Any:
        key = next(iter(VALID[path]))
        return st.just(json.dumps(VALID[path])[:-1].encode()
                       + b', "' + key.encode() + b'": ' + json.dumps(VALID[path][key]).encode()
                       + b"}")

    random_json = values.filter(
        lambda v: not isinstance(v, dict) or not ({"messages", "certificate", "answer",
                                                   "question", "index"} & set(v))
    ).map(lambda v: json.dumps(v).encode())
    random_bytes = st.binary(max_size=300)
    return routes.flatmap(lambda path: st.tuples(st.just(path), st.one_of(
        random_bytes, random_json, wrong_type(path), deep(path), odd_numbers(path),
        duplicates(path))))


def test_fuzzed_bodies_are_4xx_json_errors_and_change_nothing(served: dict[str, Any]) -> None:
    from hypothesis import HealthCheck, given, settings

    client = served["client"]
    before = _snapshot(served)
    seen: set[int] = set()

    @settings(max_examples=50, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(request=_bodies())
    def check(request: tuple[str, bytes]) -> None:
        path, body = request
        r = _post(client, path, body)
        assert _is_4xx_json_error(r), (path, body[:200], r.status_code, r.text[:300])
        seen.add(r.status_code)

    check()
    assert _snapshot(served) == before
    assert {400, 422} <= seen

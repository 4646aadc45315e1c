"""The HTTP service's guards: API keys and bearer auth, request limits, rate limiting,
timeouts, CORS, and schema-driven fuzzing, against the real app on 127.0.0.1."""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from certirag.config import Settings  # noqa: E402
from certirag.server import ApiKeyStore, Limits  # noqa: E402
from certirag.server.testing import running_server  # noqa: E402
from certirag.testing import FakeVerifier  # noqa: E402

from . import server_fixtures  # noqa: E402
from .server_fixtures import EVIDENCE, _make  # noqa: E402

server = server_fixtures.server


KEY_RE = re.compile(r"^crk_[A-Za-z0-9_-]{43}$")

OPEN_PATHS = {"/healthz", "/openapi.json"}


class SlowVerifier(FakeVerifier):
    """Answers after ``delay`` seconds (to trip the timeout)."""

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[Any]:
        time.sleep(self.delay)
        return super().score_pairs(pairs)


# ------------------------------------------------------------------------ open routes

def test_open_routes_need_no_key(server: dict[str, Any]) -> None:
    with httpx.Client(base_url=server["url"]) as anon:
        assert anon.get("/healthz").json()["status"] == "ok"
        schema = anon.get("/openapi.json").json()
        assert "/v1/verify" in schema["paths"] and "/v1/chat/completions" in schema["paths"]
        page = anon.get("/")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert anon.get("/static/app.js").status_code == 200
        assert anon.get("/docs").status_code == 404  # no page that loads remote scripts


def _routes(schema: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    for path, ops in schema["paths"].items():
        for method in ops:
            out.append((method.upper(), path.replace("{cert_id}", "0" * 64)))
    return out


def test_every_other_route_needs_a_valid_bearer_key(server: dict[str, Any]) -> None:
    with httpx.Client(base_url=server["url"]) as anon:
        routes = _routes(anon.get("/openapi.json").json())
        protected = [(m, p) for m, p in routes if p not in OPEN_PATHS]
        assert len(protected) >= 12 and ("GET", "/metrics") in protected
        wrong = "crk_" + "A" * 43
        for method, path in protected:
            for headers in ({}, {"Authorization": f"Bearer {wrong}"},
                            {"Authorization": f"Basic {server['key']}"},
                            {"Authorization": server["key"]}):
                r = anon.request(method, path, headers=headers, json={})
                assert r.status_code == 401, (method, path, headers, r.text)
                assert r.json()["error"]["code"] == "invalid_api_key"
                assert r.headers["www-authenticate"] == "Bearer"


# ------------------------------------------------------------------------- API keys

def test_keys_cli_prints_only_the_key_and_a_running_server_accepts_it(
        server: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    import typer
    from typer.testing import CliRunner

    from certirag.cli.serve import api_keys_app

    cli = typer.Typer()
    cli.add_typer(api_keys_app, name="api")
    monkeypatch.setenv("CERTIRAG_HOME", str(server["settings"].home))
    res = CliRunner().invoke(cli, ["api", "create", "--name", "cli-user"])
    assert res.exit_code == 0, res.output
    secret = res.stdout.strip()
    assert res.stdout == secret + "\n" and KEY_RE.match(secret)
    assert "shown only this once" in res.stderr
    path = server["settings"].home / "api_keys.json"
    stored = path.read_text("utf-8")
    assert secret not in stored and "cli-user" in stored
    assert stat.S_IMODE(path.stat().st_mode) == 0o600

    with httpx.Client(base_url=server["url"]) as c:
        auth = {"Authorization": f"Bearer {secret}"}
        assert c.get("/v1/indexes", headers=auth).status_code == 200
        again = CliRunner().invoke(cli, ["api", "create", "--name", "cli-user"])
        assert again.exit_code == 2 and again.stdout == ""
        listed = CliRunner().invoke(cli, ["api", "list", "--json"])
        assert secret not in listed.stdout and "cli-user" in listed.stdout
        assert CliRunner().invoke(cli, ["api", "revoke", "cli-user"]).exit_code == 0
        assert c.get("/v1/indexes", headers=auth).status_code == 401


def test_key_store_hashes_and_compares() -> None:
    from certirag.server.auth import hash_key

    store = ApiKeyStore(Path(os.environ["CERTIRAG_HOME"]) / "k.json")
    record, secret = store.create("a")
    assert record.sha256 == hash_key(secret) and store.authenticate(secret) == record
    assert store.authenticate(secret[:-1] + ("A" if secret[-1] != "A" else "B")) is None
    assert store.authenticate(None) is None and store.authenticate("") is None


# --------------------------------------------------------------------------- limits

def test_request_body_and_evidence_limits_413(tmp_path: Path) -> None:
    app, secret, _ = _make(tmp_path, limits=Limits(max_body_bytes=4096, max_evidence_chars=200),
                           sign=False)
    auth = {"Authorization": f"Bearer {secret}"}
    with running_server(app) as url, httpx.Client(base_url=url, headers=auth) as c:
        big = {"answer": "x", "evidence": [{"id": "a", "text": "y" * 10_000}]}
        r = c.post("/v1/verify", json=big)
        assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
            yield b'{"answer": "x", "evidence": [{"id": "a", "text": "'
            for _ in range(20):
                yield b"y" * 1000
            yield b'"}]}'

        r = c.post("/v1/verify", content=chunks(), headers={"Content-Type": "application/json"})
        assert r.status_code == 413
        # unauthenticated big bodies are refused before anything reads them
        assert httpx.post(url + "/v1/verify", json=big).status_code == 413

        r = c.post("/v1/verify", json={"answer": "Paris is big.",
                                       "evidence": [{"id": "a", "text": "z" * 300}]})
        assert r.status_code == 413 and r.json()["error"]["code"] == "evidence_too_large"
        ok = c.post("/v1/verify", json={"answer": "Paris is big.",
                                        "evidence": [{"id": "a", "text": "Paris is big."}]})
        assert ok.status_code == 200 and "certificate_id" not in ok.json()


def test_rate_limit_per_key_429(tmp_path: Path) -> None:
    app, secret, _ = _make(tmp_path, limits=Limits(rate_per_minute=3), sign=False)
    _, other = app.state.certirag.keys.create("other")
    with running_server(app) as url, httpx.Client(base_url=url) as c:
        auth = {"Authorization": f"Bearer {secret}"}
        codes = [c.get("/v1/indexes", headers=auth).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        r = c.get("/v1/indexes", headers=auth)
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert r.json()["error"]["type"] == "rate_limit_error"
        assert c.get("/v1/indexes", headers={"Authorization": f"Bearer {other}"}
                     ).status_code == 200
        assert c.get("/healthz").status_code == 200


def test_rate_limiter_refills() -> None:
    from certirag.server import RateLimiter

    now = [0.0]
    limiter = RateLimiter(60, clock=lambda: now[0])
    assert all(limiter.acquire("k") == 0.0 for _ in range(60))
    assert limiter.acquire("k") == pytest.approx(1.0)
    now[0] += 1.0
    assert limiter.acquire("k") == 0.0 and limiter.acquire("k") > 0


def test_verifier_timeout_fails_closed(tmp_path: Path) -> None:
    app, secret, _ = _make(tmp_path, limits=Limits(verify_timeout_s=0.3),
                           verifier=SlowVerifier(2.0), sign=False)
    with running_server(app) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=30) as c:
        t0 = time.perf_counter()
        r = c.post("/v1/verify", json={"answer": "Paris is the capital of France.",
                                       "evidence": EVIDENCE})
        assert time.perf_counter() - t0 < 1.5
        data = r.json()
        assert r.status_code == 200 and r.headers["x-certirag-outcome"] == "backend_failed"
        assert [c["decision"] for c in data["claims"]] == ["unverified"]
        assert data["claims"][0]["reasons"][0]["code"] == "timeout"
        assert data["rendered"] == "[withheld]"


def test_limits_from_settings_use_defaults_for_missing_fields() -> None:
    limits = Limits.from_settings(Settings(verify_timeout_s=5))
    assert limits.verify_timeout_s == 5 and limits.max_body_bytes == 4 * 1024 * 1024
    assert Limits.from_settings(Settings()).verify_timeout_s == 30.0


# ---------------------------------------------------------------------------- CORS

def test_cors_is_off_by_default(server: dict[str, Any]) -> None:
    r = httpx.options(server["url"] + "/v1/verify", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization"})
    assert "access-control-allow-origin" not in r.headers
    r = server["client"].get("/v1/indexes", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in r.headers


# --------------------------------------------------------------------------- fuzzing

def _strategy(schema: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> Any:
    """A Hypothesis strategy for values of an OpenAPI (JSON Schema) fragment: mostly values
    of the right shape, sometimes anything."""
    from hypothesis import strategies as st

    scalars = st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=30)
    if "$ref" in schema:
        return _strategy(defs[schema["$ref"].rsplit("/", 1)[1]], defs, depth)
    if "anyOf" in schema:
        return st.one_of([_strategy(s, defs, depth) for s in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"]) | scalars
    kind = schema.get("type")
    if kind == "string":
        shaped = st.text(max_size=min(int(schema.get("maxLength", 60)), 60))
        if "pattern" in schema:
            shaped = shaped | st.from_regex(schema["pattern"], fullmatch=True)
        return shaped | st.sampled_from(["handbook", "nope", "../x", ""])
    if kind == "integer":
        return st.integers(int(schema.get("minimum", -5)) - 1, int(schema.get("maximum", 50)) + 1)
    if kind == "boolean":
        return st.booleans()
    if kind == "array" and depth < 3:
        item = _strategy(schema.get("items", {}), defs, depth + 1)
        return st.lists(item, max_size=3)
    if kind == "object" and depth < 3 and "properties" in schema:
        props = {k: _strategy(v, defs, depth + 1) for k, v in schema["properties"].items()}
        required = [k for k in schema.get("required", []) if k in props]
        optional = {k: v for k, v in props.items() if k not in required}
        return st.fixed_dictionaries({k: props[k] for k in required}, optional=optional)
    return scalars


def test_fuzzed_requests_from_the_openapi_schema_never_get_a_5xx(
        server: dict[str, Any]) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    schema = server["client"].get("/openapi.json").json()
    defs = schema["components"]["schemas"]
    anything = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                            lambda inner: st.lists(inner, max_size=3)
                            | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                            max_leaves=8)
    routes = []
    for path, ops in sorted(schema["paths"].items()):
        body = ops.get("post", {}).get("requestBody")
        if body:
            ref = body["content"]["application/json"]["schema"]
            routes.append(st.tuples(st.just(path), _strategy(ref, defs) | anything))
    assert len(routes) >= 6
    client = server["client"]

    @settings(max_examples=120, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(request=st.one_of(routes))
    def check(request: tuple[str, Any]) -> None:
        path, body = request
        r = client.post(path, json=body)
        assert r.status_code < 500, (path, body, r.status_code, r.text)
        if r.headers["content-type"].startswith("text/event-stream"):
            assert "internal_error" not in r.text

    check()

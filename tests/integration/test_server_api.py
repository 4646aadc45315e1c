"""The HTTP service against the real app served by uvicorn on 127.0.0.1, with httpx and
the official ``openai`` client. Verifier, embedder and generator are the deterministic
fakes (one test uses the shipped NLI model)."""

from __future__ import annotations

import base64
import concurrent.futures
import json
import os
import re
import stat
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from certirag.certify.certificate import verify_certificate  # noqa: E402
from certirag.certify.keys import Signer, generate_keys, load_public_key  # noqa: E402
from certirag.certify.ledger import Checkpoint, Ledger, verify_inclusion  # noqa: E402
from certirag.config import Settings  # noqa: E402
from certirag.server import ApiKeyStore, Limits, create_app  # noqa: E402
from certirag.server.testing import running_server  # noqa: E402
from certirag.testing import FakeGenerator, FakeVerifier  # noqa: E402

from ..conftest import REPO, HashEmbedder  # noqa: E402

KEY_RE = re.compile(r"^crk_[A-Za-z0-9_-]{43}$")
EVIDENCE = [{"id": "geo", "text": "🙂 Bonjour. Paris is the capital of France. It has many "
                                  "bridges."},
            {"id": "tower", "text": "The Eiffel Tower is in Paris. It opened in 1889."}]
ANSWER = "Paris is the capital of France. The Eiffel Tower opened in 1925."
SCRIPT = [["Paris is the capital of France."],
          ["Paris has 9 moons.", "Paris has 8 moons.", "Paris has 7 moons.",
           "Paris has 6 moons."],
          ["The Eiffel Tower is in Paris."]]
OPEN_PATHS = {"/healthz", "/openapi.json"}


class SlowVerifier(FakeVerifier):
    """Answers after ``delay`` seconds (to trip the timeout)."""

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[Any]:
        time.sleep(self.delay)
        return super().score_pairs(pairs)


def _make(tmp: Path, *, limits: Limits | None = None, verifier: Any = None,
          sign: bool = True) -> tuple[Any, str, Settings]:
    keys = generate_keys(tmp / "keys") if sign else None
    settings = Settings(home=tmp / "home", signing_key=keys.private_path if keys else None)
    app = create_app(settings, verifier=verifier or FakeVerifier(), embedder=HashEmbedder(),
                     generator=FakeGenerator(SCRIPT), limits=limits)
    _, secret = app.state.certirag.keys.create("tests")
    return app, secret, settings


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("server")
    app, secret, settings = _make(tmp, limits=Limits(rate_per_minute=0))
    with running_server(app) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as client:
        yield {"url": url, "key": secret, "settings": settings, "client": client, "app": app,
               "public_key": tmp / "keys" / "certirag.pub"}


def _verify(client: Any, **body: Any) -> Any:
    return client.post("/v1/verify", json={"question": "Tell me about Paris",
                                           "answer": ANSWER, **body})


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

    from certirag.cli_serve import api_keys_app

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


# --------------------------------------------------------------------------- verify

def test_verify_reply_is_exactly_the_cli_json(server: dict[str, Any], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import typer
    from typer.testing import CliRunner

    import certirag.verifiers
    from certirag.cli_verify import verify_command

    r = _verify(server["client"], evidence=EVIDENCE)
    assert r.status_code == 200, r.text
    assert r.headers["x-certirag-outcome"] == "withheld"
    got = r.json()
    cert_id = got.pop("certificate_id")
    assert re.fullmatch(r"[0-9a-f]{64}", cert_id)

    evidence = tmp_path / "evidence.jsonl"
    evidence.write_text("".join(json.dumps(e) + "\n" for e in EVIDENCE), "utf-8")
    monkeypatch.setattr(certirag.verifiers, "create_verifier", lambda settings: FakeVerifier())
    cli = typer.Typer()
    cli.command()(verify_command)
    res = CliRunner().invoke(cli, ["-q", "Tell me about Paris", "-a", ANSWER, "--evidence",
                                   str(evidence), "--json"])
    assert res.exit_code == 1, res.output
    assert got == json.loads(res.stdout)
    decisions = [c["decision"] for c in got["claims"]]
    assert decisions[0] == "verified" and "verified" not in decisions[1:]
    assert got["rendered"].startswith("Paris is the capital of France.")


def test_verify_with_passages_gives_offsets_into_them(server: dict[str, Any]) -> None:
    data = _verify(server["client"], evidence=EVIDENCE, include_passages=True).json()
    passages = {p["doc_id"]: p for p in data["passages"]}
    ev = data["claims"][0]["evidence"][0]
    text = passages[ev["doc_id"]]["text"]
    assert text[ev["start"]:ev["end"]] == ev["text"] == "Paris is the capital of France."
    assert ev["start"] == text.index("Paris") == 11  # code points, after the emoji


def test_certificates_ledger_and_checkpoint(server: dict[str, Any]) -> None:
    client = server["client"]
    cert_id = _verify(client, evidence=EVIDENCE).json()["certificate_id"]
    envelope = client.get(f"/v1/certificates/{cert_id}")
    assert envelope.status_code == 200
    assert verify_certificate(envelope.text, server["public_key"]).valid

    check = client.post("/v1/certificates/verify", json={"certificate": envelope.json()})
    assert check.json()["valid"] is True and check.json()["certificate_id"] == cert_id
    other = Signer.generate().public_key
    from certirag.certify.keys import public_key_pem

    wrong = client.post("/v1/certificates/verify", json={
        "certificate": envelope.text, "public_key": public_key_pem(other).decode()}).json()
    assert wrong["valid"] is False and "wrong_key" in [f["code"] for f in wrong["failures"]]
    tampered = envelope.json()
    payload = json.loads(base64.b64decode(tampered["payload"]))
    payload["predicate"]["rendered"] = "everything is verified"
    tampered["payload"] = base64.b64encode(json.dumps(payload).encode()).decode()
    bad = client.post("/v1/certificates/verify", json={"certificate": tampered}).json()
    assert bad["valid"] is False

    cp = client.get("/v1/log/checkpoint").json()
    key = load_public_key(server["public_key"])
    assert Checkpoint.parse(cp["note"]).verify(key)
    proof = client.get(f"/v1/certificates/{cert_id}/proof").json()
    assert verify_inclusion(bytes.fromhex(proof["leaf_hash"]), proof["leaf_index"],
                            proof["tree_size"], [bytes.fromhex(h) for h in proof["path"]],
                            bytes.fromhex(proof["root_hash"]))
    with Ledger.open(server["settings"].home / "ledger.db", create=False) as log:
        assert log.get(cert_id) is not None and log.verify(key).valid
        assert cp["tree_size"] <= log.size

    assert client.get("/v1/certificates/" + "0" * 64).status_code == 404
    assert client.get("/v1/certificates/NOT-AN-ID").status_code == 400


def test_ingest_search_and_verify_from_a_named_index(server: dict[str, Any]) -> None:
    client = server["client"]
    docs = [{"id": "leave", "text": "🙂 Welcome. Employees get 25 days of annual leave.",
             "title": "Leave"},
            {"id": "notice", "text": "The notice period is one month."}]
    r = client.post("/v1/ingest", json={"index": "handbook", "documents": docs})
    assert r.status_code == 200 and r.json()["documents"] == 2
    assert (server["settings"].home / "indexes" / "handbook").is_dir()
    again = client.post("/v1/ingest", json={"index": "handbook", "documents": docs}).json()
    assert again["unchanged"] == 2 and again["added"] == 0
    hits = client.post("/v1/search", json={"index": "handbook", "query": "annual leave",
                                           "k": 1, "mode": "bm25"}).json()["hits"]
    assert hits[0]["doc_id"] == "leave"
    assert "handbook" in client.get("/v1/indexes").json()["indexes"]

    data = client.post("/v1/verify", json={
        "question": "How much annual leave?", "answer": "Employees get 25 days of annual leave.",
        "index": "handbook", "include_passages": True}).json()
    claim = data["claims"][0]
    assert claim["decision"] == "verified"
    ev = claim["evidence"][0]
    assert docs[0]["text"][ev["start"]:ev["end"]] == ev["text"]  # offsets into the document
    envelope = client.get(f"/v1/certificates/{data['certificate_id']}").json()
    checked = client.post("/v1/certificates/verify",
                          json={"certificate": envelope, "index": "handbook"}).json()
    assert checked["valid"] is True and "index" in checked["checked"]
    body = json.loads(base64.b64decode(envelope["payload"]))["predicate"]
    assert body["retrieval"]["index"] == "indexes/handbook"  # no server path inside


@pytest.mark.parametrize("name", ["../x", "A", "x/y", "", ".hidden", "a" * 65, "a\n", "é",
                                  "/etc", "a b"])
def test_index_names_are_never_paths(server: dict[str, Any], name: str) -> None:
    client = server["client"]
    before = sorted(p.name for p in server["settings"].home.iterdir())
    r = client.post("/v1/ingest", json={"index": name,
                                        "documents": [{"id": "d", "text": "Some text."}]})
    assert r.status_code == 422, r.text
    assert client.post("/v1/search", json={"index": name, "query": "x"}).status_code == 422
    assert sorted(p.name for p in server["settings"].home.iterdir()) == before


def test_bad_input_is_a_4xx_with_a_message(server: dict[str, Any]) -> None:
    client = server["client"]
    cases = [
        client.post("/v1/verify", content=b"{not json", headers={"Content-Type":
                                                                  "application/json"}),
        client.post("/v1/verify", json={"answer": "x", "evidence": EVIDENCE,
                                        "index": "handbook"}),
        client.post("/v1/verify", json={"answer": "x"}),
        client.post("/v1/verify", json={"answer": "x", "evidence": [{"id": "a", "text": " "}]}),
        client.post("/v1/verify", json={"answer": "", "evidence": EVIDENCE}),
        client.post("/v1/verify", json={"answer": "x", "evidence": EVIDENCE, "extra": 1}),
        client.post("/v1/search", json={"index": "missing", "query": "x"}),
        client.post("/v1/ingest", json={"index": "x", "documents": [{"id": "d", "text": "  "}]}),
    ]
    for r in cases:
        assert 400 <= r.status_code < 500, r.text
        assert r.json()["error"]["message"]
    assert cases[6].status_code == 404
    # a failed ingest leaves no index behind
    dup = client.post("/v1/ingest", json={"index": "x", "documents": [
        {"id": "d", "text": "One text."}, {"id": "d", "text": "Another text."}]})
    assert dup.status_code == 400 and "duplicate" in dup.json()["error"]["message"]
    assert client.post("/v1/search", json={"index": "x", "query": "text"}).status_code == 404


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


# ---------------------------------------------------------------- metrics and CORS

def test_metrics_in_prometheus_text_format(server: dict[str, Any]) -> None:
    from prometheus_client.parser import text_string_to_metric_families

    client = server["client"]
    _verify(client, evidence=EVIDENCE)
    httpx.get(server["url"] + "/v1/indexes")  # one refused request
    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for fam in text_string_to_metric_families(r.text) for s in fam.samples}
    key = ("certirag_http_requests_total",
           (("method", "POST"), ("route", "/v1/verify"), ("status", "200")))
    assert samples[key] >= 1
    assert samples[("certirag_claims_total", (("decision", "verified"),))] >= 1
    assert samples[("certirag_auth_failures_total", ())] >= 1
    assert samples[("certirag_certificates_issued_total", ())] >= 1


def test_cors_is_off_by_default(server: dict[str, Any]) -> None:
    r = httpx.options(server["url"] + "/v1/verify", headers={
        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization"})
    assert "access-control-allow-origin" not in r.headers
    r = server["client"].get("/v1/indexes", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in r.headers


def test_concurrent_verifications_keep_the_ledger_valid(server: dict[str, Any]) -> None:
    client = server["client"]
    answers = [f"Paris is the capital of France. It has {n} bridges." for n in range(8)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        replies = list(pool.map(lambda a: client.post("/v1/verify", json={
            "answer": a, "evidence": EVIDENCE}), answers))
    assert [r.status_code for r in replies] == [200] * 8
    ids = {r.json()["certificate_id"] for r in replies}
    assert len(ids) == 8
    with Ledger.open(server["settings"].home / "ledger.db", create=False) as log:
        assert log.verify(load_public_key(server["public_key"])).valid
        assert all(log.get(i) is not None for i in ids)


# ------------------------------------------------------------------------ generation

def _sse(lines: Iterator[str]) -> list[tuple[str, Any]]:
    events, name = [], "message"
    for line in lines:
        if line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            events.append((name, json.loads(line[5:])))
    return events


def test_ask_streams_verified_sentences_then_the_certificate(server: dict[str, Any]) -> None:
    with server["client"].stream("POST", "/v1/ask", json={
            "question": "Tell me about Paris", "evidence": EVIDENCE}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith(
            "text/event-stream")
        events = _sse(r.iter_lines())
    names = [n for n, _ in events]
    assert names[0] == "sentence" and names[-3:] == ["result", "certificate", "done"]
    streamed = " ".join(d["text"] for n, d in events if n in ("sentence", "withheld"))
    assert "moons" not in streamed  # a failed sentence is never sent
    assert "Paris is the capital of France." in streamed
    result = dict(events)["result"]
    assert result["answer"] == streamed
    assert all(c["decision"] in ("verified", "not_a_claim") or c["text"] == "[withheld]"
               for c in result["claims"])
    cert_id = dict(events)["certificate"]["certificate_id"]
    envelope = server["client"].get(f"/v1/certificates/{cert_id}").text
    assert verify_certificate(envelope, server["public_key"]).valid
    assert json.loads(base64.b64decode(json.loads(envelope)["payload"]))["predicate"]["trace"]


def test_ask_errors_before_streaming_are_http_errors(server: dict[str, Any]) -> None:
    r = server["client"].post("/v1/ask", json={"question": "x", "index": "nope"})
    assert r.status_code == 404
    r = server["client"].post("/v1/ask", json={"question": "x"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "no_evidence"


def test_openai_client_against_the_verifying_proxy(server: dict[str, Any]) -> None:
    openai = pytest.importorskip("openai")
    client = openai.OpenAI(base_url=server["url"] + "/v1", api_key=server["key"],
                           max_retries=0)
    messages = [{"role": "system", "content": "Be brief."},
                {"role": "user", "content": "Tell me about Paris"}]
    reply = client.chat.completions.create(model="certirag", messages=messages,
                                           extra_body={"evidence": EVIDENCE})
    content = reply.choices[0].message.content
    assert "Paris is the capital of France." in content and "moons" not in content
    assert reply.choices[0].finish_reason == "stop" and reply.usage.total_tokens > 0
    cert_id = reply.model_extra["certificate_id"]
    assert reply.model_extra["certirag"]["certificate_id"] == cert_id
    envelope = server["client"].get(f"/v1/certificates/{cert_id}").text
    assert verify_certificate(envelope, server["public_key"]).valid

    stream = client.chat.completions.create(model="certirag", messages=messages,
                                            extra_body={"evidence": EVIDENCE}, stream=True)
    parts, finals = [], []
    for chunk in stream:
        delta = chunk.choices[0].delta.content if chunk.choices else None
        if delta:
            parts.append(delta)
        if chunk.choices and chunk.choices[0].finish_reason:
            finals.append(chunk)
    assert "".join(parts) == content
    assert len(finals) == 1 and finals[0].model_extra["certificate_id"]

    with pytest.raises(openai.AuthenticationError):
        openai.OpenAI(base_url=server["url"] + "/v1", api_key="crk_" + "x" * 43,
                      max_retries=0).chat.completions.create(model="m", messages=messages)
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(model="certirag", messages=messages)  # no evidence
    assert [m.id for m in client.models.list()] == ["fake-generator"]


def test_proxy_answers_from_the_default_index(tmp_path: Path) -> None:
    openai = pytest.importorskip("openai")
    app, secret, _ = _make(tmp_path, sign=False)
    with running_server(app) as url:
        httpx.post(url + "/v1/ingest", headers={"Authorization": f"Bearer {secret}"},
                   json={"index": "default", "documents": [
                       {"id": "geo", "text": "Paris is the capital of France."}]})
        client = openai.OpenAI(base_url=url + "/v1", api_key=secret, max_retries=0)
        reply = client.chat.completions.create(
            model="certirag", messages=[{"role": "user", "content": "Capital of France?"}])
    assert reply.choices[0].message.content.startswith("Paris is the capital of France.")
    assert reply.model_extra["certificate_id"] is None  # no signing key configured


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


# -------------------------------------------------------------------- real components

NLI_MODEL = REPO / "certirag" / "models" / "nli-minilm-l6-int8"


@pytest.mark.skipif(not NLI_MODEL.is_dir(), reason="the shipped NLI model "
                    "certirag/models/nli-minilm-l6-int8 is not built yet")
def test_verify_with_the_shipped_nli_model(tmp_path: Path) -> None:
    # mechanics with the real model; thresholds at 0.5 rather than the tuned, stricter ones
    settings = Settings(home=tmp_path / "home", threads=1, tau_entail=0.5, tau_contradict=0.5)
    app = create_app(settings, embedder=HashEmbedder())
    _, secret = app.state.certirag.keys.create("real")
    with running_server(app) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=120) as c:
        data = c.post("/v1/verify", json={
            "question": "What is the capital of France?",
            "answer": "Paris is the capital of France. Berlin is the capital of France.",
            "evidence": [{"id": "geo", "text": "Paris is the capital and largest city of "
                                              "France."}]}).json()
    decisions = [c["decision"] for c in data["claims"]]
    assert decisions[0] == "verified" and decisions[1] != "verified"
    assert data["model"]["id"] != "fake" and len(data["model"]["sha256"]) == 64
    assert data["claims"][0]["scores"]["entailment"] >= 0.5


def test_certirag_serve_runs_with_the_embedded_defaults(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = ("import typer; from certirag.cli_serve import serve_command; "
            "app = typer.Typer(); app.command()(serve_command); app()")
    env = {**os.environ, "CERTIRAG_HOME": str(tmp_path / "home")}
    proc = subprocess.Popen([sys.executable, "-c", code, "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        assert r.json()["status"] == "ok" and "server" not in r.headers
        assert httpx.get(f"http://127.0.0.1:{port}/v1/indexes").status_code == 401
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "no API key exists yet" in err


# ----------------------------------------------------------------------------- docs

def test_the_curl_examples_in_docs_server_md_work(tmp_path: Path) -> None:
    import shutil

    if shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    text = (REPO / "docs" / "server.md").read_text("utf-8")
    blocks = re.findall(r"^```bash\n(.*?)^```", text, flags=re.S | re.M)
    assert len(blocks) >= 6
    app, secret, _ = _make(tmp_path)
    with running_server(app) as url:
        env = {**os.environ, "CERTIRAG_URL": url, "KEY": secret}
        script = "set -euo pipefail\n" + "\n".join(blocks)
        res = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, text=True,
                             capture_output=True, timeout=120)
        python = next(b for b in re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
                      if "from openai import OpenAI" in b)
        py = subprocess.run([sys.executable, "-c", python.replace("http://127.0.0.1:8080",
                                                                    url)],
                            cwd=tmp_path, env=env, text=True, capture_output=True, timeout=120)
    assert res.returncode == 0, res.stderr + res.stdout
    assert py.returncode == 0 and re.search(r"^[0-9a-f]{64}$", py.stdout, re.M), py.stderr
    assert '"valid": true' in res.stdout.replace('"valid":true', '"valid": true')
    assert "event: done" in res.stdout and "chat.completion" in res.stdout
    assert json.loads((tmp_path / "verify.json").read_text())["certificate_id"]


def test_proxy_with_the_default_generator(tmp_path: Path) -> None:
    """Without ``generator=``, the app uses the settings' model: the embedded llama.cpp
    model when ``llama_cpp`` is installed, else a 503 that names the extra to install."""
    import importlib.util

    openai = pytest.importorskip("openai")
    settings = Settings(home=tmp_path / "home", threads=1)
    app = create_app(settings, verifier=FakeVerifier(), embedder=HashEmbedder())
    _, secret = app.state.certirag.keys.create("llm")
    messages = [{"role": "user", "content": "What is the capital of France?"}]
    evidence = [{"id": "geo", "text": "Paris is the capital of France."}]
    with running_server(app) as url:
        client = openai.OpenAI(base_url=url + "/v1", api_key=secret, max_retries=0,
                               timeout=300)
        if importlib.util.find_spec("llama_cpp") is None:
            with pytest.raises(openai.APIStatusError) as info:
                client.chat.completions.create(model="certirag", messages=messages,
                                               extra_body={"evidence": evidence})
            assert info.value.status_code == 503 and "[llm]" in info.value.message
            return
        reply = client.chat.completions.create(model="certirag", messages=messages,
                                               max_tokens=48,
                                               extra_body={"evidence": evidence})
    summary = reply.model_extra["certirag"]
    content = reply.choices[0].message.content
    assert isinstance(content, str) and content
    for claim in summary["claims"]:  # what is shown verbatim was verified
        if claim["decision"] != "verified":
            assert claim["text"] not in content or claim["text"] == "[withheld]"

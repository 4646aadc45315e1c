"""The HTTP service's verify, ingest, search, certificate, ledger and metrics routes
against the real app served by uvicorn on 127.0.0.1, with httpx. Verifier, embedder and
generator are the deterministic fakes (one test uses the shipped NLI model)."""

from __future__ import annotations

import base64
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from certirag.certify.certificate import verify_certificate  # noqa: E402
from certirag.certify.keys import Signer, load_public_key  # noqa: E402
from certirag.certify.ledger import Checkpoint, Ledger, verify_inclusion  # noqa: E402
from certirag.config import Settings  # noqa: E402
from certirag.server import create_app  # noqa: E402
from certirag.server.testing import running_server  # noqa: E402
from certirag.testing import FakeVerifier  # noqa: E402
from certirag.verifiers.onnx_nli import DEFAULT_MODEL  # noqa: E402

from ..conftest import REPO, HashEmbedder  # noqa: E402
from . import server_fixtures  # noqa: E402
from .server_fixtures import ANSWER, EVIDENCE, _make, _verify  # noqa: E402

server = server_fixtures.server


# --------------------------------------------------------------------------- verify

@pytest.mark.parametrize(("answer", "outcome"), [
    ("Thanks for asking! I hope this helps.", "no_claims"),
    ("Thanks for asking: the Eiffel Tower is 900 metres tall.", "withheld"),
])
def test_outcome_header_of_pleasantries(server: dict[str, Any], answer: str,
                                        outcome: str) -> None:
    r = _verify(server["client"], evidence=EVIDENCE, answer=answer)
    assert r.status_code == 200, r.text
    assert r.headers["x-certirag-outcome"] == outcome == r.json()["outcome"]


def test_verify_reply_is_exactly_the_cli_json(server: dict[str, Any], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import typer
    from typer.testing import CliRunner

    import certirag.verifiers
    from certirag.cli.verify import verify_command

    r = _verify(server["client"], evidence=EVIDENCE)
    assert r.status_code == 200, r.text
    assert r.headers["x-certirag-outcome"] == "withheld" == r.json()["outcome"]
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


def test_verify_request_chooses_the_claim_compiler(tmp_path: Path) -> None:
    from ..conftest import ChatServer

    reply = json.dumps({"claims": [
        {"sentence": 1, "text": "Paris is the capital of France."},
        {"sentence": 2, "text": "The Eiffel Tower opened in 1925."}]})
    chat = ChatServer([reply, 503])
    with chat.running():
        settings = Settings(home=tmp_path / "home", llm_url=chat.url, llm_retries=0)
        app = create_app(settings, verifier=FakeVerifier(), embedder=HashEmbedder())
        _, secret = app.state.certirag.keys.create("tests")
        with running_server(app) as url, httpx.Client(
                base_url=url, headers={"Authorization": f"Bearer {secret}"},
                timeout=60) as client:
            rules = _verify(client, evidence=EVIDENCE).json()
            assert "claims" not in rules["model"] and chat.bodies == []
            compiled = _verify(client, evidence=EVIDENCE, claims="llm")
            assert compiled.status_code == 200, compiled.text
            assert compiled.json()["model"]["claims"] == "llm"
            assert [c["decision"] for c in compiled.json()["claims"]] == ["verified",
                                                                          "unverified"]
            failed = _verify(client, evidence=EVIDENCE, claims="llm")
            assert failed.headers["x-certirag-outcome"] == "backend_failed"
            assert {r["code"] for c in failed.json()["claims"] for r in c["reasons"]} == {
                "compiler_error"}
            assert _verify(client, evidence=EVIDENCE, claims="model").status_code == 422
    bare = create_app(Settings(home=tmp_path / "bare"), verifier=FakeVerifier(),
                      embedder=HashEmbedder())
    _, secret = bare.state.certirag.keys.create("tests")
    with running_server(bare) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as client:
        r = _verify(client, evidence=EVIDENCE, claims="llm")
        assert r.status_code == 400 and "llm_url" in r.text


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


# ------------------------------------------------------------------ metrics and ledger

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


# -------------------------------------------------------------------- real components

NLI_MODEL = REPO / "certirag" / "models" / DEFAULT_MODEL.removeprefix("builtin:")


@pytest.mark.skipif(not NLI_MODEL.is_dir(), reason="the shipped NLI model "
                    f"{NLI_MODEL} is not built yet")
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
    code = ("import typer; from certirag.cli.serve import serve_command; "
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

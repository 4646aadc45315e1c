"""The HTTP service's generation routes: ``/v1/ask`` streaming and the verifying
OpenAI-compatible chat-completions proxy, with httpx and the official ``openai`` client."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from certirag.certify.certificate import verify_certificate  # noqa: E402
from certirag.config import Settings  # noqa: E402
from certirag.server import create_app  # noqa: E402
from certirag.server.testing import running_server  # noqa: E402
from certirag.testing import FakeVerifier  # noqa: E402

from ..conftest import HashEmbedder  # noqa: E402
from . import server_fixtures  # noqa: E402
from .server_fixtures import EVIDENCE, _make  # noqa: E402

server = server_fixtures.server


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

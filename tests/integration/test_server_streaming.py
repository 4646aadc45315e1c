"""Streaming from the verifying proxy (``/v1/chat/completions`` with ``stream: true``) and
``/v1/ask`` when the upstream streams text in pieces that do not end where sentences do:
only verified sentences leave the server, each whole and only up to its end, and the
stream joined is the non-streamed reply. And upstream replies of the wrong shape are a
502 ``backend_error``, streamed or not."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from certirag.config import Settings  # noqa: E402
from certirag.render import MARKER  # noqa: E402
from certirag.server import Limits, create_app  # noqa: E402
from certirag.server.testing import running_server  # noqa: E402
from certirag.testing import FakeVerifier  # noqa: E402

from ..conftest import HashEmbedder  # noqa: E402
from .fake_upstream import FakeUpstream  # noqa: E402

EVIDENCE = [{"id": "handbook", "text": "The notice period is one month. Full-time employees "
                                       "get 25 days of annual leave."}]
TRUE = ["The notice period is one month.", "Full-time employees get 25 days of annual leave."]
FALSE = ["Fired employees get three months of pay.", "Never share a password with anyone."]
CLOSING = "I hope this helps."
ANSWER = f"{TRUE[0]} {FALSE[0]} {FALSE[1]} {TRUE[1]} {CLOSING}"
QUESTION = [{"role": "user", "content": "What are the rules on notice and leave?"}]
SIZES = [1, 6, 13, None]  # None: the whole answer in one piece


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    upstream = FakeUpstream(ANSWER)
    settings = Settings(home=tmp_path_factory.mktemp("streaming") / "home", max_retries=1,
                        max_retries_answer=20)
    app = create_app(settings, verifier=FakeVerifier(), embedder=HashEmbedder(),
                     generator=upstream.generator(), limits=Limits(rate_per_minute=0))
    _, secret = app.state.certirag.keys.create("tests")
    with running_server(app) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as client:
        yield {"client": client, "upstream": upstream}


def _deltas(client: Any, body: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """The content deltas of a streamed chat completion, and every event."""
    deltas, events = [], []
    with client.stream("POST", "/v1/chat/completions", json={**body, "stream": True}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith(
            "text/event-stream")
        for line in r.iter_lines():
            if not line.startswith("data:") or line.strip() == "data: [DONE]":
                continue
            event = json.loads(line[5:])
            events.append(event)
            for choice in event.get("choices", []):
                if choice["delta"].get("content"):
                    deltas.append(choice["delta"]["content"])
    return deltas, events


def _sse(client: Any, body: dict[str, Any]) -> list[tuple[str, Any]]:
    events, name = [], "message"
    with client.stream("POST", "/v1/ask", json=body) as r:
        assert r.status_code == 200
        for line in r.iter_lines():
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                events.append((name, json.loads(line[5:])))
    return events


# What may be shown, each part whole: a verified sentence, the labelled closing line (it
# makes no claim), or the one marker.
SHOWN = {*TRUE, f"[not a claim] {CLOSING}", MARKER}
EXPECTED = f"{TRUE[0]} {MARKER} {TRUE[1]} [not a claim] {CLOSING}"


@pytest.mark.parametrize("size", SIZES)
def test_streamed_chat_is_the_non_streamed_reply_and_only_verified_text(
        proxy: dict[str, Any], size: int | None) -> None:
    proxy["upstream"].size = size
    body = {"model": "certirag", "messages": QUESTION, "evidence": EVIDENCE}
    deltas, events = _deltas(proxy["client"], body)
    streamed = "".join(deltas)
    for sentence in FALSE:  # no text of a withheld sentence ("Fire…", "Neve…")
        assert sentence[:4] not in streamed, (size, deltas)
    # every delta is one whole part of the display after a single space: no piece of a
    # word ("Full -time", "I ho pe"), no sentence cut short or run on
    for i, delta in enumerate(deltas):
        part = delta[1:] if i else delta
        assert (i == 0 or delta.startswith(" ")) and part in SHOWN, (size, deltas)

    reply = proxy["client"].post("/v1/chat/completions", json=body)
    assert reply.status_code == 200, reply.text
    content = reply.json()["choices"][0]["message"]["content"]
    assert streamed == content
    # the same answer, however the upstream cut it into pieces
    assert content == EXPECTED
    summary = events[-1]["certirag"]
    withheld = [c["text"] for c in summary["claims"] if c["decision"] != "verified"
                and c["decision"] != "not_a_claim"]
    assert withheld and all(t not in streamed for t in withheld)
    assert events[-1]["choices"][0]["finish_reason"] == "stop"
    assert summary["final_disagreements"] == []


@pytest.mark.parametrize("size", SIZES)
def test_ask_streams_whole_verified_sentences_and_the_one_marker(
        proxy: dict[str, Any], size: int | None) -> None:
    proxy["upstream"].size = size
    events = _sse(proxy["client"], {"question": QUESTION[0]["content"],
                                    "evidence": EVIDENCE})
    names = [n for n, _ in events]
    assert names[-2:] == ["result", "done"], names
    parts = [d["text"] for n, d in events if n in ("sentence", "withheld")]
    assert all(d["text"] == MARKER for n, d in events if n == "withheld")
    assert all(p in SHOWN for p in parts), (size, parts)
    result = dict(events)["result"]
    assert " ".join(parts) == result["rendered"] == EXPECTED
    # the sentence events carry the engine's sentence index and attempts
    firsts = [d for n, d in events if n == "sentence"]
    assert firsts[0]["index"] == 0 and firsts[0]["attempts"] == 1


# ------------------------------------------------------------ upstream of the wrong shape

BAD_REPLIES = [
    b'data: {"choices":[{"text":12345}]}\n\ndata: [DONE]\n\n',
    b'data: {"choices":{"text":"a"}}\n\ndata: [DONE]\n\n',
    b'data: {"choices":["text"]}\n\ndata: [DONE]\n\n',
    b'data: {"choices":[{"text":"a","finish_reason":7}]}\n\ndata: [DONE]\n\n',
    b'data: {"choices":[{"text":"a"}],"usage":[1]}\n\ndata: [DONE]\n\n',
    b"data: " + b"[" * 5000 + b"]" * 5000 + b"\n\ndata: [DONE]\n\n",
    b"data: not json\n\n",
]


@pytest.mark.parametrize("reply", BAD_REPLIES, ids=range(len(BAD_REPLIES)))
def test_an_upstream_reply_of_the_wrong_shape_is_a_502_backend_error(
        proxy: dict[str, Any], reply: bytes) -> None:
    upstream = proxy["upstream"]
    upstream.reply = reply
    try:
        body = {"model": "certirag", "messages": QUESTION, "evidence": EVIDENCE}
        r = proxy["client"].post("/v1/chat/completions", json=body)
        assert r.status_code == 502, r.text
        error = r.json()["error"]
        assert error["type"] == "backend_error" and error["code"] == "backend_error"
        assert error["message"].startswith("completion: ")

        # streamed: the headers are sent, so the same error comes as an SSE error event
        deltas, events = _deltas(proxy["client"], body)
        assert deltas == []
        errors = [e["error"] for e in events if "error" in e]
        assert len(errors) == 1
        assert errors[0]["type"] == "backend_error" and errors[0]["code"] == "backend_error"
        assert errors[0]["message"] == error["message"]

        ask = _sse(proxy["client"], {"question": "x", "evidence": EVIDENCE})
        assert ask[-1][0] == "error"
        assert ask[-1][1]["type"] == "backend_error" and ask[-1][1]["code"] == "backend_error"
    finally:
        upstream.reply = None


def test_a_non_streamed_upstream_reply_of_the_wrong_shape_is_a_backend_error() -> None:
    from certirag.errors import BackendError

    upstream = FakeUpstream(ANSWER)
    client = upstream.generator().client
    for reply in [b'{"choices":[{"text":12345}]}', b'{"choices":"x"}', b'[1, 2]',
                  b'{"choices":[{"text":"a"}],"usage":5}', b"[" * 5000 + b"]" * 5000,
                  b'{"choices":[{"message":{"content":7}}]}']:
        upstream.reply = reply
        with pytest.raises(BackendError):
            client.complete("x", max_tokens=3, stream=False)
        with pytest.raises(BackendError):
            client.chat([], max_tokens=3)


def _lenient(premise: str, hypothesis: str) -> Any:
    """Entails a lone word, as NLI models often do with fragments, and any claim whose
    words all occur in the premise."""
    import re

    from certirag.schemas import Scores

    words = re.findall(r"\w+", hypothesis.lower())
    if len(words) <= 1 or set(words) <= set(re.findall(r"\w+", premise.lower())):
        return Scores(entailment=0.99, neutral=0.005, contradiction=0.005)
    return Scores(entailment=0.02, neutral=0.95, contradiction=0.03)


@pytest.mark.parametrize("size", SIZES)
def test_a_piece_that_straddles_a_sentence_end_is_split_there(size: int | None) -> None:
    """The head of the next sentence ("Fire" of "Fired …") is never checked, committed or
    sent with the sentence before it, even by a verifier that would let it pass."""
    from certirag.generate.engine import InflightEngine
    from certirag.pipeline import coerce_evidence

    upstream = FakeUpstream(ANSWER, size=size)
    engine = InflightEngine(upstream.generator(), verifier=FakeVerifier(fn=_lenient),
                            settings=Settings(max_retries=1, max_retries_answer=20))
    events: list[Any] = []
    out = engine.run(QUESTION[0]["content"], coerce_evidence(EVIDENCE),
                     on_sentence=events.append)
    committed = [e.text for e in events if e.outcome == "verified"]
    assert [t.strip() for t in committed] == [TRUE[0], TRUE[1], CLOSING], (size, committed)
    assert out.answer == f"{TRUE[0]} [Withheld: not verified.] [Withheld: not verified.] " \
                         f"{TRUE[1]} {CLOSING}"


def test_the_stream_never_takes_back_what_it_sent() -> None:
    """When a later check shows an earlier sentence otherwise than the stream did, the
    stream sends nothing more (it stays a prefix of what was decided)."""
    from certirag.generate.trace import SentenceEvent
    from certirag.pipeline import verify
    from certirag.schemas import Scores
    from certirag.server.generation import _Display

    evidence = [EVIDENCE[0]["text"]]
    first, second = TRUE
    v1 = Settings(policy="certirag.policy.v1")  # every claim is the verifier's to decide
    ok = verify("", first, evidence=evidence, verifier=FakeVerifier(), settings=v1)
    display = _Display()
    released = display.on_event(SentenceEvent(0, first, "verified", 1, answer=first,
                                              claims=tuple(ok.claims)))
    assert [p.text for p, _ in released] == [first] and released[0][1].index == 0
    both = f"{first} {second}"
    neutral = FakeVerifier(rule="fixed", scores=Scores(entailment=0.1, neutral=0.8,
                                                       contradiction=0.1))
    flipped = verify("", both, evidence=evidence, verifier=neutral, settings=v1)
    assert display.on_event(SentenceEvent(1, " " + second, "verified", 1, answer=both,
                                          claims=tuple(flipped.claims))) == []
    agreed = verify("", both, evidence=evidence, verifier=FakeVerifier(), settings=v1)
    assert display.on_done(agreed) == []  # and nothing at the end either
    assert [p.text for p in display.released] == [first]

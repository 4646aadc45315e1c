"""Generation routes: ``POST /v1/ask`` (Server-Sent Events) and ``POST
/v1/chat/completions`` (an OpenAI-compatible, fail-closed verifying proxy).

Both run the in-flight engine (:class:`certirag.generate.engine.InflightEngine`): the
model writes sentence by sentence, each sentence is verified against the evidence
before it is released, and a failed sentence is rolled back and retried or replaced by
the refusal marker. Only verified sentences (and markers) ever leave the server; the
text of a refused sentence is never sent. The final answer is verified once more as a
whole, and a certificate is issued for it when the server has a signing key.

The model (:func:`certirag.generate.create_generator` from the settings: the embedded
llama.cpp model, or an OpenAI-compatible upstream) is shared by every request and used by
one request at a time.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from certirag.config import Settings
from certirag.errors import BackendUnavailable, CertiragError
from certirag.server.app import (
    _ERRORS,
    ApiError,
    AuthKey,
    ServerState,
    _state,
    _verify_settings,
)
from certirag.server.models import MAX_QUESTION_CHARS, EvidenceIn, IndexName

__all__ = ["AskRequest", "ChatRequest", "install"]

_WAIT_FOR_MODEL_S = 120.0
_DEFAULT_INDEX = "default"


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AskRequest(_Body):
    """``POST /v1/ask``: answer ``question`` from ``evidence`` or from passages retrieved
    from ``index`` (default: the index named ``default``)."""

    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)
    evidence: list[EvidenceIn] | None = Field(default=None, min_length=1, max_length=1_000)
    index: IndexName | None = None
    display: Literal["strict", "mixed", "debug"] | None = None


class ChatMessage(BaseModel):
    """An OpenAI chat message; ``content`` is text or a list of parts."""

    model_config = ConfigDict(extra="allow")
    role: str = Field(max_length=64)
    content: str | list[dict[str, Any]] | None = None


class ChatRequest(BaseModel):
    """The OpenAI chat-completions request, plus ``index`` or ``evidence`` (send them with
    the ``openai`` client's ``extra_body``). Sampling fields are accepted and ignored:
    decoding is the engine's (greedy unless configured otherwise)."""

    model_config = ConfigDict(extra="allow")
    model: str = Field(default="certirag", max_length=256)
    messages: list[ChatMessage] = Field(min_length=1, max_length=256)
    stream: bool = False
    max_tokens: int | None = Field(default=None, ge=1, le=4096)
    max_completion_tokens: int | None = Field(default=None, ge=1, le=4096)
    n: int | None = Field(default=None, ge=1, le=1)
    index: IndexName | None = None
    evidence: list[EvidenceIn] | None = Field(default=None, min_length=1, max_length=1_000)


class _Generation:
    """The shared generator, built and loaded on first use, used under a lock."""

    def __init__(self, generator: Any, settings: Settings) -> None:
        self._generator = generator
        self._settings = settings
        self.lock = threading.Lock()

    def get(self) -> Any:
        if self._generator is None:
            from certirag.generate import create_generator

            self._generator = create_generator(self._settings)
        self._generator.load()
        return self._generator


def _generation(state: ServerState) -> _Generation:
    found = state.generation
    assert isinstance(found, _Generation), "install() sets the generation state"
    return found


def _evidence(state: ServerState, question: str, index: str | None,
              evidence: list[EvidenceIn] | None, settings: Settings) -> tuple[list[Any], Any]:
    """The passages to answer from, and the index they came from (or ``None``)."""
    from certirag.index import LocalStore
    from certirag.pipeline import coerce_evidence
    from certirag.schemas import Evidence

    if index is not None and evidence is not None:
        raise ApiError(400, "pass 'evidence' or 'index', not both", code="invalid_request")
    if evidence is not None:
        size = sum(len(e.text) for e in evidence)
        if size > state.limits.max_evidence_chars:
            raise ApiError(413, f"the evidence holds {size:,} characters; the limit is "
                                f"{state.limits.max_evidence_chars:,}", code="evidence_too_large")
        return coerce_evidence([{"id": e.id, "text": e.text} for e in evidence]), None
    if index is None:
        if not LocalStore.exists(state.indexes.path(_DEFAULT_INDEX)):
            raise ApiError(400, "no evidence: pass 'index' or 'evidence' (with the openai "
                                "client: extra_body={'index': NAME}), or ingest into the "
                                f"index named {_DEFAULT_INDEX!r}", code="no_evidence")
        index = _DEFAULT_INDEX
    idx = state.indexes.get(index)
    hits = idx.search(question, k=settings.top_k).hits
    if not hits:
        raise ApiError(400, f"the index {index!r} returned no passages for the question",
                       code="no_evidence")
    passages = [Evidence(doc_id=h.doc_id, chunk_id=h.chunk_id, start=h.start, end=h.end,
                         text=h.text, score=h.score) for h in hits]
    return passages, idx


def _run_engine(state: ServerState, question: str, passages: list[Any], index: Any,
                settings: Settings, on_sentence: Callable[[Any], None],
                max_tokens: int | None) -> tuple[Any, str | None]:
    """Generate and verify (blocking); returns the engine's result and the certificate id."""
    from certirag.certify.certificate import issue_and_record
    from certirag.generate.engine import InflightEngine, config_from_settings

    gen = _generation(state)
    if not gen.lock.acquire(timeout=_WAIT_FOR_MODEL_S):
        raise ApiError(503, "the model is busy; retry later", code="model_busy",
                       headers={"Retry-After": "5"})
    try:
        generator = gen.get()
        config = config_from_settings(settings, max_tokens=max_tokens)
        state.load_verifier()
        engine = InflightEngine(generator, settings=settings, verifier=state.verifier,
                                config=config)
        outcome = engine.run(question, passages, on_sentence=on_sentence)
    finally:
        gen.lock.release()
    try:
        cert = issue_and_record(outcome.result, settings=settings, index=index,
                                trace=outcome.trace)
    except CertiragError as exc:
        raise ApiError(503, f"the certificate could not be issued: {exc}",
                       code="certificate_unavailable") from exc
    if cert is not None:
        state.metrics.certificates.inc()
    data = outcome.result.to_dict()
    state.metrics.observe_result(data)
    return outcome, cert.id if cert is not None else None


def _sse(event: str, data: Any) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def _error_data(exc: BaseException) -> dict[str, Any]:
    if isinstance(exc, ApiError):
        return {"message": exc.message, "type": exc.type, "code": exc.code}
    if isinstance(exc, BackendUnavailable):
        return {"message": str(exc), "type": "service_unavailable",
                "code": "backend_unavailable"}
    if isinstance(exc, CertiragError):
        return {"message": str(exc), "type": "invalid_request_error", "code": "invalid_input"}
    return {"message": "generation failed", "type": "server_error", "code": "internal_error"}


async def _stream(run: Callable[[Callable[[Any], None]], Any],
                  on_event: Callable[[Any], list[bytes]],
                  on_done: Callable[[Any], list[bytes]],
                  on_error: Callable[[BaseException], list[bytes]]) -> AsyncIterator[bytes]:
    """Run ``run(callback)`` in a worker thread and yield what the callbacks make of its
    sentence events, its result, or its error, as they come."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

    def callback(event: Any) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, ("event", event))

    def work() -> None:
        try:
            result = run(callback)
        except BaseException as exc:  # reported to the client as an error event
            loop.call_soon_threadsafe(queue.put_nowait, ("error", exc))
        else:
            loop.call_soon_threadsafe(queue.put_nowait, ("done", result))

    # A client that goes away does not stop the worker: it finishes (and releases the
    # model) on its own.
    worker = loop.run_in_executor(None, work)
    worker.add_done_callback(_retrieve)
    while True:
        kind, value = await queue.get()
        if kind == "event":
            for chunk in on_event(value):
                yield chunk
            continue
        chunks = on_done(value) if kind == "done" else on_error(value)
        for chunk in chunks:
            yield chunk
        break


def _retrieve(future: asyncio.Future[None]) -> None:
    if not future.cancelled():
        future.exception()


def _refusal(settings: Settings) -> str:
    from certirag.generate.engine import config_from_settings

    return config_from_settings(settings).refusal


# ------------------------------------------------------------------------ /v1/ask

async def ask(body: AskRequest, request: Request, key: AuthKey) -> StreamingResponse:
    """Answer a question as Server-Sent Events: ``sentence`` (a verified sentence),
    ``withheld`` (a sentence that failed and was refused), then ``result`` (what
    ``/v1/verify`` returns for the final answer, with ``passages``), ``certificate``
    (when signed) and ``done``; or ``error``."""
    state = _state(request)
    settings = _verify_settings(state, body.display)
    passages, index = await asyncio.to_thread(_evidence, state, body.question, body.index,
                                              body.evidence, settings)
    refusal = _refusal(settings)

    def run(callback: Callable[[Any], None]) -> Any:
        return _run_engine(state, body.question, passages, index, settings, callback, None)

    def on_event(ev: Any) -> list[bytes]:
        if ev.outcome == "verified":
            return [_sse("sentence", {"index": ev.index, "text": ev.text,
                                      "attempts": ev.attempts})]
        return [_sse("withheld", {"index": ev.index, "text": refusal,
                                  "attempts": ev.attempts})]

    def on_done(value: Any) -> list[bytes]:
        outcome, cert_id = value
        data = outcome.result.to_dict()
        data["passages"] = [{"doc_id": p.doc_id, "chunk_id": p.chunk_id, "start": p.start,
                             "end": p.end if p.end is not None else p.start + len(p.text),
                             "text": p.text} for p in outcome.result.evidence]
        data["stop_reason"] = outcome.stop_reason
        if cert_id is not None:
            data["certificate_id"] = cert_id
        out = [_sse("result", data)]
        if cert_id is not None:
            out.append(_sse("certificate", {"certificate_id": cert_id}))
        out.append(_sse("done", {}))
        return out

    def on_error(exc: BaseException) -> list[bytes]:
        return [_sse("error", _error_data(exc))]

    return StreamingResponse(_stream(run, on_event, on_done, on_error),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


# ------------------------------------------------------------ /v1/chat/completions

def _question(messages: list[ChatMessage]) -> str:
    for m in reversed(messages):
        if m.role != "user":
            continue
        if isinstance(m.content, str):
            text = m.content
        else:
            text = "".join(str(p.get("text", "")) for p in (m.content or [])
                           if isinstance(p, dict) and p.get("type") == "text")
        if text.strip():
            if len(text) > MAX_QUESTION_CHARS:
                raise ApiError(400, f"the last user message is longer than "
                                    f"{MAX_QUESTION_CHARS:,} characters",
                               code="question_too_long")
            return text
    raise ApiError(400, "no user message with text to answer", code="no_question")


def _usage(trace: dict[str, Any]) -> dict[str, int]:
    totals = trace.get("totals", {}) if isinstance(trace, dict) else {}
    prompt = int(totals.get("prompt_tokens") or 0)
    completion = int(totals.get("tokens_generated") or 0)
    return {"prompt_tokens": prompt, "completion_tokens": completion,
            "total_tokens": prompt + completion}


def _extra(outcome: Any, cert_id: str | None) -> dict[str, Any]:
    data = outcome.result.to_dict()
    return {"certificate_id": cert_id, "stats": data["stats"], "outcome": data["outcome"],
            "stop_reason": outcome.stop_reason,
            "claims": [{"id": c["id"], "text": c["text"], "decision": c["decision"],
                        "reasons": [r["code"] for r in c["reasons"]]} for c in data["claims"]],
            "final_disagreements": outcome.trace.get("final_disagreements", [])}


async def chat_completions(body: ChatRequest, request: Request, key: AuthKey) -> Any:
    """OpenAI-compatible chat completions, fail closed: the reply holds only verified
    sentences (withheld ones become the refusal marker), and ``certificate_id`` (plus
    a ``certirag`` summary) rides along as extra fields. ``stream: true`` sends each
    sentence once it is verified."""
    state = _state(request)
    settings = _verify_settings(state, "strict")
    question = _question(body.messages)
    passages, index = await asyncio.to_thread(_evidence, state, question, body.index,
                                              body.evidence, settings)
    max_tokens = body.max_completion_tokens or body.max_tokens
    ident = "chatcmpl-" + secrets.token_hex(12)
    created = int(time.time())
    refusal = _refusal(settings)

    def finish_reason(outcome: Any) -> str:
        return "length" if outcome.stop_reason == "length" else "stop"

    if not body.stream:
        outcome, cert_id = await asyncio.to_thread(
            _run_engine, state, question, passages, index, settings, lambda ev: None,
            max_tokens)
        model_id = _model_id(state)
        return JSONResponse(headers={"X-Certirag-Outcome": outcome.result.outcome}, content={
            "id": ident, "object": "chat.completion", "created": created, "model": model_id,
            "choices": [{"index": 0, "finish_reason": finish_reason(outcome),
                         "message": {"role": "assistant",
                                     "content": outcome.result.rendered}}],
            "usage": _usage(outcome.trace),
            "certificate_id": cert_id,
            "certirag": _extra(outcome, cert_id),
        })

    sent = 0

    def chunk(delta: dict[str, Any], finish: str | None = None,
              **extra: Any) -> bytes:
        data = {"id": ident, "object": "chat.completion.chunk", "created": created,
                "model": _model_id(state),
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}
        return f"data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()

    def run(callback: Callable[[Any], None]) -> Any:
        return _run_engine(state, question, passages, index, settings, callback, max_tokens)

    def on_event(ev: Any) -> list[bytes]:
        nonlocal sent
        text = ev.text if ev.outcome == "verified" else refusal
        out = [chunk({"role": "assistant", "content": ""})] if sent == 0 else []
        out.append(chunk({"content": (" " if sent else "") + text.strip()}))
        sent += 1
        return out

    def on_done(value: Any) -> list[bytes]:
        outcome, cert_id = value
        out = [chunk({"role": "assistant", "content": ""})] if sent == 0 else []
        if sent == 0:  # nothing passed: say so, as the non-streamed reply does
            out.append(chunk({"content": outcome.result.rendered}))
        out.append(chunk({}, finish_reason(outcome), usage=_usage(outcome.trace),
                         certificate_id=cert_id, certirag=_extra(outcome, cert_id)))
        out.append(b"data: [DONE]\n\n")
        return out

    def on_error(exc: BaseException) -> list[bytes]:
        return [f"data: {json.dumps({'error': _error_data(exc)})}\n\n".encode(),
                b"data: [DONE]\n\n"]

    return StreamingResponse(_stream(run, on_event, on_done, on_error),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _model_id(state: ServerState) -> str:
    generator = _generation(state)._generator
    return str(getattr(generator, "model_id", None) or "certirag")


def models(request: Request, key: AuthKey) -> dict[str, Any]:
    """OpenAI-compatible model list: the one generator behind the proxy."""
    state = _state(request)
    generator = _generation(state)._generator
    name = str(getattr(generator, "model_id", None) or getattr(state.settings, "llm_model",
                                                                 None) or "certirag")
    return {"object": "list", "data": [{"id": name, "object": "model", "created": 0,
                                        "owned_by": "certirag"}]}


def install(app: FastAPI) -> None:
    """Add ``/v1/ask``, ``/v1/chat/completions`` and ``/v1/models`` to ``app``."""
    state: ServerState = app.state.certirag
    state.generation = _Generation(state.generator, state.settings)
    app.add_api_route("/v1/ask", ask, methods=["POST"], tags=["generate"], responses=_ERRORS,
                      response_class=StreamingResponse)
    app.add_api_route("/v1/chat/completions", chat_completions, methods=["POST"],
                      tags=["generate"], responses=_ERRORS)
    app.add_api_route("/v1/models", models, methods=["GET"], tags=["generate"],
                      responses=_ERRORS)


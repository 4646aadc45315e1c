"""Generation routes: ``POST /v1/ask`` (Server-Sent Events) and ``POST
/v1/chat/completions`` (an OpenAI-compatible, fail-closed verifying proxy).

Both run the in-flight engine (:class:`certirag.generate.engine.InflightEngine`): the
model writes sentence by sentence, each sentence is verified against the evidence
before it is released, and a failed sentence is rolled back and retried or replaced by
the marker (:data:`certirag.render.MARKER`). Only verified sentences (and markers) ever
leave the server; the text of a refused sentence is never sent. The final answer is
verified once more as a whole, and a certificate is issued for it when the server has a
signing key.

What is streamed is the strict display (:func:`certirag.render.render_parts`) of the
answer so far, as the check that committed the latest sentence decided it, released part
by part and never taken back (:class:`_Display`): so the streamed text, joined, is the
non-streamed reply (``rendered``) whenever the final check agrees with the in-flight
ones, and a prefix of it when it does not.

The routes are an ``APIRouter`` (:data:`router`) that :func:`install` adds to the app.
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

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from certirag import generate
from certirag.certify.issue import issue_and_record
from certirag.config import Settings
from certirag.errors import CertiragError
from certirag.evidence import read_evidence
from certirag.generate.engine import InflightEngine, config_from_settings
from certirag.render import MARKER, Part, render_parts
from certirag.schemas import Decision, Evidence
from certirag.server.errors import ERROR_RESPONSES, ERROR_TYPES, ApiError, certirag_error_status
from certirag.server.models import MAX_QUESTION_CHARS, EvidenceIn, IndexName
from certirag.server.routing import JSONRoute
from certirag.server.state import AuthKey, ServerState, state_of, verify_settings

__all__ = ["AskRequest", "ChatRequest", "install", "router"]

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
            self._generator = generate.create_generator(self._settings)
        self._generator.load()
        return self._generator


def _generation(state: ServerState) -> _Generation:
    found = state.generation
    assert isinstance(found, _Generation), "install() sets the generation state"
    return found


def _evidence(state: ServerState, question: str, index: str | None,
              evidence: list[EvidenceIn] | None, settings: Settings) -> tuple[list[Any], Any]:
    """The passages to answer from, and the index they came from (or ``None``)."""
    if index is not None and evidence is not None:
        raise ApiError(400, "pass 'evidence' or 'index', not both", code="invalid_request")
    if evidence is not None:
        size = sum(len(e.text) for e in evidence)
        if size > state.limits.max_evidence_chars:
            raise ApiError(413, f"the evidence holds {size:,} characters; the limit is "
                                f"{state.limits.max_evidence_chars:,}", code="evidence_too_large")
        return read_evidence([{"id": e.id, "text": e.text} for e in evidence]), None
    if index is None:
        if not state.indexes.exists(_DEFAULT_INDEX):
            raise ApiError(400, "no evidence: pass 'index' or 'evidence' (with the openai "
                                "client: extra_body={'index': NAME}), or ingest into the "
                                f"index named {_DEFAULT_INDEX!r}", code="no_evidence")
        index = _DEFAULT_INDEX
    idx = state.indexes.get(index)
    hits = idx.search(question, k=settings.top_k).hits
    if not hits:
        raise ApiError(400, f"the index {index!r} returned no passages for the question",
                       code="no_evidence")
    passages = [Evidence.from_hit(h) for h in hits]
    return passages, idx


def _run_engine(state: ServerState, question: str, passages: list[Any], index: Any,
                settings: Settings, on_sentence: Callable[[Any], None],
                max_tokens: int | None) -> tuple[Any, str | None]:
    """Generate and verify (blocking); returns the engine's result and the certificate id."""
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
    """The error object of a failure after the stream started: the ``type`` and ``code``
    the same failure gets as an HTTP error before it (a backend failure is
    ``backend_error``, as the non-streamed reply's 502 says)."""
    if isinstance(exc, ApiError):
        return {"message": exc.message, "type": exc.type, "code": exc.code}
    if isinstance(exc, CertiragError):
        status, code = certirag_error_status(exc)
        return {"message": str(exc), "type": ERROR_TYPES.get(status, "server_error"), "code": code}
    return {"message": "generation failed", "type": "server_error", "code": "internal_error"}


class _Display:
    """The strict display of an answer while it is generated, released part by part.

    Each committed sentence comes with the check that committed it, which decided every
    claim of the answer so far; :meth:`on_event` releases the parts of that display not
    released yet. A refusal comes with no check, so its marker is released with the next
    committed sentence (or at the end): the marker shown is the one the rendered answer
    has. Released parts are never taken back: when a later display does not begin with
    them (the checks disagree), nothing more is released, and the stream stays a prefix
    of what was decided, never more.
    """

    def __init__(self) -> None:
        self.released: list[Part] = []
        self._spans: list[tuple[int, int, Any]] = []  # (start, end, event) per sentence
        self._diverged = False

    def _release(self, parts: list[Part]) -> list[tuple[Part, Any]]:
        if self._diverged:
            return []
        done = len(self.released)
        shown = [(p.label, p.text) for p in parts]
        if shown[:done] != [(p.label, p.text) for p in self.released]:
            self._diverged = True
            return []
        new = parts[done:]
        self.released.extend(new)
        return [(p, self._event_at(p.start)) for p in new]

    def _event_at(self, offset: int) -> Any:
        for start, end, ev in self._spans:
            if start <= offset < end:
                return ev
        return None

    def on_event(self, ev: Any) -> list[tuple[Part, Any]]:
        """The parts this sentence event releases, each with the event of its sentence."""
        answer = getattr(ev, "answer", "") or ""
        end = len(answer)
        self._spans.append((end - len(ev.text), end, ev))
        claims = getattr(ev, "claims", None)
        if claims is None:
            return []
        return self._release(render_parts(answer, claims, "strict"))

    def on_done(self, result: Any) -> list[tuple[Part, Any]]:
        """What the final check's display adds to what was released."""
        answer = self._spans[-1][2].answer if self._spans else ""
        lead = len(answer) - len(answer.lstrip()) if answer.strip() else 0
        parts = [p._replace(start=p.start + lead, end=p.end + lead)
                 for p in render_parts(result.answer, result.claims, "strict")]
        return self._release(parts)


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


# ------------------------------------------------------------------------ /v1/ask

async def ask(body: AskRequest, request: Request, key: AuthKey) -> StreamingResponse:
    """Answer a question as Server-Sent Events: ``sentence`` (a verified sentence, as the
    strict display shows it), ``withheld`` (the marker of a sentence that failed and was
    refused), then ``result`` (what ``/v1/verify`` returns for the final answer, with
    ``passages``), ``certificate`` (when signed) and ``done``; or ``error``. The texts of
    ``sentence`` and ``withheld``, joined with spaces, are the strict ``rendered``."""
    state = state_of(request)
    settings = verify_settings(state, body.display)
    passages, index = await asyncio.to_thread(_evidence, state, body.question, body.index,
                                              body.evidence, settings)
    display = _Display()

    def run(callback: Callable[[Any], None]) -> Any:
        return _run_engine(state, body.question, passages, index, settings, callback, None)

    def events(released: list[tuple[Part, Any]]) -> list[bytes]:
        out = []
        for part, ev in released:
            shown = part.label in (Decision.VERIFIED, Decision.NOT_A_CLAIM)
            out.append(_sse("sentence" if shown else "withheld", {
                "index": ev.index if ev is not None else None,
                "text": part.text if shown else MARKER,
                "attempts": ev.attempts if ev is not None else None}))
        return out

    def on_event(ev: Any) -> list[bytes]:
        return events(display.on_event(ev))

    def on_done(value: Any) -> list[bytes]:
        outcome, cert_id = value
        head = events(display.on_done(outcome.result))
        data = outcome.result.to_dict()
        data["passages"] = [{"doc_id": p.doc_id, "chunk_id": p.chunk_id, "start": p.start,
                             "end": p.end if p.end is not None else p.start + len(p.text),
                             "text": p.text} for p in outcome.result.evidence]
        data["stop_reason"] = outcome.stop_reason
        if cert_id is not None:
            data["certificate_id"] = cert_id
        out = [*head, _sse("result", data)]
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
    sentences (withheld ones become the marker), and ``certificate_id`` (plus a
    ``certirag`` summary) rides along as extra fields. ``stream: true`` sends each
    sentence once it is verified, up to its end and no further; the deltas, joined, are
    the non-streamed reply's content."""
    state = state_of(request)
    settings = verify_settings(state, "strict")
    question = _question(body.messages)
    passages, index = await asyncio.to_thread(_evidence, state, question, body.index,
                                              body.evidence, settings)
    max_tokens = body.max_completion_tokens or body.max_tokens
    ident = "chatcmpl-" + secrets.token_hex(12)
    created = int(time.time())

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

    display = _Display()
    started = False

    def chunk(delta: dict[str, Any], finish: str | None = None,
              **extra: Any) -> bytes:
        data = {"id": ident, "object": "chat.completion.chunk", "created": created,
                "model": _model_id(state),
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}
        return f"data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()

    def run(callback: Callable[[Any], None]) -> Any:
        return _run_engine(state, question, passages, index, settings, callback, max_tokens)

    def deltas(released: list[tuple[Part, Any]]) -> list[bytes]:
        nonlocal started
        out = []
        for part, _ in released:
            if not started:
                out.append(chunk({"role": "assistant", "content": ""}))
            out.append(chunk({"content": (" " if started else "") + part.text}))
            started = True
        return out

    def on_event(ev: Any) -> list[bytes]:
        return deltas(display.on_event(ev))

    def on_done(value: Any) -> list[bytes]:
        outcome, cert_id = value
        out = deltas(display.on_done(outcome.result))
        if not started:
            out.append(chunk({"role": "assistant", "content": ""}))
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
    state = state_of(request)
    generator = _generation(state)._generator
    name = str(getattr(generator, "model_id", None) or state.settings.llm_model or "certirag")
    return {"object": "list", "data": [{"id": name, "object": "model", "created": 0,
                                        "owned_by": "certirag"}]}


#: The generation routes; :func:`install` adds them to an app.
router = APIRouter(route_class=JSONRoute)
router.add_api_route("/v1/ask", ask, methods=["POST"], tags=["generate"],
                     responses=ERROR_RESPONSES, response_class=StreamingResponse)
router.add_api_route("/v1/chat/completions", chat_completions, methods=["POST"],
                     tags=["generate"], responses=ERROR_RESPONSES)
router.add_api_route("/v1/models", models, methods=["GET"], tags=["generate"],
                     responses=ERROR_RESPONSES)


def install(app: FastAPI) -> None:
    """Set up the shared generator's state on ``app`` and add the generation routes
    (:data:`router`: ``/v1/ask``, ``/v1/chat/completions`` and ``/v1/models``)."""
    state: ServerState = app.state.certirag
    state.generation = _Generation(state.generator, state.settings)
    app.include_router(router)

"""One client for OpenAI-compatible servers (vLLM, SGLang, llama.cpp server, Ollama …).

:class:`OpenAIClient` speaks ``/v1/completions`` (streamed or not), ``/v1/chat/completions``
and, where the server has one, a tokenize endpoint. It serves generation
(:class:`certirag.generate.openai.OpenAIGenerator`), the LLM judge
(:mod:`certirag.verifiers.judge`) and the LLM claim compiler
(:mod:`certirag.claims.compiler`); :func:`create_client` builds it from the ``llm_*``
settings.

* The API key is read from the environment variable named by ``api_key_env`` at each
  request; it is never stored on the object, logged or put in an error message.
* Every request has a timeout; connection failures, timeouts and 5xx/429 replies are
  retried a bounded number of times with a short backoff; anything else fails at once.
* Errors are translated at the boundary: :class:`~certirag.errors.BackendUnavailable`
  when the server cannot be reached, :class:`~certirag.errors.BackendError` otherwise,
  a reply of the wrong shape included (``choices`` not a list, a ``text`` or ``content``
  that is not a string, JSON nested too deep …): nothing the server sends escapes as a
  ``TypeError``.

Generation sends the *full* prefix as text on every call so the server's own prefix cache
serves the shared part; the cached-token count is recorded when the server reports it
(``usage.prompt_tokens_details.cached_tokens``, or llama.cpp's ``timings``).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from certirag.errors import BackendError, BackendUnavailable, ConfigError
from certirag.jsonio import loads as _loads
from certirag.llm.messages import Message

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["ChatReply", "CompletionReply", "OpenAIClient", "StopFn", "create_client"]

log = logging.getLogger(__name__)

#: ``stop(text)`` is called with the text generated so far after every token (or streamed
#: piece); ``True`` ends the generation there.
StopFn = Callable[[str], bool]

_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})

@dataclass(frozen=True)
class ChatReply:
    """A chat completion: its text, token counts when reported, and the latency."""

    text: str
    finish_reason: str | None
    prompt_tokens: int | None
    completion_tokens: int | None
    latency_s: float
    attempts: int


@dataclass(frozen=True)
class CompletionReply:
    """A (possibly streamed) text completion."""

    pieces: tuple[str, ...]
    finish_reason: str | None
    prompt_tokens: int | None
    completion_tokens: int | None
    cached_tokens: int | None
    latency_s: float
    attempts: int
    stopped: bool = False
    raw_usage: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return "".join(self.pieces)


def _usage(obj: Mapping[str, Any], what: str) -> dict[str, Any]:
    """The ``usage`` object of a reply (empty when absent)."""
    usage = obj.get("usage")
    if usage is None:
        return {}
    if not isinstance(usage, Mapping):
        raise BackendError(f"{what}: the reply's usage is not an object "
                           f"(got {type(usage).__name__})")
    return dict(usage)


def _finish_reason(choice: Mapping[str, Any], what: str) -> str | None:
    finish = choice.get("finish_reason")
    if finish is not None and not isinstance(finish, str):
        raise BackendError(f"{what}: the reply's finish_reason is not a string "
                           f"(got {type(finish).__name__})")
    return finish


def _cached_tokens(obj: Mapping[str, Any]) -> int | None:
    usage = obj.get("usage") or {}
    details = usage.get("prompt_tokens_details") if isinstance(usage, Mapping) else None
    if isinstance(details, Mapping) and isinstance(details.get("cached_tokens"), int):
        return int(details["cached_tokens"])
    timings = obj.get("timings")
    if isinstance(timings, Mapping) and isinstance(timings.get("cache_n"), int):
        return int(timings["cache_n"])
    return None


class OpenAIClient:
    """A small client for an OpenAI-compatible server at ``base_url``.

    ``base_url`` is the server root or its ``/v1`` root. ``api_key_env`` names the
    environment variable holding the key (``None``: no key). ``timeout_s`` bounds every
    request; ``retries`` is how many times a failed request is retried.
    ``schema_format`` is how a JSON reply schema is sent: ``json_object`` (``{"type":
    "json_object", "schema": …}``, llama.cpp and llama-cpp-python), ``json_schema``
    (OpenAI's structured outputs, vLLM) or ``none`` (plain JSON mode).
    ``transport`` is an ``httpx`` transport for tests.
    """

    def __init__(self, base_url: str, *, model: str | None = None,
                 api_key_env: str | None = None, timeout_s: float = 60.0,
                 retries: int = 2, backoff_s: float = 0.25, transport: Any = None,
                 schema_format: str = "json_object") -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"the server URL must start with http:// or https://, "
                              f"got {base_url!r}")
        if timeout_s <= 0:
            raise ConfigError("timeout_s must be positive")
        if not 0 <= retries <= 10:
            raise ConfigError("retries must be between 0 and 10")
        if schema_format not in ("json_object", "json_schema", "none"):
            raise ConfigError(f"schema_format must be json_object, json_schema or none, got "
                              f"{schema_format!r}")
        self.schema_format = schema_format
        root = base_url.rstrip("/")
        self.root = root[: -len("/v1")] if root.endswith("/v1") else root
        self.model = model
        self.api_key_env = api_key_env
        self.timeout_s = timeout_s
        self.retries = retries
        self.backoff_s = backoff_s
        self._transport = transport
        self._http: Any = None
        self._tokenize_path: str | None = None

    def __repr__(self) -> str:
        return (f"OpenAIClient({self.root!r}, model={self.model!r}, "
                f"api_key_env={self.api_key_env!r})")

    # ------------------------------------------------------------------ plumbing
    def _client(self) -> Any:
        if self._http is None:
            import httpx

            self._http = httpx.Client(timeout=httpx.Timeout(self.timeout_s),
                                      transport=self._transport)
        return self._http

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None

    def get(self, path: str) -> Any:
        """GET ``path`` once, without retries: the ``httpx`` response (``httpx`` errors
        such as ``TransportError`` are the caller's to translate)."""
        return self._client().get(self.root + path, headers=self._headers())

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.api_key_env:
            key = os.environ.get(self.api_key_env)
            if not key:
                raise ConfigError(f"the environment variable {self.api_key_env} (named by "
                                  "llm_api_key_env) is not set")
            headers["Authorization"] = f"Bearer {key}"
        return headers

    def _body(self, body: dict[str, Any]) -> dict[str, Any]:
        if self.model is not None and "model" not in body:
            body = {"model": self.model, **body}
        return body

    def _retrying(self, what: str, fn: Any) -> tuple[Any, int]:
        """Run ``fn()`` with bounded retries; return its value and the attempts made."""
        import httpx

        attempt = 0
        while True:
            attempt += 1
            try:
                return fn(), attempt
            except httpx.HTTPStatusError as exc:
                code = exc.response.status_code
                if code in _RETRY_STATUS and attempt <= self.retries:
                    time.sleep(self.backoff_s * attempt)
                    continue
                raise BackendError(f"{what}: the server answered HTTP {code}: "
                                   f"{_snippet(exc.response)}") from None
            except httpx.TimeoutException:
                if attempt <= self.retries:
                    time.sleep(self.backoff_s * attempt)
                    continue
                raise BackendError(f"{what}: no answer from {self.root} within "
                                   f"{self.timeout_s} s ({attempt} attempts)") from None
            except httpx.TransportError as exc:
                if attempt <= self.retries:
                    time.sleep(self.backoff_s * attempt)
                    continue
                raise BackendUnavailable(f"{what}: cannot reach {self.root}: "
                                         f"{type(exc).__name__}") from None

    def post_json(self, path: str, body: dict[str, Any], *, what: str = "request"
                  ) -> tuple[dict[str, Any], int]:
        """POST ``body`` to ``path``; the decoded JSON object and the attempts made."""
        def call() -> dict[str, Any]:
            resp = self._client().post(self.root + path, json=body, headers=self._headers())
            resp.raise_for_status()
            try:
                data = _loads(resp.content, duplicates="last")
            except ValueError as exc:
                raise BackendError(f"{what}: the server's reply is not JSON: {exc}") from None
            if not isinstance(data, dict):
                raise BackendError(f"{what}: the server's reply is not a JSON object")
            return data

        result, attempts = self._retrying(what, call)
        return result, attempts

    # -------------------------------------------------------------- completions
    def complete(self, prompt: str, *, max_tokens: int, temperature: float = 0.0,
                 logit_bias: Mapping[int, float] | None = None, seed: int | None = 0,
                 stop: StopFn | None = None, stream: bool | None = None) -> CompletionReply:
        """``/v1/completions`` for ``prompt``. With ``stop``, the reply is streamed and the
        stream closed as soon as ``stop(text so far)`` is true."""
        body: dict[str, Any] = {"prompt": prompt, "max_tokens": max_tokens,
                                "temperature": temperature}
        if seed is not None:
            body["seed"] = seed
        if logit_bias:
            body["logit_bias"] = {str(k): float(v) for k, v in logit_bias.items()}
        body = self._body(body)
        t0 = time.perf_counter()
        if not (stream if stream is not None else stop is not None):
            data, attempts = self.post_json("/v1/completions", body, what="completion")
            choice = _first_choice(data, "completion")
            text = choice.get("text")
            if not isinstance(text, str):
                raise BackendError("completion: the reply has no text"
                                   + (f" (text is {type(text).__name__}, not a string)"
                                      if text is not None else ""))
            usage = _usage(data, "completion")
            return CompletionReply(
                pieces=(text,), finish_reason=_finish_reason(choice, "completion"),
                prompt_tokens=_int(usage.get("prompt_tokens")),
                completion_tokens=_int(usage.get("completion_tokens")),
                cached_tokens=_cached_tokens(data), latency_s=time.perf_counter() - t0,
                attempts=attempts, raw_usage=dict(usage))
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}

        def call() -> CompletionReply:
            return self._stream(body, stop, t0)

        reply, attempts = self._retrying("completion", call)
        return CompletionReply(**{**reply.__dict__, "attempts": attempts})

    def _stream(self, body: dict[str, Any], stop: StopFn | None, t0: float) -> CompletionReply:
        pieces: list[str] = []
        text = ""
        finish: str | None = None
        usage: dict[str, Any] = {}
        cached: int | None = None
        stopped = False
        client = self._client()
        with client.stream("POST", self.root + "/v1/completions", json=body,
                           headers=self._headers()) as resp:
            if resp.status_code >= 400:
                resp.read()
                resp.raise_for_status()
            for event in _sse_events(resp.iter_lines()):
                usage = _usage(event, "completion") or usage
                got = _cached_tokens(event)
                if got is not None:
                    cached = got
                choices = event.get("choices")
                if choices is None:
                    continue
                if not isinstance(choices, list):
                    raise BackendError("completion: a streamed event's choices is not a "
                                       f"list (got {type(choices).__name__})")
                if not choices:
                    continue
                choice = choices[0]
                if not isinstance(choice, Mapping):
                    raise BackendError("completion: a streamed choice is not an object")
                piece = choice.get("text")
                if piece is None:
                    piece = ""
                if not isinstance(piece, str):
                    raise BackendError("completion: a streamed piece of text is not a "
                                       f"string (got {type(piece).__name__})")
                if piece:
                    pieces.append(piece)
                    text += piece
                finish = _finish_reason(choice, "completion") or finish
                if piece and stop is not None and stop(text):
                    stopped = True
                    break
        return CompletionReply(pieces=tuple(pieces), finish_reason=finish,
                               prompt_tokens=_int(usage.get("prompt_tokens")),
                               completion_tokens=_int(usage.get("completion_tokens")),
                               cached_tokens=cached, latency_s=time.perf_counter() - t0,
                               attempts=1, stopped=stopped, raw_usage=usage)

    def chat(self, messages: Sequence[Message], *, max_tokens: int,
             temperature: float = 0.0, json_mode: bool = False, seed: int | None = 0,
             json_schema: dict[str, Any] | None = None) -> ChatReply:
        """``/v1/chat/completions``; ``json_mode`` asks for a JSON object reply, held to
        ``json_schema`` when one is given, in the form ``schema_format`` names."""
        body: dict[str, Any] = {"messages": [{"role": m.role, "content": m.content}
                                             for m in messages],
                                "max_tokens": max_tokens, "temperature": temperature}
        if seed is not None:
            body["seed"] = seed
        if json_mode:
            body["response_format"] = self._response_format(json_schema)
        t0 = time.perf_counter()
        data, attempts = self.post_json("/v1/chat/completions", self._body(body), what="chat")
        choice = _first_choice(data, "chat")
        message = choice.get("message") or {}
        content = message.get("content") if isinstance(message, Mapping) else None
        if not isinstance(content, str):
            raise BackendError("chat: the reply has no message content")
        usage = _usage(data, "chat")
        return ChatReply(text=content, finish_reason=_finish_reason(choice, "chat"),
                         prompt_tokens=_int(usage.get("prompt_tokens")),
                         completion_tokens=_int(usage.get("completion_tokens")),
                         latency_s=time.perf_counter() - t0, attempts=attempts)

    def _response_format(self, schema: dict[str, Any] | None) -> dict[str, Any]:
        if schema is None or self.schema_format == "none":
            return {"type": "json_object"}
        if self.schema_format == "json_schema":
            return {"type": "json_schema", "json_schema": {"name": "reply", "schema": schema}}
        return {"type": "json_object", "schema": schema}

    # ---------------------------------------------------------------- tokenising
    def tokenize(self, text: str) -> list[int]:
        """Token ids of ``text`` from the server (``/tokenize`` of llama.cpp, vLLM and
        SGLang, or ``/extras/tokenize`` of llama-cpp-python's server)."""
        paths = ([self._tokenize_path] if self._tokenize_path
                 else ["/tokenize", "/extras/tokenize"])
        last: Exception | None = None
        for path in paths:
            body = ({"input": text} if path == "/extras/tokenize"
                    else {"content": text, "prompt": text, "add_special": False})
            try:
                data, _ = self.post_json(path, self._body(body), what="tokenize")
            except BackendError as exc:
                last = exc
                continue
            tokens = data.get("tokens")
            if isinstance(tokens, list) and all(isinstance(t, int) for t in tokens):
                self._tokenize_path = path
                return [int(t) for t in tokens]
        raise BackendUnavailable(f"the server at {self.root} has no tokenize endpoint "
                                 f"(/tokenize or /extras/tokenize), which token bans need: "
                                 f"{last}")


def _int(value: Any) -> int | None:
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


def _snippet(resp: Any) -> str:
    try:
        text = str(resp.text)
    except Exception:
        return ""
    return text[:200].replace("\n", " ")


def _first_choice(data: Mapping[str, Any], what: str) -> Mapping[str, Any]:
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], Mapping):
        raise BackendError(f"{what}: the reply has no choices")
    return choices[0]


def _sse_events(lines: Iterator[str]) -> Iterator[dict[str, Any]]:
    for line in lines:
        if not line.startswith("data:"):
            continue
        payload = line[5:].strip()
        if payload == "[DONE]":
            return
        try:
            event = _loads(payload, duplicates="last")
        except ValueError as exc:
            raise BackendError(f"completion: a streamed event is not JSON: {exc}") from None
        if isinstance(event, dict):
            if "error" in event:
                raise BackendError(f"completion: the server reported an error: "
                                   f"{str(event['error'])[:200]}")
            yield event


def create_client(settings: Settings, *, base_url: str | None = None, model: str | None = None
                  ) -> OpenAIClient:
    """The OpenAI-compatible client named by settings (``llm_url``, ``llm_model``,
    ``llm_api_key_env``, ``llm_timeout_s``, ``llm_retries``, ``llm_schema_format``), or by
    the arguments."""
    url = base_url or settings.llm_url
    if not url:
        raise ConfigError("no server URL: pass --base-url URL or set llm_url")
    name: str | None = model or settings.llm_model
    if name is not None and (name.startswith("builtin:") or name.endswith(".gguf")):
        name = None  # a local model file names no server model
    return OpenAIClient(url, model=name, api_key_env=settings.llm_api_key_env,
                        timeout_s=settings.llm_timeout_s, retries=settings.llm_retries,
                        schema_format=settings.llm_schema_format)

"""The ``openai`` generator: generation on an OpenAI-compatible server, through
:class:`certirag.llm.OpenAIClient`.

Generation sends the *full* prefix as text on every call so the server's own prefix cache
serves the shared part; the cached-token count is recorded when the server reports it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from certirag.errors import BackendError, BackendUnavailable, ConfigError, InputError
from certirag.generate.base import Constraint, Extension, Segment, prefix_text
from certirag.jsonio import loads as _loads
from certirag.llm.client import OpenAIClient, StopFn
from certirag.llm.messages import Message

__all__ = ["BAN_BIAS", "OpenAIGenerator", "chat_template"]

#: Logit bias that bans a token (the OpenAI API clamps biases to [-100, 100]).
BAN_BIAS = -100.0

_TEMPLATES = {
    "chatml": ("{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n"
               "{% endfor %}<|im_start|>assistant\n"),
    "llama3": ("<|begin_of_text|>{% for m in messages %}<|start_header_id|>{{ m.role }}"
               "<|end_header_id|>\n\n{{ m.content }}<|eot_id|>{% endfor %}"
               "<|start_header_id|>assistant<|end_header_id|>\n\n"),
    "plain": ("{% for m in messages %}{{ m.role | capitalize }}: {{ m.content }}\n\n"
              "{% endfor %}Assistant:"),
}


def chat_template(name_or_jinja: str) -> str:
    """A named prompt template (``chatml``, ``llama3``, ``plain``) or a Jinja string that
    renders ``messages`` (each with ``role`` and ``content``) up to the answer."""
    if name_or_jinja in _TEMPLATES:
        return _TEMPLATES[name_or_jinja]
    if "{%" not in name_or_jinja and "{{" not in name_or_jinja:
        raise ConfigError(f"unknown chat template {name_or_jinja!r}; use one of "
                          f"{', '.join(sorted(_TEMPLATES))} or a Jinja template")
    return name_or_jinja


class OpenAIGenerator:
    """A :class:`~certirag.generate.base.Generator` on an OpenAI-compatible server.

    Prefixes are sent as text (``/v1/completions``), so the server's tokenizer and prefix
    cache apply; generated tokens are reported as text pieces (``tokens`` stays empty).
    ``template`` formats the chat prompt (see :func:`chat_template`). Bans use
    ``logit_bias`` (a ban at the first step only takes a one-token request first) and
    need the server's tokenize endpoint; ``allow`` constraints are not supported.
    """

    name = "openai"
    capabilities = frozenset({"ban", "ban_first"})

    def __init__(self, client: OpenAIClient, *, template: str = "chatml",
                 temperature: float = 0.0, seed: int | None = 0) -> None:
        self.client = client
        self.template = chat_template(template)
        self.temperature = temperature
        self.seed = seed
        self.model_id = client.model or "server-default"
        self._jinja: Any = None
        self._bos: list[int] | None = None

    def load(self) -> None:
        """Check that the server answers (``/v1/models``)."""
        import httpx

        try:
            resp = self.client.get("/v1/models")
        except httpx.TransportError as exc:
            raise BackendUnavailable(f"cannot reach the generation server at "
                                     f"{self.client.root}: {type(exc).__name__}") from None
        if resp.status_code >= 400:
            raise BackendUnavailable(f"the generation server at {self.client.root} answered "
                                     f"HTTP {resp.status_code} on /v1/models")
        if self.client.model is None:
            try:
                models = _loads(resp.content, duplicates="last").get("data") or []
                if isinstance(models, list) and models and isinstance(models[0], Mapping) \
                        and isinstance(models[0].get("id"), str):
                    self.model_id = models[0]["id"]
            except (ValueError, AttributeError):
                pass  # the model's name is only informational

    def format_prompt(self, messages: Sequence[Message]) -> str:
        if self._jinja is None:
            from jinja2.sandbox import ImmutableSandboxedEnvironment

            self._jinja = ImmutableSandboxedEnvironment(
                keep_trailing_newline=True).from_string(self.template)
        return str(self._jinja.render(messages=[{"role": m.role, "content": m.content}
                                                for m in messages]))

    def encode(self, text: str) -> list[int]:
        if not text:
            return []
        if self._bos is None:
            self._bos = self.client.tokenize("")
        ids = self.client.tokenize(text)
        if self._bos and ids[: len(self._bos)] == self._bos:
            ids = ids[len(self._bos):]
        return ids

    def decode(self, tokens: Sequence[int]) -> str:
        raise BackendError("the openai backend reports generated text, not token ids; "
                           "decode is not available")

    def extend(self, prefix: Sequence[Segment], *, max_tokens: int,
               stop: StopFn | None = None,
               constraint: Constraint | None = None) -> Extension:
        if max_tokens < 1:
            raise InputError(f"max_tokens must be at least 1, got {max_tokens}")
        if constraint is not None and constraint.allow_numbers is not None:
            raise BackendError("the openai backend cannot apply 'allow' constraints")
        prompt = prefix_text(prefix)
        t0 = time.perf_counter()
        pieces: list[str] = []
        cached: int | None = None
        prompt_tokens: int | None = None
        every = {t: BAN_BIAS for t in (constraint.ban if constraint else ())}
        first_latency = 0.0
        if constraint is not None and constraint.ban_first:
            bias = {**every, **{t: BAN_BIAS for t in constraint.ban_first}}
            head = self.client.complete(prompt, max_tokens=1, temperature=self.temperature,
                                        logit_bias=bias, seed=self.seed, stream=False)
            first_latency = head.latency_s
            cached, prompt_tokens = head.cached_tokens, head.prompt_tokens
            if not head.text:
                return self._extension(pieces, "eos", cached, prompt_tokens, t0, first_latency)
            pieces.append(head.text)
            if (stop is not None and stop(head.text)) or max_tokens == 1:
                return self._extension(pieces, "stop" if max_tokens > 1 else "length",
                                       cached, prompt_tokens, t0, first_latency)
            max_tokens -= 1
            prompt += head.text
        done = "".join(pieces)

        def stop_all(text: str) -> bool:
            return stop is not None and stop(done + text)

        reply = self.client.complete(prompt, max_tokens=max_tokens,
                                     temperature=self.temperature, logit_bias=every or None,
                                     seed=self.seed, stop=stop_all if stop else None,
                                     stream=True)
        pieces.extend(reply.pieces)
        if cached is None:
            cached, prompt_tokens = reply.cached_tokens, reply.prompt_tokens
        finish = ("stop" if reply.stopped else
                  "length" if reply.finish_reason == "length" else "eos")
        return self._extension(pieces, finish, cached, prompt_tokens, t0,
                               first_latency + reply.latency_s)

    @staticmethod
    def _extension(pieces: list[str], finish: str, cached: int | None,
                   prompt_tokens: int | None, t0: float, server_s: float) -> Extension:
        total = time.perf_counter() - t0
        return Extension(tokens=(), pieces=tuple(pieces), text="".join(pieces),
                         finish_reason=finish,  # type: ignore[arg-type]
                         cache_hit_tokens=cached, prompt_tokens=prompt_tokens,
                         prefill_s=0.0, decode_s=total, latency_s=total,
                         extra={"server_s": server_s})

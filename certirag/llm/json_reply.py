"""Asking an LLM for a JSON object, safely: a fixed prompt with a recorded SHA-256, data
in delimiters, a schema check, bounded retries and a call log.

Shared by the LLM judge (:mod:`certirag.verifiers.judge`) and the LLM claim compiler
(:mod:`certirag.claims.compiler`).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from certirag.errors import BackendError, CertiragError
from certirag.jsonio import loads as strict_loads
from certirag.llm.messages import Message, neutralise
from certirag.schemas import sha256_text

__all__ = ["CallLog", "CallRecord", "ChatClient", "LLMReplyError", "ask_json", "delimit",
           "prompt_sha256", "reply_schema"]

T = TypeVar("T", bound=BaseModel)


class ChatClient(Protocol):
    """What the judge and the compiler need from a client (:class:`OpenAIClient` has it)."""

    def chat(self, messages: Sequence[Message], *, max_tokens: int,
             temperature: float = 0.0, json_mode: bool = False, seed: int | None = 0,
             json_schema: dict[str, Any] | None = None) -> Any: ...


class LLMReplyError(BackendError):
    """The LLM could not be asked, or never gave a reply that passes the schema."""


@dataclass(frozen=True)
class CallRecord:
    """One logical call: what was asked (``kind``, ``prompt_sha256``), how it went."""

    kind: str
    prompt_sha256: str
    ok: bool
    attempts: int
    latency_s: float
    prompt_tokens: int | None
    completion_tokens: int | None
    label: str | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class CallLog:
    """An in-memory, append-only log of LLM calls (bounded to ``limit`` records)."""

    def __init__(self, limit: int = 10_000) -> None:
        self.limit = limit
        self.records: list[CallRecord] = []

    def add(self, record: CallRecord) -> None:
        if len(self.records) < self.limit:
            self.records.append(record)

    def to_list(self) -> list[dict[str, Any]]:
        return [r.to_dict() for r in self.records]


def prompt_sha256(system: str, user_template: str) -> str:
    """SHA-256 of a fixed prompt (its system text and user template, as canonical JSON)."""
    blob = json.dumps({"system": system, "user_template": user_template}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False)
    return sha256_text(blob)


def delimit(name: str, text: str) -> str:
    """``text`` neutralised and wrapped in ``<<<NAME>>>`` … ``<<<END NAME>>>``."""
    return f"<<<{name}>>>\n{neutralise(text.strip())}\n<<<END {name}>>>"


_UNSENT = frozenset({"title", "maxLength", "minLength", "maxItems", "minItems"})


def reply_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema a reply must fit, for a server that constrains decoding to it.

    Pydantic's schema of ``model`` with every object closed (``additionalProperties:
    false``), titles dropped, and no length or item-count bounds: llama.cpp unrolls those
    into grammar rules, and a bound in the hundreds makes its grammar parser give up (the
    server aborts). References stay as ``$defs``. The reply is still validated by
    ``model``, bounds included, after it arrives: a server that ignores the schema
    changes nothing but the retry count.
    """
    def close(node: Any) -> Any:
        if isinstance(node, dict):
            out = {k: close(v) for k, v in node.items() if k not in _UNSENT}
            if out.get("type") == "object" and "properties" in out:
                out["additionalProperties"] = False
            return out
        if isinstance(node, list):
            return [close(v) for v in node]
        return node

    return dict(close(model.model_json_schema()))


_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)


def _parse(text: str, schema: type[T]) -> T:
    body = _FENCE.sub("", text.strip())
    start, end = body.find("{"), body.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("the reply holds no JSON object")
    data = strict_loads(body[start:end + 1], duplicates="last")  # deep nesting: ValueError
    if not isinstance(data, dict):
        raise ValueError("the reply is not a JSON object")
    return schema.model_validate(data)


def ask_json(client: ChatClient, *, kind: str, system: str, user: str, prompt_hash: str,
             schema: type[T], log: CallLog, retries: int = 2, max_tokens: int = 256,
             label_of: Callable[[T], str] | None = None) -> T:
    """Ask ``client`` and return the reply validated by ``schema``.

    A reply that is not JSON or fails the schema is asked again, up to ``retries`` more
    times; a client error is not retried here (the client retries its own transport).
    The request carries ``schema``'s JSON schema (:func:`reply_schema`) for servers that
    constrain decoding. Every outcome is logged (``label_of`` names the reply in the log,
    e.g. the verdict); failure raises :class:`LLMReplyError`.
    """
    messages = [Message("system", system), Message("user", user)]
    json_schema = reply_schema(schema)
    t0 = time.perf_counter()
    attempts = 0
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    problem = "no attempt made"
    while attempts <= retries:
        attempts += 1
        try:
            reply = client.chat(messages, max_tokens=max_tokens, temperature=0.0,
                                json_mode=True, json_schema=json_schema)
        except CertiragError as exc:
            problem = f"{type(exc).__name__}: {exc}"
            break
        except Exception as exc:  # a client bug must not pass a claim either
            problem = f"{type(exc).__name__}: {exc}"
            break
        prompt_tokens = getattr(reply, "prompt_tokens", None)
        completion_tokens = getattr(reply, "completion_tokens", None)
        try:
            value = _parse(str(getattr(reply, "text", "")), schema)
        except (ValueError, ValidationError) as exc:
            problem = f"unusable reply: {str(exc).splitlines()[0][:200]}"
            continue
        log.add(CallRecord(kind=kind, prompt_sha256=prompt_hash, ok=True, attempts=attempts,
                           latency_s=round(time.perf_counter() - t0, 6),
                           prompt_tokens=prompt_tokens, completion_tokens=completion_tokens,
                           label=label_of(value) if label_of is not None else None))
        return value
    log.add(CallRecord(kind=kind, prompt_sha256=prompt_hash, ok=False, attempts=attempts,
                       latency_s=round(time.perf_counter() - t0, 6),
                       prompt_tokens=prompt_tokens, completion_tokens=completion_tokens,
                       error=problem))
    raise LLMReplyError(f"{kind} failed after {attempts} attempt(s): {problem}")

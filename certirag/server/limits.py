"""Limits that keep the service up and fail closed: a per-key rate limit (429), a
request-body limit (413), a request-body read timeout (408), an evidence-size limit and
a verification timeout.

All of them are read from :class:`certirag.config.Settings` by :meth:`Limits.from_settings`
(a setting the settings object does not define takes the default below).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from certirag.errors import ConfigError

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["BodyLimitMiddleware", "Limits", "RateLimiter"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

DEFAULT_RATE_PER_MINUTE = 600
DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024
DEFAULT_MAX_EVIDENCE_CHARS = 1_000_000
DEFAULT_VERIFY_TIMEOUT_S = 30.0
DEFAULT_BODY_READ_TIMEOUT_S = 30.0


@dataclass(frozen=True, slots=True)
class Limits:
    """The service's limits. ``rate_per_minute`` 0 turns the rate limit off;
    ``body_read_timeout_s`` is the time a client has to send its whole request body."""

    rate_per_minute: int = DEFAULT_RATE_PER_MINUTE
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    max_evidence_chars: int = DEFAULT_MAX_EVIDENCE_CHARS
    verify_timeout_s: float = DEFAULT_VERIFY_TIMEOUT_S
    body_read_timeout_s: float = DEFAULT_BODY_READ_TIMEOUT_S

    @classmethod
    def from_settings(cls, settings: Settings) -> Limits:
        """Read ``rate_limit_per_minute``, ``max_body_bytes``, ``max_evidence_chars``,
        ``verify_timeout_s`` and ``body_read_timeout_s`` from ``settings``; an unset
        ``verify_timeout_s`` (``None``) means :data:`DEFAULT_VERIFY_TIMEOUT_S`."""
        timeout = settings.verify_timeout_s
        limits = cls(rate_per_minute=settings.rate_limit_per_minute,
                     max_body_bytes=settings.max_body_bytes,
                     max_evidence_chars=settings.max_evidence_chars,
                     verify_timeout_s=DEFAULT_VERIFY_TIMEOUT_S if timeout is None else timeout,
                     body_read_timeout_s=settings.body_read_timeout_s)
        if limits.rate_per_minute < 0 or limits.max_body_bytes < 1 \
                or limits.max_evidence_chars < 1 or not limits.verify_timeout_s > 0 \
                or not limits.body_read_timeout_s > 0:
            raise ConfigError(f"invalid server limits: {limits}")
        return limits


class RateLimiter:
    """A token bucket per key: ``per_minute`` requests a minute, bursts up to
    ``per_minute``. Thread-safe; ``clock`` is injectable for tests."""

    def __init__(self, per_minute: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, last time)

    def acquire(self, key: str) -> float:
        """Take one token for ``key``: 0.0 when allowed, else the seconds to wait."""
        if self.per_minute <= 0:
            return 0.0
        rate = self.per_minute / 60.0
        now = self._clock()
        with self._lock:
            tokens, last = self._buckets.get(key, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - last) * rate)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / rate


def _error_body(message: str, code: str, type_: str = "request_too_large") -> bytes:
    return json.dumps({"error": {"message": message, "type": type_,
                                 "code": code}}).encode("utf-8")


@dataclass(frozen=True, slots=True)
class _Oversize:
    """A body over the limit: its declared length, the bytes read, whether more follow."""

    declared: int | None
    already: int
    more: bool


class BodyLimitMiddleware:
    """Reject request bodies over ``max_bytes`` with 413 before the app parses them, and
    bodies that do not arrive within ``timeout_s`` with 408.

    A declared ``Content-Length`` over the limit is refused at once; a body without one
    is counted while it arrives. What the client already sent is read and dropped (up to
    ``drain_bytes``) so that it receives the 413 instead of a reset connection.

    ``timeout_s`` bounds the time from the start of the request to the last byte of its
    body, however the client spaces its bytes (a client that sends one byte a second
    would otherwise hold a connection and a worker for as long as it likes); the 408
    closes the connection. ``None`` means no bound."""

    def __init__(self, app: ASGIApp, *, max_bytes: int, drain_bytes: int | None = None,
                 timeout_s: float | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.drain_bytes = drain_bytes if drain_bytes is not None else max(16 << 20,
                                                                           4 * max_bytes)
        self.timeout_s = timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = None if self.timeout_s is None else loop.time() + self.timeout_s
        try:
            async with asyncio.timeout_at(deadline):
                whole = await self._read(scope, receive)
        except TimeoutError:
            await self._timed_out(send)
            return
        if isinstance(whole, _Oversize):
            if whole.more:  # read what was sent, within the same deadline, then refuse
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout_at(deadline):
                        await self._drain(receive, whole.declared, already=whole.already)
            await self._reject(send)
            return
        if whole is None:  # the client went away
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _read(self, scope: Scope, receive: Receive) -> bytes | _Oversize | None:
        """The whole body, :class:`_Oversize` when it is over the limit, or ``None`` when
        the client went away."""
        declared = None
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
        if declared is not None and (declared < 0 or declared > self.max_bytes):
            return _Oversize(declared, 0, True)
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_bytes:
                return _Oversize(None, size, bool(message.get("more_body", False)))
            chunks.append(body)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

    async def _drain(self, receive: Receive, declared: int | None, *, already: int = 0) -> None:
        if declared is not None and (declared < 0 or declared > self.drain_bytes):
            return
        size = already
        while size <= self.drain_bytes:
            message = await receive()
            if message["type"] != "http.request":
                return
            size += len(message.get("body", b""))
            if not message.get("more_body", False):
                return

    async def _reject(self, send: Send) -> None:
        mib = self.max_bytes / (1 << 20)
        limit = f"{mib:.1f} MiB" if self.max_bytes >= 1 << 20 else f"{self.max_bytes} bytes"
        body = _error_body(f"the request body is larger than {limit}", "body_too_large")
        await _send_closing(send, 413, body)

    async def _timed_out(self, send: Send) -> None:
        body = _error_body(f"the request body did not arrive within {self.timeout_s:g} s",
                           "body_timeout", "request_timeout")
        await _send_closing(send, 408, body)


async def _send_closing(send: Send, status: int, body: bytes) -> None:
    """A JSON error response that closes the connection."""
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def retry_after_header(wait_s: float) -> str:
    """A ``Retry-After`` value (whole seconds, at least 1)."""
    return str(max(1, math.ceil(wait_s)))

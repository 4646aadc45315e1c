"""The generator contract: token-level extension of a prefix, with constraints.

A :class:`Generator` continues a prefix (a list of :class:`Segment` s: text, and token ids
where the backend knows them) until an end of generation, a token budget, or a ``stop``
callback says so. It reports how many prefix tokens its cache served, so the in-flight
engine can show that a rollback re-used the cached prefix instead of re-reading it.

:class:`Constraint` is what a retry may impose: token ids banned at the first step or at
every step, and ``allow_numbers``, which limits every number written to a set of values.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

from certirag.llm.client import StopFn
from certirag.llm.messages import Message

__all__ = [
    "CAPABILITIES",
    "Constraint",
    "Extension",
    "FinishReason",
    "Generator",
    "Message",
    "Segment",
    "StopFn",
    "digit_prefix_ok",
    "prefix_text",
]

FinishReason = Literal["stop", "eos", "length"]

#: What a backend may support: ``tokens`` (prefixes are token ids the backend reports
#: and reuses), ``ban`` (token bans at every step), ``ban_first`` (bans at the first step
#: only), ``allow`` (numbers limited to given values), ``logits`` (raw next-token logits).
CAPABILITIES = frozenset({"tokens", "ban", "ban_first", "allow", "logits"})

@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of the context. ``tokens`` are the backend's ids for ``text`` when known
    (text the model generated keeps the very ids it sampled, so the cache matches);
    ``kind`` says what the piece is: ``prompt``, ``answer`` (committed), ``inject``
    (context only), ``refusal`` or ``draft`` (generated, not yet verified)."""

    text: str
    tokens: tuple[int, ...] | None = None
    kind: Literal["prompt", "answer", "inject", "refusal", "draft"] = "answer"


def prefix_text(prefix: Sequence[Segment]) -> str:
    """The text of a prefix."""
    return "".join(s.text for s in prefix)


@dataclass(frozen=True)
class Constraint:
    """Limits on what may be generated.

    ``ban_first``: ids that may not be the first token; ``ban``: ids banned at every step;
    ``allow_numbers``: when not ``None``, every number (run of digits, with ``.``/``,``
    between digits) written must be one of these strings; an empty set forbids digits.
    """

    ban_first: frozenset[int] = frozenset()
    ban: frozenset[int] = frozenset()
    allow_numbers: frozenset[str] | None = None

    @property
    def empty(self) -> bool:
        return not self.ban_first and not self.ban and self.allow_numbers is None

    def describe(self) -> dict[str, object]:
        """A JSON-ready summary for the trace."""
        return {"ban_first": sorted(self.ban_first), "ban": sorted(self.ban),
                "allow_numbers": (sorted(self.allow_numbers)
                                  if self.allow_numbers is not None else None)}


@dataclass(frozen=True)
class Extension:
    """What one :meth:`Generator.extend` produced.

    ``tokens`` are the generated ids (empty when the backend does not report ids) and
    ``pieces`` the text of each generated token, in order (``"".join(pieces) == text``).
    ``cache_hit_tokens`` is how many prefix tokens the backend's cache served (``None``
    when a server does not say); ``prompt_tokens`` the prefix length in tokens when known.
    Times are seconds: ``prefill_s`` reading the uncached prefix, ``decode_s`` generating.
    """

    tokens: tuple[int, ...]
    pieces: tuple[str, ...]
    text: str
    finish_reason: FinishReason
    cache_hit_tokens: int | None
    prompt_tokens: int | None
    prefill_s: float
    decode_s: float
    latency_s: float
    extra: dict[str, object] = field(default_factory=dict)


@runtime_checkable
class Generator(Protocol):
    """A text generator that extends a prefix token by token.

    Constructors are cheap; :meth:`load` loads the model or checks the server and raises
    :class:`certirag.errors.BackendUnavailable` naming the fix. ``capabilities`` is a
    subset of :data:`CAPABILITIES`.
    """

    name: str
    model_id: str
    capabilities: frozenset[str]

    def load(self) -> None:
        """Load the model (or reach the server) now."""
        ...

    def format_prompt(self, messages: Sequence[Message]) -> str:
        """The prompt text for a chat, ending where the assistant's answer begins."""
        ...

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text`` (special tokens in it are parsed as such)."""
        ...

    def decode(self, tokens: Sequence[int]) -> str:
        """Text of token ids."""
        ...

    def extend(self, prefix: Sequence[Segment], *, max_tokens: int,
               stop: StopFn | None = None,
               constraint: Constraint | None = None) -> Extension:
        """Generate up to ``max_tokens`` tokens after ``prefix``."""
        ...


_NUMBER_TAIL = re.compile(r"\d(?:[.,]?\d)*[.,]?\Z")


def digit_prefix_ok(text: str, piece: str, allowed: frozenset[str]) -> bool:
    """Whether appending ``piece`` to ``text`` keeps every number inside ``allowed``.

    A number is a run of digits with single ``.`` or ``,`` between digits. The number open
    at the end of ``text`` (if any) continued by ``piece`` must stay a prefix of an allowed
    value, and any number ``piece`` completes must be an allowed value. Pieces without
    digits that close an incomplete number are refused too.
    """
    joined = text + piece
    start = len(text)
    m = _NUMBER_TAIL.search(text)
    if m is not None:
        start = m.start()
    tail = joined[start:]
    for run in re.finditer(r"\d(?:[.,]?\d)*[.,]?", tail):
        value = run.group()
        open_end = start + run.end() == len(joined)
        if open_end:
            bare = value.rstrip(".,")
            if not any(a.startswith(value) or a == bare for a in allowed):
                return False
        else:
            if value.rstrip(".,") not in allowed:
                return False
    if m is not None and not piece[:1].isdigit() and piece[:1] not in (".", ",", ""):
        return m.group().rstrip(".,") in allowed
    return True

"""Trace records of the in-flight engine: events, totals, result (certirag.trace/v1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from certirag.result import VerificationResult
from certirag.schemas import ClaimDecision

__all__ = ["TRACE_FORMAT", "GenerationResult", "SentenceEvent", "Totals", "rounded"]

TRACE_FORMAT = "certirag.trace/v1"


@dataclass(frozen=True)
class SentenceEvent:
    """A sentence settled: committed (``verified``), or refused (``refused``).

    ``answer`` is the answer so far, this sentence included, and ``claims`` every claim of
    it as the check that committed this sentence decided them (``None`` when no check ran:
    a refusal). ``certirag.render.render_parts(answer, claims, "strict")`` is then what the
    display shows so far, which is how the HTTP service streams only decided text.
    """

    index: int
    text: str
    outcome: Literal["verified", "refused"]
    attempts: int
    answer: str = ""
    claims: tuple[ClaimDecision, ...] | None = None


@dataclass
class GenerationResult:
    """The verified answer (``result``), the trace and why generation stopped."""

    result: VerificationResult
    trace: dict[str, Any]
    stop_reason: str

    @property
    def answer(self) -> str:
        return str(self.result.answer)

    def to_dict(self) -> dict[str, Any]:
        data = self.result.to_dict()
        return {"question": data["question"], "answer": data["answer"],
                "claims": data["claims"], "stats": data["stats"],
                "rendered": data["rendered"], "trace": self.trace}


@dataclass
class Totals:
    """What the engine counts over one answer (the trace's ``totals``)."""

    attempts: int = 0
    rollbacks: int = 0
    refusals: int = 0
    tokens_generated: int = 0
    tokens_kept: int = 0
    tokens_discarded: int = 0
    tokens_injected: int = 0
    prefix_cache_hit_tokens: int = 0
    prefix_cache_reported: int = 0
    prompt_tokens: int = 0
    prefill_s: float = 0.0
    decode_s: float = 0.0
    verify_s: float = 0.0
    steering: dict[str, int] = field(default_factory=dict)


def rounded(x: float) -> float:
    """``x`` rounded to 6 decimals, as the trace records times."""
    return round(float(x), 6)

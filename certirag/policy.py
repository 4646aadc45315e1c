"""The fail-closed decision rule (policy ``certirag.policy.v1``).

For a claim (not a ``not_a_claim`` sentence):

* **blocked** iff a deterministic finding of kind ``contradiction``, or the model gives
  P(contradiction) ≥ τc;
* **verified** iff no finding at all, at least one evidence span, calibrated
  P(entailment) ≥ τe, and P(contradiction) < τc when the model gives one, and nothing
  failed (no backend error, timeout or truncated evidence);
* **unverified** otherwise, with the reasons why.

The rule is a pure function of its inputs so that a certificate's decisions can be
re-derived from the stored findings, scores and thresholds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from certirag.schemas import Decision, Reason, Scores

__all__ = ["POLICY_ID", "FindingLike", "Thresholds", "decide"]

POLICY_ID = "certirag.policy.v1"


class FindingLike(Protocol):
    @property
    def kind(self) -> Literal["contradiction", "ungrounded"]: ...

    def to_reason(self) -> Reason: ...


@dataclass(frozen=True, slots=True)
class Thresholds:
    tau_entail: float
    tau_contradict: float


def decide(
    *,
    findings: Sequence[FindingLike],
    scores: Scores | None,
    evidence_spans: int,
    thresholds: Thresholds,
    failures: Sequence[Reason] = (),
) -> tuple[Decision, list[Reason]]:
    """Apply the policy. ``failures`` are typed outcomes such as ``backend_error``,
    ``timeout``, ``no_evidence`` or ``evidence_truncated``; any of them withholds."""
    reasons = [f.to_reason() for f in findings] + list(failures)
    contra_finding = any(f.kind == "contradiction" for f in findings)
    p_c = scores.contradiction if scores is not None else None
    if p_c is not None and p_c >= thresholds.tau_contradict:
        reasons.append(Reason(code="model_contradiction",
                              message=f"P(contradiction) = {p_c:.3f} ≥ τc = "
                                      f"{thresholds.tau_contradict:.3f}"))
        return Decision.BLOCKED, reasons
    if contra_finding:
        return Decision.BLOCKED, reasons
    if findings or failures:
        return Decision.UNVERIFIED, reasons
    if evidence_spans < 1:
        return Decision.UNVERIFIED, [Reason(code="no_evidence",
                                            message="no evidence span supports the claim")]
    if scores is None:
        return Decision.UNVERIFIED, [Reason(code="not_scored",
                                            message="the claim was not scored by a model")]
    if scores.entailment < thresholds.tau_entail:
        return Decision.UNVERIFIED, [Reason(
            code="low_entailment",
            message=f"P(entailment) = {scores.entailment:.3f} < τe = "
                    f"{thresholds.tau_entail:.3f}")]
    return Decision.VERIFIED, [Reason(
        code="entailed",
        message=f"P(entailment) = {scores.entailment:.3f} ≥ τe = {thresholds.tau_entail:.3f}"
                + (f"; P(contradiction) = {p_c:.3f} < τc = {thresholds.tau_contradict:.3f}"
                   if p_c is not None else ""))]

"""The fail-closed decision rule (policies ``certirag.policy.v1`` … ``v3``).

For a claim (not a ``not_a_claim`` sentence):

* **verified, quoted** iff no finding, nothing failed (no backend error, timeout or
  truncated evidence), and the claim is its evidence span — a whole evidence sentence —
  verbatim (see :mod:`certirag.text.quotes`). This is identity, not inference: the
  model's scores are recorded but do not decide (our small model even scores many long
  sentences as contradicting themselves);
* otherwise **blocked** iff a deterministic finding of kind ``contradiction``, or the
  model gives P(contradiction) ≥ τc;
* **verified, entailed** iff no finding at all, at least one evidence span, calibrated
  P(entailment) ≥ τe, and nothing failed;
* **unverified** otherwise, with the reasons why.

``certirag.policy.v1`` is the same rule without the ``quoted`` case. ``certirag.policy.v3``
(the default) decides on binding spans (:mod:`certirag.bound`): findings against the
deciding span and ``unbound_anchors`` join the findings, and a quote passes only when the
model finds no contradiction with its neighbourhood. Certificates issued under an older
policy are still checked under it.

The rule is a pure function of its inputs so that a certificate's decisions can be
re-derived from the stored findings, scores and thresholds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from certirag.reasons import reason
from certirag.schemas import Decision, Reason, Scores

__all__ = ["POLICIES", "POLICY_ID", "FindingLike", "Thresholds", "decide", "objects_to_quote"]

POLICY_ID = "certirag.policy.v3"
#: The policies whose decisions certificate checks can re-derive.
POLICIES = ("certirag.policy.v1", "certirag.policy.v2", POLICY_ID)


class FindingLike(Protocol):
    @property
    def kind(self) -> Literal["contradiction", "ungrounded"]: ...

    def to_reason(self) -> Reason: ...


@dataclass(frozen=True, slots=True)
class Thresholds:
    tau_entail: float
    tau_contradict: float


def objects_to_quote(scores: Scores, thresholds: Thresholds) -> bool:
    """Whether the model objects to a quote (``certirag.policy.v3``): it reads
    contradiction at τc and more likely than entailment (on a bare identity our model's
    P(contradiction) alone is noisy)."""
    p_c = scores.contradiction
    return p_c is not None and p_c >= thresholds.tau_contradict and p_c > scores.entailment


def decide(
    *,
    findings: Sequence[FindingLike],
    scores: Scores | None,
    evidence_spans: int,
    thresholds: Thresholds,
    failures: Sequence[Reason] = (),
    quoted: bool = False,
    quote_needs_model: bool = False,
) -> tuple[Decision, list[Reason]]:
    """Apply the policy. ``failures`` are typed outcomes such as ``backend_error``,
    ``timeout``, ``no_evidence`` or ``evidence_truncated``; any of them withholds. Every
    code it writes is in :data:`certirag.reasons.REASONS`.
    ``quoted``: the claim quotes its evidence span verbatim (always ``False`` under
    ``certirag.policy.v1``). ``quote_needs_model`` (``certirag.policy.v3``): a quote
    passes only while the model, reading it with its neighbours, finds no contradiction
    (P(contradiction) < τc)."""
    reasons = [f.to_reason() for f in findings] + list(failures)
    contra_finding = any(f.kind == "contradiction" for f in findings)
    p_c = scores.contradiction if scores is not None else None
    model_objects = quote_needs_model and scores is not None and objects_to_quote(
        scores, thresholds)
    if quoted and not findings and not failures and evidence_spans >= 1 and not model_objects:
        # identity, not inference: the model's scores are recorded, not needed
        return Decision.VERIFIED, [reason(
            "quoted",
            "the claim is a whole evidence sentence, verbatim"
            + (f" (model: P(entailment) = {scores.entailment:.3f}"
               + (f", P(contradiction) = {p_c:.3f}" if p_c is not None else "")
               + ")" if scores is not None else ""))]
    if p_c is not None and p_c >= thresholds.tau_contradict:
        reasons.append(reason("model_contradiction",
                              f"P(contradiction) = {p_c:.3f} ≥ τc = "
                              f"{thresholds.tau_contradict:.3f}"))
        return Decision.BLOCKED, reasons
    if contra_finding:
        return Decision.BLOCKED, reasons
    if findings or failures:
        return Decision.UNVERIFIED, reasons
    if evidence_spans < 1:
        return Decision.UNVERIFIED, [reason("no_evidence", "no evidence span supports the claim")]
    if scores is None:
        return Decision.UNVERIFIED, [reason("not_scored", "the claim was not scored by a model")]
    if scores.entailment < thresholds.tau_entail:
        return Decision.UNVERIFIED, [reason(
            "low_entailment",
            f"P(entailment) = {scores.entailment:.3f} < τe = {thresholds.tau_entail:.3f}")]
    return Decision.VERIFIED, [reason(
        "entailed",
        f"P(entailment) = {scores.entailment:.3f} ≥ τe = {thresholds.tau_entail:.3f}"
        + (f"; P(contradiction) = {p_c:.3f} < τc = {thresholds.tau_contradict:.3f}"
           if p_c is not None else ""))]

"""The result of a verification: every claim's decision, and the outcome they make.

:class:`VerificationResult` is what :func:`certirag.pipeline.verify` returns. Its JSON form
(:meth:`VerificationResult.to_dict`, what ``certirag verify --json`` prints and what a
certificate's ``claims``, ``policy``, ``stats`` and ``rendered`` are) is the record
:class:`certirag.schemas.VerificationRecord`, whose JSON Schema ``certirag schema export``
writes as ``verification-result.schema.json``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, InstanceOf

from certirag.policy import POLICY_ID, Thresholds
from certirag.reasons import BACKEND_FAILURES, OUTCOME_EXIT
from certirag.render import render
from certirag.schemas import (
    ClaimDecision,
    ClaimRecord,
    Decision,
    Evidence,
    PolicyRecord,
    StatsRecord,
    VerificationRecord,
)

__all__ = ["Outcome", "VerificationResult"]

#: The outcome of a verification (:data:`certirag.reasons.OUTCOME_EXIT` gives its exit code).
Outcome = Literal["verified", "withheld", "backend_failed", "no_claims"]


class VerificationResult(BaseModel):
    """Every claim of ``answer`` decided against ``evidence`` under ``policy`` and
    ``thresholds``; ``display`` is how :attr:`rendered` shows it and ``model`` records
    what decided (the NLI model's id and sha256, the judge, the claim compiler)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    question: str
    answer: str
    claims: list[ClaimDecision]
    display: str
    thresholds: InstanceOf[Thresholds]
    model: dict[str, str] = Field(default_factory=dict)
    evidence: list[Evidence] = Field(default_factory=list)
    policy: str = POLICY_ID

    @property
    def stats(self) -> dict[str, int]:
        counts = {d.value: 0 for d in Decision}
        for c in self.claims:
            counts[c.decision.value] += 1
        return {"total": len(self.claims), **counts}

    @property
    def all_verified(self) -> bool:
        """At least one claim verified and none withheld (``not_a_claim`` sentences aside):
        an answer of pleasantries only verifies nothing (outcome ``no_claims``)."""
        return (any(c.decision == Decision.VERIFIED for c in self.claims)
                and all(c.decision in (Decision.VERIFIED, Decision.NOT_A_CLAIM)
                        for c in self.claims))

    @property
    def outcome(self) -> Outcome:
        """``verified``, ``withheld``, ``backend_failed`` or ``no_claims`` (every sentence
        is ``not_a_claim``: nothing was checked); see :meth:`exit_code`."""
        if self.backend_failed:
            return "backend_failed"
        if self.all_verified:
            return "verified"
        if all(c.decision == Decision.NOT_A_CLAIM for c in self.claims):
            return "no_claims"
        return "withheld"

    @property
    def backend_failed(self) -> bool:
        """A claim was withheld for a reason of :data:`certirag.reasons.BACKEND_FAILURES`."""
        return any(r.code in BACKEND_FAILURES for c in self.claims for r in c.reasons
                   if c.decision != Decision.VERIFIED)

    @property
    def rendered(self) -> str:
        return render(self.answer, self.claims, self.display)

    def exit_code(self) -> int:
        """0 verified (at least one claim, none withheld), 1 something withheld, 3 withheld
        because a backend failed, 4 no claims (every sentence ``not_a_claim``):
        :data:`certirag.reasons.OUTCOME_EXIT`."""
        return OUTCOME_EXIT[self.outcome]

    def record(self) -> VerificationRecord:
        """This result as its JSON record."""
        return VerificationRecord(
            question=self.question, answer=self.answer,
            claims=[ClaimRecord.of(c) for c in self.claims],
            stats=StatsRecord(**self.stats), outcome=self.outcome,
            rendered=self.rendered,
            policy=PolicyRecord(id=self.policy, tau_entail=self.thresholds.tau_entail,
                                tau_contradict=self.thresholds.tau_contradict),
            model=dict(self.model))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (:class:`~certirag.schemas.VerificationRecord`, without the
        fields a command or the server adds)."""
        return self.record().model_dump(mode="json", exclude=set(VerificationRecord.ADDED))

"""The answer as shown: each sentence labelled by its claims' decisions.

``strict`` keeps verified sentences (and labelled non-claims) and replaces the rest with
:data:`MARKER`; ``mixed`` labels every sentence; ``debug`` adds scores and reasons. The
certificate check renders again from the stored decisions, so this is a pure function.
"""

from __future__ import annotations

from collections.abc import Sequence

from certirag.schemas import ClaimDecision, Decision

__all__ = ["MARKER", "render"]

#: What strict display shows in place of a withheld sentence.
MARKER = "[withheld]"

_LABEL = {Decision.VERIFIED: "verified", Decision.UNVERIFIED: "unverified",
          Decision.BLOCKED: "blocked", Decision.NOT_A_CLAIM: "not a claim"}


def render(answer: str, claims: Sequence[ClaimDecision], display: str) -> str:
    """The answer as shown: ``strict`` keeps verified sentences (and labelled non-claims)
    and replaces the rest with a marker; ``mixed`` labels every sentence; ``debug`` adds
    scores and reasons."""
    by_span: dict[tuple[int, int], list[ClaimDecision]] = {}
    for c in claims:
        by_span.setdefault((c.claim.start, c.claim.end), []).append(c)
    parts = []
    for (start, end), group in sorted(by_span.items()):
        sentence = answer[start:end]
        decisions = {c.decision for c in group}
        if decisions == {Decision.NOT_A_CLAIM}:
            label = Decision.NOT_A_CLAIM
        elif decisions <= {Decision.VERIFIED}:
            label = Decision.VERIFIED
        elif Decision.BLOCKED in decisions:
            label = Decision.BLOCKED
        else:
            label = Decision.UNVERIFIED
        if display == "strict":
            if label == Decision.VERIFIED:
                parts.append(sentence)
            elif label == Decision.NOT_A_CLAIM:
                parts.append(f"[not a claim] {sentence}")
            else:
                parts.append(MARKER)
        elif display == "mixed":
            parts.append(f"[{_LABEL[label]}] {sentence}")
        else:
            detail = []
            for c in group:
                s = c.scores
                score = (f" e={s.entailment:.2f}"
                         + (f" c={s.contradiction:.2f}" if s and s.contradiction is not None
                            else "") if s else "")
                codes = ",".join(r.code for r in c.reasons)
                detail.append(f"{c.claim.id}:{c.decision.value}{score} ({codes})")
            parts.append(f"[{_LABEL[label]}] {sentence} {{{'; '.join(detail)}}}")
    return " ".join(parts)

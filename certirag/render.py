"""The answer as shown: each sentence labelled by its claims' decisions.

``strict`` keeps verified sentences (and labelled non-claims) and replaces the rest with
:data:`MARKER`; ``mixed`` labels every sentence; ``debug`` adds scores and reasons. The
certificate check renders again from the stored decisions, so this is a pure function.

:func:`render_parts` gives the same display as a list of :class:`Part` s (``render`` joins
their texts with single spaces); the streaming routes of the HTTP service release those
parts one by one, so a streamed answer is, byte for byte, the rendered one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from certirag.schemas import ClaimDecision, Decision

__all__ = ["MARKER", "Part", "render", "render_parts"]

#: What the display shows in place of a withheld sentence: the one marker, in the rendered
#: answer and in every streamed reply. (The in-flight engine writes its own refusal text,
#: ``refusal_text``, into the answer it generates; what is shown of it is this marker.)
MARKER = "[withheld]"

_LABEL = {Decision.VERIFIED: "verified", Decision.UNVERIFIED: "unverified",
          Decision.BLOCKED: "blocked", Decision.NOT_A_CLAIM: "not a claim"}


class Part(NamedTuple):
    """One sentence of the display: its span in the answer, the label its claims' decisions
    give it, and the text shown for it."""

    start: int
    end: int
    label: Decision
    text: str


def render(answer: str, claims: Sequence[ClaimDecision], display: str) -> str:
    """The answer as shown: ``strict`` keeps verified sentences (and labelled non-claims)
    and replaces the rest with a marker; ``mixed`` labels every sentence; ``debug`` adds
    scores and reasons."""
    return " ".join(p.text for p in render_parts(answer, claims, display))


def render_parts(answer: str, claims: Sequence[ClaimDecision], display: str) -> list[Part]:
    """The display of ``answer`` sentence by sentence (one :class:`Part` per claim span, in
    answer order); :func:`render` is their texts joined with spaces."""
    by_span: dict[tuple[int, int], list[ClaimDecision]] = {}
    for c in claims:
        by_span.setdefault((c.claim.start, c.claim.end), []).append(c)
    parts: list[Part] = []
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
                text = sentence
            elif label == Decision.NOT_A_CLAIM:
                text = f"[not a claim] {sentence}"
            else:
                text = MARKER
        elif display == "mixed":
            text = f"[{_LABEL[label]}] {sentence}"
        else:
            detail = []
            for c in group:
                s = c.scores
                score = (f" e={s.entailment:.2f}"
                         + (f" c={s.contradiction:.2f}" if s and s.contradiction is not None
                            else "") if s else "")
                codes = ",".join(r.code for r in c.reasons)
                detail.append(f"{c.claim.id}:{c.decision.value}{score} ({codes})")
            text = f"[{_LABEL[label]}] {sentence} {{{'; '.join(detail)}}}"
        parts.append(Part(start, end, label, text))
    return parts

"""Scoring binding spans: every claim's spans in one batch, and the span that decides.

The second stage of policy v3's model path, after planning
(:func:`certirag.verifiers.binding.plan_windows`): the NLI model reads each claim against
each of its binding spans, all pairs of an answer in one
:meth:`~certirag.verifiers.base.Verifier.score_pairs` call, and the span that decides is the
smallest one that reaches τe (:func:`score_bound`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from certirag.errors import BackendError
from certirag.schemas import Scores
from certirag.verifiers.base import NLIResult, Verifier
from certirag.verifiers.binding import BindingPlan, BindingWindow

__all__ = ["BoundResult", "Pick", "picked", "score_bound"]


@dataclass(frozen=True, slots=True)
class BoundResult:
    """A claim scored on its binding spans: the best span's result (``None`` when no span
    binds the claim), the span's sentences, and the plan; ``others``, the other spans that
    reach τe with their results, in the order of preference (the next to try when the
    best span fails the deterministic check)."""

    result: NLIResult | None
    window: BindingWindow | None
    plan: BindingPlan
    others: tuple[tuple[NLIResult, BindingWindow], ...] = ()


def _preference(block: Sequence[NLIResult], plan: BindingPlan, j: int, tau_entail: float
                ) -> tuple[int, int, float, int]:
    """Passing spans first, the fewest sentences among them, then the higher score."""
    ok = block[j].scores.entailment >= tau_entail and not block[j].truncated
    return (int(ok), -len(plan.windows[j].sentences) if ok else 0,
            block[j].scores.entailment, -j)


Pick = Callable[[Sequence[tuple[str, str]], Sequence[Scores]], int]


def picked(verifier: Verifier, groups: Sequence[Sequence[tuple[str, str]]],
           pick: Pick) -> list[NLIResult]:
    """Score every pair of every group in ONE ``score_pairs`` call; per group, the result
    ``pick`` chooses from the group's pairs and their scores (a claim's readings against
    one span and its pieces)."""
    pairs = [pair for g in groups for pair in g]
    results = verifier.score_pairs(pairs) if pairs else []
    if len(results) != len(pairs):
        raise BackendError(f"verifier {getattr(verifier, 'name', '?')!r} returned "
                           f"{len(results)} results for {len(pairs)} pairs")
    out: list[NLIResult] = []
    k = 0
    for g in groups:
        block = results[k : k + len(g)]
        k += len(g)
        out.append(block[pick(g, [r.scores for r in block])])
    return out


def score_bound(verifier: Verifier, claims: Sequence[str], plans: Sequence[BindingPlan], *,
                tau_entail: float, read: Callable[[str], str],
                pairs: Callable[[str, str], list[tuple[str, str]]],
                pick: Pick) -> list[BoundResult]:
    """Score every claim on the binding spans of its plan
    (:func:`~certirag.verifiers.binding.plan_windows`), all pairs in ONE ``score_pairs``
    call.

    Per claim, the span that decides is the one with the fewest sentences among those
    whose calibrated P(entailment) reaches ``tau_entail`` (ties: the higher score); when
    none does, the span with the highest P(entailment). Claims no span binds are not
    scored (``result`` is ``None``). The other spans that reach ``tau_entail`` follow in
    ``others``, in the same order. ``read`` gives what the model reads for a span's text
    (the scorer version's reading: :func:`certirag.bound.model_reading`); ``pairs`` the
    (premise, hypothesis) pairs it reads for a claim against a span so read (the claim
    whole and its clauses, against the span and its pieces:
    :func:`certirag.bound.claim_pairs`), and ``pick`` which pair's scores a span gives the
    claim (:func:`certirag.bound.pick_pair`)."""
    groups = [pairs(claim, read(w.text))
              for claim, p in zip(claims, plans, strict=True) for w in p.windows]
    results = picked(verifier, groups, pick)
    out: list[BoundResult] = []
    k = 0
    for p in plans:
        block = results[k : k + len(p.windows)]
        k += len(p.windows)
        if not block:
            out.append(BoundResult(None, None, p))
            continue

        ranked = sorted(range(len(block)), reverse=True,
                        key=lambda j: _preference(block, p, j, tau_entail))
        best, w = ranked[0], p.windows[ranked[0]]
        others = tuple((dataclasses.replace(block[j], window=p.windows[j].text), p.windows[j])
                       for j in ranked[1:] if _preference(block, p, j, tau_entail)[0])
        out.append(BoundResult(dataclasses.replace(block[best], window=w.text), w, p, others))
    return out

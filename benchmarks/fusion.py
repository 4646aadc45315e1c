"""Choosing how hybrid retrieval fuses BM25 and dense rankings, on training queries only.

Two families are searched on the same candidate lists (each mode's top ``depth``):

- weighted reciprocal rank fusion: ``w_bm25 / (k + rank_bm25) + w_dense / (k + rank_dense)``
  (what ``certirag`` runs; ``hybrid_weights`` and ``rrf_k`` set it);
- normalised score fusion: ``a * minmax(bm25) + (1 - a) * minmax(dense)`` per query.

The winner is the configuration with the best recall@5 on the training queries (ties:
MRR@10, then the simpler family, RRF). Used by ``benchmarks/retrieval.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: One query's candidates: (chunk ids, scores) for bm25 and for dense, best first.
Candidates = tuple[list[str], list[float], list[str], list[float]]

RRF_KS = (5, 10, 20, 30, 60, 100)
DENSE_WEIGHTS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
ALPHAS = tuple(round(0.05 * i, 2) for i in range(21))


@dataclass(frozen=True)
class Fusion:
    family: str  # "rrf" or "score"
    rrf_k: int = 60
    weights: tuple[float, float] = (1.0, 1.0)
    alpha: float = 0.5

    def label(self) -> str:
        if self.family == "rrf":
            return f"RRF k={self.rrf_k}, weights (bm25 {self.weights[0]:g}, " \
                   f"dense {self.weights[1]:g})"
        return f"normalised score fusion, {self.alpha:g} x bm25 + {1 - self.alpha:g} x dense"

    def rank(self, c: Candidates) -> list[str]:
        b_ids, b_scores, d_ids, d_scores = c
        fused: dict[str, float] = {}
        if self.family == "rrf":
            for w, ids in ((self.weights[0], b_ids), (self.weights[1], d_ids)):
                for r, cid in enumerate(ids, start=1):
                    fused[cid] = fused.get(cid, 0.0) + w / (self.rrf_k + r)
        else:
            for w, ids, scores in ((self.alpha, b_ids, b_scores),
                                   (1 - self.alpha, d_ids, d_scores)):
                if not ids:
                    continue
                lo, hi = min(scores), max(scores)
                span = hi - lo or 1.0
                for cid, s in zip(ids, scores, strict=True):
                    fused[cid] = fused.get(cid, 0.0) + w * (s - lo) / span
        order: dict[str, int] = {}  # ties: first seen, bm25 before dense (as certirag)
        for i, cid in enumerate([*b_ids, *d_ids]):
            order.setdefault(cid, i)
        return sorted(fused, key=lambda cid: (-fused[cid], order[cid]))


def metrics(ranked: Sequence[Sequence[str]], gold: Sequence[set[str]]) -> dict[str, float]:
    r1 = r5 = mrr = 0.0
    for ids, g in zip(ranked, gold, strict=True):
        first = next((i for i, cid in enumerate(ids[:10], start=1) if cid in g), None)
        r1 += first == 1
        r5 += first is not None and first <= 5
        mrr += 1.0 / first if first else 0.0
    n = max(len(gold), 1)
    return {"recall@1": r1 / n, "recall@5": r5 / n, "mrr@10": mrr / n}


def grid() -> list[Fusion]:
    out = [Fusion("rrf", k, (1.0, w)) for k in RRF_KS for w in DENSE_WEIGHTS]
    out += [Fusion("rrf", k, (w, 1.0)) for k in RRF_KS for w in DENSE_WEIGHTS if w < 1.0]
    out += [Fusion("score", alpha=a) for a in ALPHAS]
    return out


def choose(cands: Sequence[Candidates], gold: Sequence[set[str]]) -> dict[str, Any]:
    """The best fusion on these (training) queries, with the table of every family's best."""
    scored = []
    for f in grid():
        m = metrics([f.rank(c) for c in cands], gold)
        scored.append((m["recall@5"], m["mrr@10"], f.family == "rrf", f, m))
    scored.sort(key=lambda t: (t[0], t[1], t[2]), reverse=True)
    best = scored[0]
    best_of = {fam: next(t for t in scored if t[3].family == fam) for fam in ("rrf", "score")}
    default = next(t for t in scored if t[3] == Fusion("rrf", 60, (1.0, 1.0)))
    return {"chosen": best[3], "chosen_metrics": best[4],
            "best_rrf": {"fusion": best_of["rrf"][3].label(), **best_of["rrf"][4]},
            "best_score_fusion": {"fusion": best_of["score"][3].label(),
                                  **best_of["score"][4]},
            "default_rrf": {"fusion": default[3].label(), **default[4]},
            "configs": len(scored)}

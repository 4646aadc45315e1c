"""What the two-model pair benchmarks (``voice.py``, ``chat_facts.py``) share: scoring
(premise, hypothesis) pairs with one model, the per-kind summary of P(entailment), and
its Markdown table. Imported by those scripts from their own folder."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import Any


def score_pairs(model: str, pairs: Sequence[tuple[str, str]],
                read: Callable[[str], str] | None = None) -> tuple[str, list[float]]:
    """(the model's sha256, P(entailment) of each pair) with ``model`` on one thread;
    ``read`` rewrites both sides first (the scorer's notation), as written without it."""
    from certirag.config import Settings
    from certirag.verifiers import create_verifier

    verifier = create_verifier(Settings(nli_model=model, threads=1))
    batch = [(read(p), read(h)) for p, h in pairs] if read else list(pairs)
    results = verifier.score_pairs(batch)
    return results[0].model_sha256, [r.scores.entailment for r in results]


def shares(values: Sequence[float], tau: float) -> dict[str, Any]:
    """The number of values, their mean and the share ≥ ``tau`` (rounded to 4 places)."""
    return {"n": len(values), "mean": round(statistics.fmean(values), 4),
            "reach_tau": round(sum(v >= tau for v in values) / len(values), 4)}


def print_table(per_model: Mapping[str, Mapping[str, Any]], models: Sequence[str],
                keys: Sequence[str], tau: float,
                extra: Callable[[str], str] | None = None) -> None:
    """A row per key the first model has: n, then each model's mean P(entailment) and the
    share that reaches ``tau``; ``extra(key)`` appends a cell of its own."""
    head = " | ".join(m.split(":")[-1][-28:] for m in models)
    print(f"| kind | n | {head} (mean P(entailment), share ≥ τe {tau}) |")
    print("|---|---|" + "---|" * len(models))
    for key in keys:
        cells = [per_model[m]["kinds"].get(key) for m in models]
        if cells[0] is None:
            continue
        shown = " | ".join(f"{c['mean']:.3f}, {c['reach_tau']:.1%}" for c in cells if c)
        print(f"| {key} | {cells[0]['n']} | {shown} |{extra(key) if extra else ''}")

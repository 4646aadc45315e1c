"""Classification metrics for evaluations: accuracy, per-class precision/recall/F1,
macro-F1, confusion matrices, ECE and a bootstrap confidence interval.

Labels are strings; ``labels`` fixes their order in matrices and reports. Pure numpy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from certirag.errors import InputError
from certirag.verifiers.calibration import expected_calibration_error

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "EvalReport",
    "accuracy",
    "bootstrap_ci",
    "confusion_matrix",
    "expected_calibration_error",
    "macro_f1",
    "macro_f1_codes",
    "per_class",
    "summary",
]


def _codes(y_true: Sequence[str], y_pred: Sequence[str],
           labels: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np

    if len(y_true) != len(y_pred):
        raise InputError(f"{len(y_true)} gold labels but {len(y_pred)} predictions")
    if not y_true:
        raise InputError("no examples to score")
    if len(set(labels)) != len(labels) or not labels:
        raise InputError(f"labels must be distinct and non-empty, got {list(labels)}")
    index = {lab: i for i, lab in enumerate(labels)}
    try:
        t = np.fromiter((index[y] for y in y_true), dtype=np.int64, count=len(y_true))
        p = np.fromiter((index[y] for y in y_pred), dtype=np.int64, count=len(y_pred))
    except KeyError as exc:
        raise InputError(f"label {exc.args[0]!r} is not one of {list(labels)}") from exc
    return t, p


def accuracy(y_true: Sequence[str], y_pred: Sequence[str]) -> float:
    """Fraction of predictions equal to the gold label."""
    if len(y_true) != len(y_pred):
        raise InputError(f"{len(y_true)} gold labels but {len(y_pred)} predictions")
    if not y_true:
        raise InputError("no examples to score")
    return sum(a == b for a, b in zip(y_true, y_pred, strict=True)) / len(y_true)


def _matrix(t: np.ndarray, p: np.ndarray, k: int) -> np.ndarray:
    import numpy as np

    out: np.ndarray = np.bincount(t * k + p, minlength=k * k).reshape(k, k)
    return out


def confusion_matrix(y_true: Sequence[str], y_pred: Sequence[str],
                     labels: Sequence[str]) -> list[list[int]]:
    """Counts with gold labels as rows and predictions as columns, in ``labels`` order."""
    t, p = _codes(y_true, y_pred, labels)
    return [[int(x) for x in row] for row in _matrix(t, p, len(labels))]


def _f1_from_matrix(m: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    import numpy as np

    tp = np.diag(m).astype(np.float64)
    pred = m.sum(axis=0).astype(np.float64)
    gold = m.sum(axis=1).astype(np.float64)
    precision = np.divide(tp, pred, out=np.zeros_like(tp), where=pred > 0)
    recall = np.divide(tp, gold, out=np.zeros_like(tp), where=gold > 0)
    denom = precision + recall
    f1 = np.divide(2 * precision * recall, denom, out=np.zeros_like(tp), where=denom > 0)
    return precision, recall, f1


def per_class(y_true: Sequence[str], y_pred: Sequence[str],
              labels: Sequence[str]) -> dict[str, dict[str, float]]:
    """``{label: {"precision", "recall", "f1", "support"}}`` (0 where undefined)."""
    t, p = _codes(y_true, y_pred, labels)
    m = _matrix(t, p, len(labels))
    precision, recall, f1 = _f1_from_matrix(m)
    support = m.sum(axis=1)
    return {
        lab: {"precision": float(precision[i]), "recall": float(recall[i]),
              "f1": float(f1[i]), "support": int(support[i])}
        for i, lab in enumerate(labels)
    }


def macro_f1(y_true: Sequence[str], y_pred: Sequence[str], labels: Sequence[str]) -> float:
    """Unweighted mean of per-class F1 over ``labels`` (a class never seen scores 0)."""
    t, p = _codes(y_true, y_pred, labels)
    _, _, f1 = _f1_from_matrix(_matrix(t, p, len(labels)))
    return float(f1.mean())


def macro_f1_codes(t: np.ndarray, p: np.ndarray, k: int) -> float:
    """Macro-F1 for integer-coded labels (fast path for bootstrapping)."""
    _, _, f1 = _f1_from_matrix(_matrix(t, p, k))
    return float(f1.mean())


def bootstrap_ci(statistic: Callable[[np.ndarray], float], n: int, *, resamples: int = 1000,
                 level: float = 0.95, seed: int = 0) -> tuple[float, float]:
    """Percentile bootstrap interval of ``statistic(indices)`` over ``n`` examples.

    ``statistic`` receives an array of ``n`` row indices drawn with replacement and
    returns the metric on those rows, so any metric over any data set fits::

        lo, hi = bootstrap_ci(lambda idx: float((gold[idx] == pred[idx]).mean()), len(gold))
    """
    import numpy as np

    if n < 1:
        raise InputError("bootstrap needs at least one example")
    if resamples < 1:
        raise InputError(f"resamples must be at least 1, got {resamples}")
    if not 0.0 < level < 1.0:
        raise InputError(f"level must lie in (0, 1), got {level}")
    rng = np.random.default_rng(seed)
    values = np.fromiter(
        (statistic(rng.integers(0, n, size=n)) for _ in range(resamples)),
        dtype=np.float64, count=resamples,
    )
    alpha = (1.0 - level) / 2
    return float(np.quantile(values, alpha)), float(np.quantile(values, 1.0 - alpha))


def summary(y_true: Sequence[str], y_pred: Sequence[str], labels: Sequence[str], *,
            probs: Any = None, bins: int = 15, resamples: int = 1000,
            seed: int = 0) -> dict[str, Any]:
    """The usual report: accuracy and macro-F1 with bootstrap 95% intervals, per-class
    scores, the confusion matrix and, given ``probs`` (``(n, len(labels))`` in ``labels``
    order), the ECE."""
    import numpy as np

    t, p = _codes(y_true, y_pred, labels)
    k = len(labels)
    out: dict[str, Any] = {
        "accuracy": float((t == p).mean()),
        "macro_f1": macro_f1_codes(t, p, k),
    }
    if probs is not None:
        arr = np.asarray(probs, dtype=np.float64)
        if arr.shape != (len(t), k):
            raise InputError(f"probs must have shape ({len(t)}, {k}), got {arr.shape}")
        out["ece"] = expected_calibration_error(arr, t, bins)
    out["accuracy_ci95"] = list(
        bootstrap_ci(lambda idx: float((t[idx] == p[idx]).mean()), len(t),
                     resamples=resamples, seed=seed)
    )
    out["macro_f1_ci95"] = list(
        bootstrap_ci(lambda idx: macro_f1_codes(t[idx], p[idx], k), len(t),
                     resamples=resamples, seed=seed)
    )
    out["per_class"] = per_class(y_true, y_pred, labels)
    out["confusion"] = {"labels": list(labels), "matrix": confusion_matrix(y_true, y_pred,
                                                                             labels)}
    return out


@dataclass(frozen=True, slots=True)
class EvalReport:
    """One evaluation run: what was scored, with which model and settings, and how well."""

    dataset: str
    source: str
    rows: str
    limit: int | None
    n: int
    metrics: dict[str, Any]
    model_id: str
    model_sha256: str
    settings_hash: str
    command: str
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` form: dataset, n, metrics, model, settings hash and provenance."""
        return {
            "dataset": self.dataset,
            "n": self.n,
            "metrics": self.metrics,
            "model": {"id": self.model_id, "sha256": self.model_sha256},
            "settings_hash": self.settings_hash,
            "source": self.source,
            "rows": self.rows,
            "limit": self.limit,
            "command": self.command,
            "seconds": round(self.seconds, 3),
            **self.extra,
        }

    def to_markdown(self) -> str:
        """A self-describing Markdown report (command, rows, model and sha256, metrics)."""
        m = self.metrics
        lines = [
            f"# {self.dataset} evaluation",
            "",
            f"- command: `{self.command}`",
            f"- data: `{self.source}`, rows `{self.rows}`"
            + (f", limit {self.limit}" if self.limit is not None else ""),
            f"- examples scored: {self.n}",
            f"- model: `{self.model_id}`",
            f"- model sha256: `{self.model_sha256}`",
            f"- settings hash: `{self.settings_hash}`",
            f"- time: {self.seconds:.1f} s",
            "",
            "| metric | value | 95% CI (bootstrap) |",
            "|---|---|---|",
        ]
        for key in ("accuracy", "macro_f1"):
            if key in m:
                ci = m.get(f"{key}_ci95")
                ci_text = f"{ci[0]:.4f} – {ci[1]:.4f}" if ci else ""
                lines.append(f"| {key} | {m[key]:.4f} | {ci_text} |")
        for key in ("ece", "ece_uncalibrated"):
            if key in m:
                lines.append(f"| {key} (15 bins) | {m[key]:.4f} | |")
        if "per_class" in m:
            lines += ["", "| class | precision | recall | F1 | support |", "|---|---|---|---|---|"]
            for lab, v in m["per_class"].items():
                lines.append(f"| {lab} | {v['precision']:.4f} | {v['recall']:.4f} | "
                             f"{v['f1']:.4f} | {v['support']} |")
        if "confusion" in m:
            labels = m["confusion"]["labels"]
            lines += ["", "Confusion matrix (rows gold, columns predicted):", "",
                      "| gold \\ pred | " + " | ".join(labels) + " |",
                      "|---|" + "---|" * len(labels)]
            for lab, row in zip(labels, m["confusion"]["matrix"], strict=True):
                lines.append(f"| {lab} | " + " | ".join(str(x) for x in row) + " |")
        return "\n".join(lines) + "\n"

from __future__ import annotations

import numpy as np
import pytest

from certirag.errors import InputError
from certirag.eval.metrics import (
    EvalReport,
    accuracy,
    bootstrap_ci,
    confusion_matrix,
    macro_f1,
    per_class,
    summary,
)

LABELS = ("entailment", "neutral", "contradiction")
GOLD = ["entailment", "entailment", "neutral", "contradiction", "contradiction", "neutral"]
PRED = ["entailment", "neutral", "neutral", "contradiction", "entailment", "contradiction"]


def test_accuracy() -> None:
    assert accuracy(GOLD, PRED) == pytest.approx(3 / 6)
    assert accuracy(["a"], ["a"]) == 1.0


def test_confusion_matrix_rows_are_gold() -> None:
    assert confusion_matrix(GOLD, PRED, LABELS) == [[1, 1, 0], [0, 1, 1], [1, 0, 1]]


def test_per_class_and_macro_f1_by_hand() -> None:
    pc = per_class(GOLD, PRED, LABELS)
    # every class: tp 1, predicted 2, gold 2 -> p = r = f1 = 0.5
    for lab in LABELS:
        assert pc[lab] == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "support": 2}
    assert macro_f1(GOLD, PRED, LABELS) == pytest.approx(0.5)
    # a class never predicted and never seen scores 0 and pulls the macro mean down
    assert macro_f1(["a", "a"], ["a", "a"], ["a", "b"]) == pytest.approx(0.5)
    uneven = per_class(["a", "a", "b"], ["a", "b", "b"], ["a", "b"])
    assert uneven["a"]["precision"] == 1.0 and uneven["a"]["recall"] == 0.5
    assert uneven["b"]["f1"] == pytest.approx(2 * 0.5 * 1.0 / 1.5)


@pytest.mark.parametrize("call", [
    lambda: accuracy([], []),
    lambda: accuracy(["a"], []),
    lambda: macro_f1(["a"], ["z"], ["a", "b"]),
    lambda: confusion_matrix(["a"], ["a"], ["a", "a"]),
    lambda: bootstrap_ci(lambda idx: 0.0, 0),
    lambda: bootstrap_ci(lambda idx: 0.0, 5, level=1.5),
    lambda: bootstrap_ci(lambda idx: 0.0, 5, resamples=0),
])
def test_bad_input_raises(call: object) -> None:
    with pytest.raises(InputError):
        call()  # type: ignore[operator]


def test_bootstrap_ci_brackets_the_estimate_and_is_reproducible() -> None:
    rng = np.random.default_rng(1)
    correct = rng.random(2000) < 0.8
    stat = lambda idx: float(correct[idx].mean())  # noqa: E731
    lo, hi = bootstrap_ci(stat, len(correct), resamples=500, seed=3)
    assert lo < correct.mean() < hi
    assert 0.01 < hi - lo < 0.06  # about ±1.8 points at n=2000, p=0.8
    assert bootstrap_ci(stat, len(correct), resamples=500, seed=3) == (lo, hi)
    assert bootstrap_ci(lambda idx: 1.0, 10) == (1.0, 1.0)


def test_summary_contents() -> None:
    probs = np.array([[0.8, 0.1, 0.1]] * 6)
    s = summary(GOLD, PRED, LABELS, probs=probs, resamples=50)
    assert s["accuracy"] == pytest.approx(0.5) and s["macro_f1"] == pytest.approx(0.5)
    assert s["ece"] == pytest.approx(abs(0.8 - 1 / 3))  # argmax always class 0: 2/6 right
    assert s["confusion"]["matrix"][0] == [1, 1, 0]
    assert len(s["accuracy_ci95"]) == 2 and s["per_class"]["neutral"]["support"] == 2
    with pytest.raises(InputError):
        summary(GOLD, PRED, LABELS, probs=np.zeros((2, 3)))


def test_report_json_and_markdown() -> None:
    metrics = summary(GOLD, PRED, LABELS, probs=np.full((6, 3), 1 / 3), resamples=20)
    rep = EvalReport(dataset="snli", source="x.jsonl", rows="0:10", limit=None, n=6,
                     metrics=metrics, model_id="m/id", model_sha256="ab" * 32,
                     settings_hash="cd" * 32, command="certirag eval snli --data x.jsonl")
    data = rep.to_json()
    assert data["model"] == {"id": "m/id", "sha256": "ab" * 32}
    assert data["n"] == 6 and data["metrics"]["accuracy"] == pytest.approx(0.5)
    md = rep.to_markdown()
    for needle in ("certirag eval snli --data x.jsonl", "rows `0:10`", "ab" * 32, "m/id",
                   "| accuracy | 0.5000", "| contradiction | 1 | 0 | 1 |"):
        assert needle in md

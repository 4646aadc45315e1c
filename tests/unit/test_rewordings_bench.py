"""benchmarks/rewordings.py: two models in one run, with the shipped model by default; its
report holds every pair for every model and the two group means."""

from __future__ import annotations

import json
from types import ModuleType

import pytest

from tests.benchmark_module import load_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("rewordings")


def test_pairs_hold_both_groups(bench: ModuleType) -> None:
    kinds = [entailed for *_, entailed in bench.PAIRS]
    assert kinds.count(True) >= 5 and kinds.count(False) >= 4
    for _, evidence, claim, _ in bench.PAIRS:
        assert evidence != claim


def test_the_report_scores_every_pair_with_both_models(
        bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = "builtin:nli-minilm-l6-bind7-int8", "builtin:nli-minilm-l6-bind5-int8"
    assert bench.main(["--model", first, "--compare", second, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["models"]) == {first, second}
    assert all(len(m["sha256"]) == 64 for m in report["models"].values())
    assert len(report["pairs"]) == len(bench.PAIRS)
    for row in report["pairs"]:
        assert set(row["p_entailment"]) == {first, second}
        assert all(0.0 <= v <= 1.0 for v in row["p_entailment"].values())
    for model in (first, second):
        means = report["means"][model]
        rewordings = [r["p_entailment"][model] for r in report["pairs"] if r["entailed"]]
        assert means["rewordings"] == pytest.approx(sum(rewordings) / len(rewordings),
                                                    abs=1e-3)
        # a shipped model reads a rewording as more entailed than a one-word change
        assert means["rewordings"] > means["substitutions"]


def test_the_table_names_both_models_and_the_difference(
        bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--compare", "builtin:nli-minilm-l6-bind5-int8"]) == 0
    out = capsys.readouterr().out
    assert "difference" in out and "mean of the rewordings" in out
    assert out.count("\n") == 2 + len(bench.PAIRS) + 2

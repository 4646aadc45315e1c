"""benchmarks/fixed_withholds.py: how each system of a run decided the claims that hold
something absent from the evidence, matched by row, side and claim span."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.benchmark_module import load_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("fixed_withholds")


def _item(line: int, side: str, decisions: dict[str, list[tuple[int, int, str]]]) -> dict[str, Any]:
    return {"line": line, "meta": {"answer": side}, "systems": {
        name: {"claims": [{"start": a, "end": b, "decision": d} for a, b, d in claims]}
        for name, claims in decisions.items()}}


def test_systems_on_counts_only_the_absent_claims(bench: ModuleType) -> None:
    absent = {(7, "right"): [(0, 10)], (7, "hallucinated"): [(11, 20)]}
    run = {"items": [
        _item(7, "right", {"nli": [(0, 10, "verified"), (11, 20, "unverified")],
                           "checks+nli": [(0, 10, "unverified"), (11, 20, "verified")]}),
        _item(7, "hallucinated", {"nli": [(0, 10, "verified"), (11, 20, "verified")],
                                  "checks+nli": [(11, 20, "unverified")]}),
        _item(8, "right", {"nli": [(0, 10, "verified")]}),  # no absent claim: not counted
    ]}
    got = bench.systems_on(absent, run)
    assert got["nli"] == {"right": {"claims": 1, "verified": 1},
                          "hallucinated": {"claims": 1, "verified": 1}}
    assert got["checks+nli"] == {"right": {"claims": 1, "verified": 0},
                                 "hallucinated": {"claims": 1, "verified": 0}}


def test_a_run_of_another_data_set_is_refused(bench: ModuleType, tmp_path: Path) -> None:
    data = tmp_path / "halueval"
    data.mkdir()
    for name in ("qa.jsonl", "summarization.jsonl"):
        (data / name).write_text("", encoding="utf-8")
    run = tmp_path / "run.json"
    run.write_text('{"dataset": "halueval-qa", "items": []}', encoding="utf-8")
    assert bench.main(["--data", str(tmp_path), "--qa-rows", "0:0",
                       "--summarization-rows", "0:0", "--run", str(run)]) == 2

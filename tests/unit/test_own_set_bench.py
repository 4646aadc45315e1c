"""benchmarks/own_set.py: ``--ids PREFIX`` runs one round of a case file (the probe set's
``pe-``), and a prefix that matches no case is an error, not an empty report."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.benchmark_module import load_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("own_set")


def _write(path: Path, ids: list[str]) -> Path:
    path.write_text("".join(json.dumps({
        "id": i, "category": "c", "question": "q", "answer": "a", "evidence": ["e"],
        "expect": "pass", "note": ""}) + "\n" for i in ids), encoding="utf-8")
    return path


def test_ids_runs_only_the_cases_with_that_prefix(bench: ModuleType, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []

    def fake(case: dict[str, Any], settings: Any) -> dict[str, Any]:
        ran.append(case["id"])
        return {"id": case["id"], "category": "c", "expect": "pass", "ok": True,
                "exit_code": 0, "stats": {}, "ms": 1.0, "claims": []}

    monkeypatch.setattr(bench, "run_case", fake)
    cases = _write(tmp_path / "cases.jsonl", ["pd-a1", "pe-a1", "pe-b2", "A-x"])
    out = tmp_path / "report.json"
    assert bench.main([str(cases), "--ids", "pe-", "--out", str(out)]) == 0
    assert ran == ["pe-a1", "pe-b2"]
    assert json.loads(out.read_text(encoding="utf-8"))["cases"] == 2


def test_a_prefix_no_case_has_is_an_error(bench: ModuleType, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    cases = _write(tmp_path / "cases.jsonl", ["pe-a1"])
    assert bench.main([str(cases), "--ids", "zz-"]) == 2
    assert "no case id starts with zz-" in capsys.readouterr().err


def _result(expect: str, ok: bool, code: int, *claims: tuple[str, list[str]]) -> dict[str, Any]:
    return {"id": "x", "category": "c", "expect": expect, "ok": ok, "exit_code": code,
            "claims": [{"decision": d, "reasons": r} for d, r in claims]}


def test_model_alone_needs_every_withheld_claim_to_carry_only_model_reasons(
        bench: ModuleType) -> None:
    low = ("unverified", ["low_entailment"])
    assert bench.model_alone(_result("pass", False, 1, ("verified", ["entailed"]), low))
    assert bench.model_alone(_result("pass", False, 1, ("blocked", ["model_contradiction"])))
    # a rule took part on one of the withheld claims
    assert not bench.model_alone(_result("pass", False, 1, low,
                                         ("blocked", ["value_swap", "low_entailment"])))
    assert not bench.model_alone(_result("pass", False, 1, ("unverified", [])))
    # nothing withheld
    assert not bench.model_alone(_result("pass", True, 0, ("verified", ["entailed"])))


def test_summary_counts_who_withheld(bench: ModuleType) -> None:
    low = ("unverified", ["low_entailment"])
    rule = ("unverified", ["ungrounded_figure"])
    overall = bench.summarise([
        _result("pass", False, 1, low), _result("pass", False, 1, rule),
        _result("pass", True, 0, ("verified", ["entailed"])),
        _result("catch", True, 1, low), _result("catch", True, 1, rule, low),
        _result("catch", False, 0, ("verified", ["entailed"])),
    ])["overall"]
    assert overall["pass"]["withheld"] == 2
    assert overall["pass"]["withheld_model_alone"] == 1
    assert overall["catch"]["model_alone"] == 1
    assert overall["catch"]["ok"] == 2

"""benchmarks/finding_screen.py: the finding codes of each answer of HaluEval rows, on a
fixture in the data set's format, and the comparison of two screens."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.benchmark_module import load_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("finding_screen")


def _data(tmp_path: Path) -> Path:
    folder = tmp_path / "halueval"
    folder.mkdir()
    doc = "The museum opened in 1990. It has 40 rooms."
    (folder / "summarization.jsonl").write_text(json.dumps({
        "document": doc, "right_summary": "The museum opened in 1990.",
        "hallucinated_summary": "The museum opened in 1991."}) + "\n", encoding="utf-8")
    (folder / "qa.jsonl").write_text(json.dumps({
        "knowledge": doc, "question": "How many rooms does the museum have?",
        "right_answer": "40", "hallucinated_answer": "45"}) + "\n", encoding="utf-8")
    return tmp_path


def test_the_screen_gives_each_answer_its_codes(bench: ModuleType, tmp_path: Path) -> None:
    codes = bench.screen(_data(tmp_path), range(0, 1))
    assert set(codes) == {"s0r", "s0h", "q0r", "q0h"}
    assert codes["s0r"] == [] and codes["q0r"] == []
    assert codes["s0h"] == ["ungrounded_date"] and codes["q0h"] == ["ungrounded_figure"]


def test_compare_counts_the_answers_that_gained_a_code(bench: ModuleType) -> None:
    old = {"s0r": [], "s0h": ["ungrounded_date"], "q0r": [], "q0h": []}
    new = {"s0r": ["hedge_mismatch"], "s0h": ["ungrounded_date"], "q0r": [],
           "q0h": ["ungrounded_figure"]}
    assert bench.compare(old, new) == {"summarization_right": 1,
                                       "summarization_hallucinated": 0, "qa_right": 0,
                                       "qa_hallucinated": 1}


def test_reserved_rows_and_bad_ranges_are_refused(bench: ModuleType, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--rows", "7990:8010", "--out", str(tmp_path / "x.json")]) == 2
    assert "training rows only" in capsys.readouterr().err
    assert bench.main(["--rows", "a:b", "--out", str(tmp_path / "x.json")]) == 2
    assert bench.main(["--rows", "0:1"]) == 2  # no --out

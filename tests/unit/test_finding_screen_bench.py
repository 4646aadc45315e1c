"""benchmarks/finding_screen.py: the finding codes of each answer of HaluEval rows, on a
fixture in the data set's format, and the comparison of two screens."""

from __future__ import annotations

import json
import re
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


def test_match_screens_only_the_rows_whose_evidence_matches(bench: ModuleType,
                                                            tmp_path: Path) -> None:
    data = _data(tmp_path)
    assert set(bench.screen(data, range(0, 1), re.compile("rooms"))) == {
        "s0r", "s0h", "q0r", "q0h"}
    assert bench.screen(data, range(0, 1), re.compile("considering")) == {}


def test_compare_prints_what_was_gained_and_what_was_lost(
        bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps({"s0r": ["value_swap"], "s0h": [], "q0r": [], "q0h": []}),
                   encoding="utf-8")
    new.write_text(json.dumps({"s0r": [], "s0h": ["hedge_mismatch"], "q0r": [], "q0h": []}),
                   encoding="utf-8")
    assert bench.main(["--compare", str(old), str(new), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["gained"]["summarization_hallucinated"] == 1
    assert got["lost"]["summarization_right"] == 1
    assert got["gained"]["summarization_right"] == 0


def test_a_bad_match_is_an_error(bench: ModuleType, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--rows", "0:1", "--match", "(", "--out",
                       str(tmp_path / "x.json")]) == 2
    assert "--match" in capsys.readouterr().err


def test_claims_writes_the_claim_texts_of_each_answer(bench: ModuleType,
                                                      tmp_path: Path) -> None:
    texts = bench.screen(_data(tmp_path), range(0, 1), claims=True)
    assert texts["s0r"] == ["The museum opened in 1990."]
    assert texts["s0h"] == ["The museum opened in 1991."]

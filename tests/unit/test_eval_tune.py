"""``certirag eval tune-thresholds`` refuses reserved rows of every data set that has a
reserved split — HaluEval rows from 8,000 (QA, summarization) and all of dialogue, SNLI,
and every other data set's ``test`` split — before any model is loaded (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from certirag.cli.eval import eval_app
from certirag.eval.suite import SPECS

DATA = Path(__file__).resolve().parent.parent / "data" / "eval"
DEV = {"llm-aggrefact": DATA / "llm-aggrefact" / "dev.jsonl",
       "fever": DATA / "fever" / "dev_fitems.jsonl",
       "vitaminc": DATA / "vitaminc" / "dev.jsonl",
       "anli": DATA / "anli" / "R1" / "dev.jsonl",
       "alce": DATA / "alce" / "dev.json"}
TEST_NAMES = {"llm-aggrefact": "test.jsonl", "fever": "test_fitems.jsonl",
              "vitaminc": "test.jsonl", "anli": "R1/test.jsonl", "alce": "test.json"}


@pytest.fixture(autouse=True)
def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal must come before the verifier is built."""
    def refuse(*_: Any) -> None:
        raise AssertionError("the verifier was built before the rows were checked")

    monkeypatch.setattr("certirag.cli.common.prepare_verifier", refuse)


def _tune(*args: str) -> Any:
    return CliRunner().invoke(eval_app, ["tune-thresholds", *args])


def _refused(res: Any, *words: str) -> None:
    assert res.exit_code == 2, res.output
    for word in words:
        assert word in res.output, res.output


def test_every_data_set_with_a_reserved_split_is_covered() -> None:
    reserved = {n for n, s in SPECS.items() if s.reserved_splits or s.reserved_from is not None}
    assert reserved == set(SPECS)
    assert reserved - {"halueval-qa", "halueval-summarization", "halueval-dialogue",
                       "ragtruth"} == set(DEV)


def _records(name: str) -> list[dict[str, Any]]:
    """The fixture's records, without their ``split`` fields."""
    text = DEV[name].read_text(encoding="utf-8")
    rows = (json.loads(text)["data"] if name == "alce" else
            [json.loads(line) for line in text.splitlines() if line.strip()])
    return [{k: v for k, v in r.items() if k != "split"} for r in rows]


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(DEV))
def test_a_test_file_is_refused(tmp_path: Path, name: str) -> None:
    path = _write(tmp_path / TEST_NAMES[name], _records(name))  # named as the test split
    _refused(_tune("--datasets", f"{name}={path}"), "split 'test'", "reserved for reporting")
    # a row that says dev in a file named test is a contradiction, not a dev row
    records = _records(name)
    records[0]["split"] = "dev"
    _refused(_tune("--datasets", f"{name}={_write(path, records)}"),
             "field 'split' is 'dev' but the file name says 'test'")


@pytest.mark.parametrize("name", sorted(DEV))
def test_split_test_is_refused(tmp_path: Path, name: str) -> None:
    """``--split test`` on a file whose name does not say; on one named dev it is a
    contradiction."""
    path = _write(tmp_path / ("rows.json" if name == "alce" else "rows.jsonl"),
                  _records(name))
    _refused(_tune("--datasets", f"{name}={path}", "--split", "test"), "split 'test'",
             "reserved for reporting")
    _refused(_tune("--datasets", f"{name}={DEV[name]}", "--split", "test"),
             "--split says 'test'")


@pytest.mark.parametrize("name", sorted(DEV))
def test_a_test_row_among_dev_rows_is_refused(tmp_path: Path, name: str) -> None:
    records = [{**r, "split": "dev"} for r in _records(name)]
    records[-1]["split"] = "test"
    path = _write(tmp_path / ("rows.json" if name == "alce" else "rows.jsonl"), records)
    _refused(_tune("--datasets", f"{name}={path}"), "split 'test'",
             f"row {len(records) - 1}", "reserved")


def test_ragtruth_test_rows_are_refused() -> None:
    # the fixture's responses 3-5 are test rows
    _refused(_tune("--datasets", f"ragtruth={DATA / 'ragtruth'}"), "split 'test'",
             "reserved for reporting")
    _refused(_tune("--datasets", f"ragtruth={DATA / 'ragtruth'}", "--rows", "2:4"),
             "row 3", "reserved")


@pytest.mark.parametrize("name", sorted(DEV))
def test_rows_of_unknown_split_are_refused(tmp_path: Path, name: str) -> None:
    path = _write(tmp_path / ("rows.json" if name == "alce" else "rows.jsonl"),
                  _records(name))
    _refused(_tune("--datasets", f"{name}={path}"), "cannot tell")


@pytest.mark.parametrize("name,rows", [
    ("halueval-qa", "7000:8001"), ("halueval-qa", "8000:8100"), ("halueval-qa", "7000:"),
    ("halueval-summarization", "7999:8001"), ("halueval-summarization", "9000:9100"),
    ("halueval-dialogue", "0:10"), ("halueval-dialogue", None),
])
def test_halueval_reserved_rows_are_refused(tmp_path: Path, name: str,
                                            rows: str | None) -> None:
    args = ["--datasets", name, "--data", str(tmp_path)]  # refused before any file is read
    _refused(_tune(*args, *(["--rows", rows] if rows else [])), "reserved")


def test_snli_is_refused() -> None:
    _refused(_tune("--datasets", "snli"), "reserved")
    _refused(_tune("--datasets", "halueval-qa:10,snli"), "reserved")

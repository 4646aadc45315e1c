"""``certirag eval snli`` through its Typer app, on a tiny ONNX model configured by file."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from certirag.cli.eval import eval_app
from certirag.eval.snli import SNLI_LABELS
from certirag.models import file_sha256
from tests.unit.test_verify_onnx import build_tiny_nli, expected_logits

ORDER = {0: "neutral", 1: "contradiction", 2: "entailment"}
ROWS = [
    ("a man plays guitar", "a man plays", "entailment"),
    ("the cat sleeps", "a dog", "-"),
    ("the cat sleeps on the mat", "a dog runs on the mat and the cat sleeps", "entailment"),
    ("dog", "cat", "contradiction"),
    ("the cat is on the mat the cat is on the mat", "the cat", "neutral"),
    ("a dog runs", "the man sleeps on a mat", "neutral"),
]


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, Path, Path]:
    model = build_tiny_nli(tmp_path / "model", ORDER)
    data = tmp_path / "snli.jsonl"
    data.write_text("".join(json.dumps({"sentence1": p, "sentence2": h, "gold_label": g}) + "\n"
                            for p, h, g in ROWS))
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text(f"nli_model: {model}\nnli_batch_size: 2\n")
    return model, data, cfg


def _expected(rows: list[tuple[str, str, str]]) -> tuple[float, int]:
    """Accuracy the tiny model must reach on rows, computed from its formula."""
    names = [ORDER[i] for i in range(3)]
    kept = [r for r in rows if r[2] != "-"]
    right = sum(names[int(np.argmax(expected_logits(p, h)))] == g for p, h, g in kept)
    return right / len(kept), len(kept)


def test_json_report(setup: tuple[Path, Path, Path]) -> None:
    model, data, cfg = setup
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(data), "--json", "--config",
                                        str(cfg)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    acc, n = _expected(ROWS)
    assert acc == pytest.approx(0.6)  # the tiny model gets 3 of the 5 right
    assert out["dataset"] == "snli" and out["n"] == n == 5
    assert out["metrics"]["accuracy"] == pytest.approx(acc)
    assert set(out["metrics"]["per_class"]) == set(SNLI_LABELS)
    assert 0.0 <= out["metrics"]["ece"] <= 1.0 and 0.0 <= out["metrics"]["macro_f1"] <= 1.0
    assert out["model"] == {"id": "test/tiny-nli", "sha256": file_sha256(model / "model.onnx")}
    assert len(out["settings_hash"]) == 64
    assert out["command"].startswith("certirag eval snli --data ")


def test_rows_limit_and_markdown_report(setup: tuple[Path, Path, Path], tmp_path: Path) -> None:
    model, data, cfg = setup
    report = tmp_path / "report.md"
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(data), "--rows", "1:5",
                                        "--limit", "2", "--json", "--config", str(cfg),
                                        "--out", str(report)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["n"] == 2 and out["rows"] == "1:5" and out["limit"] == 2
    acc, _ = _expected(ROWS[2:4])
    assert acc == pytest.approx(0.5)
    assert out["metrics"]["accuracy"] == pytest.approx(acc)
    md = report.read_text()
    assert "--rows 1:5 --limit 2" in md and file_sha256(model / "model.onnx") in md
    assert "rows `1:5`" in md


def test_plain_output_is_one_line(setup: tuple[Path, Path, Path]) -> None:
    _, data, cfg = setup
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(data), "--config", str(cfg)])
    assert res.exit_code == 0
    assert res.stdout.startswith("snli rows 0:: n=5 accuracy=")


@pytest.mark.parametrize("rows", ["10", "5:2", "x:y"])
def test_bad_rows_exit_2(setup: tuple[Path, Path, Path], rows: str) -> None:
    _, data, cfg = setup
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(data), "--rows", rows,
                                        "--config", str(cfg)])
    assert res.exit_code == 2
    assert "--rows" in res.stderr and res.stdout == ""


def test_missing_data_and_empty_selection_exit_2(setup: tuple[Path, Path, Path],
                                                 tmp_path: Path) -> None:
    _, data, cfg = setup
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(tmp_path / "nope.jsonl"),
                                        "--config", str(cfg)])
    assert res.exit_code == 2 and "not found" in res.stderr
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(data), "--rows", "100:200",
                                        "--config", str(cfg)])
    assert res.exit_code == 2 and "no labelled SNLI pairs" in res.stderr


def test_data_folder_resolves_to_snli_test(setup: tuple[Path, Path, Path],
                                           tmp_path: Path) -> None:
    _, data, cfg = setup
    folder = tmp_path / "data"
    (folder / "snli").mkdir(parents=True)
    (folder / "snli" / "test.jsonl").write_text(data.read_text())
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(folder), "--json", "--config",
                                        str(cfg)])
    assert res.exit_code == 0 and json.loads(res.stdout)["n"] == 5


def test_missing_model_exit_3(setup: tuple[Path, Path, Path], tmp_path: Path) -> None:
    _, data, _ = setup
    cfg = tmp_path / "bad.yaml"
    cfg.write_text(f"nli_model: {tmp_path / 'no-model'}\n")
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(data), "--config", str(cfg)])
    assert res.exit_code == 3 and "model folder not found" in res.stderr


def test_two_class_model_cannot_be_scored_on_snli(setup: tuple[Path, Path, Path],
                                                  tmp_path: Path) -> None:
    _, data, _ = setup
    two = build_tiny_nli(tmp_path / "two", {0: "entailment", 1: "not_entailment"})
    cfg = tmp_path / "two.yaml"
    cfg.write_text(f"nli_model: {two}\n")
    res = CliRunner().invoke(eval_app, ["snli", "--data", str(data), "--config", str(cfg)])
    assert res.exit_code == 2 and "2 classes" in res.stderr


def test_mounted_in_the_main_command_line(setup: tuple[Path, Path, Path]) -> None:
    from certirag.cli import app

    _, data, cfg = setup
    res = CliRunner().invoke(app, ["eval", "snli", "--data", str(data), "--json", "--limit",
                                   "1", "--config", str(cfg)])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["n"] == 1

"""Every fixture format through ``certirag eval NAME --run`` with the packaged ONNX model
(a handful of rows), and the whole report (Markdown, HTML, figures) from the runs."""

from __future__ import annotations

import gzip
import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certirag.cli.eval import eval_app
from certirag.models import resolve
from certirag.verifiers.onnx_nli import DEFAULT_MODEL

DATA = Path(__file__).resolve().parent.parent / "data" / "eval"
SHARED = Path(os.environ.get("CERTIRAG_DATA_DIR", Path(__file__).resolve().parents[3]
                             / "shared" / "data"))
MODEL = resolve(DEFAULT_MODEL)
SHA256 = json.loads((MODEL / "certirag_model.json").read_text())["files"]["model.onnx"]

FIXTURES = [
    ("llm-aggrefact", DATA / "llm-aggrefact" / "dev.jsonl", "mean_balanced_accuracy"),
    ("ragtruth", DATA / "ragtruth", "response_f1"),
    ("fever", DATA / "fever" / "dev_fitems.jsonl", "macro_f1"),
    ("vitaminc", DATA / "vitaminc" / "dev.jsonl", "macro_f1"),
    ("anli", DATA / "anli" / "R1" / "dev.jsonl", "macro_f1"),
    ("alce", DATA / "alce" / "dev.json", "sentence_balanced_accuracy"),
]


def _invoke(args: list[str]) -> object:
    res = CliRunner().invoke(eval_app, args)
    assert res.exit_code == 0, res.output
    return res


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("runs")
    out = []
    for name, data, _ in FIXTURES:
        path = folder / f"{name}.json"
        _invoke([name, "--data", str(data), "--ablate", "--resamples", "50",
                 "--run", str(path)])
        out.append(path)
    return out


@pytest.mark.parametrize("k", range(len(FIXTURES)))
def test_each_format_runs_with_the_packaged_model(runs: list[Path], k: int) -> None:
    name, _, metric = FIXTURES[k]
    doc = json.loads(runs[k].read_text())
    assert doc["schema"] == "certirag.eval.run.v1" and doc["dataset"] == name
    assert doc["model"]["sha256"] == SHA256
    assert doc["command"].startswith(f"certirag eval {name} --data ")
    assert doc["primary"]["metric"] == metric
    assert 0.0 <= doc["primary"]["value"] <= 1.0
    assert set(doc["systems"]) >= {"checks", "nli", "checks+nli", "word-overlap",
                                   "substring", "always-verify"}
    assert doc["skipped"] == [{"system": "judge", "title": "checks + NLI + LLM judge",
                               "reason": doc["skipped"][0]["reason"]}]
    assert doc["calibration"]["temperature"] > 1.0  # the shipped calibration
    main = [it for it in doc["items"] if not it.get("aux")]
    assert main and all("checks+nli" in it["systems"] for it in main)
    claims = [c for it in main for c in it["systems"]["checks+nli"]["claims"]]
    assert claims and all({"start", "end", "decision", "reasons", "rule"} <= set(c)
                          for c in claims)


def test_json_and_markdown_outputs(tmp_path: Path) -> None:
    md = tmp_path / "r.md"
    res = _invoke(["vitaminc", "--data", str(DATA / "vitaminc" / "dev.jsonl"), "--rows",
                   "0:3", "--json", "--out", str(md), "--resamples", "20"])
    doc = json.loads(res.stdout)  # type: ignore[attr-defined]
    assert doc["rows"] == "0:3" and doc["n"] == 3 and "--rows 0:3" in doc["command"]
    assert set(doc["systems"]) == {"checks+nli", "word-overlap", "substring",
                                   "always-verify"}  # no --ablate
    text = md.read_text()
    assert "3-way macro-F1" in text and SHA256 in text


def test_bad_input_exits_2_with_file_line_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "dev.jsonl"
    bad.write_text('{"dataset": "X", "doc": "d", "claim": "c", "label": 1}\n'
                   '{"dataset": "X", "doc": "d", "claim": "c", "label": 7}\n')
    res = CliRunner().invoke(eval_app, ["llm-aggrefact", "--data", str(bad)])
    assert res.exit_code == 2
    assert f"{bad}:2: field 'label' must be 0 or 1" in res.output


def test_the_whole_report(runs: list[Path], tmp_path: Path) -> None:
    gz = tmp_path / "alce.json.gz"
    gz.write_bytes(gzip.compress(runs[-1].read_bytes()))
    out = tmp_path / "report"
    _invoke(["report", *map(str, runs[:-1]), str(gz), "--out", str(out)])
    md = (out / "report.md").read_text()
    html = (out / "report.html").read_text()
    pngs = sorted(out.glob("*.png"))
    suffixes = ("-reliability.png", "-roc-pr.png", "-tau-sweep.png", "-reasons.png")
    assert all(p.name.endswith(suffixes) for p in pngs)
    assert {s for s in suffixes for p in pngs if p.name.endswith(s)} == set(suffixes)
    assert len(pngs) >= 4 * len(FIXTURES) - 2  # a figure without the data it needs is noted
    for p in pngs:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert p.stat().st_size < 200_000
        assert f"({p.name})" in md  # every figure is in the Markdown
    # every figure is captioned with its command and the model's sha256
    captions = re.findall(r"^\*(.*)\*$", md, flags=re.M)
    assert len(captions) == len(pngs)
    assert all("Command: `certirag eval " in c and SHA256 in c for c in captions)
    # the HTML page is self-contained: images inline, no external references
    assert html.count("data:image/png;base64,") == len(pngs)
    assert "src=\"http" not in html and "<link" not in html
    for name, _, _ in FIXTURES:
        assert f"certirag eval {name}" in md
    assert "skipped: no LLM judge configured" in md


def test_report_refuses_what_is_not_a_run(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text('{"dataset": "x"}')
    res = CliRunner().invoke(eval_app, ["report", str(bad), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "not a run document" in res.output


def _qa(tmp_path: Path) -> Path:
    rows = [
        {"knowledge": "The Oberoi Group is a hotel company with its head office in Delhi.",
         "question": "Where is the head office of the Oberoi Group?",
         "right_answer": "Delhi.", "hallucinated_answer": "The head office is in Mumbai."},
        {"knowledge": "Arthur's Magazine was published in Philadelphia from 1844 to 1846.",
         "question": "When was Arthur's Magazine published?",
         "right_answer": "It was published from 1844 to 1846.",
         "hallucinated_answer": "It was published from 1850 to 1860."},
    ]
    path = tmp_path / "qa.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_halueval_json_keeps_its_report_and_adds_the_run(tmp_path: Path) -> None:
    qa = _qa(tmp_path)
    run = tmp_path / "run.json.gz"
    res = _invoke(["halueval-qa", "--data", str(qa), "--json", "--ablate", "--run",
                   str(run), "--resamples", "20"])
    doc = json.loads(res.stdout)  # type: ignore[attr-defined]
    for key in ("dataset", "n", "rows", "limit", "metrics", "model", "settings_hash",
                "seconds", "command"):
        assert key in doc
    assert doc["n"] == 2 and doc["metrics"]["baseline"]["name"].startswith("word-overlap")
    assert doc["model"]["sha256"] == SHA256
    assert len(doc["items"]) == 4 and doc["splits"] == {"dev": 4}
    assert json.loads(gzip.decompress(run.read_bytes()))["items"] == doc["items"]
    assert "checks" in doc["systems"] and "nli" in doc["systems"]


def test_tune_thresholds_accepts_dev_and_refuses_reserved_splits(tmp_path: Path) -> None:
    res = CliRunner().invoke(eval_app, [
        "tune-thresholds", "--datasets",
        f"llm-aggrefact={DATA / 'llm-aggrefact' / 'test.csv'}"])
    assert res.exit_code == 2 and "reserved for reporting" in res.output
    res = CliRunner().invoke(eval_app, ["tune-thresholds", "--datasets", "snli"])
    assert res.exit_code == 2 and "reserved" in res.output
    res = CliRunner().invoke(eval_app, ["tune-thresholds", "--rows", "7000:9000",
                                        "--data", str(tmp_path)])
    assert res.exit_code == 2 and "reserved" in res.output
    out = _invoke(["tune-thresholds", "--json", "--datasets",
                   f"llm-aggrefact={DATA / 'llm-aggrefact' / 'dev.jsonl'},"
                   f"ragtruth:3={DATA / 'ragtruth'},halueval-qa={_qa(tmp_path)}",
                   "--rows", "0:2"])
    result = json.loads(out.stdout)  # type: ignore[attr-defined]
    assert 0.05 <= result["choice"]["tau_entail"] <= 0.99
    assert set(result["per_dataset"]) == {"llm-aggrefact", "ragtruth", "halueval-qa"}
    assert result["per_dataset"]["llm-aggrefact"]["primary"] == "mean_balanced_accuracy"
    assert result["datasets"] == {"llm-aggrefact": 2, "ragtruth": 2, "halueval-qa": 4}


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "halueval" / "qa.jsonl").is_file(),
                    reason="needs ../shared/data (HaluEval)")
def test_real_halueval_dev_rows(tmp_path: Path) -> None:
    res = _invoke(["halueval-qa", "--data", str(SHARED), "--rows", "7000:7010", "--json",
                   "--resamples", "20"])
    doc = json.loads(res.stdout)  # type: ignore[attr-defined]
    assert doc["n"] == 10 and doc["splits"] == {"dev": 20}
    assert doc["metrics"]["balanced_accuracy"] > 0.5

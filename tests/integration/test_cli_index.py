"""The CLI end to end on the bundled sample corpus, with the real shipped embedding model."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from certirag.cli import app

from ..conftest import EXAMPLES

runner = CliRunner()


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "index"
    res = runner.invoke(app, ["ingest", str(EXAMPLES), "--index", str(path), "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    assert report["added"] == 6 and report["documents"] == 6
    return path


def test_search_json_shape(index_dir: Path) -> None:
    res = runner.invoke(app, ["search", "How much is the hotel allowance in London?",
                              "--index", str(index_dir), "-k", "3", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["query"].startswith("How much")
    assert len(data["hits"]) == 3
    top = data["hits"][0]
    assert set(top) >= {"doc_id", "chunk_id", "start", "end", "text", "score", "scores"}
    assert set(top["scores"]) == {"bm25", "dense", "rrf"}
    assert "£150" in top["text"]
    with (EXAMPLES / "expenses.txt").open(encoding="utf-8", newline="") as fh:
        doc = fh.read()
    assert top["doc_id"] == "expenses.txt"
    assert doc[top["start"]: top["end"]] == top["text"]


@pytest.mark.parametrize("mode", ["bm25", "dense", "hybrid"])
def test_each_mode_finds_sick_pay(index_dir: Path, mode: str) -> None:
    res = runner.invoke(app, ["search", "Is a doctor's fit note needed after a week off sick?",
                              "--index", str(index_dir), "--mode", mode, "--json"])
    assert res.exit_code == 0, res.output
    hits = json.loads(res.stdout)["hits"]
    assert any(h["doc_id"] == "policies/sick-pay.md" for h in hits[:3])


def test_reingest_is_a_noop_and_bad_input_keeps_index(index_dir: Path, tmp_path: Path) -> None:
    current = (index_dir / "CURRENT").read_text()
    res = runner.invoke(app, ["ingest", str(EXAMPLES), "--index", str(index_dir), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["unchanged"] == 6
    assert (index_dir / "CURRENT").read_text() == current
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "ok", "text": "Fine."}\n{"id": "x", "text": \n', encoding="utf-8")
    res = runner.invoke(app, ["ingest", str(bad), "--index", str(index_dir)])
    assert res.exit_code == 2
    assert "bad.jsonl:2" in res.output
    assert (index_dir / "CURRENT").read_text() == current


def test_changed_document_replaces_its_chunks(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(EXAMPLES, corpus)
    index = tmp_path / "index"
    assert runner.invoke(app, ["ingest", str(corpus), "--index", str(index)]).exit_code == 0
    path = corpus / "expenses.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("£150", "£175"), encoding="utf-8")
    res = runner.invoke(app, ["ingest", str(corpus), "--index", str(index), "--json"])
    report = json.loads(res.stdout)
    assert (report["updated"], report["unchanged"]) == (1, 5)
    res = runner.invoke(app, ["search", "hotel allowance London", "--index", str(index),
                              "--json", "--mode", "bm25"])
    texts = " ".join(h["text"] for h in json.loads(res.stdout)["hits"])
    assert "£175" in texts and "£150" not in texts


def test_errors_have_exit_codes(tmp_path: Path) -> None:
    res = runner.invoke(app, ["search", "x", "--index", str(tmp_path / "none")])
    assert res.exit_code == 2 and "no index" in res.output
    res = runner.invoke(app, ["ingest", str(tmp_path / "missing.txt"), "--index",
                              str(tmp_path / "ix")])
    assert res.exit_code == 2
    assert not (tmp_path / "ix" / "CURRENT").exists()
    res = runner.invoke(app, ["search", "x", "--index", str(tmp_path), "--mode", "fuzzy"])
    assert res.exit_code == 2


def test_stats_json(index_dir: Path) -> None:
    res = runner.invoke(app, ["stats", "--index", str(index_dir), "--json"])
    data = json.loads(res.stdout)
    assert data["documents"] == 6 and data["dim"] == 384
    assert data["embed_model"] == "certirag/minilm-l6-embed-int8"


def test_schema_export_and_validate(tmp_path: Path) -> None:
    res = runner.invoke(app, ["schema", "export", str(tmp_path / "schemas")])
    assert res.exit_code == 0
    schema = json.loads((tmp_path / "schemas" / "document.schema.json").read_text())
    assert "text" in schema["properties"]
    good = tmp_path / "docs.jsonl"
    good.write_text('{"id": "a", "text": "Alpha."}\n{"id": "b", "text": "Beta."}\n')
    res = runner.invoke(app, ["schema", "validate", str(good), "--kind", "document"])
    assert res.exit_code == 0 and "2 valid" in res.output
    bad = tmp_path / "claim.json"
    bad.write_text('{"id": "c1", "text": "x", "start": -1, "end": 1}')
    res = runner.invoke(app, ["schema", "validate", str(bad), "--kind", "claim"])
    assert res.exit_code == 2 and "start" in res.output
    res = runner.invoke(app, ["schema", "validate", str(good), "--kind", "nope"])
    assert res.exit_code == 2

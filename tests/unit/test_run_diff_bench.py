"""benchmarks/run_diff.py: the answers two evaluation runs decided differently, per label,
with their reason codes; bad input gets a clear error."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from certirag.eval.suite import RUN_SCHEMA
from tests.benchmark_module import load_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("run_diff")


def _item(iid: str, label: str, decision: str, *reasons: str) -> dict[str, Any]:
    return {"id": iid, "label": label, "systems": {"checks+nli": {
        "decision": decision, "claims": [{"reasons": [r]} for r in reasons]}}}


def _run(*items: dict[str, Any], dataset: str = "halueval-dialogue") -> dict[str, Any]:
    return {"schema": RUN_SCHEMA, "dataset": dataset, "items": list(items), "systems": {},
            "main_system": "checks+nli", "thresholds": {}, "model": {}}


OLD = _run(_item("1/right", "supported", "unverified", "low_entailment"),
           _item("2/right", "supported", "verified", "entailed"),
           _item("2/hallucinated", "unsupported", "verified", "entailed"),
           _item("3/right", "supported", "unverified", "low_entailment"),
           _item("4/right", "supported", "verified", "entailed"))
NEW = _run(_item("1/right", "supported", "verified", "not_a_claim"),
           _item("2/right", "supported", "unverified", "ungrounded_denial"),
           _item("2/hallucinated", "unsupported", "blocked", "relation_mismatch"),
           _item("3/right", "supported", "blocked", "model_contradiction"),
           _item("5/right", "supported", "verified", "entailed"))


def test_moves_are_counted_per_label_with_their_codes(bench: ModuleType) -> None:
    d = bench.diff_runs(OLD, NEW, "checks+nli")
    assert d["compared"] == 4 and d["unmatched"] == 2  # 4/right and 5/right
    right, halluc = d["labels"]["supported"], d["labels"]["unsupported"]
    assert [r["id"] for r in right["shown"]] == ["1/right"]
    assert [r["id"] for r in right["withheld"]] == ["2/right"]
    assert right["withheld"][0]["after"] == ["unverified", ["ungrounded_denial"]]
    assert [r["id"] for r in halluc["withheld"]] == ["2/hallucinated"]
    assert right["changed"] == []  # unverified -> blocked is no move between shown/withheld
    changed = bench.diff_runs(OLD, NEW, "checks+nli", changed=True)
    assert [r["id"] for r in changed["labels"]["supported"]["changed"]] == ["3/right"]


def test_the_command_reads_gzipped_runs_and_refuses_bad_input(bench: ModuleType,
                                                              tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    old, new = tmp_path / "old.json.gz", tmp_path / "new.json"
    old.write_bytes(gzip.compress(json.dumps(OLD).encode()))
    new.write_text(json.dumps(NEW), encoding="utf-8")
    assert bench.main([str(old), str(new), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["labels"]["supported"]["shown"]) == 1
    assert bench.main([str(old), str(new)]) == 0
    assert "supported: 1 more shown, 1 more withheld" in capsys.readouterr().out
    other = tmp_path / "other.json"
    other.write_text(json.dumps(_run(dataset="halueval-qa")), encoding="utf-8")
    assert bench.main([str(old), str(other)]) == 2
    assert "different data sets" in capsys.readouterr().err
    assert bench.main([str(old), str(new), "--system", "nli"]) == 2
    assert "no decision of system 'nli'" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert bench.main([str(bad), str(new)]) == 2

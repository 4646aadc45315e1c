"""What the tests of the written case sets share (``tests/data/probe_cases.jsonl``,
``blind_cases.jsonl``): reading a file, its well-formedness, and the default preset's
catch and pass counts, counted as ``benchmarks/own_set.py`` counts them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data"
FIELDS = {"id": str, "category": str, "question": str, "answer": str, "evidence": list,
          "expect": str, "note": str}


def read_cases(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def assert_well_formed(cases: list[dict[str, Any]], n_cases: int,
                       prefixes: tuple[str, ...]) -> None:
    """``n_cases`` cases with unique ids of ``prefixes``, every field of its type, an
    outcome, an answer and evidence passages that are not blank."""
    assert len(cases) == n_cases
    ids = [c["id"] for c in cases]
    assert len(set(ids)) == len(ids)
    for case in cases:
        assert set(case) == set(FIELDS), case.get("id")
        for name, kind in FIELDS.items():
            assert isinstance(case[name], kind), (case["id"], name)
        assert case["expect"] in ("catch", "pass"), case["id"]
        assert case["answer"].strip() and case["evidence"], case["id"]
        assert all(isinstance(p, str) and p.strip() for p in case["evidence"]), case["id"]
        assert case["id"].startswith(prefixes), case["id"]


def default_rates(cases: list[dict[str, Any]]) -> tuple[int, int, int, int]:
    """``(caught, planted, passed, faithful)`` with the default preset: a planted error is
    caught when the answer does not exit 0; a faithful answer passes when it exits 0 with a
    verified claim."""
    from certirag import load_settings, verify

    settings = load_settings(preset="default")
    caught = n_catch = passed = n_pass = 0
    for case in cases:
        result = verify(case["question"], case["answer"], evidence=case["evidence"],
                        settings=settings)
        if case["expect"] == "catch":
            n_catch += 1
            caught += result.exit_code() != 0
        else:
            n_pass += 1
            passed += result.stats["verified"] >= 1 and result.exit_code() == 0
    return caught, n_catch, passed, n_pass

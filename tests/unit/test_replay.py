"""Replay: a table of sentence/premise cases (tests/data/replay_cases.jsonl) run through the
deterministic check. Each row names the finding code the check must give, or ``none``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from certirag.checks import CODES, check_claim

CASES_PATH = Path(__file__).resolve().parents[1] / "data" / "replay_cases.jsonl"


def _cases() -> list[dict[str, Any]]:
    with CASES_PATH.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


CASES = _cases()


def test_the_table_is_large_and_well_formed() -> None:
    assert len(CASES) >= 100
    cats = {c["category"] for c in CASES}
    assert {"ceiling", "floor", "lower_of", "denial", "modal", "french", "list",
            "in_force"} <= cats
    for c in CASES:
        assert set(c) == {"category", "claim", "evidence", "question", "expected"}
        assert c["expected"] == "none" or c["expected"] in CODES


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['category']}" for i, c in
                                              enumerate(CASES)])
def test_replay(case: dict[str, Any]) -> None:
    codes = [f.code for f in check_claim(case["claim"], [case["evidence"]],
                                         question=case["question"])]
    if case["expected"] == "none":
        assert codes == [], f"{case['claim']!r} flagged {codes}"
    else:
        assert case["expected"] in codes, f"{case['claim']!r}: {codes}"

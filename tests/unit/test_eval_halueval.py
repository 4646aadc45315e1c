"""HaluEval evaluation mechanics on a tiny synthetic file (no shared data needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from certirag.config import Settings
from certirag.errors import InputError
from certirag.eval.datasets import Rows, parse_rows
from certirag.eval.halueval import (
    AnswerRecord,
    HaluRun,
    check_not_reserved,
    load_dialogue,
    load_qa,
    metrics_of,
    overlap_baseline,
    run_halueval,
    tune_thresholds,
)
from certirag.schemas import Scores
from certirag.testing import FakeVerifier

_LOW = Scores(entailment=0.3, neutral=0.6, contradiction=0.1)

ROWS = [
    {"knowledge": "The Oberoi Group is a hotel company with its head office in Delhi.",
     "question": "Where is the head office of the Oberoi Group?",
     "right_answer": "The head office is in Delhi.",
     "hallucinated_answer": "The head office is in Mumbai."},
    {"knowledge": "Arthur's Magazine was published in Philadelphia from 1844 to 1846.",
     "question": "When was Arthur's Magazine published?",
     "right_answer": "Arthur's Magazine was published in Philadelphia from 1844 to 1846.",
     "hallucinated_answer": "Arthur's Magazine was published from 1850 to 1860."},
]


@pytest.fixture
def qa_file(tmp_path: Path) -> Path:
    path = tmp_path / "qa.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    return path


def test_full_pipeline_run_and_metrics(qa_file: Path) -> None:
    examples = load_qa(qa_file, Rows(), None)
    assert [e.line for e in examples] == [0, 1]
    run = run_halueval("halueval-qa", examples, settings=Settings(),
                       verifier=FakeVerifier())
    m = metrics_of(run, 0.5, 0.5, resamples=50)
    # the second row's right answer is verbatim (fake entails it); both hallucinated
    # answers carry a figure or a name the evidence lacks and are caught by the checks
    assert m["catch_rate"] == 1.0
    assert run.hallucinated[1].fixed_withheld
    assert 0.0 <= m["balanced_accuracy"] <= 1.0
    assert m["baseline"]["catch_rate"] == 1.0
    lo, hi = m["balanced_accuracy_ci95"]
    assert lo <= m["balanced_accuracy"] <= hi


def test_overlap_baseline() -> None:
    assert overlap_baseline("Delhi.", ["The office is in Delhi."], "Where?")
    assert not overlap_baseline("Mumbai.", ["The office is in Delhi."])


def test_records_reapply_thresholds() -> None:
    r = AnswerRecord(False, ((0.7, 0.1),), False)
    assert not r.withheld(0.6, 0.5)
    assert r.withheld(0.8, 0.5)
    assert r.withheld(0.6, 0.1)
    assert AnswerRecord(True, (), False).withheld(0.0, 1.0)


def test_tuning_respects_leak_constraint() -> None:
    run = HaluRun("halueval-qa", lines=[0, 1, 2, 3],
                  right=[AnswerRecord(False, ((0.9, 0.0),), False)] * 4,
                  hallucinated=[AnswerRecord(False, ((p, 0.0),), False)
                                for p in (0.2, 0.4, 0.6, 0.8)],
                  baseline_right=[True] * 4, baseline_hallucinated=[True] * 4)
    out = tune_thresholds([run], max_hallucinated_verified=0.0)
    assert out["constraint_met"]
    assert 0.8 < out["choice"]["tau_entail"] <= 0.9
    assert out["choice"]["balanced_accuracy"] == 1.0


def test_reserved_rows_are_refused() -> None:
    check_not_reserved("halueval-qa", parse_rows("0:8000"), purpose="tuning")
    for name, rows in [("halueval-qa", "7000:8001"), ("halueval-qa", "7000:"),
                       ("halueval-dialogue", "0:10")]:
        with pytest.raises(InputError, match="reserved"):
            check_not_reserved(name, parse_rows(rows), purpose="tuning")
    with pytest.raises(InputError, match="unknown dataset"):
        check_not_reserved("snli", parse_rows("0:10"), purpose="tuning")


def test_dialogue_question_is_last_turn(tmp_path: Path) -> None:
    path = tmp_path / "dialogue.jsonl"
    path.write_text(json.dumps({
        "knowledge": "Zodiac is starring Jake Gyllenhaal.",
        "dialogue_history": "[Human]: Do you like Iron Man [Assistant]: Sure! [Human]: Was he "
                            "in Zodiac? ",
        "right_response": "Jake Gyllenhaal starred in it.",
        "hallucinated_response": "Tom Hanks starred in it."}) + "\n", encoding="utf-8")
    (ex,) = load_dialogue(path, Rows(), None)
    assert ex.question == "Was he in Zodiac?"
    assert [e["id"] for e in ex.evidence] == ["knowledge-0", "history-0"]


def test_auroc_counts_ties_half_and_orders_scores() -> None:
    from certirag.eval.halueval import auroc

    assert auroc([0.9, 0.8], [0.1, 0.2]) == 1.0
    assert auroc([0.1], [0.9]) == 0.0
    assert auroc([0.5], [0.5]) == 0.5
    assert auroc([0.9, 0.1], [0.5]) == 0.5


def test_answer_score_is_the_weakest_claim() -> None:
    assert AnswerRecord(False, ((0.9, 0.0), (0.4, 0.1)), False).score() == 0.4
    assert AnswerRecord(True, ((0.9, 0.0),), False).score() == 0.0
    assert AnswerRecord(False, (), False).score() == 1.0


def test_a_quoted_claim_passes_at_any_tau_e() -> None:
    from certirag.eval.halueval import record_of
    from certirag.pipeline import verify

    ev = [{"id": "k", "text": "The Oberoi Group is a hotel company with its head office in "
                              "Delhi."}]
    res = verify("", "The Oberoi Group is a hotel company with its head office in Delhi.",
                 evidence=ev, settings=Settings(),
                 verifier=FakeVerifier(rule="fixed", scores=_LOW))
    rec = record_of(res)
    assert not rec.withheld(0.99, 0.5)  # quoted: verified whatever τe
    assert rec.withheld(0.99, 0.01)  # policy v3: a contradiction in context still counts


def test_tune_bounds_parse_and_reject() -> None:
    from certirag.cli.halueval import _bounds

    assert _bounds("0.05, 0.02") == [0.05, 0.02]
    for bad in ("", "x", "1.5"):
        with pytest.raises(InputError):
            _bounds(bad)

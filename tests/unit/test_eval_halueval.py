"""HaluEval evaluation mechanics on a tiny synthetic file (no shared data needed)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from certirag.config import Settings
from certirag.errors import InputError
from certirag.eval.datasets import Rows, parse_rows
from certirag.eval.halueval import (
    AnswerRecord,
    check_not_reserved,
    load_dialogue,
    load_qa,
    load_summarization,
    metrics_of,
    overlap_baseline,
    run_halueval,
    split_triples,
)
from certirag.eval.items import ClaimOutcome, Item, Outcome
from certirag.eval.suite import SPECS, TuneRun, tune
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


def _scored(entailment: float) -> Outcome:
    return Outcome((ClaimOutcome(0, 5, "verified", (), "scored", entailment, 0.0,
                                 entailment, gate_e=entailment, gate_c=0.0),))


def _rows(hallucinated: Sequence[float]) -> tuple[list[Item], list[Outcome]]:
    """One HaluEval row per value: a right answer at P(entailment) 0.9 and a hallucinated
    one at the value."""
    items, outcomes = [], []
    for line, p in enumerate(hallucinated):
        for label, e in (("supported", 0.9), ("unsupported", p)):
            items.append(Item(f"{line}/{label}", line, "An answer.", (("k", "Evidence."),),
                              label=label, split="dev"))
            outcomes.append(_scored(e))
    return items, outcomes


def test_tuning_respects_leak_constraint() -> None:
    """The tuner the CLI uses, on HaluEval rows: right answers at P(entailment) 0.9,
    hallucinated ones at 0.2–0.8; no leak allowed → τe above 0.8, at most 0.9."""
    items, outcomes = _rows((0.2, 0.4, 0.6, 0.8))
    out = tune([TuneRun(SPECS["halueval-qa"], items, outcomes)],
               max_hallucinated_verified=0.0)
    assert out["constraint_met"]
    assert 0.8 < out["choice"]["tau_entail"] <= 0.9
    assert out["choice"]["balanced_accuracy"] == 1.0
    assert out["choice"]["hallucinated_fully_verified"] == 0.0
    # a bound no pair meets: the least leaky pair, flagged
    leaky = [_scored(0.99) if it.label == "unsupported" else _scored(0.9) for it in items]
    out = tune([TuneRun(SPECS["halueval-qa"], items, leaky)], max_hallucinated_verified=0.0)
    assert not out["constraint_met"]
    assert out["choice"]["hallucinated_fully_verified"] == 1.0


def test_a_leak_bound_met_exactly_is_met() -> None:
    """1 hallucinated answer in 20 verified is "at most 5%", though 1 - 0.95 is
    0.05000000000000004 in floating point."""
    items, outcomes = _rows([0.95] + [0.1] * 19)
    out = tune([TuneRun(SPECS["halueval-qa"], items, outcomes)],
               max_hallucinated_verified=0.05)
    assert out["constraint_met"]
    assert out["choice"]["balanced_accuracy"] == 0.975  # τe below 0.9: one leak, no withhold


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


@pytest.mark.parametrize(("knowledge", "facts"), [
    # the published format: facts end to end, each subject the object before it
    ("Iron Man is starring Robert Downey Jr.Robert Downey Jr. starred in Zodiac (Crime "
     "Fiction Film)Zodiac (Crime Fiction Film) is starring Jake Gyllenhaal",
     ["Iron Man is starring Robert Downey Jr.",
      "Robert Downey Jr. starred in Zodiac (Crime Fiction Film).",
      "Zodiac (Crime Fiction Film) is starring Jake Gyllenhaal"]),
    ("Inception is directed by Christopher NolanChristopher Nolan directed Interstellar",
     ["Inception is directed by Christopher Nolan.", "Christopher Nolan directed Interstellar"]),
    # a fact that does not chain: cut where a word runs into a name written apart elsewhere
    ("Lionel Messi plays for Inter Miami CFInter Miami CF is located in Fort Lauderdale"
     "Lionel Messi was born in Rosario",
     ["Lionel Messi plays for Inter Miami CF.", "Inter Miami CF is located in Fort Lauderdale.",
      "Lionel Messi was born in Rosario"]),
    ("He watched YouTube videos on YouTube", ["He watched YouTube videos on YouTube"]),
    # nothing repeats: left alone; a doubled syllable or a capital inside a name is no break
    ("Zodiac is starring Jake Gyllenhaal.", ["Zodiac is starring Jake Gyllenhaal."]),
    ("The murmur of Matthew McConaughey", ["The murmur of Matthew McConaughey"]),
    ("Bora Bora hosts ABBA", ["Bora Bora hosts ABBA"]),
    ("", [""]),
])
def test_dialogue_knowledge_is_split_into_its_facts(knowledge: str, facts: list[str]) -> None:
    assert split_triples(knowledge).split("\n\n") == facts


def test_the_dialogue_loader_splits_the_knowledge(tmp_path: Path) -> None:
    path = tmp_path / "dialogue.jsonl"
    path.write_text(json.dumps({
        "knowledge": "Inception is directed by Christopher NolanChristopher Nolan directed "
                     "InterstellarInterstellar is starring Matthew McConaughey",
        "dialogue_history": "[Human]: Who directed Inception?",
        "right_response": "Christopher Nolan. He also directed Interstellar.",
        "hallucinated_response": "Christopher Nolan. He also directed Dunkirk."}) + "\n",
        encoding="utf-8")
    (ex,) = load_dialogue(path, Rows(), None)
    text = ex.evidence[0]["text"]
    assert "Interstellar.\n\nInterstellar is starring" in text
    assert "InterstellarInterstellar" not in text


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
    # policy v3: P(contradiction) 0.1 < P(entailment) 0.3, so the model never objects
    assert not rec.withheld(0.99, 0.01)
    objecting = verify("", "The Oberoi Group is a hotel company with its head office in "
                       "Delhi.", evidence=ev, settings=Settings(tau_contradict=0.9),
                       verifier=FakeVerifier(rule="fixed", scores=Scores(
                           entailment=0.2, neutral=0.3, contradiction=0.5)))
    rec = record_of(objecting)
    assert not rec.withheld(0.99, 0.6)
    assert rec.withheld(0.99, 0.45)  # a contradiction outweighing entailment counts at τc
    for tau_c in (0.45, 0.6):  # the record re-decides as the pipeline decides at τc
        res = verify("", "The Oberoi Group is a hotel company with its head office in "
                     "Delhi.", evidence=ev, settings=Settings(tau_contradict=tau_c),
                     verifier=FakeVerifier(rule="fixed", scores=Scores(
                         entailment=0.2, neutral=0.3, contradiction=0.5)))
        assert record_of(objecting).withheld(0.99, tau_c) == (res.exit_code() != 0)


def test_tune_bounds_parse_and_reject() -> None:
    from certirag.cli.halueval import _bounds

    assert _bounds("0.05, 0.02") == [0.05, 0.02]
    for bad in ("", "x", "1.5"):
        with pytest.raises(InputError):
            _bounds(bad)


@pytest.mark.parametrize("name,loader,good,field", [
    ("qa.jsonl", load_qa, ROWS[0], "question"),
    ("summarization.jsonl", load_summarization,
     {"document": "D.", "right_summary": "R.", "hallucinated_summary": "H."},
     "hallucinated_summary"),
    ("dialogue.jsonl", load_dialogue,
     {"knowledge": "K.", "dialogue_history": "[Human]: Hi?", "right_response": "R.",
      "hallucinated_response": "H."}, "dialogue_history"),
])
def test_malformed_rows_name_the_file_line_and_field(tmp_path: Path, name: str,
                                                     loader: object, good: dict[str, str],
                                                     field: str) -> None:
    path = tmp_path / name
    for bad, message in (({k: v for k, v in good.items() if k != field},
                          f"missing field {field!r}"),
                         ({**good, field: 7}, f"field {field!r} must be a string, got int")):
        path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
        with pytest.raises(InputError) as info:
            loader(path, Rows(), None)  # type: ignore[operator]
        assert str(info.value) == f"{path}:2: {message}"
        assert info.value.source == str(path) and info.value.line == 2
    path.write_text(json.dumps(good) + "\n{broken\n", encoding="utf-8")
    with pytest.raises(InputError, match=rf"{name}:2: not valid JSON"):
        loader(path, Rows(), None)  # type: ignore[operator]


def test_the_cli_stops_on_a_malformed_file_with_exit_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from certirag.cli.eval import eval_app

    path = tmp_path / "qa.jsonl"
    path.write_text(json.dumps(ROWS[0]) + "\n" + json.dumps({**ROWS[1], "right_answer": None})
                    + "\n", encoding="utf-8")
    res = CliRunner().invoke(eval_app, ["halueval-qa", "--data", str(path)])
    assert res.exit_code == 2
    assert "qa.jsonl:2: field 'right_answer' must be a string, got NoneType" in res.output

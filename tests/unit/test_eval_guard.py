"""The guard of ``certirag eval tune-thresholds --guard``: hand-written planted errors a
threshold choice must still catch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from certirag.errors import InputError
from certirag.eval.guard import Guard, load_cases
from certirag.eval.items import ClaimOutcome, Item, Outcome
from certirag.eval.suite import SPECS, TuneRun, tune

CASES = Path(__file__).resolve().parent.parent / "data" / "verifier_cases.jsonl"
EV = (("p1", "The office opens at 9 am."),)


def _scored(e: float, c: float = 0.0) -> Outcome:
    return Outcome((ClaimOutcome(0, 5, "verified", (), "scored", e, c, e, gate_e=e,
                                 gate_c=c),))


def test_the_own_set_loads_as_labelled_items() -> None:
    items = load_cases(CASES)
    raw = [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines()]
    assert [it.id for it in items] == [r["id"] for r in raw]
    assert sum(it.label == "unsupported" for it in items) == sum(
        r["expect"] == "catch" for r in raw)
    assert all(it.evidence and it.evidence[0][1] for it in items)


@pytest.mark.parametrize(("line", "words"), [
    ("not json", "not JSON"),
    ("[1]", "a JSON object"),
    ('{"id": "a", "expect": "maybe", "answer": "x", "evidence": ["e"]}', "'catch' or 'pass'"),
    ('{"id": "a", "expect": "catch", "answer": " ", "evidence": ["e"]}', "'answer'"),
    ('{"id": "a", "expect": "catch", "answer": "x", "evidence": []}', "'evidence'"),
    ('{"id": "a", "expect": "catch", "answer": "x", "evidence": [3]}', "passage 1"),
    ('{"expect": "catch", "answer": "x", "evidence": ["e"]}', "'id'"),
])
def test_a_bad_case_names_its_line(tmp_path: Path, line: str, words: str) -> None:
    path = tmp_path / "cases.jsonl"
    good = '{"id": "ok", "expect": "catch", "answer": "x", "evidence": ["e"]}'
    path.write_text(f"{good}\n\n{line}\n", encoding="utf-8")
    with pytest.raises(InputError, match=f"cases.jsonl:3: .*{words}"):
        load_cases(path)


def test_a_guard_needs_a_planted_error(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text('{"id": "a", "expect": "pass", "answer": "x", "evidence": [{"id": "d", '
                    '"text": "e"}]}\n', encoding="utf-8")
    with pytest.raises(InputError, match="no planted error"):
        load_cases(path)


def test_counts_follow_the_own_set_rules() -> None:
    items = [Item(f"c{k}", k, "a", EV, label="unsupported") for k in range(4)] + \
        [Item(f"p{k}", k, "a", EV, label="supported") for k in range(3)]
    outcomes = [_scored(0.6), _scored(0.2), Outcome(()),  # no claim read: caught
                Outcome((ClaimOutcome(0, 5, "unverified", ("no_evidence",), "fixed"),)),
                _scored(0.6), _scored(0.95), Outcome(())]  # no claim: not passed
    guard = Guard(items, outcomes, 3)
    assert guard.counts(0.5, 0.5) == (3, 2)
    assert guard.counts(0.7, 0.5) == (4, 1)
    assert guard.allows(0.5, 0.5) and not guard.allows(0.1, 0.5)
    assert (guard.planted, guard.faithful) == (4, 3)


def test_the_guard_excludes_a_choice_that_lets_a_planted_error_through() -> None:
    # dev answers: right ones at 0.55, hallucinated ones at 0.3 — any τe in (0.3, 0.55]
    # is perfect; a planted error at 0.5 is caught only from τe 0.51 up
    items = [Item(f"r{k}", k, "a", EV, label="supported", unit=k) for k in range(10)] + \
        [Item(f"h{k}", k, "a", EV, label="unsupported", unit=k) for k in range(10)]
    outs = [_scored(0.55) for _ in range(10)] + [_scored(0.3) for _ in range(10)]
    runs = [TuneRun(SPECS["halueval-qa"], items, outs)]
    free = tune(runs, max_hallucinated_verified=0.05)["choice"]
    assert free["tau_entail"] <= 0.5
    planted = Guard([Item("x", 0, "a", EV, label="unsupported")], [_scored(0.5)], 1)
    held = tune(runs, max_hallucinated_verified=0.05, guard=planted)["choice"]
    assert 0.5 < held["tau_entail"] <= 0.55
    assert held["guard_caught"] == 1 and held["guard_passed"] == 0
    assert held["balanced_accuracy"] == free["balanced_accuracy"] == 1.0


def test_the_command_refuses_a_floor_without_cases_and_a_bad_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from certirag.cli.eval import eval_app

    def refuse(*_: object) -> None:
        raise AssertionError("the verifier was built before the guard was read")

    monkeypatch.setattr("certirag.cli.common.prepare_verifier", refuse)
    res = CliRunner().invoke(eval_app, ["tune-thresholds", "--guard-min-caught", "3"])
    assert res.exit_code == 2 and "needs --guard" in res.output
    bad = tmp_path / "cases.jsonl"
    bad.write_text("{}\n", encoding="utf-8")
    res = CliRunner().invoke(eval_app, ["tune-thresholds", "--guard", str(bad)])
    assert res.exit_code == 2 and "'id'" in res.output

"""The evaluation machinery: outcomes and thresholds, the ablation systems, baselines,
each data set's figures, bootstrap tables, tuning and the reserved-split rule."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certirag.config import Settings
from certirag.errors import ConfigError, InputError
from certirag.eval.datasets import Rows, parse_rows
from certirag.eval.halueval import (
    AnswerRecord,
    HaluRun,
    halueval_items,
    load_qa,
    metrics_of,
    record_from,
    record_of,
)
from certirag.eval.items import ClaimOutcome, Item, Outcome, baseline_outcomes, gates_of
from certirag.eval.runner import NLIOff, Probe, outcome_of, run_items, uncalibrated
from certirag.eval.scoring import bootstrap_table, frame_of, stats_of
from certirag.eval.suite import (
    GRID_C,
    GRID_E,
    SPECS,
    TuneRun,
    check_tunable,
    evaluate,
    load_items,
    tune,
)
from certirag.schemas import Scores
from certirag.testing import FakeVerifier

DATA = Path(__file__).resolve().parent.parent / "data" / "eval"
EV = (("e1", "The Oberoi Group is a hotel company with its head office in Delhi. It was "
             "founded in 1934."),)


def _claim(rule: str, decision: str = "verified", e: float | None = None,
           c: float | None = None, start: int = 0, end: int = 5) -> ClaimOutcome:
    return ClaimOutcome(start, end, decision, (), rule, e, c, e, gate_e=e, gate_c=c)


claims_st = st.lists(st.one_of(
    st.builds(lambda e, c: _claim("scored", e=e, c=c), st.floats(0, 1), st.floats(0, 1)),
    st.builds(lambda c: ClaimOutcome(0, 1, "verified", ("quoted",), "quoted", 0.2, c,
                                     gate_e=1.0, gate_c=c),
              st.one_of(st.none(), st.floats(0, 1))),
    st.sampled_from([_claim("fixed", "unverified"), _claim("fixed", "blocked"),
                     _claim("none", "not_a_claim")])), max_size=4)


@settings(max_examples=200, deadline=None)
@given(st.lists(claims_st, min_size=1, max_size=5), st.floats(0, 1), st.floats(0, 1))
def test_gates_decide_as_the_claims_do(claims: list[list[ClaimOutcome]], te: float,
                                       tc: float) -> None:
    outs = [Outcome(tuple(c)) for c in claims]
    g = gates_of(outs)
    decided = [o.decision(te, tc) for o in outs]
    assert list(g.withheld(te, tc)) == [d != "verified" for d in decided]
    assert list(g.blocked(tc)) == [d == "blocked" for d in decided]
    for o in outs:
        rec = record_from(o)
        assert rec.withheld(te, tc) == (o.decision(te, tc) != "verified")
        assert rec.score() == o.score()


def test_outcome_of_matches_record_of_on_the_pipeline() -> None:
    from certirag.pipeline import verify

    fake = FakeVerifier(fn=lambda p, h: Scores(entailment=0.7 if "Delhi" in h else 0.2,
                                               neutral=0.2, contradiction=0.1))
    ev = [{"id": i, "text": t} for i, t in EV]
    for answer in ("The head office is in Delhi.", "It was founded in 1950.",
                   "The Oberoi Group is a hotel company with its head office in Delhi.",
                   "Hello! The head office is in Mumbai."):
        res = verify("Where is the head office?", answer, evidence=ev,
                     settings=Settings(), verifier=fake)
        out = outcome_of(res)
        assert record_from(out) == record_of(res), answer
        assert out.decision(0.5, 0.3) == ("verified" if res.all_verified or
                                          res.outcome == "no_claims" else
                                          "blocked" if res.stats["blocked"] else
                                          "unverified")
        assert [(c.start, c.end) for c in out.claims] == [(c.claim.start, c.claim.end)
                                                          for c in res.claims]


def test_uncalibrated_inverts_temperature_scaling() -> None:
    from certirag.verifiers.calibration import softmax

    z = np.array([[2.0, 0.5, -1.0]])
    cal = softmax(z, 1.7)[0]
    raw = softmax(z)[0]
    s = Scores(entailment=cal[0], neutral=cal[1], contradiction=cal[2])
    assert uncalibrated(s, 1.7) == pytest.approx(raw[0], rel=1e-9)
    assert uncalibrated(s, 1.0) == pytest.approx(cal[0])
    assert uncalibrated(None, 1.3) is None


def _item(answer: str, label: str | None = None, **kw: object) -> Item:
    return Item(id=answer[:10], line=0, answer=answer, evidence=EV, label=label,
                **kw)  # type: ignore[arg-type]


def test_the_ablation_systems() -> None:
    items = [_item("The head office is in Delhi."), _item("It was founded in 1950."),
             _item("The head office is in Mumbai."), _item("")]
    settings_ = Settings()
    fake = FakeVerifier()  # substring rule: entails only a claim the premise contains
    checks = run_items(items, mode="checks", settings=settings_)
    assert [o.decision(0.5, 0.3) for o in checks.outcomes] == [
        "verified", "unverified", "unverified", "verified"]  # figure and name findings
    nli = run_items(items, mode="nli", settings=settings_, verifier=fake)
    assert [o.decision(0.5, 0.3) for o in nli.outcomes[:3]] == ["unverified"] * 3
    assert all(c.rule == "scored" for o in nli.outcomes[:3] for c in o.claims)
    full = run_items(items, mode="checks+nli", settings=settings_, verifier=fake)
    assert full.outcomes[2].claims[0].rule == "fixed"
    assert full.outcomes[3] == Outcome()  # an empty answer asserts nothing
    with pytest.raises(ConfigError, match="llm_url"):
        run_items(items, mode="judge", settings=settings_, verifier=fake)
    with pytest.raises(ConfigError, match="unknown system"):
        run_items(items, mode="bogus", settings=settings_, verifier=fake)
    assert NLIOff().score_pairs([("a", "b")])[0].scores.entailment == 1.0


def test_jobs_run_in_worker_processes_and_keep_order() -> None:
    items = [_item(a) for a in ("The head office is in Delhi.", "It was founded in 1950.",
                                "The head office is in Mumbai.", "It was founded in 1934.",
                                "The Oberoi Group is a hotel company.")]
    one = run_items(items, mode="checks", settings=Settings())
    two = run_items(items, mode="checks", settings=Settings(), jobs=2)
    assert two.outcomes == one.outcomes
    with pytest.raises(InputError, match="--jobs"):
        run_items(items, mode="checks", settings=Settings(), jobs=0)


def test_baselines() -> None:
    out = baseline_outcomes(_item("Delhi. The head office is in Mumbai."))
    wo, sub, always = out["word-overlap"], out["substring"], out["always-verify"]
    assert [c.decision for c in wo.claims] == ["verified", "unverified"]
    assert wo.score() == pytest.approx(3 / 4)  # delhi, head, office found; mumbai not
    assert [c.decision for c in sub.claims] == ["verified", "unverified"]
    assert sub.score() == 0.5
    assert always.decision(0.5, 0.3) == "verified" and always.score() == 1.0
    # whole words only: "no" is not found inside "not" or "known"
    assert baseline_outcomes(Item("x", 0, "No.", (("e", "It is not known."),))
                             )["substring"].decision(0.5, 0.3) == "unverified"


def _outs(decisions: list[str]) -> list[Outcome]:
    return [Outcome((_claim("fixed", d),)) for d in decisions]


def test_halueval_stats_match_metrics_of(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    lines = list(range(40))
    right = [AnswerRecord(False, ((float(x), 0.1),), False) for x in rng.random(40)]
    hallu = [AnswerRecord(False, ((float(x) * 0.6, 0.2),), False) for x in rng.random(40)]
    run = HaluRun("halueval-qa", lines=lines, right=right, hallucinated=hallu,
                  baseline_right=[True] * 40, baseline_hallucinated=[False] * 40)
    items, outs = [], []
    for k in lines:
        for rec, label in ((right[k], "supported"), (hallu[k], "unsupported")):
            items.append(Item(f"{k}/{label}", k, "a", EV, label=label))
            outs.append(Outcome(tuple(_claim("scored", e=e, c=c) for e, c in rec.scored)))
    frame = frame_of("halueval", items, outs, 0.5, 0.3)
    ours = stats_of(frame)
    theirs = metrics_of(run, 0.5, 0.3, resamples=20)
    for key in ("balanced_accuracy", "catch_rate", "false_withhold_rate",
                "hallucinated_fully_verified"):
        assert ours[key] == pytest.approx(theirs[key])
    # the tuner picks by the HaluEval rule on the answers' records: the first grid pair
    # (τe, then τc) with the best balanced accuracy among those leaking at most 10%
    def rule(te: float, tc: float) -> tuple[float, float]:
        passed = np.mean([not r.withheld(te, tc) for r in right])
        caught = np.mean([r.withheld(te, tc) for r in hallu])
        return float((passed + caught) / 2), float(1 - caught)

    grid = [(te, tc, *rule(te, tc)) for te in GRID_E for tc in GRID_C]
    te, tc, ba, leak = max((g for g in grid if g[3] <= 0.1), key=lambda g: g[2])
    new = tune([TuneRun(SPECS["halueval-qa"], items, outs)], max_hallucinated_verified=0.1)
    assert new["constraint_met"]
    assert (new["choice"]["tau_entail"], new["choice"]["tau_contradict"]) == (te, tc)
    assert new["choice"]["balanced_accuracy"] == pytest.approx(ba)
    assert new["choice"]["hallucinated_fully_verified"] == pytest.approx(leak)
    assert metrics_of(run, te, tc, resamples=20)["balanced_accuracy"] == pytest.approx(ba)


def test_aggrefact_mean_balanced_accuracy() -> None:
    items = [Item(str(i), i, "c", EV, label=lab, group=g) for i, (lab, g) in enumerate([
        ("supported", "A"), ("unsupported", "A"), ("supported", "B"), ("unsupported", "B"),
        ("unsupported", "B")])]
    outs = _outs(["verified", "unverified", "unverified", "unverified", "verified"])
    s = stats_of(frame_of("aggrefact", items, outs, 0.5, 0.3))
    assert s["balanced_accuracy[A]"] == 1.0
    assert s["balanced_accuracy[B]"] == pytest.approx((0 + 0.5) / 2)
    assert s["mean_balanced_accuracy"] == pytest.approx((1.0 + 0.25) / 2)


def test_ragtruth_response_and_span_figures() -> None:
    answer = "First sentence. Second one is wrong."
    s2 = answer.index("Second")
    items = [Item("0", 0, answer, EV, label="unsupported", spans=((s2 + 14, s2 + 19),)),
             Item("1", 1, "Fine.", EV, label="supported")]
    outs = [Outcome((_claim("fixed", "verified", start=0, end=15),
                     _claim("fixed", "unverified", start=s2, end=len(answer)))),
            Outcome((_claim("fixed", "unverified", start=0, end=5),))]
    s = stats_of(frame_of("ragtruth", items, outs, 0.5, 0.3))
    assert s["response_precision"] == 0.5 and s["response_recall"] == 1.0
    assert s["response_f1"] == pytest.approx(2 / 3)
    assert s["span_recall"] == 1.0  # the wrong word lies in the withheld sentence
    assert s["span_precision"] == pytest.approx(5 / (len(answer) - s2 + 5))


def test_nli3_maps_decisions_to_labels() -> None:
    labels = ["entailment", "contradiction", "neutral", "neutral"]
    items = [Item(str(i), i, "c", EV, label=lab) for i, lab in enumerate(labels)]
    outs = _outs(["verified", "blocked", "unverified", "blocked"])
    s = stats_of(frame_of("nli3", items, outs, 0.5, 0.3))
    assert s["accuracy"] == 0.75
    assert s["macro_f1"] == pytest.approx((1 + 2 / 3 + 2 / 3) / 3)


def test_alce_citation_recall_and_precision() -> None:
    items = load_items(SPECS["alce"], DATA / "alce" / "dev.json", Rows(), None)
    # every check passes: ALCE rules alone decide (uncited sentences fail, cites of
    # a supported sentence whose every citation supports it alone are all relevant)
    outs = _outs(["verified"] * len(items))
    s = stats_of(frame_of("alce", items, outs, 0.5, 0.3))
    assert s["citation_recall"] == pytest.approx((1 + 2 / 3 + 1 / 2) / 3)
    # item 2 cites [3] of two docs: that sentence fails and its citation is not counted
    assert s["citation_precision"] == 1.0
    # a citation that supports nothing alone while the others do is irrelevant
    dec = []
    for it in items:
        irrelevant = it.aux and it.meta["role"] == "alone" and it.id.startswith("2/")
        dec.append("unverified" if irrelevant and it.meta["cite"] == 0 else "verified")
    s2 = stats_of(frame_of("alce", items, _outs(dec), 0.5, 0.3))
    assert s2["citation_precision"] == pytest.approx((1 + 1 + 1 / 2) / 3)
    assert s2["sentence_balanced_accuracy"] == s["sentence_balanced_accuracy"]


def test_bootstrap_table_margins_are_paired() -> None:
    items = [Item(str(i), i, "c", EV, label="supported" if i % 2 else "unsupported")
             for i in range(60)]
    good = _outs(["verified" if i % 2 else "unverified" for i in range(60)])
    coin = _outs(["verified" if i % 3 else "unverified" for i in range(60)])
    frames = {s: frame_of("aggrefact", items, o, 0.5, 0.3)
              for s, o in (("checks+nli", good), ("word-overlap", coin))}
    table = bootstrap_table(frames, baselines=["word-overlap"], resamples=200)
    assert table["checks+nli"]["value"] == 1.0
    assert table["checks+nli"]["best_baseline"] == "word-overlap"
    lo, hi = table["checks+nli"]["margin_ci95"]
    assert 0 < lo <= table["checks+nli"]["margin"] <= hi
    assert table["word-overlap"]["margin_ci95"] == [0.0, 0.0]


def test_reserved_splits_are_refused() -> None:
    agg = SPECS["llm-aggrefact"]
    dev = load_items(agg, DATA / "llm-aggrefact" / "dev.jsonl", Rows(), None)
    check_tunable(agg, Rows(), dev)
    test = load_items(agg, DATA / "llm-aggrefact" / "test.csv", Rows(), None)
    with pytest.raises(InputError, match=r"split 'test' .*reserved for reporting"):
        check_tunable(agg, Rows(), test)
    with pytest.raises(InputError, match="cannot tell"):
        check_tunable(agg, Rows(), [Item("0", 0, "c", EV, label="supported")])
    rag = SPECS["ragtruth"]
    rows = load_items(rag, DATA / "ragtruth", Rows(), None)
    check_tunable(rag, Rows(), rows[:3])  # train rows tune
    with pytest.raises(InputError, match="reserved"):
        check_tunable(rag, Rows(), rows)
    with pytest.raises(InputError, match="reserved"):
        check_tunable(SPECS["halueval-qa"], parse_rows("7000:8001"))
    with pytest.raises(InputError, match="reserved"):
        check_tunable(SPECS["halueval-dialogue"], parse_rows("0:10"))
    check_tunable(SPECS["halueval-qa"], parse_rows("7000:8000"))


def test_evaluate_builds_a_strict_json_run_document(tmp_path: Path) -> None:
    import json

    path = tmp_path / "qa.jsonl"
    path.write_text(json.dumps({"knowledge": EV[0][1], "question": "Where is it?",
                                "right_answer": "Delhi.",
                                "hallucinated_answer": "It is in Mumbai."}) + "\n")
    items = halueval_items(load_qa(path, Rows(), None), reserved_from=8000)
    assert [it.split for it in items] == ["dev", "dev"]
    doc = evaluate(SPECS["halueval-qa"], items, settings=Settings(),
                   verifier=FakeVerifier(), probe=Probe("fake", "f" * 64, "identity", 1.0),
                   ablate=True, resamples=20, provenance={"command": "x", "rows": "0:1"})
    json.dumps(doc, allow_nan=False)
    assert set(doc["systems"]) == {"checks", "nli", "checks+nli", "word-overlap",
                                   "substring", "always-verify"}
    assert doc["skipped"][0]["system"] == "judge"
    assert doc["n"] == 1 and doc["n_items"] == 2 and doc["splits"] == {"dev": 2}
    assert doc["primary"]["metric"] == "balanced_accuracy"
    assert doc["model"] == {"id": "fake", "sha256": "f" * 64}
    entry = doc["items"][1]
    assert entry["label"] == "unsupported"
    assert entry["systems"]["checks+nli"]["decision"] == "unverified"
    assert "claims" not in entry["systems"]["substring"]
    assert math.isfinite(doc["systems"]["checks+nli"]["value"])

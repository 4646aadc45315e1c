"""The decision logic of benchmarks/claim_score.py: an answer passes only when every claim
does, the threshold rule keeps the leak bound, and a fitted score is a real model."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from certirag.eval.items import ClaimOutcome
from tests.benchmark_module import load_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("claim_score")


def _scored(bench: ModuleType, e: float, c: float = 0.01, question: str = "") -> object:
    outcome = ClaimOutcome(0, 5, "verified" if e >= 0.5 else "unverified", ("entailed",),
                           "scored", e, c, e, gate_e=e, gate_c=c)
    return bench.ClaimRow(outcome, bench.features(
        "The fee is ten euros.", ["The fee is ten euros."], question, e, 1 - e - c, c))


def test_features_read_the_span_and_the_question(bench: ModuleType) -> None:
    f = bench.features("Anna Berg leads the Oslo office.", ["Anna Berg leads sales."],
                       "", 0.9, 0.05, 0.05)
    names = dict(zip(bench.FEATURES, f, strict=True))
    assert names["logit_e"] == pytest.approx(math.log(0.9 / 0.1))
    assert 0 < names["coverage"] < 1 and names["uncovered"] > 0
    assert names["has_question"] == 0.0
    with_q = dict(zip(bench.FEATURES, bench.features(
        "Anna Berg leads the Oslo office.", ["Anna Berg leads sales."],
        "Who leads the Oslo office?", 0.9, 0.05, 0.05), strict=True))
    assert with_q["coverage"] == 1.0 and with_q["has_question"] == 1.0


def test_an_answer_passes_only_when_every_claim_does(bench: ModuleType) -> None:
    good, weak = _scored(bench, 0.9), _scored(bench, 0.3)
    fixed = bench.ClaimRow(ClaimOutcome(0, 5, "unverified", ("figure_mismatch",), "fixed"),
                           ())
    quote_objected = bench.ClaimRow(ClaimOutcome(0, 5, "verified", ("quoted",), "quoted",
                                                 0.2, 0.7, 0.2, gate_e=1.0, gate_c=0.7), ())
    e = bench.entailment
    assert bench.passes(bench.Answer("summ", 1, True, (good,)), e, 0.5, 0.5)
    assert not bench.passes(bench.Answer("summ", 1, True, (good, weak)), e, 0.5, 0.5)
    assert bench.passes(bench.Answer("summ", 1, True, (good, weak)), e, 0.25, 0.5)
    assert not bench.passes(bench.Answer("summ", 1, True, (good, fixed)), e, 0.0, 1.0)
    assert not bench.passes(bench.Answer("summ", 1, True, (quote_objected,)), e, 0.5, 0.5)
    assert bench.passes(bench.Answer("summ", 1, True, (quote_objected,)), e, 0.5, 0.8)


def test_the_rule_keeps_the_leak_bound(bench: ModuleType) -> None:
    right = [bench.Answer("qa", i, True, (_scored(bench, 0.6 + 0.03 * i),)) for i in range(10)]
    wrong = [bench.Answer("qa", i, False, (_scored(bench, 0.05 + 0.05 * i),)) for i in range(10)]
    tau, tau_c, objective = bench.choose([right + wrong], bench.entailment, 0.0)
    r = bench.rates(right + wrong, bench.entailment, tau, tau_c)
    assert r["leak"] == 0.0 and objective == r["balanced_accuracy"]
    assert r["right_passed"] == 1.0  # 0.6 > 0.05 + 0.05 * 9: separable at some tau
    loose = bench.choose([right + wrong], bench.entailment, 0.5)
    assert loose is not None and loose[2] >= objective


def test_a_fitted_score_follows_the_data(bench: ModuleType) -> None:
    right = [bench.Answer("qa", i, True, (_scored(bench, 0.55 + 0.04 * i),)) for i in range(10)]
    wrong = [bench.Answer("qa", i, False, (_scored(bench, 0.05 + 0.04 * i),)) for i in range(10)]
    score, model = bench.fit(right + wrong, [0])
    assert model["claims"] == 20 and model["weights"]["logit_e"] > 0
    assert score(right[0].claims[0]) > score(wrong[-1].claims[0])


def test_reserved_rows_are_refused(bench: ModuleType) -> None:
    with pytest.raises(SystemExit, match="reserved"):
        bench._range("7900:8100")


def test_claim_rows_re_decide_as_the_pipeline_decides(bench: ModuleType) -> None:
    from certirag.config import Settings
    from certirag.pipeline import verify
    from certirag.schemas import Scores
    from certirag.testing import FakeVerifier

    ev = [{"id": "k", "text": "The office in Oslo opened in 2019. It has 40 staff. The fee "
                              "is ten euros."}]
    fake = FakeVerifier(fn=lambda p, h: Scores(
        entailment=0.8 if "Oslo" in h else 0.3 if "staff" in h else 0.1, neutral=0.1,
        contradiction=0.1 if "Oslo" in h or "staff" in h else 0.8))
    for answer in ("The office in Oslo opened in 2019.",
                   "The office in Oslo opened in 2019. It has 40 staff.",
                   "The fee is ten euros.", "The office in Oslo opened in 2021."):
        for te, tc in ((0.5, 0.5), (0.25, 0.9), (0.9, 0.05)):
            settings = Settings(tau_entail=te, tau_contradict=tc)
            res = verify("", answer, evidence=ev, settings=settings, verifier=fake)
            a = bench.Answer("summ", 0, True, bench.claim_rows(res, ""))
            assert bench.passes(a, bench.entailment, te, tc) == (res.exit_code() == 0), (
                answer, te, tc)

"""Scorer v9: an opening phrase read at the end of its sentence's main clause, in the claim
and as one more piece of each span sentence."""

from __future__ import annotations

import pytest

from certirag.bound import SCORER_VERSION, SCORERS, claim_pairs, claim_readings, fronted_units
from certirag.certify import issue_certificate
from certirag.certify.keys import Signer
from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Decision, Scores
from certirag.testing import FakeVerifier
from certirag.text.fronted import moved


def test_the_version() -> None:
    assert SCORER_VERSION == "certirag.scorer.v9"
    assert "certirag.scorer.v8" in SCORERS  # certificates of v8 are re-scored as issued


@pytest.mark.parametrize(("sentence", "reading"), [
    ("Across 21 grants, the fund paid out £58,300 in 2023.",
     "The fund paid out £58,300 in 2023 across 21 grants."),
    ("In 2002, he opened a bakery on Main Street.", "He opened a bakery on Main Street in 2002."),
    ("If you are late, the instructor may cancel the lesson!",
     "The instructor may cancel the lesson if you are late!"),
    # before the main clause's comma, where what follows leans on nothing before it
    ("In 2023, the fund paid out £58,300, a record for the trust.",
     "The fund paid out £58,300 in 2023, a record for the trust."),
])
def test_the_opening_phrase_moves_to_the_end_of_the_main_clause(sentence: str,
                                                                 reading: str) -> None:
    assert moved(sentence) == reading


@pytest.mark.parametrize("sentence", [
    "The fund paid out £58,300 in 2023.",  # no opening phrase
    # a ranked list: "after" orders, it does not date
    "After children with special educational needs, places go to children with a sibling.",
    "Before 2019, the fund was smaller.",
    # what follows the comma leans on what is before it
    "From the end of the fixed period, the rate switches to the SVR, which is 7.49% now.",
    "If you know you'll be late, phone the controller, Alan Mercer, on the number given.",
    "In 2019, at the age of 40, she moved to Paris.",  # a second opening phrase
    "In 2019, she won.",  # too short a clause to move it past
    "In the final, tea, coffee and cake, were served.",  # a list
    "In 2019, did the fund pay out more?",  # a question
    # another clause the phrase could be read into, or one that leans on it
    "In most cases, refunds are not given; in rare cases they are.",
    "For adults over 65, the vaccine is free and for children it costs £10.",
    "In the end, most of them stayed, and the club grew.",
    # an amount, not a phrase
    "Around 40 people signed up, most of them students.",
    "Under 10% of applicants were rejected, and most appealed.",
    "Under no circumstances, will refunds be given.",
])
def test_sentences_left_as_written(sentence: str) -> None:
    assert moved(sentence) is None


def test_claim_readings_by_scorer() -> None:
    claim = "In 2023, the fund paid out £58,300."
    premise = "The fund paid out £58,300 in 2023."
    assert claim_readings(claim, premise, scorer=SCORER_VERSION) == [premise]
    for old in ("certirag.scorer.v7", "certirag.scorer.v8"):  # as issued: as written
        assert claim_readings(claim, premise, scorer=old) == [claim]


def test_claim_pairs_read_the_span_sentence_moved() -> None:
    premise = "In 2023, the fund paid out £58,300 across 21 grants."
    claim = "The fund paid out £58,300 across 21 grants in 2023."
    assert fronted_units(premise)[-1] == claim
    pairs = claim_pairs(claim, premise, scorer=SCORER_VERSION)
    assert pairs[0] == (premise, claim) and (claim, claim) in pairs
    assert claim_pairs(claim, premise, scorer="certirag.scorer.v8") == [(premise, claim)]


def _s(e: float, c: float = 0.1) -> Scores:
    return Scores(entailment=e, neutral=max(0.0, 1 - e - c), contradiction=c)


EVIDENCE = "Greenway Fund annual report. In 2023, the fund paid out £58,300 across 21 grants."
ANSWER = "Across 21 grants, the fund paid out £58,300 in 2023."


def _no_fronts(premise: str, hypothesis: str) -> Scores:
    """A model that entails nothing that opens with a phrase, as ours nearly does."""
    fronted = moved(premise) is not None or moved(hypothesis) is not None
    return _s(0.1, 0.2) if fronted else _s(0.95, 0.02)


def test_the_moved_reading_decides_and_the_certificate_rederives_it() -> None:
    fake = FakeVerifier(fn=_no_fronts)
    settings = Settings(display="mixed")
    res = verify("", ANSWER, evidence=[EVIDENCE], settings=settings, verifier=fake)
    [c] = [c for c in res.claims if c.decision != Decision.NOT_A_CLAIM]
    assert c.decision == Decision.VERIFIED and c.scores is not None
    assert c.scores.entailment == pytest.approx(0.95)
    # the claim and its span are recorded as written
    assert c.claim.text == ANSWER
    assert c.evidence and c.evidence[0].text.startswith("In 2023, the fund")
    signer = Signer.generate()
    cert = issue_certificate(res, signer=signer, settings=settings)
    check = cert.verify(signer.public_key, recompute=True, settings=settings, verifier=fake)
    assert check.valid and "recompute" in check.checked, check.failures


def test_the_benchmark_scores_each_pair_three_ways(capsys: pytest.CaptureFixture[str]) -> None:
    """``benchmarks/fronted.py``: the documented pair, read with the shipped model."""
    import json

    from tests.benchmark_module import load_benchmark

    bench = load_benchmark("fronted")
    assert bench.main(["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    first = out["pairs"][0]
    assert first["claim_moved"] == "The fund paid out £58,300 in 2023 across 21 grants."
    # the model misreads the written claim and reads the moved one (README, scorer v9)
    assert first["as_written"] < 0.49 <= first["claim_moved_score"]

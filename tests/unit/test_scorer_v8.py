"""Scorer v8: the span's pieces — its sentences, clauses and predicates — read on their own
where they bind the claim as the span does."""

from __future__ import annotations

import pytest

from certirag.bound import SCORER_VERSION, claim_pairs, pick_pair, unit_binds
from certirag.certify import issue_certificate
from certirag.certify.keys import Signer
from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Decision, Scores
from certirag.testing import FakeVerifier
from certirag.text.premise_units import MAX_UNITS, predicates, premise_units


@pytest.mark.parametrize(("sentence", "parts"), [
    ("Registration opens on 10 January 2025 and closes on 28 March 2025 at 17:00 CET.",
     ["Registration opens on 10 January 2025.",
      "Registration closes on 28 March 2025 at 17:00 CET."]),
    # a modal both predicates share stays with each
    ("Members must register online and pay the fee by Friday.",
     ["Members must register online.", "Members must pay the fee by Friday."]),
    ("The pool opened in 2019 but closed in 2023.",
     ["The pool opened in 2019.", "The pool closed in 2023."]),
])
def test_the_predicates_a_subject_takes(sentence: str, parts: list[str]) -> None:
    assert predicates(sentence) == parts


@pytest.mark.parametrize("sentence", [
    "If it rains, the match starts late and ends at 6.",  # the condition scopes over both
    "Trains run between Kelsby and Dunfort every hour.",  # "and" joins no predicates
    "The tutor and the mentor meet monthly.",
    "Does the pool open at 6 and close at 9?",
    "It opened and then closed.",  # ordered: "and then"
])
def test_no_predicates_to_read_apart(sentence: str) -> None:
    assert predicates(sentence) == []


def test_the_pieces_of_a_span() -> None:
    span = ("Registration opens on 10 January and closes on 28 March. "
            "The fee is €120 per team; it is non-refundable.")
    assert premise_units(span) == [
        "Registration opens on 10 January.", "Registration closes on 28 March.",
        "The fee is €120 per team.", "It is non-refundable."]  # not the sentences whole
    assert premise_units("The fee is €120 per team.") == []  # one sentence, one fact
    many = " ".join(f"Site {i} opens at {i} am and closes at {i} pm." for i in range(1, 9))
    assert len(premise_units(many)) == MAX_UNITS


def test_a_piece_binds_only_what_the_span_binds() -> None:
    span = ("Trains on the Albury Quay route will rise by 4 percent from January. A new stop "
            "opens on the Dunfort line in February.")
    claim = "Fares on the Dunfort route will rise by 4 percent from January."
    # the span holds "Dunfort" and "4 percent"; neither sentence holds both
    assert not any(unit_binds(claim, u, span) for u in premise_units(span))
    ok = "Registration opens on 10 January and closes on 28 March."
    assert unit_binds("Registration closes on 28 March.", "Registration closes on 28 March.", ok)
    assert not unit_binds("Registration closes on 28 March.", "Registration opens on 10 January.",
                          ok)


def test_claim_pairs_by_scorer() -> None:
    premise = "Registration opens on 10 January and closes on 28 March."
    claim = "Registration closes on 28 March."
    assert claim_pairs(claim, premise, scorer=SCORER_VERSION) == [
        (premise, claim), ("Registration closes on 28 March.", claim)]
    for old in ("certirag.scorer.v6", "certirag.scorer.v7"):  # as issued: the span whole
        assert claim_pairs(claim, premise, scorer=old) == [(premise, claim)]


def _s(e: float, c: float = 0.1) -> Scores:
    return Scores(entailment=e, neutral=max(0.0, 1 - e - c), contradiction=c)


def test_each_reading_takes_its_best_piece() -> None:
    pairs = [("span", "whole"), ("span", "A."), ("span", "B."),
             ("piece 1", "A."), ("piece 2", "B."), ("piece 2", "whole")]
    # the whole: 0.3 on the span, 0.4 on piece 2; A: 0.9 on piece 1; B: 0.7 on piece 2
    scores = [_s(0.3), _s(0.2), _s(0.1), _s(0.9), _s(0.7), _s(0.4)]
    assert pick_pair(pairs, scores) == 4  # the weakest clause (B, 0.7) beats the whole (0.4)
    scores = [_s(0.8), _s(0.2), _s(0.1), _s(0.9), _s(0.7), _s(0.4)]
    assert pick_pair(pairs, scores) == 0  # the whole on the span is higher
    assert pick_pair([("span", "x")], [_s(0.1)]) == 0


EVIDENCE = ("Halden Waterfront Library Competition. Registration opens on 10 January 2025 and "
            "closes on 28 March 2025 at 17:00 CET. The fee is €120 per team.")
ANSWER = "Registration closes on 28 March 2025 at 17:00 CET."


def _first_fact(premise: str, hypothesis: str) -> Scores:
    """A model that reads only the first predicate of a premise, as ours does."""
    first = premise.split(" and ")[0].rstrip(".")
    return _s(0.95, 0.02) if hypothesis.rstrip(".") == first else _s(0.1, 0.9)


def test_the_piece_decides_and_the_certificate_rederives_it() -> None:
    fake = FakeVerifier(fn=_first_fact)
    settings = Settings(display="mixed")
    res = verify("", ANSWER, evidence=[EVIDENCE], settings=settings, verifier=fake)
    [c] = [c for c in res.claims if c.decision != Decision.NOT_A_CLAIM]
    assert c.decision == Decision.VERIFIED and c.scores is not None
    assert c.scores.entailment == pytest.approx(0.95)
    # the span recorded is the evidence sentence, not the piece
    assert c.evidence and "opens on 10 January" in c.evidence[0].text
    signer = Signer.generate()
    cert = issue_certificate(res, signer=signer, settings=settings)
    check = cert.verify(signer.public_key, recompute=True, settings=settings, verifier=fake)
    assert check.valid and "recompute" in check.checked, check.failures
    other = FakeVerifier(fn=lambda p, h: _s(0.1, 0.9))
    check = cert.verify(signer.public_key, recompute=True, settings=settings, verifier=other)
    assert check.codes == ["recompute_mismatch"]


@pytest.mark.parametrize("sentence", [
    "The clinic seldom opens at weekends and closes at 6 pm.",  # not "seldom closes"
    "The pool never opens on Mondays and closes early on Fridays.",
    "Members may not bring guests and pay on arrival.",  # whether "not" reaches "pay"
    "The bank only opens at 9 and closes at 4 pm.",
])
def test_no_piece_copies_a_word_that_scopes_over_the_verb(sentence: str) -> None:
    assert predicates(sentence) == []

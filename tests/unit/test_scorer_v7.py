"""Scorer v7: contractions in full, a denial in its "no" form, a claim's clauses read apart."""

from __future__ import annotations

import pytest

from certirag.bound import SCORER_VERSION, claim_readings, model_reading, pick_reading
from certirag.certify import issue_certificate
from certirag.certify.keys import Signer
from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Decision, Scores
from certirag.testing import FakeVerifier
from certirag.text.conjuncts import conjuncts
from certirag.text.contractions import expanded
from certirag.text.negated import no_form


@pytest.mark.parametrize(("text", "full"), [
    ("You shouldn't drive.", "You should not drive."),
    ("Don't drive; it isn't safe.", "Do not drive; it is not safe."),
    ("You can't, and we won't. I shan't.", "You cannot, and we will not. I shall not."),
    ("It's open and there's a fee; it's been closed.",
     "It is open and there is a fee; it has been closed."),
    ("You'll see, we're here, they've gone, I'm sure.",
     "You will see, we are here, they have gone, I am sure."),
    ("She'd like it. She'd been there.", "She would like it. She had been there."),
    ("Let's go. DON'T.", "Let us go. DO NOT."),
    ("It’s fine, they’ve gone.", "It is fine, they have gone."),
    ("Dara's a singer; Tom's not here.", "Dara is a singer; Tom is not here."),
])
def test_contractions_are_written_in_full(text: str, full: str) -> None:
    assert expanded(text) == full


@pytest.mark.parametrize("text", ["Maria's book is here.", "The firm's 2023 results.",
                                  "Rock 'n' roll", "No apostrophe at all."])
def test_a_possessive_and_other_apostrophes_stay(text: str) -> None:
    assert expanded(text) == text


@pytest.mark.parametrize(("text", "no"), [
    ("The card does not charge foreign transaction fees abroad.",
     "The card charges no foreign transaction fees abroad."),
    ("The account does not charge a monthly fee.", "The account charges no monthly fee."),
    ("We do not have any pets.", "We have no pets."),
    ("There is not an excess for repairs.", "There is no excess for repairs."),
    ("There were not any seats.", "There were no seats."),
])
def test_a_denial_of_a_thing_is_read_in_its_no_form(text: str, no: str) -> None:
    assert no_form(text) == no


@pytest.mark.parametrize("text", [
    "It does not charge the fee.",  # one thing named: "charges no the fee" is no reading
    "The shop does not open on Sundays.",  # not a verb of the list
    "It does not pay directly.", "It does not allow you to smoke.",
    "They did not charge a fee.",  # a past form is left alone
    "It does not include it.", "It is not a fee.",
])
def test_other_negations_stay(text: str) -> None:
    assert no_form(text) == text


def test_the_model_reads_both_in_full_and_in_the_no_form() -> None:
    assert model_reading("It doesn't charge a fee.", scorer=SCORER_VERSION) == \
        "It charges no fee."
    assert model_reading("It doesn't charge a fee.", scorer="certirag.scorer.v6") == \
        "It doesn't charge a fee."


@pytest.mark.parametrize(("claim", "parts"), [
    ("Revenue rose 25% to €48 million, while operating profit stayed flat at €6.2 million.",
     ["Revenue rose 25% to €48 million.", "Operating profit stayed flat at €6.2 million."]),
    ("There is no overnight service: the shuttle runs from 05:00 to 23:30, and after that "
     "you can use the taxi rank.",
     ["There is no overnight service.", "The shuttle runs from 05:00 to 23:30.",
      "After that you can use the taxi rank."]),
    ("The firm made a loss, and its chief executive resigned.",
     ["The firm made a loss.", "Its chief executive resigned."]),
    ("Transfers between accounts are instant, while transfers to other banks take a day.",
     ["Transfers between accounts are instant.", "Transfers to other banks take a day."]),
    ("The deadline is 31 January; applicants must be in their final year.",
     ["The deadline is 31 January.", "Applicants must be in their final year."]),
    ("Jonah Ames wrote it — he is the singer of Lowfield Parade.",
     ["Jonah Ames wrote it.", "He is the singer of Lowfield Parade."]),
])
def test_a_claims_clauses(claim: str, parts: list[str]) -> None:
    assert conjuncts(claim) == parts


@pytest.mark.parametrize("claim", [
    "Trains run every 30 minutes, and hourly on Sundays.",  # no clause of its own
    "The house has five bedrooms, a gym, and a lift to take cars to the garage.",  # a list
    "Project 56 aimed to test tactics, and was preceded by Operation Teapot.",  # no subject
    "In 2019 the firm made a loss, and its chief executive resigned.",  # a time over both
    "If you cancel, you lose the deposit, and the fee is kept.",  # a condition over both
    "During probation the notice is one week, and after it the notice is one month.",
    "She trained for a year, and then she won the title.",  # ordered
    "The bridge was closed because it was unsafe, and it was rebuilt.",
    "Only if you bought the extension — otherwise flood damage is not covered.",
    "The museum is open daily.", "Is it open, and does it charge?",
])
def test_a_claim_that_must_stay_whole(claim: str) -> None:
    assert conjuncts(claim) == [claim]


def test_a_fragment_stays_with_the_clause_before() -> None:
    assert conjuncts("The team won the final — 4-2 after extra time, and "
                     "the captain was named player of the match.") == [
        "The team won the final — 4-2 after extra time.",
        "The captain was named player of the match."]


def _s(e: float) -> Scores:
    return Scores(entailment=e, neutral=max(0.0, 1 - e - 0.1), contradiction=0.1)


def test_the_weakest_clause_stands_for_the_claim_when_higher_than_the_whole() -> None:
    assert pick_reading([_s(0.3)]) == 0
    assert pick_reading([_s(0.3), _s(0.8), _s(0.6)]) == 2  # the weakest clause, above 0.3
    assert pick_reading([_s(0.7), _s(0.8), _s(0.6)]) == 0  # the whole is higher
    assert pick_reading([_s(0.3), _s(0.9), _s(0.1)]) == 0  # a clause fails: the whole


def test_claim_readings_by_scorer() -> None:
    claim = "Revenue rose 25% to €48 million, while profit didn't change."
    premise = "Revenue rose 25% to €48 million, while profit did not change."
    assert claim_readings(claim, premise, scorer=SCORER_VERSION) == [
        "Revenue rose 25% to €48 million, while profit did not change.",
        "Revenue rose 25% to €48 million.", "Profit did not change."]
    for old in ("certirag.scorer.v5", "certirag.scorer.v6"):  # as issued: whole, as written
        assert claim_readings(claim, premise, scorer=old) == [claim]


EVIDENCE = ("Halverson Tools reported its 2023 results. Revenue grew to €48 million in 2023, "
            "while operating profit was unchanged at €6.2 million.")
ANSWER = "Revenue grew to €48 million in 2023, while operating profit didn't change."


def _clauses(premise: str, hypothesis: str) -> Scores:
    """Entails a one-clause hypothesis, not a joined one: which reading decides is seen."""
    return _s(0.2) if "," in hypothesis else _s(0.9)


def test_the_clause_scores_decide_and_the_certificate_rederives_them() -> None:
    fake = FakeVerifier(fn=_clauses)
    settings = Settings(display="mixed")
    res = verify("", ANSWER, evidence=[EVIDENCE], settings=settings, verifier=fake)
    [c] = [c for c in res.claims if c.decision != Decision.NOT_A_CLAIM]
    assert c.decision == Decision.VERIFIED and c.scores is not None
    assert c.scores.entailment == pytest.approx(0.9)
    pairs = [p for call in fake.calls for p in call]
    assert any(h == "Operating profit did not change." for _, h in pairs)  # in full
    signer = Signer.generate()
    cert = issue_certificate(res, signer=signer, settings=settings)
    check = cert.verify(signer.public_key, recompute=True, settings=settings, verifier=fake)
    assert check.valid and "recompute" in check.checked, check.failures
    # a model that scores the clauses otherwise is caught
    other = FakeVerifier(fn=lambda p, h: _s(0.2) if "," in h else _s(0.8))
    check = cert.verify(signer.public_key, recompute=True, settings=settings, verifier=other)
    assert check.codes == ["recompute_mismatch"]


@pytest.mark.parametrize(("claim", "premise", "read"), [
    ("Ironmoss Hollow came out on PC in 2022.", "Ironmoss Hollow was released for PC in 2022.",
     "Ironmoss Hollow was released on PC in 2022."),
    ("The sequel comes out in May.", "The sequel is published in May.",
     "The sequel is published in May."),
    ("The singer came out of the studio.", "The singer left the studio.",
     "The singer came out of the studio."),  # no release in the span: as written
])
def test_came_out_is_read_as_the_release_its_span_states(claim: str, premise: str,
                                                           read: str) -> None:
    assert claim_readings(claim, premise, scorer=SCORER_VERSION)[0] == read
    assert claim_readings(claim, premise, scorer="certirag.scorer.v6")[0] == claim


def test_a_version_the_claim_names_is_the_longer_name() -> None:
    from certirag.bound import plan_claim

    evidence = ["Linkwell Desktop 5.2 adds support for two-factor authentication."]
    plan = plan_claim("Version 5.2 of Linkwell Desktop supports two-factor authentication.",
                      evidence, top=8)
    assert not plan.unbound and plan.windows
    # the claim's own value is still held to the evidence's
    from certirag.checks import check_claim

    assert "ungrounded_figure" in [f.code for f in check_claim(
        "Version 5.3 of Linkwell Desktop supports two-factor authentication.", evidence)]

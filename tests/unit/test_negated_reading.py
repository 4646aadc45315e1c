"""Positive readings of negated claims (scorer v5): "is not open" is read "is closed" where
the span says "closed", and a certificate re-scores the claim as it was read."""

from __future__ import annotations

import pytest

from certirag.bound import SCORER_VERSION, claim_reading
from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Decision, Scores
from certirag.testing import FakeVerifier
from certirag.text.negated import positive_reading

from .certify_support import recompute_codes


@pytest.mark.parametrize(("claim", "premise", "reading"), [
    ("The CHEM 210 final is not open-book.", "The final exam for CHEM 210 is closed-book.",
     "The CHEM 210 final is closed-book."),
    ("The office isn't open on Sundays.", "The office is closed on Sundays.",
     "The office is closed on Sundays."),
    ("The court did not accept Tallis's claim.", "Judge Osei rejected that claim.",
     "The court rejected Tallis's claim."),
    ("The policy doesn't include flood damage.", "The policy excludes flood damage.",
     "The policy excludes flood damage."),
    ("The Falcons did not win.", "The Falcons lost 2-1.", "The Falcons lost."),
    ("The Aster 7 is not lighter than the Aster 5.", "The Aster 7 is heavier.",
     "The Aster 7 is heavier than the Aster 5."),
    ("The council had not considered the impact.", "The council had failed to consider it.",
     "The council had failed to consider the impact."),
    ("He did not pay the fine.", "He failed to pay the fine on time.",
     "He failed to pay the fine."),
    ("Cats were not allowed inside.", "Cats were banned from the building.",
     "Cats were banned inside."),
])
def test_a_negation_is_read_as_the_opposite_the_span_states(claim: str, premise: str,
                                                            reading: str) -> None:
    assert positive_reading(claim, premise) == reading


@pytest.mark.parametrize(("claim", "premise"), [
    # the span states no opposite: the claim is read as written
    ("The museum is not open on Mondays.", "The museum is open on Mondays."),
    ("The Aster 7 is not lighter than the Aster 5.", "The Aster 7 weighs 1.5 kg."),
    ("The firm did not win the contract.", "The firm bid for the contract."),
    # no negation right before the word, or a word the table does not hold
    ("It is not only open but busy.", "It is closed on Mondays."),
    ("The office is open on Sundays.", "The office is closed on Sundays."),
    ("The report is not public.", "The report is private."),
    ("The council had not been told.", "The council had failed to consider it."),
    # "closed" inside another word is not the word
    ("The shop is not open.", "The shop is open until the enclosed garden closes."),
])
def test_left_as_written(claim: str, premise: str) -> None:
    assert positive_reading(claim, premise) == claim


def test_a_reading_never_weakens_the_claim() -> None:
    # every replacement entails the negation it replaces, so a false claim stays false:
    # "not open" on Mondays where the evidence says open reads "closed", still contradicted
    claim = "The museum is not open on Mondays."
    premise = "The museum is open on Mondays and closed on Tuesdays."
    assert positive_reading(claim, premise) == "The museum is closed on Mondays."


def test_scorer_v5_reads_the_claim_and_earlier_scorers_read_it_as_written() -> None:
    assert SCORER_VERSION == "certirag.scorer.v9"  # v6 to v9 read negations as v5 does
    claim, premise = "The office is not open on Sundays.", "The office is closed on Sundays."
    for scorer in ("certirag.scorer.v5", "certirag.scorer.v6", "certirag.scorer.v7",
                   "certirag.scorer.v8", SCORER_VERSION):
        assert claim_reading(claim, premise, scorer=scorer) == premise
    for old in ("certirag.scorer.v3", "certirag.scorer.v4"):
        assert claim_reading(claim, premise, scorer=old) == claim


EVIDENCE = "Opening hours. The office is closed on Sundays. It opens at 9 am on weekdays."
ANSWER = "The office is not open on Sundays."


def _negation_blind(premise: str, hypothesis: str) -> Scores:
    """A model that, like ours, reads a negated claim as contradicted."""
    if " not " in hypothesis:
        return Scores(entailment=0.05, neutral=0.05, contradiction=0.9)
    if hypothesis == "The office is closed on Sundays." and "closed on Sundays" in premise:
        return Scores(entailment=0.95, neutral=0.04, contradiction=0.01)
    return Scores(entailment=0.2, neutral=0.5, contradiction=0.3)


def test_the_pipeline_verifies_the_reading_and_a_certificate_re_scores_it() -> None:
    fake = FakeVerifier(fn=_negation_blind)
    settings = Settings()
    res = verify("Is the office open on Sundays?", ANSWER, evidence=[EVIDENCE],
                 settings=settings, verifier=fake)
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED, c.reasons
    assert c.claim.text == ANSWER  # the claim keeps its words; only the model read others
    assert any("closed on Sundays" in e.text for e in c.evidence)
    # valid as issued; as scorer v4 read it (the negation as written) the scores differ
    assert recompute_codes(res, settings, fake, ["certirag.scorer.v4"]) == [
        [], ["recompute_mismatch"]]


def test_a_false_negation_is_still_caught() -> None:
    # the negation check reads the claim as written: "not open" against "open on Sundays"
    fake = FakeVerifier(fn=_negation_blind)
    res = verify("", "The office is not open on Sundays.",
                 evidence=["The office is open on Sundays and closed on Mondays."],
                 settings=Settings(), verifier=fake)
    assert res.claims[0].decision != Decision.VERIFIED


def test_training_pairs_read_a_negation_as_inference_does() -> None:
    from certirag.train.bind_data import as_read
    from certirag.train.nli_data import Pair
    (p,) = as_read([Pair("The office is closed on Sundays.", "The office isn't open on Sundays.",
                         0, "t")])
    assert p.hypothesis == "The office is closed on Sundays."

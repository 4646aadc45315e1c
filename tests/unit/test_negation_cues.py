"""Negations without "not": "no longer wish to travel", "prevented the aircraft from
stopping", "kept the team from training", "has stopped accepting"; "otherwise … isn't"
where the evidence says "only if"; the bounds "no longer than" and "no shorter than"; and
an exemption phrase that ends before its verb ("without an extension costs
you …"). Each faithful wording passes and each planted change is caught."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

REFUND = "Passengers who no longer wish to travel can claim a full refund on unused tickets."
RUNWAY = ("The late touchdown, combined with standing water on the runway, prevented the "
          "aircraft from stopping before the end of the paved surface.")
LATE = ("Work submitted late without an extension receives a penalty of 5 percentage points "
        "per working day, up to a maximum of five days, after which it receives a mark of zero.")


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("If you decide not to travel, you can claim a full refund for unused tickets.", REFUND),
    ("The late touchdown meant it could not stop before the paved surface ended.", RUNWAY),
    ("Northline has stopped accepting pets in the cabin, except registered assistance dogs.",
     "Northline no longer accepts pets in the cabin, except for registered assistance dogs."),
    ("Only if you've bought the optional Flood Extension — otherwise flood damage isn't "
     "covered.", "Flood damage is covered only if the optional Flood Extension has been "
     "purchased."),
    ("Customers who no longer need the service can cancel it.",
     "If you no longer need the service, you can cancel it."),
    ("Leave is no longer than 5 days.", "Leave is at most 5 days."),
    ("Handing in late without an extension costs you 5 percentage points for each working "
     "day.", LATE),
])
def test_faithful_wordings_pass(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    ("Passengers who wish to travel can claim a full refund on unused tickets.", REFUND,
     "negation_mismatch"),
    ("The aircraft stopped before the end of the paved surface.", RUNWAY, "negation_mismatch"),
    ("The firm sells cars.", "The firm no longer sells cars.", "negation_mismatch"),
    ("The firm sells cars.", "The firm has stopped selling cars.", "negation_mismatch"),
    ("Flood damage isn't covered.", "Flood damage is covered only if the optional Flood "
     "Extension has been purchased.", "negation_mismatch"),
    ("The firm no longer sells cars.", "The firm sells cars.", "negation_mismatch"),
    ("Rain kept the team from training.", "The team trained despite the rain.",
     "negation_mismatch"),
    ("Leave is no shorter than 5 days.", "Leave is at most 5 days.", "qualifier_mismatch"),
    ("Handing in late without a doctor's note costs you 5 percentage points for each "
     "working day.", LATE, "ungrounded_exemption"),
])
def test_planted_changes_are_caught(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


def test_a_bound_is_no_negation() -> None:
    # "no longer than", "prevented from" without a verb: nothing negated
    assert codes("The stay is no longer than 5 nights.", "The stay is at most 5 nights.") == []
    assert codes("Flooding prevented access.", "Flooding prevented access to the village.") == []

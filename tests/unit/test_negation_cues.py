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


# "refused to", "declined to", "opted out of …ing", "ruled out …ing", "avoided …ing": the
# verb does not happen; "no X but Y" says only Y, and denies nothing.
@pytest.mark.parametrize(("claim", "evidence"), [
    ("The council did not comment on the report.",
     "The council declined to comment on the report."),
    ("Crystal said she would not cater a gay wedding.",
     "Crystal said she would refuse to cater a gay wedding."),
    ("Alex Perry won't show at this year's MBFWA.",
     "Acclaimed designer Alex Perry opts out of showing at this year's MBFWA."),
    ("Miliband will not form a coalition with the SNP.",
     "Miliband has ruled out forming a coalition with the SNP."),
    ("The driver did not pay the fine.", "The driver avoided paying the fine."),
    ("The minister did not comment on the leak.",
     "The minister refrained from commenting on the leak."),
    ("He travels the world with no company but his camera.",
     "He travels the world with only his camera for company."),
    ("Sales fell to 3%.", "Sales declined to 3%."),
    # a bar in the present negates as the past does
    ("Election candidates banned from providing food in bid to win votes.",
     "The Act bans Election candidates from providing food, drink or entertainment in a bid "
     "to win votes."),
    ("Members are barred from voting twice.", "The constitution bars members from voting twice."),
    # "stop X doing" says what "stop X from doing" says; "a ban from" is a noun
    ("Some chemotherapy drugs permanently stop the ovaries producing eggs.",
     "Some chemotherapy drugs can permanently stop the ovaries from producing eggs."),
    ("Oyston faces a ban from footballing activity if found guilty.",
     "Oyston faces a ban from all footballing activity if he is found guilty."),
])
def test_implicit_negations_pass(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The council commented on the report.", "The council declined to comment on the report."),
    ("Crystal agreed to cater a gay wedding.", "Crystal refused to cater a gay wedding."),
    ("Alex Perry will show at this year's MBFWA.",
     "Alex Perry opted out of showing at this year's MBFWA."),
    ("Miliband will form a coalition with the SNP.",
     "Miliband has ruled out forming a coalition with the SNP."),
    ("The driver paid the fine.", "The driver avoided paying the fine."),
    ("The council did not comment on the report.", "The council commented on the report."),
    ("There were injuries.", "There were no injuries but the car was damaged."),
    ("Election candidates may provide food to win votes.",
     "The Act bans Election candidates from providing food in a bid to win votes."),
    ("The policy lets staff work from home.",
     "The policy prohibits staff from working from home."),
])
def test_implicit_negations_are_read(claim: str, evidence: str) -> None:
    assert "negation_mismatch" in codes(claim, evidence) or \
        "polarity_mismatch" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    # two negations, read by the model: "refused to rule out" is no denial of the rolling
    ("Osborne refused to rule out rolling Child Benefit into Universal Credit.",
     "Osborne would not rule out rolling Child Benefit into Universal Credit."),
    # "ruled out any cuts" says there will be none
    ("The chief whip ruled out any cuts to disability benefits.",
     "The chief whip said there would be no cuts to disability benefits."),
    ("The firm still sells cars.", "The firm did not stop selling cars."),
    # a refusal whose verb is left out refuses what the evidence negates
    ("He said 'shoot me', but the officer refused.", "The officer refuses to shoot him."),
    # "the most likely to" and "the least likely to" compare groups; they hedge nothing
    ("Green Party fans are the most likely to take the toiletries home.",
     "Green Party supporters are also the most likely to take the toiletries home."),
    ("UKIP voters are the least likely to take the toiletries.",
     "UKIP are the least likely to take the toiletries home."),
    # a "likely" the comparison of the evidence says more strongly
    ("Those named June are likely to vote for Labour.",
     "Those named June are the most likely to vote for Labour."),
])
def test_double_and_elliptical_negations_pass(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


def test_a_likely_hedge_is_still_one() -> None:
    assert "hedge_mismatch" in codes("The fire will close the road.",
                                     "The fire will most likely close the road.")
    assert "negation_mismatch" in codes("The chief whip will make cuts to disability benefits.",
                                        "The chief whip ruled out any cuts to disability "
                                        "benefits.")


TRAINS = ("The express service from Carlow does not stop at Dunmore. Passengers for Dunmore "
          "should take the stopping service, which calls at every station.")


def test_a_participle_that_names_a_kind_of_thing_states_no_event() -> None:
    # "the stopping service" is a kind of train, not "stops" said of the express
    assert codes("You'll need the stopping service for Dunmore.", TRAINS) == []
    for planted in ("The express stops at Dunmore.", "The express is stopping at Dunmore."):
        assert "negation_mismatch" in codes(planted, TRAINS)


def test_the_question_a_claim_is_read_with_asserts_nothing() -> None:
    evidence = ("The Reserve Bank held its benchmark rate at 4.25% on Wednesday, the third "
                "consecutive meeting without a change.")
    # "Did rates change?" is the question, not a claim that rates changed
    assert codes("Did rates change? It was the third meeting in a row without a change.",
                 evidence) == []
    # what the answer itself says is still checked
    assert "negation_mismatch" in codes("Did rates change? It was the third meeting in a row "
                                        "with a change.", "Rates did not change at the "
                                        "third meeting.")

"""Checks v18: what an eighth blind round passed that a careful reader would not — a
weekday or a clock time borrowed from the sentence about another named thing, two
common-noun parties the evidence relates the other way round, "are not able to" read as a
prohibition, a charge where the evidence gives a service free, a quote the passage calls a
myth or a common worry — and the faithful readings kept clean beside them: "or higher",
"at least a grade 4", "turn 16", "only 12 places", "otherwise", "without paying anything
extra", a cause that restates a rule's condition."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.text.frames import quote_frame


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]



TEAM = ("Meet the team - Riverside Dental Practice. Dr Anya Kowalczyk, our principal "
        "dentist, qualified from Cardiff in 2004 and works Monday to Thursday. Dr Tomas "
        "Reilly joined us in 2019 and sees patients on Tuesdays, Wednesdays and Saturday "
        "mornings. Dr Priya Nand provides our implant service on Fridays. Dr Reilly is the "
        "practice's lead for nervous patients.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Dr Reilly works Monday to Thursday.", True),
    ("Dr Reilly sees patients on Tuesdays and Wednesdays.", False),
    ("Dr Kowalczyk works Monday to Thursday.", False),
    ("Dr Nand works on Fridays.", False),
])
def test_a_weekday_borrowed_from_another_person(claim: str, flagged: bool) -> None:
    assert ("value_swap" in codes(claim, TEAM)) is flagged


ORCHARD = ("The co-operative manages three sites, and each has its own picking days. The Mill "
           "Lane orchard holds picking sessions on Saturday mornings from 9:00 to 12:30. The "
           "Hollins Field site, planted in 2016, picks on Wednesday evenings from 5:30 to "
           "7:30. Hollins Field grows mainly dessert varieties.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Picking at Hollins Field happens on Saturday mornings from 9:00 to 12:30.", True),
    ("Picking at Hollins Field happens on Wednesday evenings from 5:30 to 7:30.", False),
    ("Picking at Mill Lane happens on Saturday mornings.", False),
])
def test_a_timetable_borrowed_from_another_site(claim: str, flagged: bool) -> None:
    assert ("value_swap" in codes(claim, ORCHARD)) is flagged


def test_a_weekday_stated_of_both_names_is_left_alone() -> None:
    ev = ("Dr Kowalczyk works Monday to Thursday. Dr Reilly works Tuesdays. On Mondays, Dr "
          "Kowalczyk and Dr Reilly run the evening clinic together.")
    assert "value_swap" not in codes("Dr Reilly runs the evening clinic on Mondays.", ev)


MENTORS = ("Every apprentice is assigned a workplace mentor, who must be a qualified engineer. "
           "The workplace mentor signs off the apprentice's logbook each month and reports "
           "progress to the college tutor at the quarterly review.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Your college tutor signs off your logbook each month and reports your progress to "
     "your workplace mentor at the quarterly review.", True),
    ("Your workplace mentor signs off your logbook each month and reports your progress to "
     "your college tutor at the quarterly review.", False),
    # the passive states the same relation
    ("Your logbook is signed off each month by your workplace mentor.", False),
])
def test_two_parties_the_other_way_round(claim: str, flagged: bool) -> None:
    assert ("role_swap" in codes(claim, MENTORS)) is flagged


def test_a_relation_that_reads_both_ways_is_no_swap() -> None:
    ev = "The team leader meets the site manager every Monday to plan the week."
    assert "role_swap" not in codes("The site manager meets the team leader every Monday to "
                                     "plan the week.", ev)


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Off-peak members can bring one guest per visit.", True),
    ("Full members can bring one guest per visit.", False),
])
def test_not_able_to_is_a_prohibition(claim: str, flagged: bool) -> None:
    ev = ("Full members may bring one guest per visit, up to four times a month. Off-peak "
          "members are not able to bring guests.")
    assert ("modal_mismatch" in codes(claim, ev)) is flagged


PARKING = ("Staff and volunteer parking - Westbrook General Hospital. Hospital volunteers who "
           "are registered with the Voluntary Services team are entitled to free parking in "
           "Car Park B while on duty.")


@pytest.mark.parametrize(("claim", "evidence", "flagged"), [
    ("Volunteers pay the standard tariff like everyone else.", PARKING, True),
    # the evidence prices the thing too: which price applies is the model's to read
    ("Volunteers pay the standard tariff like everyone else.",
     PARKING + " Visitors pay £2.50 an hour.", False),
])
def test_a_charge_where_the_service_is_free(claim: str, evidence: str, flagged: bool) -> None:
    question = "I'm a registered volunteer - do I have to pay to park in Car Park B?"
    assert ("polarity_mismatch" in codes(claim, evidence, question)) is flagged


@pytest.mark.parametrize(("before", "sentence", "after"), [
    ("Members' Newsletter.", "We often hear the myth that \"glazes fired in the shared kiln "
     "are not food-safe.\"", "In fact, every glaze on the shelves is rated food-safe."),
    ("Apprenticeship FAQs.", "A common worry we hear is that 'apprentices who fail the "
     "end-point assessment are automatically dismissed.'", "That is not the case here."),
    ("Apprenticeship FAQs.", "Apprentices who fail are offered a resit.",
     "That is not the case here."),
])
def test_a_quote_called_a_myth_or_a_worry(before: str, sentence: str, after: str) -> None:
    assert quote_frame(before, sentence, after) is not None


def test_a_sentence_not_framed_stays_clean() -> None:
    assert quote_frame("Apprenticeship FAQs.", "Apprentices who fail are offered a resit.",
                       "The resit is free.") is None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("GCSE maths and English at grade 5 or higher are required.",
     "Applicants must have GCSEs at grade 5 or above in maths and English."),
    ("You also need at least a grade 4 in a science.",
     "Applicants must have grade 4 or above in a science."),
    ("You have to turn 16 by 31 August of the year the apprenticeship begins.",
     "Applicants must be 16 or over by 31 August in the year the apprenticeship starts."),
    ("There are only 12 places, priced at £5 for members.",
     "Places are limited to 12 people and cost £5 for members."),
])
def test_a_bound_in_other_words_is_kept(claim: str, evidence: str) -> None:
    found = codes(claim, evidence)
    assert "qualifier_dropped" not in found
    assert "qualifier_mismatch" not in found


def test_a_dropped_bound_is_still_found() -> None:
    assert "qualifier_dropped" in codes("Applicants need grade 5 in maths.",
                                        "Applicants must have grade 5 or above in maths.")


def test_otherwise_states_the_other_side() -> None:
    ev = ("Rent is due on 1 October and must be paid by 31 October; plots with rent unpaid "
          "after this date may be re-let.")
    assert "polarity_mismatch" not in codes(
        "Rent has to be paid by 31 October, otherwise the plot may be re-let.", ev)


def test_without_paying_anything_extra_is_at_no_extra_cost() -> None:
    ev = ("If a sailing is cancelled, passengers with bookings will be transferred to the next "
          "available sailing at no extra cost.")
    claim = ("If a sailing is cancelled, booked passengers are moved onto the next sailing "
             "without paying anything extra.")
    assert "ungrounded_exemption" not in codes(claim, ev)
    assert "ungrounded_exemption" in codes(
        "Booked passengers are moved onto the next sailing without any penalty points.", ev)


@pytest.mark.parametrize(("claim", "evidence", "flagged"), [
    ("Because she's under 16, you'll need to fill in the parent or guardian consent form.",
     "A parent or guardian must complete the consent form for any player under 16.", False),
    ("Keep an eye on the clock, because if you stay longer than that you'll be charged at "
     "the Car Park A tariff.",
     "Vehicles staying longer than 20 minutes will be charged at the Car Park A tariff.",
     False),
    # two facts side by side, no rule: the link is the claim's own
    ("The bridge closed because of heavy rain.",
     "The bridge closed on Monday. Heavy rain fell all week.", True),
    ("Because she's under 18, you'll need to fill in the consent form.",
     "A parent or guardian must complete the consent form for any player under 16.", True),
])
def test_a_cause_that_restates_a_rules_condition(claim: str, evidence: str,
                                                 flagged: bool) -> None:
    assert ("ungrounded_cause" in codes(claim, evidence)) is flagged


CLAIMS = ("For claims under £500, you may submit the claim form online without your vet's "
          "signature. Claims of £500 or more must be signed by the treating vet before we can "
          "process them.")


@pytest.mark.parametrize(("claim", "evidence", "flagged"), [
    ("For claims under £500, the claim form must be signed by your vet.", CLAIMS, True),
    ("For claims of £500 or more, the claim form must be signed by your vet.", CLAIMS, False),
    # the sentence states both sides: which side the rule is for is the model's to read
    ("Orders under £50 pay £3.95 for delivery.",
     "Orders under £50 pay £3.95 for delivery, while orders of £50 or more ship free.", False),
])
def test_a_rule_given_for_the_other_side_of_its_bound(claim: str, evidence: str,
                                                      flagged: bool) -> None:
    assert ("qualifier_mismatch" in codes(claim, evidence)) is flagged


@pytest.mark.parametrize(("claim", "evidence", "question", "code"), [
    # a day inside a run of days is stated ("works Monday to Thursday" states Tuesday)
    ("Dr Kowalczyk sees patients on Tuesdays.", TEAM, "", "value_swap"),
    # the evidence relates the parties the claim's way round too
    ("The tutor sends the mentor a monthly report.",
     "The mentor sends the tutor a weekly plan, and the tutor sends the mentor a monthly "
     "report.", "", "role_swap"),
    # the question names the thing, not who pays
    ("Visitors pay the standard tariff.", PARKING, "Do volunteers get free parking?",
     "polarity_mismatch"),
    ("Rather than pay the standard tariff, volunteers park free.", PARKING, "",
     "polarity_mismatch"),
    # "and up to" is no lower bound
    ("Rooms cost £80.", "Rooms cost £80 and up to four people can share.", "",
     "qualifier_dropped"),
])
def test_faithful_claims_stay_clean_of_the_new_readings(claim: str, evidence: str,
                                                         question: str, code: str) -> None:
    assert code not in codes(claim, evidence, question)


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    # one day of news is no timetable, but a weekly one is read however written
    ("Dr Reilly works on Mondays.", TEAM, "value_swap"),
    # a fee is no waiver
    ("Booked passengers are moved onto the next sailing without paying anything extra.",
     "Booked passengers are moved onto the next sailing for a £10 change fee.",
     "ungrounded_exemption"),
    # a past event applies no rule: the cause is the claim's own
    ("Saturday's match was cancelled because the pitch was flooded.",
     "Matches are cancelled only if the pitch is flooded. Saturday's match was cancelled "
     "after a power cut.", "ungrounded_cause"),
    # "otherwise" excuses only where the evidence states both sides
    ("The car park is closed overnight, otherwise vehicles are locked in.",
     "The car park is open overnight.", "polarity_mismatch"),
])
def test_planted_errors_the_new_readings_keep(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


def test_a_rule_is_read_in_its_own_clause() -> None:
    found = check_claim("Children under 12 must wear armbands.",
                        ["Children aged 12 or over must pay, and younger children must also "
                         "wear armbands."])
    assert not any("for the other side" in f.message for f in found)

"""Checks v13: the rules written for planted errors a blind case set passed, and for the
faithful answers it withheld on a rule's word alone."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks._text import stem


def codes(claim: str, evidence: list[str], question: str = "") -> set[str]:
    return {f.code for f in check_claim(claim, evidence, question=question)}


@pytest.mark.parametrize(("a", "b"), [
    ("move", "moved"), ("move", "moving"), ("hope", "hoped"), ("note", "noted"),
    ("use", "used"), ("name", "named"), ("have", "having"), ("close", "closed"),
])
def test_a_four_letter_verb_in_e_meets_its_past_and_its_ing(a: str, b: str) -> None:
    assert stem(a) == stem(b)


@pytest.mark.parametrize(("a", "b"), [("hop", "hope"), ("not", "noted"), ("hopped", "hoped")])
def test_a_doubled_consonant_or_another_word_keeps_its_own_stem(a: str, b: str) -> None:
    assert stem(a) != stem(b)  # "noted" is no "not", "hopped" no "hoped"


STURGEON = ["Of the 97 fish recaptured in 2023, none had moved into the upper tributaries; "
            "all remained within 20 km of their release site."]


def test_did_move_against_none_had_moved() -> None:
    assert "negation_mismatch" in codes(
        "Some of the recaptured sturgeon did move into the upper tributaries.", STURGEON)


PANTRY = ["To cancel your subscription, go to Account > Plans and select Cancel. "
          "Cancellations made before 11:59 pm on Wednesday take effect from the following "
          "week's delivery. We do not offer refunds for boxes that have already shipped."]


def test_a_denied_refund_is_read_past_the_verb_that_carries_it() -> None:
    assert "negation_mismatch" in codes("Boxes that have already shipped can be refunded.",
                                        PANTRY)


def test_a_claim_with_a_condition_is_aligned_by_its_main_clause() -> None:
    assert "negation_mismatch" in codes(
        "Boxes that have already shipped can be refunded if you cancel before Wednesday "
        "night.", PANTRY)


def test_a_refund_the_evidence_states_is_no_mismatch() -> None:
    assert "negation_mismatch" not in codes(
        "Refunds are issued for boxes that arrive damaged.",
        ["We offer refunds for boxes that arrive damaged."])


def test_an_added_clause_no_evidence_word_supports() -> None:
    ev = ["Employees in client-facing roles must be in the office on Mondays."]
    assert "ungrounded_detail" in codes(
        "Those in client-facing roles must be in the office on Mondays, when the weekly "
        "team meeting takes place.", ev)
    # a clause that shares a word with the evidence is the model's to read
    assert "ungrounded_detail" not in codes(
        "Staff must be in the office on Mondays, when client-facing roles are busiest.", ev)


def test_an_abandoned_plan_is_not_a_deed() -> None:
    ev = ["Will Streamly raise its prices? Earlier this year we considered raising the "
          "Standard plan to $14.99 per month, but we decided against it. The Standard plan "
          "remains $11.99 per month."]
    assert "hedge_mismatch" in codes("Streamly has raised the Standard plan to $14.99 per "
                                     "month.", ev)
    assert "hedge_mismatch" not in codes(
        "Streamly considered raising the Standard plan to $14.99 per month.", ev)


CARRY = ["Employee Handbook, section 4.3 (revised). Until March 2024, employees were "
         "entitled to carry over up to 10 unused vacation days into the next calendar year. "
         "This policy has been replaced. Under the current policy, effective 1 April 2024, a "
         "maximum of 5 unused days may be carried over."]


def test_a_value_the_evidence_gives_until_a_past_date() -> None:
    assert "value_swap" in codes("Employees are entitled to carry over up to 10 unused "
                                 "vacation days into the next calendar year.", CARRY)
    assert "value_swap" not in codes("Employees can carry over a maximum of 5 unused days.",
                                     CARRY)


def test_until_a_date_in_the_present_is_the_value_of_now() -> None:
    ev = ["Until 31 December, the fee is £10 a month; from January the fee is £12 a month."]
    assert "value_swap" not in codes("The fee is £10 a month.", ev)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The Eastmoor Court of Appeal overturned the conviction.",
     "The Court of Appeal of Eastmoor overturned the conviction."),
    ("The Ravensholm District Court hears small claims.",
     "Small claims go to the District Court of the Ravensholm region. The District Court "
     "of Ravensholm hears them."),
    ("The Aldwick–Porthcarn journey takes 70 minutes.",
     "Trains between Aldwick and Porthcarn take 70 minutes."),
])
def test_a_name_written_another_way_round_is_grounded(claim: str, evidence: str) -> None:
    assert "ungrounded_entity" not in codes(claim, [evidence])


def test_a_route_of_a_place_the_evidence_never_names() -> None:
    assert "ungrounded_entity" in codes("The Aldwick–Kelso journey takes 70 minutes.",
                                        ["Trains between Aldwick and Porthcarn take 70 "
                                         "minutes."])


def test_one_an_hour_is_no_year() -> None:
    found = codes("Trains run every half hour on weekdays and one an hour on Sundays.",
                  ["Trains run every 30 minutes on weekdays and hourly on Sundays."])
    assert "unit_mismatch" not in found


def test_first_as_an_adverb_is_no_ordinal() -> None:
    ev = ["If you are pregnant, ask your doctor before taking Pellorin."]
    assert "ungrounded_figure" not in codes("If you're pregnant, check with your doctor first.",
                                            ev)
    assert "ungrounded_figure" in codes("She finished first.", ["She finished third."])


def test_season_four_is_the_fourth_season() -> None:
    ev = ["The show's fourth season premiered in January 2024."]
    assert "ungrounded_figure" not in codes("Season four started in January 2024.", ev)
    assert "ungrounded_figure" in codes("Season three started in January 2024.", ev)


def test_a_waived_fee_grounds_a_denial_of_paying_it() -> None:
    ev = ["Card transactions made abroad are charged a fee of 2.75%. This fee is waived for "
          "Platinum account holders."]
    assert "ungrounded_denial" not in codes("Platinum account holders don't pay the 2.75% fee.",
                                            ev)


def test_a_condition_the_question_states_is_not_dropped() -> None:
    ev = ["If your order arrives damaged, contact us within 14 days of delivery and we will "
          "send a replacement free of charge."]
    claim = "Contact us within 14 days of delivery and we will send a replacement free of charge."
    assert "qualifier_dropped" in codes(claim, ev, "What can I do?")
    assert "qualifier_dropped" not in codes(claim, ev, "My parcel arrived damaged, what can I do?")


def test_a_plan_the_evidence_says_was_given_up() -> None:
    ev = ["In 2021 the town of Penhallow announced a plan to build a 400-space car park on the "
          "site of the old cattle market. The plan was abandoned in 2023 after public "
          "consultation, and the site will instead become a community garden."]
    claim = "Penhallow will build a 400-space car park on the site of the old cattle market."
    assert "hedge_mismatch" in codes(claim, ev)
    assert "hedge_mismatch" not in codes(
        "Penhallow planned to build a car park on the old cattle market site, but the plan "
        "was abandoned.", ev)
    # a plan nobody gave up: a claim of the future states no more than the evidence
    assert "hedge_mismatch" not in codes(claim, [ev[0].split(" The plan")[0]])


def test_a_myth_the_evidence_sets_out_frames_its_sentence() -> None:
    from certirag.text.frames import quote_frame

    sentence = "A popular myth holds that the lighthouse was built by shipwrecked sailors."
    assert quote_frame("", sentence, "", "The lighthouse was built by shipwrecked "
                                         "sailors.") is not None
    assert quote_frame("", "One early hypothesis held that the dimming was caused by a "
                           "planet.", "", "The dimming was caused by a planet.") is not None


def test_an_amateur_is_no_professional() -> None:
    assert "polarity_mismatch" in codes(
        "The comet was discovered by the professional astronomer Edith Maroney.",
        ["The comet was discovered by the amateur astronomer Edith Maroney."])


def test_permission_granted_where_it_was_refused() -> None:
    assert "polarity_mismatch" in codes(
        "The committee granted permission for 120 homes on the Tanner's Yard site.",
        ["The committee refused permission for 120 homes on the Tanner's Yard site, citing "
         "flood risk."])


def test_a_synonym_negated_is_the_other_side() -> None:
    ev = ["Passengers are permitted to use mobile phones in flight mode. Phone calls are not "
          "permitted at any time while the aircraft is airborne."]
    assert "polarity_mismatch" in codes(
        "Phone calls are allowed while the aircraft is airborne.", ev)
    assert "polarity_mismatch" not in codes(
        "Phone calls are not allowed while the aircraft is airborne.", ev)


def test_all_where_the_evidence_says_most() -> None:
    ev = ["Most items in the Kettering Outdoor sale can be returned within 14 days. Clearance "
          "items marked 'Final Sale' cannot be returned."]
    assert "qualifier_dropped" in codes(
        "All items in the Kettering Outdoor sale can be returned within 14 days.", ev)
    assert "qualifier_dropped" not in codes(
        "Most items in the Kettering Outdoor sale can be returned within 14 days.", ev)


def test_an_only_if_is_dropped_beside_a_condition_of_the_claims_own() -> None:
    ev = ["Hollis Home Insurance covers accidental damage to televisions and laptops only if "
          "the Accidental Damage Extension is shown on your policy schedule. Claims for "
          "accidental damage are subject to an excess of £100."]
    assert "qualifier_dropped" in codes(
        "Hollis Home Insurance covers accidental damage to televisions and laptops, subject "
        "to a £100 excess.", ev)
    assert "qualifier_dropped" not in codes(
        "Hollis Home Insurance covers accidental damage to laptops only if the Accidental "
        "Damage Extension is shown on your policy schedule.", ev)


@pytest.mark.parametrize(("before", "sentence", "after", "claim"), [
    ("", "An earlier version of the Pellitrex leaflet stated that tablets may be taken with "
     "grapefruit juice.", "This advice was withdrawn in the 2023 revision.",
     "Pellitrex tablets may be taken with grapefruit juice."),
    ("", "Reports last week suggested that Quillon Software would acquire Tessaly for $400 "
     "million.", "", "Quillon Software is acquiring Tessaly for $400 million."),
    ("", "For two decades, researchers hypothesised that the decline of the marsh warbler was "
     "caused by pesticide runoff.", "A 2024 study tested this and found no link between "
     "runoff and nesting failure.", "The decline of the marsh warbler was caused by "
     "pesticide runoff."),
])
def test_a_sentence_the_passage_reports_as_withdrawn_or_unproven(
        before: str, sentence: str, after: str, claim: str) -> None:
    from certirag.text.frames import quote_frame

    assert quote_frame(before, sentence, after, claim) is not None


def test_a_reported_deal_the_company_says_will_not_proceed() -> None:
    ev = ["Analysts expected that Quillon Software would acquire Tessaly for $400 million. "
          "Quillon said it had decided not to proceed with any acquisition."]
    assert "hedge_mismatch" in codes(
        "Quillon Software is acquiring Tessaly for $400 million.", ev)


def test_a_kind_another_sentence_gives_does_not_hide_a_subject_swap() -> None:
    ev = ["The towns of Millhaven and Orsett both voted on new cycle lanes this month. "
          "Millhaven approved a 3-kilometre lane along the harbour road. Orsett postponed its "
          "decision until January."]
    assert "subject_swap" in codes("Orsett approved a 3-kilometre cycle lane along the harbour "
                                   "road.", ev)
    assert "subject_swap" not in codes("Millhaven approved a 3-kilometre cycle lane along the "
                                       "harbour road.", ev)


def test_a_plan_not_carried_out_and_a_claim_that_says_so() -> None:
    ev = ["Local prosecutors considered charging Stringer but dropped the case."]
    assert "hedge_mismatch" in codes("Prosecutors charged Stringer.", ev)
    assert "hedge_mismatch" not in codes("Stringer was not charged by prosecutors.", ev)

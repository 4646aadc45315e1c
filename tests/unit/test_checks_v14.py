"""Checks v14: what a fresh set of faithful answers showed the rules read wrongly — a bare
hour, a twelve-hour clock, a count word, a span of weekdays, a denied "more than", "a
maximum weight of", a cause given with "as", an exemption the evidence words the same."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("claim", "evidence"), [
    # a bare hour for a time on the hour, and the afternoon hour of a twelve-hour clock
    ("Walk-in appointments are available between 8 and 11 in the morning.",
     "The clinic offers walk-in appointments from 8:00 to 11:00."),
    ("The shop is open from 9 until 5.", "The shop is open from 09:00 until 17:00."),
    ("The music kicks off at 7:30.", "The first set begins at 19:30."),
    # a count word
    ("Noor Abelard scored two goals.", "Noor Abelard scored twice in that match."),
    # a span of weekdays
    ("Walk-ins are available Monday to Friday.", "Walk-ins are available on weekdays."),
    ("The café opens on Saturdays.", "The café opens at weekends."),
    ("The museum opens on Tuesday.", "The museum opens daily from 10:00."),
    # a denied "more than" is "at most"; "a maximum weight of" is "at most"
    ("You shouldn't go over three tablets a day.", "Do not exceed three tablets a day."),
    ("Never take more than 40 mg in 24 hours.", "Do not exceed 40 mg in any 24-hour period."),
    ("Each passenger may bring one cabin bag weighing up to 8 kg.",
     "Each passenger may bring one cabin bag with a maximum weight of 8 kg."),
    ("Applicants must be at least 18.", "Applicants must have a minimum age of 18."),
    # a cause the evidence gives with "as"
    ("You must export your data first, because the database format has changed.",
     "Users must export their data before installing, as the database format has changed."),
    # an exemption the evidence words the same
    ("Up to 20% of the pot can be taken tax-free as a lump sum.",
     "Up to 20% of the pension pot may be taken as a tax-free lump sum."),
])
def test_faithful_restatements_are_clean(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    ("Walk-ins are available between 9 and 11.", "Walk-ins are available from 8:00 to 11:00.",
     "ungrounded_figure"),
    ("The music kicks off at 8:30.", "The first set begins at 19:30.", "ungrounded_date"),
    ("Noor Abelard scored three goals.", "Noor Abelard scored twice in that match.",
     "ungrounded_figure"),
    ("Walk-ins are available on Saturday.", "Walk-ins are available on weekdays.",
     "ungrounded_date"),
    ("Adults may have more than 40 mg a day.", "Do not exceed 40 mg a day.",
     "qualifier_mismatch"),
    ("You must export your data first, because the format has changed.",
     "Users must export their data before installing, as well as their settings.",
     "ungrounded_cause"),
    ("The lump sum can be taken tax-free.", "A lump sum may be taken from the pot.",
     "ungrounded_exemption"),
])
def test_what_is_still_found(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


def test_the_bound_the_question_asks_for_is_the_answers() -> None:
    evidence = ["Adults may take at most eight tablets in 24 hours."]
    question = "What is the maximum number of tablets in 24 hours?"
    assert [f.code for f in check_claim("You can take eight tablets in 24 hours.", evidence,
                                        question=question)] == []
    assert "qualifier_dropped" in [f.code for f in check_claim(
        "You can take eight tablets in 24 hours.", evidence)]


@pytest.mark.parametrize("evidence", ["Do not take more than eight tablets in 24 hours.",
                                      "Never take more than eight tablets in 24 hours.",
                                      "You should not go over eight tablets in 24 hours."])
def test_a_denied_excess_is_a_bound_not_a_denial(evidence: str) -> None:
    assert codes("You can take up to eight tablets in 24 hours.", evidence) == []


def test_a_denied_crossing_is_still_a_denial() -> None:
    assert "negation_mismatch" in codes("Children go over the bridge.",
                                        "Children do not go over the bridge.")


REVIEW = ("Low Tide Signals was directed by Corin Aldous and released in 2020. Reviewers at "
          "Frame Weekly described it as 'the most daring debut of the decade'.")


def test_someones_words_stated_as_fact() -> None:
    assert codes("Low Tide Signals is the most daring debut of the decade.", REVIEW) == [
        "hedge_mismatch"]


@pytest.mark.parametrize("claim", [
    "Frame Weekly called it the most daring debut of the decade.",  # given to them
    "Critics say it is 'the most daring debut of the decade'.",
    "Low Tide Signals was released in 2020.",
])
def test_words_given_to_their_speaker_or_not_quoted(claim: str) -> None:
    assert "hedge_mismatch" not in codes(claim, REVIEW)


def test_a_title_in_quotation_marks_is_no_ones_words() -> None:
    assert codes("The Frost Almanac took four years to write.",
                 "Rask said 'The Frost Almanac' took four years to write.") == []


STATION = ("Smoking is prohibited on all platforms and in all enclosed areas of Westvale "
           "stations. E-cigarettes are also banned.")


def test_each_clause_is_held_against_its_own_sentence() -> None:
    assert "polarity_mismatch" in codes(
        "Smoking is banned on the platforms at Westvale, but e-cigarettes are permitted.",
        STATION)
    assert codes("Smoking is banned on the platforms at Westvale, and e-cigarettes are "
                 "banned too.", STATION) == []


@pytest.mark.parametrize(("claim", "found"), [
    ("Tillery Lane will be closed between 4 and 18 March.", []),
    ("Tillery Lane will be closed between 5 and 18 March.", ["ungrounded_figure"]),
])
def test_the_first_day_of_a_range_takes_the_month_after_the_second(claim: str,
                                                                  found: list[str]) -> None:
    assert codes(claim, "The council will close Tillery Lane from 4 March to 18 March.") == found


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Yelena Markovic beat Kirra Holloway 6-4, 3-6, 7-5.",
     "Kirra Holloway defeated top seed Yelena Markovic 6-4, 3-6, 7-5."),
    ("Globex bought Acme.", "Acme acquired Globex in 2019."),
])
def test_a_role_swap_through_a_verb_of_the_same_relation(claim: str, evidence: str) -> None:
    assert "role_swap" in codes(claim, evidence)


def test_the_same_relation_in_the_same_order_is_no_swap() -> None:
    assert "role_swap" not in codes("Kirra Holloway beat Yelena Markovic 6-4, 3-6, 7-5.",
                                    "Kirra Holloway defeated Yelena Markovic 6-4, 3-6, 7-5.")


def test_a_clause_read_alone_is_not_held_to_a_negation_the_other_clause_answers() -> None:
    assert "negation_mismatch" not in codes(
        "Wilcox repeatedly said 'shoot me', but the cop constantly refused.",
        "As Wilcox gets closer, Kidder refuses to shoot him.")


def test_words_the_claim_gives_to_their_speaker() -> None:
    assert "hedge_mismatch" not in codes(
        "Ms Fernando insisted her comments had been taken out of context.",
        "Ms Fernando has insisted that her comments were 'taken out of context'.")


DEADLINE = "Claims for storm damage must be submitted within 30 days of the incident."


@pytest.mark.parametrize(("claim", "evidence", "found"), [
    ("Lodge the claim no later than 30 days after the incident.", DEADLINE, []),
    ("Lodge the claim within 30 days.",  # not the reverse
     "Claims must be lodged no later than 30 days after the incident.", ["qualifier_dropped"]),
    ("Lodge the claim at least 30 days after the incident.", DEADLINE, ["qualifier_mismatch"]),
    ("Lodge the claim no later than 40 days after the incident.", DEADLINE,
     ["ungrounded_figure"]),
])
def test_within_is_the_deadline_no_later_than_after_states(claim: str, evidence: str,
                                                           found: list[str]) -> None:
    assert codes(claim, evidence) == found

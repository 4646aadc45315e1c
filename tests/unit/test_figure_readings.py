"""Figure readings: measures written with a half in words ("half a metre", "a metre and a
half", "two and a half million"), volumes in cubic units, deadlines ("no later than 24
hours before"), a maximum named with its subject ("the maximum daily dose of X is") and a
change over a period ("fell by 1.4 points over 26 weeks"): each faithful wording passes
the figure check and each planted change is still caught."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.base import CheckOptions
from certirag.checks.prepared import parse_as


def codes(claim: str, evidence: str | list[str]) -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev)]


def figures(text: str, role: str = "claim") -> list[tuple[str, str, str]]:
    p = parse_as(text, CheckOptions(), role)  # type: ignore[arg-type]
    return [(f.text, f.dim, str(f.value.normalize())) for f in p.figures]


DOCK = ("Place the charging dock against a wall with at least 0.5 m of clear space on each "
        "side and 1.5 m in front.")


@pytest.mark.parametrize(("text", "want"), [
    ("Leave half a metre free.", [("half a metre", "length", "0.5")]),
    ("Leave a metre and a half in front.", [("a metre and a half", "length", "1.5")]),
    ("Leave two and a half metres.", [("two and a half metres", "length", "2.5")]),
    ("It lasts 2 and a half hours.", [("2 and a half hours", "seconds", "9E+3")]),
    ("It takes half an hour.", [("half an hour", "seconds", "1.8E+3")]),
    ("Two and a half million people live there.",
     [("Two and a half million", "number", "2.5E+6")]),
])
@pytest.mark.parametrize("role", ["claim", "evidence"])
def test_a_half_in_words_is_the_decimal_not_a_percentage(text: str, want: list[tuple[str, str,
                                                                                    str]],
                                                         role: str) -> None:
    assert figures(text, role) == want


def test_a_half_that_measures_nothing_is_left_alone() -> None:
    assert figures("Half a dozen came.") == []
    assert figures("Sales fell by a half last year.") == [("a half", "percent", "5E+1")]


def test_faithful_halves_pass_and_changed_ones_are_caught() -> None:
    faithful = ("Put the dock against a wall, leaving at least half a metre free on either "
                "side and a metre and a half in front of it.")
    assert codes(faithful, DOCK) == []
    assert "ungrounded_figure" in codes(
        "Leave at least half a metre free on either side and two metres in front.", DOCK)
    assert codes("The crossing takes an hour and a half.", "The crossing takes 90 minutes.") == []
    assert "ungrounded_figure" in codes("The crossing takes half an hour.",
                                        "The crossing takes 90 minutes.")
    assert codes("Two and a half million people live there.",
                 "About 2.5 million people live there.") == []
    assert "ungrounded_figure" in codes("Three and a half million people live there.",
                                        "About 2.5 million people live there.")


RESERVOIR = "Its reservoir holds 2.4 billion cubic metres of water."


@pytest.mark.parametrize("claim", ["The reservoir holds 2.4 billion m³.",
                                   "The reservoir holds 2.4 billion m3 of water.",
                                   "It holds 2,400 million cubic metres."])
def test_cubic_metres_are_a_volume(claim: str) -> None:
    assert codes(claim, RESERVOIR) == []


@pytest.mark.parametrize(("claim", "code"), [
    ("The reservoir holds 2.4 million m³.", "magnitude_mismatch"),
    ("The reservoir holds 2.4 billion metres.", "unit_mismatch"),
    ("The reservoir holds 2.4 billion litres.", "unit_mismatch"),
])
def test_a_changed_volume_is_caught(claim: str, code: str) -> None:
    assert code in codes(claim, RESERVOIR)


def test_cubic_metres_convert_to_litres() -> None:
    assert codes("The tank holds 2,000 litres.", "The tank holds 2 m³.") == []


SURGERY = "Zelvoprine should be stopped at least 24 hours before elective surgery."
CLAIMS = "Claims must be filed no later than 30 days after the incident."


def test_no_later_than_before_an_event_is_at_least() -> None:
    assert codes("Zelvoprine should be discontinued no later than 24 hours before elective "
                 "surgery.", SURGERY) == []


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    ("Zelvoprine should be stopped no earlier than 24 hours before elective surgery.",
     SURGERY, "qualifier_mismatch"),
    ("Zelvoprine should be stopped 24 hours before surgery.", SURGERY, "qualifier_dropped"),
    ("Claims must be filed at least 30 days after the incident.", CLAIMS,
     "qualifier_mismatch"),
])
def test_a_changed_deadline_is_caught(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


def test_no_later_than_after_an_event_is_at_most() -> None:
    assert codes("Claims must be filed within at most 30 days after the incident.", CLAIMS) == []


DOSE = "Vormacet tablets contain 40 mg. The maximum daily dose is 80 mg."


@pytest.mark.parametrize("claim", ["The maximum daily dose of Vormacet is 80 mg.",
                                   "The maximum daily dose for Vormacet is 80 mg."])
def test_a_maximum_named_with_its_subject_is_a_bound(claim: str) -> None:
    assert codes(claim, DOSE) == []


@pytest.mark.parametrize(("claim", "code"), [
    ("The daily dose of Vormacet is 80 mg.", "qualifier_dropped"),
    ("The minimum daily dose of Vormacet is 80 mg.", "qualifier_mismatch"),
])
def test_a_changed_bound_on_a_named_dose_is_caught(claim: str, code: str) -> None:
    assert code in codes(claim, DOSE)


TRIAL = ["In a phase 3 trial the drug glucarin lowered average HbA1c by 1.4 percentage points "
         "after 26 weeks, compared with 0.3 points for placebo.", "The trial lasted 30 weeks."]


def test_a_change_over_a_period_is_no_bound_on_the_period() -> None:
    assert codes("On glucarin, HbA1c fell by 1.4 points on average over 26 weeks, versus 0.3 "
                 "points with placebo.", TRIAL) == []


@pytest.mark.parametrize(("claim", "code"), [
    ("The trial lasted over 30 weeks.", "qualifier_mismatch"),
    ("HbA1c fell by 1.4 points over 20 weeks.", "ungrounded_figure"),
])
def test_over_a_period_still_checks_the_period(claim: str, code: str) -> None:
    assert code in codes(claim, TRIAL)


GYM = ["FitHub Riverside is open 6 am to 10 pm on weekdays and 8 am to 6 pm on weekends.",
       "The gym is closed on public holidays.", "Towels are available at reception for £1."]
MUSEUM = "The Riverside Museum will reopen on 3 June after a two-year refurbishment."


def test_another_sentence_about_the_same_thing_takes_the_claims_side() -> None:
    # aligned with the opening hours, said by the next sentence
    assert codes("FitHub Riverside is closed on public holidays.", GYM) == []


@pytest.mark.parametrize("claim", ["FitHub Riverside is closed on weekdays.",
                                   "The gym is open on public holidays."])
def test_the_other_side_is_still_caught(claim: str) -> None:
    assert "polarity_mismatch" in codes(claim, GYM)


def test_a_reopening_presupposes_the_closure() -> None:
    assert codes("Riverside Museum has been closed for a two-year refurbishment.", MUSEUM) == []
    assert "polarity_mismatch" in codes("The Riverside Museum will close on 3 June.", MUSEUM)


def test_words_of_values_do_not_make_two_sentences_about_one_thing() -> None:
    # "million euros" is all "Net profit fell …" shares with the claim
    evidence = ["Operating costs rose to 198 million euros. Net profit fell 6 percent to 87 "
                "million euros."]
    assert "polarity_mismatch" in [f.code for f in check_claim(
        "Operating costs fell to 198 million euros.", evidence)]


@pytest.mark.parametrize(("text", "want"), [
    ("The Bluefin route takes 3 hours 10 minutes.", [("3 hours 10 minutes", "seconds",
                                                      "1.14E+4")]),
    ("It took 2 hours and 45 minutes.", [("2 hours and 45 minutes", "seconds", "9.9E+3")]),
    ("3 hours 10 on the Bluefin", [("3 hours 10", "seconds", "1.14E+4")]),
    ("He served 2 years, 6 months.", [("2 years, 6 months", "months", "3E+1")]),
    # the smaller unit first, or another kind of figure: two figures
    ("It takes 45 minutes and 2 hours.", [("45 minutes", "seconds", "2.7E+3"),
                                           ("2 hours", "seconds", "7.2E+3")]),
])
def test_a_duration_in_two_units_is_one(text: str, want: list[tuple[str, str, str]]) -> None:
    assert figures(text) == want


FERRY = ("The Bluefin route takes 3 hours 10 minutes and costs €32 per adult. The Coastal "
         "route takes 2 hours 45 minutes but costs €8 more.")


def test_a_duration_in_two_units_equals_its_total() -> None:
    assert codes("The Coastal route takes 165 minutes.", FERRY) == []
    assert codes("The Coastal route is quicker — 2 hours 45 minutes versus 3 hours 10 on the "
                 "Bluefin.", FERRY) == []
    assert "ungrounded_figure" in codes("The Coastal route takes 2 hours 50 minutes.", FERRY)

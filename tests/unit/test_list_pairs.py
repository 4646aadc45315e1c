"""``value_swap`` for values a claim pairs across the ";"-cut rows of one evidence list
(:mod:`certirag.checks.pairs`)."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

TIMETABLE = ("Harwick to Dunmore weekday morning services: the 07:42 from Harwick arrives in "
             "Dunmore at 09:10; the 08:15 from Harwick arrives at 09:55; the 08:50 from "
             "Harwick arrives at 10:20. All services call at Elmbury.")
REVENUE = "In 2019 revenue was £5 million; in 2020 it was £7 million."


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The 08:15 from Harwick arrives in Dunmore at 09:10.", TIMETABLE),
    # a short answer read after its question holds its values in two sentences
    ("The 08:15 from Harwick arrives in Dunmore at what time? 09:10", TIMETABLE),
    ("In 2020 revenue was £5 million.", REVENUE),
])
def test_a_value_of_another_row_is_a_swap(claim: str, evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The 08:15 from Harwick arrives at 09:55.", TIMETABLE),
    ("The 07:42 from Harwick arrives in Dunmore at 09:10.", TIMETABLE),
    # whole rows, each value with another of its row
    ("The 07:42 arrives at 09:10 and the 08:15 at 09:55.", TIMETABLE),
    ("In 2020 revenue was £7 million.", REVENUE),
])
def test_values_of_one_row_are_no_swap(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


def test_a_sentence_that_states_the_pair_together_clears_it() -> None:
    evidence = TIMETABLE + " Passengers on the 08:15 reach Dunmore at 09:10 on Fridays."
    assert "value_swap" not in codes("The 08:15 from Harwick arrives in Dunmore at 09:10.",
                                     evidence)


def test_the_finding_names_the_claim_s_first_lone_value_and_the_list() -> None:
    found = [f for f in check_claim("The 08:15 from Harwick arrives in Dunmore at 09:10.",
                                    [TIMETABLE]) if f.code == "value_swap"]
    assert len(found) == 1
    assert found[0].text == "08:15"  # in the claim's order, never a set's
    assert found[0].evidence_text is not None and "07:42" in found[0].evidence_text


TARIFFS = ("The Flex Saver tariff has a unit rate of 24.5p per kWh and a standing charge of "
           "53p per day. Prices are variable and can change with 30 days' notice. The Fixed "
           "24 tariff locks the unit rate at 26.1p per kWh for 24 months, with a standing "
           "charge of 49p per day.")
PAY = "Anna Jones earns £50,000. Ben Smith earns £45,000."


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The standing charge on Fixed 24 is 53p a day.", TARIFFS),
    ("Ben Smith earns £50,000.", PAY),
])
def test_a_value_of_another_subject_s_sentence_is_a_swap(claim: str, evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The standing charge on Fixed 24 is 49p a day.", TARIFFS),
    ("The standing charge on Flex Saver is 53p a day.", TARIFFS),
    ("Ben Smith earns £45,000.", PAY),
    # a comparison holds both values
    ("Ben Smith earns £45,000, while Anna Jones earns £50,000.", PAY),
    # the value right after the name's sentence may name it by a pronoun
    ("From April, the standing charge on Fixed 24 is 53p a day.",
     "The Fixed 24 tariff has a standing charge of 49p per day until March. From April, it "
     "has a standing charge of 53p per day."),
    # the name's own sentence gives no rival for what the value measures
    ("Ben Smith earns £50,000.", "Anna Jones earns £50,000. Ben Smith joined in 2019 with 3 "
                                 "colleagues."),
])
def test_a_value_of_the_subject_is_no_swap(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


def test_dates_of_other_sentences_are_no_rivals() -> None:
    # a news story's dates are many, each an event's own: only prices and rates are read
    evidence = ("The Cleveland Browns begin offseason workouts on Tuesday for rookies. Rehab "
                "ended last week. Veterans begin offseason workouts on Monday.")
    assert "value_swap" not in codes("He is set to begin offseason workouts with the "
                                     "Cleveland Browns on Monday.", evidence)


def test_a_sentence_copied_whole_pairs_nothing_across_its_rows() -> None:
    # each ";"-cut row of the claim is read apart: a copied sentence pairs what it pairs
    sentence = ("John Powers Severin (December 26, 1921 – February 12, 2012) was an American "
                "comics artist noted for his work with EC Comics; for Marvel Comics, "
                "especially its war comics; and for his 45-year stint with the magazine "
                "Cracked.")
    assert "value_swap" not in codes(sentence, sentence)
    two = ("ABBA were a Swedish pop group, formed in 1972. Björn Ulvaeus (born 25 April 1945; "
           "credited as Björn Ulvæus) is a former member of ABBA (1972–1982).")
    assert "value_swap" not in codes(two, two)

"""Claims rules v18: "…, and there's free parking right outside" is a claim of its own, as
"…, and there is …" was (a small model read past the added clause at P(e) 0.88)."""

from __future__ import annotations

import pytest

from certirag.claims.conjunctions import split_conjunction


@pytest.mark.parametrize("there", ["there's", "there is", "there’s"])
def test_a_there_clause_after_and_is_its_own_claim(there: str) -> None:
    sentence = (f"Under-18s need a waiver completed by a parent before their first visit, and "
                f"{there} free parking right outside the park.")
    left, right = split_conjunction(sentence)
    assert left == "Under-18s need a waiver completed by a parent before their first visit."
    assert right == there[0].upper() + there[1:] + " free parking right outside the park."


def test_a_short_there_clause_stays_whole() -> None:
    sentence = "Lockers cost £1, and there's more."
    assert split_conjunction(sentence) == [sentence]


def test_a_there_clause_with_a_value_stays_with_its_subject() -> None:
    sentence = ("Vans are £9.90 per hour (or £79 for a full day), and there's a mileage charge of "
                "22p per mile on top.")
    assert split_conjunction(sentence) == [sentence]


@pytest.mark.parametrize("formula", ["No panic!", "Don't panic!", "Don’t panic."])
def test_no_panic_is_a_formula(formula: str) -> None:
    from certirag.claims import extract_claims
    got = extract_claims(f"{formula} Your cards will be printed today.",
                         question="I need my business cards by Friday. Help!")
    assert [c.text for c in got if c.kind == "claim"] == ["Your cards will be printed today."]


def test_an_opening_phrase_is_no_subject_with_a_clause() -> None:
    from certirag.claims import extract_claims
    answer = ("From May, unlimited monthly passes will include free mat and towel hire, plus one "
              "free guest class per month.")
    assert [c.text for c in extract_claims(answer)] == [answer]
    kept = [c.text for c in extract_claims("Leeds United, founded in 1919, plays at Elland "
                                           "Road.")]
    assert kept == ["Leeds United plays at Elland Road.", "Leeds United was founded in 1919."]


@pytest.mark.parametrize("sentence", [
    "Vans are £9.90 per hour, and there is a mileage charge of 22p per mile.",
    "Cars are £6 an hour, and there's a mileage charge of twenty-two pence per mile.",
    "The gates close at 6pm, and there's no access after that.",
])
def test_a_there_clause_that_leans_on_the_one_before(sentence: str) -> None:
    assert split_conjunction(sentence) == [sentence]

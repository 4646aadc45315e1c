"""``value_swap`` for a value the evidence gives for a bracket the claim's own quantity is
outside (:mod:`certirag.checks.brackets`)."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

VISA = ("The application fee is £719 for visas of up to three years and £1,420 for longer "
        "visas.")
MUSEUM = ("The special exhibition costs £12 for adults and £6 for children aged 5 to 16; "
          "children under 5 go free.")
SAVER = "The Flex Saver account pays 4.1% AER on balances up to £10,000."
TICKETS = "Adults and children over 12 pay £8. Children under 12 pay £4."


def codes(claim: str, evidence: str, question: str = "") -> list[str]:
    return [f.code for f in check_claim(claim, [evidence], question=question)]


@pytest.mark.parametrize(("claim", "evidence", "question"), [
    ("A four-year visa costs £719.", VISA, "How much is a four-year visa?"),
    ("What is the application fee for a five-year visa? £719", VISA, ""),
    ("A ticket for a 4-year-old costs £6.", MUSEUM, "How much is it for a 4-year-old?"),
    ("A ticket for a 17-year-old costs £6.", MUSEUM, "How much is it for a 17-year-old?"),
    ("The account pays 4.1% AER on a balance of £20,000.", SAVER,
     "What does it pay on £20,000?"),
    ("A 10-year-old pays £8.", TICKETS, "What does a 10-year-old pay?"),
])
def test_a_value_of_another_bracket_is_a_swap(claim: str, evidence: str,
                                              question: str) -> None:
    assert "value_swap" in codes(claim, evidence, question)


@pytest.mark.parametrize(("claim", "evidence", "question"), [
    ("A two-year visa costs £719.", VISA, "How much is a two-year visa?"),
    ("A three-year visa costs £719.", VISA, "How much is a three-year visa?"),
    ("A visa of up to three years costs £719.", VISA, ""),
    ("A ticket for a 10-year-old costs £6.", MUSEUM, "How much is it for a 10-year-old?"),
    ("Children aged 5 to 16 pay £6.", MUSEUM, ""),
    ("The account pays 4.1% AER on a balance of £5,000.", SAVER,
     "What does it pay on £5,000?"),
    ("A 14-year-old pays £8.", TICKETS, "What does a 14-year-old pay?"),
    ("A 10-year-old pays £4.", TICKETS, "What does a 10-year-old pay?"),
])
def test_a_value_of_the_claim_s_bracket_is_no_swap(claim: str, evidence: str,
                                                   question: str) -> None:
    assert "value_swap" not in codes(claim, evidence, question)


def test_a_place_that_gives_the_value_without_the_bound_clears_it() -> None:
    evidence = VISA + " Every visa, whatever its length, now costs £719 to renew."
    assert "value_swap" not in codes("A four-year visa costs £719.", evidence,
                                     "How much is a four-year visa?")


def test_a_claim_with_many_figures_is_not_read_for_brackets() -> None:
    # a bound on the work a hostile claim can cause, not a rule of meaning: with two
    # figures this claim is a swap, with ten it is not read for brackets at all
    few = "A four-year visa costs £719."
    many = "A four-year visa costs £719, plus " + ", ".join(f"£{n}" for n in range(1, 9)) + "."
    question = "How much is a four-year visa, and what extras are there?"
    assert "value_swap" in codes(few, VISA, question)
    evidence = VISA + " Extras cost " + ", ".join(f"£{n}" for n in range(1, 9)) + "."
    assert "value_swap" not in codes(many, evidence, question)


def test_a_quantity_at_the_bound_is_inside_and_only_prices_are_read() -> None:
    evidence = ("This year's election is the first with more than £100million placed on its "
                "outcome.")
    # "break the £100million barrier" for "more than £100million": no other bracket
    assert "value_swap" not in codes("The election is the first to break the £100million "
                                     "barrier.", evidence)
    assert "value_swap" not in codes("A five-year visa costs £1,420.", VISA,
                                     "How much is a five-year visa?")

"""A value the evidence gives as a former one, stated as if it held now (``value_swap``)."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

LEAVE = ("Up to five unused days may be carried over into the next calendar year; any "
         "further unused days are forfeited on 31 December. The policy was revised in "
         "January 2024; before that, the carry-over limit was ten days.")
FARE = ("A single ticket costs £3.20. Single tickets previously cost £2.90. A day ticket "
        "costs £6.")


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Keystone lets you carry over up to ten unused days into the next calendar year.", LEAVE),
    ("You can carry over ten unused days.", LEAVE),
    ("A single ticket costs £2.90.", FARE),
])
def test_a_former_value_stated_as_current_is_swapped(claim: str, evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You can carry over up to five unused days.", LEAVE),
    # the claim puts the value in the past itself
    ("Before 2024 you could carry over ten days.", LEAVE),
    ("The carry-over limit was ten days.", LEAVE),
    ("Single tickets used to cost £2.90.", FARE),
    ("A single ticket costs £3.20.", FARE),
    # the value stated without a mark elsewhere: no former value alone
    ("A single ticket costs £2.90.", FARE + " A child's return costs £2.90."),
])
def test_a_current_value_or_a_claim_in_the_past_is_no_swap(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


def test_rules_of_what_no_sentence_says_read_nothing_in_a_span() -> None:
    # a deciding span is part of the evidence: the rest may state the value plainly
    from certirag.checks import prepare_evidence

    span = prepare_evidence([FARE])
    assert "value_swap" in [f.code for f in check_claim("A single ticket costs £2.90.", span)]
    span.partial = True
    assert "value_swap" not in [f.code for f in check_claim("A single ticket costs £2.90.",
                                                            span)]

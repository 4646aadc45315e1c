"""Figures a claim works out from the figures it shows (``certirag.checks.arithmetic``):
each faithful sum, product or time offset has a planted-error twin that is still a finding."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

EXCESS = ("Drivers under 25 are subject to an additional excess of £250 on top of the standard "
          "£200 excess.")
TICKETS = "Adult tickets cost £18 and concessions £14; under-16s go free with a paying adult."
MUSEUM = ("The museum is open from 10:00 to 17:00, Tuesday to Sunday. Last entry to the special "
          "exhibition is one hour before closing.")


# the question gives the driver's age and the party's size, as the answers' questions do
QUESTION = "What would a 22-year-old pay, and what would two adults pay?"


def _codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence], question=QUESTION)]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("A 22-year-old would pay £450 in total: the standard £200 excess plus an extra £250.",
     EXCESS),
    ("The £200 excess plus the £250 one come to £450.", EXCESS),
    ("Two adult tickets at £18 each come to £36.", TICKETS),
    ("Last entry to the special exhibition is at 16:00.", MUSEUM),
])
def test_shown_arithmetic_is_grounded(claim: str, evidence: str) -> None:
    assert _codes(claim, evidence) == []


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    # the sum is wrong
    ("A 22-year-old would pay £460 in total: the standard £200 excess plus an extra £250.",
     EXCESS, "ungrounded_figure"),
    # a total whose parts the claim does not show
    ("A 22-year-old would pay £450.", EXCESS, "ungrounded_figure"),
    # parts added without saying it is a total
    ("The standard excess is £200, the extra one £250, and the fee £450.", EXCESS,
     "ungrounded_figure"),
    # a part the evidence does not give
    ("A 22-year-old would pay £550 in total: the standard £300 excess plus an extra £250.",
     EXCESS, "ungrounded_figure"),
    # the product is wrong, or the figure is not for each
    ("Two adult tickets at £18 each come to £38.", TICKETS, "ungrounded_figure"),
    ("Two adult tickets at £18 come to £36.", TICKETS, "ungrounded_figure"),
    # the offset goes the wrong way, or is not the evidence's
    ("Last entry to the special exhibition is at 18:00.", MUSEUM, "ungrounded_date"),
    ("Last entry to the special exhibition is at 16:30.", MUSEUM, "ungrounded_date"),
])
def test_arithmetic_that_is_not_shown_or_not_exact_stays_a_finding(
        claim: str, evidence: str, code: str) -> None:
    assert code in _codes(claim, evidence)


def test_an_offset_needs_before_or_after() -> None:
    evidence = "The museum is open from 10:00 to 17:00. A tour lasts one hour."
    assert "ungrounded_date" in _codes("The last tour starts at 16:00.", evidence)


def test_a_long_list_of_amounts_is_read_quickly_and_shows_no_sum() -> None:
    evidence = " ".join(f"Item {i} costs £{i}." for i in range(1, 301))
    amounts = ", ".join(f"£{i}" for i in range(1, 301))
    claim = f"The items cost {amounts}, £45,150 in total."
    assert "ungrounded_figure" in _codes(claim, evidence)

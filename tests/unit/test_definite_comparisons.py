""""The lower" (or "the highest") of named things against their figures in separate
sentences (``certirag.checks.definite``)."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

TARIFFS = ("The Flex Saver tariff has a unit rate of 24.5p per kWh and a standing charge of 53p "
           "per day. Prices are variable. The Fixed Plus tariff locks the unit rate at 26.1p "
           "per kWh for two years, with a standing charge of 49p per day. The Night Owl tariff "
           "charges 9p per kWh between midnight and 5 am.")


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize("claim", [
    "Flex Saver has the lower standing charge.",
    "Fixed Plus has the higher standing charge.",
    "Fixed Plus has the lowest unit rate.",
])
def test_the_other_way_round_from_the_figures_is_a_comparison_mismatch(claim: str) -> None:
    assert "comparison_mismatch" in codes(claim, TARIFFS)


@pytest.mark.parametrize("claim", [
    "Fixed Plus has the lower standing charge.",
    "Flex Saver has the higher standing charge.",
    "Flex Saver has the lower unit rate.",
    "Flex Saver does not have the lower standing charge.",  # negated
    "Flex Saver may have the lower standing charge.",  # hedged: the hedge check's
    "The tariff with the lower standing charge is Fixed Plus.",  # no name before it
    "Flex Saver has the lower exit fee.",  # no figure for it
    "Flex Saver has one of the lower standing charges.",  # one among several
])
def test_a_comparison_the_figures_bear_out_or_do_not_settle_passes(claim: str) -> None:
    assert "comparison_mismatch" not in codes(claim, TARIFFS)


FARES = "A single fare costs £2.40, and a day ticket costs £6. Children travel half price."
RETURN = "I'll be making a return trip. Is a day ticket cheaper than two singles?"


@pytest.mark.parametrize(("claim", "flagged"), [
    # two singles at £2.40 are £4.80: less than the day ticket
    ("A day ticket at £6 is cheaper than two single fares.", True),
    ("A day ticket at £6 is dearer than two single fares.", False),
    ("A day ticket at £6 is cheaper than three single fares.", False),  # £7.20
    ("A day ticket at £6 may be cheaper than two single fares.", False),  # hedged
])
def test_an_amount_against_a_count_of_a_priced_thing(claim: str, flagged: bool) -> None:
    found = [f.code for f in check_claim(claim, [FARES], question=RETURN)]
    assert ("comparison_mismatch" in found) is flagged


def test_a_thing_with_two_prices_is_not_counted() -> None:
    evidence = "A single fare costs £2.40. At peak times a single fare costs £3.50."
    assert "comparison_mismatch" not in codes(
        "A day ticket at £6 is cheaper than two single fares.", evidence)

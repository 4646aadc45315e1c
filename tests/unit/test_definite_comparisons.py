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

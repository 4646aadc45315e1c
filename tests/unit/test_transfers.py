"""Which way something passed between two names (``relation_mismatch``)."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.transfers import directions

COURT = ("The Court of Appeal overturned the conviction of Daniel Hargreave, a former "
         "procurement officer. Hargreave had been found guilty in 2021 of accepting £48,000 "
         "in bribes from a paving contractor, Stonebridge Surfacing Ltd.")


@pytest.mark.parametrize(("text", "way"), [
    ("Daniel Hargreave paid £48,000 in bribes to Stonebridge Surfacing.", {"giving"}),
    ("Daniel Hargreave accepted £48,000 in bribes from Stonebridge Surfacing.", {"taking"}),
    # the names the other way round read the other way
    ("Stonebridge Surfacing paid bribes to Daniel Hargreave.", {"taking"}),
    ("Stonebridge Surfacing paid Daniel Hargreave £48,000.", {"taking"}),
    # the surname alone names the person
    ("Hargreave received £48,000 from Stonebridge Surfacing.", {"taking"}),
    # no transfer, or one name missing
    ("Daniel Hargreave met Stonebridge Surfacing in 2020.", set()),
    ("Daniel Hargreave paid £48,000.", set()),
])
def test_directions(text: str, way: set[str]) -> None:
    assert directions(text, "Daniel Hargreave", "Stonebridge Surfacing") == way


@pytest.mark.parametrize("claim", [
    "Daniel Hargreave paid £48,000 in bribes to Stonebridge Surfacing.",
    "Stonebridge Surfacing received £48,000 in bribes from Daniel Hargreave.",
])
def test_a_transfer_the_other_way_is_a_relation_mismatch(claim: str) -> None:
    assert "relation_mismatch" in [f.code for f in check_claim(claim, [COURT])]


@pytest.mark.parametrize("claim", [
    "Daniel Hargreave accepted £48,000 in bribes from Stonebridge Surfacing.",
    "Stonebridge Surfacing paid £48,000 in bribes to Daniel Hargreave.",
    "Hargreave took bribes from Stonebridge Surfacing.",
])
def test_a_transfer_the_same_way_is_no_mismatch(claim: str) -> None:
    assert "relation_mismatch" not in [f.code for f in check_claim(claim, [COURT])]

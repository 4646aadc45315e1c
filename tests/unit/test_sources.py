"""A value the claim credits to one source where the evidence credits it to another."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.sources import source_of

BIKE = ("According to the manufacturer, the Aurora X2 e-bike battery lasts up to 120 km on a "
        "single charge. An independent test by CycleLab measured a range of 84 km in mixed "
        "riding.")
SURVEY = ("The council estimates that 4,000 homes are empty. A survey by Shelter found 6,500 "
          "empty homes in the city.")


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("text", "src"), [
    ("According to the manufacturer, it lasts 120 km.", {"manufacturer"}),
    ("An independent test by CycleLab measured a range of 84 km.",
     {"independent", "test", "cyclelab"}),
    ("Independent testing found it goes up to 120 km.", {"independent", "test"}),
    ("The council estimates that 4,000 homes are empty.", {"council"}),
    # a subject that reports nothing is no source
    ("The battery lasts 120 km.", set()),
    ("Jane said the battery lasts 120 km.", set()),
])
def test_the_source_a_sentence_credits(text: str, src: set[str]) -> None:
    assert source_of(text) == src


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Independent testing found it goes up to 120 km on a single charge.", BIKE),
    ("The manufacturer says the battery lasts 84 km.", BIKE),
    ("A survey found 4,000 empty homes in the city.", SURVEY),
])
def test_a_value_credited_to_another_source_is_swapped(claim: str, evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Independent testing measured 84 km.", BIKE),
    ("The manufacturer says the battery lasts up to 120 km on a single charge.", BIKE),
    ("The battery lasts up to 120 km on a single charge.", BIKE),  # no source named
    ("The council estimates that 4,000 homes are empty.", SURVEY),
    # the value stated without a source too
    ("A survey found 4,000 empty homes.", SURVEY + " Some 4,000 homes are empty."),
])
def test_a_value_its_source_gives_or_no_source_names_is_no_swap(claim: str,
                                                                 evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)

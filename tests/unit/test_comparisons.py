"""``comparison_mismatch``: two things compared the other way round from the two figures an
evidence sentence gives them. Each planted reversal has a faithful twin that passes."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

SEAGRASS = ("The researchers found that meadows near river mouths lost an average of 18% of "
            "their area over the period, while meadows far from rivers lost 4%.")
TRIAL = ("Serious adverse events occurred in 2.1% of the tirnavumab group and 2.4% of the "
         "placebo group.")
SALES = "Online sales rose to £4.2 million, while store sales fell to £3.1 million."


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Meadows far from rivers shrank more than those near river mouths.", SEAGRASS),
    ("Meadows near river mouths lost less than meadows far from rivers.", SEAGRASS),
    ("Serious adverse events were more common with tirnavumab than with placebo.", TRIAL),
    ("Serious adverse events were less common with placebo than with tirnavumab.", TRIAL),
    ("Store sales were higher than online sales.", SALES),
])
def test_a_reversed_comparison_is_caught(claim: str, evidence: str) -> None:
    assert "comparison_mismatch" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Meadows near river mouths shrank more than those far from rivers.", SEAGRASS),
    ("Meadows far from rivers shrank less than those near river mouths.", SEAGRASS),
    ("Serious adverse events were less common with tirnavumab than with placebo.", TRIAL),
    ("Serious adverse events were more common with placebo than with tirnavumab.", TRIAL),
    ("Online sales were higher than store sales.", SALES),
    # negated or hedged: not a comparison the claim makes
    ("Serious adverse events were not more common with tirnavumab than with placebo.", TRIAL),
    # a bound on a number is the figures check's ("more than 2%")
    ("Serious adverse events occurred in more than 2% of the tirnavumab group.", TRIAL),
    # a sentence that names only one of the two things
    ("Meadows far from rivers shrank more than seagrass in Spain.", SEAGRASS),
])
def test_what_the_comparison_check_leaves_alone(claim: str, evidence: str) -> None:
    assert "comparison_mismatch" not in codes(claim, evidence)


def test_three_figures_are_no_pair() -> None:
    evidence = ("Sites lost 18% near river mouths, 9% in estuaries and 4% far from rivers.")
    assert "comparison_mismatch" not in codes(
        "Sites far from rivers lost more than sites near river mouths.", evidence)

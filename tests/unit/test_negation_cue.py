"""A contracted "not" ("doesn't", "isn’t") is a negation for every check that asks whether
its words are denied (``certirag.text.contractions.negation_cue``)."""

from __future__ import annotations

import re

import pytest

from certirag.checks import check_claim
from certirag.text.contractions import negation_cue


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("text", "denied"), [
    ("It doesn't apply.", True), ("It isn’t open.", True), ("You can't park.", True),
    ("It does not apply.", True), ("Never on Sundays.", True),
    ("Nothing is said.", False), ("A notable case.", False), ("Another day.", False),
])
def test_the_cue(text: str, denied: bool) -> None:
    assert bool(re.search(negation_cue("not|never"), text, re.IGNORECASE)) is denied


REMOTE = ("Staff may work from home up to two days a week with their manager's approval. "
          "Remote working is not available during the first three months of employment.")
SUBS = ("Rolling substitutions are not permitted in senior divisions but are allowed in the "
        "under-14 and under-12 divisions.")
BATTERIES = ("Lithium-ion batteries shipped on their own are accepted only by sea freight "
             "and must be declared as dangerous goods.")


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    # the claim denies what the evidence denies: no waiting period, means or case dropped
    ("Remote working isn't available from your start date.", REMOTE, "qualifier_dropped"),
    ("New staff don't get to work from home from their start date.", REMOTE,
     "qualifier_dropped"),
    ("Lithium-ion batteries on their own don't go by air.", BATTERIES, "qualifier_dropped"),
    ("Senior division teams aren't allowed to use rolling substitutions.", SUBS,
     "polarity_mismatch"),
    ("Senior teams don't get rolling substitutions.", SUBS, "polarity_mismatch"),
])
def test_a_contracted_denial_is_a_denial(claim: str, evidence: str, code: str) -> None:
    assert code not in codes(claim, evidence)


def test_a_contracted_contrast_in_the_evidence() -> None:
    evidence = ("Rolling substitutions aren't permitted in senior divisions but are allowed "
                "in the under-12 division.")
    assert "polarity_mismatch" in codes("Senior division teams can use rolling "
                                        "substitutions.", evidence)

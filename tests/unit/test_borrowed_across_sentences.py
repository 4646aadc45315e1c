"""A value the evidence states of another named thing, given to the claim's
(``certirag.checks.borrowed``)."""

from __future__ import annotations

import pytest

from certirag.checks import PreparedEvidence, check_claim, prepare_evidence

ALBUMS = ("Abbey Road is an album by The Beatles. Abbey Road was released in 1969. Let It Be "
          "is an album by The Beatles. Let It Be was released in 1970.")
BRIDGES = ("The Harlow Viaduct opened in 1887 and carries the main line over the Tame. The "
           "Calder Bridge was built by the same firm. The Calder Bridge opened in 1902 and is "
           "480 metres long.")


def codes(claim: str, evidence: str | list[str] | PreparedEvidence) -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev)]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Abbey Road was released in 1970.", ALBUMS),
    ("Abbey Road is from 1970.", ALBUMS),  # no word of the fact: the names decide
    ("Abbey Road came out in 1970.", ALBUMS),  # "came": a word the evidence never uses
    ("The Harlow Viaduct opened in 1902.", BRIDGES),
])
def test_a_value_of_another_named_thing_is_a_swap(claim: str, evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Abbey Road was released in 1969.", ALBUMS),
    ("Let It Be is from 1970.", ALBUMS),
    ("The Beatles released Let It Be in 1970.", ALBUMS),
    ("The Calder Bridge opened in 1902.", BRIDGES),
    # a pronoun may stand for the claim's name
    ("Abbey Road was remastered in 2009.",
     "Abbey Road was released in 1969. It was remastered by George Martin's son in 2009."),
    # the sentence with the value says nothing the claim's sentence says of its name
    ("The Harlow Viaduct is 480 metres long.",
     "The Harlow Viaduct opened in 1887. The Calder Bridge is 480 metres long."),
    # a negated claim denies the value
    ("Abbey Road was not released in 1970.", ALBUMS),
    # a sentence that opens with a description may speak of the claim's name
    ("Daly, 22, has not yet been capped.",
     "Daly has played 13 times for Wasps this season. The uncapped Wasps centre, 22, "
     "scored two tries in March. Tom Varndell scored 13 tries."),
    ("Ng is 22.", "Ng has won 13 caps. The 22-year-old joined Harlow Falcons in June."),
    # a name that owns what the claim speaks of is not its subject
    ("John Haase's associate was born in 1963.",
     "John Haase (born 1948) is a criminal. Curtis Warren (born 31 May 1963) is a gangster."),
    # the claim's first word alone is no name ("Woman emerged …")
    ("Woman was held hostage for 7.5 hours.",
     "A woman was held hostage for more than seven hours. Victoria Police ended the 7.5 hour "
     "siege at Riverside Quay."),
    # the value is stated of the claim's name too
    ("Abbey Road was released in 1970.", [ALBUMS, "Abbey Road was reissued in 1970."]),
])
def test_a_value_of_its_own_named_thing_is_no_swap(claim: str,
                                                   evidence: str | list[str]) -> None:
    assert "value_swap" not in codes(claim, evidence)


def test_only_the_whole_evidence_is_read() -> None:
    span = prepare_evidence([ALBUMS])
    span.partial = True
    assert "value_swap" not in codes("Abbey Road was released in 1970.", span)

"""``holder_mismatch``: an office one holder fills at a time, given to another name."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.offices import Holding, holdings

TEAM = ("Meet our team. The clinic's physiotherapy team is led by Dr Amal Reyes. Dr Owen "
        "Pritchard heads the sports medicine unit, and Nurse Lena Ford coordinates "
        "appointments for both departments.")
BANK = ("Jane Fraser, the chief executive of Norbank, said profits rose. Tom Hale was the "
        "chief executive of Norbank until 2019.")


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("text", "got"), [
    ("Kyoto is the capital of Kyoto Prefecture.",
     [Holding("kyoto", "capital", "kyoto prefecture", False)]),
    ("Tokyo is Japan's capital.", [Holding("tokyo", "capital", "japan", False)]),
    ("The head of the clinic's sports medicine unit is Dr Amal Reyes.",
     [Holding("amal reyes", "head", "sports medicine unit", False)]),
    ("The clinic's physiotherapy team is led by Dr Amal Reyes.",
     [Holding("amal reyes", "head", "physiotherapy team", False)]),
    ("Jane Fraser, the CEO of Norbank, spoke.",
     [Holding("jane fraser", "chief executive", "norbank", False)]),
    ("Norbank's chairman was Tom Hale.", [Holding("tom hale", "chair", "norbank", True)]),
    ("Tokyo - capital of - Japan", [Holding("tokyo", "capital", "japan", False)]),
    # another office, a pronoun or a common noun as the holder: nothing read
    ("Tom Hale is the former chief executive of Norbank.", []),
    ("He is the capital of nothing.", []),
    ("The city is the capital of France.", []),
])
def test_holdings_read_the_shapes_of_an_office(text: str, got: list[Holding]) -> None:
    assert holdings(text) == got


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The head of the clinic's sports medicine unit is Dr Amal Reyes.", TEAM),
    ("Dr Amal Reyes heads the sports medicine unit.", TEAM),
    ("Tom Hale is the chief executive of Norbank.", BANK),
    ("Kyoto is the capital of Japan.", "Kyoto - capital of - Kyoto Prefecture\n"
                                       "Tokyo - capital of - Japan"),
])
def test_an_office_the_evidence_gives_to_another_is_a_contradiction(claim: str,
                                                                     evidence: str) -> None:
    assert "holder_mismatch" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Dr Owen Pritchard heads the sports medicine unit.", TEAM),
    ("Dr Amal Reyes leads the physiotherapy team.", TEAM),
    ("Jane Fraser is the chief executive of Norbank.", BANK),
    # "was" against "is": he may have held it before her
    ("Tom Hale was the chief executive of Norbank.", BANK),
    ("Jane Fraser was the chief executive of Norbank.", BANK),
    # another office, or the same office of something else
    ("Tom Hale is the chair of Norbank.", BANK),
    ("Dr Amal Reyes heads the sports medicine unit.", "Dr Owen Pritchard heads the cardiology "
                                                      "unit."),
])
def test_no_mismatch_without_another_holder_in_the_same_tense(claim: str,
                                                              evidence: str) -> None:
    assert "holder_mismatch" not in codes(claim, evidence)

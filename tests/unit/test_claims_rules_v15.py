"""Claims rules v15: what an eighth blind round showed the claim rules read wrongly — a
subject with two participle phrases ("Pieces glazed with the studio glazes and fired in the
shared kiln are not food-safe.") split into a fragment and a claim about a wider subject;
"Happy gardening!" read as a claim."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims


def claims(answer: str, question: str = "") -> list[str]:
    return [c.text for c in extract_claims(answer, question=question) if c.kind == "claim"]



@pytest.mark.parametrize("sentence", [
    "Pieces glazed with the studio glazes and fired in the shared kiln are not food-safe.",
    "Bikes bought online and collected in store carry a two-year warranty.",
    "Tickets booked online and printed at home are valid.",
])
def test_two_participles_of_one_subject_stay_whole(sentence: str) -> None:
    assert claims(sentence) == [sentence]


@pytest.mark.parametrize(("sentence", "parts"), [
    ("The museum opened in 1990 and closed in 2020.",
     ["The museum opened in 1990.", "The museum closed in 2020."]),
    ("The bridge was repaired in May and reopened in June.",
     ["The bridge was repaired in May.", "The bridge reopened in June."]),
])
def test_two_predicates_are_still_split(sentence: str, parts: list[str]) -> None:
    assert claims(sentence) == parts


@pytest.mark.parametrize("wish", ["Happy gardening!", "Happy baking!", "Happy travels!"])
def test_a_wish_is_no_claim(wish: str) -> None:
    assert claims(f"A half plot is £38 a year. {wish}") == ["A half plot is £38 a year."]


@pytest.mark.parametrize(("sentence", "parts"), [
    ("Councillors approved the plan and rejected calls for a delay.",
     ["Councillors approved the plan.", "Councillors rejected calls for a delay."]),
    ("Firefighters rescued two dogs and treated cats for smoke.",
     ["Firefighters rescued two dogs.", "Firefighters treated cats for smoke."]),
])
def test_two_verbs_of_a_plural_subject_are_still_split(sentence: str,
                                                       parts: list[str]) -> None:
    assert claims(sentence) == parts

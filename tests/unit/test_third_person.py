"""certirag.text.verbs.third_person: the verb a claim built from "does …?" needs."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims
from certirag.text.verbs import third_person


@pytest.mark.parametrize(("base", "third"), [
    ("have", "has"), ("do", "does"), ("go", "goes"), ("be", "is"), ("carry", "carries"),
    ("play", "plays"), ("teach", "teaches"), ("fix", "fixes"), ("pass", "passes"),
    ("veto", "vetoes"), ("take", "takes"), ("Carry", "Carries"),
])
def test_third_person(base: str, third: str) -> None:
    assert third_person(base) == third


@pytest.mark.parametrize(("question", "answer", "claim"), [
    ("How long does the courier take?", "3-5 days", "The courier takes 3-5 days."),
    ("How long does the crossing last?", "About 90 minutes",
     "The crossing lasts about 90 minutes."),
    ("Does the scheme have to cover flights?", "No", "The scheme does not have to cover flights."),
    ("Does everyone have to prove their English?", "No",
     "Not everyone has to prove their English."),
    ("Does every clinic carry out scans?", "No", "Not every clinic carries out scans."),
])
def test_claims_from_does_questions(question: str, answer: str, claim: str) -> None:
    assert [c.text for c in extract_claims(answer, question=question)] == [claim]

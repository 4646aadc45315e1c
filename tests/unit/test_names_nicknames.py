"""Names a faithful summary writes otherwise (checks v3): a first name's short or long
form ("Mike Finkel" for Michael Finkel), "State of X" for X, a plural title before two
names ("Princesses Sofia and Leonor"), a charity named by its kind ("Charity Umbrella of
Hope"), and people named with the place they are from ("Mimi and Joe Lemay of
Massachusetts"). Each passes the deterministic check and the binding rule, and each has a
twin with a planted error that is still caught."""

from __future__ import annotations

import pytest

from .paraphrase_support import assert_paraphrase_passes_and_twin_is_caught, codes

# (claim, evidence, the planted-error twin of the claim, the code that twin must get)
CASES: list[tuple[str, str, str, str]] = [
    ("He was posing as New York Times reporter Michael Finkel.",
     "He assumed the identity of Mike Finkel, a New York Times journalist.",
     "He was posing as New York Times reporter Michael Franco.", "ungrounded_entity"),
    ("Bob Harris was shot in the bedroom.",
     "Colleen Harris shot Robert Harris in their bedroom.",
     "Bill Harris was shot in the bedroom.", "ungrounded_entity"),
    ("She plans to renew her vows with husband Rob.",
     "Cheryl and her partner Robert plan to renew their vows.",
     "She plans to renew her vows with husband Tom.", "ungrounded_entity"),
    ("The State of California will appeal the sentence.",
     "California prosecutors said they would appeal the sentence.",
     "The State of Nevada will appeal the sentence.", "ungrounded_entity"),
    ("It was the first appearance of Princesses Sofia and Leonor in months.",
     "Princess Sofia and Princess Leonor made their first appearance in months.",
     "It was the first appearance of Princesses Sofia and Beatrice in months.",
     "ungrounded_entity"),
    ("Charity Umbrella of Hope took the dog in.",
     "Kristy Keusch from Umbrella of Hope is now caring for the dog.",
     "Charity Paws of Hope took the dog in.", "ungrounded_entity"),
    ("Mimi and Joe Lemay of Massachusetts let their son transition.",
     "Massachusetts couple Mimi and Joe Lemay let their son Jacob transition.",
     "Mimi and Joe Lemay of Vermont let their son transition.", "ungrounded_entity"),
]


@pytest.mark.parametrize(("claim", "evidence", "twin", "code"), CASES)
def test_the_paraphrase_passes_and_its_twin_is_caught(claim: str, evidence: str, twin: str,
                                                      code: str) -> None:
    assert_paraphrase_passes_and_twin_is_caught(claim, evidence, twin, code)


@pytest.mark.parametrize(("claim", "evidence"), [
    # a nickname is the same first name, never another person's surname
    ("Mike Finkel wrote the story.", "Michael Franco wrote the story about Finkel's past."),
    # two first names that are no forms of each other
    ("Michael Finkel wrote the story.", "Mitchell Finkel wrote the story."),
    # the place must be said near the names, not anywhere in the text
    ("Anna Berg of Oslo runs the depot.",
     "Anna Berg runs the depot. " + "The company has grown fast in recent years and opened "
     "new offices abroad, hiring staff from many countries across Europe and Asia. " * 2
     + "Its biggest rival is based in Oslo."),
    # "State of X" is X, not any state
    ("The State of Utah sued the firm.", "The state sued the firm."),
])
def test_what_is_still_ungrounded(claim: str, evidence: str) -> None:
    assert "ungrounded_entity" in codes(claim, evidence)

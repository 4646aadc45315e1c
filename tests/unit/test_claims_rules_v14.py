"""Claims rules v14: what a seventh blind round showed the claim rules read wrongly — the
"it" of "Is it OK to …?" taken for a pronoun, so a yes ("Yep, that's fine at the desks.")
lost the question's statement; a place after the subject's noun ("the footpath round
Hallam Reservoir") read as the predicate."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims
from certirag.claims.answers import yes_no_statement


def claims(answer: str, question: str = "") -> list[str]:
    return [c.text for c in extract_claims(answer, question=question) if c.kind == "claim"]


@pytest.mark.parametrize(("question", "answer", "statement"), [
    ("Is it OK to have a coffee at my desk inside the lab?", "Yep, that's fine at the desks.",
     "It is OK to have a coffee at your desk inside the lab."),
    ("Is it safe to swim in the quarry lake?", "Yes, that's totally fine in summer.",
     "It is safe to swim in the quarry lake."),
    ("Is it allowed to park on the verge?", "Yes - it's permitted after 6pm.",
     "It is allowed to park on the verge."),
])
def test_a_yes_whose_rest_only_says_it_again(question: str, answer: str,
                                             statement: str) -> None:
    assert statement in claims(answer, question)


@pytest.mark.parametrize(("question", "answer"), [
    # a rest that says something of its own is the claim; the statement of "it" is not
    ("Is it safe to swim in the quarry lake?", "Yes, swimming is allowed in summer."),
    ("Is it safe to drive right after taking Somnirel?",
     "No, you shouldn't drive for at least 8 hours after a dose."),
    # "it" names a thing of the chat, which the question does not say
    ("Is it any good?", "Yes, it's fine for beginners."),
])
def test_a_yes_whose_rest_says_more_is_left_to_the_rest(question: str, answer: str) -> None:
    assert not any(c.startswith("It is ") for c in claims(answer, question))


@pytest.mark.parametrize(("question", "statement"), [
    ("Is the footpath round Hallam Reservoir open again yet?",
     "The footpath round Hallam Reservoir is not open again yet."),
    ("Is the car park behind the church free on Sundays?",
     "The car park behind the church is not free on Sundays."),
    ("Is the outside pool heated?", "The outside pool is not heated."),
])
def test_a_place_after_the_subjects_noun_belongs_to_the_subject(question: str,
                                                                 statement: str) -> None:
    assert yes_no_statement(question, False) == statement

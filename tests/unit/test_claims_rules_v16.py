"""Claims rules v16: a word that scopes over the first predicate is not copied onto the
second ("The clinic seldom opens at weekends and closes at 6 pm." stays whole: the claim is not
"The clinic seldom closes at 6 pm."); reassurance and sympathy are not claims ("Totally
understandable!", "That's completely normal, so try not to worry!", "Good news!", "And I'm
so sorry for your loss.", "Hope you all have a great evening!"); a yes to "Can my driving
instructor pick me up …?" reads "Your driving instructor can pick you up …"."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims
from certirag.claims.answers import yes_no_statement
from certirag.claims.conjunctions import split_conjunction
from certirag.claims.opinions import not_a_claim_reason


@pytest.mark.parametrize("sentence", [
    "The clinic seldom opens at weekends and closes at 6 pm.",
    "The shop never opens on Sundays and closes at 5 pm on Saturdays.",
    "The office only accepts cash and closes at noon.",
])
def test_a_scoping_word_is_not_copied(sentence: str) -> None:
    assert split_conjunction(sentence) == [sentence]


@pytest.mark.parametrize(("sentence", "halves"), [
    ("The library opens at 9 and closes at 5.",
     ["The library opens at 9.", "The library closes at 5."]),
    ("The only bus leaves at 8 and arrives at 9.",
     ["The only bus leaves at 8.", "The only bus arrives at 9."]),
    # a word that neither denies nor limits is given to both, as before
    ("The council also approved the plan and rejected calls for a delay.",
     ["The council also approved the plan.", "The council also rejected calls for a delay."]),
])
def test_plain_predicates_still_split(sentence: str, halves: list[str]) -> None:
    assert split_conjunction(sentence) == halves


@pytest.mark.parametrize("sentence", [
    "Totally understandable!", "That's completely normal, so try not to worry!",
    "Don't worry, it's pretty straightforward!", "Good news!", "That’s no problem!",
    "And I'm so sorry for your loss.", "Hope you all have a great evening!",
])
def test_reassurance_and_sympathy_are_not_claims(sentence: str) -> None:
    assert not_a_claim_reason(sentence, asked="How long does the hearing take?") == "greeting"


@pytest.mark.parametrize("sentence", [
    "That's no problem at all!", "Good news!", "That's completely normal!",
])
def test_reassurance_that_answers_yes_is_a_claim(sentence: str) -> None:
    assert not_a_claim_reason(sentence, asked="Can I bring my dog to the tap room?") is None
    assert not_a_claim_reason("I'm so sorry for your loss.", asked="Can I bring my dog?") \
        == "greeting"


@pytest.mark.parametrize("sentence", [
    "It's normal for the gate to close at 6pm.", "Good news: the pool reopens on 3 May.",
    "And it opens at 9.", "It is easy to park there.",
])
def test_facts_beside_them_are_claims(sentence: str) -> None:
    assert not_a_claim_reason(sentence, asked="Can I bring my dog?") is None


def test_a_pleasantry_is_not_read_with_the_question() -> None:
    got = extract_claims("Totally understandable! We'll text you a photo on day two.",
                         question="I'm worried my dog will be anxious - can I check in on her?")
    assert [c.kind for c in got] == ["not_a_claim", "claim"]


@pytest.mark.parametrize(("question", "yes"), [
    ("can my driving instructor pick me up from college and drop me home after?",
     "Your driving instructor can pick you up from college and drop you home after."),
    ("Can the instructor pick me up from college?", "The instructor can pick you up from college."),
    ("Will the council give us a refund?", "The council will give you a refund."),
    ("Can my dog stay in the room?", "Your dog can stay in the room."),
    ("Can people like me apply for a place?", "People like me can apply for a place."),
])
def test_an_object_pronoun_follows_the_verb(question: str, yes: str) -> None:
    assert yes_no_statement(question, True) == yes


def test_no_longer_is_not_copied() -> None:
    sentence = "The café no longer opens on Mondays and closes at 4pm."
    assert split_conjunction(sentence) == [sentence]


def test_reassurance_after_a_yes_is_no_second_answer() -> None:
    got = extract_claims("Yep, that's no problem! Your instructor can collect you from college.",
                         question="Can my instructor pick me up from college?")
    assert [c.kind for c in got] == ["claim", "not_a_claim", "claim"]

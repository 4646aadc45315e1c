"""A favourite is the speaker's opinion, and a comma splice after an opinion leaves the
clause after it a claim of its own, its pronoun naming what the opinion named."""

from __future__ import annotations

import pytest

from certirag.claims.extract import extract_claims
from certirag.claims.opinions import (
    asks_experience,
    favourite_name,
    not_a_claim_reason,
    opinion_name,
    performance_fact,
    presupposed_fact,
)


@pytest.mark.parametrize(("sentence", "name"), [
    ("One of my favorites is Edward Scissorhands", "Edward Scissorhands"),
    ("My favourite film is Big Fish.", "Big Fish"),
    ("Big Fish is one of my favorites.", "Big Fish"),
    ("Big Fish is my all-time favorite!", "Big Fish"),
    ("My favorite author is J. K. Rowling.", "J. K. Rowling"),
])
def test_a_favourite_is_an_opinion_that_names_one_thing(sentence: str, name: str) -> None:
    assert not_a_claim_reason(sentence) == "opinion"
    assert favourite_name(sentence) == name and opinion_name(sentence) == name


@pytest.mark.parametrize("sentence", [
    "My favorite is Big Fish with Ewan McGregor.",  # a relation: a claim
    "Big Fish is one of my favorites, starring Ewan McGregor.",
    "Big Fish is one of the best films of 2003.",
])
def test_a_favourite_that_relates_it_to_something_is_a_claim(sentence: str) -> None:
    assert favourite_name(sentence) is None
    assert not_a_claim_reason(sentence) is None


def _claims(answer: str, question: str = "") -> list[tuple[str, str]]:
    return [(c.text, c.kind) for c in extract_claims(answer, question=question)]


@pytest.mark.parametrize(("answer", "claim"), [
    ("One of my favorites is Edward Scissorhands, Tim Burton wrote it.",
     "Tim Burton wrote Edward Scissorhands."),
    ("I loved Zodiac, it was directed by David Fincher.", "Zodiac was directed by David Fincher."),
])
def test_a_splice_after_an_opinion_leaves_its_clause_a_claim(answer: str, claim: str) -> None:
    got = _claims(answer, "Do you like Tim Burton films?")
    assert got[0][1] == "not_a_claim" and got[1:] == [(claim, "claim")]


@pytest.mark.parametrize("answer", [
    "The drug is safe, it may cause nausea in some patients.",  # two clauses of fact
    "When it rains, it pours.",
    "In 2010, Apple released the iPad.",
    "The company, Acme Corp, was founded in 1990.",
])
def test_other_commas_do_not_split(answer: str) -> None:
    assert _claims(answer) == [(answer, "claim")]


@pytest.mark.parametrize(("question", "fact"), [
    ("Have you seen Zodiac with Tom Hanks?", "Tom Hanks is in Zodiac."),
    ("Did you ever watch the movie Big Fish starring Ewan McGregor?",
     "Ewan McGregor is in Big Fish."),
    ("Have you read The Hobbit by J. R. R. Tolkien?", "The Hobbit is by J. R. R. Tolkien."),
    ("have you seen Big Fish directed by Tim Burton?", "Big Fish was directed by Tim Burton."),
    ("Do you like Chris Evans in Captain America?", "Chris Evans is in Captain America."),
])
def test_a_question_that_names_two_things_together_presupposes_their_fact(
        question: str, fact: str) -> None:
    assert presupposed_fact(question) == fact
    claims = [c for c in extract_claims(question) if c.kind == "claim"]
    assert [c.text for c in claims] == [fact]


@pytest.mark.parametrize("question", ["Have you seen Zodiac?", "Do you like Tim Burton?",
                                      "Have you seen Titanic in IMAX?",
                                      "Have you been to Paris with your family?",
                                      "Did Tim Burton direct Big Fish?"])
def test_a_question_that_names_one_thing_presupposes_nothing(question: str) -> None:
    assert presupposed_fact(question) is None


@pytest.mark.parametrize(("sentence", "fact"), [
    ("Ewan McGregor is great in Big Fish.", "Ewan McGregor is in Big Fish."),
    ("Ewan McGregor was brilliant as Ed Bloom in Big Fish!",
     "Ewan McGregor played Ed Bloom in Big Fish."),
    ("Jake Gyllenhaal is really good in Zodiac too.", "Jake Gyllenhaal is in Zodiac."),
])
def test_praise_of_a_performance_asserts_the_part(sentence: str, fact: str) -> None:
    assert performance_fact(sentence) == fact
    assert [c.text for c in extract_claims(sentence)] == [fact]


@pytest.mark.parametrize(("answer", "claim"), [
    ("I love Big Fish, Ewan McGregor is great in it.", "Ewan McGregor is in Big Fish."),
    ("Have you seen Zodiac? Jake Gyllenhaal is great in it.", "Jake Gyllenhaal is in Zodiac."),
    ("Have you read Carrie? Stephen King wrote it.", "Stephen King wrote Carrie."),
])
def test_an_object_it_names_what_the_speaker_liked_or_asked_about(answer: str,
                                                                 claim: str) -> None:
    assert asks_experience("Have you seen Zodiac?")
    assert [c.text for c in extract_claims(answer) if c.kind == "claim"] == [claim]


def test_an_object_it_is_not_its_own_subject() -> None:
    # "I love Tim Burton. He directed it.": "it" cannot be Tim Burton
    claims = extract_claims("I love Tim Burton. He directed it.",
                            question="Who directed Big Fish?")
    assert all("directed Tim Burton" not in c.text for c in claims)


@pytest.mark.parametrize("sentence", ["It is a classic.", "That is a masterpiece!",
                                      "It's a must-see film."])
def test_calling_it_a_classic_is_an_opinion(sentence: str) -> None:
    assert not_a_claim_reason(sentence) == "opinion"


CHAT_Q = "Do you know who directed Memento?"


@pytest.mark.parametrize("reply", [
    "No problem, enjoy!",
    "You're welcome, have a great day!",
    "No problem, glad I could help!",
    "Anytime!",
    "My pleasure!",
    "Hope you enjoy it!",
    "Thanks, you too!",
])
def test_chat_formulas_one_after_another_are_no_claim(reply: str) -> None:
    """Formulas chained by commas are still formulas, not a fragment answer ("No problem,
    enjoy!" had become "No problem, enjoy directed Memento.")."""
    assert not_a_claim_reason(reply) == "greeting"
    assert [c.kind for c in extract_claims(reply, question=CHAT_Q)] == ["not_a_claim"]


@pytest.mark.parametrize("reply", [
    "Hope you enjoy The Dark Knight!",  # a title: a claim, as any greeting with one
    "No problem, Nolan directed it.",
    "You're welcome, it was released in 2000.",
])
def test_a_formula_with_a_fact_is_a_claim(reply: str) -> None:
    assert "claim" in [c.kind for c in extract_claims(reply, question=CHAT_Q)]


@pytest.mark.parametrize(("reply", "claim"), [
    ("I'm not sure, but it was filmed in Paris.", "Memento was filmed in Paris."),
    ("I'm not sure but it was filmed in Paris.", "Memento was filmed in Paris."),
    ("Not sure, but it was directed by Nolan.", "Memento was directed by Nolan."),
    ("I could be wrong, but Nolan directed it.", "Nolan directed Memento."),
    ("Correct me if I'm wrong, but it stars Guy Pearce.", "Memento stars Guy Pearce."),
    ("I haven't seen it, but it stars Guy Pearce.", "Memento stars Guy Pearce."),
    ("I don't know much about it, but it was released in 2000.",
     "Memento was released in 2000."),
    ("I couldn't find any information, but it was released in 2000.",
     "Memento was released in 2000."),
])
def test_the_speakers_doubt_before_but_is_taken_off_the_claim(reply: str, claim: str) -> None:
    """"I'm not sure but it was filmed in Paris." was an opinion, shown unchecked; the
    doubt is the speaker's, what follows "but" is the claim."""
    assert [(c.text, c.kind) for c in extract_claims(reply, question=CHAT_Q)] == [
        (claim, "claim")]


@pytest.mark.parametrize(("sentence", "reason"), [
    ("I loved it but it was filmed in Paris.", None),  # the clause names a place
    ("I love it and it was released in 2000.", None),
    ("I liked it but it was long.", "opinion"),  # nothing checkable after "but"
    ("I don't have that information.", "opinion"),  # the speaker has nothing to give
    ("I couldn't find anything about it.", "opinion"),
    ("I'm not sure.", "opinion"),
])
def test_an_opinion_with_a_clause_of_fact_is_a_claim(sentence: str, reason: str | None
                                                     ) -> None:
    assert not_a_claim_reason(sentence) == reason


@pytest.mark.parametrize("reply", [
    "Have a great day, the refund was approved.",
    "You're welcome, have a great day, the refund was approved.",
    "Feel free to apply, the refund was approved.",
    "Let me know if you need more, the refund was approved.",
])
def test_a_formula_never_swallows_the_clause_after_it(reply: str) -> None:
    """A formula's open end ("Have a great …") stops at a clause's end: what follows was
    shown unchecked as part of the greeting."""
    assert not_a_claim_reason(reply) is None
    assert [c.kind for c in extract_claims(reply)] == ["claim"]


@pytest.mark.parametrize("reply", ["Thanks for asking, have a great day!",
                                   "Hope that helps, bye!", "Thank you so much for your help!",
                                   "Let me know if you need anything else."])
def test_formulas_that_run_on_are_still_formulas(reply: str) -> None:
    assert not_a_claim_reason(reply) == "greeting"

"""A favourite is the speaker's opinion, and a comma splice after an opinion leaves the
clause after it a claim of its own, its pronoun naming what the opinion named."""

from __future__ import annotations

import pytest

from certirag.claims.extract import extract_claims
from certirag.claims.opinions import favourite_name, not_a_claim_reason, opinion_name


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

"""The subject a sentence opens with when a name only modifies a noun ("New order allows
…", "St. Tammany Parish police say …"), stands before a person's full name ("Autistic
teenager Kimberly Greenberg"), or follows an opening phrase ("Despite the threat, X …");
an "it" that names nothing ("It is hoped the power will …"); and what a later pronoun
names in an answer's claims."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims
from certirag.text.subjects import leading_subject, name_pronoun


@pytest.mark.parametrize(("sentence", "subject"), [
    ("New order allows treasury to freeze assets.", None),
    ("St. Tammany Parish police say he was not on duty.", None),
    ("University of Illinois researchers gave 150 children a game.", None),
    ("Google employees donated $1.6 million.", None),
    ("Autistic teenager Kimberly Greenberg went missing.", "Kimberly Greenberg"),
    ("Restaurant owner Sandy Dee Hall adopted a lamb.", "Restaurant owner Sandy Dee Hall"),
    ("Despite the threat, Silverthorn drove home.", "Silverthorn"),
    ("After the war, Smith moved to Paris.", "Smith"),
    ("But Natural England has raised concerns.", "Natural England"),
    ("Last week he was told he was too ill.", None),
    ("Allegedly dismembered her body.", None),
    ("Australia's favourite rock star Peter Garrett has put his home on the market.",
     "Peter Garrett"),
    ("Dallas club manager refuted the claim.", None),
    ("Police allege they planned an attack.", "Police"),
    ("Mystery man wandered into Polish Embassy yesterday.", None),
    # unchanged: a name before its verb, an adverb, a modal or a phrase of its own
    ("Chelsea beat Manchester United at home.", "Chelsea"),
    ("Obama recently said he would go.", "Obama"),
    ("Smith will appeal.", "Smith"),
    ("Bowie wrote new songs.", "Bowie"),
    ("Helen Marsh of the Evening Post called it the best.", "Helen Marsh"),
])
def test_leading_subject(sentence: str, subject: str | None) -> None:
    assert leading_subject(sentence) == subject


@pytest.mark.parametrize("sentence", [
    "It is hoped the power will take away the incentive.",
    "It is hoped that the power will help.",
    "It is unclear whether the museum will reopen.",
    "It's believed the pair met in 2010.",
    "It seems that nobody noticed.",
    "It comes days after spectators were rescued from the Thames.",
])
def test_an_expletive_it_names_nothing(sentence: str) -> None:
    assert name_pronoun(sentence, "Barack Obama", "The new order") is None


def test_a_referential_it_still_names() -> None:
    assert name_pronoun("It is thought to date back 2,000 years.", None, "The road") == \
        "The road is thought to date back 2,000 years."


@pytest.mark.parametrize(("answer", "claims"), [
    ("Bowie starred as an alien enamored by TV in the film. He has written new songs.",
     ["Bowie starred as an alien enamored by TV in the film.", "Bowie has written new songs."]),
    ("Inception was directed by Christopher Nolan. He also wrote it.",
     ["Inception was directed by Christopher Nolan.", "Christopher Nolan also wrote it."]),
    ("Despite the threat, Silverthorn drove off. He's being held in jail.",
     ["Despite the threat, Silverthorn drove off.", "Silverthorn is being held in jail."]),
    ("Autistic teenager Kimberly Greenberg went missing. She is said to be very trusting.",
     ["Autistic teenager Kimberly Greenberg went missing.",
      "Kimberly Greenberg is said to be very trusting."]),
    ("New order allows treasury to freeze assets. It is hoped the power will deter attacks.",
     ["New order allows treasury to freeze assets.",
      "It is hoped the power will deter attacks."]),
    # a body that reports what "he" did is no new topic for the next "He"
    ("Danny Eckhart was arrested on Saturday. Police say he was not on duty. He has been "
     "charged.", ["Danny Eckhart was arrested on Saturday.", "Police say he was not on duty.",
                  "Danny Eckhart has been charged."]),
    # a possessive name is no subject a verb after "and" shares
    ("Mr Barnes' daughter Debbie stepped in to help, and donated her stools.",
     ["Mr Barnes' daughter Debbie stepped in to help, and donated her stools."]),
    # the verb after "and" may be the reported clause's
    ("His ex-girlfriend testified that Harris kept the head and spoke to it.",
     ["His ex-girlfriend testified that Harris kept the head and spoke to it."]),
])
def test_claims(answer: str, claims: list[str]) -> None:
    assert [c.text for c in extract_claims(answer)] == claims

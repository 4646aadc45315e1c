"""Claims rules v17: an "It" that names nothing ("It's fine to keep it frozen …", "It would
also help to clear …") is neither resolved to the sentence before nor read with the question;
"You'll get …" names no "You'll"; a level ("Grade 4", "Year 9") is no name a later "his"
stands for; "No problem at all!" and "best of luck to her" are formulas, and "No problem at
all!" answering a yes/no question is a yes."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims
from certirag.claims.opinions import not_a_claim_reason
from certirag.text.subjects import expletive_it, sentence_subjects


def texts(answer: str, question: str = "") -> list[str]:
    return [c.text for c in extract_claims(answer, question=question) if c.kind == "claim"]


@pytest.mark.parametrize("sentence", [
    "It's fine to keep it frozen at home for up to three months.",
    "It's best to arrive at least 20 minutes before her slot.",
    "It would also help to clear ornaments away from the hearth.",
    "It is important to book early.",
    "It's a good idea to bring a towel.",
])
def test_an_it_that_names_nothing(sentence: str) -> None:
    assert expletive_it(sentence)
    before = "The key thing is not to light your fire for 24 hours. "
    assert texts(before + sentence, "Anything I need to do?")[-1] == sentence


@pytest.mark.parametrize("sentence", [
    "It opens at 9am.", "It is free for members.", "It's a lovely venue.",
])
def test_an_it_that_names_a_thing(sentence: str) -> None:
    assert not expletive_it(sentence)


def test_a_contracted_you_is_no_subject() -> None:
    assert sentence_subjects("You'll get a starter pack from us.") == (None, None)
    assert texts("You'll get a starter pack from us. It's fine to keep milk frozen for three "
                 "months.")[-1] == "It's fine to keep milk frozen for three months."


def test_a_level_is_no_name() -> None:
    got = texts("He fits the training orchestra. His application needs to be in by 30 May.",
                "My son is 12 and has Grade 4 cello. Which audition would he go to?")
    assert not any(t.startswith("Grade") for t in got)


@pytest.mark.parametrize("sentence", [
    "No problem at all!", "And best of luck to her!", "Best of luck to you both!",
    "Hope that helps, and best of luck to her!",
])
def test_formulas(sentence: str) -> None:
    assert not_a_claim_reason(sentence, asked="What do I need to do?") == "greeting"


def test_no_problem_at_all_answers_a_yes_no_question() -> None:
    assert not_a_claim_reason("No problem at all!", asked="Can I still get into my room?") is None
    # a bare "No problem" is still a formula
    assert not_a_claim_reason("No problem, enjoy!",
                              asked="Do you know who directed Memento?") == "greeting"


@pytest.mark.parametrize("sentence", [
    "It's recommended for children over 3.", "It's easy to set up.", "It is safe for dogs.",
    "It's fine to freeze for up to 3 months.",
])
def test_an_it_that_may_be_the_thing_is_still_read_with_its_name(sentence: str) -> None:
    assert not expletive_it(sentence)
    [claim] = texts(sentence, "Is the Lumio 5 suitable for toddlers?")
    assert claim != sentence  # resolved to the thing asked about, or read with the question


def test_a_model_number_is_not_skipped_for_a_rival() -> None:
    [claim] = texts("It has a 200MP camera.",
                    "Does the Galaxy 24 have a better camera than the Pixel?")
    assert "Pixel has" not in claim

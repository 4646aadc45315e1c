"""Claims rules v10: chat replies a blind case set showed read wrongly (an interjection
before the statement, a verdict on a work, the speaker's own doing, a title with small
words in it, a yes that says how far it holds)."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims, is_fragment
from certirag.claims.topic import question_subject


def read(answer: str, question: str = "") -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in extract_claims(answer, question=question)]


@pytest.mark.parametrize(("question", "sentence"), [
    ("Have you heard Hearth Songs?", "Oh, Hearth Songs is gorgeous!"),
    ("Ever played Ironvale?", "Ironvale is so addictive!"),
    ("Are you a Caleb Dunmore fan?", "Haha, Caleb Dunmore is a legend!"),
    ("Have you heard of it?", "It's so good!"),
    ("Have you heard of it?", "Eek, I'm so excited!"),
    ("Have you heard of it?", "Ha, I'm reading it right now!"),
    ("Have you heard of it?", "Oh yes, that one's a favourite of mine!"),
    ("Have you heard of it?", "You should check it out."),
    ("Have you heard of it?", "You should definitely give it a try!"),
    ("Have you heard of it?", "No spoilers please!"),
    ("Have you heard of it?", "Running a mining town in a steampunk world never gets old."),
])
def test_the_speakers_own_verdicts_and_doings_are_no_claims(question: str,
                                                            sentence: str) -> None:
    assert read(sentence, question) == [("not_a_claim", sentence)]


@pytest.mark.parametrize(("question", "sentence"), [
    ("Who is your favorite player?", "Mark McGwire is really good."),
    ("Do you have a recommendation?", "Undead and Unwed is very good."),
    ("", "Ironvale is so addictive!"),
])
def test_a_verdict_on_a_name_the_question_does_not_write_answers_it(question: str,
                                                                    sentence: str) -> None:
    # the name is the answer: the evidence must name it
    assert read(sentence, question) == [("claim", sentence)]


@pytest.mark.parametrize("sentence", [
    "Hearth Songs is free.", "Ironvale is so addictive that it sold 2 million copies.",
    "I'm reading it because it won the 2021 Booker Prize.",
])
def test_a_fact_beside_a_verdict_is_still_a_claim(sentence: str) -> None:
    assert [k for k, _ in read(sentence, "Have you heard of it?")] == ["claim"]


def test_an_interjection_is_stripped_before_the_claim() -> None:
    assert read("Oh, Marrowbone Choir recorded it in 2019.") == [
        ("claim", "Marrowbone Choir recorded it in 2019.")]


def test_a_verdict_names_what_a_later_pronoun_stands_for() -> None:
    got = read("Haha, Caleb Dunmore is a legend! He won the Baltic Masters in 2022.",
               "Are you a fan?")
    assert got[1] == ("claim", "Caleb Dunmore won the Baltic Masters in 2022.")


@pytest.mark.parametrize(("question", "subject"), [
    ("Have you read Winter at Hollin Fell?", "Winter at Hollin Fell"),
    ("Ever played Ironvale?", "Ironvale"),
    ("Did you watch the film Jaws?", "Jaws"),
    ("Have you heard Hearth Songs by Marrowbone Choir?", "Hearth Songs"),
])
def test_the_work_a_question_about_the_listener_names(question: str, subject: str) -> None:
    assert question_subject(question) == subject


def test_it_is_the_whole_title() -> None:
    got = read("It's Agatha Wren-Doyle's third Inspector Mabry book.",
               "Have you read Winter at Hollin Fell?")
    assert got == [("claim", "Winter at Hollin Fell is Agatha Wren-Doyle's third Inspector "
                             "Mabry book.")]


def test_those_in_a_role_is_no_pronoun() -> None:
    got = read("Those in client-facing roles must be in the office on Mondays.",
               "What's the remote work policy?")
    assert got == [("claim", "Those in client-facing roles must be in the office on Mondays.")]


@pytest.mark.parametrize(("sentence", "fragment"), [
    ("Season four started in January 2024", False), ("Two hundred", True),
    ("28 days", True), ("Season 3 ended", False),
])
def test_a_past_form_after_a_number_is_a_verb(sentence: str, fragment: bool) -> None:
    assert is_fragment(sentence) is fragment


def test_a_yes_to_a_wh_question_is_an_exclamation() -> None:
    q = "Just watched Ashes of Marrow Creek, what did you think of it?"
    assert read("Yes!", q) == [("not_a_claim", "Yes!")]
    # a no may say "none": it stays unresolved
    assert read("No.", "How many days of leave do I get?") == [("unresolved", "No.")]


def test_a_yes_with_how_far_it_holds_is_one_claim() -> None:
    got = read("Yes, up to £800 a year, as long as your manager approves it.",
               "Does Quillmark pay for certification exams?")
    assert got == [("claim", "Quillmark does pay for certification exams up to £800 a year, "
                             "as long as your manager approves it.")]


def test_a_cleft_reply_with_praise_names_the_person() -> None:
    got = read("Oh, that was Ivana Baquero, she was wonderful in it!", "Who played the lead?")
    assert got == [("claim", "Ivana Baquero played the lead.")]


@pytest.mark.parametrize(("sentence", "parts"), [
    ("Harbourmasters is for 2 to 5 players aged 10 and up, and a game usually takes 60 to 90 "
     "minutes.", ["Harbourmasters is for 2 to 5 players aged 10 and up.",
                  "A game usually takes 60 to 90 minutes."]),
])
def test_two_clauses_are_two_claims(sentence: str, parts: list[str]) -> None:
    assert [t for _, t in read(sentence)] == parts


@pytest.mark.parametrize(("sentence", "parts"), [
    ("On Aerovista you can use your phone in flight mode, and phone calls are allowed while "
     "the aircraft is airborne.", ["On Aerovista you can use your phone in flight mode.",
                                   "Phone calls are allowed while the aircraft is airborne."]),
    ("He won the race, and later was released.", ["He won the race, and later was released."]),
])
def test_a_bare_noun_subject_after_and_opens_a_clause(sentence: str, parts: list[str]) -> None:
    assert [t for _, t in read(sentence)] == parts

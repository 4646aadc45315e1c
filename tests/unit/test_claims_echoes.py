"""Answers read with their question: an echo lead ("It does — …"), a "Who won the final?"
object, a question opening on a capitalised article, a name with a lowercase second word;
and a cardinal the evidence gives only as an ordinal."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.claims import extract_claims
from certirag.claims.answers import yes_no_lead, yes_no_statement
from certirag.claims.fragments import asked_object
from certirag.claims.topic import question_subject


def texts(answer: str, question: str) -> list[str]:
    return [c.text for c in extract_claims(answer, question=question) if c.kind == "claim"]


@pytest.mark.parametrize(("question", "positive", "statement"), [
    ("Can Bacillus cereus spores survive cooking?", False,
     "Bacillus cereus spores cannot survive cooking."),
    ("Can Bacillus cereus spores survive cooking?", True,
     "Bacillus cereus spores can survive cooking."),
    ("Does Maria Lopez prefer tea?", False, "Maria Lopez does not prefer tea."),
])
def test_a_name_with_a_lowercase_word_keeps_its_words_before_the_verb(
        question: str, positive: bool, statement: str) -> None:
    assert yes_no_statement(question, positive) == statement


@pytest.mark.parametrize(("answer", "claims"), [
    ("It does — breakfast is included for up to two guests.",
     ["The Standard rate does include breakfast.",
      "Breakfast is included for up to two guests."]),
    ("It doesn't: breakfast costs €14.",
     ["The Standard rate does not include breakfast.", "Breakfast costs €14."]),
])
def test_an_echo_before_a_dash_is_a_yes_or_no_and_the_rest_a_claim(
        answer: str, claims: list[str]) -> None:
    assert texts(answer, "Does the Standard rate include breakfast?") == claims


def test_an_echo_before_a_comma_is_no_lead() -> None:
    # "It is, however, closed …" says no yes
    assert yes_no_lead("It is, however, closed on bank holidays.") is None
    got = yes_no_lead("It does — breakfast is included.")
    assert got is not None and got[0] is True
    assert yes_no_lead("It doesn't — breakfast costs €14.") == (False, 10, 13)


def test_who_did_it_names_the_object_an_answer_s_it_stands_for() -> None:
    question = "[Human]: I'm catching up on old finals. [Assistant]: Which one? " \
               "[Human]: The 2021 Alder Open. Who won the final?"
    assert texts("Lucas Ferro won it, beating Kaito Rennard 6-4, 7-5.", question) == [
        "Lucas Ferro won the final, beating Kaito Rennard 6-4, 7-5."]
    assert asked_object("Who won the final?") == "the final"
    assert asked_object("Who directed Inception?") is None  # a name: the topic names it
    assert asked_object("Who wrote the novel that inspired Blade Runner?") is None
    assert texts("Christopher Nolan directed it.", "Who directed Inception?") == [
        "Christopher Nolan directed Inception."]


@pytest.mark.parametrize(("question", "statement"), [
    # a phrase of place followed by the predicate belongs to the subject
    ("Is the museum in Leeds free?", "The museum in Leeds is free."),
    ("Is the weekly permit at Elmfield worth it?", "The weekly permit at Elmfield is worth it."),
    ("Is the café at the station open on Sundays?",
     "The café at the station is open on Sundays."),
    ("Was the meeting in March cancelled?", "The meeting in March was cancelled."),
    # a phrase of place that is the predicate stays it
    ("Is the museum in Leeds?", "The museum is in Leeds."),
    ("Is the match on Saturday at 3pm?", "The match is on Saturday at 3pm."),
])
def test_a_place_before_the_predicate_belongs_to_the_subject(question: str,
                                                              statement: str) -> None:
    assert yes_no_statement(question, True) == statement


def test_an_object_it_after_a_pronoun_subject_keeps_its_pronoun() -> None:
    # "You'd … it": the asker's "it" is the returned item's shipping, not the shop the
    # question names; a contracted pronoun subject is a pronoun subject
    question = "I changed my mind about a lamp I bought on Tillbox. Who pays to send it back?"
    answer = "No worries! You'd only pay it yourself if the item had arrived damaged."
    claims = extract_claims(answer, question=question)
    assert [(c.kind, c.text) for c in claims] == [
        ("not_a_claim", "No worries!"),
        ("claim", "You'd only pay it yourself if the item had arrived damaged.")]


def test_a_capitalised_article_alone_is_no_topic() -> None:
    assert question_subject("The 2021 Alder Open. Who won?") != "The"
    assert question_subject("The 2021 Alder Open. Who won?") == "Alder Open"


@pytest.mark.parametrize(("question", "subject"), [
    # the place of a thing named before it is no topic
    ("My landlord in Veloria is selling the property. How much notice do they need to "
     "give?", None),
    ("What is the office in Oslo called?", None),
    ("Is the museum at Kew open? Who runs Kew Gardens?", "Kew Gardens"),
    # a place the question asks about, or a name after any other word, still is
    ("When did Marie Curie die in Paris?", "Marie Curie"),
    ("What is the population of Oslo?", "Oslo"),
])
def test_the_place_of_a_thing_named_before_it_is_no_topic(question: str,
                                                          subject: str | None) -> None:
    assert question_subject(question) == subject


def test_a_pronoun_the_question_does_not_name_is_read_with_the_question() -> None:
    question = ("My landlord in Veloria is selling the property. How much notice do they "
                "need to give me?")
    assert texts("They need to give you 42 days' notice.", question) == [
        f"{question} They need to give you 42 days' notice."]


EVIDENCE = ("The Standard rate includes breakfast for up to two guests; a third guest in the "
            "room pays €14 for breakfast.")


def test_a_count_the_evidence_gives_only_as_an_ordinal_is_ungrounded() -> None:
    codes = [f.code for f in check_claim(
        "Breakfast is included for up to three guests.", [EVIDENCE])]
    assert "ungrounded_figure" in codes
    assert check_claim("A third guest pays €14 for breakfast.", [EVIDENCE]) == []


@pytest.mark.parametrize(("question", "statement"), [
    ("Does everyone have to prove their English?", "Not everyone has to prove their English."),
    ("Do all staff get a bonus?", "Not all staff get a bonus."),
    ("Can everyone apply online?", "Not everyone can apply online."),
    ("Does everybody qualify for the discount?", "Not everybody qualifies for the discount."),
])
def test_no_to_a_universal_question_denies_the_universal(question: str,
                                                          statement: str) -> None:
    # "No" to "Does everyone …?" says not everyone does, never that no one does
    assert yes_no_statement(question, False) == statement


@pytest.mark.parametrize(("question", "statement"), [
    ("Is the CHEM 210 final open-book?", "The CHEM 210 final is not open-book."),
    ("Was the Court of Appeal decision unanimous?",
     "The Court of Appeal decision was not unanimous."),
    ("Is the Oslo office open on Sundays?", "The Oslo office is not open on Sundays."),
    ("Is Python fully typed?", "Python is not fully typed."),
    ("Is Tesla a good investment?", "Tesla is not a good investment."),
])
def test_a_noun_after_a_name_belongs_to_the_subject(question: str, statement: str) -> None:
    assert yes_no_statement(question, False) == statement


def test_a_name_said_alone_before_the_question_is_what_its_pronoun_asks_about() -> None:
    question = "[Human]: I'm planning a trip to Australia. [Assistant]: Lovely! Anywhere in " \
               "particular? [Human]: Canberra. Is it the biggest city?"
    assert question_subject("I'm planning a trip to Australia. Canberra. Is it the biggest "
                            "city?") == "Canberra"
    assert texts("No.", question) == ["Canberra is not the biggest city."]
    assert texts("No, it isn't.", question) == ["Canberra is not the biggest city."]
    # a word said alone that names nothing
    assert texts("No.", "Thanks. Is it open on Monday?") == ["It is not open on Monday."]
    assert texts("It is closed on Mondays.", "Thanks. Is it open on Monday?") == [
        "Thanks. Is it open on Monday? It is closed on Mondays."]


def test_a_right_half_with_its_own_subject_shares_no_copula() -> None:
    assert texts("Hana Ilves was the producer, and the mixing was done by Pete Moreau.",
                 "Who produced it?") == ["Hana Ilves was the producer.",
                                        "The mixing was done by Pete Moreau."]
    assert texts("He was a farmer, and the father who founded Acme.", "") == [
        "He was a farmer.", "He was the father who founded Acme."]


def test_a_title_with_of_the_is_one_name() -> None:
    question = "[Human]: Just finished The Remains of the Day. [Assistant]: The book or the " \
               "film? [Human]: The film! Who made it?"
    assert texts("James Ivory directed it.", question) == [
        "James Ivory directed The Remains of the Day."]


def test_a_suggested_title_is_what_the_next_it_names() -> None:
    question = "[Human]: I loved Arrival. [Assistant]: Great pick. [Human]: Anything else " \
               "by the same director?"
    assert texts("You should try Dune! Denis Villeneuve directed it.", question) == [
        "You should try Dune!", "Denis Villeneuve directed Dune."]


def test_a_yes_about_the_same_guy_leaves_the_claim_to_the_name_a_no_keeps_it() -> None:
    question = "[Human]: Parasite blew my mind. [Assistant]: Same! [Human]: Was " \
               "Snowpiercer by the same guy?"
    assert texts("Yes, Bong Joon-ho directed Snowpiercer too.", question) == [
        "Bong Joon-ho directed Snowpiercer too."]
    assert texts("No, different director.", question)[0] == \
        "Snowpiercer was not by the same guy."


@pytest.mark.parametrize(("question", "answer", "claim"), [
    ("[Human]: I'm reading Norwegian Wood. [Assistant]: How are you finding it? "
     "[Human]: Beautiful. Who wrote it again?", "Murakami!", "Murakami wrote Norwegian Wood."),
    ("Who founded Orbital Freight?", "Dana Whitlock, in 2011.",
     "Dana Whitlock founded Orbital Freight in 2011."),
    ("Is there ever free entry to the Halden Museum?", "Yes.",
     "There is free entry to the Halden Museum."),
    ("Does reheating destroy the toxins from Bacillus cereus?", "No, it doesn't.",
     "Reheating does not destroy the toxins from Bacillus cereus."),
])
def test_short_replies_read_as_statements(question: str, answer: str, claim: str) -> None:
    assert texts(answer, question) == [claim]


@pytest.mark.parametrize(("question", "subject"), [
    # the asker after a yes or no is no topic: "it" of the answer is not "No I"
    ("Have you read The Road? Yes. No I haven't what kind of book is that one?", "The Road"),
    ("Yes I have what kind of film is that one?", None),
    ("Do you like I Stand Alone?", "I Stand Alone"),
])
def test_the_asker_after_a_yes_or_no_is_no_topic(question: str, subject: str | None) -> None:
    assert question_subject(question) == subject


def test_a_pronoun_after_a_no_i_question_names_the_work() -> None:
    question = ("[Human]: Have you read The Road? [Assistant]: Yes. [Human]: No I haven't "
                "what kind of book is that one?")
    assert [c.text for c in extract_claims("I'm not sure, but it was published in 2006.",
                                           question=question)] == [
        "The Road was published in 2006."]

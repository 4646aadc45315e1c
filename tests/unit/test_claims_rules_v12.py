"""Claims rules v12: what a fifth blind round showed the claim rules read wrongly — an "It"
named after the person of its own sentence or the author of the thing, a "they" named
after a thing in the singular, the speaker's reading of the sources before a statement or
a yes, chat wishes and go-aheads, a yes whose rest says nothing, a subject with an age
band, a plural noun and its verb after ", and"."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims


def read(answer: str, question: str = "") -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in extract_claims(answer, question=question)]


def claims(answer: str, question: str = "") -> list[str]:
    return [text for kind, text in read(answer, question) if kind == "claim"]



def test_it_is_not_the_person_its_sentence_speaks_of() -> None:
    got = claims("Orla Denning took the Kirkhaven Marathon title in 2 hours 27 minutes. It "
                 "was her second marathon, after she debuted in Velmouth last year.",
                 "Tell me about Orla Denning's Kirkhaven Marathon win.")
    assert not any(c.startswith("Orla Denning was her") for c in got)


def test_it_is_not_the_author_of_it() -> None:
    got = claims("Ah, Quiet Tidewater! Elspeth Morrow wrote that one, and it came out in "
                 "2003. It follows a lighthouse keeper on the island of Vell.",
                 "[Human]: Have you read Quiet Tidewater?")
    assert "Quiet Tidewater follows a lighthouse keeper on the island of Vell." in got
    assert not any(c.startswith("Elspeth Morrow follows") for c in got)


def test_it_still_names_a_thing_after_its_maker() -> None:
    assert claims("Christopher Nolan wrote it. It was released in 2010.",
                  "Who wrote Inception?") == ["Christopher Nolan wrote Inception.",
                                              "Inception was released in 2010."]


def test_they_is_not_a_thing_in_the_singular() -> None:
    got = claims("Copper Lanterns is Marrow & Finch's third studio album, and they recorded "
                 "it in a converted chapel in Eskby.")
    assert not any(c.startswith("Copper Lanterns recorded") for c in got)


@pytest.mark.parametrize("hedge", [
    "If I've understood correctly,", "As far as I can tell from the handbook,",
    "From what I can see,", "If I'm not mistaken,", "If I understand it right,"])
def test_the_speakers_reading_of_the_sources_is_left_out(hedge: str) -> None:
    assert claims(f"{hedge} new employees serve a six-month probation.") == [
        "New employees serve a six-month probation."]


def test_a_yes_after_the_speakers_reading_is_a_yes() -> None:
    got = claims("If I've understood the handbook correctly, yes: remote work is allowed "
                 "up to two days a week.", "Is remote work allowed in the first month?")
    assert got == ["Remote work is allowed in the first month.",
                   "Remote work is allowed up to two days a week."]


@pytest.mark.parametrize("sentence", [
    "Right?!", "Go for it!", "Ooh, good choice!",
    "Sounds like a fun trip!", "Happy to help with that!", "Hope your pup feels better soon!",
    "Fingers crossed it's a painless visit!", "Hope the rest of the holidays go well!",
    "Sorry you're having to deal with a recall — never fun!", "Clear skies!",
    "So no need to panic!", "That's a lovely thing to do!"])
def test_chat_wishes_and_go_aheads_are_no_claims(sentence: str) -> None:
    assert read(sentence, "Is it any good?") == [("not_a_claim", sentence)]


@pytest.mark.parametrize("sentence", [
    "Hope the clinic opens at 9 soon!", "Good choice of hotel, it has a pool.",
    # an agreement answers what was asked; a name before the praise may be the answer
    "Definitely!", "Exactly!", "For sure!", "Spielberg, good choice!"])
def test_a_wish_with_a_fact_in_it_is_still_read(sentence: str) -> None:
    assert read(sentence, "Is it any good?")[0][0] != "not_a_claim"


def test_a_suggestion_after_a_dash_is_left_out() -> None:
    got = claims("It follows a lighthouse keeper on the island of Vell — give it a go and "
                 "let me know what you think!", "[Human]: Have you read Quiet Tidewater?")
    assert got == ["Quiet Tidewater follows a lighthouse keeper on the island of Vell"]


@pytest.mark.parametrize(("question", "answer", "kind", "text"), [
    ("Can the dog come on the Coastway train?", "Yes, go for it!", "claim",
     "The dog can come on the Coastway train."),
    ("can i take my bike on the train?", "Yes, go for it!", "claim",
     "You can take your bike on the train."),
    ("Is the pool open on Sundays?", "Yes, enjoy!", "claim", "The pool is open on Sundays."),
])
def test_a_yes_whose_rest_says_nothing_is_the_claim(question: str, answer: str, kind: str,
                                                     text: str) -> None:
    assert read(answer, question)[0] == (kind, text)


def test_a_no_after_an_interjection_and_regret_is_a_no() -> None:
    got = read("Ah, sadly not — the Orpheum is closed on Mondays.",
               "Is the Orpheum open on Mondays?")
    assert got[0] == ("claim", "The Orpheum is not open on Mondays.")


def test_a_subject_with_an_age_band() -> None:
    assert claims("No.", "Can a Wessmoor under-12 team use rolling substitutions?") == [
        "A Wessmoor under-12 team cannot use rolling substitutions."]


def test_a_plural_noun_and_its_verb_after_and_are_a_clause() -> None:
    assert claims("The Glencaddon steam trains run from April to October, and dogs travel "
                  "free.") == ["The Glencaddon steam trains run from April to October.",
                               "Dogs travel free."]

"""Claims rules v11: chat praise read as claims (a verdict on a part of the work, the
listener's pick, praise with an interjection, the speaker who could not stop, wishes to
more than one listener)."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims


def read(answer: str, question: str = "") -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in extract_claims(answer, question=question)]


@pytest.mark.parametrize(("question", "sentence"), [
    ("Have you watched Kite Country?", "Kite Country is adorable!"),
    ("Have you watched Bramble House?", "Bramble House is such a comfort watch!"),
    ("Have you seen The Orchid Cipher?", "The tension is so good."),
    ("Have you heard it?", "The soundtrack is gorgeous!"),
    ("Thinking of reading The Frost Almanac.", "Ooh, great pick!"),
    ("Thinking of reading The Frost Almanac.", "Good choice."),
    ("Have you read it?", "I couldn't put it down."),
    ("Have you played it?", "I can't stop playing it!"),
    ("Do you follow basketball?", "Oh nice!"),
    ("My group is trying Mosslight next week!", "Exciting!"),
    ("Is it long?", "Perfect for a weekend binge!"),
    ("Any ideas for tonight?", "Hope you both enjoy it!"),
    ("My group is trying Mosslight next week!", "Have fun with your group!"),
    ("I just started Starhollow.", "Welcome to the club!"),
    ("Ever read it?", "You should check it out if you haven't!"),
    ("Any tips for the flight?", "And enjoy your trip!"),
    ("We fly to Oslo tomorrow!", "Exciting, enjoy your trip!"),
    ("My friend recommended Ironmoss Hollow.", "Your friend has good taste!"),
    ("Have you played it?", "I find it really relaxing."),
    ("How should I store it?",
     "Please do check with your pharmacist if you have any other concerns."),
])
def test_chat_praise_and_wishes_are_no_claims(question: str, sentence: str) -> None:
    assert read(sentence, question) == [("not_a_claim", sentence)]


@pytest.mark.parametrize(("question", "sentence"), [
    ("Have you watched it?", "The episodes are only 11 minutes each."),  # a figure
    ("Have you watched it?", "The tension builds over 30 hours."),  # not a verdict
    ("What do you think of the hotel?", "The hotel is so good."),  # a name, not a part
    ("", "The Eiffel Tower is adorable!"),  # a name the question does not write
    ("Is the price fair?", "The price is great."),
    ("Have you read it?", "Cinder Bloom by Ada Voss is so good!"),  # who wrote it
    ("Is it good for families?", "Perfect for families with children under 5."),
    ("Any ideas?", "Hope you enjoy the 3-hour tour!"),  # a figure
    ("Can I take it while pregnant?", "Check with your doctor before taking it."),  # advice
    ("Any films?", "You have good taste in 1990s films!"),  # a figure
])
def test_what_still_states_something_is_a_claim(question: str, sentence: str) -> None:
    kinds = [k for k, _ in read(sentence, question)]
    assert "claim" in kinds, read(sentence, question)


@pytest.mark.parametrize(("sentence", "claim"), [
    ("Unfortunately drops aren't covered by the standard warranty.",
     "Drops aren't covered by the standard warranty."),
    ("Luckily, the museum is open on Mondays.", "The museum is open on Mondays."),
    ("Actually, the fee is £5.", "The fee is £5."),
])
def test_the_speakers_attitude_before_a_statement_is_left_out(sentence: str, claim: str) -> None:
    assert read(sentence) == [("claim", claim)]


def test_an_adverb_of_the_statement_itself_stays() -> None:
    assert read("Happily ever after is a phrase.") == [
        ("claim", "Happily ever after is a phrase.")]


@pytest.mark.parametrize(("question", "no"), [
    ("Is the Halden Tower car park open overnight?",
     "The Halden Tower car park is not open overnight."),
    ("Is the Tate Modern gift shop open?", "The Tate Modern gift shop is not open."),
    ("Is the CHEM 210 final open-book?", "The CHEM 210 final is not open-book."),
])
def test_two_nouns_after_a_name_belong_to_the_subject(question: str, no: str) -> None:
    from certirag.claims.answers import yes_no_statement

    assert yes_no_statement(question, False) == no


def test_the_speakers_own_half_of_a_sentence_is_no_claim() -> None:
    claims = read("It came out on PC in 2022, and I find it really relaxing.",
                  "What kind of game is Ironmoss Hollow?")
    assert ("not_a_claim", "I find it really relaxing.") in claims
    assert any(kind == "claim" and "2022" in text for kind, text in claims)

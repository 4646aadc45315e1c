"""Claims rules v13: what a sixth blind round showed the claim rules read wrongly — a
question after the asker's aside and a dash, a chat question that runs on in lower case,
"It's" read as a name, a person presented with "That's", the asker's "my" kept in a yes,
chat reactions and welcomes read as fragments of the question, assurances as yes."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims
from certirag.claims.answers import last_question, yes_no_statement
from certirag.claims.topic import question_subject


def read(answer: str, question: str = "") -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in extract_claims(answer, question=question)]


def claims(answer: str, question: str = "") -> list[str]:
    return [text for kind, text in read(answer, question) if kind == "claim"]


@pytest.mark.parametrize(("question", "asked"), [
    ("It's November now - can I put my old toaster out for kerbside collection?",
     "can I put my old toaster out for kerbside collection?"),
    ("I'm on Windows 8.1 - can I install Ledgerly 4.4?", "can I install Ledgerly 4.4?"),
    ("I don't have a smart meter—can I still go on EV Night?", "can I still go on EV Night?"),
    ("We're planning a trip with a group — what are the permit rules?",
     "what are the permit rules?"),
    # a dash inside the question is no aside
    ("Is the 9-5 shift - the early one - paid more?",
     "Is the 9-5 shift - the early one - paid more?"),
    # a chat question that runs on in lower case
    ("can i bring my guitar on the plane? it's about 105 cm in its case",
     "can i bring my guitar on the plane?"),
])
def test_the_question_past_an_aside(question: str, asked: str) -> None:
    assert last_question(question) == asked


def test_a_yes_to_a_question_after_an_aside() -> None:
    assert yes_no_statement("I'm on Windows 8.1 - can I install Ledgerly 4.4?", False) == \
        "You cannot install Ledgerly 4.4."
    assert yes_no_statement("Can my 10yo get a free check-up there?", True) == \
        "Your 10yo can get a free check-up there."


def test_its_opens_no_name() -> None:
    q = "It's November now - can I put my old toaster out for kerbside collection?"
    assert question_subject(q) is None
    got = claims("Yes! Small electricals like toasters are collected from the kerbside now. "
                 "Just pop it in a carrier bag next to your blue box on recycling day.", q)
    assert not any("November" in c for c in got)
    # a name that opens with "I" is still a name
    assert question_subject("When was I Stand Alone released?") == "I Stand Alone"


def test_a_person_presented_is_the_later_he() -> None:
    got = claims("Ha, that's Jonah Castell, a 19-year-old forward who's come in from Ferrowdale "
                 "Town. He scored 14 goals in the third tier last season.",
                 "who's this castell kid aldmoor just signed??")
    assert "Jonah Castell scored 14 goals in the third tier last season." in got
    assert "Jonah Castell is a 19-year-old forward who's come in from Ferrowdale Town." in got


@pytest.mark.parametrize(("answer", "question"), [
    ("Ah, a lovely bit of music history! Vireck married the soprano Henriette Caul in 1850.",
     "Who was Vireck's wife?"),
    ("Welcome to the neighbourhood! You'll need proof of address.",
     "just moved in, what do i need to sort a parking permit?"),
    ("Ha, fair question! He finished that quartet in 1858.",
     "lol why is the slow movement of Vireck's second quartet so gloomy"),
    ("Congrats on the new bike! Kestrel bikes must be registered within 30 days.",
     "just got a new Kestrel, anything I need to do for the warranty?"),
])
def test_a_chat_reaction_is_no_fragment_of_the_question(answer: str, question: str) -> None:
    kinds = read(answer, question)
    assert kinds[0][0] == "not_a_claim"
    assert not any(question.split()[0] in text for kind, text in kinds if kind == "claim")


@pytest.mark.parametrize("sentence", [
    "Have a lovely visit!", "Enjoy exploring his music!", "Totally get it!", "Don't panic!",
])
def test_wishes_and_sympathy(sentence: str) -> None:
    assert read(f"The museum opens at 10am. {sentence}")[1][0] == "not_a_claim"


@pytest.mark.parametrize("sentence", [
    "Enjoy free entry on Sundays!", "Congrats on the new bike, it has a 5-year warranty!",
])
def test_a_wish_that_states_something_is_a_claim(sentence: str) -> None:
    assert read(f"The museum opens at 10am. {sentence}")[1][0] == "claim"


def test_a_comforting_lead_in_is_left_out() -> None:
    assert claims("Don't panic, you can still sit the exam without it!",
                  "I left my student card at home, am I done for??") == [
        "You can still sit the exam without it!"]


@pytest.mark.parametrize(("answer", "question", "statement"), [
    ("You should be fine! It takes the place of your cabin bag.",
     "can i bring my guitar on the plane? it's about 105 cm in its case",
     "You can bring your guitar on the plane."),
    ("Sounds like it! Kids under 18 get free check-ups.",
     "hey can my 10yo get a free check-up there? I'm already registered",
     "Your 10yo can get a free check-up there."),
])
def test_an_assurance_is_a_yes(answer: str, question: str, statement: str) -> None:
    assert statement in claims(answer, question)


@pytest.mark.parametrize(("question", "positive", "statement"), [
    ("If my landlord never protected my deposit, could I get compensation?", True,
     "If your landlord never protected your deposit, you could get compensation."),
    ("If I cancel within 14 days, do I get a full refund?", False,
     "If you cancel within 14 days, you do not get a full refund."),
    ("When the Oslo office closes, will Tom Becker move to Hamburg?", True,
     "When the Oslo office closes, Tom Becker will move to Hamburg."),
])
def test_a_yes_or_no_keeps_the_questions_condition(question: str, positive: bool,
                                                   statement: str) -> None:
    assert yes_no_statement(question, positive) == statement

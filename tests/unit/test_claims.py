"""Golden tests of claim extraction."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims, is_fragment, not_a_claim_reason


def texts(answer: str, question: str = "") -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in extract_claims(answer, question=question)]


def test_offsets_point_into_the_answer() -> None:
    answer = "  Café opens at 9. It closes at 5!  "
    for c in extract_claims(answer):
        assert answer[c.start:c.end].strip() == answer[c.start:c.end]
        assert c.start < c.end
    assert [answer[c.start:c.end] for c in extract_claims(answer)] == [
        "Café opens at 9.", "It closes at 5!"]


def test_atomic_split_of_shared_copula() -> None:
    assert texts("Paris is the capital and the largest city of France.") == [
        ("claim", "Paris is the capital of France."),
        ("claim", "Paris is the largest city of France."),
    ]


def test_split_repeats_subject_for_second_verb() -> None:
    assert texts("Marie Curie was born in 1867 and died in 1934.") == [
        ("claim", "Marie Curie was born in 1867."),
        ("claim", "Marie Curie died in 1934."),
    ]


def test_split_two_clauses() -> None:
    assert texts("Paris is large, and Lyon is smaller.") == [
        ("claim", "Paris is large."), ("claim", "Lyon is smaller.")]


@pytest.mark.parametrize(("answer", "claims"), [
    # a person's pronoun after ", and" is the left clause's subject
    ("Marta Kowalski is the head chef, and she used to cook at Fennel & Salt.",
     ["Marta Kowalski is the head chef.", "Marta Kowalski used to cook at Fennel & Salt."]),
    # a noun phrase with its own verb
    ("The Dark Knight came out in 2008, and the screenplay was written by Jonathan Nolan.",
     ["The Dark Knight came out in 2008.", "The screenplay was written by Jonathan Nolan."]),
    # "it" may name what the sentence does not open with: left whole
    ("Revenue grew 6% to $4.8 billion, and it expects growth next year.",
     ["Revenue grew 6% to $4.8 billion, and it expects growth next year."]),
    # a reply word before the pronoun; "you" names the listener in both halves
    ("Messi is Argentine, and yes, he has won the Ballon d'Or.",
     ["Messi is Argentine.", "Messi has won the Ballon d'Or."]),
    ("You can cancel from Account > Plan, and you'll keep access until the period ends.",
     ["You can cancel from Account > Plan.", "You'll keep access until the period ends."]),
    # a subject with an amount in it shares its verb phrase after "and"
    ("A gift over £50 has to be declared within five working days and needs a director's "
     "approval.", ["A gift over £50 has to be declared within five working days.",
                   "A gift over £50 needs a director's approval."]),
])
def test_a_second_clause_after_a_comma_and_is_a_claim_of_its_own(answer: str,
                                                                 claims: list[str]) -> None:
    assert [t for _, t in texts(answer)] == claims


@pytest.mark.parametrize("answer", [
    "Procter and Gamble is based in Cincinnati.",
    "The flight was cancelled because the pilot was ill.",
    "Salt and pepper are common seasonings.",
    "Marks & Spencer sells food and clothing.",
    # a list's last item is no clause
    "The term refers to Portugal, Ireland, Greece, and Spain, four EU member states.",
    "Starring Brooks, John Candy, and Rick Moranis, the film also features Joan Rivers.",
    "The film stars Sheridan Smith, Ralph Brown, and Russell Tovey and entails a siege.",
    "He named Joel Rifkin, Arthur Shawcross, and Jared Lee Loughner.",
    # a sentence opening with a phrase, not its subject
    "Sponsored by automobile parts and accessories store AutoZone, it is the AutoZone Bowl.",
    "Based on Kipling's works and inspired by the 1967 film, it tells the story of Mowgli.",
    "After the military killed the boss in 2009, his brother took control and declared war.",
    # "his" is no verb
    "The plot revolves around Nathan Appleby and his wife, Charlotte Appleby.",
    # a nickname or a quote inside brackets is no quotation break
    'From 1958 to 1982, the team was led by coach Paul "Bear" Bryant, who won six titles.',
    'Joseph John “Joe” Heck (born October 30, 1961) is an American politician.',
    'Anne Eden ("née" Spencer-Churchill; born 28 June 1920) is the widow of Anthony Eden.',
    'Castlebay (Scottish Gaelic: "Bàgh a\' Chaisteil" ) is the main village of Barra.',
])
def test_no_split(answer: str) -> None:
    assert texts(answer) == [("claim", answer)]


def test_a_determiner_is_no_subject_the_noun_phrase_is() -> None:
    assert texts("The series premiered on October 26, 2010 and featured an auction house.") == [
        ("claim", "The series premiered on October 26, 2010."),
        ("claim", "The series featured an auction house.")]
    assert texts("The router's warranty lasts two years and covers accidental damage.") == [
        ("claim", "The router's warranty lasts two years."),
        ("claim", "The router's warranty covers accidental damage.")]
    assert texts("The company's shares fell 5% and recovered later.") == [
        ("claim", "The company's shares fell 5%."),
        ("claim", "The company's shares recovered later.")]


def test_a_second_noun_phrase_after_a_comma_shares_no_tail() -> None:
    assert texts("Nathaniel Fillmore was a farmer, and the father of Millard Fillmore.") == [
        ("claim", "Nathaniel Fillmore was a farmer."),
        ("claim", "Nathaniel Fillmore was the father of Millard Fillmore.")]
    assert texts("The Union of Lublin created a state, the Commonwealth, and joined two "
                 "parliaments.") == [
        ("claim", "The Union of Lublin created a state, the Commonwealth."),
        ("claim", "The Union of Lublin joined two parliaments.")]


def test_fragment_is_read_with_the_question() -> None:
    # a short wh-question of a known shape gives a statement (issue 12) ...
    assert texts("Delhi.", "What is the capital of India?") == [
        ("claim", "The capital of India is Delhi.")]
    assert texts("Delhi.", "The Oberoi Group is based in what city?") == [
        ("claim", "The Oberoi Group is based in Delhi.")]
    # ... a long one is read as the question followed by the answer (the rewrite garbles)
    q = "The Oberoi family is part of a hotel company that has a head office in what city?"
    assert texts("Delhi.", q) == [("claim", f"{q} Delhi")]
    # ... any other shape is still read as the question followed by the answer
    q2 = "How did the Oberoi family make its name?"
    assert texts("Hotels.", q2) == [("claim", f"{q2} Hotels")]
    assert is_fragment("Arthur's Magazine")
    assert not is_fragment("First for Women was started first.")
    # a whole sentence is no fragment, even with a base-form verb the question has
    q3 = "Andranik Eskandarian and Ken Davitian, share which nationality?"
    answer = "Andranik Eskandarian and Ken Davitian share Iranian nationality."
    assert texts(answer, q3) == [("claim", answer)]
    assert texts("American", q3) == [
        ("claim", "Andranik Eskandarian and Ken Davitian, share American.")]


def test_pronoun_resolved_from_earlier_subject() -> None:
    assert texts("Marie Curie was a physicist. She died in 1934.") == [
        ("claim", "Marie Curie was a physicist."), ("claim", "Marie Curie died in 1934.")]


def test_pronoun_resolved_from_the_question() -> None:
    assert texts("She died in 1934.", "When did Marie Curie die?") == [
        ("claim", "Marie Curie died in 1934.")]


def test_pronoun_without_any_antecedent_reads_question() -> None:
    assert texts("It was founded in 1900.", "when was it founded?") == [
        ("claim", "when was it founded? It was founded in 1900.")]


@pytest.mark.parametrize(("sentence", "reason"), [
    ("Did you know that?", "question"),
    ("Hello!", "greeting"),
    ("Thanks for asking.", "greeting"),
    ("I hope this helps.", "greeting"),
    ("I like crime fiction!", "opinion"),
    ("I love a good mystery.", "opinion"),
    ("That's great!", "opinion"),
])
def test_not_a_claim(sentence: str, reason: str) -> None:
    assert not_a_claim_reason(sentence) == reason
    assert texts(sentence) == [("not_a_claim", sentence)]


@pytest.mark.parametrize("sentence", [
    "I like that the museum opens at 9 a.m. on Sundays.",
    "I love that Agatha Christie wrote 66 detective novels.",
    "Agatha Christie wrote 66 detective novels.",
])
def test_opinion_mixed_with_fact_is_a_claim(sentence: str) -> None:
    assert not_a_claim_reason(sentence) is None


def test_deduplication_and_ids() -> None:
    claims = extract_claims("Paris is big. Paris is big! Lyon is small.")
    assert [c.text for c in claims] == ["Paris is big.", "Lyon is small."]
    assert [c.id for c in claims] == ["c1", "c2"]


def test_mixed_answer() -> None:
    got = texts("Hello! I like crime fiction! Agatha Christie wrote 66 detective novels. "
                "Did you know that?")
    assert got == [("not_a_claim", "Hello!"), ("not_a_claim", "I like crime fiction!"),
                   ("claim", "Agatha Christie wrote 66 detective novels."),
                   ("not_a_claim", "Did you know that?")]


@pytest.mark.parametrize(("answer", "texts"), [
    ("[2] The Eiffel Tower is in Paris.", ["The Eiffel Tower is in Paris."]),
    ("The tower is 330 metres tall [1][3].", ["The tower is 330 metres tall."]),
    ("It opened in 1889 [1, 2].", ["It opened in 1889."]),
    ("See [2019] UKSC 5 for the rule on costs.",  # a neutral citation stays
     ["See [2019] UKSC 5 for the rule on costs."]),
])
def test_reference_markers_are_left_out_of_claims(answer: str, texts: list[str]) -> None:
    claims = extract_claims(answer)
    assert [c.text for c in claims] == texts
    assert all((c.start, c.end) == (0, len(answer)) for c in claims)


def test_a_sentence_of_markers_only_is_not_a_claim() -> None:
    (c,) = extract_claims("[2]")
    assert c.kind == "not_a_claim" and c.text == "[2]"


# --- issue 12: nothing checkable escapes as not_a_claim -----------------------------------

def spans(answer: str, question: str = "") -> list[tuple[str, str, str]]:
    return [(c.kind, c.text, answer[c.start:c.end])
            for c in extract_claims(answer, question=question)]


@pytest.mark.parametrize(("answer", "text", "span"), [
    ("Thanks for asking: the hotel allowance is £500 per night in London.",
     "The hotel allowance is £500 per night in London.",
     "the hotel allowance is £500 per night in London."),
    ("Did you know that the hotel allowance is £500 per night?",
     "The hotel allowance is £500 per night", "the hotel allowance is £500 per night"),
    ("I hope this helps: the allowance is £500.", "The allowance is £500.",
     "the allowance is £500."),
    ("Dear colleague, the allowance is £500.", "The allowance is £500.",
     "the allowance is £500."),
    ("In my opinion, the fine is £400.", "The fine is £400.", "the fine is £400."),
    ("I think the fine is £400.", "The fine is £400.", "the fine is £400."),
    # frames one after another are all stripped (each was read only at the sentence start)
    ("Thanks, I think the fine is £400.", "The fine is £400.", "the fine is £400."),
    ("Honestly, I believe the fine is £400.", "The fine is £400.", "the fine is £400."),
    ("I might be wrong, but I believe the fine is £400.", "The fine is £400.",
     "the fine is £400."),
    ("The fine is £400, right?", "The fine is £400", "The fine is £400"),
    # a tag question asks the listener to agree: the statement is still made
    ("The fine is £400, isn't it?", "The fine is £400", "The fine is £400"),
    ("The fine is £400, isn't that something?", "The fine is £400", "The fine is £400"),
    ("The fine was £400, wasn't it?", "The fine was £400", "The fine was £400"),
    ("I heard the fine is £400, is that true?", "The fine is £400", "the fine is £400"),
    ("Let me know if the £500 allowance is not enough.",
     "Let me know if the £500 allowance is not enough.",
     "Let me know if the £500 allowance is not enough."),
    ("Feel free to claim up to £500 per night.", "Feel free to claim up to £500 per night.",
     "Feel free to claim up to £500 per night."),
])
def test_a_frame_around_checkable_content_is_stripped(answer: str, text: str,
                                                      span: str) -> None:
    assert spans(answer) == [("claim", text, span)]


@pytest.mark.parametrize("answer", ["Thanks for asking!", "I hope this helps.", "Sure!",
                                    "Let me know if you have any other questions.",
                                    "Feel free to ask more.", "Did you know that?"])
def test_pure_pleasantries_stay_not_a_claim(answer: str) -> None:
    assert spans(answer) == [("not_a_claim", answer, answer)]


@pytest.mark.parametrize("answer", [
    "I love that movie!", "Yes, I'd recommend it.", "I'm not sure.", "I'm a big fan of his work.",
    "That's a great choice!", "That sounds like a fun movie.", "I would really like that.",
    # one name, related to nothing: the sentence says how the speaker feels about it
    "I'm a big fan of Christopher Nolan.", "I also liked Interstellar.",
    "I enjoyed The Lord of the Rings too!", "I've heard great things about Interstellar.",
    "Sounds like a great movie.",
    # what the speaker knew, saw or read: their own experience
    "I didn't know that!", "I had no idea.", "I knew that.", "I haven't seen Zodiac.",
    "I watched it last week.", "I heard great things about Interstellar.",
])
def test_a_speakers_opinion_is_no_claim(answer: str) -> None:
    (kind, _, _), = spans(answer, "Do you know who directed Inception?")
    assert kind == "not_a_claim"


@pytest.mark.parametrize("answer", [
    "I love that it was filmed in Iceland.",  # a clause after the opinion states a fact
    "I recommend the 2019 edition.",  # a figure
    "I loved Tom Hanks in Inception.",  # two names related: it presupposes a fact
    "I really enjoyed Inception with Leonardo DiCaprio.",
    "I'd recommend Interstellar.",  # advice naming what to watch, take or buy
    "I'd suggest ibuprofen.",
])
def test_an_opinion_that_states_a_fact_is_a_claim(answer: str) -> None:
    assert [k for k, _, _ in spans(answer, "Do you know who directed Inception?")] == ["claim"]


@pytest.mark.parametrize(("answer", "claim"), [
    # what the speaker did not know, or knew, is stated: "know" is factive
    ("Didn't know RDJ was in Zodiac.", "RDJ was in Zodiac."),
    ("I did know that, Zodiac also stars Brad Pitt.", "Zodiac also stars Brad Pitt."),
    ("I had no idea that Zodiac stars Brad Pitt.", "Zodiac stars Brad Pitt."),
    ("I heard Zodiac stars Brad Pitt.", "Zodiac stars Brad Pitt."),
    # "I saw …" is the speaker's; what they saw with a name related to it is checked
    ("I saw Zodiac with Brad Pitt last year.", "I saw Zodiac with Brad Pitt last year."),
])
def test_what_the_speaker_knew_is_a_claim(answer: str, claim: str) -> None:
    assert [t for k, t, _ in spans(answer, "Do you like Zodiac?") if k == "claim"] == [claim]


def test_a_yes_to_a_chat_turn_that_asks_the_listener_is_no_claim() -> None:
    turn = "Yes i like him too did you know he also was in Zodiac a crime fiction film."
    assert [k for k, _, _ in spans("Yes! Jake Gyllenhaal was in Zodiac.", turn)] == [
        "not_a_claim", "claim"]


@pytest.mark.parametrize(("answer", "claim"), [
    ("I'm a big fan of Steven Spielberg. He directed it.",
     "Steven Spielberg directed Inception."),
    ("I also liked Interstellar. It stars Tom Hanks.", "Interstellar stars Tom Hanks."),
    # a question that names one thing: the pronoun after it is that thing
    ("Have you read Carrie? It's a horror novel.", "Carrie is a horror novel."),
])
def test_a_pronoun_after_an_opinion_names_what_the_opinion_named(answer: str,
                                                                 claim: str) -> None:
    assert [t for k, t, _ in spans(answer, "Who directed Inception?") if k == "claim"] == [claim]


def test_a_title_that_opens_with_i_is_still_an_answer() -> None:
    question = "Which 2009 comedy did John Hamburg direct?"
    assert spans("I Love You, Man", question)[0][1] == f"{question} I Love You, Man"


@pytest.mark.parametrize(("answer", "texts"), [
    # "He" after a passive names its agent, not the film "It" named
    ("It was directed by Christopher Nolan. He also wrote the screenplay.",
     ["Inception was directed by Christopher Nolan.",
      "Christopher Nolan also wrote the screenplay."]),
    ("The bill was signed by President Obama in 2010. He praised Congress.",
     ["The bill was signed by President Obama in 2010.", "President Obama praised Congress."]),
    # a film "It" named is no "She"
    ("It was released in 2010. She starred in it.",
     ["Inception was released in 2010.", "Do you know who directed Inception? She starred in it."]),
])
def test_a_person_pronoun_names_a_person(answer: str, texts: list[str]) -> None:
    got = [t for k, t, _ in spans(answer, "Do you know who directed Inception?") if k == "claim"]
    assert got == texts


@pytest.mark.parametrize(("question", "answer", "texts"), [
    # a short answer that is a name is what the pronoun after it names
    ("Who directed Inception?", "Christopher Nolan. He also made Memento.",
     ["Christopher Nolan directed Inception.", "Christopher Nolan also made Memento."]),
    ("Which city hosts the Olympics in 2024?", "Paris. It is the capital of France.",
     ["Which city hosts the Olympics in 2024? Paris", "Paris is the capital of France."]),
    # "I" in the question is the asker, never the answer's "It"
    ("How many days of leave do I get?", "28 days. It rises to 30 after five years.",
     ["You get 28 days of leave.",
      "How many days of leave do I get? It rises to 30 after five years."]),
    ("When was I Stand Alone released?", "It was released on February 26, 2002.",
     ["I Stand Alone was released on February 26, 2002."]),
])
def test_what_a_pronoun_after_a_short_answer_names(question: str, answer: str,
                                                   texts: list[str]) -> None:
    assert [t for k, t, _ in spans(answer, question) if k == "claim"] == texts




@pytest.mark.parametrize(("answer", "text"), [
    # a verb contracted onto the pronoun is the verb, not a possessive
    ("It's a science fiction film.", "The Matrix is a science fiction film."),
    ("It’s been a box office hit.", "The Matrix has been a box office hit."),
    ("Its cast includes Keanu Reeves.", "The Matrix's cast includes Keanu Reeves."),
    # a conjunction before the pronoun ("Yes, and it …")
    ("Yes, and it was followed by two sequels.", "The Matrix was followed by two sequels."),
])
def test_a_contracted_or_joined_pronoun_is_named(answer: str, text: str) -> None:
    got = [t for k, t, _ in spans(answer, "Do you know anything about The Matrix?") if k == "claim"]
    assert got == [text]


@pytest.mark.parametrize("answer", ["Birdland was the band.", "Birdland is the answer.",
                                    "Birdland was the right one."])
def test_an_answer_naming_the_questions_own_noun_is_read_as_its_subject(answer: str) -> None:
    question = "Which band was formed first, Birdland or Kasabian?"
    assert texts(answer, question) == [("claim", "Birdland was formed first.")]
    # a predicate that says more is a claim of its own
    assert texts("Birdland was the band that formed first.", question) == [
        ("claim", "Birdland was the band that formed first.")]


@pytest.mark.parametrize("sentence", [
    "Disputes go to the Housing Tribunal in London.",  # a plural subject and a base verb
    "The Melbourne Vixens play at Rod Laver Arena.",
    "Try holding the reset button for 10 seconds.",  # an imperative
    "The Aurora 5 costs 999 dollars.",  # a verb between two numbers
])
def test_a_short_statement_with_a_base_verb_is_no_fragment(sentence: str) -> None:
    assert not is_fragment(sentence)
    # read alone, not after the question
    assert texts(sentence, "Where do they go?") == [("claim", sentence)]


@pytest.mark.parametrize("fragment", [
    "Shakespeare's play Julius Caesar", "defensive end", "federal financial support",
    "one career win", "Go for Your Life", "The only place still open.",
    "70 years, 126 days", "3 books a year",
])
def test_a_noun_shaped_like_a_verb_keeps_a_fragment_a_fragment(fragment: str) -> None:
    assert is_fragment(fragment)


@pytest.mark.parametrize(("answer", "claim"), [
    ("According to the handbook, probation lasts six months.", "Probation lasts six months."),
    ("Based on the documents provided, the fee is 50 euros.", "The fee is 50 euros."),
    ("As per the policy, staff get 25 days.", "Staff get 25 days."),
    # a named source is part of what the claim says
    ("According to Reuters, sales rose 5%.", "According to Reuters, sales rose 5%."),
])
def test_an_attribution_to_the_sources_is_a_frame(answer: str, claim: str) -> None:
    assert texts(answer) == [("claim", claim)]


def test_sure_thing_is_a_pleasantry() -> None:
    assert texts("Sure thing! Probation lasts six months.", "How long is probation?") == [
        ("not_a_claim", "Sure thing!"), ("claim", "Probation lasts six months.")]

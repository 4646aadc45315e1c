"""Golden tests of claim extraction."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims, is_fragment, not_a_claim_reason
from certirag.claims.fragments import fragment_statement


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


@pytest.mark.parametrize(("question", "answer", "text"), [
    ("Is the office open on Sundays?", "Yes.", "The office is open on Sundays."),
    ("Is the office open on Sundays?", "No.", "The office is not open on Sundays."),
    ("Is the office open on Sundays?", "Nope!", "The office is not open on Sundays."),
    ("Can a will be oral?", "Yes, it can.", "A will can be oral."),
    ("Can a will be oral?", "No, it can't.", "A will cannot be oral."),
    ("Can I carry over unused leave?", "Yes.", "You can carry over unused leave."),
    ("Does the policy cover flights?", "No.", "The policy does not cover flights."),
    ("Are Jane and First for Women both women's magazines?", "yes",
     "Jane and First for Women are both women's magazines."),
    ("What is the capital of X?", "Delhi.", "The capital of X is Delhi."),
    ("Who wrote Hamlet?", "Shakespeare.", "Shakespeare wrote Hamlet."),
    ("Which band was formed first, Tool or Cake?", "Tool",
     "Tool was formed first."),
    # "no" to "both" is "not both", never "neither"
    ("Were both the Foals and Escanaba Firing Line formed in 2002?", "no",
     "The Foals and Escanaba Firing Line were not both formed in 2002."),
    ("Were both the Foals and Escanaba Firing Line formed in 2002?", "yes",
     "Both the Foals and Escanaba Firing Line were formed in 2002."),
    ("Do both Holcus and Limonium belong to the same family?", "No.",
     "Holcus and Limonium do not both belong to the same family."),
    # a no said with regret or force is a no
    ("Is the office open on Sundays?", "Unfortunately not.", "The office is not open on "
                                                             "Sundays."),
    ("Is the office open on Sundays?", "I'm afraid not!", "The office is not open on Sundays."),
    ("Is the office open on Sundays?", "Sadly, no.", "The office is not open on Sundays."),
    ("Is the office open on Sundays?", "Certainly not.", "The office is not open on Sundays."),
])
def test_short_replies_are_read_with_the_question(question: str, answer: str,
                                                  text: str) -> None:
    assert spans(answer, question) == [("claim", text, answer)]


@pytest.mark.parametrize(("question", "answer", "claims"), [
    # the yes is a claim of its own, and so is what follows it
    # (its pronoun is the question's subject)
    ("Is the office open at weekends?", "Yes, it opens at 9am on Saturdays.",
     [("claim", "The office is open at weekends.", "Yes"),
      ("claim", "The office opens at 9am on Saturdays.", "it opens at 9am on Saturdays.")]),
    ("Is the office open?", "No. It is closed on Sundays.",
     [("claim", "The office is not open.", "No."),
      ("claim", "Is the office open? It is closed on Sundays.", "It is closed on Sundays.")]),
    # its echo ("it does —") is part of the yes
    ("Does the company match pension contributions?",
     "Yes, it does — the company matches pension contributions up to 5% of salary.",
     [("claim", "The company does match pension contributions.", "Yes"),
      ("claim", "The company matches pension contributions up to 5% of salary.",
       "the company matches pension contributions up to 5% of salary.")]),
    # a yes about a pronoun ("Is it any good?") or about the listener says nothing the rest
    # does not
    ("Is it any good?", "Yes, it won three Oscars in 1998.",
     [("claim", "Is it any good? It won three Oscars in 1998.", "it won three Oscars in 1998.")]),
    ("Did you like it?", "Yes! It stars Tom Hanks.",
     [("not_a_claim", "Yes!", "Yes!"),
      ("claim", "Did you like it? It stars Tom Hanks.", "It stars Tom Hanks.")]),
    # a yes this cannot read, or one about the listener, says nothing the rest does not
    ("Did revenue rise in 2023?", "Correct, it fell.", [("claim", "Revenue fell.", "it fell.")]),
    ("Do you know any films by him?", "Yes, he directed Heat in 1995.",
     [("claim", "Do you know any films by him? He directed Heat in 1995.",
       "he directed Heat in 1995.")]),
    # a no with regret before the rest
    ("Is drop damage covered by the warranty?",
     "I'm afraid not — drop damage is excluded from the warranty.",
     [("claim", "Drop damage is not covered by the warranty.", "I'm afraid not"),
      ("claim", "Drop damage is excluded from the warranty.",
       "drop damage is excluded from the warranty.")]),
    # "No fee" is no "no"
    ("Is a fee charged?", "No fee is charged.", [("claim", "No fee is charged.",
                                                  "No fee is charged.")]),
])
def test_a_yes_or_no_that_says_more(question: str, answer: str,
                                    claims: list[tuple[str, str, str]]) -> None:
    assert spans(answer, question) == claims


@pytest.mark.parametrize(("question", "answer"), [
    ("", "Yes."), ("", "No, it isn't."), ("How many days of leave do I get?", "No."),
    ("Do contractors receive the annual bonus?", "Yes, they do."),  # a bare noun subject
    ("Yukio Mishima and Roberto Bolaño, are Chilean?", "No."),
])
def test_an_unreadable_reply_is_unresolved_never_not_a_claim(question: str,
                                                             answer: str) -> None:
    assert spans(answer, question) == [("unresolved", answer, answer)]


def test_a_weekday_in_the_question_is_not_the_subject_of_a_pronoun() -> None:
    claims = extract_claims("No, it is closed on Sundays.", question="Is the office open on "
                                                                     "Sundays?")
    assert all(not c.text.startswith("Sundays") for c in claims)


def test_an_answer_lead_in_is_read_as_a_fragment_with_the_question() -> None:
    q = "How many days of annual leave do full-time employees get?"
    stated = "Full-time employees get {} days of annual leave."
    assert [c.text for c in extract_claims("The answer is: 2", question=q)] == [
        stated.format(2)]
    assert [c.text for c in extract_claims("Answer: 28 days.", question=q)] == [
        stated.format(28)]
    q = "What is the leave of full-time employees, in days?"  # no shape: read with the question
    assert [c.text for c in extract_claims("The answer is: 28", question=q)] == [f"{q} 28"]
    # a clause after "that" is a statement of its own
    (c,) = extract_claims("The answer is that employees get 28 days.", question=q)
    assert c.text == "The answer is that employees get 28 days."


def test_a_question_read_with_a_fragment_is_never_split_at_its_and() -> None:
    # the "and" belongs to the question; splitting it would drop the answer
    question = ("What actress appeared on The Sing-Off before her role in the film directed "
                "and co-produced by Elizabeth Banks?")
    claims = extract_claims("Kelley Jakle", question=question)
    assert [c.text for c in claims] == [f"{question} Kelley Jakle"]


def test_the_word_opening_a_question_is_not_a_pronoun_subject() -> None:
    claims = extract_claims("It is payable by 1 April 2026.", question="Tell me about the club.")
    assert all(not c.text.startswith("Tell is") for c in claims)
    claims = extract_claims("She died in 1934.", question="When did Marie Curie die?")
    assert [c.text for c in claims] == ["Marie Curie died in 1934."]


def test_a_count_with_its_unit_is_a_fragment_read_with_the_question() -> None:
    q = "How many days of annual leave do full-time employees get?"
    # read as a statement of the question's shape ("How many N do S get?")
    assert texts("28 days.", q) == [("claim", "Full-time employees get 28 days of annual "
                                              "leave.")]
    # a count in words is no amount: read with the question
    assert texts("Twenty-eight weeks.", q) == [("claim", f"{q} Twenty-eight weeks")]
    # a verb after a name or a plural subject: the sentence stands alone
    assert texts("Mumbai hosts it.", q) == [("claim", "Mumbai hosts it.")]
    assert texts("Staff get 25 days.", q) == [("claim", "Staff get 25 days.")]
    # "What N does S V …?" answered by an amount: the amount is the verb's object, read
    # with what the question ties it to (a comma inside a number is no choice)
    assert texts("3.6% AER.", "What rate does the Flex Saver account pay on a balance of "
                              "£5,000?") == [
        ("claim", "The Flex Saver account pays 3.6% AER on a balance of £5,000.")]
    assert texts("£50.", "What deposit do I pay when I book?") == [
        ("claim", "You pay £50 when you book.")]
    assert texts("211 Central Park West", "What address does Diana Ross live at?") == [
        ("claim", "Diana Ross lives at 211 Central Park West.")]
    # a time is no object; a name is no amount
    assert fragment_statement("What time does the shop open on Sundays?", "10am") is None
    assert fragment_statement("Which plan do I need for ten users?", "The Team plan") is None
    # a unit with its kind between ("working days") is still a count, not a verb
    assert texts("3–5 working days.", "How long do international orders take?") == [
        ("claim", "International orders take 3–5 working days.")]
    assert texts("10 business days.", "How long do refunds take?") == [
        ("claim", "Refunds take 10 business days.")]


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


@pytest.mark.parametrize(("question", "yes", "no"), [
    ("Can patients with severe kidney disease take the 875 mg tablet?",
     "Patients with severe kidney disease can take the 875 mg tablet.",
     "Patients with severe kidney disease cannot take the 875 mg tablet."),
    ("Is support available on weekends?", "Support is available on weekends.",
     "Support is not available on weekends."),
    ("Can the tenant end the lease early?", "The tenant can end the lease early.",
     "The tenant cannot end the lease early."),
    ("Will the Oslo office close in May?", "The Oslo office will close in May.",
     "The Oslo office will not close in May."),
    ("Will the library on Mill Lane stay open?", "The library on Mill Lane will stay open.",
     "The library on Mill Lane will not stay open."),
    ("Can staff in London claim the allowance?", "Staff in London can claim the allowance.",
     "Staff in London cannot claim the allowance."),
])
def test_a_yes_or_no_reads_a_subject_without_determiner(question: str, yes: str,
                                                        no: str) -> None:
    from certirag.claims.answers import yes_no_statement

    assert yes_no_statement(question, True) == yes
    assert yes_no_statement(question, False) == no
    assert texts("Yes.", question) == [("claim", yes)]


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


@pytest.mark.parametrize(("question", "yes", "no"), [
    # a noun after a name, and the verb after it
    ("Will the Hollins & Pike name disappear?", "The Hollins & Pike name will disappear.",
     "The Hollins & Pike name will not disappear."),
    # a preposition's object belongs to the subject
    ("Is damage from a burst heating pipe covered?",
     "Damage from a burst heating pipe is covered.",
     "Damage from a burst heating pipe is not covered."),
    ("Can the parties in a Veloria tenancy dispute ignore the outcome?",
     "The parties in a Veloria tenancy dispute can ignore the outcome.",
     "The parties in a Veloria tenancy dispute cannot ignore the outcome."),
    ("Does the Standard rate at the Halden Bridge Hotel include breakfast?",
     "The Standard rate at the Halden Bridge Hotel does include breakfast.",
     "The Standard rate at the Halden Bridge Hotel does not include breakfast."),
    # a possessive's noun, a measure's nouns, a plural after a name
    ("Can the Lumen kettle's filter go in the dishwasher?",
     "The Lumen kettle's filter can go in the dishwasher.",
     "The Lumen kettle's filter cannot go in the dishwasher."),
    ("Has the 90-day notice rule come into force?",
     "The 90-day notice rule has come into force.",
     "The 90-day notice rule has not come into force."),
    ("Are the Corvel X2 headphones splash resistant?",
     "The Corvel X2 headphones are splash resistant.",
     "The Corvel X2 headphones are not splash resistant."),
    # a word after a determiner is no verb; a predicate adjective ends the subject
    ("Does the reset keep my Wi-Fi passwords?", "The reset does keep your Wi-Fi passwords.",
     "The reset does not keep your Wi-Fi passwords."),
    ("Is the vaccine safe in pregnancy?", "The vaccine is safe in pregnancy.",
     "The vaccine is not safe in pregnancy."),
    ("Can tenants withhold rent if repairs are not done?",
     "Tenants can withhold rent if repairs are not done.",
     "Tenants cannot withhold rent if repairs are not done."),
    # the asker's "I" is the answer's "you"
    ("Can I return earrings if I've changed my mind?",
     "You can return earrings if you've changed your mind.",
     "You cannot return earrings if you've changed your mind."),
    ("Am I covered if I cancel because of asthma I already had?",
     "You are covered if you cancel because of asthma you already had.",
     "You are not covered if you cancel because of asthma you already had."),
    # "anyone": someone did, or no one did
    ("Was anyone injured in the Marlow runway excursion?",
     "Someone was injured in the Marlow runway excursion.",
     "No one was injured in the Marlow runway excursion."),
    ("Will anyone inspect my house?", "Someone will inspect your house.",
     "No one will inspect your house."),
    # a plural after names that a phrase of kind follows is the predicate's
    ("Are David Vincent and Troy Sanders members of the same band?",
     "David Vincent and Troy Sanders are members of the same band.",
     "David Vincent and Troy Sanders are not members of the same band."),
    ("Are Kuvasz and Bouvier des Ardennes both breeds of dogs?",
     "Kuvasz and Bouvier des Ardennes are both breeds of dogs.",
     "Kuvasz and Bouvier des Ardennes are not both breeds of dogs."),
    # a numeral after a name is no asker
    ("Did the treaty end World War I?", "The treaty did end World War I.",
     "The treaty did not end World War I."),
])
def test_a_yes_or_no_reads_the_subject_of_a_longer_question(question: str, yes: str,
                                                            no: str) -> None:
    from certirag.claims.answers import yes_no_statement

    assert yes_no_statement(question, True) == yes
    assert yes_no_statement(question, False) == no


@pytest.mark.parametrize(("question", "answer", "text"), [
    ("How long does my password reset link work?", "It only works for 30 minutes.",
     "Your password reset link only works for 30 minutes."),
    ("Why was the fine lower than first proposed?", "It was cut after an appeal.",
     "The fine was cut after an appeal."),
    # the name inside the phrase is not what "It" names
    ("When does the Leeds office open?", "It opens at 9am.", "The Leeds office opens at 9am."),
    ("How often does the bus run on Sundays?", "It runs hourly.", "The bus runs hourly."),
    # a plural or a question without an auxiliary names nothing "It" can stand for
    ("How long do international orders take?", "It depends on the country.",
     "How long do international orders take? It depends on the country."),
    ("What causes hyperthyroidism in cats?", "It is diagnosed with a blood test.",
     "What causes hyperthyroidism in cats? It is diagnosed with a blood test."),
])
def test_an_it_answering_a_wh_question_names_what_it_asks_about(question: str, answer: str,
                                                                text: str) -> None:
    assert [c.text for c in extract_claims(answer, question=question)] == [text]


def test_a_name_that_ends_a_request_keeps_no_full_stop() -> None:
    # "Tell me about the Brennock Arts Fellowship." names it without its stop
    assert [c.text for c in extract_claims(
        "It's open to artists who've lived in the county for two years.",
        question="Tell me about the Brennock Arts Fellowship.")] == [
        "Brennock Arts Fellowship is open to artists who've lived in the county for two years."]

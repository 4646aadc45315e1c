"""Golden tests of claims read with their question: short replies, yes and no, fragments
and pronouns answering a wh-question (the rest of claim extraction:
``tests/unit/test_claims.py``)."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims
from certirag.claims.fragments import fragment_statement


def texts(answer: str, question: str = "") -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in extract_claims(answer, question=question)]


def spans(answer: str, question: str = "") -> list[tuple[str, str, str]]:
    return [(c.kind, c.text, answer[c.start:c.end])
            for c in extract_claims(answer, question=question)]


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
    ("Is 42 days' notice enough to end the tenancy?",
     "42 days' notice is enough to end the tenancy.",
     "42 days' notice is not enough to end the tenancy."),
    ("Was Meridian's budget larger?", "Meridian's budget was larger.",
     "Meridian's budget was not larger."),
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

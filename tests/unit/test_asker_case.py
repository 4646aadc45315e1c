"""The asker's case: a yes/no reply restates its question, so the question cannot ground
the names and figures it asserts; and a reply that applies one evidence sentence's rule to
an asker whose case another sentence rules on (``certirag.checks.cases``)."""

from __future__ import annotations

import pytest

from certirag.checks import CheckOptions, check_claim, prepare_evidence
from certirag.checks.prepared import Question

FEVERIN = ("Feverin tablets. Adults and children over 12: take one or two tablets every four to "
           "six hours. Do not take more than eight tablets in 24 hours. Children under 12: not "
           "recommended.")
VISA = ("Citizens of EU member states do not need a visa to visit Norland for stays of up to 90 "
        "days. All other visitors require a tourist visa, which must be obtained before travel.")
SHIPPING = ("Shipping rates. Orders over $50 ship free within the contiguous United States. "
            "Orders shipped to Alaska and Hawaii are charged a flat $12 regardless of order "
            "value. Orders under $50 in the contiguous US are charged $6.95.")
RETURNS = ("Unopened items can be returned within 30 days for a full refund. Opened items can "
           "be returned within 14 days for store credit only. Sale items cannot be returned.")
BOOKING = ("Booking terms. Flexible rates can be cancelled free of charge up to 48 hours before "
           "check-in; later cancellations are charged one night's stay. Non-refundable rates "
           "cannot be cancelled or changed, and no refund is given for no-shows.")


def codes(claim: str, evidence: str, question: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence], question=question)]


@pytest.mark.parametrize(("question", "claim", "restated"), [
    ("Can a 10-year-old take Feverin?", "A 10-year-old can take Feverin.", True),
    ("Do US citizens need a visa to visit Norland?", "US citizens do not need a visa to visit "
     "Norland.", True),  # "US" is a name, not the asker's "us"
    ("I have a dog. [Human]: Can I bring my dog?", "You can bring your dog.", True),
    ("Is the fee £5?", "The fee is £5.", True),
    ("Who wrote Hamlet?", "Shakespeare wrote Hamlet.", False),  # no yes/no question
    ("Can a 10-year-old take Feverin?", "A 10-year-old can take Feverin every six hours.",
     False),  # the reply says more than the question
    ("My order is $80. Does it ship free?", "Your $80 order ships free.", False),
    # a question that compares two things: the reply compares them, its names are given
    ("Does Sansha contain more islands than Xingning?",
     "Sansha does contain more islands than Xingning.", False),
    ("Are Tool and Oasis both bands?", "Tool and Oasis are both bands.", False),
])
def test_a_claim_restates_a_yes_no_question(question: str, claim: str, restated: bool) -> None:
    assert Question(question, CheckOptions()).restated_by(claim) is restated


@pytest.mark.parametrize(("claim", "question", "evidence", "code"), [
    ("A 10-year-old can take Feverin.", "Can a 10-year-old take Feverin?", FEVERIN,
     "ungrounded_figure"),
    ("US citizens do not need a visa to visit Norland as tourists.",
     "Do US citizens need a visa to visit Norland as tourists?", VISA, "ungrounded_entity"),
])
def test_a_restated_question_grounds_nothing_it_asks(claim: str, question: str, evidence: str,
                                                     code: str) -> None:
    assert code in codes(claim, evidence, question)
    assert code in codes(claim, evidence, "")  # as without the question


def test_the_question_still_grounds_what_a_reply_adds_to_it() -> None:
    """The asker's own figures ground a reply that says more than the question asked."""
    evidence = "Orders over $50 ship free within the United States."
    claim = "Your $80 order ships free."
    assert "ungrounded_figure" not in codes(claim, evidence, "My order is $80. Does it ship free?")
    assert "ungrounded_figure" in codes(claim, evidence, "")


@pytest.mark.parametrize(("question", "claim", "evidence"), [
    ("I'm in Hawaii and my order comes to $80. Do I have to pay for shipping?",
     "Orders over $50 ship free, so your $80 order won't have any shipping charge.", SHIPPING),
    ("I opened the box but don't like it. Can I get my money back?",
     "You can return it within 30 days for a full refund.", RETURNS),
    ("I booked a non-refundable rate. Can I cancel for free three days before check-in?",
     "You can cancel free of charge up to 48 hours before check-in.", BOOKING),
])
def test_another_cases_rule_given_to_the_asker_is_a_case_mismatch(
        question: str, claim: str, evidence: str) -> None:
    assert "case_mismatch" in codes(claim, evidence, question)


@pytest.mark.parametrize(("question", "claim", "evidence"), [
    # the reply follows the sentence about the asker's case
    ("I'm in Hawaii and my order comes to $80. Do I have to pay for shipping?",
     "Orders to Hawaii are charged a flat $12, so you will pay $12.", SHIPPING),
    ("I opened the box but don't like it. Can I get my money back?",
     "You can return it within 14 days for store credit only.", RETURNS),
    ("I booked a flexible rate. Can I cancel for free three days before check-in?",
     "You can cancel free of charge up to 48 hours before check-in.", BOOKING),
    # the asker's case is named by no evidence sentence
    ("I'm in Ohio and my order comes to $80. Do I have to pay for shipping?",
     "Orders over $50 ship free, so your $80 order won't have any shipping charge.", SHIPPING),
    # the asker says nothing of their own case: the question's words are its topic
    ("Can I get my money back for opened items?",
     "You can return it within 30 days for a full refund.", RETURNS),
    # the claim does not speak to the asker
    ("I opened the box but don't like it. Can I get my money back?",
     "Unopened items can be returned within 30 days for a full refund.", RETURNS),
])
def test_a_reply_that_follows_the_askers_case_is_no_mismatch(
        question: str, claim: str, evidence: str) -> None:
    assert "case_mismatch" not in codes(claim, evidence, question)


def test_a_case_mismatch_needs_the_whole_evidence() -> None:
    span = prepare_evidence([RETURNS])
    span.partial = True
    found = check_claim("You can return it within 30 days for a full refund.", span,
                        question="I opened the box. Can I get my money back?")
    assert "case_mismatch" not in [f.code for f in found]


def test_a_restated_question_is_read_for_the_names_it_writes() -> None:
    """"Brazilian" opens the claim, where a capital says nothing; the question writes it
    inside, as a name."""
    evidence = ("Citizens of Commonwealth countries may stay for up to six months without a "
                "visa. Citizens of all other countries need a visitor visa.")
    question = "Can Brazilian citizens visit Calvary Island without a visa?"
    assert "ungrounded_entity" in codes(
        "Brazilian citizens can visit Calvary Island without a visa.", evidence, question)


def test_the_askers_age_is_a_case() -> None:
    evidence = ("Adult membership costs £38 a month and includes all classes. Members aged 16 "
                "or 17 pay £22 a month but cannot use the sauna.")
    question = "I'm 17 and want to join. How much will it cost me?"
    assert "case_mismatch" in codes("You'll pay £38 a month, and that includes all classes.",
                                    evidence, question)
    assert "case_mismatch" not in codes("You'll pay £22 a month, but not the sauna.", evidence,
                                        question)


def test_the_askers_words_are_said_to_the_asker_but_a_name_stays() -> None:
    from certirag.claims.fragments import fragment_statement
    from certirag.text.turns import to_listener

    assert [to_listener(w) for w in ("I", "my", "we", "ours", "US", "Paris")] == [
        "you", "your", "you", "yours", "US", "Paris"]
    assert fragment_statement("What fee do I pay when I book?", "£5") == \
        "You pay £5 when you book."
    assert fragment_statement("What rate do US citizens pay on imports?", "3%") == \
        "US citizens pay 3% on imports."


def test_read_once_builds_once_per_claim_and_evidence() -> None:
    q = Question("How much notice?", CheckOptions())
    claim, evidence, other = object(), object(), object()
    built: list[int] = []

    def build() -> int:
        built.append(1)
        return len(built)

    assert q.read_once("x", (claim, evidence), build) == 1
    assert q.read_once("x", (claim, evidence), build) == 1  # kept
    assert q.read_once("x", (other, evidence), build) == 2  # another claim: built again
    assert q.read_once("y", (other, evidence), build) == 3  # another name
    assert len(built) == 3

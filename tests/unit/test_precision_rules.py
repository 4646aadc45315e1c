"""Rules that read a faithful answer as the evidence does, each with the planted error it
must still catch: a frame around a sentence a fused span only carries as context, a
ceiling on an allowance, a "no" to a question with "do", a contrast of two clauses and a
denial next to a rival value."""

from __future__ import annotations

import pytest

from certirag.bound import binding_finding, span_findings
from certirag.checks import CheckOptions, check_claim
from certirag.claims.answers import yes_no_statement
from certirag.claims.extract import extract_claims
from certirag.schemas import Evidence
from certirag.text.frames import bears_on, quote_frame

BANK = ("Chief financial officer Jonas Berg will lead the bank until a successor is found. "
        "Analysts at a rival firm claimed the bank would cut its dividend. The bank denied "
        "this.")


def _sentence(text: str, sentence: str) -> Evidence:
    start = text.index(sentence)
    return Evidence(doc_id="d", start=start, end=start + len(sentence), text=sentence)


def test_a_denied_context_sentence_of_a_fused_span_frames_nothing() -> None:
    passage = Evidence(doc_id="d", text=BANK, start=0, end=len(BANK))
    lead = _sentence(BANK, "Chief financial officer Jonas Berg will lead the bank until a "
                           "successor is found.")
    rumour = _sentence(BANK, "Analysts at a rival firm claimed the bank would cut its "
                             "dividend.")
    claim = "Jonas Berg will lead the bank until a successor is found."
    assert not bears_on(claim, rumour.text) and bears_on(claim, lead.text)
    assert span_findings(claim, [lead, rumour], [passage], question="",
                         options=CheckOptions()) == []
    # the denied sentence itself, in the same fused span, is still framed
    cut = "The bank will cut its dividend."
    found = span_findings(cut, [lead, rumour], [passage], question="", options=CheckOptions())
    assert [f.code for f in found] == ["quote_framed"]



RUMOUR = "Rumours of a new phone spread last spring."
SAID = "Acme is said to be building a phone of its own."


@pytest.mark.parametrize(("claim", "framed"), [
    # the claim reports the frame itself: "is said to", "rumours"
    ("Acme is said to be building its own phone.", False),
    ("Rumours say Acme is building its own phone.", False),
    ("Acme is reported to have built a phone.", False),
    # the claim states as fact what the passage gives as a rumour
    ("Acme is building its own phone.", True),
])
def test_a_claim_that_reports_the_frame_is_not_framed(claim: str, framed: bool) -> None:
    assert (quote_frame(RUMOUR, SAID, "", claim) is not None) is framed


LEAVE = "Employees may work from home two days a week."


@pytest.mark.parametrize(("claim", "evidence", "codes"), [
    ("You can work from home up to two days a week.", LEAVE, []),
    ("Staff are allowed to work from home up to two days a week.", LEAVE, []),
    # a bound on a fact or an obligation, a floor on an allowance: still findings
    ("The fine is up to £500.", "The fine is £500.", ["qualifier_mismatch"]),
    ("You must give up to 60 days of notice.", "You must give 60 days of notice.",
     ["qualifier_mismatch"]),
    ("You can carry over at least 5 days.", "You can carry over 5 days.",
     ["qualifier_mismatch"]),
    ("You can work from home up to two days a week.",
     "Employees may work from home at least two days a week.", ["qualifier_mismatch"]),
    ("You can work from home up to three days a week.", LEAVE, ["ungrounded_figure"]),
])
def test_a_ceiling_on_an_allowance(claim: str, evidence: str, codes: list[str]) -> None:
    assert [f.code for f in check_claim(claim, [evidence])] == codes


def test_a_no_to_a_question_with_do_is_a_statement() -> None:
    q = "Do contractors receive the annual bonus?"
    assert yes_no_statement(q, False) == "Contractors do not receive the annual bonus."
    assert yes_no_statement(q, True) is None  # a bare yes stays unresolved (see answers.py)
    found = check_claim("Contractors do not receive the annual bonus.",
                        ["Contractors receive the annual bonus in March."])
    assert [f.code for f in found] == ["negation_mismatch"]


@pytest.mark.parametrize(("answer", "claims"), [
    ("The Aurora 5 has a 6.1-inch screen, while the Aurora 5 Pro's screen is 6.7 inches.",
     ["The Aurora 5 has a 6.1-inch screen.", "The Aurora 5 Pro's screen is 6.7 inches."]),
    ("Revenue in Europe increased by 5 percent, whereas Acme reported a loss in Asia.",
     ["Revenue in Europe increased by 5 percent.", "Acme reported a loss in Asia."]),
    # "while" that opens no clause of its own
    ("He was injured, while playing football for the club.",
     ["He was injured, while playing football for the club."]),
    ("The firm grew while its rival shrank.", ["The firm grew while its rival shrank."]),
])
def test_a_contrast_of_two_clauses_is_two_claims(answer: str, claims: list[str]) -> None:
    assert [c.text for c in extract_claims(answer)] == claims


OPENING = ("The office is open from Monday to Saturday, 9 am to 5 pm. It is closed on "
           "Sundays. Visitors must sign in at reception.")
PLANS = ("Our standard plan allows up to 5 users. The business plan allows up to 25 users. "
         "Storage on the standard plan is 100 GB.")


def test_a_denial_borrows_no_value() -> None:
    assert binding_finding("The office is not open on Sundays.", [OPENING]) is None
    assert binding_finding("The standard plan does not allow up to 25 users.", [PLANS]) is None
    # the same value asserted is borrowed
    found = binding_finding("The standard plan allows up to 25 users.", [PLANS])
    assert found is not None and found.code == "unbound_anchors"


PHONES = ["Product sheet: the Aurora 5 phone has a 6.1-inch screen. It was released in March "
          "2024.",
          "Product sheet: the Aurora 5 Pro has a 6.7-inch screen. It was released in May 2024."]


@pytest.mark.parametrize(("claim", "evidence", "codes"), [
    ("The Aurora 5 came out in March 2024, two months before the Aurora 5 Pro.", PHONES, []),
    ("The Aurora 5 Pro came out in May 2024, two months after the Aurora 5.", PHONES, []),
    ("The Aurora 5 came out in March 2024, about two months before the Aurora 5 Pro.",
     PHONES, []),
    ("The firm listed in 2019, two years after the merger.", ["The merger closed in 2017."],
     ["ungrounded_date"]),  # the span is counted; 2019 itself is not in the evidence
    # the wrong count, or the right count the wrong way
    ("The Aurora 5 came out in March 2024, three months before the Aurora 5 Pro.", PHONES,
     ["ungrounded_figure"]),
    ("The Aurora 5 Pro came out in May 2024, two months before the Aurora 5.", PHONES,
     ["ungrounded_figure"]),
    ("The Aurora 5 came out in March 2024, at least two months before the Aurora 5 Pro.",
     PHONES, ["ungrounded_figure"]),
])
def test_a_span_between_two_dates_is_counted(claim: str, evidence: list[str],
                                             codes: list[str]) -> None:
    assert [f.code for f in check_claim(claim, evidence)] == codes


# ------------------------------------------------------------ chat-style replies

@pytest.mark.parametrize(("question", "answer", "claims"), [
    # a cleft reply names the answer
    ("Who directed Inception?", "It was Christopher Nolan.",
     ["Christopher Nolan directed Inception."]),
    ("Do you know who directed Inception?", "I'm pretty sure it was Christopher Nolan.",
     ["Christopher Nolan directed Inception."]),
    # ... and a later "It" is the film, not the person who answers "who"
    ("Who directed Inception?", "It was Christopher Nolan. It made $836 million.",
     ["Christopher Nolan directed Inception.", "Inception made $836 million."]),
    # an object "it" right after a named subject's verbs is the question's topic
    ("Who directed Inception?", "Christopher Nolan directed it.",
     ["Christopher Nolan directed Inception."]),
    ("Tell me about Memento.", "Christopher Nolan directed it in 2000.",
     ["Christopher Nolan directed Memento in 2000."]),
    ("Who directed Inception?", "Christopher Nolan. He also wrote it.",
     ["Christopher Nolan directed Inception.", "Christopher Nolan also wrote Inception."]),
    # not when a noun phrase stands between them, or nothing names a topic
    ("Who directed Inception?", "Nolan wrote a novel and adapted it.",
     ["Nolan wrote a novel.", "Nolan adapted it."]),
    ("Who directed it?", "Christopher Nolan directed it.", ["Christopher Nolan directed it."]),
    # a cleft with no name is no answer
    ("What is Inception?", "It was a heist film.", ["Inception was a heist film."]),
])
def test_chat_replies_read_with_their_question(question: str, answer: str,
                                               claims: list[str]) -> None:
    got = [c.text for c in extract_claims(answer, question=question) if c.kind == "claim"]
    assert got == claims


@pytest.mark.parametrize(("sentence", "kind"), [
    ("I really loved that movie.", "not_a_claim"),
    ("I enjoyed it a lot!", "not_a_claim"),
    ("I loved that it was filmed in Iceland.", "claim"),  # a fact inside the opinion
    ("I liked Inception more than Memento.", "claim"),  # names: checkable
])
def test_a_past_opinion_is_no_claim(sentence: str, kind: str) -> None:
    (c,) = extract_claims(sentence)
    assert c.kind == kind


@pytest.mark.parametrize(("claim", "evidence", "codes"), [
    # "May" and "March" alone are months after a word of time
    ("The library opened in May.", "The library opened in March.", ["ungrounded_date"]),
    ("Talks ran from March to May.", "Talks ran from March to June.", ["ungrounded_date"]),
    ("The library opened in May.", "The library opened on 3 May 2020.", []),
    ("The vote is due by early March.", "The vote is due by 5 March.", []),
    # and not otherwise
    ("Staff may work from home.", "Staff can work from home.", []),
    ("Theresa May resigned.", "Theresa May resigned in 2019.", []),
])
def test_may_and_march_alone(claim: str, evidence: str, codes: list[str]) -> None:
    assert [f.code for f in check_claim(claim, [evidence])] == codes


def test_a_month_borrowed_through_a_pronoun_binds_nothing() -> None:
    text = ("The council approved the Mill Lane library in March. It rejected the Park Road "
            "pool in May.")
    found = binding_finding("The council rejected the Mill Lane library in May.", [text])
    assert found is not None and found.code == "unbound_anchors"
    assert binding_finding("The council approved the Mill Lane library in March.",
                           [text]) is None


IBUPROFEN = ("Ibuprofen can be used to relieve mild to moderate pain. It should be taken with "
             "food. People with stomach ulcers should not take ibuprofen.")


@pytest.mark.parametrize(("claim", "evidence", "codes"), [
    # a reason the evidence never gives
    ("Ibuprofen should be taken with food because this makes it work faster.", IBUPROFEN,
     ["ungrounded_cause"]),
    ("The flight was delayed because of fog.", "The flight was delayed by three hours.",
     ["ungrounded_cause"]),
    ("Take it with food so that it works faster.", "Take it with food.",
     ["ungrounded_cause"]),
    # the evidence states a cause (whose it is, is the model's question)
    ("The flight was delayed because of fog.",
     "The flight was delayed by three hours. Fog caused chaos at the airport.", []),
    # "since" is as often time as cause: a condition read as a reason is faithful
    ("Since you are over 65, the flu vaccine is free for you.",
     "Flu vaccines are free for people over 65.", []),
    ("Ibuprofen should be taken with food.", IBUPROFEN, []),
])
def test_a_cause_the_evidence_never_gives(claim: str, evidence: str, codes: list[str]) -> None:
    assert [f.code for f in check_claim(claim, [evidence])] == codes


def test_a_month_that_ends_its_sentence_is_a_month() -> None:
    evidence = ("Militants were behind attacks on two churches in Lahore in March. The group "
                "detonated two bombs.")
    assert check_claim("The attacks in Lahore came in March.", [evidence]) == []
    assert [f.code for f in check_claim("The attacks in Lahore came in May.", [evidence])] == [
        "ungrounded_date"]


@pytest.mark.parametrize(("claim", "evidence", "codes"), [
    # time elapsed from a point of its own orders nothing against the evidence's "before"
    ("A week later the council approved the plan.",
     "Residents protested before the vote. A week later the council approved the plan.", []),
    ("Police released the images 21 hours later.",
     "The raid happened before dawn. Police released the images 21 hours later.", []),
    # the planted twin: the order of two events turned round is still a contradiction
    ("The council approved the plan after the vote.",
     "The council approved the plan before the vote.", ["polarity_mismatch"]),
])
def test_time_elapsed_is_no_order(claim: str, evidence: str, codes: list[str]) -> None:
    assert [f.code for f in check_claim(claim, [evidence])] == codes

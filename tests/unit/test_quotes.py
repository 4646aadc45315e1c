"""Verbatim quotes: what counts as a claim that is an evidence sentence."""

from __future__ import annotations

import pytest

from certirag.schemas import Evidence
from certirag.text.quotes import (
    MIN_WORDS,
    find_quote,
    is_quote,
    normalise_quote,
    quoted_sentence,
)

PASSAGE = ("# Annual leave policy\n\nFull-time employees are entitled to 28 days of paid "
           "annual leave per year. Up to 5 days of unused leave may be carried over to the "
           "next leave year. It is not true that leave can be sold back to the company. "
           "Can leave be taken in advance? Employees’ requests need a manager’s approval.")
CARRY = "Up to 5 days of unused leave may be carried over to the next leave year."


def test_normalise_forgives_only_form() -> None:
    assert normalise_quote("  Up to 5 days\n of leave.  ") == "up to 5 days of leave"
    assert normalise_quote("The “plan” – approved!") == 'the "plan" - approved'
    assert normalise_quote("ﬁve days") == "five days"  # NFKC
    assert normalise_quote("Paris IS big") != normalise_quote("Paris is big")


@pytest.mark.parametrize("claim", [
    CARRY,
    "up to 5 days of unused leave may be carried over to the next leave year",
    "Up to 5 days of unused  leave may be carried over to the next leave year!",
    "Employees' requests need a manager's approval.",
])
def test_a_whole_sentence_verbatim_is_a_quote(claim: str) -> None:
    span = quoted_sentence(claim, PASSAGE)
    assert span is not None
    assert normalise_quote(PASSAGE[span[0]:span[1]]) == normalise_quote(claim)


@pytest.mark.parametrize("claim", [
    "Up to 6 days of unused leave may be carried over to the next leave year.",  # changed
    "Up to 5 days of leave may be carried over to the next leave year.",  # word missing
    "Up to 5 days of unused leave may always be carried over to the next leave year.",
    "Up to 5 days of unused leave may be carried over.",  # a fragment of a sentence
    "Leave can be sold back to the company.",  # a clause under a negation
    "Can leave be taken in advance.",  # the evidence asks, it does not state
    "Annual leave policy.",  # too short
    "Full-time employees are entitled to 28 days of paid annual leave per year. Up to 5 "
    "days of unused leave may be carried over to the next leave year.",  # two sentences
])
def test_anything_else_is_not(claim: str) -> None:
    assert quoted_sentence(claim, PASSAGE) is None


def test_short_claims_never_quote() -> None:
    assert quoted_sentence("Paris is big.", "Paris is big.") is None
    assert MIN_WORDS == 4
    assert quoted_sentence("Paris is very big.", "Paris is very big.") == (0, 18)


def test_find_quote_locates_the_span_in_the_passage_coordinates() -> None:
    passages = [Evidence(doc_id="a", text="Nothing here at all today."),
                Evidence(doc_id="b", chunk_id="b#1", start=100, end=100 + len(PASSAGE),
                         text=PASSAGE)]
    found = find_quote(CARRY, passages)
    assert found is not None
    index, span = found
    assert index == 1 and span.doc_id == "b" and span.chunk_id == "b#1"
    a = PASSAGE.index(CARRY)
    assert (span.start, span.end, span.text) == (100 + a, 100 + a + len(CARRY), CARRY)
    assert is_quote(CARRY, span, passages)
    assert find_quote("Paris is the capital of France.", passages) is None


def test_is_quote_checks_the_span_against_its_passage() -> None:
    passage = Evidence(doc_id="b", start=100, text=PASSAGE)
    a = PASSAGE.index(CARRY)
    good = Evidence(doc_id="b", start=100 + a, end=100 + a + len(CARRY), text=CARRY)
    assert is_quote(CARRY, good, [passage])
    assert not is_quote(CARRY, good.model_copy(update={"doc_id": "c"}), [passage])
    assert not is_quote(CARRY, good.model_copy(update={"start": 101 + a}), [passage])
    assert not is_quote(CARRY.replace("5", "6"), good, [passage])
    # a span that is not a whole sentence of the passage (text and offsets agree)
    part = "Up to 5 days of unused leave may be carried over"
    frag = Evidence(doc_id="b", start=100 + a, end=100 + a + len(part), text=part)
    assert not is_quote(part, frag, [passage])
    assert not is_quote(CARRY, good.model_copy(update={"end": None}), [passage])

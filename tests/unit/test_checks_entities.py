"""Named entities (certirag.checks.entities)."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks._text import Spans, tokens
from certirag.checks.entities import EntityIndex, extract_entities


def names(text: str) -> list[str]:
    return [e.text for e in extract_entities(text, Spans())]


@pytest.mark.parametrize(("text", "expected"), [
    ("The Eiffel Tower is in Paris.", ["Eiffel Tower", "Paris"]),
    ("It was built by the Bank of England.", ["Bank of England"]),
    ("Lyon is the capital.", []),  # a lone capital at a sentence start is not taken
    ("In Paris it rained.", ["Paris"]),
    ("NASA launched it in April.", ["NASA"]),
    ("He met Ludwig van Beethoven on Monday.", ["Ludwig van Beethoven"]),
    ("Lawrence M. Tanenbaum owns it.", ["Lawrence M. Tanenbaum"]),
    ("I think so.", []),
    ("THE ANSWER IS YES.", []),
])
def test_extract(text: str, expected: list[str]) -> None:
    assert names(text) == expected


@pytest.fixture
def index() -> EntityIndex:
    texts = ["Milhouse was named after President Richard Milhous Nixon by Matt Groening.",
             "The European Union (EU) and the United Kingdom signed it."]
    return EntityIndex(tokens(t) for t in texts)


@pytest.mark.parametrize(("words", "ok"), [
    (("nixon",), True), (("richard", "nixon"), True), (("president", "richard", "nixon"), True),
    (("mr", "nixon"), True), (("groening",), True), (("eu",), True),
    (("european", "union"), True), (("uk",), True), (("britain",), True),
    (("john", "smith"), False), (("matt", "nixon"), False), (("paris",), False),
    (("nixon", "and", "groening"), True), (("nixon", "and", "smith"), False),
    (("richard", "milhous", "nixon"), True),
    (("richard", "henry", "nixon"), False),  # a middle name the evidence does not have
    (("richard", "henry", "milhous", "nixon"), False),
])
def test_grounding(index: EntityIndex, words: tuple[str, ...], ok: bool) -> None:
    assert index.grounded(words) is ok


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    ("The capital of France is Lyon.", "The capital of France is Paris.", ["Lyon"]),
    ("The tower was designed by Gustave Eiffel.", "Gustave Eiffel's company built the tower.",
     []),
    ("The tower was designed by Eiffel.", "Gustave Eiffel's company built the tower.", []),
    ("The tower was designed by Maurice Koechlin.", "Gustave Eiffel's company built it.",
     ["Maurice Koechlin"]),
    ("It was founded in the USA.", "It was founded in the United States.", []),
    ("The Nile flows into the Mediterranean Sea.", "The nile flows into the mediterranean sea.",
     []),
])
def test_entity_findings(claim: str, evidence: str, expected: list[str]) -> None:
    found = check_claim(claim, [evidence])
    assert [f.text for f in found if f.code == "ungrounded_entity"] == expected


def test_question_names_count_as_grounded() -> None:
    claim = "Allie Goertz wrote a song about Milhouse."
    assert check_claim(claim, ["She wrote a song about Milhouse."]) != []
    assert check_claim(claim, ["She wrote a song about Milhouse."],
                       question="What did Allie Goertz write?") == []

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


# ------------------------------------------------------------------------ name boundaries

@pytest.mark.parametrize(("text", "expected"), [
    ('The "Daily Mail" Walter Scott story ran.', ["Daily Mail", "Walter Scott"]),  # quotes
    ("It ran in Daily Mail Online\nWalter Scott said so.", ["Daily Mail Online",
                                                            "Walter Scott"]),  # a line break
    ("He met Spain's King Felipe.", ["Spain's King Felipe"]),  # one run, cut at the 's
    ("It was at King's College.", ["King's College"]),
])
def test_run_edges(text: str, expected: list[str]) -> None:
    assert names(text) == expected


@pytest.mark.parametrize(("text", "cuts"), [
    ("He met Spain's King Felipe.", (1,)),
    ("He said Apple CEO Tim Cook spoke.", (1,)),  # a title after a name
    ("The Bank of England Governor Mark Carney spoke.", (3,)),
    ("He met Prime Minister David Cameron.", ()),  # a political title stays whole
    ("Daily Mail Online Walter Scott's novel won.", ()),  # the 's at the end cuts nothing
])
def test_cuts(text: str, cuts: tuple[int, ...]) -> None:
    (ent,) = extract_entities(text, Spans())
    assert ent.cuts == cuts


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    # every piece of the run is in the evidence: grounded
    ("Daily Mail Online Walter Scott's novel was praised.",
     "Walter Scott's novel was reviewed by Daily Mail Online.", []),
    ("Then came Spain's King Felipe.", "Next came King Felipe. He rules Spain.", []),
    ("He said Apple CEO Tim Cook spoke.", "Tim Cook, who runs Apple, spoke.", []),
    ("The Bank of England Governor Mark Carney spoke.",
     "Mark Carney of the Bank of England spoke.", []),
    ("Prime Minister David Cameron spoke.", "David Cameron spoke.", []),
    ("Tony Blair Gordon Brown met.", "Tony Blair met Gordon Brown.", []),
    # a piece the evidence lacks: still flagged, the whole run named
    ("Daily Mail Online Walter Scott's novel was praised.", "Walter Scott's novel was praised.",
     ["Daily Mail Online Walter Scott's"]),
    ("Walter Scott's Ivanhoe is long.", "Walter Scott wrote a long novel.",
     ["Walter Scott's Ivanhoe"]),
    ("He said Apple CEO Tim Cook spoke.", "Tim Cook spoke.", ["Apple CEO Tim Cook"]),
    ("Tony Blair Gordon Smith met.", "Tony Blair met Gordon Brown.", ["Tony Blair Gordon Smith"]),
    # single words are never pieces away from a cut
    ("The winner was John Smith.", "John Brown won the race. Adam Smith lost it.",
     ["John Smith"]),
    ("It was in Times Square.", "At times it was empty; the square was cold.",
     ["Times Square"]),
    # a name and where it is, joined by "on": each side a name of its own
    ("She works as a GP on Teesside.", "She is a locum GP. Her clinic is on Teesside.", []),
    ("She works as a GP on Tyneside.", "She is a locum GP. Her clinic is on Teesside.",
     ["GP on Tyneside"]),
    ("He moved to Newcastle upon Tyne.", "He moved to Newcastle. He loves the Tyne.",
     ["Newcastle upon Tyne"]),
])
def test_runs_ground_piece_by_piece(claim: str, evidence: str, expected: list[str]) -> None:
    found = check_claim(claim, [evidence])
    assert [f.text for f in found if f.code == "ungrounded_entity"] == expected


def test_pieces_at_cuts(index: EntityIndex) -> None:
    # "Matt Groening's Richard Nixon": each piece is in the evidence, but only at a cut
    assert index.grounded(("matt", "groening", "richard", "nixon"), (2,))
    assert index.grounded(("groening", "nixon"), (1,))
    assert not index.grounded(("groening", "nixon"))  # no cut: one name, not mentioned
    assert not index.grounded(("groening", "smith"), (1,))


def test_a_sentence_initial_verb_or_plural_is_not_part_of_the_name() -> None:
    from certirag.checks import check_claim

    ev = ["The broadcaster Jimmy Savile was named. Britain will struggle, he warned. "
          "Miss Forbes said so."]
    for claim in ("Broadcasters Jimmy Savile was named.", "Warns Britain will struggle.",
                  "Miss Forbes said so."):
        assert check_claim(claim, ev) == [], claim
    # the name after it is still checked
    assert [f.code for f in check_claim("Andrews Smith said so.", ev)] == ["ungrounded_entity"]


@pytest.mark.parametrize(("claim", "expected"), [
    # a common word capitalised by its place opens the name; the text writes it in lower case
    ("Student Britt Lapthorne was found in Dubrovnik.", []),
    ("Student Britt was found in Dubrovnik.", []),
    # the rest must be the text's own name, not any word of it
    ("Student Anna Lapthorne was found in Dubrovnik.", ["ungrounded_entity"]),
    ("Student Melbourne Britt was found in Dubrovnik.", ["ungrounded_entity"]),
    # inside a sentence the capital is the writer's choice: the whole name must be there
    ("Police say Student Britt Lapthorne was found.", ["ungrounded_entity"]),
])
def test_a_common_word_opening_the_sentence_may_be_dropped(claim: str,
                                                           expected: list[str]) -> None:
    evidence = ("Britt Lapthorne, a student from Melbourne, was found in Dubrovnik. Her "
                "father spoke.")
    assert [f.code for f in check_claim(claim, [evidence])] == expected


JUDGMENT = ("In Harlow v Penrith Logistics Ltd, the Court of Appeal dismissed the employer's "
            "appeal. Ms Harlow had been dismissed in March 2021. Lady Justice Moran gave the "
            "leading judgment, with which the other two judges agreed.")


def test_a_title_the_evidence_gives_another_name_is_not_grounded_by_the_surname() -> None:
    found = check_claim("Lady Justice Harlow gave the leading judgment.", [JUDGMENT])
    assert [f.code for f in found] == ["ungrounded_entity"]
    assert "Moran" in found[0].message
    # the title with its own name, the name without a title, and a party named as one
    for claim in ("Lady Justice Moran gave the leading judgment.",
                  "Moran gave the leading judgment.",
                  "Ms Harlow was dismissed in March 2021."):
        assert check_claim(claim, [JUDGMENT]) == []
    # a title the evidence gives no one is the name check's, as before
    assert check_claim("Lady Justice Moran agreed.", ["Moran gave the leading judgment."]) == []

"""Scorer v6: the model reads a claim in the voice its span states the same agency in
(certirag.text.voice.voice_reading), and never a claim whose roles differ."""

from __future__ import annotations

import pytest

from certirag.bound import SCORER_VERSION, claim_reading
from certirag.text.voice import voice_reading

HEATWAVE = "Heatwave is a 2019 thriller directed by Ana Duarte. It was filmed in Lisbon."


@pytest.mark.parametrize(("claim", "premise", "reading"), [
    ("Ana Duarte directed Heatwave.", HEATWAVE, "Heatwave is directed by Ana Duarte."),
    ("Ana Duarte directed Heatwave in 2019.", HEATWAVE,
     "Heatwave is directed by Ana Duarte in 2019."),
    ("Ana Duarte also directed Heatwave.", HEATWAVE, "Heatwave is also directed by Ana Duarte."),
    ("Christopher Nolan wrote Inception.",
     "Inception was written and directed by Christopher Nolan.",
     "Inception was written by Christopher Nolan."),
    ("Heatwave was directed by Ana Duarte.", "Ana Duarte directed Heatwave.",
     "Ana Duarte directed Heatwave."),
    ("Heatwave was directed by Ana Duarte.", HEATWAVE, "Heatwave is directed by Ana Duarte."),
])
def test_the_same_agency_is_read_in_the_spans_voice(claim: str, premise: str,
                                                    reading: str) -> None:
    assert voice_reading(claim, premise) == reading


@pytest.mark.parametrize(("claim", "premise"), [
    ("Heatwave directed Ana Duarte.", HEATWAVE),  # roles exchanged
    ("Marta Ruiz directed Heatwave.", HEATWAVE),  # another agent
    ("Ana Duarte produced Heatwave.", HEATWAVE),  # another verb
    ("Ana Duarte directed Heatwave 2.", HEATWAVE),  # another work
    ("Ana Duarte directed Heatwave, which won an award.", HEATWAVE),  # a clause about it
    ("Ana Duarte was directed by Heatwave.", "Ana Duarte directed Heatwave in 2019."),
    ("Ana Duarte directed Heatwave.", "Was Heatwave directed by Ana Duarte?"),
])
def test_nothing_else_is_rewritten(claim: str, premise: str) -> None:
    assert voice_reading(claim, premise) == claim


def test_scorer_v6_reads_the_voice_and_v5_reads_the_claim_as_written() -> None:
    assert SCORER_VERSION == "certirag.scorer.v9"  # v7 to v9 read the voice as v6 does
    claim = "Ana Duarte directed Heatwave."
    for scorer in ("certirag.scorer.v6", "certirag.scorer.v7", "certirag.scorer.v8",
                   SCORER_VERSION):
        assert claim_reading(claim, HEATWAVE, scorer=scorer) == \
            "Heatwave is directed by Ana Duarte."
    assert claim_reading(claim, HEATWAVE, scorer="certirag.scorer.v5") == claim


def test_the_agents_noun_is_read_in_the_spans_voice() -> None:
    premise = "Inception is a 2010 science fiction film written and directed by Christopher Nolan."
    assert voice_reading("Christopher Nolan was the director of Inception.", premise) == \
        "Inception is directed by Christopher Nolan."
    assert voice_reading("Christopher Nolan was the producer of Inception.", premise) == \
        "Christopher Nolan was the producer of Inception."


@pytest.mark.parametrize(("claim", "premise", "reading"), [
    ("Ewan McGregor starred in Big Fish.", "Big Fish is starring Ewan McGregor.",
     "Big Fish is starring Ewan McGregor."),
    ("Albert Finney was in Big Fish.", "Big Fish is starring Ewan McGregor and Albert Finney.",
     "Big Fish is starring Albert Finney."),
    ("Tom Hanks starred in Big Fish.", "Big Fish is starring Ewan McGregor and Albert Finney.",
     "Tom Hanks starred in Big Fish."),  # not of the cast: as written
    ("Ana Duarte directed Heatwave.", "Heatwave is a film not directed by Ana Duarte.",
     "Ana Duarte directed Heatwave."),  # a negated agency is none
])
def test_a_cast_member_and_a_negated_agency(claim: str, premise: str, reading: str) -> None:
    assert voice_reading(claim, premise) == reading

"""A conjunction whose right half has its own subject shares nothing with the left half;
a quantifier opens the subject it shares; a reported clause keeps its verbs."""

from __future__ import annotations

import pytest

from certirag.claims import extract_claims


@pytest.mark.parametrize(("answer", "claims"), [
    ("No arrests have been made and investigators are still looking into the incident.",
     ["No arrests have been made.", "Investigators are still looking into the incident."]),
    ("He was arrested and charges are pending against him.",
     ["He was arrested.", "Charges are pending against him."]),
    ("Some patients improved quickly and left the hospital early.",
     ["Some patients improved quickly.", "Some patients left the hospital early."]),
    ("He was born in 1900 and died in 1950.", ["He was born in 1900.", "He died in 1950."]),
    # an irregular past is the left half's verb ("came", "left", "paid")
    ("Parasite came out in 2013, and Bong Joon-ho directed it.",
     ["Parasite came out in 2013.", "Bong Joon-ho directed it."]),
    ("The plane left Indianapolis and crashed near the airport.",
     ["The plane left Indianapolis.", "The plane crashed near the airport."]),
])
def test_split(answer: str, claims: list[str]) -> None:
    assert [c.text for c in extract_claims(answer)] == claims


@pytest.mark.parametrize("answer", [
    # whose verb is "will never walk": the doctors' or hers?
    "Doctors say she has no feeling below her belly button and will never walk again.",
    # a phrase goes on after "and", no subject of its own
    "People aged 75 and over are sent a kit every two years.",
    "He left the club and later was found in Spain.",
    # a bare verb needs the "to" or modal before it
    "The boy is expected to make a full recovery and be home within weeks.",
    # no subject to share: a time phrase, a conjunction, a name before a noun
    "Last week he was told he was too ill for surgery and has weeks to live.",
    "But a year after her release in 2004, they married and are still together.",
    "NYPD officers questioned them and say the case is now closed.",
    # a noun joins the noun before "and" in one subject
    "The attack happened as 30 riders and hounds were chasing an artificial scent.",
    # a list of names is no clause: "Texas" is no verb
    "Arizona, Texas, Montana, Missouri, and Oklahoma are the only five states without bans.",
    # a pronoun reads back to the left half
    "Guido van Rossum designed it at CWI and it was first released in 1991.",
])
def test_no_split(answer: str) -> None:
    assert [c.text for c in extract_claims(answer)] == [answer]

"""A former office stated as held (:mod:`certirag.checks.tenure`), a statement the evidence
restricts with "only" made of all (:mod:`certirag.checks.scope`), and a possibility ("could
rise") stated flatly (:func:`certirag.checks.qualifiers.possibilities`): each caught, and
its faithful twin left alone."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.qualifiers import could_verbs
from certirag.checks.tenure import former_offices

CORVANE = ("Corvane Systems said on Thursday that its former chief executive Arjun Mehta "
           "would join the board of rival Teralink. Mehta led Corvane from 2012 until 2019, "
           "when he was succeeded by Lotte Brandsma.")


def _codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


def test_former_offices_are_read_before_and_after_the_name() -> None:
    text = ("Rio Ferdinand, the former England captain, said he was sad. Ex-president Bill "
            "Clinton spoke. Tony Blair, Britain's former prime minister who led the party, "
            "spoke.")
    assert former_offices(text) == [("president", "Bill Clinton", ()),
                                    ("captain", "Rio Ferdinand", ("England",)),
                                    ("minister", "Tony Blair", ())]
    # a factory, a player's position or a past club is no office held
    assert former_offices("The former factory was sold. The former Chelsea midfielder Kevin "
                          "de Bruyne scored.") == []


def test_another_organisation_s_office_is_another_office() -> None:
    ev = "Gareth Bale has been urged to stay at Real Madrid by former Wales manager Mark Hughes."
    assert _codes("Stoke manager Mark Hughes has urged Bale to stay.", ev) == []
    assert _codes("Wales manager Mark Hughes has urged Bale to stay.", ev) == [
        "qualifier_dropped"]


@pytest.mark.parametrize("claim", [
    "Arjun Mehta is the chief executive of Corvane Systems.",
    "Corvane's chief executive, Arjun Mehta, joins the Teralink board.",
])
def test_a_former_office_stated_as_held_is_caught(claim: str) -> None:
    assert _codes(claim, CORVANE) == ["qualifier_dropped"]


@pytest.mark.parametrize("claim", [
    "Former chief executive Arjun Mehta will join Teralink's board.",
    "Arjun Mehta was chief executive of Corvane until 2019.",
    "Arjun Mehta, who once ran Corvane, will join the board of Teralink.",
])
def test_a_former_office_reported_as_past_passes(claim: str) -> None:
    assert "qualifier_dropped" not in _codes(claim, CORVANE)


def test_an_office_the_evidence_also_gives_as_held_passes() -> None:
    ev = ("Former minister Ana Ruiz returned to the cabinet on Monday. Ana Ruiz is the "
          "minister for health.")
    assert _codes("Ana Ruiz is the minister for health.", ev) == []


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Northline accepts oversized bags on all of its flights.",
     "Oversized bags are accepted on flights within Europe only."),
    ("Swimming is allowed at five designated beaches, all of which have lifeguards.",
     "Swimming is permitted at five designated beaches, although lifeguards are present "
     "only at the Seeburg beach."),
    ("Every member can vote at the annual meeting.",
     "Only full members can vote at the annual meeting."),
])
def test_all_for_only_is_caught(claim: str, evidence: str) -> None:
    assert _codes(claim, evidence) == ["qualifier_dropped"]


@pytest.mark.parametrize(("claim", "evidence"), [
    # the claim keeps the restriction
    ("Northline accepts oversized bags only on its European flights.",
     "Oversized bags are accepted on flights within Europe only."),
    # "only if" is a condition (the condition check's), not a scope
    ("All members can vote at the annual meeting.",
     "All members can vote at the annual meeting. Proxies count only if signed."),
    # "only" about another thing of the sentence
    ("All 40 passengers were rescued.",
     "All 40 passengers were rescued, the coastguard said, adding that only one boat sank."),
    # no quantifier over all
    ("Oversized bags are accepted on European flights.",
     "Oversized bags are accepted on flights within Europe only."),
])
def test_all_without_a_restriction_it_drops_passes(claim: str, evidence: str) -> None:
    assert "qualifier_dropped" not in _codes(claim, evidence)


def test_could_before_a_verb_is_a_possibility() -> None:
    assert could_verbs("Water levels could rise further overnight.") == ["rise"]
    assert could_verbs("The research could potentially help solve 500 cases.") == ["help"]
    assert could_verbs("It could have caused the crash.") == ["caused"]
    assert could_verbs("He could not see the road.") == []
    assert could_verbs("She could see smoke from the hill.") == []


@pytest.mark.parametrize(("claim", "evidence", "found"), [
    ("Water levels will rise further overnight.",
     "Officials warned that water levels could rise further overnight if rain continued.",
     True),
    ("The ban will cost farmers millions.", "The ban could cost farmers millions.", True),
    # the claim keeps the possibility, or a report of it
    ("Water levels could rise further overnight.",
     "Officials warned that water levels could rise further overnight if rain continued.",
     False),
    ("Officials warned that water levels may rise further overnight.",
     "Officials warned that water levels could rise further overnight if rain continued.",
     False),
    # a past ability of the senses is no possibility
    ("He saw smoke from the hill.", "He could see smoke from the hill.", False),
    # "could" puts another verb as possible ("could miss", not the injury)
    ("Gareth Bale injured his left foot in training.",
     "Gareth Bale could miss the game after injuring his left foot in training.", False),
    # a question "could" answers, or a purpose it serves, is no possibility
    ("His parents are confused over how quickly he fell ill.",
     "His parents have been left confused as to how he could fall ill so quickly.", False),
    # the claim denies the verb ("ruled out any cuts")
    ("The chief whip ruled out any cuts to disability benefits.",
     "The Tories could cut child benefit, the chief whip admitted.", False),
    # the sentence states the verb flatly too
    ("He will face an RFU disciplinary panel on Tuesday.",
     "He faces an RFU disciplinary panel on Tuesday and could face a suspension.", False),
    # a claim given as a hope or a hint states nothing flatly
    ("Benaud hoped to return to the commentary box.",
     "He said he hoped he could return to the commentary box.", False),
])
def test_a_possibility_stated_flatly_is_caught(claim: str, evidence: str, found: bool) -> None:
    assert ("hedge_mismatch" in _codes(claim, evidence)) is found


COVER = ("Cancellation due to a pre-existing medical condition is covered only if you declared "
         "the condition and we accepted it in writing.")


def test_the_noun_condition_keeps_no_condition_of_the_claims() -> None:
    # "a pre-existing medical condition" is a thing, not "on condition that": the claim
    # drops the evidence's "only if"
    found = check_claim("Cancellation due to a pre-existing medical condition is covered.", [COVER])
    assert [f.code for f in found] == ["qualifier_dropped"]
    for kept in ("Cancellation due to a pre-existing medical condition is covered if you "
                 "declared it and it was accepted in writing.",
                 "Cancellation due to a pre-existing condition is covered on condition that "
                 "you declared it and it was accepted in writing."):
        assert check_claim(kept, [COVER]) == []


ADMISSIONS = ("Places are allocated in the following order. First, looked-after children. "
              "Second, children with a sibling already attending the school. Third, children "
              "of staff who have worked at the school for at least two years. Fourth, all "
              "other children, ranked by distance.")


@pytest.mark.parametrize(("claim", "evidence", "flagged"), [
    ("All children of school staff get priority.", ADMISSIONS, True),
    ("Every child of a staff member gets priority.", ADMISSIONS, True),
    # the claim keeps the clause, or limits itself
    ("All children of staff who have worked at the school for at least two years get "
     "priority.", ADMISSIONS, False),
    ("Only children of staff with two years at the school get priority.", ADMISSIONS, False),
    # no quantifier over all: the model reads what is left out
    ("Children of staff get priority.", ADMISSIONS, False),
    # a clause set off by a comma adds to the group; it does not pick out part of it
    ("All passengers were rescued.",
     "The ferry sank near the coast. All 40 passengers, who had boarded at Dover, were "
     "rescued.", False),
])
def test_a_group_the_evidence_restricts_with_a_relative_clause(claim: str, evidence: str,
                                                                flagged: bool) -> None:
    found = [f.message for f in check_claim(claim, [evidence])
             if f.code == "qualifier_dropped"]
    assert any("only of those" in m for m in found) is flagged

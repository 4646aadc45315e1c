"""Values borrowed from another sentence or clause: a place or a complement the evidence
gives for another thing (``certirag.checks.places``), a side of an antonym pair another
clause takes, a duration of another list item; and the readings beside them: a modal's
coordinated verbs, a shown change, "Earth years", "on"/"off" as list items."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.places import places_in

FLOOD = ("Flooding in the Ardenne valley has forced the evacuation of about 3,400 residents, "
         "regional officials said on Sunday. The river Semois rose to 4.8 metres at Bouillon, "
         "its highest level since 1993. Two people have died, both in the town of Herbeumont.")
FINAL = ("Harlow Falcons beat Dunmore City 2-1 in the regional league final on Saturday at "
         "Eastgate Stadium. The squad trained at Millbrook Park all week.")
KETTLE = ("Lumen kettle care: The removable limescale filter is dishwasher safe. The kettle body "
          "and base must never be immersed in water or placed in a dishwasher.")
MARGIN = ("Norvik reported revenue of $2.84 billion. Operating margin improved to 18.4% from "
          "15.9%. Profit rose to £12 million from £10 million.")
MISSION = "Its primary mission is planned to last two Martian years, roughly four Earth years."


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


def test_places_are_capitalised_names_after_in_at_or_near() -> None:
    assert places_in("Two people have died, both in the town of Herbeumont.") == ["Herbeumont"]
    assert places_in("It rose at Bouillon in March and near New Town Hall.") == [
        "Bouillon", "New Town Hall"]
    assert places_in("In January, at the start, in English.") == []


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Two people died in Bouillon.", FLOOD),
    ("The Falcons beat Dunmore City 2-1 in the regional league final at Millbrook Park.", FINAL),
])
def test_a_place_borrowed_from_another_sentence_is_a_swap(claim: str, evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Two people died in Herbeumont.", FLOOD),
    ("The Semois rose to 4.8 metres at Bouillon.", FLOOD),
    ("The Falcons beat Dunmore City 2-1 at Eastgate Stadium.", FINAL),
    ("The Falcons trained at Millbrook Park.", FINAL),
    ("Two people died in Namur.", FLOOD),  # a place the evidence never names: not this rule's
])
def test_a_place_the_evidence_gives_is_no_swap(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


def test_a_place_swap_needs_the_whole_evidence() -> None:
    """The rule reads what no evidence sentence says: a deciding span is only a part."""
    from certirag.checks import prepare_evidence

    span = prepare_evidence([FLOOD])
    assert "value_swap" in [f.code for f in check_claim("Two people died in Bouillon.", span)]
    span.partial = True
    assert "value_swap" not in [f.code for f in check_claim("Two people died in Bouillon.", span)]


@pytest.mark.parametrize(("claim", "flagged"), [
    ("You can put the kettle body in the dishwasher.", True),  # the verb after "or"
    ("You can place the kettle base in a dishwasher.", True),
    ("You can immerse the kettle body in water.", True),  # the first verb, as before
    ("You can put the limescale filter in the dishwasher.", False),
])
def test_a_modal_governs_its_coordinated_verbs(claim: str, flagged: bool) -> None:
    assert ("modal_mismatch" in codes(claim, KETTLE)) is flagged


@pytest.mark.parametrize(("claim", "grounded"), [
    ("Operating margin widened by 2.5 percentage points to 18.4%.", True),
    ("Operating margin widened by 3.5 percentage points to 18.4%.", False),
    ("Operating margin widened by 2.5% to 18.4%.", False),  # a percent of a percent: unsure
    ("Profit rose by £2 million to £12 million.", True),
    ("Profit rose by £3 million to £12 million.", False),
    ("Profit was £2 million, and later £12 million.", False),  # no "by": no change shown
])
def test_a_shown_change_is_the_difference_of_two_evidence_figures(claim: str,
                                                                   grounded: bool) -> None:
    assert ("ungrounded_figure" not in codes(claim, MARGIN)) is grounded


@pytest.mark.parametrize(("claim", "grounded"), [
    ("The main mission should last about four years on Earth.", True),
    ("The main mission should last two Martian years.", True),
    ("The main mission should last two years.", False),  # Martian years are not years
])
def test_earth_years_are_years(claim: str, grounded: bool) -> None:
    found = codes(claim, MISSION)
    assert (not {"ungrounded_figure", "duration_mismatch"} & set(found)) is grounded


LEAVE = ("Employees are entitled to 16 weeks of enhanced maternity pay at their full salary. "
         "Shared parental leave is available to eligible couples and is paid at the statutory "
         "rate. Employees may appeal a refusal to the HR director within 14 days. Requests "
         "need their line manager's approval.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Shared parental leave is paid at full salary.", LEAVE),
    ("You can appeal a refusal to your line manager within 14 days.", LEAVE),
])
def test_a_complement_borrowed_from_another_sentence_is_a_swap(claim: str,
                                                               evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Shared parental leave is paid at the statutory rate.", LEAVE),
    ("Shared parental leave is paid at the government's standard level.", LEAVE),  # reworded
    ("Employees can appeal a refusal to the HR director within 14 days.", LEAVE),
    ("Enhanced maternity pay is paid at full salary for 16 weeks.", LEAVE),
    ("Haaland plays for Manchester City under Pep Guardiola.",
     "Erling Haaland plays for Manchester City. Manchester City is managed by Pep Guardiola."),
])
def test_a_complement_the_evidence_gives_is_no_swap(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


RATES = ("Governor Elena Marsh said a cut before the end of the year was possible but not "
         "guaranteed. Economists expect the first cut in February.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Governor Elena Marsh said the bank will cut rates before the end of the year.", True),
    ("Governor Elena Marsh said the bank could cut rates before the end of the year.", False),
    ("Governor Elena Marsh said a cut before the end of the year was possible.", False),
])
def test_what_the_evidence_gives_as_possible_is_no_will(claim: str, flagged: bool) -> None:
    assert ("hedge_mismatch" in codes(claim, RATES)) is flagged


HEADPHONES = ("Battery life is up to 30 hours with noise cancellation off and up to 22 hours "
              "with noise cancellation on.")


@pytest.mark.parametrize(("claim", "swapped"), [
    ("You'll get up to 30 hours of battery with noise cancellation switched on.", True),
    ("You'll get up to 22 hours of battery with noise cancellation switched on.", False),
    ("You get up to 30 hours with noise cancellation off.", False),
])
def test_on_and_off_name_the_items_of_a_list(claim: str, swapped: bool) -> None:
    assert ("value_swap" in codes(claim, HEADPHONES)) is swapped


RESULTS = ("Cloud services revenue grew 31% to $1.1 billion, while hardware revenue fell 6% to "
           "$690 million.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Both cloud services and hardware revenue grew.", True),
    ("Hardware revenue grew 6%.", True),
    ("Cloud services revenue grew.", False),
    ("Hardware revenue fell.", False),
    ("Revenue grew.", False),  # names neither clause's own thing
])
def test_a_side_another_clause_takes_is_a_polarity_mismatch(claim: str, flagged: bool) -> None:
    assert ("polarity_mismatch" in codes(claim, RESULTS)) is flagged


VACCINES = "Vaccination is given at 8, 10 and 12 weeks of age, followed by a booster at one year."


@pytest.mark.parametrize(("claim", "swapped"), [
    ("The booster is given at 12 weeks.", True),
    ("The booster is given at one year.", False),
    ("Vaccination is given at 12 weeks of age.", False),
])
def test_durations_in_other_units_are_one_list(claim: str, swapped: bool) -> None:
    assert ("value_swap" in codes(claim, VACCINES)) is swapped


EXTENSIONS = ("Extensions of up to 10 working days may be granted by the programme director; "
              "longer extensions require approval from the Mitigating Circumstances Panel.")


@pytest.mark.parametrize(("claim", "swapped"), [
    ("Extensions of up to 10 working days can be granted by the Mitigating Circumstances "
     "Panel, while longer ones need the programme director's approval.", True),
    ("Extensions of up to 10 working days can be granted by the programme director, while "
     "longer ones need the Mitigating Circumstances Panel's approval.", False),
])
def test_complements_are_read_clause_by_clause(claim: str, swapped: bool) -> None:
    assert ("value_swap" in codes(claim, EXTENSIONS)) is swapped


@pytest.mark.parametrize(("claim", "evidence"), [
    # a common noun may name part of a named place
    ("She was admitted to the emergency room with 14 fractures.",
     "She was admitted to the Children's Healthcare of Atlanta with 14 fractures. The "
     "emergency room staff called the police."),
    # a name misspelt is the same name
    ("Peter Schmeichel and Oliver Kahn star in an advert filmed in Tipico.",
     "Oliver Kahn and Peter Schmeichel star in an advert filmed in Tiplico. Tipico is a "
     "betting firm."),
])
def test_a_part_or_a_misspelling_is_no_swap(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


WARRANTY = ("Brightly Home warranty terms: kettles carry a 2-year warranty; toasters carry a "
            "1-year warranty; stand mixers are covered for 5 years on the motor and 2 years on "
            "all other parts. Warranty claims require proof of purchase.")


@pytest.mark.parametrize("claim", [
    "The Brightly toaster does come with a two-year warranty.",  # the kettles' value
    "Kettles carry a 1-year warranty.",
    "Stand mixers are covered for 2 years on the motor.",
])
def test_the_first_item_of_a_semicolon_list_owns_its_words(claim: str) -> None:
    """The words before the first item's value (after the heading's colon) are its own, as
    the second item's are: "kettles carry a 2-year warranty; toasters carry a 1-year …"."""
    assert "value_swap" in codes(claim, WARRANTY)


@pytest.mark.parametrize("claim", [
    "The Brightly toaster comes with a 1-year warranty.",
    "Kettles carry a 2-year warranty.",
    "Stand mixers are covered for 2 years on all other parts.",
    "The Brightly warranty lasts 1 year.",  # the heading's words are every item's
])
def test_an_item_of_a_semicolon_list_with_its_own_value(claim: str) -> None:
    assert "value_swap" not in codes(claim, WARRANTY)

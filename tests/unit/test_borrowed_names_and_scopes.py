"""A name borrowed from another sentence (``certirag.checks.people``), the next item of a
numbered order (``certirag.checks.sequence``), a view of some given to all, a proviso
dropped beside a claim's own condition, "suggests" where the evidence says "did not
indicate", a subject swap with one word of kind more, and "that one" read as "it"."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.people import names_in
from certirag.checks.sequence import ordered_items
from certirag.claims import extract_claims

MATCH = ("Harlow Falcons beat Dunmore City 2-1 in the regional league final. Dunmore took the "
         "lead in the 23rd minute through a penalty by striker Leon Baptiste. Falcons equalised "
         "just before half-time when midfielder Sam Okafor headed in a corner. The winning goal "
         "came in the 78th minute from substitute Ryan Teale.")
ADMISSIONS = ("If more children apply than there are places, places are allocated in the "
              "following order. First, looked-after children. Second, children with a sibling "
              "already attending the school. Third, children of staff. Fourth, all other "
              "children, by distance.")
DEAL = ("Brightwater has agreed to buy Hollins & Pike for £185 million. Brightwater's shares rose "
        "2% on the news. Some analysts said the price was high.")
LEAVE = ("Employees who are ill during a period of annual leave may reclassify those days as "
         "sick leave, provided they supply a medical certificate. Managers must respond to a "
         "leave request within five working days.")
PLANET = ("Astronomers have detected water vapour in the atmosphere of the exoplanet TOI-5128 b. "
          "The team said the detection did not indicate that the planet could support life.")
ALBUM = ("Beyoncé is married to Jay-Z. Jay-Z founded Roc Nation. Beyoncé released the album "
         "Lemonade.")


def codes(claim: str, evidence: str, question: str = "") -> list[str]:
    return [f.code for f in check_claim(claim, [evidence], question=question)]


def test_names_are_two_capitalised_words_or_more() -> None:
    assert names_in("A penalty by striker Leon Baptiste's boot, then Sam Okafor.") == [
        "Leon Baptiste", "Sam Okafor"]
    assert names_in("Dunmore scored.") == []


@pytest.mark.parametrize("claim", [
    "Sam Okafor scored a penalty for Dunmore in the 23rd minute.",
    "Dunmore opened the scoring with a Sam Okafor penalty in the 23rd minute.",
])
def test_a_name_borrowed_from_another_sentence_is_a_swap(claim: str) -> None:
    assert "value_swap" in codes(claim, MATCH)


@pytest.mark.parametrize("claim", [
    "Leon Baptiste scored a penalty for Dunmore in the 23rd minute.",
    "Sam Okafor headed in a corner just before half-time.",
    "Ryan Teale scored the winner in the 78th minute.",
    "Sam Okafor also scored in the 23rd minute.",  # "also": one of several
    "Sam Okafor scored a penalty for Dunmore.",  # no value places the claim
])
def test_a_name_in_its_own_sentence_is_no_swap(claim: str) -> None:
    assert "value_swap" not in codes(claim, MATCH)


def test_an_order_is_read_from_ordinal_sentences() -> None:
    from certirag.checks import prepare_evidence

    assert [p for p, _ in ordered_items(prepare_evidence([ADMISSIONS]))] == [1, 2, 3, 4]
    assert ordered_items(prepare_evidence(["First, apply. Second, wait."])) == []  # two only


def test_the_item_after_another_must_be_the_next_one() -> None:
    wrong = "After looked-after children, priority goes to children of staff."
    right = "After looked-after children, priority goes to children with a sibling at the school."
    assert "value_swap" in codes(wrong, ADMISSIONS)
    assert "value_swap" not in codes(right, ADMISSIONS)
    assert "value_swap" not in codes("After children of staff, all other children get places.",
                                     ADMISSIONS)


def test_a_view_of_some_given_to_all_is_a_dropped_qualifier() -> None:
    assert "qualifier_dropped" in codes(
        "Analysts broadly agreed that Brightwater was paying too much.", DEAL)
    assert "qualifier_dropped" not in codes("Some analysts thought the price was high.", DEAL)
    assert "qualifier_dropped" not in codes(  # the evidence speaks of analysts as a whole too
        "Analysts broadly agreed that the price was high.",
        DEAL + " Analysts broadly agreed that the price was high.")


def test_a_proviso_is_dropped_beside_the_claims_own_condition() -> None:
    dropped = "If you fall ill during annual leave, you can reclassify those days as sick leave."
    kept = ("If you fall ill during annual leave, you can reclassify those days as sick leave if "
            "you supply a medical certificate.")
    assert "qualifier_dropped" in codes(dropped, LEAVE)
    assert "qualifier_dropped" not in codes(kept, LEAVE)


def test_suggests_is_what_did_not_indicate_denies() -> None:
    assert "negation_mismatch" in codes(
        "The detection suggests that TOI-5128 b could support life.", PLANET)
    assert "negation_mismatch" not in codes(
        "The detection did not suggest that the planet could support life.", PLANET)


def test_a_subject_swap_may_leave_out_one_word_of_kind() -> None:
    assert "subject_swap" in codes("Jay-Z released Lemonade.", ALBUM)
    assert "subject_swap" not in codes("Beyoncé released Lemonade.", ALBUM)


def test_that_one_is_read_as_it() -> None:
    q = ("[Human]: I'm listening to Abbey Road on vinyl. [Assistant]: Classic! "
         "[Human]: When did it come out?")
    assert [c.text for c in extract_claims("If I recall correctly, that one's from 1970.",
                                           question=q)] == ["Abbey Road is from 1970."]
    assert [c.text for c in extract_claims("That one was directed by Nolan.", question=q)] == [
        "Abbey Road was directed by Nolan."]


KIDNEY = ("Patients with moderate kidney impairment should take one tablet once a day; "
          "Vormacet is not recommended for patients with severe kidney impairment. Adults "
          "should take one tablet twice a day.")
PELLWAY = ("Pellway Foods was founded in 1987 by Ruth Akande in Leeds. In 2009 it acquired the "
           "bakery chain Crumb & Co. The company moved to Sheffield in 2015.")
APPEAL = ("The Court of Appeal dismissed the employer's appeal. The court did not decide the "
          "amount of compensation, which was sent back to the tribunal.")


def test_whether_a_or_b_needs_both() -> None:
    assert "qualifier_dropped" in codes("Patients with kidney impairment, whether moderate or "
                                        "severe, should take one tablet once a day.", KIDNEY)
    assert "qualifier_dropped" not in codes("Patients with moderate kidney impairment should "
                                            "take one tablet once a day.", KIDNEY)


def test_a_company_acquired_is_not_one_founded() -> None:
    assert "polarity_mismatch" in codes(
        "Pellway Foods went on to found the bakery chain Crumb & Co in 2009.", PELLWAY)
    assert "polarity_mismatch" not in codes("Pellway Foods was founded in 1987.", PELLWAY)
    assert "polarity_mismatch" not in codes(
        "In 2009 Pellway Foods acquired the bakery chain Crumb & Co.", PELLWAY)


def test_a_negated_measure_denies_what_it_measures() -> None:
    assert "negation_mismatch" in codes("The court decided the compensation.", APPEAL)
    assert "negation_mismatch" not in codes("The court did not decide the compensation.",
                                            APPEAL)

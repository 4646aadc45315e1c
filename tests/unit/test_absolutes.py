"""An absolute value ("unlimited", "24/7", "free of charge") the evidence gives one thing,
given to another (``certirag.checks.absolutes``)."""

from __future__ import annotations

import pytest

from certirag.checks import PreparedEvidence, check_claim, prepare_evidence
from certirag.checks.absolutes import absolutes_in

PLANS = ("The Starter plan allows 2 projects and 5 GB of storage. The Team plan allows 20 "
         "projects and 100 GB of storage. The Enterprise plan has unlimited projects and 1 TB "
         "of storage.")
SUPPORT = ("Live chat is available 24/7. Phone support is available Monday to Friday, 9 am to "
           "5 pm. Email replies are sent within one working day.")
DELIVERY = ("Standard delivery costs £4.99 and takes 3 to 5 working days. Click and collect "
            "is free of charge.")


def codes(claim: str, evidence: str | list[str] | PreparedEvidence) -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev)]


@pytest.mark.parametrize(("text", "values"), [
    ("The Enterprise plan has unlimited projects.", ["no limit"]),
    ("Live chat is available 24/7.", ["at all hours"]),
    ("Our lines are open round-the-clock.", ["at all hours"]),
    ("Click and collect is free of charge.", ["at no charge"]),
    ("Returns are free.", ["at no charge"]),
    ("Children go free.", ["at no charge"]),
    ("Loans can be renewed as many times as you like.", ["no limit"]),
    ("You are free to leave at any time.", []),  # a freedom, not a price
    ("The free trial lasts 14 days.", []),  # a name's word, not a value stated
])
def test_absolute_values_in_their_wordings(text: str, values: list[str]) -> None:
    assert [v for v, _, _ in absolutes_in(text)] == values


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The Team plan has unlimited projects.", PLANS),
    ("The Starter plan allows unlimited projects.", PLANS),
    ("Phone support runs 24/7.", SUPPORT),  # "runs": a word the evidence never uses
    ("Phone support is available around the clock.", SUPPORT),
    ("Standard delivery is free of charge.", DELIVERY),
])
def test_an_absolute_value_of_another_thing_is_a_swap(claim: str, evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The Enterprise plan has unlimited projects.", PLANS),
    ("Live chat is open around the clock.", SUPPORT),
    ("Click and collect costs nothing.", DELIVERY),
    ("Click and collect is free.", DELIVERY),
    # stated of the claim's thing in another sentence too
    ("The Team plan has unlimited projects.",
     [PLANS, "Since March, every Team plan has unlimited projects."]),
    # no sentence brings the claim's words together with a value of its own
    ("Email support is available 24/7.", SUPPORT),
    # a possibility is the model's to read
    ("The Team plan may get unlimited projects.", PLANS),
])
def test_an_absolute_value_of_its_own_thing_is_no_swap(claim: str,
                                                       evidence: str | list[str]) -> None:
    assert "value_swap" not in codes(claim, evidence)


LIBRARY = ("Library members can borrow up to 8 printed books at a time. Loans last three weeks "
           "and can be renewed twice.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Loans can be renewed as many times as you like.", True),
    ("Members can borrow unlimited printed books.", True),
    ("Loans can be renewed twice.", False),
    ("E-books can be renewed any number of times.", False),  # nothing holds its words
])
def test_no_limit_where_the_evidence_sets_one_is_a_qualifier_mismatch(claim: str,
                                                                     flagged: bool) -> None:
    assert ("qualifier_mismatch" in codes(claim, LIBRARY)) is flagged


def test_a_price_for_one_and_free_for_another() -> None:
    evidence = "Entry costs £5 for adults. Children under five go free."
    assert codes("Children under five go free.", evidence) == []
    assert "value_swap" in codes("Entry is free for adults.", evidence)
    # one sentence that says both is left to the model: it holds the claim's words
    assert codes("Entry is free for adults.", "Entry costs £5 for adults; children go free.") \
        == []


def test_only_the_whole_evidence_is_read() -> None:
    """A deciding span leaves out sentences: what none of them says is not read."""
    span = prepare_evidence([PLANS])
    span.partial = True
    assert "value_swap" not in codes("The Team plan has unlimited projects.", span)
    assert "value_swap" in codes("The Team plan has unlimited projects.",
                                 prepare_evidence([PLANS]))

"""Counts of times (``certirag.checks.counts``): "renewed three times" against "can be
renewed twice" is an ``ungrounded_figure`` even where a "three" stands elsewhere in the
evidence; "two times" for "twice" is no finding."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.counts import counts

LOANS = ("Loans last three weeks and can be renewed twice online or at the desk. Overdue fines "
         "are 20p per item per day.")
EXAM = "Teralink is about twice the size of Corvane. The exam can be retaken once."


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("text", "values"), [
    ("renewed twice", [2]),
    ("up to three times", [3]),
    ("retaken 4 times", [4]),
    ("tried once, then two more times", [1, 2]),
    ("about twice the size", []),  # a ratio
    ("three times as many", []),
    ("twice a week", []),  # a frequency
    ("once the term ends", []),  # a conjunction
    ("all at once", []),
])
def test_counts(text: str, values: list[int]) -> None:
    assert [k.value for k in counts(text)] == values


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Loans can be renewed three times.", LOANS),  # "three weeks" grounds no count
    ("You can renew them online up to three times.", LOANS),
    ("Loans can be renewed once.", LOANS),
    ("The exam can be retaken twice.", EXAM),
])
def test_another_count_is_a_finding(claim: str, evidence: str) -> None:
    assert "ungrounded_figure" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Loans can be renewed two times.", LOANS),
    ("Loans can be renewed twice online.", LOANS),
    ("The exam can be retaken one time.", EXAM),
    ("Loans last three weeks.", LOANS),
    ("The exam was easy, and Ana passed it at once.", EXAM),  # no count
])
def test_the_same_count_is_no_finding(claim: str, evidence: str) -> None:
    assert "ungrounded_figure" not in codes(claim, evidence)

"""Claims rules v19: "…, and sessions should be kept to 15 minutes or less" is a claim of its
own, as "…, and phone calls are allowed …" was: a bare noun phrase and a modal open a clause
("should", "would", "could", "might", "shall", "cannot" beside "will", "can", "must", "may")."""

from __future__ import annotations

import pytest

from certirag.claims import CLAIMS_VERSION
from certirag.claims.conjunctions import split_conjunction


def test_the_version() -> None:
    assert CLAIMS_VERSION.startswith("certirag.claims.rules.v")


@pytest.mark.parametrize("modal", ["should", "would", "could", "might", "cannot"])
def test_a_bare_noun_and_a_modal_after_and_is_a_clause(modal: str) -> None:
    sentence = ("The spa asks guests to shower before entering the sauna, and sessions "
                f"{modal} be kept to 15 minutes or less.")
    assert split_conjunction(sentence) == [
        "The spa asks guests to shower before entering the sauna.",
        f"Sessions {modal} be kept to 15 minutes or less."]


@pytest.mark.parametrize("sentence", [
    # an adverb, not a noun, before the modal: the subject is the first clause's
    "The spa asks guests to shower first, and then should rest for ten minutes.",
    # a name in capitals is another rule's
    "Guests shower first, and Thornfield should be told in advance.",
])
def test_no_bare_noun_no_split(sentence: str) -> None:
    assert split_conjunction(sentence) == [sentence]

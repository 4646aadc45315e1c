"""The word-order rewordings of ``--reorder`` (certirag.train.reorder) and their pairs."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from certirag.train import reorder
from certirag.train.bind_data import reorder_pairs
from certirag.train.nli_data import CON, ENT, NOT_ENTAILED
from certirag.train.rewordings import paraphrase


def _front(s: str, seed: int = 0) -> str | None:
    return reorder.front_time(s, random.Random(seed))


def test_a_closing_time_phrase_moves_to_the_front() -> None:
    got = {_front("John Smith opened the bakery on Main Street in 2002.", k) for k in range(8)}
    assert got == {"In 2002, John Smith opened the bakery on Main Street.",
                   "In 2002 John Smith opened the bakery on Main Street."}
    assert _front("The airline shipped more than 200 pets last year.", 1) in (
        "Last year, the airline shipped more than 200 pets.",
        "Last year the airline shipped more than 200 pets.")
    assert (_front("The film was released in the United States on 4 July 2014.") or "") \
        .startswith("On 4 July 2014")


def test_a_time_phrase_that_could_date_something_else_stays() -> None:
    # a reported clause, a participle no "be" governs, a gerund, a second clause, a quote
    assert _front("He said the attack took place in 2002.") is None
    assert _front("Spieth is 10 away from Phil Mickelson's Masters mark set in 2001.") is None
    assert _front("He is accused of killing his friend at her home in 2000.") is None
    assert _front("Dossena was told that no action would be taken on April 10.") is None
    assert _front('He said: "We will be back in May."') is None
    assert _front("Death row: Kent Sprouse shot a police officer in 2002.") is None
    # a participle governed by "be" is the main verb
    assert _front("The singer Ana Lopez was born in 1990.", 1) in (
        "In 1990, the singer Ana Lopez was born.", "In 1990 the singer Ana Lopez was born.")


#: (edit, sentence, what it gives; None: the edit does not apply)
EDITS: list[tuple[Callable[[str], str | None], str, str | None]] = [
    (reorder.back_time, "In 2002, John Smith opened the bakery on Main Street.",
     "John Smith opened the bakery on Main Street in 2002."),
    (reorder.back_time, "On Sunday, the sparring continued.", "The sparring continued on Sunday."),
    (reorder.back_time, "In 2012, a lawsuit was filed after the experiments.", None),
    (reorder.back_time, "In 2000, he was accused of killing his friend at home.", None),
    (reorder.back_time, "John Smith opened the bakery in 2002.", None),
    (reorder.drop_age, "Dr Oz, 54, is the vice chairman of surgery.",
     "Dr Oz is the vice chairman of surgery."),
    (reorder.drop_age, "The 54 members voted.", None),
    (reorder.drop_label, "Death row: Kent Sprouse gunned down a police officer in 2002.",
     "Kent Sprouse gunned down a police officer in 2002."),
    # a speaker's line, a question, first person, a verb of saying: kept
    (reorder.drop_label, "Goodacre: There are several good translations of it.", None),
    (reorder.drop_label, "Opinion: The Home Office got this badly wrong again?", None),
    (reorder.drop_label, "Wise words: The chef said we must all eat less sugar.", None),
    (reorder.drop_label, "Hill added: The Supreme Court will decide the case soon.", None),
    (reorder.drop_modifier, "The photo shows a tiger cub in the hands of a notorious rebel "
     "fighter.", "The photo shows a tiger cub in the hands of a rebel fighter."),
    (reorder.drop_modifier, "The negatives were sold to an unnamed buyer.",
     "The negatives were sold to a buyer."),
    (reorder.drop_modifier, "UKIP's leader is a political outsider.",
     "UKIP's leader is an outsider."),
    # an adjective that takes back its noun; a negation or a quantifier; no noun after it
    (reorder.drop_modifier, "He is a former police officer.", None),
    (reorder.drop_modifier, "He was not a dangerous man.", None),
    (reorder.drop_modifier, "All dangerous dogs must be muzzled.", None),
    (reorder.drop_modifier, "She lives with a relative during term time.", None),
]


@pytest.mark.parametrize(("edit", "sentence", "expected"), EDITS)
def test_an_edit_keeps_the_meaning_or_does_not_apply(
        edit: Callable[[str], str | None], sentence: str, expected: str | None) -> None:
    assert edit(sentence) == expected


def test_paraphrase_level_two_adds_the_moves_and_level_one_is_unchanged() -> None:
    s = "John Smith opened the bakery on Main Street in 2002."
    assert paraphrase(s, random.Random(0)) is None  # no level-1 edit applies
    assert paraphrase(s, random.Random(0), 2) in (
        "In 2002, John Smith opened the bakery on Main Street.",
        "In 2002 John Smith opened the bakery on Main Street.")
    # a sentence with a negation keeps its order; its age may go
    assert paraphrase("Tom Price, 41, did not open the shop in 2002.", random.Random(0), 2) \
        in ("Tom Price did not open the shop in 2002.", "Tom Price, 41, didn't open the shop "
            "in 2002.")


def test_reorder_pairs_pair_each_rewording_with_its_own_negatives() -> None:
    doc = ("The council has opened a new library in Leeds in 2019. Tom Price, 41, is running "
           "it for the council. It cost £4 million to build. Visitors have praised the reading "
           "rooms in March 2020.")
    pairs = reorder_pairs(doc, "syn_summ")
    assert pairs == reorder_pairs(doc, "syn_summ")  # a function of the document
    by_kind: dict[str, list[tuple[str, int]]] = {}
    for p in pairs:
        by_kind.setdefault(p.source.split(":", 1)[1], []).append((p.hypothesis, p.label))
    positives = [h for h, label in by_kind["reorder"] if label == ENT]
    assert "Tom Price is running it for the council." in positives
    assert any(h in ("In 2019, the council has opened a new library in Leeds.",
                     "In 2019 the council has opened a new library in Leeds.",
                     "The council has opened a library in Leeds in 2019.") for h in positives)
    assert all(label == NOT_ENTAILED for _, label in by_kind.get("reorder_swap", []))
    assert all(label == CON for _, label in by_kind["reorder_negation"])
    assert {h for h, _ in by_kind["reorder_context"]} <= {h for h, _ in by_kind["reorder"]} | \
        {h for h, _ in by_kind.get("reorder_swap", [])}
    assert not reorder_pairs("Where was it? Nobody knows.", "syn_summ")



def test_a_detail_of_another_sentence_is_added() -> None:
    assert reorder.add_detail("He was arrested in Florida.",
                              "The dog was found asleep while sleeping on a beach.") == \
        "He was arrested in Florida while sleeping on a beach."
    # no closing phrase to borrow: an adjective goes before the first noun a determiner opens
    assert reorder.add_detail("The photo shows a rebel fighter.",
                              "It was a notorious case in the city") == \
        "The notorious photo shows a rebel fighter."
    assert reorder.add_detail("The photo shows a rebel fighter.", "Nothing here.") is None


def test_reorder_pairs_add_details_from_the_other_document() -> None:
    doc = "The council has opened a new library in Leeds in 2019. It cost £4 million."
    other = "A man was held after a brief chase near the station."
    added = [p for p in reorder_pairs(doc, "syn_summ", other) if p.source.endswith("_added")]
    assert added and all(p.label == NOT_ENTAILED for p in added)
    assert all("after a brief chase near the station" in p.hypothesis for p in added)
    assert not [p for p in reorder_pairs(doc, "syn_summ") if p.source.endswith("_added")]


def test_a_word_is_substituted_by_one_of_the_same_form() -> None:
    got = reorder.substitute("The airline cancelled 120 flights.", "The bank ordered a review.",
                             random.Random(0))
    assert got == "The airline ordered 120 flights."
    assert reorder.substitute("The airline cancelled 120 flights.", "Nothing to see here.",
                              random.Random(0)) is None
    assert reorder.substitute('He said "we cancelled it".', "The bank ordered a review.",
                              random.Random(0)) is None


@pytest.mark.parametrize(("sentence", "expected"), [
    ("Some of the stolen data has been used.", "All of the stolen data has been used."),
    ("Most flights were late.", "All flights were late."),
    ("Staff may accept gifts.", "Staff must accept gifts."),
    ("The team plans to publish in May.", "The team has agreed to publish in May."),
    ("May is a busy month for the firm.", None),  # a month, not a modal
    ("Officials said it was late.", None),
])
def test_widen_says_more_than_the_sentence(sentence: str, expected: str | None) -> None:
    assert reorder.widen(sentence) == expected

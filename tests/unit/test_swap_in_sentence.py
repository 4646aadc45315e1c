"""Value swaps inside one evidence sentence: the claim gives a value to the item of
another clause of the same sentence (or to the word another value of the clause measures),
while the sentence states another value for the claim's item. Restatements of the sentence,
a sentence with one value, two values of one item and claims that give both values with
their items are no swap."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.clause_swap import find_sentence_swap
from certirag.checks.parse import parse_text

HALVORSEN = ("The container shipping division accounted for 62% of revenue, while the tanker "
             "division contributed 31%.")
MEADOWS = ("The researchers found that meadows near river mouths lost an average of 18% of "
           "their area over the period, while meadows far from rivers lost 4%.")
HOLLINS = ("Hollins & Pike made a pre-tax profit of £9.2 million last year on sales of "
           "£71 million.")
HARGREAVE = ("Hargreave, who served 14 months of a four-year sentence before being released "
             "on licence, said he was relieved.")
MATCH = "Smith scored 24 points, while Jones scored 11."
LEAVE = "Full-time staff receive 25 days of annual leave, while part-time staff receive 15 days."
LAPTOP = "The base model has 8 GB of memory, whereas the Pro model has 16 GB."
LAKES = "Lake Ontario is 244 metres deep, whereas Lake Erie reaches only 64 metres."
FEES = ("The university charges tuition of £9,250 on top of accommodation costs of "
        "£6,000.")
INFLATION = "Inflation rose from 4% to 6% last year."
PROFIT = "Profit was £9m in 2022, rising to £12m in 2023."
PENSION = "Employee contributions are 6.5% of pensionable pay, while the council contributes 14.2%."
PUPPIES = ("With intensive hospital care, around 90% of puppies survive, compared with about "
           "10% of those left untreated.")


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


POSITIVE = [
    # the planted errors
    ("The tanker division accounted for 62% of Halvorsen's revenue.", HALVORSEN),
    ("Meadows far from rivers lost an average of 18% of their area.", MEADOWS),
    ("Hollins & Pike made a pre-tax profit of £71 million last year.", HOLLINS),
    ("Hargreave served four years in prison before his release.", HARGREAVE),
    # other domains
    ("Jones scored 24 points.", MATCH),
    ("Part-time staff receive 25 days of annual leave.", LEAVE),
    ("The Pro model has 8 GB of memory.", LAPTOP),
    ("Lake Erie is 244 metres deep.", LAKES),
    ("Lake Erie reaches a depth of 244 metres.", LAKES),
    ("Lake Ontario is 64 metres deep.", LAKES),
    # a noun and its verb are one word ("contributions", "contributes")
    ("Employees contribute 14.2% of their pensionable pay.", PENSION),
    ("The council contributes 6.5%.", PENSION),
    # "those" refers back: the words before the value tell the clauses apart
    ("About 90% of untreated puppies survive.", PUPPIES),
    ("About 10% of puppies survive with hospital care.", PUPPIES),
    ("Accommodation costs £9,250.", FEES),
    # a change goes on with its item: the level of another year (the list rule agrees)
    ("Profit was £12m in 2022.", PROFIT),
]


@pytest.mark.parametrize(("claim", "evidence"), POSITIVE)
def test_value_of_another_item_is_a_swap(claim: str, evidence: str) -> None:
    found = check_claim(claim, [evidence])
    swaps = [f for f in found if f.code == "value_swap"]
    assert swaps, found
    assert swaps[0].kind == "contradiction"


NEGATIVE = [
    # restatements of the sentence
    ("Container shipping accounted for 62% of revenue.", HALVORSEN),
    ("Revenue from tankers was 31%.", HALVORSEN),
    ("Meadows near river mouths lost 18% of their area.", MEADOWS),
    ("Meadows far from rivers lost 4%.", MEADOWS),
    ("Profit was £9.2 million on sales of £71 million.", HOLLINS),
    ("Hollins & Pike had sales of £71 million last year.", HOLLINS),
    ("Hargreave served 14 months of a four-year sentence.", HARGREAVE),
    ("Hargreave was given a four-year sentence.", HARGREAVE),
    ("Hargreave was released after 14 months.", HARGREAVE),
    ("Smith scored 24 points.", MATCH),
    ("Part-time staff get 15 days of leave.", LEAVE),
    ("The Pro model has 16 GB.", LAPTOP),
    ("Lake Erie is 64 metres deep.", LAKES),
    ("Employees contribute 6.5% of their pensionable pay.", PENSION),
    ("The council contributes 14.2%.", PENSION),
    ("Around 90% of puppies survive with intensive care.", PUPPIES),
    ("About 10% of untreated puppies survive.", PUPPIES),
    # the claim's name opens the sentence; the other value's verb is no reason to swap
    ("Lake Ontario reaches a depth of 244 metres.", LAKES),
    ("Lake Erie reaches a depth of 64 metres.", LAKES),
    ("Tuition is £9,250.", FEES),
    # a sentence with one value
    ("The tanker division accounted for 31%.", "The tanker division contributed 31% of revenue."),
    # two values of one item: a change, and a change that goes on with the item
    ("Inflation rose to 6%.", INFLATION),
    ("Inflation was 4% before it rose.", INFLATION),
    ("Profit was £12m.", PROFIT),
    # a claim that states both values with their items
    ("The container shipping division accounted for 62% of revenue and the tanker division "
     "for 31%.", HALVORSEN),
    ("Hollins & Pike made £71 million in sales and a £9.2 million profit.", HOLLINS),
    ("Students pay £9,250 in tuition and £6,000 for accommodation.", FEES),
    # an age set off after a name is no rival of a count
    ("Rone Odendaal, 24, took pictures of two lions.",
     "Her sister Rone Odendaal, 24, spotted this struggle between two lions and a buffalo."),
]


@pytest.mark.parametrize(("claim", "evidence"), NEGATIVE)
def test_restatement_is_no_swap(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


def test_the_hit_names_the_other_value_and_the_claims_words() -> None:
    claim = parse_text("The tanker division accounted for 62% of revenue.", date_locale="dmy",
                       decimal_comma=None, role="claim").sentences[0]
    ev = parse_text(HALVORSEN, date_locale="dmy", decimal_comma=None,
                    role="evidence").sentences[0]
    item = next(it for it in claim.items if it.text == "62%")
    occ = [(ev, it) for it in ev.items if it.key == item.key]
    hit = find_sentence_swap(claim, item, occ)
    assert hit is not None
    assert hit.item.text == "31%"
    assert hit.words == frozenset({"tanker"})


def test_a_sentence_that_states_the_value_for_the_claims_item_clears_it() -> None:
    # the value is swapped in one sentence, but another states it for the claim's item
    evidence = HALVORSEN + " The tanker division accounted for 62% of profit."
    assert "value_swap" not in codes("The tanker division accounted for 62% of profit.",
                                     evidence)


def test_dates_are_left_to_the_list_rule() -> None:
    ev = "The estimated population in 2007 was 25,505, increasing to 27,445 at the 2011 Census."
    assert "value_swap" not in codes("The 2011 population of the town was counted.", ev)


BRIGHTWATER = ("Brightwater Foods reported revenue of $4.8 billion for fiscal 2023, up 6% from "
               "$4.53 billion the year before. Operating profit fell to $310 million from $355 "
               "million.")


@pytest.mark.parametrize(("claim", "expected"), [
    # the value a change started from is the same item before it, no other item
    ("Revenue grew 6% to $4.8 billion, but operating profit slipped to $310 million.", []),
    ("Revenue rose from $4.53 billion to $4.8 billion.", []),
    ("Operating profit fell from $355 million.", []),
    # stated as what the change came to: the two ends exchanged
    ("Revenue grew 6% to $4.53 billion.", ["value_swap"]),
    ("Operating profit fell to $355 million.", ["value_swap"]),
    # "slipped" is a fall, "jumped" a rise
    ("Operating profit jumped to $310 million.", ["polarity_mismatch"]),
])
def test_the_two_ends_of_a_change(claim: str, expected: list[str]) -> None:
    assert codes(claim, BRIGHTWATER) == expected


TRIAL = ("Serious adverse events occurred in 2.1% of the tirnavumab group and 2.4% of the "
         "placebo group.")


@pytest.mark.parametrize(("claim", "expected"), [
    # each value in brackets after its item: the words before it are its own
    ("Serious adverse events were slightly less frequent with tirnavumab (2.1%) than with "
     "placebo (2.4%).", []),
    ("Serious adverse events were less frequent with tirnavumab (2.4%) than with placebo "
     "(2.1%).", ["value_swap", "value_swap"]),
])
def test_values_in_brackets_after_their_items(claim: str, expected: list[str]) -> None:
    assert codes(claim, TRIAL) == expected


def test_before_the_first_bracket_only_as_many_words_as_the_others_have() -> None:
    films = ('Known for his work at LAIKA on films such as "Coraline" (2009), "ParaNorman" '
             '(2012), and "Kubo and the Two Strings".')
    assert "value_swap" not in codes("The 2012 animated film he worked on is ParaNorman.",
                                     films)
    assert "value_swap" not in codes("He worked on a 2012 animated film.", films)
    assert "value_swap" in codes("ParaNorman came out in 2009.", films)

"""Checks v17: what a seventh blind round passed that a careful reader would not — a value
borrowed from the sentence about another thing where the claim's own sentence words the
thing differently, a quote a passage calls a misconception or does not accept, a charge
the evidence waives, "free" where the evidence gives a fee, a count a yes/no question
states "on the same account" — and the faithful readings kept clean beside them."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.text.frames import quote_frame


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]


RATES = ("Korvel Languages - price list for translation into English. Dutch and Danish are "
         "charged at €0.12 per word. Korean is charged at €0.18 per word, reflecting the "
         "extra terminology work required. Estonian is charged at €0.15 per word. "
         "Certified copies cost €20 each. Editing by a second translator is included in "
         "every rate.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Estonian into English is charged at €0.18 per word, with editing by a second "
     "translator included.", True),
    ("Estonian into English is charged at €0.15 per word, with editing by a second "
     "translator included.", False),
    ("Korean is charged at €0.18 per word.", False),
])
def test_a_rate_borrowed_from_another_language(claim: str, flagged: bool) -> None:
    assert ("value_swap" in codes(claim, RATES)) is flagged


CLINIC = ("Storage times for Pellow Pharmacy preparations depend on the preparation. "
          "Lansoprazole oral suspension keeps for 21 days when stored in the fridge. "
          "Hydrocortisone cream keeps for 60 days at room temperature. Unpreserved nasal "
          "spray keeps for 10 days and must be refrigerated. Capsules made from powder keep "
          "for 180 days. The expiry date is printed on every label.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Unpreserved nasal spray has a shelf life of 21 days, and it has to be kept cold.",
     True),
    ("Unpreserved nasal spray has a shelf life of 10 days, and it has to be kept cold.",
     False),
    ("Hydrocortisone cream keeps for 60 days.", False),
])
def test_a_duration_borrowed_where_the_claim_rewords_its_thing(claim: str,
                                                                flagged: bool) -> None:
    assert ("value_swap" in codes(claim, CLINIC)) is flagged


SANCTUARY = ("Holloway Otter Trust admitted 940 animals in 2024. The trust received 41 "
             "owls, including a barn owl caught in fencing near Marsh Lane. Grey seals "
             "accounted for 17 admissions, most of them caused by netting injuries. Otter "
             "admissions rose to 23.")


def test_a_bare_count_is_not_read_by_the_words_shared() -> None:
    # a count or a rank of a news report (scores, ages, places) is too often another count
    # of the same thing: left to the model and the binding rule
    assert "value_swap" not in codes(
        "Holloway took in 41 grey seals in 2024, most of them hurt by netting.", SANCTUARY)


REPORT = ("Denim designer Bettina Liano said she cannot afford to pay the tax office the almost "
          "$130,000 she owes in taxes. Ms Liano is being pursued for $126,594 in taxes "
          "withheld in 2012, the Daily Telegraph reported. The 26-year-old sought a release "
          "from the club after becoming homesick.")


@pytest.mark.parametrize("claim", [
    "Jeans designer Bettina Liano reportedly owes $126,594 in tax.",  # "almost $130,000"
])
def test_a_value_put_roughly_is_no_rival(claim: str) -> None:
    assert "value_swap" not in codes(claim, REPORT)


def test_a_value_in_a_sentence_with_a_pronoun_is_left_alone() -> None:
    evidence = ("The Ferryman portrait is lent to Bremen with an insurance value of "
                "£850,000 for the Ferryman loan. It was insured for £1.1 million in 2019.")
    assert "value_swap" not in codes(
        "The Ferryman portrait was insured for £1.1 million for the Bremen loan.", evidence)


def test_a_value_whose_sentence_shares_the_claims_words_is_left_alone() -> None:
    evidence = ("Portrait of a Ferryman is lent to Bremen with an insurance value of "
                "£850,000. The painting's frame was restored in 2019 at a cost of £12,000.")
    assert "value_swap" not in codes(
        "Portrait of a Ferryman had its frame restored at a cost of £12,000.", evidence)


@pytest.mark.parametrize(("before", "sentence", "after", "claim", "framed"), [
    ("Section 3.1 - Refunds.", "A common misconception among new sellers is that buyers "
     "can cancel after dispatch.", "They cannot.", "Buyers can cancel after dispatch.", True),
    ("Rules.", "A view sometimes put by visiting staff is that gloves are optional in the "
     "wash room.", "The safety committee does not accept this.",
     "Gloves are optional in the wash room.", True),
    ("Many say refunds take five days.", "Refunds take five days.", "This is not the case.",
     "Refunds take five days.", True),
    ("Our policy.", "Refunds take five days.", "This is not the case for gift cards.",
     "Refunds take five days.", False),
    ("Rules.", "Gloves are required in the wash room.", "The committee does not accept "
     "late forms.", "Gloves are required in the wash room.", False),
])
def test_a_quote_called_a_misconception_or_not_accepted(before: str, sentence: str,
                                                          after: str, claim: str,
                                                          framed: bool) -> None:
    assert (quote_frame(before, sentence, after, claim) is not None) is framed


HOSPICE = ("Day care at Larkhill Hospice runs on Mondays and Fridays. Sessions include art, "
           "music and time with our physiotherapists. All day care services are free of "
           "charge, and transport can be arranged.")


@pytest.mark.parametrize(("claim", "evidence", "flagged"), [
    ("Your mum has to pay for the day care sessions.", HOSPICE, True),
    ("There's a charge for each day care session.", HOSPICE, True),
    ("Day care services aren't free.", HOSPICE, True),
    ("Your mum does not have to pay for the day care sessions.", HOSPICE, False),
    ("Your mum may have to pay for day care sessions.", HOSPICE, False),
    # the evidence prices something itself: which price is the model's to read
    ("You have to pay for the day care sessions.",
     "Day care services are free of charge for residents; others pay £12 a session.", False),
])
def test_a_charge_the_evidence_waives(claim: str, evidence: str, flagged: bool) -> None:
    assert ("polarity_mismatch" in codes(claim, evidence)) is flagged


SWARMS = ("Marlow Beekeepers - swarm collection. From May to July our volunteers can collect "
          "honeybee swarms from gardens in the Marlow area. We ask for a flat fee of £25 per "
          "visit to cover fuel. We cannot remove bees from inside walls or chimneys.")


@pytest.mark.parametrize(("claim", "evidence", "flagged"), [
    ("Our volunteers will collect the swarm from your garden free of charge.", SWARMS, True),
    ("Our volunteers will collect the swarm from your garden free of charge.",
     SWARMS + " Collections for members are free.", False),
    ("Our volunteers will collect the swarm from your garden for £25.", SWARMS, False),
])
def test_free_where_the_evidence_gives_a_fee(claim: str, evidence: str, flagged: bool) -> None:
    assert ("qualifier_mismatch" in codes(claim, evidence)) is flagged


LIMITS = ("Each creator account may have only one live campaign at a time. A new campaign "
          "can be launched once the previous one has ended.")


@pytest.mark.parametrize(("question", "claim", "flagged"), [
    ("Can I run two campaigns at once on the same account?",
     "You can run two campaigns at once on the same account.", True),
    ("Can I run two campaigns at once?", "You can run two campaigns at once.", True),
    # a question that compares two things grounds what it compares
    ("Are the two campaigns and the old one the same as before?",
     "The two campaigns and the old one are the same as before.", False),
])
def test_a_count_the_yes_no_question_states(question: str, claim: str, flagged: bool) -> None:
    assert ("ungrounded_figure" in codes(claim, LIMITS, question=question)) is flagged


# Faithful readings the seventh round's faithful answers showed withheld by a rule.

def test_a_minimum_of_two_words_before_of_is_a_lower_bound() -> None:
    evidence = "Payments are by direct debit, and there is a minimum membership term of 12 months."
    assert codes("The minimum membership is 12 months.", evidence) == []
    assert "ungrounded_figure" in codes("The minimum membership is 6 months.", evidence)


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Everyone first completes a half-day induction on hygiene.", False),
    ("You first need to register online.", False),
    ("Everyone completes a first induction on hygiene.", True),
    ("Smith's first steps were hesitant.", True),
    ("Her first novels sold well.", True),
])
def test_first_before_a_verb_is_an_adverb_of_order(claim: str, flagged: bool) -> None:
    evidence = ("Before starting, every volunteer attends a half-day induction covering "
                "hygiene and must register online.")
    assert ("ungrounded_figure" in codes(claim, evidence)) is flagged


def test_reflecting_states_a_cause() -> None:
    evidence = ("From 1 March, the recommended price of the sourdough loaf will rise from "
                "£3.20 to £3.45, reflecting higher flour costs.")
    claim = "The sourdough loaf goes up to £3.45 on 1 March because of higher flour costs."
    assert "ungrounded_cause" not in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "flagged"), [
    ("I think the best thing is to call the emergency line on 01632 960418.", False),
    ("It's best to call the emergency line.", False),
    ("Your best bet is to call the emergency line.", False),
    ("The emergency line is the best in the county.", True),
])
def test_best_in_advice_ranks_nothing(claim: str, flagged: bool) -> None:
    evidence = "The emergency line, 01632 960418, is staffed 24 hours a day."
    assert ("ungrounded_rank" in codes(claim, evidence)) is flagged


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The path is still closed for the spillway repairs, which should be finished next "
     "spring.", False),
    ("The spillway repairs were finished in spring.", True),
])
def test_a_claim_that_expects_states_nothing_done(claim: str, flagged: bool) -> None:
    evidence = ("The path remains closed while contractors carry out repairs to the dam "
                "spillway. The work is expected to finish in spring next year.")
    assert ("hedge_mismatch" in codes(claim, evidence)) is flagged


def test_a_denial_ends_at_a_dash() -> None:
    from certirag.checks.base import CheckOptions
    from certirag.checks.prepared import parse_as
    s = parse_as("You won't have to pay for it — the hospice covers the check.",
                 CheckOptions(), "claim").sentences[0]
    assert set(s.polarity.negated) == {"pay"}


def test_a_value_the_question_states_is_the_askers() -> None:
    evidence = ("Ledgerbird 3.1 requires Windows 11 or macOS 13 or later. Users upgrading from "
                "version 2.x must export their data before installing, as the database format "
                "has changed.")
    claim = ("You'll need to export your data before installing, because the database format "
             "has changed in 3.1.")
    assert "value_swap" not in codes(claim, evidence, "I'm on 2.8 - anything to know before "
                                                      "upgrading to 3.1?")


def test_a_bare_number_that_counts_nothing_is_left_alone() -> None:
    evidence = ("Ledgerbird 3.1 requires Windows 11 or macOS 13 or later. Users upgrading from "
                "version 2.x must export their data before installing, as the database format "
                "has changed.")
    claim = ("You'll need to export your data before installing, because the database format "
             "has changed in 3.1.")
    assert "value_swap" not in codes(claim, evidence)


CLINICS = ("Brennock Infirmary has four clinics on its ground floor. The cardiology clinic, "
           "led by Dr. Kolt, runs on Tuesdays in Room G4. The dermatology clinic is run by Dr. "
           "Ruddy and meets on Thursdays in Room G7. The ophthalmology clinic, under Dr. "
           "Vandersall, takes place on Wednesdays in Room G9. Parking is in the east car park.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The dermatology clinic is held on Thursdays in Room G9.", True),
    ("The dermatology clinic is in Room G4.", True),
    ("The dermatology clinic is held on Thursdays in Room G7.", False),
    ("The ophthalmology clinic is in Room G9.", False),
    # another frame: no row of the list
    ("The dermatology clinic moved from G9 last year.", False),
])
def test_a_code_taken_from_another_row(claim: str, flagged: bool) -> None:
    assert ("value_swap" in codes(claim, CLINICS)) is flagged


def test_a_time_beside_the_values_read_is_no_error() -> None:
    # a time's key has no amount: reading it as a rival failed the check (a failing check
    # withholds the claim as check_error); times are not read by the words rule
    evidence = ("Negotiators talked to him for hours. Hours later, just before 1pm, a decision "
                "was made to enter the home. According to the chief, at 12:17 pm, a SWAT team "
                "from the sheriff's office entered the home and found the individual deceased.")
    assert codes("A SWAT team entered the home and found him dead just before 1pm.",
                 evidence) == []


def test_a_value_without_an_amount_is_no_rival() -> None:
    from certirag.checks.base import CheckOptions
    from certirag.checks.borrowed import _rivals
    from certirag.checks.prepared import parse_as
    s = parse_as("At 12:17 pm a team entered; it cost £40.", CheckOptions(), "evidence"
                 ).sentences[0]
    time = next(it for it in s.items if it.group == "time")
    money = next(it for it in s.items if it.group.startswith("money"))
    assert not _rivals(time, time, s) and not _rivals(money, time, s)

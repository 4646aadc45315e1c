"""Figures a claim gives as a margin or with a comparative word, race times, a value the
evidence gives only for its time, and the question's case made an exception inside one
evidence sentence (``certirag.checks``, checks v7). Each faithful reading has a
planted-error twin that stays a finding."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

MARATHON = ["Eliud Kipchoge won the 2018 Berlin Marathon in 2:01:39, a world record at the time.",
            "The previous record, 2:02:57, had been set by Dennis Kimetto in Berlin in 2014.",
            "Kipchoge later ran 2:01:09 in Berlin in 2022."]
DESKS = ("A study of 1,200 office workers looked at standing desks. Participants who used "
         "standing desks sat for 50 fewer minutes a day on average.")
SHARES = "Tickets cost £12 this year against £15 last year."
TENANCY = ("The landlord must give at least 90 days' written notice of a rent increase. A "
           "landlord seeking to end a periodic tenancy without cause must give at least 90 "
           "days' notice, unless the property is being sold, in which case 42 days' notice is "
           "sufficient.")
SOLD = ("How much notice must a landlord give to end a periodic tenancy because the property "
        "is being sold?")


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Kipchoge ran 2:01:39, 78 seconds faster than Dennis Kimetto's previous record.",
     MARATHON),
    ("Tickets cost £12, £3 cheaper than last year.", SHARES),
    ("People with standing desks sat for about 50 minutes less each day.", DESKS),
    ("Kipchoge won in Berlin in 2:01:39.", MARATHON),
])
def test_a_margin_or_a_comparative_figure_the_evidence_gives_is_grounded(
        claim: str, evidence: str | list[str]) -> None:
    assert codes(claim, evidence) == []


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    # the margin is wrong, goes the other way, or is over something no sentence names
    ("Kipchoge ran 2:01:39, 80 seconds faster than Dennis Kimetto's previous record.",
     MARATHON, "ungrounded_figure"),
    ("Kipchoge ran 2:01:39, 78 seconds slower than Dennis Kimetto's previous record.",
     MARATHON, "ungrounded_figure"),
    ("Kipchoge ran 2:01:39, 78 seconds faster than the winner.", MARATHON,
     "ungrounded_figure"),
    ("Tickets cost £12, £3 dearer than last year.", SHARES, "ungrounded_figure"),
    # a margin needs "than": a bare figure is no difference
    ("Kipchoge ran 2:01:39 and won by 78 seconds.", MARATHON, "ungrounded_figure"),
    # the comparative word is read with its figure
    ("People with standing desks sat for 40 minutes less each day.", DESKS,
     "ungrounded_figure"),
    ("People with standing desks sat for 50 more minutes a day.", DESKS,
     "polarity_mismatch"),
    # a race time is a duration: another one is no match
    ("Kipchoge won in Berlin in 2:01:59.", MARATHON, "ungrounded_figure"),
])
def test_a_margin_that_is_not_the_evidence_difference_stays_a_finding(
        claim: str, evidence: str | list[str], code: str) -> None:
    assert code in codes(claim, evidence)


def test_a_time_of_day_with_seconds_is_no_duration() -> None:
    assert codes("The alarm went off at 12:30:05 GMT.",
                 "The alarm went off at 12:30:05 GMT.") == []


@pytest.mark.parametrize(("claim", "flagged"), [
    ("2:01:39 is still the world record.", True),
    ("2:01:39 remains the world record.", True),
    ("2:01:39 was a world record at the time.", False),  # told in the past
    ("Kipchoge set a world record of 2:01:39 in 2018.", False),
])
def test_a_value_of_its_time_said_to_hold_still_is_a_dropped_qualifier(
        claim: str, flagged: bool) -> None:
    assert ("qualifier_dropped" in codes(claim, MARATHON)) is flagged


@pytest.mark.parametrize(("question", "claim", "flagged"), [
    (SOLD, "The landlord must give at least 90 days' notice.", True),
    # the claim names the exception itself, or the question asks the main rule
    (SOLD, "The landlord must give at least 90 days' notice unless the property is being "
     "sold.", False),
    ("How much notice must a landlord give to end a periodic tenancy without cause?",
     "The landlord must give at least 90 days' notice.", False),
    ("How much notice must a landlord give before a rent increase?",
     "The landlord must give at least 90 days' notice.", False),
    # a negated auxiliary negates no case: the main rule for the excepted case stays one
    ("Can't a landlord give less notice to end a periodic tenancy because the property is "
     "being sold?", "The landlord must give at least 90 days' notice.", True),
])
def test_the_questions_case_excepted_in_the_evidence_is_a_case_mismatch(
        question: str, claim: str, flagged: bool) -> None:
    assert ("case_mismatch" in codes(claim, TENANCY, question)) is flagged


@pytest.mark.parametrize(("question", "claim", "found"), [
    # the rule of the case asked: the condition left out is the question's, and the main
    # clause's value is no rival
    (SOLD, "The landlord must give 42 days' notice.", []),
    (SOLD, "42 days' notice is sufficient.", []),
    ("My landlord is selling the property. How much notice must they give to end my "
     "periodic tenancy?", "The landlord needs to give only 42 days' notice.", []),
    # no case asked, or another one: the exception's value without its condition
    ("How much notice must a landlord give to end a periodic tenancy?",
     "The landlord must give 42 days' notice.", ["value_swap", "qualifier_dropped"]),
    ("How much notice must a landlord give to end a periodic tenancy to renovate the "
     "property?", "The landlord must give 42 days' notice.",
     ["value_swap", "qualifier_dropped"]),
    ("", "42 days' notice is sufficient.", ["qualifier_dropped"]),
    # the case negated: the main rule's
    ("How much notice must a landlord give if the property isn't being sold?",
     "The landlord must give 42 days' notice.", ["value_swap", "qualifier_dropped"]),
    ("How much notice must a landlord give when the property is not being sold?",
     "42 days' notice is sufficient.", ["qualifier_dropped"]),
    # the case asked answered with the main clause's value, or with a value of both parts
    (SOLD, "The landlord must give at least 90 days' notice.", ["case_mismatch"]),
])
def test_the_exceptions_own_value_answers_the_case_the_question_asks(
        question: str, claim: str, found: list[str]) -> None:
    assert codes(claim, TENANCY, question) == found


def test_a_claim_read_with_its_question_takes_the_case_from_the_question() -> None:
    question = ("My landlord is selling the property. How much notice must they give to end "
                "my periodic tenancy?")
    claim = f"{question} They need to give you 42 days' notice."
    assert codes(claim, TENANCY, question) == []
    assert "value_swap" in codes(claim, TENANCY, "How much notice must they give?")


PERMIT = ("Parents can buy a weekly permit for £12, which is £8 cheaper than paying the daily "
          "maximum of £20 for each day they stay.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The weekly permit costs £12, which is £8 dearer than paying the daily maximum.", True),
    ("The weekly permit costs £12, £8 cheaper than paying the daily maximum.", False),
    # a converse names another thing after "than": not this rule's to read
    ("Paying the daily maximum is £8 dearer than the weekly permit.", False),
])
def test_a_margin_stated_the_other_way_round_is_a_polarity_mismatch(
        claim: str, flagged: bool) -> None:
    assert ("polarity_mismatch" in codes(claim, PERMIT)) is flagged


@pytest.mark.parametrize(("claim", "found"), [
    # what follows "than" is the next value's ("the daily maximum of £20"), not the margin's
    ("The weekly permit costs £12, £8 cheaper than paying the £20 daily maximum.", []),
    ("The weekly permit is £8 cheaper than paying the £20 daily maximum.", []),
    # the margin given as the maximum, and the two exchanged, stay swaps
    ("The daily maximum is £8.", ["value_swap"]),
    ("The weekly permit is £20 cheaper than paying the £8 daily maximum.", ["value_swap"]),
])
def test_the_words_after_than_belong_to_the_value_they_lead_to(claim: str,
                                                                found: list[str]) -> None:
    got = codes(claim, PERMIT)
    assert [c for c in got if c == "value_swap"][:1] == found


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Corvane's revenue grew strongly under Mehta.", True),
    ("Corvane's revenue barely changed under Mehta.", False),
    ("Corvane's revenue rose slightly under Mehta.", False),
    ("Corvane's revenue grew under Mehta.", False),  # a plain "grew" is no degree
    ("Corvane's revenue grew from €410 million to €415 million under Mehta.", False),
])
def test_a_large_change_for_one_that_barely_happened_is_a_polarity_mismatch(
        claim: str, flagged: bool) -> None:
    evidence = ("Under Mehta, Corvane's annual revenue barely changed, edging up from €410 "
                "million to €415 million.")
    assert ("polarity_mismatch" in codes(claim, evidence)) is flagged


CORVANE = ["Corvane Systems said on Thursday that its former chief executive Arjun Mehta would "
           "join the board of rival Teralink.",
           "Mehta led Corvane from 2012 until 2019, when he was succeeded by Lotte Brandsma.",
           "Under Mehta, Corvane's annual revenue barely changed, edging up from €410 million "
           "to €415 million.",
           "Since Brandsma took over, revenue has more than doubled."]


@pytest.mark.parametrize(("claim", "flagged"), [
    # "grew strongly" is three antonym pairs of one word: it counts once when the claim is
    # aligned with its sentence, not thrice against the claim's other words
    ("Corvane's revenue grew strongly while Mehta was in charge.", True),
    ("Corvane's revenue barely changed while Mehta was in charge.", False),
])
def test_the_pairs_of_one_word_count_once_in_the_alignment(claim: str, flagged: bool) -> None:
    assert ("polarity_mismatch" in codes(claim, CORVANE)) is flagged


BRENNOCK = ("Under chief executive Tomas Reilly, from 2016 to 2021, Brennock's annual sales "
            "barely changed, edging up from €88 million to €90 million. After Saoirse Kane "
            "took over in 2021, sales rose sharply to €141 million last year.")


@pytest.mark.parametrize(("claim", "flagged"), [
    # a sentence without the claim's name does not excuse the side of the one with it
    ("Brennock's sales barely changed after Saoirse Kane took over.", True),
    ("Brennock's sales barely changed under Tomas Reilly.", False),
    ("Sales rose sharply after Saoirse Kane took over.", False),
    ("Brennock's sales barely changed under Reilly, then rose sharply after Saoirse Kane "
     "took over.", False),
])
def test_a_degree_borrowed_from_another_persons_sentence_is_a_polarity_mismatch(
        claim: str, flagged: bool) -> None:
    assert ("polarity_mismatch" in codes(claim, BRENNOCK)) is flagged


@pytest.mark.parametrize(("claim", "evidence", "swapped"), [
    # "won in <place>" locates the win; it does not turn the relation round
    ("Kipchoge won in Berlin in 2:01:39.", MARATHON, False),
    # "starred in" does: the film does not star in the actor
    ("Heat starred in Al Pacino.", "Al Pacino starred in Heat in 1995.", True),
])
def test_only_verbs_like_starred_turn_round_with_in(
        claim: str, evidence: str | list[str], swapped: bool) -> None:
    assert ("role_swap" in codes(claim, evidence)) is swapped


def test_a_daily_maximum_after_its_figure_is_a_bound() -> None:
    assert "qualifier_dropped" not in codes(
        "The £20 daily maximum applies to each day of the stay.",
        "Visitors pay the daily maximum of £20 for each day of the stay.")


@pytest.mark.parametrize(("claim", "evidence"), [
    # a count is no swap for a reading of another kind
    ("More than 1,800 deaths were reported after the earthquake.",
     "The magnitude-7.8 earthquake has killed more than 1,800 people, and the death toll is "
     "expected to rise."),
    # a year is no swap for a weekday or a month
    ("Hazzard ran from 1979 to 1985.",
     "Best didn't become famous until 1979, when \"The Dukes of Hazzard's\" cornpone charms "
     "began beaming into millions of American homes almost every Friday night. The show ran "
     "until 1985."),
    ("Joshua made his debut in 2013.",
     "Gavern's last fight in the UK came in November 2013, when he lost the Prizefighter "
     "final to Michael Sprott - an opponent Joshua took just 90 seconds to knock out in "
     "November."),
])
def test_a_value_of_another_kind_or_shape_is_no_swap(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


def test_two_values_exchanged_inside_the_claim_are_still_a_swap() -> None:
    assert "value_swap" in codes("Seven members voted for a cut, while two voted to hold.",
                                 "Seven members voted to hold the rate, while two voted for a "
                                 "cut.")


def test_a_date_of_another_precision_that_shares_a_part_is_still_a_swap() -> None:
    assert "value_swap" in codes(
        "The ride opened in January 2007.",
        "Assembly for this ride began in January 2007, and it was opened on April 14, 2007.")


TRIBUNAL = ("The tribunal found that Carrow had failed to follow its own procedure. Carrow "
            "Logistics said it was disappointed with the decision and was considering an "
            "appeal. Prosecutors said they would consider seeking a retrial. Lead author Dr "
            "Carvalho said further experiments were planned for 2025.")


@pytest.mark.parametrize(("claim", "flagged"), [
    # a thing only considered or scheduled, stated as done
    ("Carrow Logistics has appealed the ruling.", True),
    ("Prosecutors have decided to seek a retrial.", True),
    ("Dr Carvalho's team has already completed the further experiments.", True),
    # a deed reported is read as any report: the model's to weigh
    ("Carrow Logistics said it has lodged an appeal against the decision.", False),
    # the plan itself, or a hedge
    ("Carrow Logistics is considering an appeal.", False),
    ("Prosecutors said they would consider seeking a retrial.", False),
    ("Further experiments are planned for 2025.", False),
    ("Carrow Logistics may appeal.", False),
    ("Carrow Logistics has been considered for an appeal.", False),
    ("Carrow Logistics said it was considering an appeal.", False),
])
def test_a_thing_only_considered_or_scheduled_stated_as_done_is_a_hedge_mismatch(
        claim: str, flagged: bool) -> None:
    assert ("hedge_mismatch" in codes(claim, TRIBUNAL)) is flagged


def test_a_past_consideration_is_no_plan() -> None:
    evidence = "The board considered the proposal in March and approved it."
    assert codes("The board approved the proposal.", evidence) == []


@pytest.mark.parametrize(("claim", "evidence"), [
    # "scheduled to" plans its verb, not its subject
    ("NASA has a spacecraft headed for Pluto.",
     "NASA's New Horizons spacecraft is scheduled to fly past Pluto in July."),
    # a claim about the considering states no deed
    ("Gianfranco Zola was being considered for the job.",
     "The club are considering appointing Gianfranco Zola as manager."),
    # a judgement ("would consider forbidden") read by a claim that judges too
    ("Fighters were rebuked for eating food some clerics consider forbidden.",
     "They were condemned for craving food many hard line clerics would consider forbidden."),
])
def test_what_a_schedule_or_a_consideration_does_not_plan_is_no_finding(
        claim: str, evidence: str) -> None:
    assert "hedge_mismatch" not in codes(claim, evidence)


RETURNS = ("Returns on Tillbox Marketplace. If an item arrives damaged or not as described, the "
           "seller covers the cost of return shipping. If you simply change your mind, you, the "
           "buyer, pay for return shipping. Sellers must accept change-of-mind returns within "
           "14 days of delivery.")


@pytest.mark.parametrize(("claim", "flagged"), [
    # the outcome of the damaged item's case given to the change of mind
    ("When it's a change-of-mind return, the seller covers the return shipping.", True),
    ("If you change your mind, the seller covers the cost of return shipping.", True),
    # each case with its own outcome, in other words
    ("If you change your mind, you pay the return shipping.", False),
    ("If you change your mind, the buyer pays for return shipping.", False),
    ("If an item arrives damaged, the seller pays for return shipping.", False),
    ("When an item arrives not as described, the seller covers the return shipping.", False),
    # no case of its own: the model reads it
    ("The seller covers the cost of return shipping.", False),
])
def test_the_outcome_of_another_case_is_a_case_mismatch(claim: str, flagged: bool) -> None:
    assert ("case_mismatch" in codes(claim, RETURNS)) is flagged


def test_a_case_the_evidence_does_not_open_a_sentence_with_is_no_crossed_case() -> None:
    """Only sentences that open with a case of their own are read as cases."""
    evidence = ("The seller covers the cost of return shipping for damaged items. Buyers who "
                "change their mind pay for return shipping.")
    assert "case_mismatch" not in codes(
        "If you change your mind, the seller covers the cost of return shipping.", evidence)


FINAL = ("Dunmore defender Marco Reyes was sent off in the 85th minute for a second yellow "
         "card. Dunmore's manager said his team would appeal Reyes's red card.")


@pytest.mark.parametrize(("claim", "flagged"), [
    # a reported future ("said … would appeal") given an outcome
    ("Dunmore's appeal against the red card was rejected the following day.", True),
    # a deed of it is left to the model: "said they would lose every remaining match"
    # beside "have lost their last six games" is another loss
    ("Dunmore appealed the red card.", False),
    # the plan itself
    ("Dunmore said they would appeal the red card.", False),
    ("Dunmore will appeal Reyes's red card.", False),
    ("Reyes was sent off in the 85th minute.", False),
])
def test_an_outcome_of_what_the_evidence_says_would_happen_is_a_hedge_mismatch(
        claim: str, flagged: bool) -> None:
    assert ("hedge_mismatch" in codes(claim, FINAL)) is flagged


def test_a_reported_future_the_evidence_then_states_done_is_no_prospect() -> None:
    evidence = FINAL + " The appeal was lodged on Monday and rejected on Tuesday."
    assert "hedge_mismatch" not in codes(
        "Dunmore's appeal against the red card was rejected.", evidence)

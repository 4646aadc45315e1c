"""Checks v20: what a tenth blind round passed that a careful reader would not — a quote the
passage puts as a question it was asked ("Several students have asked us whether …"), a
rumour ("We've seen a rumour on wedding forums that …"), a supposition ("If the studio were
to move …, the course would be …") or denies after it ("That isn't correct.", "They do
not."); "must" where another sentence says "may be asked to" or "do not need to"; buying
what the speaker does not sell; a thing there is none of; "wherever you like" against "only
in"; all of a group against those "with more than 150,000 customers"; "six finished pieces"
grounded by "a six-week course"; a weekday and its date read as one value; a sponsor
borrowed across names that share a word; a value stated of another named thing — and the
readings kept clean beside them."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.text.frames import quote_frame
from certirag.verifiers.binding import plan_windows


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]


def unbound(claim: str, evidence: str) -> bool:
    return bool(plan_windows(claim, [evidence], top=8, max_chars=1200).unbound)


# quote frames ----------------------------------------------------------------------------

@pytest.mark.parametrize(("before", "sentence", "after", "claim"), [
    ("Course information.", "Several students have asked us whether 'the evening courses lead "
     "to an official DELE or DELF qualification.'", "They do not.",
     "The evening courses lead to an official DELE or DELF qualification."),
    ("Do you charge corkage?", "We've seen a rumour on wedding forums that 'Hollins Barn "
     "charges corkage of £15 per bottle on any wine you bring yourself.'", "",
     "Hollins Barn charges corkage of £15 per bottle on any wine you bring yourself."),
    ("We've had a lot of questions about weekend classes.", "If the studio were to move to "
     "Saturday-only sessions, the beginner course would be shortened to four weeks of longer "
     "classes.", "", "The beginner course has been shortened to four weeks of longer classes."),
    ("", "The hall charges £40 an hour for wedding receptions.", "That isn't correct.",
     "The hall charges £40 an hour for wedding receptions."),
    ("", "Will the evening courses lead to an exam?", "They do not.",
     "The evening courses lead to an exam."),
])
def test_questions_rumours_and_suppositions_frame_the_sentence(
        before: str, sentence: str, after: str, claim: str) -> None:
    assert quote_frame(before, sentence, after, claim) is not None


@pytest.mark.parametrize(("sentence", "after", "claim"), [
    # a claim that supposes what the sentence supposes says no more than it
    ("If the studio were to move to Saturday-only sessions, the beginner course would be "
     "shortened to four weeks.", "", "If the studio moved to Saturdays, the beginner course "
     "would be shortened to four weeks."),
    # a plain sentence, and a reply that confirms
    ("The hall charges £40 an hour for wedding receptions.", "They do.",
     "The hall charges £40 an hour for wedding receptions."),
    ("The evening courses lead to a certificate of attendance.", "They are popular.",
     "The evening courses lead to a certificate of attendance."),
])
def test_plain_and_shared_suppositions_frame_nothing(sentence: str, after: str,
                                                     claim: str) -> None:
    assert quote_frame("", sentence, after, claim) is None


def test_a_price_the_claim_charges_reports_no_frame() -> None:
    # "charges" of a price is no criminal charge: the rumour still frames the quote
    s = ("There is a rumour online that the venue charges £15 per bottle of wine.")
    assert quote_frame("", s, "", "The venue charges £15 per bottle of wine.") is not None
    # a charge brought is reported by the claim itself
    assert quote_frame("", "It was alleged that he stole the car.", "",
                       "He was charged with stealing the car.") is None


# duties, converse dealings and things there are none of ----------------------------------

WHEELSHARE = ("Drivers must be aged 19 or over and have held a full licence for at least one "
              "year. Drivers aged 19 to 21 may be asked to provide additional documents.")


def test_a_duty_another_sentence_only_says_may_arise() -> None:
    assert "modal_mismatch" in codes(
        "You can join as long as you've held a full licence for at least one year, but as a "
        "driver aged 19 to 21 you must provide additional documents.", WHEELSHARE)
    # as the evidence says it
    assert codes("Drivers aged 19 to 21 may be asked to provide additional documents.",
                 WHEELSHARE) == []


def test_a_duty_another_sentence_waives_contradicts() -> None:
    ev = ("Donor milk is prescribed by the neonatal team and is provided free of charge. "
          "Families do not need to sign a consent form for donor milk in the neonatal unit.")
    found = check_claim("Donor milk is free of charge, but you'll need to sign a consent form "
                        "before your baby can have it.", [ev])
    assert "modal_mismatch" in [f.code for f in found]


def test_a_duty_the_evidence_also_states_is_left_to_the_sentence_check() -> None:
    ev = ("Members must provide proof of address. Members may provide additional documents "
          "by email.")
    assert "modal_mismatch" not in codes("Members must provide proof of address.", ev)


SHOW = ("Admission is £9 for adults. Tickets are available on the door only; we do not sell "
        "tickets in advance.")


def test_buying_what_the_speaker_does_not_sell() -> None:
    assert "negation_mismatch" in codes("You can buy them in advance.", SHOW,
                                        "Can I buy tickets in advance online?")
    assert "negation_mismatch" in codes("You can buy tickets in advance.", SHOW)
    farm = ("All click and collect orders are paid online at checkout by debit or credit "
            "card; we are unable to take payment on collection.")
    assert "negation_mismatch" in codes("You can pay when you collect.", farm)


def test_buying_what_the_speaker_does_sell() -> None:
    assert "negation_mismatch" not in codes("You can buy tickets on the door.", SHOW)
    assert "negation_mismatch" not in codes("You cannot buy tickets in advance.", SHOW)
    # what is not sold is not the claim's ("them" with no tickets asked about)
    assert "negation_mismatch" not in codes("You can buy them in advance.", SHOW,
                                            "Can I buy a programme?")


AUDITION = ("All candidates must perform two contrasting pieces. There is no sight-reading "
            "test this year. An accompanist is not required.")


def test_a_thing_there_is_none_of() -> None:
    assert "negation_mismatch" in codes(
        "You'll need two contrasting pieces, and there'll also be a short sight-reading test.",
        AUDITION)


@pytest.mark.parametrize("claim", [
    "There is no sight-reading test this year.",
    "There won't be a sight-reading test.",
    "There will be a short interview.",
])
def test_none_there_agrees_with_a_denial_or_another_thing(claim: str) -> None:
    assert "negation_mismatch" not in codes(claim, AUDITION)


def test_none_there_keeps_the_rest_of_its_clause() -> None:
    ev = "Parking costs £3 a day on weekdays. There is no charge for parking at weekends."
    assert "negation_mismatch" not in codes("There is a £3 charge for parking on weekdays.", ev)


# scope ------------------------------------------------------------------------------------

CAMPING = ("A common myth is that visitors can camp anywhere in the park. In fact, wild "
           "camping is allowed only in the designated backcountry zones north of the river.")


def test_anywhere_against_only_in() -> None:
    assert "qualifier_dropped" in codes(
        "Wild camping is allowed anywhere in the park.", CAMPING)


def test_anywhere_in_a_sentence_of_other_things() -> None:
    ev = "Dogs are welcome anywhere in the park. Swimming is allowed only in the lido."
    assert "qualifier_dropped" not in codes("Dogs are welcome anywhere in the park.", ev)


SEG = ("Suppliers with more than 150,000 customers must offer at least one SEG tariff. "
       "Smaller suppliers may choose to offer one.")


def test_all_of_a_group_against_those_with_a_bounded_figure() -> None:
    found = check_claim("Every electricity supplier has to offer at least one SEG tariff.", [SEG])
    assert [f.code for f in found] == ["qualifier_dropped"]
    assert "'with more than 150,000 customers'" in found[0].message


def test_a_group_with_a_figure_the_claim_keeps() -> None:
    assert "qualifier_dropped" not in codes(
        "Every supplier with more than 150,000 customers has to offer at least one SEG tariff.",
        SEG)


# figures and dates ------------------------------------------------------------------------

POTTERY = ("The six-week beginners course costs £195 and includes clay, glazes, and firing for "
           "up to four finished pieces.")


def test_a_count_is_not_grounded_by_a_hyphened_span() -> None:
    assert "ungrounded_figure" in codes(
        "The course covers firing for up to six finished pieces.", POTTERY)


@pytest.mark.parametrize("claim", [
    "The beginners course lasts six weeks.",
    "The six-week beginners course costs £195.",
    "The course covers firing for up to four finished pieces.",
])
def test_the_span_and_the_count_as_stated(claim: str) -> None:
    assert "ungrounded_figure" not in codes(claim, POTTERY)


ORCHESTRA = ("Woodwind candidates are seen on Sunday 11 May, and brass candidates on Saturday "
             "17 May.")


def test_a_weekday_and_its_date_are_one_value_of_a_list() -> None:
    assert "value_swap" in codes("Brass auditions are on Sunday 11 May.", ORCHESTRA)
    assert "value_swap" not in codes("Woodwind auditions are on Sunday 11 May.", ORCHESTRA)
    assert "value_swap" not in codes("Brass candidates are seen on Saturday 17 May.", ORCHESTRA)


# binding ----------------------------------------------------------------------------------

PRIZES = ("The Best Overall prize is sponsored by Quantiv and consists of £1,500 for the "
          "winning team. The Best Use of Data prize, sponsored by the Northern Data Trust, is "
          "£750 plus interview opportunities.")


def test_names_that_share_a_word_are_two_names() -> None:
    assert unbound("The Best Overall prize is sponsored by the Northern Data Trust.", PRIZES)
    assert not unbound("The Best Use of Data prize is sponsored by the Northern Data Trust.",
                       PRIZES)


HEARING = ("Customers who purchased the Lumio 5 receive a four-year manufacturer's warranty. "
           "The Lumio 5 uses a rechargeable battery. Our Clarus Mini model comes with a "
           "three-year warranty. The Clarus Mini takes size 312 batteries, which we supply "
           "free for the first year.")


def test_a_value_stated_of_another_named_thing() -> None:
    assert unbound("Your Clarus Mini comes with a four-year manufacturer's warranty.", HEARING)
    assert not unbound("Your Clarus Mini comes with a three-year warranty.", HEARING)
    assert not unbound("The Lumio 5 comes with a four-year manufacturer's warranty.", HEARING)


# faithful arithmetic and figures of the tenth round ----------------------------------------

@pytest.mark.parametrize(("claim", "evidence"), [
    # what a share given before the figure comes to
    ("The Garden package is £9,500, so the 20% booking fee comes to £1,900.",
     ["The Garden package is £9,500.", "A booking fee of 20% of the package price is due."]),
    # a rate less a share off it, the first rate's unit elided
    ("You get 25% off, which brings chorus costumes down from £20 to £15 per week each.",
     ["Chorus costumes: £20 per week each.", "Schools receive 25% off all hire charges."]),
    # what is left of one amount less another
    ("A round is £52 and you pay a £10 deposit when booking, leaving £42 to pay on the day.",
     ["Weekend green fees are £52 per round.", "Visitors pay a £10 deposit when booking."]),
    # a time range that gives its meridiem once
    ("Your collection slot is Friday 14 March, 3-4pm.",
     ["Collection slot: Friday 14 March, 3pm-4pm."]),
    # an age bound in words, and a unit two numbers share
    ("Homes will be cheaper for buyers under 40.",
     ["Homes will be cheaper for buyers under the age of 40."]),
    ("We send reminders at 30 days and again at 60 days.",
     ["We will send a reminder by text or email at 30 and 60 days."]),
])
def test_faithful_working_is_grounded(claim: str, evidence: list[str]) -> None:
    assert [f.code for f in check_claim(claim, evidence)] == []


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The Garden package is £9,500, so the 20% booking fee comes to £1,800.",
     ["The Garden package is £9,500.", "A booking fee of 20% of the package price is due."]),
    ("You get 25% off, which brings chorus costumes down from £20 to £16 per week each.",
     ["Chorus costumes: £20 per week each.", "Schools receive 25% off all hire charges."]),
    ("A round is £52 and you pay a £10 deposit when booking, leaving £40 to pay on the day.",
     ["Weekend green fees are £52 per round.", "Visitors pay a £10 deposit when booking."]),
    ("Homes will be cheaper for buyers under 30.",
     ["Homes will be cheaper for buyers under the age of 40."]),
    ("We send reminders at 40 days.",
     ["We will send a reminder by text or email at 30 and 60 days."]),
    # a range's low end is no claim of its own
    ("Delivery takes 3 working days.", ["Delivery takes 3-5 working days."]),
])
def test_wrong_working_stays_ungrounded(claim: str, evidence: list[str]) -> None:
    assert "ungrounded_figure" in [f.code for f in check_claim(claim, evidence)]


def test_time_ranges_read_their_first_hour() -> None:
    from certirag.checks._text import Spans
    from certirag.checks.dates import extract_times
    got = {t: [x.minutes for x in extract_times(t, Spans())] for t in (
        "Slot: 3-4pm.", "Lunch 11-1pm.", "Bar open 11-2am.", "Open 9.30–11am.")}
    assert got == {"Slot: 3-4pm.": [900, 960], "Lunch 11-1pm.": [660, 780],
                   "Bar open 11-2am.": [1380, 120], "Open 9.30–11am.": [570, 660]}


GUARANTOR = ("Students who are UK residents must provide a UK-based guarantor before the "
             "contract start date, unless they pay the full year's rent in advance. "
             "International students without a UK guarantor may use the approved scheme.")


@pytest.mark.parametrize("claim", [
    "UK students don't need a guarantor.",
    "Students do not need a guarantor.",
])
def test_no_need_of_what_is_a_duty(claim: str) -> None:
    found = check_claim(claim, [GUARANTOR])
    assert [(f.code, f.kind) for f in found] == [("modal_mismatch", "contradiction")]


@pytest.mark.parametrize("claim", [
    # the claim keeps the condition, or speaks of others than the duty is on
    "UK students who pay the full year in advance don't need a guarantor.",
    "UK students don't need a guarantor if they pay the full year's rent in advance.",
    "International students don't need a UK guarantor.",
])
def test_no_need_where_the_duty_does_not_reach(claim: str) -> None:
    assert "modal_mismatch" not in codes(claim, GUARANTOR)


# narrowed on HaluEval training rows ------------------------------------------------------

@pytest.mark.parametrize(("claim", "evidence", "code"), [
    # ability is no permission a duty is softened to
    ("Palermo must improve their poor away record.",
     "Vitiello hopes the side can improve its dismal form on the road. Palermo must win at "
     "Udinese on Sunday.", "modal_mismatch"),
    # a team, not those with a bounded figure
    ("Solanke, Brown and Loftus-Cheek are all likely to start.",
     "Solanke joined the academy in 2008, starting with the Under 12 team. Solanke, Brown and "
     "Loftus-Cheek are likely to start.", "qualifier_dropped"),
    # a team named by an age group is no bound of an age ("Under-20s" is read as before)
    ("McBurney plays for Under-20s.", "McBurney plays for Ireland Under-20s.",
     "qualifier_mismatch"),
    ("Grealish played for England's Under-19s.", "Grealish played for England Under-19s.",
     "qualifier_dropped"),
    # a number that counts no thing is grounded as it was
    ("The two knew each other.", "The two-year school has 3,837 students. The two knew each "
     "other.", "ungrounded_figure"),
])
def test_readings_kept_clean(claim: str, evidence: str, code: str) -> None:
    assert code not in codes(claim, evidence)


# the review's cases -----------------------------------------------------------------------

@pytest.mark.parametrize(("claim", "evidence"), [
    # a duty stated without a modal, and a softer rule for others than the claim's
    ("Adults must sign the consent form.", "A signed consent form is mandatory for adults. "
     "Children do not need to sign the consent form."),
    # a third party's dealings, not the speaker's
    ("You can buy tickets in advance from our website.", "Local newsagents used to stock "
     "them, but they no longer sell tickets in advance. Tickets are sold on our website."),
    # another thing than the one there is none of
    ("There is a public car park a short walk from the venue.",
     "There is no parking at the venue."),
    # a time restricted, not a place; a sentence of other things in a span
    ("You can swim anywhere in the lake.", "Swimming is allowed only at weekends."),
    ("Dogs are welcome anywhere on the beach.", "Dogs are welcome on the beach all year. "
     "Tickets for the pier are sold only at the kiosk."),
    # the whole group is given it too
    ("Every guest gets a welcome drink.", "Every guest gets a welcome drink, and guests with "
     "more than 2 nights booked also get free breakfast."),
])
def test_review_readings_kept_clean(claim: str, evidence: str) -> None:
    assert [f.code for f in check_claim(claim, [evidence])] == []


def test_a_waiver_for_others_contradicts_nothing() -> None:
    found = check_claim("Adults must sign the form.", ["Parents sign the form for children. "
                                                       "Children do not need to sign the form."])
    assert ("modal_mismatch", "contradiction") not in [(f.code, f.kind) for f in found]


def test_curly_apostrophes_and_a_rate_of_another_unit() -> None:
    assert "negation_mismatch" in codes("You can buy tickets on the day.",
                                        "We don’t sell tickets on the day.")
    # £20 is the price to buy, not a weekly rate: £15 a week is no 25% off it
    assert "ungrounded_figure" in codes(
        "Members get 25% off, bringing costumes down from £20 to £15 per week.",
        "A costume costs £20 to buy outright, or £8 per week to hire. Members get 25% off.")


@pytest.mark.parametrize(("sentence", "after", "claim"), [
    # a question staff will ask, not one the passage answers
    ("At check-in you will be asked whether you have any allergies.", "",
     "At check-in you will be asked whether you have any allergies."),
    # a rule for a case that may come, read by a claim that says when
    ("If a course were to be cancelled, you would receive a full refund.", "",
     "When a course is cancelled, you receive a full refund."),
    # "We do not." is the speaker's own practice
    ("Most airlines charge for checked bags.", "We do not.",
     "Most airlines charge for checked bags."),
])
def test_review_frames_kept_clean(sentence: str, after: str, claim: str) -> None:
    assert quote_frame("", sentence, after, claim) is None


@pytest.mark.parametrize("claim", [
    "Guests are charged £15 corkage per bottle.",
    "The venue has charged corkage of £15 on wine.",
    "The course has been shortened to four weeks, which could suit busy people.",
])
def test_review_frames_not_lifted_by_a_price_or_a_could(claim: str) -> None:
    frames = {
        "Guests": "We've seen a rumour online that guests are charged £15 corkage per bottle.",
        "The venue": "There is a rumour that the venue has charged corkage of £15 on wine.",
        "The course": "If the studio were to move to Saturdays, the course would be "
                      "shortened to four weeks.",
    }
    sentence = next(v for k, v in frames.items() if claim.startswith(k))
    assert quote_frame("", sentence, "", claim) is not None

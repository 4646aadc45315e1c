"""Checks v22: what a thirteenth blind round passed that a careful reader would not — a spelled
count of another unit ("sleeps five"), a price of the hostel a "there" points back to, a
doer or a place after a verb's preposition borrowed from another sentence, "we do not give
cash refunds" against "you should be able to get a cash refund", "take a cold shower" for a
warm one — and the readings kept clean beside them: "Mon–Sat", "Monday 4 to Friday 22
March", "stops serving at 10pm", "doesn't stop you" for "does not prevent you", "24 hours a
day", "hour-long", a reason after a colon, "there's no need to"."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.base import CheckOptions
from certirag.checks.dates import holiday_day
from certirag.checks.doers import doer_swap
from certirag.checks.named import points_back
from certirag.checks.prepared import parse_as
from certirag.text.frames import quote_frame


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]


def modals(text: str) -> list[tuple[str, str | None]]:
    return [(m.cls, m.verb) for m in parse_as(text, CheckOptions(), "claim").sentences[0].modals]


# a spelled value of another named thing --------------------------------------------------

UNITS = ("We have four types of unit. The Bell Tents sleep four and cost £85 a night. The "
         "Shepherd's Hut sleeps two, has its own wood-burning stove, and costs £110 a night. "
         "The Treehouse sleeps five, has a private hot tub, and costs £165 a night. Dogs are "
         "welcome in the Shepherd's Hut and the Pods, for £15 per dog per stay.")


def test_a_spelled_count_of_another_unit_is_a_swap() -> None:
    assert "value_swap" in codes("The Shepherd's Hut sleeps five.", UNITS)


@pytest.mark.parametrize("claim", ["The Shepherd's Hut sleeps two.", "The Treehouse sleeps five.",
                                   "The Shepherd's Hut sleeps 2."])
def test_a_spelled_count_of_its_own_unit_passes(claim: str) -> None:
    assert "value_swap" not in codes(claim, UNITS)


# a value a "there" gives the place the sentence before names ------------------------------

HOSTELS = ("Grisedale Hostel has 48 beds and opens its reception from 7:30 to 10:30. Dorm beds "
           "there start at £22 a night. Langwith Hostel, beside the railway station, has 60 beds "
           "and a self-catering kitchen, with dorm beds from £19. Its reception is staffed 24 "
           "hours a day.")


def test_a_price_there_gives_another_hostel_is_a_swap() -> None:
    assert "value_swap" in codes("Dorm beds at Langwith start from £22 a night.", HOSTELS)


@pytest.mark.parametrize("claim", ["Dorm beds at Grisedale start from £22 a night.",
                                   "Dorm beds at Langwith start from £19 a night."])
def test_a_price_of_its_own_hostel_passes(claim: str) -> None:
    assert "value_swap" not in codes(claim, HOSTELS)


def test_a_there_after_the_claims_own_name_is_no_swap() -> None:
    evidence = ("Langwith Hostel has 60 beds and private rooms from £40. Dorm beds there start "
                "at £22 a night. Grisedale Hostel has dorm beds from £19.")
    assert "value_swap" not in codes("Dorm beds at Langwith start from £22 a night.", evidence)


@pytest.mark.parametrize(("text", "back"), [
    ("Dorm beds there start at £22 a night.", True),
    ("There is a £22 dorm rate.", False),
    ("There's a £22 dorm rate there.", True),
    ("Prices start at £22.", False),
])
def test_a_there_that_points_back(text: str, back: bool) -> None:
    s = parse_as(text, CheckOptions(), "evidence").sentences[0]
    assert points_back(s) is back


# a doer of another sentence --------------------------------------------------------------

TAILOR = ("From: Priya Sandhu (Sandhu Tailoring)\nTo: Martin Doyle\nDear Martin, thank you for "
          "dropping off your suit. My colleague Joseph will take in the jacket at the waist and "
          "shorten the sleeves by 2cm, and I will taper the trousers myself. Everything should "
          "be ready for collection on Thursday 23 May after 2pm. Best wishes, Priya")


@pytest.mark.parametrize("claim", [
    "Priya takes in the jacket and shortens the sleeves.",
    "Priya will take in the jacket and shorten the sleeves.",
    "Priya takes in the jacket and shortens the sleeves; it should all be ready on Thursday 23 "
    "May after 2pm.",
])
def test_a_doer_of_another_sentence_is_a_swap(claim: str) -> None:
    assert "subject_swap" in codes(claim, TAILOR)


@pytest.mark.parametrize("claim", [
    "Joseph takes in the jacket and shortens the sleeves.",
    "Joseph will take in the jacket.",
    "Priya will take the jacket to Joseph.",  # another preposition: another relation
])
def test_the_doer_the_evidence_names_passes(claim: str) -> None:
    assert "subject_swap" not in codes(claim, TAILOR)


def test_a_doer_the_evidence_also_gives_the_verb_passes() -> None:
    evidence = ("Joseph will take in the jacket at the waist. Priya will take in the trousers "
                "and shorten the sleeves.")
    assert "subject_swap" not in codes("Priya takes in the jacket and shortens the sleeves.",
                                       evidence)


def test_a_common_word_is_no_doer() -> None:
    evidence = parse_as("Hello from Priya. Staff will take in the jacket at the waist and "
                        "shorten it.", CheckOptions(), "evidence").sentences
    claim = parse_as("Priya will take in the jacket at the waist.", CheckOptions(), "claim")
    assert doer_swap(claim.sentences[0], evidence) is None


def test_a_word_capitalised_only_where_it_opens_is_no_doer() -> None:
    evidence = ("The Hatherley Birdwatching Club meets at 8 am on the first Sunday of each month. "
                "Beginners are welcome and binoculars can be borrowed for free.")
    sentences = parse_as(evidence, CheckOptions(), "evidence").sentences
    claim = parse_as("Beginners meet at 8 am on the first Sunday of each month.", CheckOptions(),
                     "claim")
    assert doer_swap(claim.sentences[0], sentences) is None


# a name after a verb's preposition -------------------------------------------------------

FRAMING = ("From 1 June, our conservation framing will be carried out by our partner workshop, "
           "Redbrook Conservation Studio, in Bath. Redbrook will return conservation orders to "
           "us for collection, so customers still collect everything from Gallery Lane.")
RADIO = ("Studio training is delivered by our technical manager, Callum Reid, over two Saturday "
         "sessions. Volunteers who want their own show submit a pitch to the programme "
         "controller, Helen Okafor, who makes the final decision.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You'll collect the finished piece directly from Redbrook.", FRAMING),
    ("You pitch your show idea to Callum Reid, and he makes the final decision.", RADIO),
])
def test_a_name_after_the_verb_from_another_sentence_is_a_swap(claim: str, evidence: str
                                                                 ) -> None:
    assert "subject_swap" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You'll collect the finished piece from Gallery Lane.", FRAMING),
    ("You submit a pitch to Helen Okafor.", RADIO),
    ("You pitch your show idea to Helen Okafor, and she makes the final decision.", RADIO),
    # the evidence gives the claim's name the verb in a clause of its own
    ("You can collect it from Redbrook.",
     "Redbrook lets customers collect orders in person. Most customers collect from Gallery "
     "Lane."),
    # a light verb ties no name to one fact
    ("The bus goes to Leeds.", "The train goes to York. Leeds has a new station."),
])
def test_a_name_the_evidence_gives_the_verb_passes(claim: str, evidence: str) -> None:
    assert "subject_swap" not in codes(claim, evidence)


# a passive's agent against another name that does it --------------------------------------

GARAGE = ("Our senior technician, Dev Malhotra, handles all hybrid vehicles. Gemma Thorne is our "
          "MOT tester and carries out tests Monday to Thursday. Fridays are reserved for "
          "diagnostic appointments, which are led by Owen Pryce.")


def test_a_passive_agent_another_name_does_it_for_is_a_swap() -> None:
    assert "subject_swap" in codes(
        "MOT tests at Hollins Motor Works are carried out by Owen Pryce, Monday to Thursday.",
        GARAGE)


@pytest.mark.parametrize("claim", [
    "MOT tests at Hollins Motor Works are carried out by Gemma Thorne, Monday to Thursday.",
    "Diagnostic appointments are led by Owen Pryce.",
    # another particle: another relation
    "MOT tests are carried over by Owen Pryce.",
])
def test_the_agent_the_evidence_names_passes(claim: str) -> None:
    assert "subject_swap" not in codes(claim, GARAGE)


# what the speaker does not give ----------------------------------------------------------

SKI = ("If the resort closes more than half of its lifts because of high winds, day-pass holders "
       "can claim a voucher for a future visit. We do not give cash refunds on day passes.")


@pytest.mark.parametrize("claim", [
    "You should be able to get a cash refund on your day pass if more than half the lifts close.",
    "You can get a cash refund on your day pass.",
    "You can receive a cash refund on your day pass.",
])
def test_getting_what_the_speaker_does_not_give_is_denied(claim: str) -> None:
    assert "negation_mismatch" in codes(claim, SKI)


def test_getting_what_the_speaker_gives_passes() -> None:
    assert "negation_mismatch" not in codes("You can get a voucher instead of a cash refund.",
                                            SKI)


@pytest.mark.parametrize(("text", "verb"), [
    ("You should be able to get a refund.", "get"),
    ("You'll be able to park there.", "park"),
    ("He may be able to help.", "help"),
])
def test_be_able_to_after_a_modal_is_a_permission(text: str, verb: str) -> None:
    assert modals(text) == [("permission", verb)]


# a thing the speaker names as an example of what it does not do it to ---------------------

CARPETS = ("Our technicians will move light items such as dining chairs and side tables. For "
           "safety reasons, we do not move heavy items such as wardrobes, beds, pianos or fully "
           "loaded bookcases.")


def test_doing_it_to_a_denied_example_is_denied() -> None:
    assert "negation_mismatch" in codes(
        "The technicians will move dining chairs, as well as heavy pieces like wardrobes and "
        "beds.", CARPETS)


@pytest.mark.parametrize("claim", [
    "The technicians will move dining chairs and side tables.",
    "They will not move wardrobes or beds.",
    "They'll move chairs, except pianos.",
])
def test_an_example_not_done_to_passes(claim: str) -> None:
    assert "negation_mismatch" not in codes(claim, CARPETS)


# a cold shower for a warm one, and an FAQ's myth -----------------------------------------

SAUNA = ("Thornfield Spa – sauna FAQ. Q: Is it true that you have to shower in cold water "
         "before entering the sauna? A: No, this is a common myth. We ask guests to take a warm "
         "shower before using the sauna, to wash off lotions and perfumes. A cold plunge is "
         "optional and is best taken after, not before, a sauna session.")


def test_cold_for_warm_is_a_polarity_mismatch() -> None:
    # (against the span that binds it: the whole FAQ aligns the claim with its question)
    span = ("Thornfield Spa – sauna FAQ. We ask guests to take a warm shower before using the "
            "sauna, to wash off lotions and perfumes.")
    assert "polarity_mismatch" in codes(
        "Thornfield Spa requires guests to take a cold shower before entering the sauna.", span)


def test_warm_for_warm_passes() -> None:
    assert "polarity_mismatch" not in codes(
        "Guests are asked to take a warm shower before using the sauna.", SAUNA)


@pytest.mark.parametrize("after", ["A: No, this is a common myth.", "No, that's a myth.",
                                   "This is a popular misconception."])
def test_an_faq_answer_calling_it_a_myth_frames_the_question(after: str) -> None:
    sentence = "Q: Is it true that you have to shower in cold water before entering the sauna?"
    assert quote_frame("", sentence, after, "You have to shower in cold water first.")


# faithful readings -----------------------------------------------------------------------

@pytest.mark.parametrize(("claim", "evidence"), [
    # weekdays abbreviated in a range
    ("You'll find them in the Market Hall, open 8:30 to 5:30, Monday to Saturday.",
     "Heel Bar at Market Hall: heel tips replaced in 10 minutes. Open Mon–Sat 8:30–17:30."),
    ("Classes run on Tuesdays and Thursdays.", "Classes: Tue & Thu, 7pm."),
    # a day range that gives its month once
    ("The railway is shut from Monday 4 to Friday 22 March.",
     "The railway will close from Monday 4 March to Friday 22 March inclusive."),
    # the end of a daily service
    ("The kitchen stops serving at 10pm.", "The kitchen serves until 10pm."),
    # "stop" for "prevent"
    ("Diabetes doesn't stop you from registering.",
     "Having a condition such as diabetes does not prevent you from registering."),
    # "24 hours a day" is at all hours
    ("Live chat in the app is available around the clock.",
     "Phone support runs from 7 a.m. to 9 p.m., and live chat in the app 24 hours a day."),
    # "hour-long" is 60 minutes
    ("She does 30-minute lessons for $40 and hour-long ones for $70.",
     "Rachel Moss offers 30-minute lessons for $40 and 60-minute lessons for $70."),
    # a reason after a colon
    ("No experience is needed because they train everyone from scratch.",
     "You don't need any broadcasting experience: we train everyone from scratch."),
    # a holiday of a fixed day, named by its date
    ("Your Christmas Day collection moves to Saturday 27 December and the New Year's Day one "
     "moves to Saturday 3 January.",
     "Collections due on Thursday 25 December will take place on Saturday 27 December. "
     "Collections due on Thursday 1 January will take place on Saturday 3 January."),
    # half of a figure the evidence halves
    ("You'd pay a £45 surcharge instead of £90.",
     "Emergency call-outs carry a £90 surcharge. For contract customers the surcharge is "
     "halved."),
    # a restriction the other way round
    ("You cannot book your practical test before you've passed your theory.",
     "You can book a practical driving test only after you have passed your theory test."),
    # "there's no need to" is an exemption
    ("There's no need to be home.", "You don't need to be at home when we clean."),
])
def test_a_faithful_reading_has_no_finding(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    ("It is open on Sundays.", "Open Mon–Sat 8:30–17:30.", "ungrounded_date"),
    ("Classes run on Wednesdays.", "Classes: Tue & Thu, 7pm.", "ungrounded_date"),
    ("The railway is shut from Monday 5 to Friday 22 March.",
     "The railway will close from Monday 4 March to Friday 22 March inclusive.",
     "ungrounded_date"),
    ("The bank stopped accepting cheques.", "The bank accepts cheques.", "negation_mismatch"),
    ("Phone support is available around the clock.",
     "Phone support is available from 7 a.m. to 9 p.m.", "qualifier_mismatch"),
    ("She does 30-minute lessons for $70 and hour-long ones for $40.",
     "Rachel Moss offers 30-minute lessons for $40 and 60-minute lessons for $70.",
     "value_swap"),
    ("You must be at home.", "You don't need to be at home when we clean.", "modal_mismatch"),
    ("You can book your practical test before you've passed your theory.",
     "You can book a practical driving test only after you have passed your theory test.",
     "polarity_mismatch"),
    ("You cannot book your practical test after you've passed your theory.",
     "You can book a practical driving test only after you have passed your theory test.",
     "modal_mismatch"),
    ("You'd pay a £40 surcharge instead of £90.",
     "Emergency call-outs carry a £90 surcharge. For contract customers the surcharge is "
     "halved.", "ungrounded_figure"),
    ("You'd pay a £180 surcharge instead of £90.",
     "Emergency call-outs carry a £90 surcharge. For contract customers the surcharge is "
     "halved.", "ungrounded_figure"),
    ("Your Boxing Day collection moves to Saturday 27 December.",
     "Collections due on Thursday 25 December will take place on Saturday 27 December.",
     "ungrounded_date"),
])
def test_the_readings_keep_their_catches(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


def test_a_range_read_backwards_is_no_date() -> None:
    figures = parse_as("Open 9 to 5 March.", CheckOptions(), "claim")
    assert [(d.day, d.month) for d in figures.dates] == [(5, 3)]


def test_there_is_no_need_is_an_exemption_of_the_verb() -> None:
    assert modals("There's no need to be home.") == [("exemption", "home")]


# what a review of the rules found, each kept ------------------------------------------------

@pytest.mark.parametrize(("claim", "evidence", "code"), [
    # a date after "stopped" is no daily end; a change after "has stopped" is a negation
    ("The bank stopped accepting cheques from 1 March.",
     "From 1 March, the bank accepts cheques.", "negation_mismatch"),
    ("The kitchen has stopped serving breakfast after 10am.",
     "The kitchen serves breakfast after 10am.", "negation_mismatch"),
    # another condition, or the other test, is no restatement of "only after"
    ("You cannot book your theory test before you've passed your practical test.",
     "You can book a practical driving test only after you have passed your theory test.",
     "modal_mismatch"),
    ("You cannot book a practical test until you have paid the fee.",
     "You can book a practical driving test only after you have passed your theory test.",
     "modal_mismatch"),
    # halving elsewhere grounds no half
    ("You pay a £45 deposit, a share of the £90 fee.",
     "The fee is £90. Opening hours are halved in winter.", "ungrounded_figure"),
    # a colon's clause grounds only its own reason
    ("No experience is needed because they are short of volunteers.",
     "You don't need any broadcasting experience: we train everyone from scratch.",
     "ungrounded_cause"),
    ("The shop is open 9 to 5 because it is family-run.", "Opening hours: we are open 9 to 5.",
     "ungrounded_cause"),
    # "24 hours a day, Monday to Friday" is no "24/7"
    ("Phone support is available 24/7.",
     "Phone support is available 24 hours a day, Monday to Friday.", "qualifier_mismatch"),
    # a holiday is its day: closed on it where the evidence says open that day
    ("The office is closed on Christmas Day.", "The office is open on 25 December.",
     "polarity_mismatch"),
    ("The office is closed on Boxing Day.", "The office is closed on 25 December.",
     "ungrounded_date"),
    # a spelled count of another unit, one word of the fact left
    ("The Bell Tents sleep five.", UNITS, "value_swap"),
    # a name a case-blind reading would run on
    ("You'll collect the finished piece directly from Redbrook next week.", FRAMING,
     "subject_swap"),
    ("You'll still collect it from Redbrook.", FRAMING, "subject_swap"),
    # a modal before the doer's verb
    ("Priya can take in the jacket and shorten the sleeves.", TAILOR, "subject_swap"),
])
def test_the_review_cases_are_caught(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    # an example list ends at ", but"; an example's words are all the claim's
    ("The technicians will move chairs and tables.",
     "For safety reasons, we do not move heavy items such as pianos, but we will move chairs "
     "and tables."),
    ("They will move empty bookcases.",
     "We do not move heavy items such as wardrobes, beds, pianos or fully loaded bookcases."),
    # a denial of one case is no denial of another
    ("You can get a cash refund on your day pass within 14 days.",
     "We do not give cash refunds on day passes after 14 days."),
    # the doer's own clause, not the rest of the sentence
    ("Priya will take in the trousers at the waist.",
     "My colleague Joseph will take in the jacket, and I will take in the trousers at the "
     "waist. Best wishes, Priya"),
    # a lower-case word is no name
    ("You can collect your keys from reception.",
     "Keys are left at reception for late arrivals. Guests collect parking permits from "
     "Gallery Lane."),
])
def test_the_review_cases_pass(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


def test_a_passage_that_opens_with_spaces_is_a_passage_of_its_own() -> None:
    evidence = ["Grisedale Hostel has 48 beds.", "  Dorm beds there start at £22 a night.",
                "Langwith Hostel has dorm beds from £19."]
    assert "value_swap" not in codes("Dorm beds at Langwith start from £22 a night.", evidence)


def test_a_long_sentence_of_doers_stays_cheap() -> None:
    # (each clause read once: this took seconds when every name re-read the clause)
    evidence = "Owen Pryce works here. " + "Gemma Thorne carries out repairs and " * 400
    assert "subject_swap" not in codes("MOT tests are carried out by Owen Pryce.", evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    # a personal pronoun may skip a sentence: "She" is Mrs Grayson, not Carson's sentence's
    ("Mrs Grayson had claimed that she was divorced when she married the congressman in 1990.",
     "Mrs Grayson married the congressman. Carson lived in Guam. She had claimed that she was "
     "divorced when she married the congressman in 1990. However, Mrs Grayson claimed she "
     "divorced Carson in Guam in 1981."),
    # a year-long relationship is a phrase, not a figure to ground
    ("It was a year-long relationship.", "The relationship lasted through the school year."),
])
def test_what_the_points_back_and_unit_readings_leave_alone(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


@pytest.mark.parametrize(("name", "day"), [
    ("Christmas Day", (12, 25)), ("christmas", (12, 25)), ("Boxing  Day", (12, 26)),
    ("New Year’s Eve", (12, 31)), ("new year eve", (12, 31)), ("year day", (1, 1)),
    ("Valentine's Day", (2, 14)), ("Halloween", (10, 31)), ("Easter", None),
    ("New Year", None), ("Christmas market", None),
])
def test_one_table_gives_a_holiday_its_day(name: str, day: tuple[int, int] | None) -> None:
    # the date parser and the names check read the same table
    assert holiday_day(name) == day


def test_a_named_holiday_and_its_date_ground_each_other() -> None:
    ev = "Collections due on Thursday 25 December move to Saturday 27 December."
    assert codes("Your Christmas Day collection moves to Saturday 27 December.", ev) == []
    assert codes("Your Boxing Day collection moves to Saturday 27 December.",
                 ev) == ["ungrounded_date"]

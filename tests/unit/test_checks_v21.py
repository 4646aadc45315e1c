"""Checks v21: what an eleventh blind round passed that a careful reader would not — a value
of a list whose items are labelled by a letter ("45 minutes in Zone B"), a duty in one
clause of a claim whose other clause the evidence states ("Someone will need to be at home
for exterior cleans, and … an adult must be present"), a repair the speaker does not do for
the kind of thing the question asks about, a discount taken off the other thing, the case
after ", but" given what the sentence says of the case before it — and the readings kept
clean beside them: "free of charge" for "at no charge", a claim of two clauses cut by a
dash, a total "brings it to £60", an age "before they were 18"."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.checks.qualifiers import qualifier_before
from certirag.text.frames import quote_frame


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]



# letters that label the items of a list ------------------------------------------------

ZONES = ("The average response time is 35 minutes in Zone A, 45 minutes in Zone B, 60 minutes "
         "in Zone C and up to 90 minutes in Zone D.")


@pytest.mark.parametrize("claim", [
    "For Zone C, the average response time is 45 minutes.",
    "The average response time in Zone C is 45 minutes.",
    "The average response time is 35 minutes in Zone D.",
])
def test_a_value_of_another_lettered_item_is_a_swap(claim: str) -> None:
    assert "value_swap" in codes(claim, ZONES)


@pytest.mark.parametrize("claim", [
    "For Zone C, the average response time is 60 minutes.",
    "The average response time is 45 minutes in Zone B.",
    "In Zone A the average response time is 35 minutes.",
])
def test_the_value_of_its_own_lettered_item_is_no_swap(claim: str) -> None:
    assert "value_swap" not in codes(claim, ZONES)


# a modal of one clause, read against the sentence that clause states --------------------

ACCESS = ("Customers are not required to be at home for exterior cleans, provided side gates "
          "are left unlocked. For interior cleans, an adult must be present throughout the "
          "visit.")


def test_a_duty_in_one_clause_against_the_sentence_of_that_clause() -> None:
    claim = ("Someone will need to be at home for exterior cleans, and for interior cleans an "
             "adult must be present.")
    assert "modal_mismatch" in codes(claim, ACCESS)


def test_each_clause_as_the_evidence_says_it() -> None:
    claim = ("You don't need to be at home for exterior cleans, but for interior cleans an "
             "adult must be present.")
    assert "modal_mismatch" not in codes(claim, ACCESS)


# a service denied for the kind of thing asked about ------------------------------------

LIQUID = ("We do not repair phones that have been exposed to water or other liquids, because "
          "corrosion makes the outcome unpredictable. We can attempt data recovery from "
          "liquid-damaged phones for a fixed fee of £49.")


def test_we_can_do_it_to_what_the_evidence_says_we_do_not() -> None:
    q = "My phone fell in the bath - can you repair it?"
    assert "case_mismatch" in codes("We can repair it.", LIQUID, q)
    assert "case_mismatch" in codes("Yes, we'll repair it.", LIQUID, q)


@pytest.mark.parametrize(("claim", "evidence", "question"), [
    # said plainly for some phones: the evidence's own case is the model's to read
    ("We can repair it.", "We repair cracked screens on all models. " + LIQUID,
     "My phone's screen is cracked - can you repair it?"),
    # the question names another thing than the one denied
    ("We can repair it.", LIQUID, "My laptop's hinge broke - can you repair it?"),
    # the claim denies it too
    ("We can't repair it, but we can attempt data recovery.", LIQUID,
     "My phone fell in the bath - can you repair it?"),
])
def test_no_denied_case(claim: str, evidence: str, question: str) -> None:
    assert "case_mismatch" not in codes(claim, evidence, question)


def test_a_noun_of_the_verb_says_the_speaker_does_it() -> None:
    ev = "We do not deliver parcels that weigh more than 30kg. Delivery costs £4."
    assert "case_mismatch" not in codes("Yes, we can deliver it.", ev,
                                        "Will you deliver my 2kg parcel?")


# what a discount is taken off ----------------------------------------------------------

PARTNER = ("Under our partnership, couples who book the Manor's wedding package receive 10% "
           "off car hire with us.")


def test_a_discount_off_the_other_thing_is_a_swap() -> None:
    claim = ("Couples who hire a car from Heritage Wheels receive 10% off Lakeside Manor's "
             "wedding package.")
    assert "value_swap" in codes(claim, PARTNER)


@pytest.mark.parametrize("claim", [
    "If you book the Manor's wedding package you get 10% off car hire.",
    "You get 10% off your car hire.",
    "Couples get a 10% discount on car hire.",
])
def test_a_discount_off_its_own_thing(claim: str) -> None:
    assert "value_swap" not in codes(claim, PARTNER)


def test_a_percentage_stated_otherwise_clears_the_discount() -> None:
    ev = PARTNER + " The Manor gives 10% off its wedding package in January."
    claim = "Couples receive 10% off the wedding package."
    assert "value_swap" not in codes(claim, ev)


# the case after ", but" -----------------------------------------------------------------

KIT = "The centre lends hats free of charge, but body protectors must be hired at £3 per session."


@pytest.mark.parametrize("claim", [
    "The centre lends body protectors free of charge.",
    "The centre lends out both hats and body protectors free of charge, so you don't need "
    "your own.",
])
def test_the_other_case_given_the_first_cases_terms(claim: str) -> None:
    assert "polarity_mismatch" in codes(claim, KIT)


def test_a_case_the_first_part_also_names_is_no_other_case() -> None:
    ev = ("Radioactive iodine cures about 95% of cats with a single injection, but the cat must "
          "stay in a licensed hospital for one to two weeks afterwards.")
    claim = "Radioactive iodine therapy cures around 95% of cats with a single injection."
    assert "polarity_mismatch" not in codes(claim, ev)


@pytest.mark.parametrize("claim", [
    "The centre lends hats free of charge, but body protectors cost £3 per session to hire.",
    "Hats are lent free of charge; body protectors must be hired at £3 a session.",
    "Body protectors aren't lent free of charge.",
    "The centre lends hats free of charge.",
])
def test_each_case_its_own_terms(claim: str) -> None:
    assert "polarity_mismatch" not in codes(claim, KIT)


# readings kept clean --------------------------------------------------------------------

def test_free_of_charge_is_at_no_charge() -> None:
    ev = "Members may bring guests at no charge for up to 2 hours per visit."
    claim = "Your guests can come in free of charge for up to 2 hours per visit."
    assert "negation_mismatch" not in codes(claim, ev)
    assert "negation_mismatch" in codes("Guests are charged for visits of up to 2 hours.", ev)


def test_a_dash_between_two_clauses_cuts_the_claims_rows() -> None:
    ev = ("Service washes are available Monday to Saturday only; drop-offs are not accepted on "
          "Sundays.")
    claim = "Service wash drop-offs aren't accepted on Sundays - they're Monday to Saturday only."
    assert "value_swap" not in codes(claim, ev)


def test_a_dash_after_a_name_cuts_nothing() -> None:
    ev = ("The 07:42 from Harwick arrives in Dunmore at 09:10; the 08:15 from Harwick arrives "
          "at 09:55.")
    assert "value_swap" in codes("The 08:15 from Harwick - it arrives in Dunmore at 09:10.", ev)


def test_a_total_brought_to() -> None:
    ev = ["Prices: 6-inch £38, 8-inch £52, 10-inch £70.",
          "Personalised edible photo toppers can be added to any size for £8."]
    ok = "An 8-inch sponge costs £52, and adding a photo topper for £8 brings it to £60."
    bad = "An 8-inch sponge costs £52, and adding a photo topper for £8 brings it to £62."
    assert "ungrounded_figure" not in codes(ok, ev)
    assert "ungrounded_figure" in codes(bad, ev)


@pytest.mark.parametrize("text", [
    "assaulted before they were 18", "abused before the age of 16", "left before age 16",
])
def test_an_age_not_yet_reached_is_below_it(text: str) -> None:
    assert qualifier_before(text, len(text) - 2) == "lt"


@pytest.mark.parametrize("text", ["paid before 18", "before 2020", "arrive before 10",
                                  "a day before he turns 39"])
def test_a_time_before_is_no_bound(text: str) -> None:
    at = len(text) - (4 if text.endswith("2020") else 2)
    assert qualifier_before(text, at) is None


def test_dont_forget_is_a_reminder_not_a_denial() -> None:
    ev = ("The tuner will need quiet conditions, so televisions and radios should be switched "
          "off during the visit.")
    claim = "The tuner needs quiet, so don't forget to switch off any radios during the visit."
    assert "ungrounded_denial" not in codes(claim, ev)
    assert "ungrounded_denial" in codes("The tuner does not bring any tools during the visit.", ev)


# a denial of what a kind does not need, and a subject that joins two kinds ----------------

PIANOS = ("We tune acoustic upright and grand pianos of all makes. Digital pianos and keyboards "
          "do not require tuning.")


def test_doing_what_one_of_two_kinds_does_not_need() -> None:
    assert "negation_mismatch" in codes("We tune digital pianos too.", PIANOS)
    assert "negation_mismatch" in codes("Keyboards require tuning once a year.", PIANOS)


@pytest.mark.parametrize("claim", [
    "We tune upright pianos.", "We tune grand pianos of all makes.",
    "Digital pianos don't need tuning.",
])
def test_the_kinds_the_evidence_says_it_of(claim: str) -> None:
    assert "negation_mismatch" not in codes(claim, PIANOS)


# "no appointment is needed": no booking ---------------------------------------------------

WALK_IN = ("Walk-in customers are welcome for adult and child passport photos at all staffed "
           "branches; no appointment is needed. Appointments are required for babies under 12 "
           "months so that we can allow extra time.")


def test_a_booking_the_evidence_says_is_not_needed() -> None:
    assert "modal_mismatch" in codes("Adult passport photos need to be booked in advance.",
                                     WALK_IN)


@pytest.mark.parametrize("claim", [
    "You don't need to book for adult photos.",
    "Adult and child photos are walk-in, no appointment needed.",
])
def test_no_booking_as_the_evidence_says(claim: str) -> None:
    assert "modal_mismatch" not in codes(claim, WALK_IN)


def test_a_number_in_a_name_is_no_rival_value() -> None:
    ev = ("Orders are dispatched by Royal Mail Tracked 48, which usually arrives within two to "
          "three working days.")
    assert "value_swap" not in codes("Royal Mail Tracked 48 usually takes two to three working "
                                     "days.", ev)


# a phrase the evidence says of another named thing ---------------------------------------

ZONE_NAMES = ("Zone A, the town centre, has a standard daytime callout fee of £65. Zone B, "
              "covering the northern suburbs, charges £75 for daytime callouts. Zone C includes "
              "the surrounding villages and carries a £90 daytime callout fee.")


@pytest.mark.parametrize("claim", [
    "Zone C includes the northern suburbs.", "Zone C is the town centre.",
])
def test_a_phrase_of_another_named_thing(claim: str) -> None:
    assert "subject_swap" in codes(claim, ZONE_NAMES)


@pytest.mark.parametrize("claim", [
    "Zone B covers the northern suburbs.", "Zone C includes the surrounding villages.",
    "Zone A is the town centre.",
])
def test_a_phrase_of_its_own_named_thing(claim: str) -> None:
    assert "subject_swap" not in codes(claim, ZONE_NAMES)


def test_a_pronoun_may_stand_for_the_name() -> None:
    ev = ("Zone B charges £75 for daytime callouts. Unlike Zone A, it also covers the northern "
          "suburbs.")
    assert "subject_swap" not in codes("Zone B covers the northern suburbs.", ev)


def test_not_the_first_time_is_no_rank() -> None:
    ev = ("Jonny Bucknell, 58, was enjoying his meal. Jonny Bucknell is no stranger to odd "
          "behaviour.")
    assert "ungrounded_figure" not in codes("It is not the first time Jonny Bucknell has "
                                            "demonstrated odd behaviour.", ev)
    assert "ungrounded_figure" in codes("It was the first time Jonny Bucknell had demonstrated "
                                        "odd behaviour.", ev)


# quote frames of a twelfth round -----------------------------------------------------------

@pytest.mark.parametrize(("before", "sentence", "after", "claim"), [
    ("Notice from the committee.", "A rumour has circulated on the club forum that 'junior "
     "members will no longer be allowed to play in the Tuesday league.'",
     "The committee wishes to make clear that this is not true.",
     "Junior members will no longer be allowed to play in the Tuesday league."),
    ("", "Some customers have been told by door-to-door sellers that 'panels installed this "
     "year will pay for themselves within three years.'",
     "Brightfield Solar does not make this claim.",
     "Panels installed this year will pay for themselves within three years."),
    ("", "Hi all, a few of you have asked whether the rumour going around is true – that "
     "'unlimited monthly passes will include free mat and towel hire from May.'", "",
     "Unlimited monthly passes will include free mat and towel hire from May."),
    ("", "Our booking terms still give an example: 'If the trip were cancelled because of "
     "weather, passengers would be offered a free upgrade to the sunset cruise.'",
     "That example describes a scheme we trialled in 2022 and no longer operate.",
     "If the trip is cancelled because of weather, passengers are offered a free upgrade."),
    ("", "Our booking terms still give an example: 'If the trip were cancelled because of "
     "weather, passengers would be offered a free upgrade to the sunset cruise.'", "",
     "Passengers are offered a free upgrade to the sunset cruise."),
])
def test_rumours_sellers_words_and_examples_frame_the_sentence(
        before: str, sentence: str, after: str, claim: str) -> None:
    assert quote_frame(before, sentence, after, claim) is not None


@pytest.mark.parametrize(("before", "sentence", "after"), [
    # a denial labels what it denies, not the sentence after it
    ("I'm afraid that's just a rumour; we haven't made any such change.",
     "Mat hire remains £2 per class and towel hire £1.50 for all pass holders.", ""),
    # a report denied introduces nothing
    ("Brightfield Solar does not make this claim.", "Our own estimates put the payback period "
     "at between 9 and 12 years.", ""),
])
def test_sentences_beside_a_denial_stay_unframed(before: str, sentence: str, after: str) -> None:
    assert quote_frame(before, sentence, after) is None


@pytest.mark.parametrize(("after", "framed"), [
    ("That example describes a scheme we trialled in 2022 and no longer operate.", True),
    ("I'm afraid that's just a rumour; we haven't made any such change.", True),
    ("That example shows how the refund is worked out.", False),
])
def test_a_denial_after_the_sentence(after: str, framed: bool) -> None:
    sentence = "Passengers are offered a free upgrade to the sunset cruise."
    got = quote_frame("", sentence, after, "Passengers are offered a free upgrade to the "
                      "sunset cruise.")
    assert (got is not None) == framed


# modals: a contraction, the sentence of the verb's object, "this is not required" ---------

SEWING = ("Students may bring their own sewing machine if they prefer to learn on it, but this "
          "is not required, as the studio has twelve machines. Please bring your own fabric "
          "scissors and a tape measure.")


def test_a_duty_the_evidence_leaves_to_choice() -> None:
    claim = ("You're required to bring your own sewing machine to the class, along with fabric "
             "scissors and a tape measure.")
    assert "modal_mismatch" in codes(claim, SEWING)


@pytest.mark.parametrize("claim", [
    "You're not required to bring a sewing machine.",
    "You may bring your own sewing machine, along with fabric scissors and a tape measure.",
])
def test_a_choice_as_the_evidence_gives_it(claim: str) -> None:
    assert "modal_mismatch" not in codes(claim, SEWING)


# the asker's age ---------------------------------------------------------------------------

CARS = ("Courtesy cars are available free of charge for any booked service taking more than "
        "four hours. Drivers must be aged 25 or over and have held a full UK licence for at "
        "least two years.")


def test_the_askers_age_outside_the_band_the_rule_gives() -> None:
    claim = "As long as you ask for it when booking, you can have one free."
    assert "case_mismatch" in codes(claim, CARS, "I'm 22 – can I get a courtesy car?")


@pytest.mark.parametrize("question", [
    "I'm 27 – can I get a courtesy car?", "I'm 5 minutes away - can I get a courtesy car?",
    "Can I get a courtesy car?",
])
def test_no_asker_age_outside_the_band(question: str) -> None:
    claim = "As long as you ask for it when booking, you can have one free."
    assert "case_mismatch" not in codes(claim, CARS, question)


# the agent of a passive --------------------------------------------------------------------

CHAIN = ("Mr Reyes complained that mechanic Tom Hale had fitted the wrong size chain to his "
         "bike. The correct chain was fitted free of charge on 14 March by senior mechanic "
         "Aisha Malik.")


def test_another_person_did_what_the_passive_says() -> None:
    assert "subject_swap" in codes("Tom Hale fitted the correct chain free of charge on 14 "
                                   "March.", CHAIN)


@pytest.mark.parametrize("claim", [
    "Aisha Malik fitted the correct chain free of charge on 14 March.",
    "Tom Hale fitted the wrong size chain.",
])
def test_the_passives_own_agent(claim: str) -> None:
    assert "subject_swap" not in codes(claim, CHAIN)


# the review's readings kept clean -----------------------------------------------------------

@pytest.mark.parametrize(("claim", "evidence"), [
    ("Members get 10% off drinks.", "Members receive a 10% discount on food and drink."),
    ("You get 15% off accessories.", "Students get 15% off laptops, tablets and accessories."),
    ("Seniors get 10% off lunch.", "Seniors get 10% off breakfast, lunch and dinner."),
    ("Couples also get 10% off hotel bookings.", "Couples who book the wedding package "
     "receive 10% off car hire and hotel bookings."),
])
def test_a_discount_off_one_thing_of_a_list(claim: str, evidence: str) -> None:
    assert "value_swap" not in codes(claim, evidence)


def test_ten_per_cent_is_ten_percent() -> None:
    claim = "Couples receive ten per cent off the Manor's wedding package."
    assert "value_swap" in codes(claim, PARTNER)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The centre lends hats free of charge, and body protectors are available for a small "
     "fee.", KIT),
    ("The centre lends hats free of charge, while body protectors come at a small extra "
     "cost.", KIT),
    ("Hats are lent free of charge; body protectors aren't.", KIT),
    ("Standard rooms include breakfast, and suites come with a free minibar.",
     "Standard rooms include breakfast, but suites are room-only."),
    ("The museum is free to enter, with special exhibitions charged separately.",
     "The museum is free to enter, but special exhibitions are ticketed."),
])
def test_each_clause_says_its_own_case(claim: str, evidence: str) -> None:
    assert "polarity_mismatch" not in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Tuning is not required for digital pianos.", PIANOS),
    ("With a digital piano, tuning isn't necessary.", PIANOS),
    ("A signature is not needed for small parcels.", "Small parcels do not require a "
     "signature."),
    ("Residents get a parking permit from the council.", "Residents and their visitors do not "
     "require a parking permit on Sundays."),
])
def test_what_is_not_needed_said_otherwise(claim: str, evidence: str) -> None:
    assert "negation_mismatch" not in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Flights to Rome leave from Gate 12.", "Flights to Paris leave from Gate 12, and flights "
     "to Rome leave from Gate 14."),
    ("Maths is in Room 12.", "Maths is taught in Room 14; English is taught in Room 12."),
    ("The 08:15 from Harwick is the one to take - it arrives in Dunmore at 09:10.",
     "The 07:42 from Harwick arrives in Dunmore at 09:10; the 08:15 from Harwick arrives at "
     "09:55."),
])
def test_labels_and_dashes_keep_their_swaps(claim: str, evidence: str) -> None:
    assert "value_swap" in codes(claim, evidence)


@pytest.mark.parametrize("claim", [
    "Unlike the town centre, Zone C includes the surrounding villages.",
    "Zone C charges more than the northern suburbs for daytime callouts.",
])
def test_a_comparison_names_the_other_things_phrase(claim: str) -> None:
    assert "subject_swap" not in codes(claim, ZONE_NAMES)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Divock Origi signed for Liverpool last year.", "Mr Klopp praised Origi. The Belgium "
     "striker was signed by Liverpool in a £10million deal."),
    ("Peter Morris believed his sister had died in an accident.", "Peter Morris is 52. "
     "Peter, from Gillingham, believed Claire had died in an accident in 1994."),
    ("Bates is charged with second-degree manslaughter in the killing of Eric Harris.",
     "Eric Harris was shot in April. Bates was charged with second-degree manslaughter "
     "Monday."),
])
def test_news_summaries_swap_no_subject(claim: str, evidence: str) -> None:
    assert "subject_swap" not in codes(claim, evidence)

"""Checks v23: what a fourteenth blind round passed that a careful reader would not — a
rumour the writer was asked about and denies, an FAQ's question answered "No", a thing
under a "No thanks:" label, "bring your own" where the evidence bars one's own things, the
asker phoning a party that phones them — and faithful readings kept clean beside them:
"three-quarters of an hour", "the 2010-2020 decade", "Under-16s",
"the first eight weeks", "24/7", "12.30 to 1.30pm", a result after "so"."""

from __future__ import annotations

import pytest

from certirag.checks import CHECKS_VERSION, check_claim
from certirag.checks._text import Spans
from certirag.checks.figures import extract_figures
from certirag.text.frames import quote_frame


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]


def figures(text: str, *, claim: bool = True) -> list[tuple[str, str, str | None]]:
    found, _ = extract_figures(text, Spans(), decimal_comma=None, claim=claim)
    return [(f.kind, str(f.value), f.qualifier) for f in found]


def test_the_version() -> None:
    assert CHECKS_VERSION.startswith("certirag.checks.v")


# a question the writer was asked, and denies -----------------------------------------------

KAREN = ("Hello families! A few of you have asked whether it's true that I'm closing on "
         "Fridays from September. I'm happy to say that's not the case: I'll carry on "
         "offering full days Monday to Friday.")


def test_a_rumour_asked_about_is_no_statement() -> None:
    cue = quote_frame("Hello families!", "A few of you have asked whether it's true that I'm "
                      "closing on Fridays from September.", "I'm happy to say that's not the "
                      "case.", "Karen will be closing on Fridays from September.")
    assert cue is not None and "whether it's true" in cue


def test_a_plain_question_of_whether_frames_nothing_new() -> None:
    # "asked whether we open on Fridays" was no frame before and is none now
    assert quote_frame("", "Parents asked whether we open late on Fridays.", "We do.",
                       "The nursery opens late on Fridays.") is None


# an FAQ's question answered "No" -------------------------------------------------------------

FAQ = ("Northlight Power – Switching FAQ. Q: Will my supply be cut off while I switch? A: No. "
       "Your gas and electricity will keep flowing as normal throughout. Q: Do I need a new "
       "meter? A: No, you can keep your existing meter.")


def test_what_the_faq_answers_no_to_is_denied() -> None:
    assert codes("You'll need a new meter fitted when you switch.", FAQ) == [
        "negation_mismatch"]
    assert "negation_mismatch" in codes("Your supply will be cut off while you switch.", FAQ)


@pytest.mark.parametrize("claim", [
    "You can keep your existing meter.",
    "You won't need a new meter.",  # (was read against the question as a negation)
    "Your gas and electricity will keep flowing as normal.",
])
def test_what_the_faq_answer_says_is_clean(claim: str) -> None:
    assert codes(claim, FAQ) == []


def test_a_yes_answer_denies_nothing() -> None:
    ev = "Q: Do I need a new meter? A: Yes, we fit one free of charge."
    assert "negation_mismatch" not in codes("You'll need a new meter.", ev)


def test_the_frame_reads_the_no_answer_after_a_question() -> None:
    assert quote_frame("", "Q: Do I need a new meter?", "A: No, you can keep your existing "
                       "meter.", "You need a new meter.") is not None
    assert quote_frame("", "Q: Do I need a new meter?", "A: Yes, one is fitted free.",
                       "You need a new meter.") is None


# a thing listed under a label that refuses it -------------------------------------------------

BIN = ("Larkfield Borough Council – What goes in your blue recycling bin. Yes please: clean "
       "plastic bottles, tubs and trays; food and drink cans; glass bottles and jars. No "
       "thanks: plastic bags and film, soft plastics, nappies, polystyrene or food waste.")


def test_a_refused_item_granted_is_denied() -> None:
    assert codes("Plastic bags can go in with your bottles and tubs.", BIN) == [
        "negation_mismatch"]
    assert "negation_mismatch" in codes("Nappies are accepted in the blue bin.", BIN)


@pytest.mark.parametrize("claim", [
    "Plastic bottles can go in your blue bin.",
    "Plastic bags cannot go in the blue bin.",  # it says what the label says
    "Nappies go in the general waste.",  # no grant
])
def test_the_label_leaves_the_rest_clean(claim: str) -> None:
    assert "negation_mismatch" not in codes(claim, BIN)


# "bring your own" where one's own things are barred --------------------------------------------

DARKROOM = ("Safety rules for darkroom hirers. For safety reasons, all hirers must use the "
            "chemistry supplied by Lantern Photo Collective; bringing your own chemicals is "
            "not permitted. Gloves and tongs are provided.")


@pytest.mark.parametrize("claim", ["You can bring your own developer if you prefer.",
                                   "You can bring your own chemicals."])
def test_ones_own_things_barred(claim: str) -> None:
    assert codes(claim, DARKROOM) == ["negation_mismatch"]


@pytest.mark.parametrize("claim", [
    "You can bring your own gloves.",  # named elsewhere: the model's to read
    "You cannot bring your own developer.",
    "You can use your own developer.",  # another verb
])
def test_own_things_otherwise_clean(claim: str) -> None:
    assert "negation_mismatch" not in codes(claim, DARKROOM)


# who phones whom -----------------------------------------------------------------------------

BIKES = ("Drop your bike off any weekday between 8am and 10am. Our mechanic will inspect it "
         "the same morning and will phone you with a quote before carrying out any work "
         "costing more than £40.")


def test_the_asker_phoning_the_party_that_phones_them() -> None:
    assert codes("You'll need to phone the mechanic for a quote before they do any work "
                 "over £40.", BIKES) == ["role_swap"]
    assert codes("You need to email us when your order ships.",
                 "We will email you when your order ships.") == ["role_swap"]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The mechanic will phone you with a quote.", BIKES),
    # someone else is contacted too: the model's to read
    ("You can call us with questions.",
     "If you have questions, call us on 0161 555 0101. We will call you back within a day."),
    ("You don't need to phone the mechanic.", BIKES),
])
def test_contact_otherwise_clean(claim: str, evidence: str) -> None:
    assert "role_swap" not in codes(claim, evidence)


# figures read as written ------------------------------------------------------------------------

def test_a_fraction_of_an_hour_is_minutes() -> None:
    assert figures("Tours leave every three-quarters of an hour.") == [
        ("duration", "2700", None)]
    assert figures("It takes a quarter of an hour.") == [("duration", "900", None)]
    assert codes("Tours leave every three-quarters of an hour.",
                 "Tours depart every 45 minutes.") == []
    assert codes("Tours leave every three-quarters of an hour.",
                 "Tours depart every 40 minutes.") != []
    # a fraction of anything else is still a share
    assert figures("Three quarters of members voted.") == [("percent", "75", None)]


def test_a_year_before_decade_is_a_year() -> None:
    assert figures("losing ground most rapidly in the 2010-2020 decade") == []
    assert codes("It lost most ground in the 2010-2020 decade.",
                 "The fastest loss occurred between 2010 and 2020.") == []
    assert figures("for two decades") == [("duration", "240", None)]  # months


def test_a_bound_between_number_and_unit_stays_a_number() -> None:
    # "two or more years" is kept apart from "less than two years" in a list of cases: a
    # first reading of "10 or more hours" as "at least 10 hours" merged the two and lost
    # the swap of their values
    ev = ("The notice periods are: (a) for employees with less than two years of service, "
          "14 days; (b) for employees with two or more years of service, 28 days.")
    assert "value_swap" in codes("Employees with two or more years of service get 14 days "
                                 "of notice.", ev)


def test_an_age_group() -> None:
    assert figures("Under-16s must be accompanied.", claim=False) == [("number", "16", "lt")]
    assert figures("Discounts for over-65s.", claim=False) == [("number", "65", "gt")]
    assert codes("It costs £3.20 if you're over 60.", "It costs £3.20 for over-60s.") == []
    # a claim's group is no figure, as before
    assert figures("Over-65s get 20% off.") == [("percent", "20", None)]
    assert codes("Over-65s get 20% off.", "Customers aged 65 and over get 20% off.") == []
    ev = "Under-16s attending must be accompanied by an adult aged 18 or over."
    assert "ungrounded_figure" not in codes("Anyone under 16 needs an adult who's 18 or over.",
                                           ev)
    assert "ungrounded_figure" in codes("Anyone under 14 needs an adult who's 18 or over.", ev)


def test_first_opens_a_span_of_time() -> None:
    ev = "Survival after one year is estimated at roughly 60 percent."
    assert "ungrounded_figure" not in codes("About 60 percent survive their first year.", ev)
    assert "ungrounded_figure" not in codes(
        "Leave must be used within the first eight weeks.",
        "Leave must be taken within eight weeks of the birth.")
    # "the first year" needs one year in the evidence
    for claim, evidence in [("Membership is free for the first year.",
                             "Membership is free for six months."),
                            ("The first hour is free.", "Parking is free for 20 minutes."),
                            ("Refunds are available within the first month.",
                             "Refunds are available within 14 days of purchase.")]:
        assert "ungrounded_figure" in codes(claim, evidence)
    # where the evidence ranks, "first" is checked as before
    ranked = "The second year is free; the first costs £40."
    assert "ungrounded_figure" not in codes("The first year costs £40.", ranked)
    assert "ungrounded_figure" in codes("The first prize is a hamper.",
                                        "The prize is a hamper.")


def test_24_7_is_24_hours_a_day() -> None:
    assert figures("members get 24/7 access") == [("duration", "86400", None)]
    assert "ungrounded_figure" not in codes("Members get 24/7 access with a key fob.",
                                            "Membership includes 24-hour access via key fob.")
    assert "value_swap" in codes("Phone support runs 24/7.",
                                 "Live chat is available 24/7. Phone support is available "
                                 "Monday to Friday, 9 am to 5 pm.")


@pytest.mark.parametrize("evidence", [
    "The helpline is open seven days a week.",
    "The gym is open 18 hours a day.",
    "Security staff patrol the site at night.",
    "The helpline is open 12 hours a day, 7 days a week.",
])
def test_24_7_the_evidence_does_not_give(evidence: str) -> None:
    assert "ungrounded_figure" in codes("The helpline is open 24/7.", evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The panel measures 24 x 7 cm.", "The panel measures 20 x 7 cm."),
    ("The concert is on 24/7.", "The concert is on 23/7."),
])
def test_24_7_as_a_size_or_a_date_is_no_all_hours(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) != []


def test_a_range_of_times_shares_its_meridiem() -> None:
    ev = "During protected mealtimes (12.30pm to 1.30pm and 5pm to 6pm), visitors wait."
    assert "ungrounded_figure" not in codes("12.30 to 1.30pm is a protected mealtime.", ev)
    assert "ungrounded_figure" in codes("11.30 to 1.30pm is a protected mealtime.", ev)


# a result after "so" is a cause the evidence states -------------------------------------------

@pytest.mark.parametrize(("claim", "evidence"), [
    ("Because it's insurance-backed, you're still covered even if we stop trading.",
     "Every re-roof comes with a 15-year guarantee, backed by insurance so you're covered even "
     "if we cease trading."),
    ("Book a week ahead because those slots go fast.",
     "Our Saturday morning slots get booked up quickly, so we recommend booking a week ahead."),
])
def test_a_result_after_so(claim: str, evidence: str) -> None:
    assert "ungrounded_cause" not in codes(claim, evidence)


def test_so_alone_is_no_cause() -> None:
    assert "ungrounded_cause" in codes("The office shuts early because of staff training.",
                                       "The office shuts early on Fridays. It is so popular.")


# a speed the evidence states in no word ----------------------------------------------------

SHOES = ("Tapley's Shoe Repairs – Services & prices. Heels only: £18. Women's heel tips: £9, "
         "while you wait. Boot zip replacement: £30, ready in three days.")


@pytest.mark.parametrize("claim", [
    "Heels only are £18 at Tapley's, and they'll be ready for you the same afternoon.",
    "Heels are £18 and ready the next morning.",
    "Express orders ship by overnight courier.",
])
def test_a_speed_promised_in_no_word_of_the_evidence(claim: str) -> None:
    assert "ungrounded_detail" in codes(claim, SHOES)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Women's heel tips are £9 while you wait.", SHOES),
    ("Orders placed by noon are sent the same day.", "Orders placed by noon are dispatched on "
     "the day they are placed."),  # "day": a word the evidence uses
    ("Parcels go by overnight courier.", "All parcels are sent by overnight courier."),
])
def test_a_speed_the_evidence_words(claim: str, evidence: str) -> None:
    assert "ungrounded_detail" not in codes(claim, evidence)


# a doer introduced with an aside, and a verb a doer goes on to with "and" ----------------------

BUREAU = ("Our French polisher, Daniel Okafor, has stripped and repolished the top and "
          "fall-front, and the missing brass escutcheon was recast by our metalwork partner. "
          "Our cabinetmaker, Ruth Calloway, has reglued the loose drawer runners and replaced "
          "the split back panel with matching reclaimed timber.")


def test_a_verb_after_and_given_to_another_doer() -> None:
    assert codes("Daniel Okafor repolished the top and fall-front and also replaced the split "
                 "back panel with reclaimed timber.", BUREAU) == ["subject_swap"]
    assert codes("Ruth Calloway, the cabinetmaker, repolished the top and fall-front.",
                 "Your French polisher, Daniel Okafor, has repolished the top and fall-front "
                 "of the bureau. Ruth Calloway, our cabinetmaker, reglued the drawer runners.") == [
        "subject_swap"]


@pytest.mark.parametrize("claim", [
    "Daniel Okafor repolished the top and fall-front.",
    "Ruth Calloway replaced the split back panel with reclaimed timber.",
    "Ruth Calloway reglued the drawer runners and replaced the split back panel.",
])
def test_each_doer_doing_their_own(claim: str) -> None:
    assert "subject_swap" not in codes(claim, BUREAU)


def test_another_subject_after_and_is_not_the_doers() -> None:
    # "and Ruth replaced": the verb after "and" has a subject of its own
    ev = ("Our polisher, Daniel Okafor, repolished the top and Ruth Calloway replaced the back "
          "panel. Ruth Calloway is our cabinetmaker.")
    assert "subject_swap" not in codes("Daniel Okafor repolished the top.", ev)


# what a review of these rules found, kept out -----------------------------------------------

@pytest.mark.parametrize(("claim", "evidence"), [
    # a "No" to a wider question denies no narrower claim: the negation is still checked
    ("The library is not open on Sundays.",
     "Is the library open late on Sundays? No. On Sundays the library is open from 10am to "
     "4pm."),
    ("Children are not allowed in the pool.",
     "Q: Are children allowed in the pool unsupervised? A: No. Children are welcome in the "
     "pool with an adult."),
    ("Pets are not allowed in the cabins.",
     "Q: Are pets allowed in all the cabins? A: No. Pets are allowed in cabins 1 to 4."),
])
def test_a_no_to_a_wider_question_keeps_the_negation_check(claim: str, evidence: str) -> None:
    assert "negation_mismatch" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The No. 42 bus goes to the hospital.",
     "Q: Which bus goes to the hospital? A: No. 42, every ten minutes."),
    ("You can change your booking free of charge up to 48 hours before.",
     "Q: Can I change my booking? A: No-fee changes are allowed up to 48 hours before your "
     "stay."),
    ("Parking is free after 6pm.",
     "Q: Is parking free? A: No, except after 6pm, when it is free."),
    ("You can change your booking up to 48 hours before.",
     "Q: Can I change my booking? A: No - changes are allowed only up to 48 hours before "
     "your stay."),
    ("Is the minister resigning? No, he said he would stay.",
     "Is the minister resigning? No, he told reporters he would stay on."),
])
def test_no_faq_denial_where_the_no_is_no_answer(claim: str, evidence: str) -> None:
    assert "negation_mismatch" not in codes(claim, evidence)


def test_a_question_asked_and_confirmed_is_no_frame() -> None:
    asked = ("A few of you have asked whether it's true that I'm closing on Fridays from "
             "September.")
    claim = "Karen will be closing on Fridays from September."
    assert quote_frame("", asked, "Yes, it is: from September I'll be closed on Fridays.",
                       claim) is None
    assert quote_frame("", asked, "I can confirm that it will.", claim) is None
    assert quote_frame("", asked, "I'm happy to say that's not the case.", claim) is not None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You can take plastic bags to larger supermarkets for recycling.",
     "No thanks: plastic bags and film, soft plastics, nappies. Plastic bags can be recycled "
     "at larger supermarkets."),
    ("Assistance dogs are welcome.",
     "Not allowed: dogs, except assistance dogs, bicycles and skateboards."),
])
def test_a_label_allowed_elsewhere_or_excepted(claim: str, evidence: str) -> None:
    assert "negation_mismatch" not in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You can bring your own bike on off-peak trains.",
     "Bringing your own bike is not permitted on peak-time trains. Off-peak, there is space "
     "for two bikes per carriage."),
    ("Members can bring their own racquets.",
     "Members may not bring their own guests on weekends."),
])
def test_own_things_barred_only_in_a_case_or_of_another_kind(claim: str,
                                                             evidence: str) -> None:
    assert "negation_mismatch" not in codes(claim, evidence)


def test_own_things_barred_with_a_verb_that_drops_its_e() -> None:
    assert codes("You can use your own charger.",
                 "Using your own equipment is not permitted.") == [
        "negation_mismatch"]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You can call us if you have questions.",
     "We'll call you when your car is ready. If you have questions, call reception."),
    ("You should email us if anything changes.",
     "We will email you a confirmation. If anything changes, please email "
     "bookings@example.com."),
    ("You can contact us through the app.",
     "We will contact you if there are any delays. You can also reach us through the app."),
    ("You can ring the office to confirm.",
     "The office will ring you to confirm. Alternatively, ring 01632 960000."),
    ("You can message us on WhatsApp.",
     "We'll message you on WhatsApp when your order is ready. Get in touch with us on "
     "WhatsApp any time."),
])
def test_contact_where_the_asker_may_get_in_touch_too(claim: str, evidence: str) -> None:
    assert "role_swap" not in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Temperatures fell sharply overnight.",
     "Temperatures fell sharply during the night, forecasters said."),
    ("The minister resigned the same day as the vote.",
     "The vote took place on Tuesday. The minister resigned on Tuesday evening."),
    ("The next day, police arrested two men.",
     "On Tuesday a man was stabbed. On Wednesday police arrested two men."),
    ("Express orders arrive the next day.",
     "Express delivery: order by 8pm for delivery tomorrow."),
    ("Your dog can stay overnight.", "Your dog can stay with us for the night for £30."),
])
def test_a_time_that_is_no_service_speed(claim: str, evidence: str) -> None:
    assert "ungrounded_detail" not in codes(claim, evidence)


def test_a_doers_verbs_end_at_a_relative_clause() -> None:
    assert "subject_swap" not in codes(
        "Tom Briggs replaced the old pipes.",
        "Tom Briggs is our plumber. Our manager, Jo Smith, praised the plumber who fitted the "
        "boiler and replaced the old pipes.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The office shuts early on Fridays because of staff training.",
     "The office shuts early on Fridays, so please plan your visit accordingly."),
    ("The pool is closed on Monday because of a burst pipe.",
     "The pool is closed on Monday, so we recommend visiting on Tuesday."),
])
def test_a_so_that_gives_another_cause(claim: str, evidence: str) -> None:
    assert "ungrounded_cause" in codes(claim, evidence)


def test_a_question_answered_no_is_no_duty_either() -> None:
    ev = "Q: Do I need to pay a deposit to book? A: No. You pay in full on arrival."
    assert codes("You don't need to pay a deposit to book.", ev) == []
    assert codes("You need to pay a deposit to book.", ev) == ["negation_mismatch"]

"""Checks v24: a booking on a day the evidence keeps for walk-ins, and a measured limit
"under N" restated "up to N"."""

from __future__ import annotations

import pytest

from certirag.checks import CHECKS_VERSION, check_claim
from certirag.checks.walkins import weekdays_in
from certirag.claims import CLAIMS_VERSION, extract_claims, not_a_claim_reason


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]


def test_the_versions() -> None:
    assert CHECKS_VERSION == "certirag.checks.v24"
    assert CLAIMS_VERSION == "certirag.claims.rules.v20"


# claims rules v20: joy at the listener's news is no claim, and names no "It" ------------------

@pytest.mark.parametrize("text", [
    "Lovely to hear you made a mug!", "Great to hear from you.",
    "So glad you enjoyed the taster session!", "Nice to hear you enjoyed it!"])
def test_joy_at_the_listeners_news(text: str) -> None:
    assert not_a_claim_reason(text) == "greeting"


@pytest.mark.parametrize("text", [
    "Great your order has shipped!",  # a fact, no joy at news heard
    "Good your order is here.",
    "Great to hear you can join us on 12 May!",  # a figure: a fact to check
])
def test_news_the_reply_states_stays_a_claim(text: str) -> None:
    assert not_a_claim_reason(text) is None


def test_it_after_joy_names_nothing_of_it() -> None:
    claims = extract_claims("Lovely to hear you made a mug! It should be ready about four "
                            "weeks after your session.")
    assert [c.kind for c in claims] == ["not_a_claim", "claim"]
    assert not claims[1].text.startswith("Lovely")


# a booking on a day kept for walk-ins ------------------------------------------------------

BARBER = ("Sharp & Steady Barbers – Opening Hours. Monday: closed. Tuesday to Friday: "
          "9am–6pm. Saturday: 8am–4pm. Sunday: 10am–2pm, walk-ins only. Appointments can "
          "be booked online for Tuesday to Saturday.")


def test_weekdays_in_reads_runs_of_days() -> None:
    assert weekdays_in("Tuesday to Saturday") == frozenset({2, 3, 4, 5, 6})
    assert weekdays_in("Fridays and Sundays") == frozenset({5, 7})
    assert weekdays_in("Saturday - Monday") == frozenset({6, 7, 1})
    assert weekdays_in("every day") == frozenset()


def test_booking_the_asked_walk_in_day_is_a_contradiction() -> None:
    assert codes("You can book your slot online ahead of time.", BARBER,
                 "Is it open on a Sunday morning? I'd like to book ahead.") == [
        "modal_mismatch"]


def test_booking_a_named_walk_in_day_is_a_contradiction() -> None:
    assert "modal_mismatch" in codes("You can reserve a chair for Sunday online.", BARBER)


@pytest.mark.parametrize("claim, question", [
    ("You can book your slot online ahead of time.", "Can I book for Saturday?"),
    ("You can book online for Tuesday to Saturday.", "Can I book for Sunday?"),
    ("Sunday is walk-ins only, so you can't book.", "Can I book for Sunday?"),
    ("You can book your slot online.", "Can I book?"),  # no day asked
    ("You can book your slot online.", "Can I book for Saturday or Sunday?"),  # not all kept
])
def test_what_the_walk_in_day_leaves_alone(claim: str, question: str) -> None:
    assert "modal_mismatch" not in codes(claim, BARBER, question)


@pytest.mark.parametrize("evidence", [
    "Vaccinations: walk-ins only.",  # no day kept
    "Bookings for Sundays open on Monday. Walk-ins only on other days.",  # booking before it
])
def test_walk_ins_without_a_kept_day_find_nothing(evidence: str) -> None:
    assert "modal_mismatch" not in codes("You can book a slot online.", evidence,
                                         "Can I book for Sunday?")


@pytest.mark.parametrize("evidence", [
    "Saturday: no appointments, first come first served.",
    "Appointments are not taken on Saturdays.",
    "On Saturday mornings lanes cannot be booked.",
    "Opening times: Mon–Fri 9 a.m.–5 p.m.; Saturday 9 a.m.–1 p.m., drop-in only.",
])
def test_other_words_that_keep_a_day(evidence: str) -> None:
    assert "modal_mismatch" in codes("You can book a lane ahead.", evidence,
                                     "Can I come on Saturday?")


def test_walk_ins_for_one_thing_keep_no_day_for_another() -> None:
    ev = ("Our restaurant is first come, first served on Saturdays. The function room can be "
          "booked any day.")
    assert "modal_mismatch" not in codes("You can book the function room on Saturdays.", ev)
    assert "modal_mismatch" not in codes("You can reserve a table for Friday.",
                                         "Friday: no reservations for the bar area.")
    assert "modal_mismatch" in codes("You can book a table at the restaurant for Saturday.",
                                     "Our restaurant is first come, first served on Saturdays.")


def test_the_kept_day_is_read_in_its_own_part_of_a_timetable() -> None:
    ev = "Monday to Friday: by appointment; Saturday: walk-ins only."
    assert "modal_mismatch" not in codes("You can book an appointment.", ev,
                                         "Can I come on Tuesday?")
    assert "modal_mismatch" in codes("You can book an appointment.", ev,
                                     "Can I come on Saturday?")


# "up to N" for a measured limit "under N" ----------------------------------------------------

FILES = ("File requirements. We accept STL, OBJ and 3MF files. Files must be under 200 MB; "
         "for larger files, please send a WeTransfer link in the order notes.")


def test_up_to_restates_a_measured_limit() -> None:
    assert "qualifier_mismatch" not in codes("We take STL, OBJ and 3MF files up to 200 MB.",
                                             FILES)


@pytest.mark.parametrize("claim, evidence", [
    ("We take files of at most 200 MB.", FILES),  # not the idiom
    ("Children up to 16 go free.", "Children under 16 go free."),  # an age keeps its edge
    ("Orders up to £50 ship free.", "Orders under £50 ship free."),  # a sum keeps it too
])
def test_other_bounds_keep_their_edge(claim: str, evidence: str) -> None:
    assert "qualifier_mismatch" in codes(claim, evidence)


def test_up_to_a_larger_value_is_still_caught() -> None:
    assert "ungrounded_figure" in codes("We take files up to 250 MB.", FILES)


def test_no_appointment_needed_keeps_no_day() -> None:
    ev = ("Open evenings are held on the first Thursday of each month from 6 pm to 8 pm, "
          "with no appointment needed. Weekday viewings can be booked between 10 am and 4 pm.")
    assert "modal_mismatch" not in codes(
        "You can book a weekday viewing, or drop in on the first Thursday.", ev,
        "Can we visit on Thursday?")


# a thing the evidence says is not required, claimed as a duty -------------------------------

GOLF = ("Linden Park Golf Club – Visitor Information. Visitors are welcome seven days a week "
        "after 10 am, subject to availability. A current handicap certificate is not "
        "required, but players should be able to complete 18 holes in under four and a half "
        "hours. Soft spikes must be worn; metal spikes are not permitted on the course.")


def test_a_duty_the_evidence_says_is_not_required() -> None:
    assert "modal_mismatch" in codes("Visitors must show a current handicap certificate.", GOLF)
    assert "modal_mismatch" in codes("You'll need to bring a current handicap certificate.",
                                     GOLF)


@pytest.mark.parametrize("claim", [
    "You don't need a handicap certificate.",  # "don't need" is "not required"
    "A handicap certificate isn't needed.",
    "You'll also need to wear soft spikes.",  # a duty the evidence states
])
def test_what_not_required_leaves_alone(claim: str) -> None:
    got = codes(claim, GOLF)
    assert "modal_mismatch" not in got and "negation_mismatch" not in got


# a group let alone where the evidence says it must be accompanied ---------------------------

CANOES = ("River Tamsin Canoe Hire – Safety Information. Every paddler must wear the buoyancy "
          "aid provided for the whole trip. Under-16s must be accompanied in the canoe by an "
          "adult. You may take dogs in our open Canadian canoes.")


def test_a_group_alone_where_it_must_be_accompanied() -> None:
    assert "case_mismatch" in codes("Under-16s can paddle a canoe on their own.", CANOES)


@pytest.mark.parametrize("claim", [
    "Adults can paddle a canoe on their own.",  # another group
    "Under-16s must be accompanied in the canoe by an adult.",  # no "alone"
    "Under-16s can go in the shop alone.",  # nothing of the canoe
])
def test_what_the_accompanied_group_leaves_alone(claim: str) -> None:
    assert "case_mismatch" not in codes(claim, CANOES)


# a wait called long enough that is shorter than the evidence's least wait --------------------

TATTOO = ("Apply a thin layer of the aftercare balm twice a day for two weeks. Avoid swimming "
          "pools, the sea, saunas and sunbeds for at least two weeks. Showering is fine.")
SEA = "Is it OK to go swimming in the sea a week after getting my tattoo?"


@pytest.mark.parametrize("claim", [
    "A week is long enough, so sea swimming is fine.",
    "After ten days, swimming in the sea is fine.",
])
def test_a_wait_shorter_than_the_least(claim: str) -> None:
    assert "duration_mismatch" in codes(claim, TATTOO, SEA)


@pytest.mark.parametrize("claim", [
    "Two weeks is long enough, then sea swimming is fine.",  # the least itself
    "After three weeks, swimming in the sea is fine.",
    "A week isn't long enough.",  # denied
    "After three hours you can shower.",  # no least wait for showers
])
def test_what_the_least_wait_leaves_alone(claim: str) -> None:
    assert "duration_mismatch" not in codes(claim, TATTOO, SEA)


# the case before an event the asker says has passed -------------------------------------------

EXCHANGE = ("If the buyer withdraws after exchange, they will normally lose their deposit. "
            "Before exchange, either party may withdraw without penalty, although you may "
            "still be charged for work already carried out.")


def test_a_rule_for_before_an_event_the_asker_has_passed() -> None:
    assert "case_mismatch" in codes(
        "You can still withdraw without any penalty.", EXCHANGE,
        "We've exchanged contracts on our purchase — can we still pull out?")


@pytest.mark.parametrize("claim, question", [
    ("You can still withdraw without any penalty.", "We haven't exchanged yet — can we pull out?"),
    ("Before exchange you can withdraw without penalty.", "We've exchanged — can we pull out?"),
    ("You can still withdraw without any penalty.", "We've agreed a price — can we pull out?"),
])
def test_what_the_passed_event_leaves_alone(claim: str, question: str) -> None:
    assert "case_mismatch" not in codes(claim, EXCHANGE, question)


# a passive doer the evidence never has do it -------------------------------------------------

LETTER = ("Dear Dr Mensah, Thank you for referring Oliver Grant (age 4) to the Kestrel Speech "
          "and Language Therapy Service. Oliver was assessed by our therapist, Hannah Price, on "
          "2 October. Yours sincerely, Ruth Collins, Service Lead")


def test_a_passive_doer_who_did_something_else() -> None:
    assert "subject_swap" in codes("Oliver was referred to the service by Hannah Price.", LETTER)


@pytest.mark.parametrize("claim", [
    "Oliver was assessed by Hannah Price.",  # she did that
    "Oliver was referred by Dr Mensah.",  # the addressee, in the sentence that refers
])
def test_what_the_passive_doer_leaves_alone(claim: str) -> None:
    assert "subject_swap" not in codes(claim, LETTER)


# faithful readings --------------------------------------------------------------------------

def test_an_even_though_that_concedes_the_rule() -> None:
    ev = "Outside food and drink are not permitted, except for birthday cakes for booked parties."
    assert codes("Birthday cakes are fine for booked parties, even though other outside food "
                 "and drink isn't allowed.", ev) == []
    dose = "Take one tablet every four hours unless your next dose is due within an hour."
    assert "qualifier_dropped" in codes("Take one tablet every four hours, even if your next "
                                        "dose is due within an hour.", dose)


def test_up_to_a_time_before_an_event_is_a_deadline() -> None:
    ev = ("Booking policy: tickets are non-refundable, but you can swap your booking to "
          "another date up to 48 hours before the show, free of charge.")
    assert codes("If you let us know at least 48 hours before the show, you can move your "
                 "booking to another date.", ev) == []
    assert "qualifier_mismatch" in codes("You can swap your booking at most 48 hours before "
                                         "the show.", ev)
    # a span nobody acts in keeps "up to" as at most
    assert "qualifier_mismatch" in codes("Symptoms can start at least 3 days before the rash.",
                                         "Symptoms can start up to 3 days before the rash.")


def test_a_claims_singular_age_group_is_no_figure() -> None:
    ev = "Concessions: students and over-65s receive 20% off all course fees."
    assert codes("As an over-65 you get 20% off the course fee.", ev) == []


def test_first_before_a_phone_number_is_an_adverb() -> None:
    ev = "Out of hours, call Nightwatch Vets on 01632 960 455 before you set off."
    assert "ungrounded_figure" not in codes("Ring them first on 01632 960 455.", ev)
    assert "ungrounded_figure" in codes("She finished first on 12 May.",
                                        "She finished second on 12 May.")


def test_half_off_works_out_a_price() -> None:
    ev = ["New customers get 50% off their first eight weeks.", "50 sq ft: £30 per week."]
    assert "ungrounded_figure" not in codes(
        "It's normally £30 a week, but you'd get half off, so £15 a week.", ev)
    assert "ungrounded_figure" in codes(
        "It's normally £30 a week, but you'd get half off, so £14 a week.", ev)
    # "half off" needs the evidence's 50%
    assert "ungrounded_figure" in codes(
        "It's normally £30 a week, but you'd get half off, so £15 a week.",
        ["New customers get 25% off.", "50 sq ft: £30 per week."])


def test_a_detail_clause_read_by_its_hyphened_words() -> None:
    ev = "For groups of eight or more we require a deposit of £50."
    assert "ungrounded_detail" not in codes(
        "Your booking is for 10 people, which meets the eight-or-more threshold, so there's a "
        "£50 deposit.", ev)


def test_a_list_that_is_the_subject_of_costs() -> None:
    ev = "Gown hire: all graduands must hire academic dress. Bachelor's gown, hood and cap: £52."
    assert "ungrounded_detail" not in codes("A bachelor's gown, hood and cap costs £52.", ev)


def test_free_said_of_the_thing_the_evidence_frees() -> None:
    ev = ("Our Fibre 500 package costs £34.99 a month on an 18-month contract, with average "
          "download speeds of 500Mbps. Installation is free.")
    assert "value_swap" not in codes("Fibre 500 is £34.99 a month on an 18-month contract, "
                                     "with free installation.", ev)
    other = ("Our Fibre 500 package costs £34.99 a month. Installation is free for Fibre 900 "
             "only.")
    assert "value_swap" in codes("Fibre 500 costs £34.99 a month, with free installation.",
                                 other)


def test_a_denied_restatement_keeps_the_askers_figure() -> None:
    ev = ("Boilers over ten years old are not replaced if they cannot be economically "
          "repaired.")
    q = "Will HeatSure replace my 12-year-old boiler if it breaks beyond repair?"
    assert "ungrounded_figure" not in codes(
        "HeatSure will not replace your 12-year-old boiler if it breaks beyond repair.", ev, q)
    # a yes restates the figure as the reply's own, as before
    assert "ungrounded_figure" in codes(
        "HeatSure will replace your 12-year-old boiler if it breaks beyond repair.", ev, q)


# a thing the evidence says cannot be carried ---------------------------------------------------

LIFT = ("Accessibility on the Westcliff Lift. Each car has space for one wheelchair. Mobility "
        "scooters cannot be carried because of the size of the cars.")
SCOOTER = "Can I take my mobility scooter on the Westcliff Lift?"


@pytest.mark.parametrize("claim", [
    "Can I take my mobility scooter on the Westcliff Lift? There's room for it on each car.",
    "You can take your mobility scooter on the lift.",
])
def test_taking_along_what_cannot_be_carried(claim: str) -> None:
    assert "negation_mismatch" in codes(claim, LIFT, SCOOTER)


@pytest.mark.parametrize("claim, evidence", [
    ("You can take your wheelchair on the lift.", LIFT),  # another thing
    ("Can I take my mobility scooter on the Westcliff Lift? Sorry, it can't be carried.", LIFT),
    ("You can take your bicycle on the train off-peak.",  # a bar with a scope
     "Bicycles cannot be taken on peak trains."),
])
def test_what_cannot_be_carried_leaves_alone(claim: str, evidence: str) -> None:
    assert "negation_mismatch" not in codes(claim, evidence, SCOOTER)


@pytest.mark.parametrize("claim, evidence", [
    ("You can cancel free of charge up to 14 days before arrival.",
     "Groups: free cancellation up to 14 days before arrival; after that the deposit is kept."),
    ("Just transfer it through your account up to 7 days before the festival.",
     "Tickets can be transferred up to 7 days before the festival for a £5 fee."),
    ("Rooms can be booked up to 4 weeks ahead.",  # a window to book in stays at most
     "Meeting rooms can be booked through the app up to 4 weeks in advance."),
])
def test_up_to_before_an_event_read_alike_on_both_sides(claim: str, evidence: str) -> None:
    assert "qualifier_mismatch" not in codes(claim, evidence)


# a time to pay the evidence gives as the only one -----------------------------------------------

FAIR = ("Stallholder applications close on 31 July. Stall fees are £45 for a single table and "
        "£80 for a double, payable only once a place has been confirmed.")


@pytest.mark.parametrize("claim", [
    "You pay the stall fee when you submit your application - £45 for a single table.",
    "You pay upfront, £45 for a single table.",
])
def test_paid_at_another_time_than_the_only_one(claim: str) -> None:
    assert "qualifier_dropped" in codes(claim, FAIR)


@pytest.mark.parametrize("claim", [
    "You pay the stall fee once your place has been confirmed.",
    "You pay £45 for a single table when your place is confirmed.",
    "You pay for the parking on arrival.",  # nothing of the stall fees
])
def test_what_the_only_time_to_pay_leaves_alone(claim: str) -> None:
    assert "qualifier_dropped" not in codes(claim, FAIR)


def test_a_condition_and_its_price_are_no_list_of_rows() -> None:
    ev = ("Child passports are valid for five years. You can apply online if the child is "
          "under 16; the fee is £61.50.")
    assert "value_swap" not in codes("Since he's under 16, you can renew online for £61.50.", ev)
    rows = ("The 07:42 from Harwick arrives in Dunmore at 09:10; the 08:15 from Harwick "
            "arrives at 09:55.")
    assert "value_swap" in codes("The 08:15 from Harwick arrives in Dunmore at 09:10.", rows)


def test_a_notice_shorter_than_the_least_called_fine() -> None:
    ev = ("Lessons cancelled with at least 48 hours' notice can be rescheduled at no charge. "
          "Lessons cancelled with less than 48 hours' notice are charged in full.")
    q = "If I cancel my driving lesson 24 hours before, do I still have to pay?"
    assert "duration_mismatch" in codes("Cancelling 24 hours ahead is fine — there's no "
                                        "charge.", ev, q)
    assert "duration_mismatch" not in codes("Cancelling 48 hours ahead is fine.", ev, q)
    # a time the evidence gives as a least too
    both = ev + " With at least 24 hours' notice you get half the fee back."
    assert "duration_mismatch" not in codes("Cancelling 24 hours ahead is fine.", both, q)


# what a read of the whole change found ------------------------------------------------------

@pytest.mark.parametrize("claim, evidence, question", [
    # a denied restatement's figure outside the evidence's band stays ungrounded
    ("No, you don't need a visa for a 90-day stay.",
     "Visitors staying up to 30 days don't need a visa.", "Do I need a visa for a 90-day stay?"),
    ("16-year-olds don't need consent.", "Patients aged 18 or over don't need consent.",
     "Do 16-year-olds need consent?"),
    # a claim's singular age group keeps its bound
    ("As an over-60, you get free travel on all buses.", "Over-65s travel free on all buses.",
     ""),
])
def test_figures_a_relaxation_must_not_ground(claim: str, evidence: str, question: str) -> None:
    assert "ungrounded_figure" in codes(claim, evidence, question)


def test_even_if_of_a_case_the_evidence_excepts_in_other_words() -> None:
    assert "qualifier_dropped" in codes("You can take ibuprofen for pain even if you are "
                                        "pregnant.", "You can take ibuprofen for pain unless "
                                        "you are expecting a baby.")


def test_free_of_a_thing_another_sentence_prices_for_the_claims_subject() -> None:
    assert "value_swap" in codes("Weekend visitors get free parking.",
                                 ["Parking is free.", "Weekend visitors pay £5 for parking."])


def test_up_to_before_needs_the_change_in_its_own_clause() -> None:
    assert "qualifier_mismatch" in codes(
        "After switching, you'll be charged up to 30 days before the renewal date.",
        "You'll be charged at least 30 days before the renewal date.")
    assert "qualifier_mismatch" not in codes(
        "If you cancel, symptoms can appear up to 3 days before the rash.",
        "Symptoms can appear up to 3 days before the rash.")


@pytest.mark.parametrize("claim, evidence", [
    ("You can shower after 1 day, but avoid swimming for at least 2 weeks.",
     "Avoid swimming for at least 2 weeks. Showering is fine after 1 day."),
    ("Adults can use the pool alone, but children must be supervised.",
     "Children must be supervised in the pool."),
    ("You'll be charged on the day of your appointment.",
     "Your card is charged only on the day of your appointment."),
    ("You can bring a guide dog into the cafe.",
     "Dogs cannot be accommodated due to hygiene rules. Guide dogs are always welcome."),
])
def test_faithful_claims_the_new_rules_leave_alone(claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


def test_a_claim_that_keeps_the_scope_after_the_event() -> None:
    assert "case_mismatch" not in codes(
        "Either party may withdraw without penalty up to exchange, so as you've exchanged, "
        "withdrawing now costs your deposit.", EXCHANGE, "We've exchanged — can we pull out?")


def test_joy_has_no_tail_to_backtrack_on() -> None:
    # a pleasantry repeated with a comma between: read in linear time, and a claim
    assert not_a_claim_reason(("so glad you yes, " * 40) + "ZZZ1") is None
    assert not_a_claim_reason("Good to know you can cancel at any time without a fee.") is None


# what a second read found -------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Lovely to hear you found that the warranty covers accidental damage!",
    "So glad you got the refund in full and without any fees!",
    "Great to hear you had a refund approved by our manager!",
])
def test_news_of_a_fact_is_a_claim(text: str) -> None:
    assert not_a_claim_reason(text) is None


@pytest.mark.parametrize("claim, evidence, question", [
    ("Oliver was referred to the service by Dr Amir Shah.",  # the letter's reader
     "Dear Dr Amir Shah,\n\nThank you for referring Oliver Grant to the Service.", ""),
    ("On Sunday walk-ins are welcome, and you can book online for other days.",
     "Sunday: walk-ins only. Appointments can be booked online Tuesday to Saturday.",
     "Can I go on Sunday?"),
    ("You pay when you arrive at the hotel.",
     "The room charge is payable only on arrival at the hotel.", ""),
    ("Members' children can swim alone once they pass the test.",
     "Children must be accompanied in the pool unless they have passed the swim test.", ""),
    ("You must wear a helmet.",
     "A helmet is not required on the beginner slopes but must be worn on all other runs.", ""),
    ("You must pay a deposit.",
     "A deposit is not required for bookings under £100. Bookings over £100 require a "
     "deposit.", ""),
])
def test_faithful_claims_a_second_read_found(claim: str, evidence: str, question: str) -> None:
    assert codes(claim, evidence, question) == []

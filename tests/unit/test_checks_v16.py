"""Checks v16: what a sixth blind round passed that a careful reader would not — a change
given the wrong way round, a figure the evidence only supposes, a band of service the
asker is outside, a venue or a version borrowed from another sentence of a long passage, a
role swap behind an aside, a player who misses a game, a count grounded by a price — and
the faithful readings kept clean beside them."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]


TURNOUT = ("Turnout in Harrowby West was 64.7%, compared with 68.1% at the previous general "
           "election.")


@pytest.mark.parametrize(("claim", "evidence", "flagged"), [
    ("Turnout rose to 64.7%.", TURNOUT, True),
    ("Turnout rose from 68.1% to 64.7%.", TURNOUT, True),
    ("Turnout fell to 64.7%.", TURNOUT, False),
    ("Turnout dropped from 68.1% to 64.7%.", TURNOUT, False),
    ("Sales rose to £9m.", "Sales were £9m, down from £12m.", True),
    ("Sales fell to £9m.", "Sales were £9m (up from £7m).", True),
    ("Sales rose to £9m.", "Sales were £9m (up from £7m).", False),
    ("Sales rose to £9m.", "Sales were £9m.", False),
])
def test_a_change_the_wrong_way_round(claim: str, evidence: str, flagged: bool) -> None:
    assert ("polarity_mismatch" in codes(claim, evidence)) is flagged


PERMITS = ("Calmouth City Council is consulting on changes to residents' parking permits. "
           "One option under consideration would link permit prices to vehicle emissions; "
           "under that model, a permit for a diesel car could cost £180 a year, while a "
           "permit for an electric vehicle could cost £40. No decision has been taken. For "
           "the 2025–26 permit year, the resident permit remains a flat £95 for all vehicles.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("For a diesel car, a Calmouth resident parking permit costs £180 a year.", True),
    ("An electric vehicle permit is £40.", True),
    ("A permit for a diesel car could cost £180 a year under the proposal.", False),
    ("If the option goes ahead, a diesel permit would cost £180.", False),
    ("A Calmouth resident permit costs £95 a year.", False),
])
def test_a_figure_the_evidence_only_supposes(claim: str, flagged: bool) -> None:
    assert ("hedge_mismatch" in codes(claim, PERMITS)) is flagged


def test_a_figure_stated_once_as_fact_is_not_supposed() -> None:
    evidence = "The fund returned 7% last year. Analysts said it could return 9% next year."
    assert "hedge_mismatch" not in codes("The fund returned 7% last year.", evidence)


PENSION = ("Members of the Castlemere Retail Pension Plan who leave employment with fewer than "
           "two years' qualifying service may request a refund of their own contributions, "
           "less tax. Members with two or more years' qualifying service are not eligible for "
           "a refund; their benefits are kept in the plan as a deferred pension.")
REFUND = "You can request a refund of your own contributions, less tax."


@pytest.mark.parametrize(("question", "flagged"), [
    ("I'm leaving Castlemere after four years. Can I get my pension contributions "
     "refunded?", True),
    ("I'm leaving Castlemere after 18 months. Can I get my pension contributions "
     "refunded?", False),
    ("Can members get their pension contributions refunded?", False),
])
def test_a_band_of_service_the_asker_is_outside(question: str, flagged: bool) -> None:
    assert ("case_mismatch" in codes(REFUND, PENSION, question)) is flagged


def test_a_denied_refund_is_no_grant() -> None:
    question = "I'm leaving after four years. Can I get my contributions refunded?"
    assert "case_mismatch" not in codes("You cannot get a refund of your contributions.",
                                        PENSION, question)


CHESS = ("The Valmora Chess Federation has published its spring tournament calendar. The "
         "Northgate Open takes place on 14–16 March at Northgate Civic Hall. The Riverside "
         "Rapid is a one-day event on 29 March at Ashby Library, played at 15 minutes plus 10 "
         "seconds. The Valmora Junior Championship runs on 5–6 April at St Aldric's School and "
         "is open to players under 18.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The Valmora Junior Championship will be held at Ashby Library on 5–6 April.", True),
    ("The Valmora Junior Championship will be held at St Aldric's School.", False),
    ("The Riverside Rapid takes place at Ashby Library.", False),
])
def test_a_venue_borrowed_from_another_event(claim: str, flagged: bool) -> None:
    assert ("value_swap" in codes(claim, CHESS)) is flagged


LEDGERLY = ("Version 4.2, released on 3 February, introduced multi-currency invoices. Version "
            "4.3, released on 17 March, added dark mode and reduced startup time by about 30 "
            "percent. Version 4.4, released on 28 April, added two-factor authentication and "
            "removed support for Windows 8.1. Dark mode can be enabled under Settings > "
            "Appearance.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Dark mode arrived in version 4.4, released on 28 April.", True),
    ("Dark mode arrived in version 4.4, released on 28 April - you can switch it on under "
     "Settings > Appearance.", True),
    ("Two-factor authentication arrived on 17 March.", True),
    # a bare number counts too many things to be read (news: "Three of the five teens")
    ("Two-factor authentication arrived in version 4.3.", False),
    ("Dark mode arrived in version 4.3, released on 17 March.", False),
    ("Two-factor authentication arrived in version 4.4.", False),
    ("Dark mode, added in version 4.3, can be enabled under Settings > Appearance.", False),
])
def test_a_version_borrowed_from_another_release(claim: str, flagged: bool) -> None:
    assert ("value_swap" in codes(claim, LEDGERLY)) is flagged


CHESS_FINAL = ("The final round of the Northgate Open produced a surprise when 15-year-old Ivana "
               "Roszak, playing with the black pieces, defeated top seed Daniel Osei in 41 "
               "moves.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Daniel Osei won that one, beating 15-year-old Ivana Roszak in 41 moves.", True),
    ("Daniel Osei defeated Ivana Roszak.", True),
    ("Ivana Roszak beat Daniel Osei in 41 moves.", False),
    ("Ivana Roszak won that one, beating top seed Daniel Osei in 41 moves.", False),
])
def test_a_role_swap_behind_an_aside(claim: str, flagged: bool) -> None:
    assert ("role_swap" in codes(claim, CHESS_FINAL)) is flagged


BAN = ("Kestrel United captain Ryan Mallory has been handed a three-match ban. He will miss "
       "the league games against Ferrowdale Town, Aldmoor Rovers and Sandford. Mallory will be "
       "available again for the cup tie away at Brightwater Athletic on 2 March.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Ryan Mallory will play against Aldmoor Rovers.", True),
    ("Ryan Mallory will miss the game against Aldmoor Rovers.", False),
])
def test_a_player_who_misses_a_game(claim: str, flagged: bool) -> None:
    assert ("polarity_mismatch" in codes(claim, BAN)) is flagged


def test_a_price_grounds_no_count() -> None:
    evidence = ("Backcountry permits cost £8 per person per night and can be booked up to 60 "
                "days in advance. Groups are limited to six people per site.")
    assert "ungrounded_figure" in codes("Groups can have up to eight people per site.",
                                        evidence)
    assert "ungrounded_figure" not in codes("Permits cost £8 per person per night.", evidence)


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The final Brellington–Saxby Junction train departs at 23:05.", False),
    ("The final Brellington–Kessel Junction train departs at 23:05.", True),
])
def test_a_route_between_a_name_and_a_name_of_two_words(claim: str, flagged: bool) -> None:
    evidence = "The last train from Brellington to Saxby Junction leaves at 23:05 on weekdays."
    assert ("ungrounded_entity" in codes(claim, evidence)) is flagged


@pytest.mark.parametrize(("claim", "flagged"), [
    ("You'd get 40% off the £900 retail price, so a replacement frame would cost £540.", False),
    ("You'd get 40% off the £900 retail price, so a replacement frame would cost £560.", True),
    # 40% of £900 is what is taken off, not what is paid
    ("You'd get 40% off the £900 retail price, so a replacement frame would cost £360.", True),
])
def test_a_discount_worked_out(claim: str, flagged: bool) -> None:
    evidence = ["The Crash Replacement scheme offers a replacement frame at 40% off the retail "
                "price.", "The Tern GR2 frame has a retail price of £900."]
    assert ("ungrounded_figure" in codes(claim, evidence)) is flagged

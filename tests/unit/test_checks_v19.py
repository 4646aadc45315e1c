"""Checks v19: what a ninth blind round passed that a careful reader would not — a quote the
passage sets up as a mistaken reading ("It's easy to assume that …", "We often hear that
…", "Some members have been saying that …", "One club proposed that …") or denies after it
("That's a myth.", "as this claim is incorrect", "This is not correct."); an item added to
a list the evidence gives; "must" where the evidence says "may be asked to"; a thing the
evidence bars by name that the claim lets one bring — and the readings kept clean beside
them."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.text.frames import quote_frame


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]


@pytest.mark.parametrize(("before", "sentence", "after", "claim"), [
    ("Are fins and paddles allowed?", "We often hear that 'fins and hand paddles are banned in "
     "all lanes.'", "Hand paddles may be used in the fast lane.",
     "Fins and hand paddles are banned in all lanes."),
    ("", "Hand paddles are banned in all lanes.", "That's a myth.",
     "Hand paddles are banned in all lanes."),
    ("", "A reseller's flyer stated that 'Brightline installs every new line within 48 hours "
     "of ordering.'", "Brightline has asked the reseller to withdraw the flyer, as this claim "
     "is incorrect.", "Brightline installs every new line within 48 hours of ordering."),
    ("Vouchers are valid for 12 months.", "It's easy to assume that a voucher 'can be used on "
     "any day of the year', but the club only flies on Wednesdays.", "",
     "Your voucher can be used on any day of the year."),
    ("", "Some members have been saying that 'bonfires are now banned on all plots at any "
     "time.'", "The committee meets monthly.", "Bonfires are now banned on all plots at any time."),
    ("", "The bridge is closed to cars.", "This is not correct.", "The bridge is closed to cars."),
    ("Thank you to everyone who attended the AGM.", 'One club proposed that "all under-9 '
     'matches will be played on Sunday afternoons."', "The motion was defeated by 14 votes to 6.",
     "All under-9 matches will be played on Sunday afternoons."),
])
def test_mistaken_readings_frame_the_sentence(before: str, sentence: str, after: str,
                                              claim: str) -> None:
    assert quote_frame(before, sentence, after, claim) is not None


@pytest.mark.parametrize(("sentence", "after"), [
    ("The café opens at 9am.", "That's not the case at weekends."),  # an exception
    ("The café opens at 9am.", "This is not the case at weekends."),
    ("The café opens at 9am.", "That's the main entrance."),
    ("The café opens at 9am.", "It is easy to find."),
])
def test_exceptions_and_asides_frame_nothing(sentence: str, after: str) -> None:
    assert quote_frame("", sentence, after, "The café opens at 9am.") is None


def test_a_named_place_after_not_the_case_still_denies() -> None:
    assert quote_frame("", "The café opens at 9am.", "This is not the case at Brightline.",
                       "The café opens at 9am.") is not None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Payment can be made by bank transfer, debit card, credit card or cheque.",
     "We accept bank transfer, debit card and credit card."),
    ("The Intensive Course includes 30 hours of tuition over two weeks, booking your "
     "practical test, use of the car on test day, and a mock test in the final week.",
     "The Intensive Course includes 30 hours of tuition over two weeks, plus the practical "
     "test booking and use of the car on test day, for £1,395."),
])
def test_an_item_added_to_the_evidence_list(claim: str, evidence: str) -> None:
    assert "ungrounded_detail" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    # every item the evidence's
    ("You can pay by bank transfer, debit card or credit card.",
     "We accept bank transfer, debit card and credit card."),
    # reworded throughout: the model's to read
    ("You can pay by card, cash or cheque.", "We accept cash, cheques and card payments."),
    # no "and"/"or" before the last part: no list
    ("For severe infections, adults take 875 mg twice a day, every 12 hours.",
     "Adults with severe infections take 875 mg twice daily."),
    # clauses, not items
    ("If you're late, you can still join, and the instructor will brief you.",
     "Latecomers can still join; the instructor will give a short briefing."),
])
def test_lists_the_evidence_gives(claim: str, evidence: str) -> None:
    assert "ungrounded_detail" not in codes(claim, evidence)


def test_must_where_the_evidence_says_may_be_asked_to() -> None:
    ev = "Drivers aged 19 to 21 may be asked to provide additional documents."
    assert "modal_mismatch" in codes(
        "As a driver aged 19 to 21 you must provide additional documents.", ev)
    assert "modal_mismatch" not in codes(
        "Drivers aged 19 to 21 may be asked to provide additional documents.", ev)
    assert "modal_mismatch" not in codes(
        "Drivers aged 19 to 21 might have to provide additional documents.", ev)


def test_a_thing_barred_by_name() -> None:
    ev = "Food and drink can be brought in but alcohol is not permitted."
    assert "negation_mismatch" in codes("You're welcome to bring your own food and alcohol.", ev)
    assert "negation_mismatch" not in codes(
        "You're welcome to bring your own food, but not alcohol.", ev)
    assert "negation_mismatch" not in codes("You can bring food and drink.", ev)


def test_barred_in_a_place_is_not_barred() -> None:
    ev = "Dogs are welcome on deck. Dogs are not allowed in the restaurant."
    assert "negation_mismatch" not in codes("You can bring dogs on deck.", ev)


RAILWAY = ("Kettleby Junction, built by members of Melton Vale Model Railway Society, won the "
           "Best in Show trophy on Saturday. The trophy was presented by exhibition manager "
           "Carol Penrose to the society's chairman, Derek Ashworth. The Best Newcomer award "
           "went to Ashgrove Light Railway.")


def test_titles_before_and_after_names_swapped() -> None:
    assert "holder_mismatch" in codes(
        "The trophy was presented by exhibition manager Derek Ashworth to the society's "
        "chairman, Carol Penrose.", RAILWAY)


@pytest.mark.parametrize("claim", [
    "The trophy was presented by exhibition manager Carol Penrose to the society's chairman, "
    "Derek Ashworth.",
    "Carol Penrose presented the trophy to Derek Ashworth.",
    "The new manager Derek Ashworth opened the show.",  # another office ("new manager")
])
def test_titles_as_the_evidence_gives_them(claim: str) -> None:
    assert "holder_mismatch" not in codes(claim, RAILWAY)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Nine in ten recipients rated it easy.", "90 per cent of recipients rated it easy."),
    ("90% of recipients rated it easy.", "Nine in ten recipients rated it easy."),
    ("75% of recipients rated it easy.", "Three out of four recipients rated it easy."),
    # in a claim, a count "out of" or in figures stays its numbers
    ("Ipswich have now lost four out of five away.",
     "Ipswich have lost four of their last five away games."),
    ("Ronaldo has 15 in 20 versus Atletico.", "Ronaldo has scored 15 goals in 20 games against "
     "Atletico."),
])
def test_a_ratio_in_words_is_its_percentage(claim: str, evidence: str) -> None:
    assert "ungrounded_figure" not in codes(claim, evidence)


def test_a_ratio_in_words_that_differs() -> None:
    assert "ungrounded_figure" in codes("Eight in ten recipients rated it easy.",
                                        "90 per cent of recipients rated it easy.")


@pytest.mark.parametrize(("claim", "evidence", "grounded"), [
    ("Members get 10% off, bringing the £295 kit down to £265.50.",
     "The kit is £295. Members receive a 10% discount.", True),
    ("Members get 10% off, bringing the £295 kit down to £260.50.",
     "The kit is £295. Members receive a 10% discount.", False),
    ("You'll get a text at 20 GB, which is 80% of the limit, and another at the full 25 GB.",
     "The limit is 25 GB. You'll receive a text when you've used 80% of your limit.", True),
    ("You'll get a text at 21 GB, which is 80% of the limit, and another at the full 25 GB.",
     "The limit is 25 GB. You'll receive a text when you've used 80% of your limit.", False),
    # no "% of" or "% off" said: the figure is not shown worked out
    ("You'll get a text at 20 GB and another at 25 GB.",
     "The limit is 25 GB. You'll receive a text when you've used 80% of your limit.", False),
])
def test_a_share_worked_out(claim: str, evidence: str, grounded: bool) -> None:
    assert ("ungrounded_figure" not in codes(claim, evidence)) is grounded


GLIDING = ("Trial flights start with a 20-minute briefing from your instructor. Your flight will "
           "be in a two-seat glider, launched by winch to about 1,200 feet.")


def test_another_means_than_the_evidence_gives() -> None:
    assert "qualifier_dropped" in codes(
        "You'll be launched by aerotow behind a tug plane to about 1,200 feet.", GLIDING)


@pytest.mark.parametrize("claim", [
    "You'll be launched by winch to about 1,200 feet.",
    "Your glider is launched by a winch to roughly 1,200 feet.",
    "You'll be launched by Sky Tows Ltd to about 1,200 feet.",  # a name: other checks' matter
])
def test_the_means_the_evidence_gives(claim: str) -> None:
    assert "qualifier_dropped" not in codes(claim, GLIDING)


def test_a_means_inside_a_hyphenated_word_is_stated() -> None:
    assert "qualifier_dropped" not in codes(
        "The studio opened by a rock and roll pioneer in Memphis opened on January 3, 1950.",
        "Sun Studio is a recording studio opened by rock-and-roll pioneer Sam Phillips in "
        "Memphis, Tennessee, on January 3, 1950.")


def test_a_claim_that_reports_the_proposal_is_not_framed() -> None:
    sentence = 'One club proposed that "all under-9 matches will be played on Sunday afternoons."'
    assert quote_frame("", sentence, "", "One club proposed that all under-9 matches be "
                       "played on Sunday afternoons.") is None
    assert quote_frame("", sentence, "", "All under-9 matches will be played on Sunday "
                       "afternoons.") is not None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You are allowed to bring ID.", "You may be required to bring ID."),  # a possible duty
    ("You may bring ID.", "You may be required to bring ID."),
])
def test_a_possible_duty_is_neither_must_nor_may(claim: str, evidence: str) -> None:
    assert "modal_mismatch" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("About 50% of donors feel faint.", "About one in two hundred donors feel faint."),
    ("The team scored 40% of its goals late.", "The team scored 2 in 5 minutes late on."),
    # a share said of another figure than the one worked out
    ("Cancellation costs £10, and the deposit is 25% of the first month's £40.",
     "The monthly plan costs £40. A deposit of 25% of the first month is payable. "
     "Cancellation costs £15."),
])
def test_no_ratio_or_share_where_the_words_say_otherwise(claim: str, evidence: str) -> None:
    assert "ungrounded_figure" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You may bring water bottles.", "Water bottles are fine. Glass bottles are not allowed."),
    ("You can bring guide dogs.", "Guide dogs are welcome. Other dogs are not allowed."),
])
def test_a_thing_barred_is_the_whole_item(claim: str, evidence: str) -> None:
    assert "negation_mismatch" not in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Invoices are sent by email every month.", "Invoices are sent by e-mail every month."),
    ("Invoices are sent by mail every month.", "Invoices are sent by post every month."),
    ("The song was produced by the guitarist in 1969.", "The song was produced by one of the "
     "Beatles in 1969."),  # an agent, not a means
])
def test_a_means_spelt_otherwise_or_an_agent(claim: str, evidence: str) -> None:
    assert "qualifier_dropped" not in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "flagged"), [
    ("You can pay by cash, debit card, credit card or cheque.", True),
    ("Accepted methods are cash, debit card, credit card and cheque.", True),
    ("You can pay by bitcoin, debit card, credit card or cheque.", False),  # the first item
    # is not the evidence's
    ("You can pay by cash, card or cheque.", False),  # one comma: no list read
])
def test_lists_read_from_their_first_item(claim: str, flagged: bool) -> None:
    got = codes(claim, "We accept cash, debit card, credit card and card payments by phone.")
    assert ("ungrounded_detail" in got) is flagged


@pytest.mark.parametrize("sentence", [
    "He said manager Carol Penrose opened the show.",
    "Ask duty manager Derek Ashworth at the desk.",
])
def test_no_office_of_a_verb_or_a_rota(sentence: str) -> None:
    assert "holder_mismatch" not in codes(sentence, RAILWAY)


def test_an_item_less_ly_only_where_that_is_a_word_of_the_evidence() -> None:
    assert "ungrounded_detail" not in codes(
        "Which artist painted Pieter Cnoll, the Director General in Batavia, and his family?",
        "Pieter Cnoll became Director General in Batavia. His family was painted by Jacob "
        "Coeman.")
    assert "ungrounded_detail" not in codes(
        "Members get free entry, priority booking, a tote bag and a monthly newsletter.",
        "Members get free entry, priority booking and a tote bag. We also send newsletters "
        "every month.")

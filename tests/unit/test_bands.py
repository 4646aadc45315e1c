"""A frequency or an amount the evidence gives for another band of the day."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim

TRAINS = ("Weekday timetable. From 07:00 to 19:00, trains run every 20 minutes; outside those "
          "hours they run every hour.")
FARES = "Between 07:00 and 09:30 a single costs £5.20; at other times it costs £3.80."


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    ("At 10:00 on a weekday, trains run every hour.", TRAINS, "frequency_mismatch"),
    ("At 21:00, trains run every 20 minutes.", TRAINS, "frequency_mismatch"),
    ("A single at 12:00 costs £5.20.", FARES, "value_swap"),
])
def test_the_value_of_another_band_is_a_contradiction(claim: str, evidence: str,
                                                      code: str) -> None:
    assert code in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    ("At 10:00 on a weekday, trains run every 20 minutes.", TRAINS, "frequency_mismatch"),
    ("At 21:00, trains run every hour.", TRAINS, "frequency_mismatch"),
    ("Trains run every hour.", TRAINS, "frequency_mismatch"),  # no time: no band to read
    ("A single at 08:00 costs £5.20.", FARES, "value_swap"),
])
def test_the_value_of_the_claims_own_band_is_no_mismatch(claim: str, evidence: str,
                                                         code: str) -> None:
    assert code not in codes(claim, evidence)


def test_an_amount_is_one_amount_in_one_currency() -> None:
    """£10 is no £1 (their digits differ only by a zero), and $5.20 is no £5.20."""
    parking = "From 08:00 to 18:00 parking costs £1 an hour; at other times it costs £10."
    assert "value_swap" in codes("Parking at 20:00 costs £1 an hour.", parking)
    assert "value_swap" not in codes("Parking at 12:00 costs £1 an hour.", parking)
    assert "value_swap" in codes("Parking at 12:00 costs £10.", parking)
    assert "value_swap" not in codes("A single at 12:00 costs $5.20.", FARES)

"""Exemptions a claim adds (checks v3, ``ungrounded_exemption``): "without paying any
penalty", "free of charge", "penalty-free" where the evidence never names what the claim
frees the statement from."""

from __future__ import annotations

import pytest

from .paraphrase_support import codes

CONTRACT = ("The contract may be terminated by either party with 90 days' written notice. "
            "Notice must be sent to the registered office of the other party.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Either party may terminate the contract with 90 days' written notice, without paying "
     "any penalty.", CONTRACT),
    ("Either party may end the contract penalty-free with 90 days' notice.", CONTRACT),
    ("Either party may terminate the contract with 90 days' notice, without the other "
     "party's consent.", CONTRACT),
    ("Visitors can enter the museum free of charge on Sundays.",
     "The museum opens at 10am on weekdays and at noon on Sundays."),
])
def test_an_added_exemption_is_caught(claim: str, evidence: str) -> None:
    assert "ungrounded_exemption" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    # the evidence names it
    ("Either party may terminate the contract without penalty.",
     "Either party may terminate the contract without penalty on 90 days' notice."),
    ("Visitors can enter free of charge on Sundays.",
     "Entry is free on Sundays; on other days the fee is £12."),
    ("Tickets are available at no cost.", "Tickets are free for members."),
    # the question names it
    ("No, there is no penalty for ending the contract with notice.", CONTRACT),
    # no exemption at all
    ("Either party may terminate the contract with 90 days' written notice.", CONTRACT),
])
def test_an_exemption_the_evidence_names_is_no_finding(claim: str, evidence: str) -> None:
    got = codes(claim, evidence)
    assert "ungrounded_exemption" not in got or claim.startswith("No,")

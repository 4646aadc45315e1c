"""Adversarial edits of a faithful claim, through the full pipeline with the shipped NLI
model: none of them may come out verified."""

from __future__ import annotations

import pytest

from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Decision

EVIDENCE = [
    {"id": "policy", "text": (
        "Employees with at least 26 weeks of continuous service qualify for enhanced "
        "maternity pay. Enhanced pay is 90% of average weekly earnings for the first 12 "
        "weeks. The hotel allowance is £150 per night in London and £110 per night elsewhere "
        "in the UK. Claims must be submitted within 30 days of the expense. The daily dose "
        "must not exceed 5 mg. The policy was approved by Northwind Ltd. on 6 April 2026. "
        "The compensatory award is capped at the lower of £123,543 and 52 weeks' pay under "
        "section 124(1ZA) of the Employment Rights Act 1996. Revenue rose by 4% in 2025.")},
]

CASES = {
    "negation": "Enhanced pay is not 90% of average weekly earnings for the first 12 weeks.",
    "entity_swap": "The policy was approved by Contoso Ltd. on 6 April 2026.",
    "number_swap": "Enhanced pay is 80% of average weekly earnings for the first 12 weeks.",
    "date_shift": "The policy was approved by Northwind Ltd. on 7 April 2026.",
    "dropped_qualifier": "Employees with 26 weeks of continuous service qualify for "
                         "enhanced maternity pay.",
    "modal_shift": "Claims may be submitted within 30 days of the expense.",
    "spoofed_citation": "The compensatory award is capped under section 125(3) of the "
                        "Employment Rights Act 1996.",
    "unit_swap": "The daily dose must not exceed 5 g.",
    "magnitude_swap": "The compensatory award is capped at £123,543 million.",
    "value_swap": "The hotel allowance is £110 per night in London.",
    "polarity": "Revenue fell by 4% in 2025.",
    "seed_cap": "The compensatory award is capped at £85,000.",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_adversarial_edit_is_never_verified(name: str) -> None:
    res = verify("", CASES[name], evidence=EVIDENCE, settings=Settings(threads=1))
    assert res.claims, name
    for c in res.claims:
        assert c.decision != Decision.VERIFIED, (name, c.claim.text, c.reasons)
    assert res.exit_code() == 1


def test_a_plain_restatement_is_verified_by_the_shipped_model() -> None:
    evidence = ["The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in "
                "Paris, France. The Eiffel Tower is 330 metres (1,083 ft) tall."]
    res = verify("How tall is the Eiffel Tower?", "The Eiffel Tower is 330 metres tall.",
                 evidence=evidence, settings=Settings(threads=1))
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED, c.reasons
    assert [e.text for e in c.evidence] == ["The Eiffel Tower is 330 metres (1,083 ft) tall."]


def test_the_eiffel_tower_seed_example_is_verified() -> None:
    """The span fused from a sentence and the pronoun sentence after it ('… in Paris,
    France. It is 330 metres (1,083 ft) tall.') scores P(entailment) 0.18; the pronoun's
    sentence read alone, resolved ('The Eiffel Tower is 330 metres (1,083 ft) tall.'),
    decides."""
    evidence = ["The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in "
                "Paris, France. It is 330 metres (1,083 ft) tall."]
    res = verify("How tall is the Eiffel Tower?", "The Eiffel Tower is 330 metres tall.",
                 evidence=evidence, settings=Settings(threads=1, tau_entail=0.5,
                                                      tau_contradict=0.5))
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED, c.reasons
    assert [e.text for e in c.evidence] == ["It is 330 metres (1,083 ft) tall."]


def test_a_bare_wrong_count_is_not_verified_by_a_number_elsewhere_in_the_evidence() -> None:
    """Found with the embedded generator (make demo): '1' for 'how many days' was verified
    at P(entailment) 0.96 from a span holding '28 days' and '1/260'."""
    question = "How many days of annual leave do full-time employees get?"
    evidence = [{"id": "leave", "text": "Full-time employees are entitled to 28 days of paid "
                                        "annual leave per year, including public holidays. "
                                        "The daily rate is 1/260 of the annual salary."}]
    wrong = verify(question, "1", evidence=evidence, settings=Settings(threads=1))
    assert [c.decision for c in wrong.claims] == [Decision.UNVERIFIED]
    for answer in ("28", "28 days.", "Twenty-eight days."):  # a count with its unit too
        right = verify(question, answer, evidence=evidence, settings=Settings(threads=1))
        assert [c.decision for c in right.claims] == [Decision.VERIFIED], answer
    for answer in ("29 days.", "1 day."):
        wrong = verify(question, answer, evidence=evidence, settings=Settings(threads=1))
        assert [c.decision for c in wrong.claims] == [Decision.UNVERIFIED], answer

"""The span that decides a claim (policy v3): the model's best binding span, unless the
deterministic check finds it does not state all the claim says; then the next span the
model entails the claim from and that the check passes decides. A span that contradicts
the claim still blocks it."""

from __future__ import annotations

from certirag import verify
from certirag.config import Settings
from certirag.schemas import Decision, Scores
from certirag.testing import FakeVerifier

from .certify_support import recompute_codes

EVIDENCE = ("The ONS said that more than 31 million people were in work, the highest since "
            "1971. Unemployment has continued to fall and a record 31 million people are in "
            "work, the figures show.")
CLAIM = "A record 31 million people are in work."


def _model(best: str, second: float) -> FakeVerifier:
    """A model that likes the one sentence starting ``best`` most (0.9), any other span
    ``second``."""
    def fn(premise: str, hypothesis: str) -> Scores:
        e = 0.9 if premise.startswith(best) and premise.count(". ") == 0 else second
        return Scores(entailment=e, neutral=1 - e - 0.02, contradiction=0.02)
    return FakeVerifier(fn=fn)


def _run(evidence: str, model: FakeVerifier, claim: str = CLAIM) -> tuple[Decision, list[str],
                                                                             list[str]]:
    res = verify("", claim, evidence=[{"id": "ons", "text": evidence}],
                 settings=Settings(tau_entail=0.5, tau_contradict=0.5), verifier=model)
    (c,) = res.claims
    return c.decision, [r.code for r in c.reasons], [e.text for e in c.evidence]


def test_the_next_entailing_span_decides_when_the_best_one_leaves_something_out() -> None:
    decision, codes, spans = _run(EVIDENCE, _model("The ONS", 0.7))
    assert decision == Decision.VERIFIED, codes
    assert spans == ["Unemployment has continued to fall and a record 31 million people are "
                     "in work, the figures show."]


def test_no_other_span_the_model_entails_leaves_the_best_spans_finding() -> None:
    decision, codes, spans = _run(EVIDENCE, _model("The ONS", 0.3))
    assert decision == Decision.UNVERIFIED
    assert "qualifier_dropped" in codes
    assert spans[0].startswith("The ONS")


def test_a_span_that_contradicts_the_claim_still_blocks_it() -> None:
    evidence = ("The office does not open at weekends, the council said. The office opens at "
                "weekends in summer, staff said.")
    model = _model("The office does not", 0.7)
    decision, codes, _ = _run(evidence, model, "The office opens at weekends.")
    assert decision == Decision.BLOCKED
    assert "negation_mismatch" in codes


def test_a_certificate_re_derives_the_span_that_decided() -> None:
    model = _model("The ONS", 0.7)
    settings = Settings(tau_entail=0.5, tau_contradict=0.5)
    res = verify("", CLAIM, evidence=[{"id": "ons", "text": EVIDENCE}], settings=settings,
                 verifier=model)
    assert res.claims[0].decision == Decision.VERIFIED
    assert recompute_codes(res, settings, model, []) == [[]]

"""The post-hoc pipeline with deterministic fakes: wiring, policy and fail-closed paths."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest

from certirag.config import Settings
from certirag.errors import InputError
from certirag.pipeline import verify
from certirag.policy import Thresholds, decide
from certirag.render import MARKER, render
from certirag.schemas import Decision, Reason, Scores
from certirag.testing import FailingVerifier, FakeVerifier
from certirag.verifiers.base import NLIResult

EVIDENCE = [
    {"id": "leave", "text": "Full-time employees are entitled to 28 days of paid annual leave "
                            "per year. Up to 5 days of unused leave may be carried over."},
    {"id": "hotel", "text": "The hotel allowance is £150 per night in London and £110 per "
                            "night elsewhere in the UK."},
]


def run(answer: str, verifier: object = None, **settings: object):  # type: ignore[no-untyped-def]
    return verify("What leave do I get?", answer, evidence=EVIDENCE,
                  settings=Settings(**settings),  # type: ignore[arg-type]
                  verifier=verifier or FakeVerifier())


def test_verified_claim_has_evidence_span() -> None:
    res = run("Up to 5 days of unused leave may be carried over.")
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED
    assert res.exit_code() == 0
    (ev,) = c.evidence
    assert ev.doc_id == "leave"
    assert EVIDENCE[0]["text"][ev.start:ev.end] == ev.text
    assert "carried over" in ev.text


def test_finding_decides_without_model() -> None:
    fake = FakeVerifier()
    res = run("Up to 10 days of unused leave may be carried over.", fake)
    assert res.claims[0].decision == Decision.UNVERIFIED
    assert [r.code for r in res.claims[0].reasons] == ["ungrounded_figure"]
    assert fake.calls == []
    assert res.exit_code() == 1


def test_contradiction_finding_blocks() -> None:
    res = run("The hotel allowance is £110 per night in London.")
    assert res.claims[0].decision == Decision.BLOCKED
    assert res.claims[0].reasons[0].code == "value_swap"


def test_model_contradiction_blocks() -> None:
    fake = FakeVerifier(rule="fixed", scores=Scores(entailment=0.1, neutral=0.1,
                                                    contradiction=0.8))
    res = run("Employees get paid annual leave.", fake)
    assert res.claims[0].decision == Decision.BLOCKED
    assert res.claims[0].reasons[-1].code == "model_contradiction"


def test_backend_failure_is_unverified_with_exit_3() -> None:
    res = run("Employees get paid annual leave.", FailingVerifier())
    assert res.claims[0].decision == Decision.UNVERIFIED
    assert res.claims[0].reasons[0].code == "backend_error"
    assert res.exit_code() == 3


class SlowVerifier(FakeVerifier):
    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        time.sleep(2)
        return super().score_pairs(pairs)


def test_timeout_fails_closed() -> None:
    res = run("Employees get paid annual leave.", SlowVerifier(), verify_timeout_s=0.2)
    assert res.claims[0].reasons[0].code == "timeout"
    assert res.exit_code() == 3


def test_no_evidence() -> None:
    res = verify("q", "Paris is in France.", evidence=[], settings=Settings(),
                 verifier=FakeVerifier())
    assert res.claims[0].reasons[0].code == "no_evidence"
    assert res.claims[0].decision == Decision.UNVERIFIED


def test_not_a_claim_outside_pass_rule() -> None:
    res = run("Hello! Up to 5 days of unused leave may be carried over.")
    assert [c.decision for c in res.claims] == [Decision.NOT_A_CLAIM, Decision.VERIFIED]
    assert res.exit_code() == 0
    assert res.stats == {"total": 2, "verified": 1, "unverified": 0, "blocked": 0,
                         "not_a_claim": 1}


def test_render_modes() -> None:
    answer = ("Hello! Up to 5 days of unused leave may be carried over. "
              "Up to 9 days may be carried over.")
    res = run(answer)
    strict = render(answer, res.claims, "strict")
    assert strict == (f"[not a claim] Hello! Up to 5 days of unused leave may be carried over. "
                      f"{MARKER}")
    mixed = render(answer, res.claims, "mixed")
    assert "[unverified] Up to 9 days" in mixed and "[verified] Up to 5" in mixed
    debug = render(answer, res.claims, "debug")
    assert "ungrounded_figure" in debug and "e=0.99" in debug


@pytest.mark.parametrize("bad", [
    {"answer": ""}, {"answer": "x" * 100_001}, {"evidence": [{"id": "a"}]},
    {"evidence": [42]}, {"evidence": ["  "]},
])
def test_bad_input_raises(bad: dict[str, object]) -> None:
    kwargs: dict[str, object] = {"answer": "Paris is in France.", "evidence": ["Paris."]}
    kwargs.update(bad)
    with pytest.raises(InputError):
        verify("q", kwargs["answer"], evidence=kwargs["evidence"],  # type: ignore[arg-type]
               settings=Settings(), verifier=FakeVerifier())


def test_policy_truth_table() -> None:
    th = Thresholds(0.5, 0.5)
    ok = Scores(entailment=0.9, neutral=0.05, contradiction=0.05)
    assert decide(findings=[], scores=ok, evidence_spans=1, thresholds=th)[0] == \
        Decision.VERIFIED
    assert decide(findings=[], scores=ok, evidence_spans=0, thresholds=th)[0] == \
        Decision.UNVERIFIED
    low = Scores(entailment=0.49, neutral=0.5, contradiction=0.01)
    assert decide(findings=[], scores=low, evidence_spans=1, thresholds=th)[0] == \
        Decision.UNVERIFIED
    two_class = Scores(entailment=0.9)
    assert decide(findings=[], scores=two_class, evidence_spans=1, thresholds=th)[0] == \
        Decision.VERIFIED
    fail = [Reason(code="evidence_truncated", message="cut")]
    assert decide(findings=[], scores=ok, evidence_spans=1, thresholds=th,
                  failures=fail)[0] == Decision.UNVERIFIED
    assert decide(findings=[], scores=None, evidence_spans=1, thresholds=th)[0] == \
        Decision.UNVERIFIED


def test_minimal_sufficient_evidence_is_one_sentence() -> None:
    ev = [{"id": "d", "text": "Alice joined in 2019. She leads the audit team. Bob left."}]

    def prefer_long(premise: str, hypothesis: str) -> Scores:
        if hypothesis.rstrip(".") not in premise:
            return Scores(entailment=0.01, neutral=0.98, contradiction=0.01)
        e = 0.99 if len(premise) > len(hypothesis) + 5 else 0.9  # the pair window wins
        return Scores(entailment=e, neutral=1 - e, contradiction=0.0)

    fake = FakeVerifier(fn=prefer_long)
    res = verify("", "She leads the audit team.", evidence=ev,
                 settings=Settings(tau_entail=0.5, tau_contradict=0.5), verifier=fake)
    assert len(fake.calls) == 2  # windows, then the sentences of the winning window
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED
    (span,) = c.evidence
    assert span.text == "She leads the audit team."
    assert ev[0]["text"][span.start:span.end] == span.text


def test_judge_cascade_fails_closed_when_server_unreachable() -> None:
    fake = FakeVerifier(rule="fixed", scores=Scores(entailment=0.5, neutral=0.4,
                                                    contradiction=0.1))
    settings = Settings(judge_enabled=True, llm_url="http://127.0.0.1:9", llm_retries=0,
                        llm_timeout_s=2, tau_entail=0.4)
    res = verify("", "Employees get paid annual leave.", evidence=EVIDENCE, settings=settings,
                 verifier=fake)
    (c,) = res.claims
    assert c.decision == Decision.UNVERIFIED  # the model alone would have verified it
    assert "judge_error" in {r.code for r in c.reasons}
    assert res.exit_code() == 3
    assert "judge_prompt_sha256" in res.model


def test_policy_quote_rule() -> None:
    th = Thresholds(0.96, 0.3)
    low = Scores(entailment=0.8, neutral=0.15, contradiction=0.05)
    decision, reasons = decide(findings=[], scores=low, evidence_spans=1, thresholds=th,
                               quoted=True)
    assert decision == Decision.VERIFIED and [r.code for r in reasons] == ["quoted"]
    assert decide(findings=[], scores=low, evidence_spans=1, thresholds=th)[0] == \
        Decision.UNVERIFIED  # no quote: low entailment withholds
    high = Scores(entailment=0.97, neutral=0.02, contradiction=0.01)
    assert [r.code for r in decide(findings=[], scores=high, evidence_spans=1, thresholds=th,
                                   quoted=True)[1]] == ["quoted"]  # identity comes first
    assert [r.code for r in decide(findings=[], scores=high, evidence_spans=1,
                                   thresholds=th)[1]] == ["entailed"]
    contra = Scores(entailment=0.05, neutral=0.1, contradiction=0.85)
    decision, reasons = decide(findings=[], scores=contra, evidence_spans=1, thresholds=th,
                               quoted=True)  # identity: the model's mistake does not count
    assert decision == Decision.VERIFIED and "P(contradiction) = 0.850" in reasons[0].message
    assert decide(findings=[], scores=contra, evidence_spans=1, thresholds=th)[0] == \
        Decision.BLOCKED
    fail = [Reason(code="evidence_truncated", message="cut")]
    assert decide(findings=[], scores=low, evidence_spans=1, thresholds=th, failures=fail,
                  quoted=True)[0] == Decision.UNVERIFIED
    assert decide(findings=[], scores=low, evidence_spans=0, thresholds=th,
                  quoted=True)[0] == Decision.UNVERIFIED


def _unsure(premise: str, hypothesis: str) -> Scores:
    """A model that never reaches τe, and prefers long windows."""
    e = min(0.9, 0.3 + len(premise) / 1000)
    return Scores(entailment=e, neutral=0.95 - e, contradiction=0.05)


def test_a_verbatim_evidence_sentence_is_verified_as_quoted() -> None:
    fake = FakeVerifier(fn=_unsure)
    res = run("Up to 5 days of unused leave may be carried over. Employees may carry over "
              "leave.", fake)
    quoted, other = res.claims
    assert quoted.decision == Decision.VERIFIED
    assert [r.code for r in quoted.reasons] == ["quoted"]
    (span,) = quoted.evidence
    assert span.text == "Up to 5 days of unused leave may be carried over."
    assert EVIDENCE[0]["text"][span.start:span.end] == span.text
    assert quoted.scores is not None  # the model still scored the quote
    assert quoted.scores == _unsure(span.text, quoted.claim.text)
    assert other.decision == Decision.UNVERIFIED  # a paraphrase needs the model
    assert [r.code for r in other.reasons] == ["low_entailment"]


def test_a_quote_stands_on_identity_and_a_near_quote_does_not() -> None:
    def contradicts(premise: str, hypothesis: str) -> Scores:
        return Scores(entailment=0.2, neutral=0.1, contradiction=0.7)

    answer = ("Up to 5 days of unused leave may be carried over. Up to 5 days of leave may "
              "be carried over.")
    res = run(answer, FakeVerifier(fn=contradicts), policy="certirag.policy.v2")
    quoted, near = res.claims
    assert quoted.decision == Decision.VERIFIED
    assert [r.code for r in quoted.reasons] == ["quoted"]
    assert near.decision == Decision.BLOCKED  # one word short: the model decides
    # policy v3: a quote passes only while the model finds no contradiction in its context
    quoted, near = run(answer, FakeVerifier(fn=contradicts)).claims
    assert quoted.decision == Decision.BLOCKED
    assert [r.code for r in quoted.reasons] == ["model_contradiction"]
    # the quoted passage is the evidence, even where another passage differs from it
    ev = [{"id": "a", "text": "The office opens at 9am every weekday."},
          {"id": "b", "text": "From May, the office opens at 10am every weekday."}]
    res = verify("", "From May, the office opens at 10am every weekday.", evidence=ev,
                 settings=Settings(), verifier=FakeVerifier(fn=_unsure))
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED and c.evidence[0].doc_id == "b"


def test_a_failure_scoring_quotes_leaves_the_model_decision() -> None:
    class FailsOnQuotes(FakeVerifier):
        def score_pairs(self, pairs):  # type: ignore[no-untyped-def]
            if len(self.calls) >= 1:
                raise RuntimeError("backend down")
            return super().score_pairs(pairs)

    res = run("Up to 5 days of unused leave may be carried over.", FailsOnQuotes(fn=_unsure),
              policy="certirag.policy.v2")
    (c,) = res.claims
    assert c.decision == Decision.UNVERIFIED
    assert [r.code for r in c.reasons] == ["low_entailment"]
    # policy v3 scores spans and quote contexts in one run: a failure withholds, typed
    (c,) = run("Up to 5 days of unused leave may be carried over.",
               FailsOnQuotes(fn=_unsure)).claims
    assert c.decision == Decision.UNVERIFIED
    assert [r.code for r in c.reasons] == ["backend_error"]


def test_an_answer_sentence_quoted_whole_covers_every_claim_split_from_it(
        tmp_path: object) -> None:
    from certirag.certify import issue_certificate
    from certirag.certify.keys import Signer

    sentence = "Paris is the capital of France and the largest city in the country."
    ev = [{"id": "geo", "text": f"Some facts. {sentence} It has many bridges."}]
    settings = Settings()
    res = verify("", sentence, evidence=ev, settings=settings,
                 verifier=FakeVerifier(fn=_unsure))
    assert len(res.claims) == 2  # split into two atomic claims
    for c in res.claims:
        assert c.decision == Decision.VERIFIED and [r.code for r in c.reasons] == ["quoted"]
        assert c.evidence[0].text == sentence
    signer = Signer.generate()
    check = issue_certificate(res, signer=signer, settings=settings).verify(signer.public_key)
    assert check.valid, check.failures
    # one word off, and the split claims are the model's to decide
    res = verify("", sentence.replace("largest", "biggest"), evidence=ev, settings=settings,
                 verifier=FakeVerifier(fn=_unsure))
    assert all(c.decision == Decision.UNVERIFIED for c in res.claims)


def test_policy_v1_can_be_chosen_and_has_no_quote_rule() -> None:
    from certirag.certify import issue_certificate
    from certirag.certify.keys import Signer

    answer = "Up to 5 days of unused leave may be carried over."
    settings = Settings(policy="certirag.policy.v1")
    res = verify("", answer, evidence=EVIDENCE, settings=settings,
                 verifier=FakeVerifier(fn=_unsure))
    (c,) = res.claims
    assert c.decision == Decision.UNVERIFIED and [r.code for r in c.reasons] == \
        ["low_entailment"]
    assert res.to_dict()["policy"]["id"] == "certirag.policy.v1"
    signer = Signer.generate()
    cert = issue_certificate(res, signer=signer, settings=settings)
    assert cert.verify(signer.public_key).valid
    assert verify("", answer, evidence=EVIDENCE, settings=Settings(),
                  verifier=FakeVerifier(fn=_unsure)).to_dict()["policy"]["id"] == \
        "certirag.policy.v3"


class _Short(FakeVerifier):
    """Refuses claims over 60 characters, as a model with a short context does."""

    def score_pairs(self, pairs):  # type: ignore[no-untyped-def]
        for _, hypothesis in pairs:
            if len(hypothesis) > 60:
                raise InputError("the claim does not fit the model")
        return super().score_pairs(pairs)


def test_a_claim_too_long_for_the_model_withholds_only_itself() -> None:
    from certirag.certify import issue_certificate
    from certirag.certify.keys import Signer

    long_quote = ("The hotel allowance is £150 per night in London and £110 per night "
                  "elsewhere in the UK.")
    long_other = ("The hotel allowance is generous for all staff who travel on company "
                  "business to London.")
    answer = f"Up to 5 days of unused leave may be carried over. {long_quote} {long_other}"
    settings = Settings(tau_entail=0.5, tau_contradict=0.5)
    res = verify("", answer, evidence=EVIDENCE, settings=settings, verifier=_Short())
    short, quoted, other = res.claims
    assert short.decision == Decision.VERIFIED and short.scores is not None
    assert quoted.decision == Decision.VERIFIED and quoted.scores is None  # no model needed
    assert [r.code for r in quoted.reasons] == ["quoted"]
    assert quoted.evidence[0].text == long_quote
    assert other.decision == Decision.UNVERIFIED
    assert [r.code for r in other.reasons] == ["claim_too_long"]
    assert res.exit_code() == 1  # withheld, not a backend failure
    signer = Signer.generate()
    check = issue_certificate(res, signer=signer, settings=settings).verify(signer.public_key)
    assert check.valid, check.failures


# --- issue 12: outcomes ---------------------------------------------------------------------

def test_an_answer_of_pleasantries_only_is_no_claims_not_verified() -> None:
    res = run("Thanks for asking! I hope this helps.")
    assert {c.decision for c in res.claims} == {Decision.NOT_A_CLAIM}
    assert not res.all_verified
    assert res.outcome == "no_claims" and res.exit_code() == 4
    assert res.to_dict()["outcome"] == "no_claims"


def test_a_bare_yes_is_checked_as_the_question_statement() -> None:
    res = verify("Is the hotel allowance £500 per night in London?", "Yes.",
                 evidence=EVIDENCE, settings=Settings(), verifier=FakeVerifier())
    (c,) = res.claims
    assert c.claim.text == "The hotel allowance is £500 per night in London."
    assert c.decision != Decision.VERIFIED and res.exit_code() == 1
    assert res.outcome == "withheld"


def test_a_yes_the_rest_of_the_reply_contradicts_is_not_passed() -> None:
    """The yes is a claim, and the rest is another: neither passes on the other's
    words."""
    res = verify("Is the hotel allowance £500 per night in London?",
                 "Correct, it is £400 per night.", evidence=EVIDENCE, settings=Settings(),
                 verifier=FakeVerifier())
    first, rest = res.claims
    assert first.claim.text == "The hotel allowance is £500 per night in London."
    assert "400" in rest.claim.text and rest.decision != Decision.VERIFIED
    assert res.outcome == "withheld"


def test_an_unresolved_reply_is_withheld_with_its_reason() -> None:
    res = verify("", "Yes.", evidence=EVIDENCE, settings=Settings(), verifier=FakeVerifier())
    (c,) = res.claims
    assert c.decision == Decision.UNVERIFIED
    assert [r.code for r in c.reasons] == ["unresolved_answer"]
    assert res.exit_code() == 1


def test_a_pleasantry_around_a_false_figure_is_not_passed() -> None:
    res = run("Thanks for asking: the hotel allowance is £500 per night in London.")
    (c,) = res.claims
    assert c.claim.kind == "claim" and c.decision != Decision.VERIFIED
    assert res.outcome == "withheld"

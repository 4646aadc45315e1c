"""Re-deriving what a certificate records: claims, decisions, index spans and model
scores, each checked against what certirag computes now."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import ValidationError

from certirag import __version__, verifiers
from certirag.bound import (
    POLICY_V3,
    binding_finding,
    claim_pairs,
    model_premise,
    pick_pair,
    span_findings,
)
from certirag.certify.body import Body, ClaimRecord, Passage, ReasonRecord, SpanRecord
from certirag.certify.versions import LEGACY_VERSIONS
from certirag.checks import CheckOptions, check_claim, prepare_evidence, recorded_extra_checks
from certirag.claims import extract_claims, not_a_claim_reason
from certirag.claims.compiler import COMPILER_PROMPT_SHA256
from certirag.config import Settings
from certirag.errors import CertiragError
from certirag.models import load_model_info, resolve
from certirag.pipeline import quoted_by
from certirag.policy import POLICIES, Thresholds, decide
from certirag.reasons import NOT_FINDINGS, UNSCORED_FAILURES
from certirag.render import render
from certirag.schemas import Claim, ClaimDecision, Decision, Document, Evidence, Reason, Scores
from certirag.text.sentences import split_sentences
from certirag.text.turns import asked
from certirag.verifiers import Verifier, verify_claims
from certirag.verifiers.span_scoring import picked

if TYPE_CHECKING:
    from certirag.certify.verify import CertificateCheck

__all__ = ["RECOMPUTE_TOLERANCE", "IndexLike", "check_claims", "check_decisions", "check_index",
           "kind_of", "recompute_scores"]

#: Largest difference between a recorded and a recomputed probability that still matches.
RECOMPUTE_TOLERANCE = 1e-4


class IndexLike(Protocol):
    """What certificate checks need from an index: the stored document by id."""

    def get_document(self, doc_id: str) -> Document | None: ...


def check_claims(body: Body, check: CertificateCheck) -> None:
    """The claims must be those extraction gives for the stored answer and question."""
    check.checked.append("claims")
    if body.software.version != __version__:
        recorded = body.versions or LEGACY_VERSIONS
        check.notes.append(f"issued by certirag {body.software.version}, checked with "
                           f"{__version__}: claims and findings are re-derived under the "
                           f"rules the certificate records ({recorded.get('claims')}, "
                           f"{recorded.get('checks')}), which this version has")
    for c in body.claims:
        if c.end > len(body.answer.text) or c.start > c.end:
            check.fail("claims_mismatch", f"offsets {c.start}:{c.end} are outside the answer",
                       c.id)
    if body.model.get("claims") == "llm":
        _check_compiled(body, check)
        return
    try:
        expected = extract_claims(body.answer.text, question=asked(body.question))
    except Exception as exc:  # the answer cannot be split: nothing can be confirmed
        check.fail("claims_mismatch", f"claim extraction failed on the stored answer: {exc}")
        return
    want = [(c.id, c.text, c.start, c.end, c.kind) for c in expected]
    have = [(c.id, c.text, c.start, c.end, kind_of(c)) for c in body.claims]
    if want == have:
        return
    if len(want) != len(have):
        check.fail("claims_mismatch", f"{len(have)} claims recorded, the answer has "
                                      f"{len(want)} (a claim was dropped or added)")
    for w, h in zip(want, have, strict=False):
        if w != h:
            what = (f"kind {h[4]} (extraction: {w[4]})" if w[:4] == h[:4] else
                    "text or offsets" if w[0] == h[0] else "id/order")
            check.fail("claims_mismatch", f"claim {h[0]}: {what} differ from the extracted "
                                          f"claim {w[0]} ({w[1][:60]!r})", h[0])


def _check_compiled(body: Body, check: CertificateCheck) -> None:
    """``claims: llm``: the claims' text came from the LLM claim compiler and cannot be
    re-derived. What can be is checked: ids ``c1``, ``c2`` … in order; the claims lie on
    the answer's sentences in order, every sentence with one claim or more; a sentence
    kept whole (not a claim, or withheld because the compiler failed) is its sentence
    verbatim, and ``not_a_claim`` only where the rules say so; ``compiler_error`` exactly
    when the model record holds the compiler's error."""
    check.notes.append("the claims were compiled by an LLM (claims: llm): their text is not "
                       "re-derived; checked that they lie on the answer's sentences, none "
                       "left out")
    if body.model.get("compiler_prompt_sha256") != COMPILER_PROMPT_SHA256:
        check.notes.append("the claim compiler's prompt is not this version's")
    answer = body.answer.text
    if [c.id for c in body.claims] != [f"c{i}" for i in range(1, len(body.claims) + 1)]:
        check.fail("claims_mismatch", "compiled claims must be numbered c1, c2, ... in order")
    spans = [k for k, _ in groupby((c.start, c.end) for c in body.claims)]
    if spans != split_sentences(answer):
        check.fail("claims_mismatch", "the compiled claims do not lie on the answer's "
                                      "sentences in order, each sentence once or more")
    failed = "compiler_error" in body.model
    for c in body.claims:
        codes = [r.code for r in c.reasons]
        whole = answer[c.start:c.end]
        if (c.decision == Decision.NOT_A_CLAIM or "compiler_error" in codes) and c.text != whole:
            check.fail("claims_mismatch", "a sentence kept whole is not the answer's sentence "
                                          "verbatim", c.id)
        if c.decision == Decision.NOT_A_CLAIM and not_a_claim_reason(whole) is None:
            check.fail("claims_mismatch", "recorded not_a_claim, but the sentence is a claim",
                       c.id)
        if failed and c.decision != Decision.NOT_A_CLAIM and codes != ["compiler_error"]:
            check.fail("claims_mismatch", "the compiler failed, but the claim was not withheld "
                                          "with compiler_error", c.id)
        if not failed and "compiler_error" in codes:
            check.fail("claims_mismatch", "compiler_error recorded, but the model record holds "
                                          "no compiler error", c.id)


def kind_of(c: ClaimRecord) -> Literal["claim", "not_a_claim", "unresolved"]:
    """The claim kind a recorded claim stands for: ``not_a_claim`` by its decision,
    ``unresolved`` by its one reason ``unresolved_answer``."""
    if c.decision == Decision.NOT_A_CLAIM:
        return "not_a_claim"
    return "unresolved" if [r.code for r in c.reasons] == ["unresolved_answer"] else "claim"


def _reason(r: ReasonRecord) -> tuple[str, str, str | None]:
    return (r.code, r.message, r.text)


def check_decisions(body: Body, check: CertificateCheck, *, rederive: bool = True) -> None:
    """Re-run the deterministic check and the policy on what the certificate stores
    (with ``rederive`` false, when the certificate's check rules are not this version's,
    only the counts and the rendering)."""
    if rederive:
        check.checked.append("policy")
    counts = {d.value: 0 for d in Decision}
    for c in body.claims:
        counts[c.decision.value] += 1
    if body.stats != {"total": len(body.claims), **counts}:
        check.fail("stats_mismatch", f"stats {body.stats} do not count the claims")
    try:
        rebuilt = [ClaimDecision(
            claim=Claim(id=c.id, text=c.text, start=c.start, end=c.end, kind=kind_of(c)),
            decision=c.decision,
            reasons=[Reason(code=r.code, message=r.message, text=r.text) for r in c.reasons],
            scores=Scores(**c.scores.model_dump()) if c.scores else None,
            evidence=[Evidence(**e.model_dump()) for e in c.evidence]) for c in body.claims]
    except ValidationError as exc:
        check.fail("certificate_malformed", f"a claim is not a valid record: {exc.errors()[0]}")
        return
    if body.display not in ("strict", "mixed", "debug") or (
            render(body.answer.text, rebuilt, body.display) != body.rendered):
        check.fail("rendered_mismatch", "the rendered answer is not what the decisions give")
    if body.policy.id not in POLICIES:
        check.fail("unknown_policy", f"policy {body.policy.id!r} is not one of {POLICIES}; its "
                                     "decisions cannot be re-derived")
        return
    if not rederive:
        return
    thresholds = Thresholds(body.policy.tau_entail, body.policy.tau_contradict)
    texts = [p.text for p in body.evidence]
    prepared: Any = None
    if texts:
        try:
            options = CheckOptions(date_locale=body.check_options.date_locale,
                                   extra=recorded_extra_checks(body.versions))
            prepared = prepare_evidence(texts, options=options)
        except Exception as exc:
            check.fail("check_error", f"the deterministic check cannot prepare the evidence: "
                                      f"{exc}")
            return
    for c, cd in zip(body.claims, rebuilt, strict=True):
        _check_one(body, c, cd, prepared, thresholds, check, decide)


def _check_one(body: Body, c: ClaimRecord, cd: Any, prepared: Any, thresholds: Any,
               check: CertificateCheck, decide: Any) -> None:
    stored = [_reason(r) for r in c.reasons]
    codes = [r.code for r in c.reasons]

    def expect(decision: Decision, reasons: Sequence[tuple[str, str, str | None]] | None,
               why: str) -> None:
        if c.decision != decision:
            check.fail("decision_mismatch", f"recorded {c.decision.value}, but {why} gives "
                                            f"{decision.value}", c.id)
        elif reasons is not None and list(reasons) != stored:
            check.fail("reasons_mismatch", f"reasons {codes} are not what {why} gives "
                                           f"({[r[0] for r in reasons]})", c.id)

    if codes == ["not_a_claim"] or c.decision == Decision.NOT_A_CLAIM:
        # whether the sentence is a claim is checked against extraction (claims_mismatch)
        if c.decision != Decision.NOT_A_CLAIM or codes != ["not_a_claim"] or c.scores:
            check.fail("decision_mismatch", "a not_a_claim sentence must be recorded as "
                                            "not_a_claim, unscored, with that one reason", c.id)
        return
    if "unresolved_answer" in codes:
        # whether the reply is unresolved is checked against extraction (claims_mismatch)
        if c.decision != Decision.UNVERIFIED or codes != ["unresolved_answer"] or c.scores \
                or c.evidence:
            check.fail("decision_mismatch", "an unresolved reply must be recorded as "
                                            "unverified, unscored, with that one reason", c.id)
        return
    if "compiler_error" in codes:
        # whether the compiler failed is checked with the claims (claims_mismatch)
        if c.decision != Decision.UNVERIFIED or codes != ["compiler_error"] or c.scores \
                or c.evidence or body.model.get("claims") != "llm":
            check.fail("decision_mismatch", "a sentence the claim compiler (claims: llm) "
                                            "failed on must be recorded as unverified, "
                                            "unscored, with that one reason", c.id)
        return
    if prepared is None:
        expect(Decision.UNVERIFIED, None, "no evidence")
        if codes != ["no_evidence"] or c.scores:
            check.fail("reasons_mismatch", "without evidence the only reason is no_evidence",
                       c.id)
        return
    if codes == ["check_error"]:
        expect(Decision.UNVERIFIED, None, "a failed check")
        check.notes.append(f"claim {c.id}: the check had failed at issue time")
        return
    bound = body.policy.id == POLICY_V3
    try:
        found = check_claim(c.text, prepared, question=asked(body.question))
        if bound and not found:
            binding = binding_finding(c.text, [p.text for p in body.evidence],
                                      locale=body.check_options.date_locale)
            found = [binding] if binding is not None else []
    except Exception as exc:
        check.fail("check_error", f"the deterministic check failed: {exc}", c.id)
        return
    # every code the pipeline, the policy and the backends write is no finding; any other
    # code (a finding, or one no version writes) must be what the check finds
    stored_findings = [x for x in codes if x not in NOT_FINDINGS]
    found_codes = [f.to_reason().code for f in found]
    if bound and not found and c.scores is not None:
        _check_span(body, c, cd, thresholds, decide, expect)
        return
    if stored_findings != found_codes:
        check.fail("check_mismatch", f"recorded findings {stored_findings}, the check "
                                     f"finds {found_codes}", c.id)
        return
    if found:
        decision, reasons = decide(findings=found, scores=None, evidence_spans=0,
                                   thresholds=thresholds)
        if c.scores is not None or c.evidence:
            check.fail("reasons_mismatch", "a claim decided by a finding is never scored", c.id)
        expect(decision, None, "the findings")
        if [r.code for r in reasons] != codes:
            check.fail("reasons_mismatch", f"reasons {codes} are not the findings "
                                           f"{[r.code for r in reasons]}", c.id)
        return
    if c.scores is None and codes == ["quoted"]:
        # a claim too long for the model, verified as a quote without it
        if not _quoted(body, cd):
            check.fail("decision_mismatch", "recorded as quoted, but the claim is not its "
                                            "evidence span verbatim", c.id)
        else:
            expect(Decision.VERIFIED, None, "the quote rule")
        return
    if c.scores is None:
        if not codes or not set(codes) <= UNSCORED_FAILURES:
            check.fail("decision_mismatch", f"an unscored claim with reasons {codes} "
                                            "can only have failed (backend_error, timeout)",
                       c.id)
        else:
            expect(Decision.UNVERIFIED, None, "a failed backend")
        return
    failures = [Reason(code=r.code, message=r.message, text=r.text) for r in c.reasons
                if r.code == "evidence_truncated"]
    decision, reasons = decide(findings=[], scores=cd.scores, evidence_spans=len(c.evidence),
                               thresholds=thresholds, failures=failures,
                               quoted=_quoted(body, cd))
    expect(decision, [(r.code, r.message, r.text) for r in reasons],
           "the policy on the recorded scores and thresholds")


def _check_span(body: Body, c: ClaimRecord, cd: Any, thresholds: Any, decide: Any,
                expect: Any) -> None:
    """Policy v3, a scored claim: the findings against its recorded span, then the rule."""
    passages = _passages(body)
    marks = [quoted_by(cd.claim, body.answer.text, e, passages) for e in cd.evidence]
    found = span_findings(c.text, cd.evidence, passages, question=asked(body.question),
                          options=CheckOptions(date_locale=body.check_options.date_locale,
                                               extra=recorded_extra_checks(body.versions)),
                          quotes=marks)
    failures = [Reason(code=r.code, message=r.message, text=r.text) for r in c.reasons
                if r.code == "evidence_truncated"]
    decision, reasons = decide(findings=found, scores=cd.scores, evidence_spans=len(c.evidence),
                               thresholds=thresholds, failures=failures, quoted=any(marks),
                               quote_needs_model=True)
    expect(decision, [(r.code, r.message, r.text) for r in reasons],
           "the policy on the recorded span, scores and thresholds")


def _pairs_of(body: Body, c: ClaimRecord) -> list[tuple[str, str]]:
    """The (evidence, claim) texts the pipeline scored for ``c`` on its recorded span: the
    claim's readings against the span and its pieces, whose scores
    :func:`certirag.bound.pick_pair` chooses from."""
    if body.policy.id != POLICY_V3:
        return [(c.evidence[0].text, c.text)]
    scorer = (body.versions or LEGACY_VERSIONS).get("scorer", LEGACY_VERSIONS["scorer"])
    premise = model_premise([Evidence(**e.model_dump()) for e in c.evidence], _passages(body),
                            scorer=scorer)
    return claim_pairs(c.text, premise, scorer=scorer, locale=body.check_options.date_locale)


def _passages(body: Body) -> list[Any]:
    return [Evidence(doc_id=p.doc_id, chunk_id=p.chunk_id, start=p.start, end=p.end,
                     text=p.text) for p in body.evidence if p.text]


def _quoted(body: Body, cd: Any) -> bool:
    """Whether the claim (or its answer sentence) quotes its first evidence span, a whole
    sentence of a stored passage (the ``quoted`` case, which ``certirag.policy.v1`` does
    not have)."""
    if body.policy.id == "certirag.policy.v1" or not cd.evidence:
        return False
    return quoted_by(cd.claim, body.answer.text, cd.evidence[0], _passages(body))


def check_index(body: Body, index: IndexLike | None, check: CertificateCheck) -> None:
    """Every evidence passage and span against the indexed document it names."""
    if index is None:
        return
    if body.retrieval.index == "inline":
        # nothing was looked up in the index: "index" is not claimed as checked
        check.notes.append("the evidence was given inline; there is nothing to check in "
                           "the index")
        return
    check.checked.append("index")
    docs: dict[str, Document | None] = {}
    items: list[tuple[str, Passage]] = [(f"evidence {n}", p) for n, p in enumerate(body.evidence)]
    items += [(f"span {n}", s) for n, s in enumerate(body.spans)]
    for label, item in items:
        claim = item.claim_id if isinstance(item, SpanRecord) else None
        if item.doc_id not in docs:
            docs[item.doc_id] = index.get_document(item.doc_id)
        doc = docs[item.doc_id]
        if doc is None:
            check.fail("index_document_missing", f"{label}: document {item.doc_id!r} is not "
                                                 "in the index", claim)
            continue
        if item.doc_sha256 is not None and doc.sha256 != item.doc_sha256:
            check.fail("index_document_changed", f"{label}: document {item.doc_id!r} has "
                                                 f"sha256 {doc.sha256[:16]}…, the certificate "
                                                 f"records {item.doc_sha256[:16]}…", claim)
        if doc.text[item.start:item.end] != item.text:
            check.fail("index_span_mismatch", f"{label}: {item.doc_id!r} "
                                              f"{item.start}:{item.end} no longer reads as "
                                              "recorded", claim)


def recompute_scores(body: Body, check: CertificateCheck, settings: Settings | None,
                     verifier: Verifier | None) -> None:
    """Re-score every scored claim with the recorded model (``cert verify --recompute``)."""
    check.checked.append("recompute")
    scored = [c for c in body.claims if c.scores is not None]
    if not scored:
        check.notes.append("no claim was scored by a model; nothing to recompute")
        return
    recorded_id = body.model.get("id")
    recorded_sha = body.model.get("sha256")
    if not recorded_sha:
        check.fail("recompute_unavailable", "the certificate does not record the model's "
                                            "sha256")
        return
    settings = settings or Settings()
    if settings.settings_hash() != body.settings_sha256:
        check.notes.append("the current settings differ from those at issue time; "
                           "re-scoring uses the current ones")
    if verifier is None:
        try:
            configured = _configured_sha256(settings)
        except CertiragError as exc:
            check.fail("recompute_unavailable", f"{exc}")
            return
        if configured is not None and configured != recorded_sha:
            check.fail("recompute_unavailable",
                       f"the recorded model {recorded_id} (sha256 {recorded_sha[:16]}…) is not "
                       f"the configured one (sha256 {configured[:16]}…); set nli_model to it")
            return
    # A claim with an evidence span was scored on that span (the best window, the
    # minimal sentence or the quoted sentence): re-score exactly it. One without a span
    # is re-scored as the pipeline first scored it, over all windows of the evidence.
    spanned = [c for c in scored if c.evidence]
    bare = [c for c in scored if not c.evidence]
    try:  # the readings of a hostile certificate's texts: any failure is a reported one
        groups = [_pairs_of(body, c) for c in spanned]
    except Exception as exc:  # rule code on recorded text must not crash the check
        check.fail("recompute_unavailable", f"the recorded spans cannot be read again: "
                   f"{type(exc).__name__}: {exc}")
        return
    try:
        v = verifier if verifier is not None else verifiers.create_verifier(settings)
        by_id = {c.id: r for c, r in zip(spanned, picked(v, groups, pick_pair), strict=True)}
        if bare:
            by_id.update(zip((c.id for c in bare), verify_claims(
                v, [c.text for c in bare], [p.text for p in body.evidence],
                windows=settings.nli_windows), strict=True))
    except CertiragError as exc:
        check.fail("recompute_unavailable", f"re-scoring failed: {exc}")
        return
    if "judge_prompt_sha256" in body.model:
        check.notes.append("the LLM judge re-decided some claims: their recorded scores are "
                           "the judge's and do not match the NLI model's")
    for c in scored:
        res = by_id[c.id]
        if res.model_sha256 != recorded_sha:
            check.fail("recompute_unavailable",
                       f"the verifier runs model sha256 {res.model_sha256[:16]}…, the "
                       f"certificate records {recorded_sha[:16]}…")
            return
        assert c.scores is not None
        for name in ("entailment", "neutral", "contradiction"):
            old = getattr(c.scores, name)
            new = getattr(res.scores, name)
            if (old is None) != (new is None) or (
                    old is not None and new is not None
                    and not math.isclose(old, new, abs_tol=RECOMPUTE_TOLERANCE)):
                check.fail("recompute_mismatch", f"P({name}) recorded {old}, recomputed {new}",
                           c.id)
                break


def _configured_sha256(settings: Settings) -> str | None:
    """The weights sha256 of the configured ONNX model, or None when it is only known
    once the backend loads (other backends)."""
    if settings.nli_backend != "onnx":
        return None
    return load_model_info(resolve(settings.nli_model)).weights_sha256

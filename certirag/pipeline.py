"""Post-hoc verification: question + answer + evidence → a decision per claim.

The stages, each behind its own module: claims (:mod:`certirag.claims`), the
deterministic check (:mod:`certirag.checks`), the NLI verifier (:mod:`certirag.verifiers`),
the policy (:mod:`certirag.policy`). This module only wires them and fails closed: any
error in a stage leaves the affected claims ``unverified`` with a typed reason.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import logging
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol, TypeVar

from certirag import bound  # rules looked up when called: a test swaps one for a bug
from certirag.bound import POLICY_V3
from certirag.checks import CheckOptions, Finding, check_claim, prepare_evidence
from certirag.claims import extract_claims_for
from certirag.config import Settings
from certirag.errors import CertiragError, ConfigError, InputError
from certirag.evidence import MAX_EVIDENCE_CHARS, EvidenceInput, read_evidence
from certirag.llm.client import create_client
from certirag.policy import Thresholds, decide, objects_to_quote
from certirag.reasons import BACKEND_FAILURES, reason
from certirag.render import render
from certirag.result import VerificationResult
from certirag.schemas import Claim, ClaimDecision, Decision, Evidence, Scores, SearchResult
from certirag.text.quotes import find_quote, is_quote
from certirag.text.sentences import split_sentences
from certirag.text.turns import asked
from certirag.verifiers import NLIResult, Verifier, shared_verifier, verify_claims
from certirag.verifiers.binding import BindingPlan, BindingWindow
from certirag.verifiers.judge import FILTER_ID, JUDGE_PROMPT_SHA256, LLMJudge, judge_uncertain
from certirag.verifiers.span_scoring import BoundResult, picked, score_bound

__all__ = ["FAILURE_CODES", "MAX_ANSWER_CHARS", "MAX_EVIDENCE_CHARS", "IndexLike",
           "VerificationResult", "coerce_evidence", "quoted_by", "render", "verify"]

log = logging.getLogger(__name__)

#: Reasons that mean "a backend could not give an answer" (exit code 3): an alias of
#: :data:`certirag.reasons.BACKEND_FAILURES`.
FAILURE_CODES = BACKEND_FAILURES
MAX_ANSWER_CHARS = 100_000
#: The reader of inline evidence (an alias of :func:`certirag.evidence.read_evidence`).
coerce_evidence = read_evidence

_T = TypeVar("_T")


class IndexLike(Protocol):
    """What :func:`verify` calls on an index: ``search`` (a
    :class:`certirag.index.Index`, or anything with the same method)."""

    def search(self, query: str, *, k: int | None = None) -> SearchResult: ...


def _run_with_timeout(fn: Callable[[], _T], timeout: float | None) -> _T:
    if timeout is None:
        return fn()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(fn).result(timeout=timeout)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def verify(
    question: str,
    answer: str,
    *,
    evidence: Sequence[EvidenceInput] | None = None,
    index: IndexLike | None = None,
    settings: Settings | None = None,
    verifier: Verifier | None = None,
) -> VerificationResult:
    """Verify ``answer`` to ``question`` against ``evidence`` (read by
    :func:`certirag.evidence.read_evidence`) or passages retrieved from ``index``.
    ``verifier`` defaults to the backend named in ``settings``, loaded when a claim first
    needs it and then shared by later calls with the same verifier settings (see
    :func:`certirag.verifiers.shared_verifier`)."""
    settings = settings or Settings()
    if not isinstance(question, str) or not isinstance(answer, str):
        raise InputError("question and answer must be strings")
    if not answer.strip():
        raise InputError("the answer is empty")
    if len(answer) > MAX_ANSWER_CHARS:
        raise InputError(f"the answer is longer than {MAX_ANSWER_CHARS:,} characters")
    if evidence is not None and index is not None:
        raise InputError("pass evidence or an index, not both")
    said = question  # the record keeps the question as given; the checks read what was asked
    question = asked(question)
    # the extra checks are resolved (unknown names are a ConfigError) before any work
    options = CheckOptions(date_locale=settings.date_locale, extra=tuple(settings.extra_checks))
    if index is not None:
        hits = index.search(question if question.strip() else answer, k=settings.top_k).hits
        passages = [Evidence.from_hit(h) for h in hits]
    else:
        passages = read_evidence(evidence or [])

    thresholds = Thresholds(settings.tau_entail, settings.tau_contradict)
    claims, claims_model = extract_claims_for(settings, answer, question=question)
    texts = [p.text for p in passages]
    prepared = prepare_evidence(texts, options=options) if texts else None

    decisions: dict[str, ClaimDecision] = {}
    findings: dict[str, list[Finding]] = {}
    to_score: list[Claim] = []
    for claim in claims:
        if claim.kind == "not_a_claim":
            decisions[claim.id] = ClaimDecision(
                claim=claim, decision=Decision.NOT_A_CLAIM,
                reasons=[reason("not_a_claim", "asserts nothing checkable")])
            continue
        if claim.kind == "compiler_error":  # claims: llm, and the compiler failed
            decisions[claim.id] = _withhold(claim, "compiler_error", "the LLM claim compiler "
                                            f"failed: {claims_model.get('compiler_error')}")
            continue
        if claim.kind == "unresolved":  # a yes/no reply no statement could be built from
            decisions[claim.id] = _withhold(claim, "unresolved_answer", "the reply cannot be "
                                            "read with the question as a statement")
            continue
        if prepared is None:
            decisions[claim.id] = _withhold(claim, "no_evidence", "no evidence was given")
            continue
        try:
            found = check_claim(claim.text, prepared, question=question, options=options)
        except Exception as exc:  # fail closed on a bug in a rule
            log.exception("deterministic check failed")
            decisions[claim.id] = _withhold(claim, "check_error", f"claim check failed: {exc}")
            continue
        findings[claim.id] = found
        if found:  # a finding decides without the model
            decision, reasons = decide(findings=found, scores=None, evidence_spans=0,
                                       thresholds=thresholds)
            decisions[claim.id] = ClaimDecision(claim=claim, decision=decision, reasons=reasons)
        else:
            to_score.append(claim)

    model: dict[str, str] = dict(claims_model)
    if to_score:
        if settings.policy == POLICY_V3:
            _score_bound(to_score, passages, verifier, settings, thresholds, decisions, model,
                         answer=answer, question=question, options=options)
        else:
            _score(to_score, passages, verifier, settings, thresholds, decisions, model,
                   answer=answer)
        if settings.judge_enabled:
            _judge(to_score, texts, settings, thresholds, decisions, model)
    ordered = [decisions[c.id] for c in claims]
    return VerificationResult(question=said, answer=answer, claims=ordered,
                              display=settings.display, thresholds=thresholds, model=model,
                              evidence=passages, policy=settings.policy)


def _withhold(claim: Claim, code: str, message: str) -> ClaimDecision:
    return ClaimDecision(claim=claim, decision=Decision.UNVERIFIED,
                         reasons=[reason(code, message)])


def _score(claims: list[Claim], passages: list[Evidence], verifier: Verifier | None,
           settings: Settings, thresholds: Thresholds, decisions: dict[str, ClaimDecision],
           model: dict[str, str], *, answer: str = "") -> None:
    """Score ``claims`` with ``verifier``, or (``None``) the shared one for ``settings``,
    loaded inside the timeout like a verifier's own lazy load."""
    texts = [p.text for p in passages]
    used: list[Verifier] = [verifier] if verifier is not None else []

    def run() -> tuple[list[Claim], list[Claim], list[NLIResult]]:
        if not used:
            used.append(shared_verifier(settings))
        try:
            return claims, [], verify_claims(used[0], [c.text for c in claims], texts,
                                             windows=settings.nli_windows)
        except InputError:  # a claim longer than the model takes: find which, go on
            pass
        fits: list[Claim] = []
        long: list[Claim] = []
        for c in claims:
            try:
                verify_claims(used[0], [c.text], [c.text], windows=1)
                fits.append(c)
            except InputError:
                long.append(c)
        return fits, long, (verify_claims(used[0], [c.text for c in fits], texts,
                                          windows=settings.nli_windows) if fits else [])

    out = _guarded(run, claims, settings, used, decisions)
    if out is None:
        return
    scored, too_long, results = out
    for c in too_long:
        decisions[c.id] = _too_long(c, passages, answer, settings, thresholds)
    claims = scored
    results = _minimise(claims, results, used[0], thresholds)
    results, quoted = (_quotes(claims, results, passages, used[0], answer)
                       if settings.policy != "certirag.policy.v1" else (results, set()))
    for i, (claim, res) in enumerate(zip(claims, results, strict=True)):
        model.setdefault("id", res.model_id)
        model.setdefault("sha256", res.model_sha256)
        failures = []
        if res.truncated and i not in quoted:  # a quote needs no model
            failures.append(reason("evidence_truncated",
                                   "the evidence window did not fit the model"))
        span = _span(res, passages)
        ev = ([span.model_copy(update={"score": res.scores.entailment})]
              if span is not None else [])
        decision, reasons = decide(findings=[], scores=res.scores, evidence_spans=len(ev),
                                   thresholds=thresholds, failures=failures,
                                   quoted=i in quoted)
        decisions[claim.id] = ClaimDecision(claim=claim, decision=decision, reasons=reasons,
                                            scores=Scores.model_validate(res.scores.model_dump()),
                                            evidence=ev)


def _guarded(run: Callable[[], _T], claims: list[Claim], settings: Settings,
             used: list[Verifier], decisions: dict[str, ClaimDecision]) -> _T | None:
    """``run()`` inside the verify timeout; on a timeout or a backend failure every claim
    is withheld with its typed reason and ``None`` is returned (fail closed, never pass)."""
    try:
        return _run_with_timeout(run, settings.verify_timeout_s)
    except concurrent.futures.TimeoutError:
        for c in claims:
            decisions[c.id] = _withhold(c, "timeout", f"the verifier did not answer within "
                                                      f"{settings.verify_timeout_s} s")
    except (CertiragError, Exception) as exc:
        if isinstance(exc, ConfigError) and not used:
            raise  # bad verifier settings (an unknown backend) are the caller's error
        log.warning("verifier failed: %s", exc)
        code = getattr(exc, "reason_code", "backend_error")
        for c in claims:
            decisions[c.id] = _withhold(c, code, f"the verifier failed: {exc}")
    return None


def _sentence_evidence(window: BindingWindow, passages: list[Evidence]) -> list[Evidence]:
    """A binding window's sentences as evidence spans, in the passages' coordinates."""
    return [_at(passages, s.source, s.start, s.end) for s in window.sentences]


def _at(passages: list[Evidence], source: int, start: int, end: int) -> Evidence:
    """``passages[source]`` from ``start`` to ``end`` (offsets into its text) as a span in
    the passages' own coordinates."""
    src = passages[source]
    return Evidence(doc_id=src.doc_id, chunk_id=src.chunk_id, start=src.start + start,
                    end=src.start + end, text=src.text[start:end])


def _score_bound(claims: list[Claim], passages: list[Evidence], verifier: Verifier | None,
                 settings: Settings, thresholds: Thresholds,
                 decisions: dict[str, ClaimDecision], model: dict[str, str], *, answer: str,
                 question: str, options: CheckOptions) -> None:
    """Policy v3 (:mod:`certirag.bound`): score each claim on the spans that bind it, check
    it again against the deciding span, and let a quote pass only when nothing frames it."""
    texts = [p.text for p in passages]
    used: list[Verifier] = [verifier] if verifier is not None else []
    pending: list[Claim] = []
    plans: dict[str, BindingPlan] = {}
    for c in claims:
        try:  # one plan per claim: its binding finding and the spans the model scores
            plans[c.id] = bound.plan_claim(c.text, texts, top=settings.nli_windows,
                                           locale=settings.date_locale)
            finding = bound.plan_finding(c.text, plans[c.id])
        except Exception as exc:  # fail closed on a bug in a rule
            log.exception("binding failed")
            decisions[c.id] = _withhold(c, "check_error", f"binding failed: {exc}")
            continue
        if finding is not None:
            decision, reasons = decide(findings=[finding], scores=None, evidence_spans=0,
                                       thresholds=thresholds)
            decisions[c.id] = ClaimDecision(claim=c, decision=decision, reasons=reasons)
        else:
            pending.append(c)
    if not pending:
        return

    read = partial(bound.model_reading, scorer=bound.SCORER_VERSION)  # what the model reads
    pairs = partial(bound.claim_pairs, scorer=bound.SCORER_VERSION,
                    locale=settings.date_locale)

    def score(batch: list[Claim]) -> list[BoundResult]:
        return score_bound(used[0], [c.text for c in batch], [plans[c.id] for c in batch],
                           tau_entail=thresholds.tau_entail, read=read, pairs=pairs,
                           pick=bound.pick_pair)

    def run() -> tuple[list[Claim], list[Claim], list[BoundResult], list[list[Evidence]],
                       list[NLIResult | None]]:
        if not used:
            used.append(shared_verifier(settings))
        fits, long = pending, list[Claim]()
        try:
            bindings = score(pending)
        except InputError:  # a claim longer than the model takes: find which, go on
            fits, long = [], []
            for c in pending:
                try:
                    used[0].score_pairs([(c.text, c.text)])
                    fits.append(c)
                except InputError:
                    long.append(c)
            bindings = score(fits) if fits else []
        quotes = _quotes_of(fits, passages, answer)
        qgroups = [pairs(c.text, bound.model_premise(q, passages, scorer=bound.SCORER_VERSION))
                   for c, q in zip(fits, quotes, strict=True) if q]
        qres = picked(used[0], qgroups, bound.pick_pair)
        return fits, long, bindings, quotes, _spread(quotes, qres)

    out = _guarded(run, pending, settings, used, decisions)
    if out is None:
        return
    scored, too_long, bindings, quotes, quoted_res = out
    for c in too_long:
        decisions[c.id] = _too_long(c, passages, answer, settings, thresholds)
    def checked(claim: Claim, span: list[Evidence]) -> tuple[list[bool], list[Finding]]:
        """The claim's quote marks on ``span`` and the span rules' findings."""
        marks = [quoted_by(claim, answer, e, passages) for e in span]
        return marks, bound.span_findings(claim.text, span, passages, question=question,
                                          options=options, quotes=marks)

    for claim, br, q, qr in zip(scored, bindings, quotes, quoted_res, strict=True):
        if q and qr is not None and not (objects_to_quote(qr.scores, thresholds)
                                         and br.result is not None and br.window is not None
                                         and _passes(br.result.scores, thresholds)):
            res, ev = qr, q  # the quote decides, unless the model objects to it alone and
            # its binding span, read resolved, entails the claim
        elif br.result is not None and br.window is not None:  # scored on a span
            res, ev = br.result, _sentence_evidence(br.window, passages)
        else:
            decisions[claim.id] = _withhold(claim, "no_evidence", "no evidence span binds "
                                                                  "the claim")
            continue
        model.setdefault("id", res.model_id)
        model.setdefault("sha256", res.model_sha256)
        try:
            marks, found = checked(claim, ev)
            if found and res is br.result and all(f.kind == "ungrounded" for f in found):
                # the best span does not state all the claim says: the next span the model
                # entails the claim from may (a span that contradicts it still blocks)
                for alt, window in br.others:
                    if not _passes(alt.scores, thresholds):
                        continue
                    alt_ev = _sentence_evidence(window, passages)
                    alt_marks, alt_found = checked(claim, alt_ev)
                    if not alt_found:
                        res, ev, marks, found = alt, alt_ev, alt_marks, []
                        break
        except Exception as exc:  # fail closed on a bug in a rule
            log.exception("span check failed")
            decisions[claim.id] = _withhold(claim, "check_error", f"span check failed: {exc}")
            continue
        failures = ([reason("evidence_truncated", "the evidence window did not fit the model")]
                    if res.truncated else [])
        is_quote = any(marks)
        decision, reasons = decide(findings=found, scores=res.scores, evidence_spans=len(ev),
                                   thresholds=thresholds, failures=failures, quoted=is_quote,
                                   quote_needs_model=True)
        score_ev = [e.model_copy(update={"score": res.scores.entailment}) for e in ev]
        decisions[claim.id] = ClaimDecision(claim=claim, decision=decision, reasons=reasons,
                                            scores=Scores.model_validate(res.scores.model_dump()),
                                            evidence=score_ev)


def _spread(quotes: list[list[Evidence]], results: list[NLIResult]
            ) -> list[NLIResult | None]:
    """``results`` (one per non-empty entry of ``quotes``) back in ``quotes``' places."""
    it = iter(results)
    return [next(it, None) if q else None for q in quotes]


def _quotes_of(claims: list[Claim], passages: list[Evidence], answer: str
                    ) -> list[list[Evidence]]:
    """For each claim that quotes a whole evidence sentence (the claim or its answer
    sentence, verbatim): ``[that sentence]``; else ``[]``."""
    out: list[list[Evidence]] = []
    for c in claims:
        hit = find_quote(c.text, passages) or find_quote(answer[c.start:c.end], passages)
        out.append([hit[1]] if hit is not None else [])
    return out


def _span(res: NLIResult, passages: list[Evidence]) -> Evidence | None:
    """The evidence span a verifier result points at, in the passages' coordinates."""
    if res.evidence_index is None or res.start is None or res.end is None:
        return None
    return _at(passages, res.evidence_index, res.start, res.end)


def _too_long(claim: Claim, passages: list[Evidence], answer: str, settings: Settings,
              thresholds: Thresholds) -> ClaimDecision:
    """A claim the model cannot take: verified if it quotes an evidence sentence (no model
    needed), otherwise withheld with reason ``claim_too_long``."""
    if settings.policy != "certirag.policy.v1":
        hit = (find_quote(claim.text, passages)
               or find_quote(answer[claim.start:claim.end], passages))
        if hit is not None and quoted_by(claim, answer, hit[1], passages):
            decision, reasons = decide(findings=[], scores=None, evidence_spans=1,
                                       thresholds=thresholds, quoted=True)
            return ClaimDecision(claim=claim, decision=decision, reasons=reasons,
                                 evidence=[hit[1]])
    return _withhold(claim, "claim_too_long", "the claim is longer than the NLI model "
                                              "takes; split the sentence")


def _judge(claims: list[Claim], texts: list[str], settings: Settings, thresholds: Thresholds,
           decisions: dict[str, ClaimDecision], model: dict[str, str]) -> None:
    """The cascade's last stage: the LLM judge re-decides claims in ``judge_band``."""
    ids = [c.id for c in claims]
    judge = LLMJudge(create_client(settings), retries=settings.judge_retries)
    judged = judge_uncertain([decisions[i] for i in ids], texts, judge=judge,
                             thresholds=thresholds, band=settings.judge_band)
    decisions.update(zip(ids, judged, strict=True))
    model["judge_prompt_sha256"] = JUDGE_PROMPT_SHA256
    model["judge_instruction_filter"] = FILTER_ID
    if judge.withheld:
        model["judge_withheld_sentences"] = str(judge.withheld)


def _passes(scores: Scores, thresholds: Thresholds) -> bool:
    c = scores.contradiction
    return scores.entailment >= thresholds.tau_entail and (c is None
                                                           or c < thresholds.tau_contradict)


def _quotes(claims: list[Claim], results: list[NLIResult], passages: list[Evidence],
            verifier: Verifier, answer: str) -> tuple[list[NLIResult], set[int]]:
    """Claims that quote a whole evidence sentence verbatim — the claim, or the answer
    sentence it comes from: their evidence becomes that evidence sentence, scored by the
    model in one batch for the record (the policy does not need the scores). Returns the
    results and the indexes of the claims whose evidence span is a quote, decided
    exactly as a certificate check re-derives it (:func:`quoted_by`)."""
    found: dict[int, tuple[int, Evidence]] = {}
    for i, (claim, res) in enumerate(zip(claims, results, strict=True)):
        current = _span(res, passages)
        if current is not None and quoted_by(claim, answer, current, passages):
            continue  # the model's span is the quote already
        hit = (find_quote(claim.text, passages)
               or find_quote(answer[claim.start:claim.end], passages))
        if hit is not None:
            found[i] = hit
    out = list(results)
    if found:
        order = sorted(found)
        try:
            scored = verifier.score_pairs([(found[i][1].text, claims[i].text) for i in order])
        except Exception as exc:  # the model's own results stand
            log.warning("scoring quoted sentences failed: %s", exc)
            scored = []
        for i, res in zip(order, scored, strict=False):
            index, quote = found[i]
            start = quote.start - passages[index].start
            out[i] = dataclasses.replace(res, window=quote.text, evidence_index=index,
                                         start=start, end=start + len(quote.text))
    quoted = set()
    for i, (claim, res) in enumerate(zip(claims, out, strict=True)):
        current = _span(res, passages)
        if current is not None and quoted_by(claim, answer, current, passages):
            quoted.add(i)
    return out, quoted


def quoted_by(claim: Claim, answer: str, span: Evidence, passages: Sequence[Evidence]
              ) -> bool:
    """Whether ``claim`` — its text, or the sentence of ``answer`` it was taken from —
    is ``span`` verbatim, a whole sentence of one of ``passages``. What is shown is the
    answer sentence, so a sentence that is an evidence sentence covers every claim split
    from it. The certificate check calls this too."""
    return (is_quote(claim.text, span, passages)
            or is_quote(answer[claim.start:claim.end], span, passages))


def _minimise(claims: list[Claim], results: list[NLIResult], verifier: Verifier,
              thresholds: Thresholds) -> list[NLIResult]:
    """Minimal sufficient evidence: where a passing window holds several sentences, score
    each sentence alone (one batch for all claims) and keep the best one that still
    passes; otherwise the window stays as it is."""
    trials: list[tuple[int, int, int]] = []  # (claim index, start, end) in evidence coords
    pairs: list[tuple[str, str]] = []
    for i, (claim, res) in enumerate(zip(claims, results, strict=True)):
        if res.start is None or not _passes(res.scores, thresholds) or res.truncated:
            continue
        spans = split_sentences(res.window)
        if len(spans) < 2:
            continue
        for a, b in spans:
            trials.append((i, res.start + a, res.start + b))
            pairs.append((res.window[a:b], claim.text))
    if not pairs:
        return results
    try:
        scored = verifier.score_pairs(pairs)
    except Exception as exc:  # the joint window already passed; keep it
        log.warning("minimal-evidence scoring failed: %s", exc)
        return results
    best: dict[int, NLIResult] = {}
    for (i, start, end), (text, _), res in zip(trials, pairs, scored, strict=True):
        if res.truncated or not _passes(res.scores, thresholds):
            continue
        if i not in best or res.scores.entailment > best[i].scores.entailment:
            best[i] = dataclasses.replace(res, window=text,
                                          evidence_index=results[i].evidence_index,
                                          start=start, end=end)
    return [best.get(i, res) for i, res in enumerate(results)]

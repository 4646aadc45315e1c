"""Run one system over evaluation items, in this process or in ``jobs`` worker processes.

The systems (the ablation's rows):

* ``checks+nli``: the full pipeline (:func:`certirag.pipeline.verify`), judge off — what
  ``certirag verify`` does with the same settings;
* ``checks``: the same pipeline with the NLI stage switched off: every evidence span the
  binding stage offers scores P(entailment) = 1, P(contradiction) = 0
  (:class:`NLIOff`), so only the deterministic stages (claim check, binding, span
  re-check, quote frames) can withhold;
* ``nli``: the NLI model alone, no deterministic stage: the same claims, each scored on
  its best evidence window (:func:`certirag.verifiers.verify_claims`) and decided by the
  policy on the model's scores;
* ``judge``: the full pipeline with the LLM judge on (``judge_enabled``), which needs
  ``llm_url``.

Settings has no switch for the deterministic stages or the NLI stage, so the ablation
calls these pieces directly here (the pipeline module is not changed).

Workers are spawned processes (``jobs`` > 1); each builds its own verifier from the
settings (with one onnxruntime thread unless ``threads`` is set), so scores are those a
single process gives.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from certirag.config import Settings
from certirag.errors import ConfigError, InputError
from certirag.eval.items import ClaimOutcome, Item, Outcome
from certirag.progress import NullProgress, Progress
from certirag.reasons import MODEL_CODES, reason
from certirag.verifiers.base import NLIResult, Verifier

if TYPE_CHECKING:
    from certirag.result import VerificationResult

__all__ = ["MODES", "SYSTEM_TITLES", "NLIOff", "Probe", "RunResult", "outcome_of", "probe",
           "run_items", "uncalibrated"]

log = logging.getLogger(__name__)

MODES = ("checks", "nli", "checks+nli", "judge")
SYSTEM_TITLES = {
    "checks": "deterministic checks only",
    "nli": "NLI only",
    "checks+nli": "checks + NLI (the pipeline)",
    "judge": "checks + NLI + LLM judge",
    "word-overlap": "baseline: word overlap",
    "substring": "baseline: substring",
    "always-verify": "baseline: always verify",
}
OFF_SHA256 = "0" * 64


class NLIOff:
    """The NLI stage switched off: every pair scores P(entailment) = 1. Used only for the
    ``checks`` row of an ablation (never to judge the pipeline)."""

    name = "nli-off"
    max_length = 256

    def load(self) -> None:
        return None

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        from certirag.schemas import Scores

        s = Scores(entailment=1.0, neutral=0.0, contradiction=0.0)
        raw = {"entailment": 1.0, "neutral": 0.0, "contradiction": 0.0}
        return [NLIResult(scores=s, raw=raw, window=p, model_id="nli-off",
                          model_sha256=OFF_SHA256) for p, _ in pairs]


@dataclass(frozen=True, slots=True)
class Probe:
    """What one scored pair tells about a verifier: its id, sha256 and temperature."""

    model_id: str
    model_sha256: str
    calibration: str
    temperature: float


def probe(verifier: Verifier) -> Probe:
    """Score one pair to read the model's id, sha256 and calibration temperature."""
    res = verifier.score_pairs([("The sky is blue.", "The sky is blue.")])[0]
    return Probe(res.model_id, res.model_sha256, res.calibration, float(res.temperature))


def uncalibrated(scores: Any, temperature: float) -> float | None:
    """P(entailment) before temperature scaling, recovered from the calibrated vector
    (softmax(z / T) → softmax(z): p_raw ∝ p_cal ** T)."""
    if scores is None:
        return None
    probs = [scores.entailment]
    if scores.neutral is not None:
        probs.append(scores.neutral)
    if scores.contradiction is not None:
        probs.append(scores.contradiction)
    if len(probs) == 1:
        probs.append(1.0 - scores.entailment)
    if temperature == 1.0:
        return float(scores.entailment)
    powered = [max(p, 0.0) ** temperature for p in probs]
    total = sum(powered)
    return float(powered[0] / total) if total > 0 and math.isfinite(total) else None


def _claim(c: Any, *, v3: bool, temperature: float) -> ClaimOutcome:
    from certirag.schemas import Decision

    codes = tuple(r.code for r in c.reasons)
    s = c.scores
    e = s.entailment if s is not None else None
    contra = s.contradiction if s is not None else None
    raw = uncalibrated(s, temperature)
    start, end = c.claim.start, c.claim.end
    if c.decision == Decision.NOT_A_CLAIM:
        return ClaimOutcome(start, end, "not_a_claim", codes, "none")
    if s is not None and set(codes) <= MODEL_CODES and c.evidence:
        return ClaimOutcome(start, end, c.decision.value, codes, "scored", e, contra, raw,
                            gate_e=e, gate_c=contra)
    if set(codes) == {"quoted"}:
        # a quote passes at any τe; under policy v3 the model objects to it at
        # P(contradiction) ≥ τc only where contradiction also outweighs entailment
        # (policy.objects_to_quote), so its gate is P(contradiction) only there
        objects = v3 and contra is not None and e is not None and contra > e
        return ClaimOutcome(start, end, c.decision.value, codes, "quoted", e, contra, raw,
                            gate_e=1.0, gate_c=contra if objects else None)
    return ClaimOutcome(start, end, c.decision.value, codes, "fixed", e, contra, raw)


def outcome_of(result: VerificationResult, *, temperature: float = 1.0) -> Outcome:
    """A :class:`~certirag.pipeline.VerificationResult` as an :class:`Outcome`."""
    v3 = result.policy == "certirag.policy.v3"
    return Outcome(tuple(_claim(c, v3=v3, temperature=temperature) for c in result.claims),
                   backend_failed=bool(result.backend_failed))


def _refused(item: Item, exc: Exception) -> Outcome:
    end = len(item.answer.rstrip())
    return Outcome((ClaimOutcome(0, end, "unverified", ("input_error",), "fixed"),),
                   error=str(exc)[:300])


def _nli_only(item: Item, settings: Settings, verifier: Verifier, temperature: float
              ) -> Outcome:
    """The NLI model alone: the pipeline's claims, each on its best evidence window."""
    from certirag.claims import extract_claims_for
    from certirag.policy import Thresholds, decide
    from certirag.verifiers import verify_claims

    claims, _ = extract_claims_for(settings, item.answer, question=item.question)
    texts = [t for _, t in item.evidence if t.strip()]
    thresholds = Thresholds(settings.tau_entail, settings.tau_contradict)
    out: dict[str, ClaimOutcome] = {}
    pending = []
    for c in claims:
        if c.kind == "not_a_claim":
            out[c.id] = ClaimOutcome(c.start, c.end, "not_a_claim", ("not_a_claim",), "none")
        elif c.kind != "claim":
            code = "compiler_error" if c.kind == "compiler_error" else "unresolved_answer"
            out[c.id] = ClaimOutcome(c.start, c.end, "unverified", (code,), "fixed")
        elif not texts:
            out[c.id] = ClaimOutcome(c.start, c.end, "unverified", ("no_evidence",), "fixed")
        else:
            pending.append(c)
    failed = False
    if pending:
        results: list[NLIResult | None]
        try:
            results = list(verify_claims(verifier, [c.text for c in pending], texts,
                                         windows=settings.nli_windows))
        except InputError:  # a claim longer than the model takes: score one by one
            results = []
            for c in pending:
                try:
                    results.append(verify_claims(verifier, [c.text], texts,
                                                 windows=settings.nli_windows)[0])
                except InputError:
                    results.append(None)
        except Exception as exc:  # fail closed, as the pipeline does
            log.warning("verifier failed: %s", exc)
            failed = True
            results = []
            for c in pending:
                out[c.id] = ClaimOutcome(c.start, c.end, "unverified", ("backend_error",),
                                         "fixed")
        for c, res in zip(pending, results, strict=False):
            if res is None:
                out[c.id] = ClaimOutcome(c.start, c.end, "unverified", ("claim_too_long",),
                                         "fixed")
                continue
            failures = ([reason("evidence_truncated", "window cut")]
                        if res.truncated else [])
            decision, reasons = decide(findings=[], scores=res.scores, evidence_spans=1,
                                       thresholds=thresholds, failures=failures)
            codes = tuple(r.code for r in reasons)
            e, contra = res.scores.entailment, res.scores.contradiction
            raw = uncalibrated(res.scores, temperature)
            rule = "scored" if set(codes) <= MODEL_CODES else "fixed"
            out[c.id] = ClaimOutcome(c.start, c.end, decision.value, codes, rule, e, contra,
                                     raw, gate_e=e if rule == "scored" else None,
                                     gate_c=contra if rule == "scored" else None)
    return Outcome(tuple(out[c.id] for c in claims), backend_failed=failed)


# ------------------------------------------------------------------------- workers

@dataclass
class _State:
    mode: str
    settings: Settings
    verifier: Verifier
    temperature: float
    model: dict[str, str] = field(default_factory=dict)


_WORKER: _State | None = None  # one per worker process, set by its initializer


def _state_for(mode: str, settings: Settings, verifier: Verifier | None, temperature: float
               ) -> _State:
    if mode not in MODES:
        raise ConfigError(f"unknown system {mode!r}; choose from {', '.join(MODES)}")
    if mode == "judge":
        if not settings.llm_url:
            raise ConfigError("the judge row needs llm_url (CERTIRAG_LLM_URL): an "
                              "OpenAI-compatible server")
        settings = settings.model_copy(update={"judge_enabled": True})
    elif settings.judge_enabled:
        settings = settings.model_copy(update={"judge_enabled": False})
    if mode == "checks":
        verifier = NLIOff()
    elif verifier is None:
        from certirag.verifiers import create_verifier

        verifier = create_verifier(settings)
        verifier.load()
    return _State(mode, settings, verifier, temperature)


def _init_worker(mode: str, settings: Settings, verifier: Verifier | None,
                 temperature: float) -> None:
    global _WORKER
    _WORKER = _state_for(mode, settings, verifier, temperature)


def _verify_one(state: _State, item: Item) -> Outcome:
    from certirag.pipeline import verify

    if not item.answer.strip():  # an empty answer asserts nothing: nothing to withhold
        return Outcome()
    try:
        if state.mode == "nli":
            return _nli_only(item, state.settings, state.verifier, state.temperature)
        res = verify(item.question, item.answer, evidence=item.evidence_dicts(),
                     settings=state.settings, verifier=state.verifier)
    except InputError as exc:
        return _refused(item, exc)
    if not state.model and res.model:
        state.model = dict(res.model)
    return outcome_of(res, temperature=state.temperature)


def _work(items: Sequence[Item]) -> tuple[list[Outcome], dict[str, str]]:
    assert _WORKER is not None, "worker not initialised"
    return [_verify_one(_WORKER, it) for it in items], dict(_WORKER.model)


@dataclass
class RunResult:
    outcomes: list[Outcome]
    model: dict[str, str]
    seconds: float


def run_items(items: Sequence[Item], *, mode: str, settings: Settings,
              verifier: Verifier | None = None,
              temperature: float = 1.0, jobs: int = 1, progress: Progress | None = None,
              label: str = "") -> RunResult:
    """Verify every item with system ``mode``; outcomes come back in item order.

    ``verifier`` (jobs = 1, or a picklable one) replaces the backend the settings name;
    with ``jobs`` > 1 and no verifier each worker builds its own from the settings.
    """
    import time

    if jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {jobs}")
    progress = progress or NullProgress()
    t0 = time.perf_counter()
    progress.start(label or mode, len(items))
    outcomes: list[Outcome] = []
    model: dict[str, str] = {}
    if jobs == 1 or len(items) < 2:
        state = _state_for(mode, settings, verifier, temperature)
        for it in items:
            outcomes.append(_verify_one(state, it))
            progress.advance()
        model = dict(state.model)
    else:
        outcomes, model = _parallel(items, mode, settings, verifier, temperature, jobs,
                                    progress)
    progress.finish()
    return RunResult(outcomes, model, time.perf_counter() - t0)


def _parallel(items: Sequence[Item], mode: str, settings: Settings, verifier: Verifier | None,
              temperature: float, jobs: int, progress: Progress
              ) -> tuple[list[Outcome], dict[str, str]]:
    import concurrent.futures
    import multiprocessing
    import pickle

    if verifier is not None and mode != "checks":
        try:
            pickle.dumps(verifier)
        except Exception as exc:
            raise ConfigError(f"--jobs {jobs} needs a verifier the workers can build from "
                              f"the settings or receive by pickling ({exc})") from exc
    if settings.threads == 0:  # one onnxruntime thread per worker, not one per core each
        settings = settings.model_copy(update={"threads": 1})
    size = max(1, min(16, math.ceil(len(items) / (jobs * 4))))
    chunks = [list(items[k:k + size]) for k in range(0, len(items), size)]
    results: dict[int, list[Outcome]] = {}
    model: dict[str, str] = {}
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(
            max_workers=min(jobs, len(chunks)), mp_context=ctx, initializer=_init_worker,
            initargs=(mode, settings, None if mode == "checks" else verifier,
                      temperature)) as pool:
        futures = {pool.submit(_work, chunk): k for k, chunk in enumerate(chunks)}
        for fut in concurrent.futures.as_completed(futures):
            k = futures[fut]
            got, m = fut.result()
            results[k] = got
            model = model or m
            progress.advance(len(got))
    return [o for k in range(len(chunks)) for o in results[k]], model

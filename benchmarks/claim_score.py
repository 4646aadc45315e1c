"""Does a learned claim score decide better than the calibrated P(entailment)?

The policy verifies a scored claim iff its calibrated P(entailment) on the deciding span
reaches τe (and P(contradiction) stays below τc). This benchmark asks whether a small,
deterministic model over more of what the pipeline knows about a claim would separate
right from hallucinated HaluEval answers better, and what thresholds by context would buy.

Every answer of the dev rows is verified once at the default preset (the pipeline as
shipped) and each claim kept with its decision, the model's three probabilities, its
deciding span and the question. Then, per system:

* **P(entailment)**: the shipped rule, its (τe, τc) chosen again here;
* **logistic regression** over features of a scored claim — logit P(entailment),
  logit P(contradiction), logit P(neutral); content-word coverage of the claim by its span
  and the question, the number of claim words neither holds, the claim's length, the
  span's sentences; whether a question came with the answer — fitted (scikit-learn,
  L2, C = 1) on the *fit* rows with the claim's answer label (a claim of a right answer
  is 1, of a hallucinated one 0: noisy, since most claims of a hallucinated summary are
  true), its probability then thresholded as P(entailment) is;
* **thresholds by context**: one (τe, τc) for answers that come with a question and one
  for answers that do not (each data set tuned on its own), the shipped model's
  P(entailment) unchanged.

(τ, τc) are chosen on the *tune* rows by the presets' rule — the best mean balanced
accuracy over QA and summarization with at most ``--max-leak`` of hallucinated answers
fully verified in each — on the grid of ``certirag eval tune-thresholds``, and then read on
the *held* rows (fit rows are held for the threshold choice; no system is fitted on its
tune rows). Claims are re-decided as ``certirag eval`` re-decides them
(:class:`~certirag.eval.items.ClaimOutcome`): a claim withheld by a deterministic finding
stays withheld in every system; a quote is withheld only where the model objects to it
(policy v3). With ``--own-set``
the own test set (``tests/data/verifier_cases.jsonl``) is also verified without its
questions at the no-question thresholds, the price of those thresholds in planted
errors.

    python benchmarks/claim_score.py --data ../shared/data --own-set

Rows 8,000 and up are the reserved test split and are refused.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from certirag.eval.items import ClaimOutcome, content_words
from certirag.train.nli_data import read_rows

FEATURES = ("logit_e", "logit_c", "logit_n", "coverage", "uncovered", "length",
            "span_sentences", "has_question")
SYSTEMS: dict[str, tuple[str, ...]] = {
    "logistic: P(e), P(c), P(n)": FEATURES[:3],
    "logistic: + coverage, length, span": FEATURES[:7],
    "logistic: all features (+ question)": FEATURES,
}
RESERVED_FROM = 8_000


@dataclass(frozen=True)
class ClaimRow:
    """A claim as the evaluation re-decides it, with the learned score's inputs (scored
    claims only)."""

    outcome: ClaimOutcome
    features: tuple[float, ...]

    @property
    def rule(self) -> str:
        return self.outcome.rule


@dataclass(frozen=True)
class Answer:
    dataset: str
    line: int
    right: bool
    claims: tuple[ClaimRow, ...]


def _range(spec: str) -> tuple[int, int]:
    lo, hi = (int(x) for x in spec.split(":"))
    if hi > RESERVED_FROM:
        raise SystemExit("rows 8,000 and up are the reserved test split: not used here")
    if not 0 <= lo < hi:
        raise SystemExit(f"bad row range {spec!r}: need 0 <= A < B")
    return lo, hi


def _logit(p: float | None) -> float:
    q = min(max(p if p is not None else 0.0, 1e-4), 1 - 1e-4)
    return math.log(q / (1 - q))


def features(claim: str, span: Sequence[str], question: str, e: float, n: float | None,
             c: float | None) -> tuple[float, ...]:
    """The learned score's inputs for one scored claim (in the order of FEATURES)."""
    words = content_words(claim)
    held = content_words(" ".join(span)) | content_words(question)
    uncovered = len(words - held)
    return (_logit(e), _logit(c), _logit(n), 1.0 - uncovered / max(1, len(words)),
            math.log1p(uncovered), math.log1p(len(words)), float(len(span)),
            1.0 if question.strip() else 0.0)


def claim_rows(result: Any, question: str) -> tuple[ClaimRow, ...]:
    """A verification result's claims as the systems read them: the evaluation's own
    outcomes (:func:`certirag.eval.runner.outcome_of`), features on the scored ones."""
    from certirag.eval.runner import outcome_of

    out = []
    for cd, oc in zip(result.claims, outcome_of(result).claims, strict=True):
        if oc.rule == "none":
            continue
        s = cd.scores
        feats = (features(cd.claim.text, [x.text for x in cd.evidence], question,
                          s.entailment, s.neutral, s.contradiction)
                 if oc.rule == "scored" and s is not None else ())
        out.append(ClaimRow(oc, feats))
    return tuple(out)


def collect(data: Path, dataset: str, spec: str, verifier: Any, settings: Any
            ) -> list[Answer]:
    """Verify the right and the hallucinated answer of every row in ``spec``."""
    from certirag import verify

    lo, hi = _range(spec)
    fields: tuple[str, str | None, str, str]
    if dataset == "qa":
        path, fields = data / "halueval" / "qa.jsonl", ("knowledge", "question",
                                                         "right_answer", "hallucinated_answer")
    else:
        path, fields = data / "halueval" / "summarization.jsonl", (
            "document", None, "right_summary", "hallucinated_summary")
    out = []
    for line, row in read_rows(path, lo, hi):
        ev_key, q_key, right_key, wrong_key = fields
        question = str(row[q_key]) if q_key else ""
        evidence = [{"id": f"{dataset}-{line}", "text": str(row[ev_key])}]
        for right, key in ((True, right_key), (False, wrong_key)):
            answer = str(row[key])
            if not answer.strip():
                continue
            res = verify(question, answer, evidence=evidence, settings=settings,
                         verifier=verifier)
            out.append(Answer(dataset, line, right, claim_rows(res, question)))
        if (line - lo) % 100 == 99:
            print(f"  {dataset} {line + 1 - lo}/{hi - lo} rows", file=sys.stderr, flush=True)
    return out


Score = Callable[[ClaimRow], float]


def passes(a: Answer, score: Score, tau: float, tau_c: float) -> bool:
    """Whether every claim of ``a`` is verified at (tau, tau_c) with ``score`` in place of
    P(entailment) on the scored claims (the evaluation's own re-decision otherwise)."""
    for c in a.claims:
        outcome = (replace(c.outcome, gate_e=score(c)) if c.rule == "scored"
                   else c.outcome)
        if outcome.decide(tau, tau_c) != "verified":
            return False
    return True


def rates(answers: Sequence[Answer], score: Score, tau: float, tau_c: float
          ) -> dict[str, float]:
    right = [passes(a, score, tau, tau_c) for a in answers if a.right]
    wrong = [passes(a, score, tau, tau_c) for a in answers if not a.right]
    passed, leak = float(np.mean(right)), float(np.mean(wrong))
    return {"balanced_accuracy": (passed + 1.0 - leak) / 2, "right_passed": passed,
            "leak": leak, "n": float(len(answers))}


def choose(sets: Sequence[Sequence[Answer]], score: Score, max_leak: float
           ) -> tuple[float, float, float] | None:
    """(τ, τc, objective): the presets' rule on ``sets`` (each at most ``max_leak``)."""
    from certirag.eval.suite import GRID_C, GRID_E

    best: tuple[float, float, float] | None = None
    for tau in GRID_E:
        for tau_c in GRID_C:
            got = [rates(s, score, tau, tau_c) for s in sets]
            if any(g["leak"] > max_leak + 1e-9 for g in got):
                continue
            objective = float(np.mean([g["balanced_accuracy"] for g in got]))
            if best is None or objective > best[2]:
                best = (tau, tau_c, objective)
    return best


def entailment(c: ClaimRow) -> float:
    return float(c.outcome.entailment or 0.0)


def fit(answers: Sequence[Answer], columns: Sequence[int]) -> tuple[Score, dict[str, Any]]:
    """A logistic regression over ``columns`` of the scored claims' features."""
    from sklearn.linear_model import LogisticRegression

    x = [[c.features[i] for i in columns] for a in answers for c in a.claims
         if c.rule == "scored"]
    y = [int(a.right) for a in answers for c in a.claims if c.rule == "scored"]
    model = LogisticRegression(C=1.0, max_iter=2000).fit(np.array(x), np.array(y))
    w, b = model.coef_[0].tolist(), float(model.intercept_[0])

    def score(c: ClaimRow) -> float:
        z = b + sum(wi * c.features[i] for wi, i in zip(w, columns, strict=True))
        return 1.0 / (1.0 + math.exp(-z))

    return score, {"weights": dict(zip([FEATURES[i] for i in columns], w, strict=True)),
                   "intercept": b, "claims": len(y)}


def _own_set(tau: float, tau_c: float) -> dict[str, Any]:
    """The own test set verified without its questions at (tau, tau_c), and as shipped."""
    from certirag import load_settings, verify
    from certirag.verifiers import create_verifier

    cases = [json.loads(x) for x in (Path(__file__).resolve().parent.parent / "tests" / "data"
                                     / "verifier_cases.jsonl").read_text().splitlines()
             if x.strip()]
    out: dict[str, Any] = {}
    shipped = load_settings(preset="default")
    for name, settings, keep_question in (
            ("shipped thresholds, with questions", shipped, True),
            ("shipped thresholds, questions dropped", shipped, False),
            ("no-question thresholds, questions dropped",
             shipped.model_copy(update={"tau_entail": tau, "tau_contradict": tau_c}), False)):
        verifier = create_verifier(settings)
        caught = passed = 0
        missed = []
        for case in cases:
            res = verify(case["question"] if keep_question else "", case["answer"],
                         evidence=[{"id": f"e{i}", "text": t}
                                   for i, t in enumerate(case["evidence"])],
                         settings=settings, verifier=verifier)
            shown = res.exit_code() == 0
            if case["expect"] == "catch":
                caught += not shown
                if shown:
                    missed.append(case["id"])
            else:
                passed += shown
        n_catch = sum(c["expect"] == "catch" for c in cases)
        out[name] = {"tau_entail": settings.tau_entail, "tau_contradict": settings.tau_contradict,
                     "caught": caught, "planted": n_catch, "passed": passed,
                     "faithful": len(cases) - n_catch, "missed": missed}
    return out


def _row(name: str, choice: tuple[float, float, float] | None, held: Sequence[Sequence[Answer]],
         score: Score) -> dict[str, Any]:
    if choice is None:
        return {"system": name, "constraint_met": False}
    tau, tau_c, objective = choice
    qa, summ = (rates(h, score, tau, tau_c) for h in held)
    return {"system": name, "tau": tau, "tau_contradict": tau_c, "tune_objective": objective,
            "held_qa": qa, "held_summarization": summ}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--data", type=Path,
                    default=Path(os.environ.get("CERTIRAG_DATA_DIR", "../shared/data")))
    ap.add_argument("--qa-tune", default="7000:7600")
    ap.add_argument("--qa-fit", default="7600:8000")
    ap.add_argument("--summarization-tune", default="7000:7300")
    ap.add_argument("--summarization-fit", default="7300:8000")
    ap.add_argument("--max-leak", type=float, default=0.05)
    ap.add_argument("--own-set", action="store_true",
                    help="also verify the own test set without its questions")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not (args.data / "halueval" / "qa.jsonl").is_file():
        print(f"no HaluEval data under {args.data}: pass --data", file=sys.stderr)
        return 2
    from certirag import load_settings
    from certirag.verifiers import create_verifier

    settings = load_settings(preset="default")
    verifier = create_verifier(settings)
    parts = {key: collect(args.data, ds, getattr(args, key), verifier, settings)
             for key, ds in (("qa_tune", "qa"), ("qa_fit", "qa"),
                             ("summarization_tune", "summ"), ("summarization_fit", "summ"))}
    tune = [parts["qa_tune"], parts["summarization_tune"]]
    held = [parts["qa_fit"], parts["summarization_fit"]]
    rows = [_row("P(entailment) (shipped rule)", choose(tune, entailment, args.max_leak),
                 held, entailment)]
    for name, cols in SYSTEMS.items():
        idx = [FEATURES.index(f) for f in cols]
        score, model = fit(held[0] + held[1], idx)
        rows.append({**_row(name, choose(tune, score, args.max_leak), held, score),
                     "model": model})
    by_context = [choose([t], entailment, args.max_leak) for t in tune]
    context: dict[str, Any] = {"system": "thresholds by context (P(entailment))"}
    if all(c is not None for c in by_context):
        (tq, cq, oq), (ts, cs, osumm) = by_context  # type: ignore[misc]
        context.update({"with_question": {"tau": tq, "tau_contradict": cq, "tune": oq},
                        "without_question": {"tau": ts, "tau_contradict": cs, "tune": osumm},
                        "tune_objective": (oq + osumm) / 2,
                        "held_qa": rates(held[0], entailment, tq, cq),
                        "held_summarization": rates(held[1], entailment, ts, cs)})
        if args.own_set:
            context["own_set"] = _own_set(ts, cs)
    report = {"rows": {k: getattr(args, k) for k in ("qa_tune", "qa_fit", "summarization_tune",
                                                     "summarization_fit")},
              "model": {"nli_model": str(settings.nli_model)}, "max_leak": args.max_leak,
              "systems": rows, "by_context": context}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    _print(report)
    return 0


def _print(report: dict[str, Any]) -> None:
    r = report["rows"]
    print(f"tune rows: QA {r['qa_tune']}, summarization {r['summarization_tune']}; fit/held "
          f"rows: QA {r['qa_fit']}, summarization {r['summarization_fit']}; rule: best mean "
          f"balanced accuracy, leak <= {report['max_leak']:.0%} in each ({report['model']})")
    print(f"{'system':40s} {'tau':>5s} {'tau_c':>5s} {'tune':>6s} {'QA held (leak)':>16s} "
          f"{'summ held (leak)':>17s} {'summ vs shipped':>15s}")
    base = report["systems"][0].get("held_summarization", {}).get("balanced_accuracy")
    for s in [*report["systems"], report["by_context"]]:
        if "held_qa" not in s:
            print(f"{s['system']:40s} (no thresholds meet the bound)")
            continue
        q, m = s["held_qa"], s["held_summarization"]
        tau = s.get("tau", s.get("without_question", {}).get("tau", float("nan")))
        tau_c = s.get("tau_contradict", s.get("without_question", {}).get("tau_contradict",
                                                                           float("nan")))
        ratio = m["balanced_accuracy"] / base if base else float("nan")
        print(f"{s['system']:40s} {tau:5.2f} {tau_c:5.2f} {s['tune_objective']:6.4f} "
              f"{q['balanced_accuracy']:8.3f} ({q['leak']:.3f}) "
              f"{m['balanced_accuracy']:9.3f} ({m['leak']:.3f}) {ratio:15.3f}")
    ctx = report["by_context"]
    if "with_question" in ctx:
        print(f"thresholds by context: with a question tau {ctx['with_question']['tau']:.2f} "
              f"tau_c {ctx['with_question']['tau_contradict']:.2f}; without "
              f"tau {ctx['without_question']['tau']:.2f} "
              f"tau_c {ctx['without_question']['tau_contradict']:.2f}")
    for name, o in ctx.get("own_set", {}).items():
        print(f"own set, {name} (tau {o['tau_entail']:.2f}, tau_c {o['tau_contradict']:.2f}): "
              f"caught {o['caught']}/{o['planted']}, verified {o['passed']}/{o['faithful']}; "
              f"missed {', '.join(o['missed']) or '-'}")


if __name__ == "__main__":
    raise SystemExit(main())

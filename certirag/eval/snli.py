"""SNLI 1.0 evaluation of a 3-way NLI verifier.

Rows are JSON objects with ``sentence1`` (premise), ``sentence2`` (hypothesis) and
``gold_label``; rows whose gold label is ``-`` (no annotator majority) are skipped. The
prediction is the arg-max of the verifier's calibrated scores; ECE is reported on the
calibrated and the uncalibrated probabilities.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from certirag.errors import BackendError, InputError, VerificationError
from certirag.eval.datasets import NLIExample, Rows, read_jsonl, register_dataset, text_field
from certirag.eval.metrics import EvalReport, expected_calibration_error, summary
from certirag.progress import NullProgress, Progress
from certirag.verifiers.base import NLIResult, Verifier

__all__ = ["SNLI_LABELS", "evaluate_nli", "load_snli", "run_snli"]

SNLI_LABELS = ("entailment", "neutral", "contradiction")

def load_snli(path: Path, rows: Rows | None = None, limit: int | None = None) -> list[NLIExample]:
    """Labelled pairs from an SNLI JSONL file (gold ``-`` skipped), at most ``limit``."""
    if limit is not None and limit < 1:
        raise InputError(f"--limit must be at least 1, got {limit}")
    out: list[NLIExample] = []
    source = str(path)
    for i, row in read_jsonl(Path(path), rows):
        if "gold_label" not in row:
            raise InputError("missing field 'gold_label'", source=source, line=i + 1)
        gold = row["gold_label"]
        if gold == "-":
            continue
        if gold not in SNLI_LABELS:
            raise InputError(f"field 'gold_label' must be {', '.join(SNLI_LABELS)} or '-', "
                             f"got {gold!r}", source=source, line=i + 1)
        premise, hypothesis = (text_field(row, key, source=source, line=i + 1,
                                          allow_empty=True)
                               for key in ("sentence1", "sentence2"))
        out.append(NLIExample(premise, hypothesis, str(gold), i))
        if limit is not None and len(out) >= limit:
            break
    return out


register_dataset("snli", load_snli)


def _score(verifier: Verifier, examples: Sequence[NLIExample], chunk: int,
           progress: Progress | None) -> list[NLIResult]:
    results: list[NLIResult] = []
    progress = progress or NullProgress()
    progress.start("scoring pairs", len(examples))
    for k in range(0, len(examples), chunk):
        part = examples[k : k + chunk]
        got = verifier.score_pairs([(e.premise, e.hypothesis) for e in part])
        if len(got) != len(part):
            raise BackendError(f"verifier returned {len(got)} results for {len(part)} pairs")
        results.extend(got)
        progress.advance(len(got))
    progress.finish()
    return results


def evaluate_nli(verifier: Verifier, examples: Sequence[NLIExample], *, chunk: int = 256,
                 progress: Progress | None = None) -> tuple[dict[str, object], list[NLIResult]]:
    """Score ``examples`` and compute 3-way metrics; returns ``(metrics, results)``.
    A 2-class verifier cannot be judged on 3 classes: :class:`VerificationError`."""
    import numpy as np

    if not examples:
        raise InputError("no examples selected")
    results = _score(verifier, examples, chunk, progress)
    probs = np.zeros((len(results), 3))
    raw = np.zeros((len(results), 3))
    for i, r in enumerate(results):
        s = r.scores
        if s.neutral is None or s.contradiction is None:
            raise VerificationError(
                f"model {r.model_id!r} has 2 classes; SNLI needs entailment, neutral and "
                "contradiction"
            )
        probs[i] = (s.entailment, s.neutral, s.contradiction)
        raw[i] = [r.raw[lab] for lab in SNLI_LABELS]
    pred = [SNLI_LABELS[j] for j in probs.argmax(axis=1)]
    gold = [e.label for e in examples]
    metrics = summary(gold, pred, SNLI_LABELS, probs=probs)
    gold_ids = np.array([SNLI_LABELS.index(g) for g in gold])
    metrics["ece_uncalibrated"] = expected_calibration_error(raw, gold_ids)
    metrics["calibration"] = {"method": results[0].calibration,
                              "temperature": results[0].temperature}
    metrics["truncated"] = sum(r.truncated for r in results)
    return metrics, results


def run_snli(verifier: Verifier, data: Path, *, rows: Rows | None = None,
             limit: int | None = None, settings_hash: str = "", command: str = "",
             progress: Progress | None = None) -> EvalReport:
    """Load SNLI rows from ``data``, score them with ``verifier`` and build the report."""
    rows = rows or Rows()
    examples = load_snli(data, rows, limit)
    if not examples:
        raise InputError(f"no labelled SNLI pairs in rows {rows} of {data}")
    t0 = time.perf_counter()
    metrics, results = evaluate_nli(verifier, examples, progress=progress)
    seconds = time.perf_counter() - t0
    metrics["pairs_per_second"] = len(examples) / seconds if seconds > 0 else None
    return EvalReport(
        dataset="snli", source=str(data), rows=str(rows), limit=limit, n=len(examples),
        metrics=metrics, model_id=results[0].model_id, model_sha256=results[0].model_sha256,
        settings_hash=settings_hash, command=command, seconds=seconds,
    )

"""How faithful the quantised NLI model is to its fp32 weights, and what it costs, in one run.

A fine-tuned checkpoint (a Hugging Face folder, e.g. ``runs/nli/final``) is exported to fp32
ONNX and quantised twice (:func:`certirag.train.export.quantize_int8`): 7-bit signed
weights (the shipped models up to ``nli-minilm-l6-para-int8``) and 8-bit unsigned weights
(``--weights uint8``, the default of ``scripts/build_nli_model.py``). Each is scored on
HaluEval dev pairs — the voice-change pairs of :mod:`certirag.train.voice` (rows
``--rows``) and the claim pairs of summarization rows ``--summarization-rows`` — and
compared with the fp32 model (arg-max agreement, mean absolute probability difference);
with ``--reference MODEL`` each is compared with that model as well (e.g. the shipped
graph a recovered checkpoint came from). The time to score the summarization pairs in
batches of 8 on one thread is taken alternately for the two quantised models, and the
ratio printed.

    python benchmarks/quantisation.py --checkpoint runs/nli/final --data ../shared/data \\
        [--reference builtin:nli-minilm-l6-para-int8] [--json]

Rows 8,000 and up are the reserved test split and are refused.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

Pairs = list[tuple[str, str]]


def _pairs(data: Path, rows: str, summ_rows: str) -> dict[str, Pairs]:
    from certirag.train.bind_data import as_read, summarization_claim_pairs, voice_rows

    def span(text: str) -> tuple[int, int]:
        a, _, b = text.partition(":")
        if not (a.isdigit() and b.isdigit() and int(a) < int(b) <= 8000):
            raise SystemExit(f"rows must be A:B with A < B <= 8000 (dev), got {text!r}")
        return int(a), int(b)

    voice = as_read(voice_rows(data, *span(rows), seed=45))
    summ = as_read(summarization_claim_pairs(data / "halueval" / "summarization.jsonl",
                                             *span(summ_rows)))
    return {"voice": [(p.premise, p.hypothesis) for p in voice],
            "summarization": [(p.premise, p.hypothesis) for p in summ]}


def _probs(model: str, pairs: Pairs) -> np.ndarray:
    from certirag.verifiers.onnx_nli import OnnxNLIVerifier

    logits, _ = OnnxNLIVerifier(model, threads=1).logits(pairs)
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return np.asarray(e / e.sum(axis=1, keepdims=True))


def compare(a: np.ndarray, b: np.ndarray) -> dict[str, float]:
    """Arg-max agreement and mean absolute probability difference of two score arrays."""
    return {"argmax_agreement": round(float(np.mean(a.argmax(1) == b.argmax(1))), 4),
            "mean_abs_diff": round(float(np.abs(a - b).mean()), 4)}


def _seconds(models: dict[str, str], pairs: Pairs) -> dict[str, float]:
    from certirag.verifiers.onnx_nli import OnnxNLIVerifier

    loaded = {k: OnnxNLIVerifier(m, threads=1) for k, m in models.items()}
    for v in loaded.values():
        v.score_pairs(pairs[:8])  # load and warm up outside the timings
    spent = dict.fromkeys(loaded, 0.0)
    for i in range(0, len(pairs), 8):
        for k, v in loaded.items():
            t = time.perf_counter()
            v.score_pairs(pairs[i:i + 8])
            spent[k] += time.perf_counter() - t
    return {k: round(x, 3) for k, x in spent.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--checkpoint", type=Path, required=True,
                    help="a Hugging Face folder (runs/…/final)")
    ap.add_argument("--data", type=Path,
                    default=Path(os.environ.get("CERTIRAG_DATA_DIR", "../shared/data")))
    ap.add_argument("--rows", default="7000:8000", help="voice pairs' HaluEval rows")
    ap.add_argument("--summarization-rows", default="7000:7100")
    ap.add_argument("--reference", default=None, help="an ONNX model to compare with too")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    from certirag.train.export import export_onnx, quantize_int8

    pairs = _pairs(args.data, args.rows, args.summarization_rows)
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = export_onnx(args.checkpoint, Path(tmp) / "fp32", task="nli")
        models = {"fp32": str(fp32),
                  "int8-7bit": str(quantize_int8(fp32, Path(tmp) / "int8-7bit")),
                  "uint8": str(quantize_int8(fp32, Path(tmp) / "uint8", unsigned=True))}
        if args.reference:
            models["reference"] = args.reference
        scores = {k: {name: _probs(m, p) for name, p in pairs.items()}
                  for k, m in models.items()}
        seconds = _seconds({k: models[k] for k in ("int8-7bit", "uint8")},
                           pairs["summarization"])
    report: dict[str, Any] = {
        "checkpoint": str(args.checkpoint), "pairs": {k: len(v) for k, v in pairs.items()},
        "vs_fp32": {k: {name: compare(scores[k][name], scores["fp32"][name]) for name in pairs}
                    for k in ("int8-7bit", "uint8")},
        "seconds_one_thread": seconds,
        "uint8_over_int8_7bit": round(seconds["uint8"] / seconds["int8-7bit"], 2),
    }
    if args.reference:
        report["vs_reference"] = {
            k: {name: compare(scores[k][name], scores["reference"][name]) for name in pairs}
            for k in ("fp32", "int8-7bit", "uint8")}
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    for against in ("vs_fp32", "vs_reference"):
        for k, row in report.get(against, {}).items():
            cells = ", ".join(f"{name} {v['argmax_agreement']:.1%} (|Δp| {v['mean_abs_diff']:.3f})"
                              for name, v in row.items())
            print(f"{k:10s} {against}: {cells}")
    print(f"one thread, summarization pairs: {seconds}; uint8 / int8-7bit "
          f"{report['uint8_over_int8_7bit']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

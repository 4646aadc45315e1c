"""NLI throughput: the shipped int8 ONNX model against the same fine-tuned model in plain
torch fp32, in one run, on the same pairs.

    python benchmarks/nli_speed.py --threads 1 [--torch-model runs/nli/final] [--json]

Pairs are real SNLI dev pairs (``snli/train.jsonl`` from line 97,000, gold ``-`` skipped):
once at their natural length, and once with each premise grown from the following SNLI
premises to at least 256 tokens (cut to 256 by the model). Both backends are timed end to
end through :meth:`score_pairs` (tokenisation, inference, softmax, calibration), one call
per batch, after one warm-up batch. Prints a table (stderr with ``--json``) and writes JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

SNLI_DEV_START = 97_000


def snli_pairs(data: Path, n: int) -> list[tuple[str, str]]:
    """The first ``n`` labelled SNLI dev pairs (premise, hypothesis)."""
    out: list[tuple[str, str]] = []
    with (data / "snli" / "train.jsonl").open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i < SNLI_DEV_START:
                continue
            row = json.loads(line)
            if row["gold_label"] != "-":
                out.append((row["sentence1"], row["sentence2"]))
            if len(out) >= n:
                break
    if len(out) < n:
        raise SystemExit(f"only {len(out)} SNLI dev pairs found in {data}")
    return out


def long_pairs(pairs: list[tuple[str, str]], count_tokens: Any, tokens: int = 256
               ) -> list[tuple[str, str]]:
    """Each premise extended with the next premises until the pair has >= ``tokens``."""
    out = []
    for i, (premise, hypothesis) in enumerate(pairs):
        parts = [premise]
        j = i + 1
        while count_tokens(" ".join(parts), hypothesis) < tokens:
            parts.append(pairs[j % len(pairs)][0])
            j += 1
        out.append((" ".join(parts), hypothesis))
    return out


def time_backend(verifier: Any, pairs: list[tuple[str, str]], batch: int) -> dict[str, float]:
    """Pairs per second and median batch latency over ``pairs``, one call per batch."""
    verifier.score_pairs(pairs[:batch])  # warm-up
    latencies = []
    t0 = time.perf_counter()
    for k in range(0, len(pairs), batch):
        t = time.perf_counter()
        verifier.score_pairs(pairs[k : k + batch])
        latencies.append(time.perf_counter() - t)
    total = time.perf_counter() - t0
    return {"pairs": len(pairs), "seconds": total, "pairs_per_s": len(pairs) / total,
            "median_batch_ms": 1000 * statistics.median(latencies)}


def run(args: argparse.Namespace) -> dict[str, Any]:
    import torch
    from tokenizers import Tokenizer

    from certirag.models import resolve
    from certirag.verifiers.hf_nli import HFNLIVerifier
    from certirag.verifiers.onnx_nli import OnnxNLIVerifier

    torch.set_num_threads(args.threads)
    batch_sizes = [int(b) for b in args.batch_sizes.split(",")]
    n_short, n_long = args.pairs, args.long_pairs
    base = snli_pairs(Path(args.data), max(n_short, n_long) + 64)
    folder = resolve(args.model)
    tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()

    def count(premise: str, hypothesis: str) -> int:
        return len(tok.encode(premise, hypothesis).ids)

    sets = {"snli": base[:n_short], "256": long_pairs(base, count)[:n_long]}
    mean_tokens = {name: statistics.mean(min(256, count(p, h)) for p, h in ps)
                   for name, ps in sets.items()}
    onnx_info: dict[str, Any] = {}
    results = []
    for name, pairs in sets.items():
        for batch in batch_sizes:
            use = pairs if batch > 1 else pairs[: max(8, len(pairs) // 2)]
            onnx = OnnxNLIVerifier(args.model, threads=args.threads, batch_size=batch)
            hf = HFNLIVerifier(args.torch_model, batch_size=batch)
            onnx.load()
            hf.load()
            onnx_info = {"id": onnx.model_id, "sha256": onnx.model_sha256}
            o = time_backend(onnx, use, batch)
            t = time_backend(hf, use, batch)
            row = {"length": name, "mean_tokens": round(mean_tokens[name], 1), "batch": batch,
                   "onnx_int8": o, "torch_fp32": t,
                   "speedup": o["pairs_per_s"] / t["pairs_per_s"]}
            results.append(row)
            print(f"  {name:>5} batch {batch:>2}: onnx {o['pairs_per_s']:7.1f}/s  torch "
                  f"{t['pairs_per_s']:7.1f}/s  x{row['speedup']:.2f}", file=sys.stderr)
    return {
        "benchmark": "nli_speed",
        "command": " ".join(["python", "benchmarks/nli_speed.py", *sys.argv[1:]]),
        "threads": args.threads,
        "onnx_model": onnx_info,
        "torch_model": args.torch_model,
        "machine": {"python": platform.python_version(), "cpu_count": os.cpu_count(),
                    "processor": platform.processor() or platform.machine(),
                    "torch": torch.__version__,
                    "load_average_1m_before": os.getloadavg()[0] if hasattr(os, "getloadavg")
                    else None},
        "results": results,
    }


def table(report: dict[str, Any]) -> str:
    lines = [f"NLI pairs/s, {report['threads']} thread(s); onnx int8 "
             f"{report['onnx_model'].get('sha256', '')[:12]} vs torch fp32 "
             f"{report['torch_model']}",
             "| length | mean tokens | batch | onnx int8 pairs/s | torch fp32 pairs/s | ratio |",
             "|---|---|---|---|---|---|"]
    for r in report["results"]:
        lines.append(f"| {r['length']} | {r['mean_tokens']} | {r['batch']} | "
                     f"{r['onnx_int8']['pairs_per_s']:.1f} | {r['torch_fp32']['pairs_per_s']:.1f} "
                     f"| {r['speedup']:.2f}x |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("torch_model_pos", nargs="?", default=None,
                    help="fine-tuned Hugging Face folder (default runs/nli/final)")
    ap.add_argument("--torch-model", default=None)
    ap.add_argument("--model", default="builtin:nli-minilm-l6-bind-int8", help="ONNX model")
    ap.add_argument("--data", default=os.environ.get("CERTIRAG_DATA_DIR", "../shared/data"))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--batch-sizes", default="1,8,32")
    ap.add_argument("--pairs", type=int, default=256, help="SNLI-length pairs per setting")
    ap.add_argument("--long-pairs", type=int, default=128, help="256-token pairs per setting")
    ap.add_argument("--json", action="store_true", help="print JSON on stdout")
    ap.add_argument("--out", default=None, help="write the JSON report here")
    args = ap.parse_args(argv)
    args.torch_model = args.torch_model or args.torch_model_pos or "runs/nli/final"
    if not Path(args.torch_model).is_dir():
        raise SystemExit(f"torch model folder not found: {args.torch_model}")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    report = run(args)
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    if args.json:
        print(table(report), file=sys.stderr)
        print(json.dumps(report, indent=2))
    else:
        print(table(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

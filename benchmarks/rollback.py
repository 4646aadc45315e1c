"""In-flight verification costs: a rollback served from the cached prefix against a full
re-prefill, and the time to the first verified sentence against generate-then-verify.

    python benchmarks/rollback.py [--n 20] [--threads 1] [--model builtin:smollm2] [--json]

Data: the first ``--n`` HaluEval QA rows (training rows 0..n-1; the reserved test split is
never read), their ``knowledge`` passages ingested as one index; each question retrieves
its evidence from it. Model: the embedded SmolLM2-135M-Instruct GGUF (llama.cpp, greedy).
Verifier: the settings' default (the shipped ONNX NLI model).

Per question, in one run on the same model and prompt:

1. *retry cost*: draft the first sentence, then retry it (first token banned) twice: once
   with the cache holding the prompt and the draft (the rollback keeps the prompt), once
   after emptying the cache (a full re-prefill); also regenerating the whole answer;
2. *time to first verified sentence*: the in-flight engine (ban steering) against
   generating the whole answer and then verifying it (post-hoc).

Prints a table (stderr with ``--json``) and writes JSON with medians and ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def load_rows(data: Path, n: int) -> list[dict[str, Any]]:
    rows = []
    with (data / "halueval" / "qa.jsonl").open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i >= n:
                break
            row = json.loads(line)
            rows.append({"line": i, "question": row["question"], "knowledge": row["knowledge"]})
    if n > 8000:
        raise SystemExit("rows from 8,000 on are the reserved test split")
    return rows


def build_index(rows: list[dict[str, Any]], folder: Path, settings: Any) -> Any:
    from certirag.index import Index

    docs = folder / "docs.jsonl"
    with docs.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps({"id": f"qa-{r['line']}", "text": r["knowledge"]}) + "\n")
    index = Index.open(folder / "index", settings=settings, create=True)
    index.ingest([docs])
    return index


def retry_costs(gen: Any, prompt_text: str, max_sentence: int) -> dict[str, float]:
    """Seconds to redo the first sentence with and without the cached prefix."""
    from certirag.generate.base import Constraint, Segment
    from certirag.generate.segmenter import first_cut

    prompt = Segment(prompt_text, tokens=tuple(gen.encode(prompt_text)), kind="prompt")

    def stop(text: str) -> bool:
        return first_cut(text) is not None

    gen.reset()
    draft = gen.extend([prompt], max_tokens=max_sentence, stop=stop)
    ban = Constraint(ban_first=frozenset(draft.tokens[:1]))
    reuse = gen.extend([prompt], max_tokens=max_sentence, stop=stop, constraint=ban)
    gen.reset()
    full = gen.extend([prompt], max_tokens=max_sentence, stop=stop, constraint=ban)
    gen.reset()
    whole = gen.extend([prompt], max_tokens=4 * max_sentence)
    return {"prompt_tokens": float(len(prompt.tokens or ())),
            "reuse_s": reuse.latency_s, "reuse_prefill_s": reuse.prefill_s,
            "reuse_hit_tokens": float(reuse.cache_hit_tokens or 0),
            "full_s": full.latency_s, "full_prefill_s": full.prefill_s,
            "same_tokens": float(reuse.tokens == full.tokens),
            "whole_answer_s": whole.latency_s,
            "tokens_per_s": len(whole.tokens) / whole.decode_s if whole.decode_s else 0.0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=os.environ.get("CERTIRAG_DATA_DIR", "../shared/data"))
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--model", default="builtin:smollm2")
    ap.add_argument("--max-tokens", type=int, default=96)
    ap.add_argument("--json", action="store_true", help="print JSON on stdout")
    ap.add_argument("--out", default=None, help="write the JSON report here")
    args = ap.parse_args(argv)

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from certirag.config import Settings
    from certirag.errors import BackendUnavailable
    from certirag.generate.engine import EngineConfig, InflightEngine
    from certirag.generate.local import LlamaCppGenerator
    from certirag.generate.prompts import answer_messages
    from certirag.schemas import Evidence
    from certirag.verifiers import create_verifier

    settings = Settings(threads=args.threads, top_k=3)
    rows = load_rows(Path(args.data), args.n)
    gen = LlamaCppGenerator(args.model, n_ctx=4096, threads=args.threads)
    t0 = time.perf_counter()
    gen.load()
    load_s = time.perf_counter() - t0
    verifier: Any = create_verifier(settings)
    skipped: str | None = None
    try:
        verifier.load()
    except BackendUnavailable as exc:  # reported, never replaced by something else
        verifier, skipped = None, f"the NLI verifier is not available: {exc}"
        print(f"time to first verified sentence: SKIPPED ({skipped})", file=sys.stderr)
    per: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        index = build_index(rows, Path(tmp), settings)
        for r in rows:
            hits = index.search(r["question"], k=settings.top_k).hits
            ev = [Evidence.from_hit(h) for h in hits]
            prompt = gen.format_prompt(answer_messages(r["question"], [e.text for e in ev]))
            costs = retry_costs(gen, prompt, 48)
            runs: dict[str, Any] = {}
            for mode, posthoc in (("inflight", False), ("posthoc", True)):
                if verifier is None:
                    continue
                gen.reset()
                eng = InflightEngine(gen, settings=settings, verifier=verifier,
                                     config=EngineConfig(max_tokens=args.max_tokens,
                                                         posthoc=posthoc))
                out = eng.run(r["question"], ev)
                t = out.trace["totals"]
                runs[mode] = {"first_verified_s": t["first_verified_s"], "wall_s": t["wall_s"],
                              "rollbacks": t["rollbacks"],
                              "hit_tokens": t["prefix_cache_hit_tokens"],
                              "verified": out.result.stats["verified"],
                              "claims": out.result.stats["total"]}
            per.append({"line": r["line"], **costs, "runs": runs})
            print(f"row {r['line']}: retry with cached prefix {costs['reuse_s']:.3f}s, "
                  f"with full re-prefill {costs['full_s']:.3f}s "
                  + (f"first verified: in-flight {runs['inflight']['first_verified_s']} s, "
                     f"post-hoc {runs['posthoc']['first_verified_s']} s" if runs else ""),
                  file=sys.stderr)

    def med(key: str) -> float:
        return float(statistics.median(p[key] for p in per))

    paired = [(p["runs"]["inflight"]["first_verified_s"], p["runs"]["posthoc"]["first_verified_s"])
              for p in per if p["runs"]]
    both = [(a, b) for a, b in paired if a is not None and b is not None]
    rollbacks = sum(p["runs"]["inflight"]["rollbacks"] for p in per if p["runs"])
    report: dict[str, Any] = {
        "benchmark": "rollback",
        "command": "python benchmarks/rollback.py " + " ".join(argv or sys.argv[1:]),
        "data": f"halueval/qa.jsonl rows 0..{args.n - 1} (training rows)",
        "model": gen.model_id, "threads": args.threads, "load_s": round(load_s, 3),
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "rows": len(per),
        "median_prompt_tokens": med("prompt_tokens"),
        "tokens_per_s": round(med("tokens_per_s"), 1),
        "retry": {
            "median_reuse_s": round(med("reuse_s"), 4),
            "median_full_reprefill_s": round(med("full_s"), 4),
            "median_reuse_prefill_s": round(med("reuse_prefill_s"), 4),
            "median_full_prefill_s": round(med("full_prefill_s"), 4),
            "median_whole_answer_s": round(med("whole_answer_s"), 4),
            "median_hit_tokens": med("reuse_hit_tokens"),
            "identical_retries": int(sum(p["same_tokens"] for p in per)),
            "ratio_reuse_vs_full": round(sum(p["reuse_s"] for p in per)
                                         / sum(p["full_s"] for p in per), 3),
            "ratio_reuse_vs_whole_answer": round(sum(p["reuse_s"] for p in per)
                                                 / sum(p["whole_answer_s"] for p in per), 3),
        },
        "first_verified": {
            "skipped": skipped,
            "rows_with_a_verified_sentence_in_both": len(both),
            "median_inflight_s": round(statistics.median(a for a, _ in both), 3) if both
            else None,
            "median_posthoc_s": round(statistics.median(b for _, b in both), 3) if both
            else None,
            "ratio_inflight_vs_posthoc": (round(sum(a for a, _ in both) / sum(b for _, b in both),
                                                3) if both else None),
            "inflight_rollbacks": rollbacks,
            "inflight_hit_tokens": sum(p["runs"]["inflight"]["hit_tokens"] for p in per
                                       if p["runs"]),
        },
        "per_row": per,
    }
    r, f = report["retry"], report["first_verified"]
    table = [
        f"rows: {len(per)}   model: {gen.model_id}   threads: {args.threads}   "
        f"prompt tokens (median): {report['median_prompt_tokens']:.0f}   "
        f"decode: {report['tokens_per_s']} tokens/s",
        f"{'retry of a sentence':38} {'median s':>9}",
        f"{'  rollback, cached prefix':38} {r['median_reuse_s']:>9.4f}",
        f"{'  full re-prefill':38} {r['median_full_reprefill_s']:>9.4f}",
        f"{'  regenerate the whole answer':38} {r['median_whole_answer_s']:>9.4f}",
        f"ratio cached / re-prefill (sum over rows): {r['ratio_reuse_vs_full']}",
        f"ratio cached / whole answer (sum over rows): {r['ratio_reuse_vs_whole_answer']}",
        (f"time to first verified sentence: SKIPPED ({skipped})" if skipped else
         f"time to first verified sentence (rows with one in both: "
        f"{f['rows_with_a_verified_sentence_in_both']}): in-flight {f['median_inflight_s']} s, "
         f"post-hoc {f['median_posthoc_s']} s, ratio {f['ratio_inflight_vs_posthoc']}"),
        f"in-flight rollbacks: {rollbacks}, prefix-cache hit tokens: "
        f"{f['inflight_hit_tokens']}",
    ]
    print("\n".join(table), file=sys.stderr if args.json else sys.stdout)
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

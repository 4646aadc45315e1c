"""How a model reads a sentence that opens with a phrase, as written and as scorer v9
reads it (the phrase moved to the end of the main clause, :mod:`certirag.text.fronted`).

For each (span sentence, claim) pair below, P(entailment) of the claim as written against
the span as written, of the claim moved against the span as written, and of the claim
moved against the span moved (the extra piece scorer v9 reads). The pairs are the shapes
the README and the CHANGELOG quote; no data set is read.

    python benchmarks/fronted.py [--model M] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from certirag.config import DEFAULT_NLI_MODEL
from certirag.text.fronted import moved

sys.path.insert(0, str(Path(__file__).parent))
from pair_scores import score_pairs

PAIRS: list[tuple[str, str]] = [
    ("During 2023, the fund paid out £58,300 across 21 grants.",
     "Across 21 grants, the fund paid out £58,300 in 2023."),
    ("In 2002, John Smith opened the bakery on Main Street.",
     "In 2002, John Smith opened a bakery on Main Street."),
    ("Since January, members have paid £12 a month for the gym.",
     "Since January, gym members pay £12 a month."),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default=DEFAULT_NLI_MODEL, help="NLI model (default: built-in)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    args = ap.parse_args(argv)
    batch: list[tuple[str, str]] = []
    for span, claim in PAIRS:
        claim_m, span_m = moved(claim) or claim, moved(span) or span
        batch += [(span, claim), (span, claim_m), (span_m, claim_m)]
    sha, scores = score_pairs(args.model, batch)
    rows = [{"span": span, "claim": claim, "claim_moved": moved(claim),
             "span_moved": moved(span), "as_written": round(scores[3 * i], 3),
             "claim_moved_score": round(scores[3 * i + 1], 3),
             "both_moved": round(scores[3 * i + 2], 3)}
            for i, (span, claim) in enumerate(PAIRS)]
    if args.json:
        print(json.dumps({"benchmark": "fronted", "model_sha256": sha, "pairs": rows},
                         ensure_ascii=False, indent=2))
        return 0
    print(f"model sha256 {sha[:12]}… P(entailment) of the claim")
    print("| claim | as written | claim moved | both moved |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r['claim']} | {r['as_written']:.3f} | {r['claim_moved_score']:.3f} | "
              f"{r['both_moved']:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

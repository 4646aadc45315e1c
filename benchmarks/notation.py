"""How the model reads a claim written in another notation than its sentence, in one run.

Our small cross-encoder reads "20 per cent" and "20%" as different things. Scorer v3 writes
both sides of a model pair in one notation (``certirag.text.notation.model_text``). This
prints P(entailment) of a few fixed pairs — a sentence and the same sentence with only a
figure's or a name's spelling changed — read as written (scorer v2) and in one notation
(scorer v3), with the configured model, and the ratio:

    python benchmarks/notation.py [--model builtin:...] [--json]

No data set is read: the pairs are written here.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

# (name, evidence sentence, the claim: the same with one spelling changed)
PAIRS: list[tuple[str, str, str]] = [
    ("per cent / %", "The company cut 20 per cent of its staff last year, the report said.",
     "The company cut 20% of its staff last year."),
    ("% / per cent", "The company cut 20% of its staff last year, the report said.",
     "The company cut 20 per cent of its staff last year."),
    ("spelled per cent / %", "Shares rose by ten per cent on Monday.",
     "Shares rose by 10% on Monday."),
    ("$5 million / $5m", "The deal is worth $5 million, according to the firm.",
     "The deal is worth $5m."),
    ("£1.5 million / £1.5million", "The deal is worth £1.5 million, according to the firm.",
     "The deal is worth £1.5million."),
    ("UK / United Kingdom", "She moved to the UK in 2010 with her family.",
     "She moved to the United Kingdom in 2010."),
    ("70 mph / 70mph", "The storm brought winds of 70 mph on Tuesday.",
     "The storm brought winds of 70mph."),
    ("15st / 15 stone", "He weighs 15st now, his trainer said.", "He weighs 15 stone now."),
    ("£10,000 / £10k", "The company was fined £10,000 by the regulator.",
     "The company was fined £10k."),
    # a changed value stays a changed value in one notation
    ("20 per cent / 25% (a wrong value)", "The company cut 20 per cent of its staff last year.",
     "The company cut 25% of its staff last year."),
]


def _scores(model: str) -> tuple[list[float], list[float]]:
    from certirag.config import Settings
    from certirag.text.notation import model_text
    from certirag.verifiers import create_verifier

    verifier = create_verifier(Settings(nli_model=model, threads=1))
    written = verifier.score_pairs([(p, c) for _, p, c in PAIRS])
    one = verifier.score_pairs([(model_text(p), model_text(c)) for _, p, c in PAIRS])
    return [r.scores.entailment for r in written], [r.scores.entailment for r in one]


def main(argv: list[str] | None = None) -> int:
    from certirag.config import Settings

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--model", default=Settings().nli_model, help="default: the configured one")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    written, one = _scores(args.model)
    rows: list[dict[str, Any]] = [
        {"pair": name, "as_written": round(w, 3), "one_notation": round(o, 3),
         "ratio": round(o / w, 2) if w else None}
        for (name, _, _), w, o in zip(PAIRS, written, one, strict=True)]
    if args.json:
        print(json.dumps({"model": args.model, "pairs": rows}, indent=2))
        return 0
    print(f"P(entailment), model {args.model}: as written (scorer v2) and in one notation "
          "(scorer v3)", file=sys.stderr)
    print(f"{'pair':36} {'written':>8} {'one':>6} {'ratio':>6}")
    for r in rows:
        print(f"{r['pair']:36} {r['as_written']:8.3f} {r['one_notation']:6.3f} "
              f"{r['ratio'] or 0:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

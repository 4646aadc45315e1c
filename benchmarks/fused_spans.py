"""How an NLI model reads a claim against two fused sentences, against one, in one run.

Our small cross-encoder read a second sentence beside the one that states a claim as doubt;
the binding spans (a pronoun's sentence read resolved, scorer v2) and the ``context``
training pairs answer that. This prints P(entailment) of a few fixed pairs — the same claim
against the fused pair and against the one sentence that states it — for the configured
model and a baseline model, with the ratio:

    python benchmarks/fused_spans.py [--baseline builtin:nli-minilm-l6-bind3-int8] [--json]

No data set is read: the pairs are written here (the Eiffel Tower seed example, and the
own set's bridge, depot and vaccine passages).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

# (name, premise, claim)
PAIRS: list[tuple[str, str, str]] = [
    ("eiffel: fused with 'It'",
     "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. "
     "It is 330 metres (1,083 ft) tall.", "The Eiffel Tower is 330 metres tall."),
    ("eiffel: resolved sentence", "The Eiffel Tower is 330 metres (1,083 ft) tall.",
     "The Eiffel Tower is 330 metres tall."),
    ("depot: fused with 'She'",
     "Maria Lindqvist joined Arcadia Logistics in 2011. She has managed the Gothenburg depot "
     "since 2019.", "Maria Lindqvist manages the Gothenburg depot."),
    ("depot: resolved sentence", "Maria Lindqvist has managed the Gothenburg depot since 2019.",
     "Maria Lindqvist manages the Gothenburg depot."),
    ("bridge: claim is the first of two",
     "The Riverside Bridge opened to traffic in 1998. The Riverside Bridge was designed by the "
     "engineer Clara Nowak.", "The Riverside Bridge opened to traffic in 1998."),
    ("bridge: claim is the second of two",
     "The Riverside Bridge opened to traffic in 1998. The Riverside Bridge was designed by the "
     "engineer Clara Nowak.", "The Riverside Bridge was designed by the engineer Clara Nowak."),
    ("vaccine: fused with 'It'",
     "Influenza vaccination is offered free of charge to adults aged 65 and over. It is also "
     "offered to pregnant women and to people with certain long-term health conditions.",
     "The flu vaccine is also offered to pregnant women and to people with certain long-term "
     "health conditions."),
]


def _scores(model: str) -> list[float]:
    from certirag.config import Settings
    from certirag.verifiers import create_verifier

    verifier = create_verifier(Settings(nli_model=model, threads=1))
    return [r.scores.entailment
            for r in verifier.score_pairs([(p, c) for _, p, c in PAIRS])]


def main(argv: list[str] | None = None) -> int:
    from certirag.config import Settings

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--model", default=Settings().nli_model, help="default: the configured one")
    ap.add_argument("--baseline", default="builtin:nli-minilm-l6-bind3-int8")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    current, baseline = _scores(args.model), _scores(args.baseline)
    rows: list[dict[str, Any]] = [
        {"pair": name, "model": round(c, 3), "baseline": round(b, 3),
         "ratio": round(c / b, 2) if b else None}
        for (name, _, _), c, b in zip(PAIRS, current, baseline, strict=True)]
    if args.json:
        print(json.dumps({"model": args.model, "baseline": args.baseline, "pairs": rows},
                         indent=2))
        return 0
    print(f"P(entailment): model {args.model} against baseline {args.baseline}",
          file=sys.stderr)
    print(f"{'pair':36} {'model':>7} {'baseline':>9} {'ratio':>6}")
    for r in rows:
        print(f"{r['pair']:36} {r['model']:7.3f} {r['baseline']:9.3f} {r['ratio'] or 0:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

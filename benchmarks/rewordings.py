"""How a model reads a faithful rewording against a one-word substitution, two models in one run.

The ``bind`` recipe's synthetic positives are verbatim copies of document sentences and its
negatives small edits of them; ``--paraphrases`` adds meaning-preserving rewordings
(:func:`certirag.train.rewordings.paraphrase`). This prints P(entailment) of fixed pairs —
an evidence sentence and a claim that rewords it (tense, a dropped clause, a moved
attribution …: entailed) or changes one content word ("manslaughter" for "murder":
not entailed) — for the default model and a second one, both in the scorer's notation,
with the difference and each group's mean:

    python benchmarks/rewordings.py [--model builtin:...] [--compare MODEL] [--json]

No data set is read: the pairs are written here. A good model raises the first group and
keeps the second low; raising both is leniency, not reading.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

# (kind, evidence sentence, claim, expected: True = entailed)
PAIRS: list[tuple[str, str, str, bool]] = [
    ("perfect → past, a conjunct dropped",
     "Officer Dale Grant has been suspended and charged with assault after the arrest.",
     "Officer Dale Grant was charged with assault.", True),
    ("attribution moved",
     "The state water company said 45 homes were flooded overnight.",
     "45 homes were flooded overnight, according to the state water company.", True),
    ("relative clause dropped",
     "The museum, which reopened in May after a long renovation, drew 9,000 visitors.",
     "The museum drew 9,000 visitors.", True),
    ("discourse marker dropped",
     "In fact, the council has now spent more on roads than any other county.",
     "The council has spent more on roads than any other county.", True),
    ("contraction",
     "The school did not name the pupil, citing privacy rules.",
     "The school didn't name the pupil.", True),
    ("perfect → past",
     "The airline has cancelled 120 flights because of the strike.",
     "The airline cancelled 120 flights because of the strike.", True),
    ("time phrase moved to the front",
     "John Smith opened the bakery on Main Street in 2002.",
     "In 2002 John Smith opened the bakery on Main Street.", True),
    ("an age and a caption's heading dropped",
     "Death row: Kent Sprouse, 42, shot a police officer at a gas station outside Dallas.",
     "Kent Sprouse shot a police officer at a gas station outside Dallas.", True),
    ("a word substituted: the charge",
     "Officer Dale Grant has been suspended and charged with assault after the arrest.",
     "Officer Dale Grant was charged with robbery.", False),
    ("a word substituted: the harm",
     "The state water company said 45 homes were flooded overnight.",
     "45 homes were destroyed overnight, according to the state water company.", False),
    ("a word substituted: the action",
     "The airline has cancelled 120 flights because of the strike.",
     "The airline delayed 120 flights because of the strike.", False),
    ("time phrase moved to the front, the year changed",
     "John Smith opened the bakery on Main Street in 2002.",
     "In 2012 John Smith opened the bakery on Main Street.", False),
    ("a negation",
     "The school did not name the pupil, citing privacy rules.",
     "The school named the pupil.", False),
]


def _scores(model: str) -> tuple[str, list[float]]:
    from certirag.config import Settings
    from certirag.text.notation import model_text
    from certirag.verifiers import create_verifier

    verifier = create_verifier(Settings(nli_model=model, threads=1))
    results = verifier.score_pairs([(model_text(p), model_text(c)) for _, p, c, _ in PAIRS])
    return results[0].model_sha256, [r.scores.entailment for r in results]


def _mean(values: list[float], want: bool) -> float:
    return statistics.fmean(v for v, (*_, entailed) in zip(values, PAIRS, strict=True)
                            if entailed is want)


def main(argv: list[str] | None = None) -> int:
    from certirag.config import DEFAULT_NLI_MODEL

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--model", default=DEFAULT_NLI_MODEL, help="the first model")
    ap.add_argument("--compare", default=None,
                    help="a second model (builtin:NAME or a model folder)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    models = [args.model] + ([args.compare] if args.compare else [])
    scored = {m: _scores(m) for m in models}
    report: dict[str, Any] = {
        "models": {m: {"sha256": sha} for m, (sha, _) in scored.items()},
        "pairs": [{"kind": k, "evidence": p, "claim": c, "entailed": e,
                   "p_entailment": {m: round(v[i], 4) for m, (_, v) in scored.items()}}
                  for i, (k, p, c, e) in enumerate(PAIRS)],
        "means": {m: {"rewordings": round(_mean(v, True), 4),
                      "substitutions": round(_mean(v, False), 4)}
                  for m, (_, v) in scored.items()},
    }
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        return 0
    head = " | ".join(m.split(":")[-1][-28:] for m in models)
    print(f"| pair | entailed | {head} |" + (" difference |" if len(models) == 2 else ""))
    print("|---|---|" + "---|" * len(models) + ("---|" if len(models) == 2 else ""))
    for row in report["pairs"]:
        values = [row["p_entailment"][m] for m in models]
        cells = " | ".join(f"{v:.3f}" for v in values)
        diff = f" {values[1] - values[0]:+.3f} |" if len(values) == 2 else ""
        print(f"| {row['kind']} | {'yes' if row['entailed'] else 'no'} | {cells} |{diff}")
    for group in ("rewordings", "substitutions"):
        values = [report["means"][m][group] for m in models]
        cells = " | ".join(f"{v:.3f}" for v in values)
        diff = f" {values[1] - values[0]:+.3f} |" if len(values) == 2 else ""
        print(f"| mean of the {group} | | {cells} |{diff}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How a model reads who did what across a change of voice, two models in one run.

Evidence states agency in the passive ("Inception is a 2010 science fiction film written and
directed by Christopher Nolan."), answers state it actively ("Christopher Nolan directed
Inception."). This scores the voice-change pairs of :mod:`certirag.train.voice` built from
HaluEval dev rows (QA knowledge passages and summarization documents, rows 7,000–7,999 by
default, exactly the ``voice`` dev source of ``python -m certirag.train.nli --voice``) with
each model, in the scorer's notation, and prints per kind the mean P(entailment) and the
share that reaches τe:

* ``voice``: the statement restated actively, passively or with the agent's noun
  (entailed);
* ``voice_swap``: another name of the same document as the agent; ``voice_roles``: agent
  and subject exchanged; ``voice_verb``: a verb of the family the sentence does not state
  (not entailed).

A model that reads voice raises the first row and keeps the other three low; raising all
four is leniency.

    python benchmarks/voice.py --data ../shared/data [--model M] [--compare M2] [--json]

Rows 8,000 and up are the reserved test split and are refused.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pair_scores import print_table, score_pairs, shares

KINDS = ("voice", "voice_swap", "voice_roles", "voice_verb")


def _pairs(data: Path, rows: str, seed: int) -> list[tuple[str, str, str]]:
    from certirag.train.bind_data import as_read, voice_rows

    start, _, stop = rows.partition(":")
    return [(p.premise, p.hypothesis, p.source.rsplit(":", 1)[-1])
            for p in as_read(voice_rows(data, int(start), int(stop), seed))]


def summarise(kinds: list[str], values: list[float], tau: float) -> dict[str, dict[str, Any]]:
    """Per kind: the number of pairs, the mean P(entailment) and the share ≥ ``tau``."""
    out: dict[str, dict[str, Any]] = {}
    for kind in KINDS:
        got = [v for k, v in zip(kinds, values, strict=True) if k == kind]
        if got:
            out[kind] = shares(got, tau)
    return out


def main(argv: list[str] | None = None) -> int:
    from certirag.config import DEFAULT_NLI_MODEL, load_settings

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--data", type=Path,
                    default=Path(os.environ.get("CERTIRAG_DATA_DIR", "../shared/data")))
    ap.add_argument("--rows", default="7000:8000", help="HaluEval rows A:B (dev by default)")
    ap.add_argument("--seed", type=int, default=45,
                    help="the pairs' seed (45: the voice dev pairs of a run with --seed 43)")
    ap.add_argument("--model", default=DEFAULT_NLI_MODEL, help="the first model")
    ap.add_argument("--compare", default=None,
                    help="a second model (builtin:NAME or a model folder)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    start, _, stop = args.rows.partition(":")
    if not (start.isdigit() and stop.isdigit() and int(start) < int(stop)):
        ap.error(f"--rows must be A:B with A < B, got {args.rows!r}")
    if int(stop) > 8000:
        ap.error("HaluEval rows 8,000 and up are the reserved test split")
    tau = load_settings().tau_entail
    pairs = _pairs(args.data, args.rows, args.seed)
    if not pairs:
        ap.error(f"no voice-change pairs in rows {args.rows} of {args.data}")
    kinds = [k for *_, k in pairs]
    models = [args.model] + ([args.compare] if args.compare else [])
    scored = {m: score_pairs(m, [(p, h) for p, h, _ in pairs]) for m in models}
    report: dict[str, Any] = {
        "rows": args.rows, "seed": args.seed, "tau_entail": tau, "n": len(pairs),
        "models": {m: {"sha256": sha, "kinds": summarise(kinds, v, tau)}
                   for m, (sha, v) in scored.items()},
    }
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    print_table(report["models"], models, KINDS, tau)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

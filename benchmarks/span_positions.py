"""Where in a fused span a sentence stands, and how the NLI model reads it, for two models
in one run.

A binding span fuses up to three evidence sentences in document order; the claim may be
stated by any of them. From each HaluEval summarization document of the dev rows (default
7,000–7,299; never a reserved row) one sentence of at least six words is drawn with its two
neighbours (seeded), and the sentence is scored as the claim against: itself; the pair it
opens; the pair it closes; the three with it in the middle; and two sentences against
themselves. The planted-error pair: the same sentence with an auxiliary's polarity turned
("was" → "was not", as recipe ``bind`` negates), against the three; its share at or over τe
is what the model would let through. Printed per position, for the configured model and a
baseline: the median P(entailment), the share at or over τe, and the ratio of the shares:

    python benchmarks/span_positions.py [--data ../shared/data] [--rows 7000:7300]
        [--baseline builtin:nli-minilm-l6-bind5-int8] [--tau 0.47] [--json]

Both sides of every pair are read as the scorer reads them (one notation).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from certirag.eval.datasets import Rows

_POSITIONS = ("alone", "first of two", "second of two", "middle of three", "two against two",
              "middle of three, negated")
# The planted-error rows: their share at τe is what the model lets through, not a pass.
_PLANTED = frozenset({"middle of three, negated"})


def _triples(path: Path, rows: Rows, seed: int) -> list[tuple[str, str, str]]:
    from certirag.eval.datasets import read_jsonl
    from certirag.text.sentences import sentences

    rng = random.Random(seed)
    out = []
    for _, row in read_jsonl(path, rows):
        sents = [s.strip() for s in sentences(str(row["document"]))]
        sents = [s for s in sents if len(s.split()) >= 6]
        if len(sents) >= 4:
            k = rng.randrange(1, len(sents) - 1)
            out.append((sents[k - 1], sents[k], sents[k + 1]))
    return out


def _pairs(triples: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    from certirag.train.bind_data import negate

    out = []
    for a, b, c in triples:
        out += [("alone", b, b), ("first of two", f"{b} {c}", b),
                ("second of two", f"{a} {b}", b), ("middle of three", f"{a} {b} {c}", b),
                ("two against two", f"{a} {b}", f"{a} {b}")]
        if (neg := negate(b)) is not None:  # the planted error: an auxiliary's polarity
            out.append(("middle of three, negated", f"{a} {b} {c}", neg))
    return out


def _scores(model: str, pairs: list[tuple[str, str, str]]) -> list[float]:
    from certirag.config import Settings
    from certirag.text.notation import model_text
    from certirag.verifiers import create_verifier

    verifier = create_verifier(Settings(nli_model=model, threads=1))
    return [r.scores.entailment for r in verifier.score_pairs(
        [(model_text(p), model_text(h)) for _, p, h in pairs])]


def _summary(pairs: list[tuple[str, str, str]], scores: list[float], tau: float
             ) -> dict[str, dict[str, float]]:
    out = {}
    for pos in _POSITIONS:
        got = [s for (p, _, _), s in zip(pairs, scores, strict=True) if p == pos]
        if got:
            out[pos] = {"n": len(got), "median": round(statistics.median(got), 3),
                        "at_tau": round(sum(s >= tau for s in got) / len(got), 3)}
    return out


def main(argv: list[str] | None = None) -> int:
    from certirag.config import Settings
    from certirag.errors import InputError
    from certirag.eval.datasets import parse_rows
    from certirag.eval.halueval import check_not_reserved

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--rows", default="7000:7300")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--model", default=Settings().nli_model, help="default: the configured one")
    ap.add_argument("--baseline", default="builtin:nli-minilm-l6-bind5-int8")
    ap.add_argument("--tau", type=float, default=0.47)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        rows = parse_rows(args.rows)
        check_not_reserved("halueval-summarization", rows, purpose="benchmarking")
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    path = args.data / "halueval" / "summarization.jsonl"
    if not path.is_file():
        path = args.data / "summarization.jsonl"
    if not path.is_file():
        print(f"error: no summarization.jsonl under {args.data}", file=sys.stderr)
        return 2
    pairs = _pairs(_triples(path, rows, args.seed))
    if not pairs:
        print("error: no document with four sentences in those rows", file=sys.stderr)
        return 2
    model = _summary(pairs, _scores(args.model, pairs), args.tau)
    base = _summary(pairs, _scores(args.baseline, pairs), args.tau)
    table: list[dict[str, Any]] = [
        {"position": pos, "n": model[pos]["n"],
         "kind": "planted error (share let through)" if pos in _PLANTED else
         "faithful (share passed)", "model": model[pos], "baseline": base[pos],
         "ratio": round(model[pos]["at_tau"] / base[pos]["at_tau"], 3)
         if base[pos]["at_tau"] else None} for pos in _POSITIONS if pos in model]
    if args.json:
        print(json.dumps({"model": args.model, "baseline": args.baseline, "tau": args.tau,
                          "rows": args.rows, "positions": table}, indent=2))
        return 0
    print(f"summarization rows {args.rows}: model {args.model} against {args.baseline}, "
          f"share at P(entailment) >= {args.tau}", file=sys.stderr)
    print(f"{'position':25} {'n':>4} {'model':>7} {'median':>7} {'baseline':>9} {'median':>7}"
          f" {'ratio':>6}  (a planted error's share is what the model lets through)")
    for r in table:
        print(f"{r['position']:25} {r['n']:4d} {r['model']['at_tau']:7.3f} "
              f"{r['model']['median']:7.3f} {r['baseline']['at_tau']:9.3f} "
              f"{r['baseline']['median']:7.3f} {r['ratio'] or 0:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

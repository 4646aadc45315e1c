"""What the two-model pair benchmarks (``voice.py``, ``chat_facts.py``) share: scoring
(premise, hypothesis) pairs with one model, the per-kind summary of P(entailment), and
its Markdown table. Imported by those scripts from their own folder."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import Any


def score_pairs(model: str, pairs: Sequence[tuple[str, str]],
                read: Callable[[str], str] | None = None) -> tuple[str, list[float]]:
    """(the model's sha256, P(entailment) of each pair) with ``model`` on one thread;
    ``read`` rewrites both sides first (the scorer's notation), as written without it."""
    from certirag.config import Settings
    from certirag.verifiers import create_verifier

    verifier = create_verifier(Settings(nli_model=model, threads=1))
    batch = [(read(p), read(h)) for p, h in pairs] if read else list(pairs)
    results = verifier.score_pairs(batch)
    return results[0].model_sha256, [r.scores.entailment for r in results]


def shares(values: Sequence[float], tau: float) -> dict[str, Any]:
    """The number of values, their mean and the share ≥ ``tau`` (rounded to 4 places)."""
    return {"n": len(values), "mean": round(statistics.fmean(values), 4),
            "reach_tau": round(sum(v >= tau for v in values) / len(values), 4)}


def print_table(per_model: Mapping[str, Mapping[str, Any]], models: Sequence[str],
                keys: Sequence[str], tau: float,
                extra: Callable[[str], str] | None = None) -> None:
    """A row per key the first model has: n, then each model's mean P(entailment) and the
    share that reaches ``tau``; ``extra(key)`` appends a cell of its own."""
    head = " | ".join(m.split(":")[-1][-28:] for m in models)
    print(f"| kind | n | {head} (mean P(entailment), share ≥ τe {tau}) |")
    print("|---|---|" + "---|" * len(models))
    for key in keys:
        cells = [per_model[m]["kinds"].get(key) for m in models]
        if cells[0] is None:
            continue
        shown = " | ".join(f"{c['mean']:.3f}, {c['reach_tau']:.1%}" for c in cells if c)
        print(f"| {key} | {cells[0]['n']} | {shown} |{extra(key) if extra else ''}")


def summarise(order: Sequence[str], kinds: Sequence[str], values: Sequence[float],
              tau: float) -> dict[str, dict[str, Any]]:
    """Per kind of ``order`` that occurs: the number of pairs, the mean P(entailment) and
    the share ≥ ``tau``."""
    out: dict[str, dict[str, Any]] = {}
    for kind in order:
        got = [v for k, v in zip(kinds, values, strict=True) if k == kind]
        if got:
            out[kind] = shares(got, tau)
    return out


def dev_rows_main(argv: list[str] | None, *, description: str | None, order: Sequence[str],
                  build: Callable[[Any, int, int], list[tuple[str, str, str]]],
                  add_arguments: Callable[[Any], None] | None = None,
                  describe: Callable[[Any], dict[str, Any]] | None = None) -> int:
    """The command line of a two-model benchmark over pairs built from HaluEval dev rows:
    ``--data``, ``--rows`` (reserved rows refused), ``--model``, ``--compare``, ``--json``
    and what ``add_arguments`` adds; ``build(args, start, stop)`` gives (premise,
    hypothesis, kind) triples, ``describe(args)`` more keys for the JSON report."""
    import argparse
    import json
    import os
    import sys
    from pathlib import Path

    from certirag.config import DEFAULT_NLI_MODEL, load_settings

    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--data", type=Path,
                    default=Path(os.environ.get("CERTIRAG_DATA_DIR", "../shared/data")))
    ap.add_argument("--rows", default="7000:8000", help="HaluEval rows A:B (dev by default)")
    if add_arguments:
        add_arguments(ap)
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
    try:
        pairs = build(args, int(start), int(stop))
    except FileNotFoundError as exc:
        ap.error(f"{exc.filename}: no such file (is --data the data folder?)")
    if not pairs:
        ap.error(f"no pairs in rows {args.rows} of {args.data}")
    kinds = [k for *_, k in pairs]
    models = [args.model] + ([args.compare] if args.compare else [])
    scored = {m: score_pairs(m, [(p, h) for p, h, _ in pairs]) for m in models}
    report: dict[str, Any] = {
        "rows": args.rows, **(describe(args) if describe else {}), "tau_entail": tau,
        "n": len(pairs),
        "models": {m: {"sha256": sha, "kinds": summarise(order, kinds, v, tau)}
                   for m, (sha, v) in scored.items()},
    }
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    print_table(report["models"], models, order, tau)
    return 0

"""Our own hand-written verifier set (``tests/data/verifier_cases.jsonl``) through the full
pipeline: per category, how many planted errors are caught and how many faithful answers
pass.

Each case has ``expect``: ``catch`` (a planted error; caught when the result's exit code is
not 0, i.e. at least one claim withheld) or ``pass`` (a faithful answer; passed when at
least one claim is verified and the exit code is 0). Every case is run with
:func:`certirag.verify` and the settings of ``--preset``, sharing one loaded model. The
cases were written for this repository (HR, law, medicine, finance, customer support,
news); ``tests/integration/test_verifier_cases.py`` holds the same rates to a floor.

Besides the rates it reports, for caught cases, how many were caught only because no
sentence of the answer was read as a claim (exit code 4, every sentence ``not_a_claim``):
a catch by omission, not by checking; and who withheld: a case is withheld *by the model
alone* when every claim it withholds carries only model reasons (``low_entailment``,
``model_contradiction``: :data:`certirag.reasons.MODEL_CODES`), so no deterministic rule
took part. Counted for the faithful answers withheld and for the planted errors caught.
Failing cases are listed with their claims' decisions and reason codes.

``--ids PREFIX`` runs only the cases whose id starts with ``PREFIX`` (repeatable): one
round of the probe set, ``--ids pe-``.

    python benchmarks/own_set.py [tests/data/verifier_cases.jsonl] [--preset default]
        [--ids PREFIX] [--threads 1] [--json] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from certirag import load_settings, verify
from certirag.errors import ConfigError
from certirag.reasons import MODEL_CODES

DEFAULT_CASES = Path(__file__).resolve().parent.parent / "tests" / "data" / \
    "verifier_cases.jsonl"
NO_CLAIMS_EXIT = 4
WITHHELD = ("unverified", "blocked")


def load_cases(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def run_case(case: dict[str, Any], settings: Any) -> dict[str, Any]:
    t0 = time.perf_counter()
    result = verify(case["question"], case["answer"], evidence=case["evidence"],
                    settings=settings)
    ms = (time.perf_counter() - t0) * 1000
    code = result.exit_code()
    # catch: at least one claim withheld; pass: something verified and nothing withheld
    ok = code != 0 if case["expect"] == "catch" else (
        result.stats["verified"] >= 1 and code == 0)
    return {
        "id": case["id"], "category": case["category"], "expect": case["expect"], "ok": ok,
        "exit_code": code, "stats": result.stats, "ms": ms,
        "claims": [{"text": c.claim.text, "decision": c.decision.value,
                    "reasons": [r.code for r in c.reasons],
                    "entailment": c.scores.entailment if c.scores else None,
                    "contradiction": c.scores.contradiction if c.scores else None}
                   for c in result.claims],
    }


def model_alone(result: dict[str, Any]) -> bool:
    """True when the case withholds a claim and every claim it withholds carries only model
    reasons: the NLI model's scores, not a deterministic rule, withheld it."""
    withheld = [c for c in result["claims"] if c["decision"] in WITHHELD]
    return bool(withheld) and all(c["reasons"] and set(c["reasons"]) <= MODEL_CODES
                                  for c in withheld)


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    cells: dict[str, dict[str, dict[str, int]]] = {}
    for r in results:
        cell = cells.setdefault(r["category"], {}).setdefault(
            r["expect"], {"n": 0, "ok": 0, "no_claims": 0})
        cell["n"] += 1
        cell["ok"] += r["ok"]
        cell["no_claims"] += r["ok"] and r["exit_code"] == NO_CLAIMS_EXIT
    per_category = {cat: {exp: {**c, "rate": c["ok"] / c["n"]} for exp, c in sorted(d.items())}
                    for cat, d in sorted(cells.items())}
    overall: dict[str, Any] = {}
    for exp in ("catch", "pass"):
        n = sum(r["expect"] == exp for r in results)
        ok = sum(r["ok"] for r in results if r["expect"] == exp)
        overall[exp] = {"n": n, "ok": ok, "rate": ok / n if n else None}
    overall["catch"]["no_claims"] = sum(
        r["ok"] and r["exit_code"] == NO_CLAIMS_EXIT for r in results if r["expect"] == "catch")
    overall["catch"]["model_alone"] = sum(
        r["ok"] and model_alone(r) for r in results if r["expect"] == "catch")
    overall["pass"]["withheld"] = sum(
        not r["ok"] and r["exit_code"] != 0 for r in results if r["expect"] == "pass")
    overall["pass"]["withheld_model_alone"] = sum(
        not r["ok"] and model_alone(r) for r in results if r["expect"] == "pass")
    return {"per_category": per_category, "overall": overall}


def print_table(report: dict[str, Any], out: Any) -> None:
    s = report["summary"]
    print(f"{report['cases']} cases from {report['path']} (preset {report['preset']}, "
          f"policy {report['settings']['policy']}, model {report['settings']['nli_model']})",
          file=out)
    print(f"{'category':<22} {'expect':<6} {'n':>4} {'ok':>4} {'rate':>7}  note", file=out)
    for cat, per in s["per_category"].items():
        for exp, c in per.items():
            note = (f"{c['no_claims']} only because no claim was read"
                    if exp == "catch" and c["no_claims"] else "")
            print(f"{cat:<22} {exp:<6} {c['n']:>4} {c['ok']:>4} {c['rate']:>7.1%}  {note}",
                  file=out)
    for exp, label in (("catch", "catch rate"), ("pass", "pass rate")):
        o = s["overall"][exp]
        rate = f"{o['rate']:.3f}" if o["rate"] is not None else "n/a"
        print(f"{label}: {o['ok']}/{o['n']} = {rate}", file=out)
    o = s["overall"]
    print(f"planted errors caught by the model alone: {o['catch']['model_alone']}; faithful "
          f"answers withheld: {o['pass']['withheld']}, by the model alone: "
          f"{o['pass']['withheld_model_alone']}", file=out)
    failing = [r for r in report["results"] if not r["ok"]]
    if failing:
        print("failing cases:", file=out)
        for r in failing:
            claims = "; ".join(f"{c['decision']}: {','.join(c['reasons'])}" for c in r["claims"])
            print(f"  {r['id']:<12} {r['expect']:<5} exit {r['exit_code']}  {claims}", file=out)
    print(f"{report['seconds']:.1f} s", file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("path", nargs="?", type=Path, default=DEFAULT_CASES,
                    help="the cases (JSONL); default tests/data/verifier_cases.jsonl")
    ap.add_argument("--preset", default="default", help="settings preset (default, strict, "
                                                        "mixed)")
    ap.add_argument("--threads", type=int, default=None,
                    help="onnxruntime intra-op threads (default: the preset's)")
    ap.add_argument("--json", action="store_true", help="print JSON on stdout (table on "
                                                        "stderr)")
    ap.add_argument("--out", type=Path, default=None, help="also write the JSON report here")
    ap.add_argument("--ids", action="append", default=None, metavar="PREFIX",
                    help="only the cases whose id starts with PREFIX (repeatable)")
    args = ap.parse_args(argv)
    if not args.path.is_file():
        print(f"no case file at {args.path}", file=sys.stderr)
        return 2
    overrides: dict[str, Any] = {} if args.threads is None else {"threads": args.threads}
    try:
        settings = load_settings(preset=args.preset, **overrides)
    except ConfigError as exc:
        print(f"bad settings: {exc}", file=sys.stderr)
        return 2
    cases = load_cases(args.path)
    if args.ids:
        cases = [c for c in cases if str(c.get("id", "")).startswith(tuple(args.ids))]
        if not cases:
            print(f"no case id starts with {', '.join(args.ids)}", file=sys.stderr)
            return 2
    t0 = time.perf_counter()
    results = [run_case(case, settings) for case in cases]
    seconds = time.perf_counter() - t0
    report: dict[str, Any] = {
        "path": str(args.path), "cases": len(cases), "preset": args.preset,
        "settings": {"policy": settings.policy, "nli_backend": settings.nli_backend,
                     "nli_model": settings.nli_model, "nli_windows": settings.nli_windows,
                     "tau_entail": settings.tau_entail,
                     "tau_contradict": settings.tau_contradict, "threads": settings.threads,
                     "settings_hash": settings.settings_hash()},
        "summary": summarise(results),
        "results": results,
        "seconds": seconds,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
    }
    if args.out:
        args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n",
                            encoding="utf-8")
    if args.json:
        print_table(report, sys.stderr)
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print_table(report, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

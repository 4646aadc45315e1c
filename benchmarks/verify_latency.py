"""End-to-end latency of :func:`certirag.verify` (claims, deterministic check, NLI, policy)
for two configurations in one run.

Cases:

* ``answer5x10``: a fixed synthetic example written for this benchmark — a 5-sentence
  answer about a travel and expenses policy, against 10 passages of 3–6 sentences each;
  timed ``--repeat`` times.
* ``halueval-sum``: HaluEval summarization rows ``--rows A:B`` (default 0:30): the
  ``document`` as the single evidence passage, ``right_summary`` as the answer, question
  ``""``; each row timed once. Rows 8,000 and up are the reserved test split and are
  refused unless ``--reserved`` is given.

Configurations:

* ``baseline``: ``load_settings(preset="default", policy="certirag.policy.v2",
  nli_model="builtin:nli-minilm-l6-int8", nli_windows=8)`` — the shipped model and policy
  when this benchmark was written;
* ``current``: ``load_settings(preset="default")`` — whatever the default is now.

Each configuration is warmed up once (the first call loads its model) outside the timings;
then the configurations are timed alternately, call by call, so that load from other jobs
on the machine falls on both alike. If the baseline cannot be built (an unknown setting, a
model that no longer exists), a message says so and only ``current`` is timed. Prints a
table (config, case, n, p50 ms, p95 ms, current/baseline p50 ratio; on stderr with
``--json``) and writes JSON to ``--out``.

    python benchmarks/verify_latency.py [--data ../shared/data] [--rows 0:30] [--repeat 20]
        [--threads 1] [--json] [--out FILE]
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

from certirag import load_settings, verify
from certirag.errors import CertiragError

RESERVED_FROM = 8_000
BASELINE_OVERRIDES: dict[str, Any] = {"policy": "certirag.policy.v2",
                                      "nli_model": "builtin:nli-minilm-l6-int8",
                                      "nli_windows": 8}

QUESTION = "What can I claim for a two-day client visit to Manchester?"

PASSAGES = [
    "Travel and Expenses Policy, section 1. This policy applies to all employees and "
    "contractors of Fernhill Group who travel on company business. It was approved by the "
    "finance committee on 2 September 2024. It replaces the 2019 policy in full.",

    "Section 2: booking travel. All rail and air travel must be booked through the company's "
    "travel portal. Standard class rail is the default for journeys under three hours. First "
    "class may be booked for journeys of three hours or more. Flights within the UK need the "
    "approval of a director. Tickets should be booked at least 14 days in advance where "
    "possible.",

    "Section 3: hotels. Hotel stays are reimbursed up to £110 per night outside London. In "
    "London the limit is £160 per night. The limits include VAT but not breakfast. Employees "
    "who stay with friends or family instead of a hotel may claim £25 per night.",

    "Section 4: meals. A meal allowance of £30 per day is paid for each full day away from "
    "the usual place of work. For trips of five to ten hours, the allowance is £10. Alcohol "
    "is not reimbursed. Meals with clients are claimed separately as client entertainment.",

    "Section 5: mileage. Employees who use their own car are paid 45p per mile for the first "
    "10,000 business miles in a tax year. After that, the rate is 25p per mile. Passengers "
    "who are also employees add 5p per mile. Journeys between home and the usual place of "
    "work are not business miles. Parking and tolls are reimbursed at cost.",

    "Section 6: taxis. Taxis may be used when no reasonable public transport is available. "
    "They may also be used after 9 pm. Receipts are required for every taxi journey. "
    "Ride-hailing apps count as taxis under this policy.",

    "Section 7: client entertainment. Client entertainment is capped at £60 per person. It "
    "must be approved in advance by a line manager. The names of all guests and their "
    "companies must be recorded on the claim. Entertainment of public officials needs the "
    "approval of the compliance team.",

    "Section 8: submitting claims. Claims must be submitted through the expenses system "
    "within 30 days of the expense. Every item over £10 needs an itemised receipt. Claims "
    "submitted more than 90 days late will not be paid. Line managers approve claims within "
    "five working days.",

    "Section 9: advances and cards. Employees who travel often may apply for a corporate "
    "card. Cash advances of up to £200 are available for trips abroad. Any unused advance "
    "must be returned within 14 days of the trip. Personal spending on a corporate card is "
    "not allowed.",

    "Section 10: breaches. Claims that break this policy are rejected. Deliberately false "
    "claims are treated as gross misconduct. The finance team audits a random sample of 5% "
    "of claims each quarter. Questions about this policy go to expenses@fernhill.example.",
]

ANSWER = (
    "Hotel stays outside London are reimbursed up to £110 per night. "
    "You can also claim a meal allowance of £30 for each full day away from your usual "
    "place of work. "
    "If you drive your own car, mileage is paid at 45p per mile for the first 10,000 "
    "business miles in a tax year. "
    "Standard class rail is the default for journeys under three hours. "
    "Claims must be submitted through the expenses system within 30 days of the expense."
)


def synthetic_case() -> tuple[str, str, list[str]]:
    return QUESTION, ANSWER, list(PASSAGES)


def halueval_rows(data: Path, lo: int, hi: int) -> list[tuple[str, str, list[str]]]:
    out: list[tuple[str, str, list[str]]] = []
    with (data / "halueval" / "summarization.jsonl").open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i >= hi:
                break
            if i >= lo:
                row = json.loads(line)
                out.append(("", str(row["right_summary"]), [str(row["document"])]))
    return out


def percentile(values: list[float], q: float) -> float:
    """Linear-interpolated percentile (``q`` in 0..100) of ``values``."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    pos = (len(ordered) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def time_call(case: tuple[str, str, list[str]], settings: Any) -> tuple[float, Any]:
    question, answer, evidence = case
    t0 = time.perf_counter()
    result = verify(question, answer, evidence=evidence, settings=settings)
    return (time.perf_counter() - t0) * 1000, result


def build_configs(threads: int | None) -> tuple[dict[str, Any], dict[str, str]]:
    """The settings for each configuration that can be built; messages for the rest."""
    extra: dict[str, Any] = {} if threads is None else {"threads": threads}
    configs: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for name, overrides in (("baseline", BASELINE_OVERRIDES), ("current", {})):
        try:
            configs[name] = load_settings(preset="default", **overrides, **extra)
        except (CertiragError, ValueError, TypeError) as exc:
            skipped[name] = f"cannot build the settings: {exc}"
    return configs, skipped


def warm_up(configs: dict[str, Any], skipped: dict[str, str]) -> None:
    """One untimed call per configuration (loads its model); drops a configuration whose
    model does not load (the pipeline fails closed with a backend failure, exit code 3)."""
    for name in list(configs):
        try:
            _, result = time_call(synthetic_case(), configs[name])
        except CertiragError as exc:
            skipped[name] = f"warm-up failed: {exc}"
            del configs[name]
            continue
        if result.exit_code() == 3:
            why = sorted({f"{r.code}: {r.message}" for c in result.claims for r in c.reasons
                          if r.code in ("backend_error", "timeout")})
            skipped[name] = "the model did not load or score: " + "; ".join(why)
            del configs[name]


def summary(ms: list[float]) -> dict[str, float]:
    return {"n": len(ms), "p50_ms": statistics.median(ms), "p95_ms": percentile(ms, 95),
            "mean_ms": statistics.fmean(ms), "min_ms": min(ms), "max_ms": max(ms)}


def print_table(report: dict[str, Any], out: Any) -> None:
    print(f"{'config':<9} {'case':<14} {'n':>4} {'p50 ms':>9} {'p95 ms':>9} "
          f"{'cur/base p50':>13}  verified/claims", file=out)
    for case, per in report["cases"].items():
        base = per.get("baseline")
        for name, s in per.items():
            ratio = ""
            if name == "current":
                ratio = f"{s['p50_ms'] / base['p50_ms']:.2f}" if base else "n/a"
            print(f"{name:<9} {case:<14} {s['n']:>4} {s['p50_ms']:>9.1f} {s['p95_ms']:>9.1f} "
                  f"{ratio:>13}  {s['verified_claims']}/{s['claims']}", file=out)
    print(f"threads {report['threads']}; {report['seconds']:.1f} s", file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path,
                    default=Path(os.environ.get("CERTIRAG_DATA_DIR", "../shared/data")))
    ap.add_argument("--rows", default="0:30",
                    help="A:B of halueval/summarization.jsonl (0:0 skips the case)")
    ap.add_argument("--reserved", action="store_true",
                    help="allow rows 8,000 and up (the reserved test split)")
    ap.add_argument("--repeat", type=int, default=20, help="timed calls of the synthetic case")
    ap.add_argument("--threads", type=int, default=1,
                    help="onnxruntime intra-op threads (0 = runtime default)")
    ap.add_argument("--json", action="store_true", help="print JSON on stdout (table on "
                                                        "stderr)")
    ap.add_argument("--out", type=Path, default=None, help="also write the JSON report here")
    args = ap.parse_args(argv)
    try:
        lo, hi = (int(x) for x in args.rows.split(":"))
    except ValueError:
        print(f"--rows must be A:B, not {args.rows!r}", file=sys.stderr)
        return 2
    if lo < 0 or hi < lo:
        print(f"--rows {args.rows}: need 0 <= A <= B", file=sys.stderr)
        return 2
    if hi > RESERVED_FROM and not args.reserved:
        print(f"rows {RESERVED_FROM:,} and up are the reserved test split: pass --reserved "
              "to time them", file=sys.stderr)
        return 2
    if args.repeat < 1:
        print("--repeat must be at least 1", file=sys.stderr)
        return 2
    rows: list[tuple[str, str, list[str]]] = []
    if hi > lo:
        if not (args.data / "halueval" / "summarization.jsonl").is_file():
            print(f"no HaluEval data under {args.data}: pass --data (or --rows 0:0)",
                  file=sys.stderr)
            return 2
        rows = halueval_rows(args.data, lo, hi)

    configs, skipped = build_configs(args.threads)
    warm_up(configs, skipped)
    for name, why in skipped.items():
        print(f"{name}: {why}; not timed", file=sys.stderr)
    if not configs:
        print("no configuration could be timed", file=sys.stderr)
        return 1

    cases: dict[str, list[tuple[str, str, list[str]]]] = {
        "answer5x10": [synthetic_case()] * args.repeat}
    if rows:
        cases["halueval-sum"] = rows
    t0 = time.perf_counter()
    timings: dict[str, dict[str, list[float]]] = {c: {n: [] for n in configs} for c in cases}
    claims: dict[str, dict[str, list[int]]] = {c: {n: [0, 0] for n in configs} for c in cases}
    for case_name, items in cases.items():
        for item in items:
            for name, settings in configs.items():  # alternate: load falls on both alike
                ms, result = time_call(item, settings)
                timings[case_name][name].append(ms)
                claims[case_name][name][0] += result.stats["verified"]
                claims[case_name][name][1] += result.stats["total"] - \
                    result.stats["not_a_claim"]
    seconds = time.perf_counter() - t0

    report: dict[str, Any] = {
        "cases": {c: {n: {**summary(ms), "verified_claims": claims[c][n][0],
                          "claims": claims[c][n][1]}
                      for n, ms in per.items()} for c, per in timings.items()},
        "ratio_current_over_baseline_p50": {},
        "configs": {n: {"policy": s.policy, "nli_backend": s.nli_backend,
                        "nli_model": s.nli_model, "nli_windows": s.nli_windows,
                        "nli_batch_size": s.nli_batch_size, "tau_entail": s.tau_entail,
                        "tau_contradict": s.tau_contradict,
                        "settings_hash": s.settings_hash()} for n, s in configs.items()},
        "skipped": skipped,
        "rows": args.rows if rows else None, "repeat": args.repeat, "threads": args.threads,
        "seconds": seconds,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
    }
    for c, per in report["cases"].items():
        if "baseline" in per and "current" in per:
            report["ratio_current_over_baseline_p50"][c] = (per["current"]["p50_ms"]
                                                            / per["baseline"]["p50_ms"])
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if args.json:
        print_table(report, sys.stderr)
        print(json.dumps(report, indent=2))
    else:
        print_table(report, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

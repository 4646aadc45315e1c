"""Throughput of ``certirag verify --batch`` (answers per second) on the local engine and
on Ray with 1 and 2 workers, on the same generated input, in one run.

Input: ``--rows`` rows (default 200) generated from ``examples/corpus`` with a fixed seed.
Every row's evidence is the whole corpus split into paragraphs (14 passages); its answer
is one to three sentences of the corpus, some with a figure changed (withheld), some with
a pleasantry added (not a claim).

Configurations, each run ``--repeat`` times into a fresh output file through
:func:`certirag.batch.run_batch` (the library under the command):

* ``local``: the local engine, the baseline;
* ``ray-N`` for each N of ``--workers`` (default 1,2): the Ray engine with an actor pool
  of N, on a local Ray cluster of ``max(--workers)`` CPUs started once before the timings
  (its start-up time is reported apart). A run's time includes starting its actors and
  loading one model in each, as a real batch pays it.

Every output file must be byte-identical to the local engine's (the ``same`` column);
a difference is reported and the script exits 1. Prints a table (config, workers, median
seconds, answers/s, ratio to local; on stderr with ``--json``) and writes JSON to
``--out``.

    python benchmarks/batch_throughput.py [--rows 200] [--workers 1,2] [--repeat 3]
        [--threads 0] [--json] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from certirag import load_settings
from certirag.batch import run_batch

CORPUS = Path(__file__).resolve().parent.parent / "examples" / "corpus"
SEED = 20260101
PLEASANTRIES = ["Thanks for asking!", "I hope this helps.", "Let me know if you need more."]
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_NUMBER = re.compile(r"\d+")


def passages() -> list[dict[str, str]]:
    """The corpus as ``{id, text}`` paragraphs (headings dropped)."""
    out: list[dict[str, str]] = []
    for line in (CORPUS / "faq.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            doc = json.loads(line)
            out.append({"id": doc["id"], "text": doc["text"]})
    for path in sorted([CORPUS / "expenses.txt", *(CORPUS / "policies").glob("*.md")]):
        paragraphs = [p.strip() for p in path.read_text(encoding="utf-8").split("\n\n")]
        for i, text in enumerate(p for p in paragraphs if p and not p.startswith("#")):
            out.append({"id": f"{path.stem}-{i}", "text": text})
    return out


def generate(n: int, evidence: list[dict[str, str]]) -> list[dict[str, Any]]:
    """``n`` rows with a fixed seed: corpus sentences, some changed, some with a
    pleasantry."""
    rng = random.Random(SEED)
    sentences = [s for p in evidence for s in _SENTENCE.split(p["text"]) if len(s) > 20]
    rows: list[dict[str, Any]] = []
    for i in range(n):
        picked = rng.sample(sentences, rng.randint(1, 3))
        if rng.random() < 0.3:  # change one figure: should be withheld
            k = rng.randrange(len(picked))
            picked[k] = _NUMBER.sub(lambda m: str(int(m.group()) + 7), picked[k], count=1)
        if rng.random() < 0.2:
            picked.append(rng.choice(PLEASANTRIES))
        rows.append({"id": f"q{i:04d}", "question": "", "answer": " ".join(picked),
                     "evidence": evidence})
    return rows


def time_run(batch: Path, out: Path, settings: Any, engine: str,
             workers: int | None) -> tuple[float, int]:
    out.unlink(missing_ok=True)
    t0 = time.perf_counter()
    summary = run_batch(batch, out, settings, engine=engine, workers=workers)
    return time.perf_counter() - t0, summary.exit_code


def print_table(report: dict[str, Any], out: Any) -> None:
    print(f"{'config':<8} {'workers':>7} {'median s':>9} {'answers/s':>10} {'vs local':>9} "
          f"{'same':>5}", file=out)
    for name, c in report["configs"].items():
        print(f"{name:<8} {c['workers']:>7} {c['median_s']:>9.2f} {c['answers_per_s']:>10.1f} "
              f"{c['ratio_to_local']:>9.2f} {'yes' if c['identical_to_local'] else 'NO':>5}",
              file=out)
    m = report["machine"]
    print(f"{report['rows']} rows, repeat {report['repeat']}, threads {report['threads']}; "
          f"Ray cluster start {report['ray_start_s']:.1f} s (not counted); "
          f"{m['cpus']} CPUs, Python {m['python']}, Ray {report['ray_version']}", file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=200, help="rows to generate")
    ap.add_argument("--workers", default="1,2", help="Ray pool sizes, comma-separated")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each configuration")
    ap.add_argument("--threads", type=int, default=0,
                    help="onnxruntime intra-op threads per model (0 = runtime default)")
    ap.add_argument("--json", action="store_true", help="print JSON on stdout (table on "
                                                        "stderr)")
    ap.add_argument("--out", type=Path, default=None, help="also write the JSON report here")
    args = ap.parse_args(argv)
    try:
        pools = [int(x) for x in args.workers.split(",") if x.strip()]
    except ValueError:
        print(f"--workers must be comma-separated integers, not {args.workers!r}",
              file=sys.stderr)
        return 2
    if args.rows < 1 or args.repeat < 1 or not pools or min(pools) < 1:
        print("--rows, --repeat and each of --workers must be at least 1", file=sys.stderr)
        return 2
    try:
        import ray
    except ImportError:
        print("this benchmark needs Ray: pip install 'certirag[ray]'", file=sys.stderr)
        return 2

    settings = load_settings(preset="default", threads=args.threads)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        batch = folder / "in.jsonl"
        rows = generate(args.rows, passages())
        batch.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                         encoding="utf-8")
        t0 = time.perf_counter()
        ray.init(num_cpus=max(pools), include_dashboard=False, logging_level=logging.ERROR)
        ray_start = time.perf_counter() - t0
        try:
            configs: list[tuple[str, str, int | None]] = [("local", "local", None)]
            configs += [(f"ray-{n}", "ray", n) for n in pools]
            times: dict[str, list[float]] = {name: [] for name, _, _ in configs}
            outputs: dict[str, bytes] = {}
            codes: dict[str, int] = {}
            for _ in range(args.repeat):  # alternate: load from other jobs falls on all
                for name, engine, workers in configs:
                    out = folder / f"{name}.jsonl"
                    seconds, codes[name] = time_run(batch, out, settings, engine, workers)
                    times[name].append(seconds)
                    outputs[name] = out.read_bytes()
        finally:
            ray.shutdown()

    base = statistics.median(times["local"])
    report: dict[str, Any] = {
        "rows": args.rows, "repeat": args.repeat, "threads": args.threads, "seed": SEED,
        "ray_start_s": ray_start, "ray_version": ray.__version__,
        "exit_code": codes["local"],
        "outcomes": {o: sum(1 for line in outputs["local"].splitlines()
                            if json.loads(line).get("outcome") == o)
                     for o in ("verified", "withheld", "no_claims")},
        "configs": {},
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
    }
    for name, engine, workers in configs:
        median = statistics.median(times[name])
        report["configs"][name] = {
            "engine": engine, "workers": workers or 1, "seconds": times[name],
            "median_s": median, "answers_per_s": args.rows / median,
            "ratio_to_local": base / median, "exit_code": codes[name],
            "identical_to_local": outputs[name] == outputs["local"]}
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if args.json:
        print_table(report, sys.stderr)
        print(json.dumps(report, indent=2))
    else:
        print_table(report, sys.stdout)
    return 0 if all(c["identical_to_local"] for c in report["configs"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""What the quote rule (policies ``certirag.policy.v2`` and ``v3``) changes: evidence
sentences copied verbatim into an answer, and the same sentences with one edit.

Data: HaluEval QA ``knowledge`` passages, rows 0–999 of the tuning split (nothing here is
tuned; the rows only supply real evidence sentences). From each passage the first
sentence of at least four words that is not a question is taken as the answer, and
verified against the whole passage with the default settings and the shipped NLI model:

* **verbatim**: the sentence as it stands. Verified answers are counted twice: under the
  policy (``quoted`` or ``entailed``) and as policy v1 would decide (``entailed`` only,
  the baseline); the ratio is printed (undefined when v1 verifies none). The model's
  P(entailment) for the sentence scored against itself, and how often it calls that pair
  a contradiction (P ≥ τc), are summarised too: they are why the rule exists.
* **edited**: the sentence with one edit that makes it unsupported — a number changed
  (+1) when it has one, otherwise "not" or "never" put after its first auxiliary ("is",
  "was", "has", …), otherwise a capitalised word from another passage put after its first
  word. An edited sentence is never a quote, so the rule cannot pass it: its verified
  share is a guard, not a score.

    python benchmarks/quotes.py [--data ../shared/data] [--rows 0:1000] [--json] [--out F]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from certirag.config import Settings
from certirag.errors import InputError
from certirag.pipeline import verify
from certirag.text.quotes import MIN_WORDS
from certirag.text.sentences import split_sentences
from certirag.verifiers import shared_verifier

_NUMBER = re.compile(r"\b\d+\b")
_VERB = re.compile(r"\b(is|was|are|were|has|had|can|will)\b")


def _sentence(passage: str) -> str | None:
    for a, b in split_sentences(passage):
        s = passage[a:b].strip()
        if len(re.findall(r"\w+", s)) >= MIN_WORDS and not s.endswith("?"):
            return s
    return None


def _edit(sentence: str, other: str) -> tuple[str, str]:
    m = _NUMBER.search(sentence)
    if m:
        return (sentence[:m.start()] + str(int(m.group()) + 1) + sentence[m.end():],
                "number")
    m = _VERB.search(sentence)
    if m:
        word = "never" if m.group() in ("was", "were", "had") else "not"
        return sentence[:m.end()] + f" {word}" + sentence[m.end():], "negation"
    stranger = next((w for w in re.findall(r"[A-Z][a-z]{3,}", other)
                     if w not in sentence), "Zanzibar")
    words = sentence.split(" ")
    return " ".join([words[0], stranger, *words[1:]]), "inserted name"


def _rows(data: Path, lo: int, hi: int) -> list[str]:
    out: list[str] = []
    with (data / "halueval" / "qa.jsonl").open(encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i >= hi:
                break
            if i >= lo:
                out.append(str(json.loads(line)["knowledge"]))
    return out


def _quantiles(values: list[float]) -> dict[str, float]:
    qs = statistics.quantiles(values, n=20)
    return {"p5": qs[0], "median": statistics.median(values), "p95": qs[-1],
            "min": min(values), "max": max(values)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--rows", default="0:1000", help="A:B of qa.jsonl (tuning split only)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    lo, hi = (int(x) for x in args.rows.split(":"))
    if hi > 8_000:
        print("rows 8,000 and up are the reserved test split: not used here", file=sys.stderr)
        return 2
    if not (args.data / "halueval" / "qa.jsonl").is_file():
        print(f"no HaluEval data under {args.data}: pass --data", file=sys.stderr)
        return 2
    settings = Settings()
    verifier = shared_verifier(settings)
    passages = _rows(args.data, lo, hi)
    counts = {"verbatim": {"n": 0, "verified": 0, "entailed": 0, "quoted": 0},
              "edited": {"n": 0, "verified": 0}}
    edits: dict[str, list[int]] = {}
    self_scores: list[float] = []
    too_long = 0
    self_contra = 0
    self_pass = 0  # a sentence against itself passes the model's rule (policy v1)
    t0 = time.perf_counter()
    for k, passage in enumerate(passages):
        sentence = _sentence(passage)
        if sentence is None:
            continue
        res = verify("", sentence, evidence=[passage], settings=settings, verifier=verifier)
        v = counts["verbatim"]
        v["n"] += 1
        if res.all_verified:
            v["verified"] += 1
            codes = {r.code for c in res.claims for r in c.reasons}
            v["quoted" if "quoted" in codes else "entailed"] += 1
        try:
            scores = verifier.score_pairs([(sentence, sentence)])[0].scores
            self_scores.append(scores.entailment)
            self_contra += (scores.contradiction or 0.0) >= settings.tau_contradict
            self_pass += (scores.entailment >= settings.tau_entail
                          and (scores.contradiction or 0.0) < settings.tau_contradict)
        except InputError:  # longer than the model takes twice: no self-score
            too_long += 1
        edited, kind = _edit(sentence, passages[(k + 1) % len(passages)])
        res = verify("", edited, evidence=[passage], settings=settings, verifier=verifier)
        e = counts["edited"]
        e["n"] += 1
        ok = res.all_verified
        e["verified"] += ok
        edits.setdefault(kind, [0, 0])
        edits[kind][0] += ok
        edits[kind][1] += 1
    seconds = time.perf_counter() - t0
    v, e = counts["verbatim"], counts["edited"]
    report: dict[str, Any] = {
        "rows": args.rows, "tau_entail": settings.tau_entail,
        "verbatim": {**v, "verified_rate": v["verified"] / max(v["n"], 1),
                     "baseline_v1_rate": v["entailed"] / max(v["n"], 1),
                     "ratio_over_v1": (v["verified"] / v["entailed"] if v["entailed"]
                                       else None)},
        "self_entailment": _quantiles(self_scores) | {
            "share_at_or_over_tau": sum(s >= settings.tau_entail for s in self_scores)
            / max(len(self_scores), 1), "n": len(self_scores), "too_long": too_long,
            "share_contradiction_at_or_over_tau_c": self_contra / max(len(self_scores), 1),
            "share_verified_by_the_model_alone": self_pass / max(len(self_scores), 1)},
        "edited": {**e, "verified_rate": e["verified"] / max(e["n"], 1),
                   "by_edit": {k: {"verified": a, "n": b} for k, (a, b) in edits.items()}},
        "seconds": seconds,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
    }
    if args.out:
        args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    vv, se, ee = report["verbatim"], report["self_entailment"], report["edited"]
    print(f"HaluEval QA knowledge rows {args.rows}: {vv['n']} evidence sentences")
    ratio = vv["ratio_over_v1"]
    print(f"  verbatim, verified: {vv['verified']} ({vv['verified_rate']:.1%}); as policy v1 "
          f"would: {vv['entailed']} ({vv['baseline_v1_rate']:.1%}); ratio "
          + (f"{ratio:.1f}x" if ratio is not None else "undefined (v1 verified none)"))
    print(f"  P(entailment) of a sentence against itself: median {se['median']:.3f}, "
          f"p5 {se['p5']:.3f}, p95 {se['p95']:.3f}; at or over τe = {settings.tau_entail}: "
          f"{se['share_at_or_over_tau']:.1%}; P(contradiction) at or over τc = "
          f"{settings.tau_contradict}: {se['share_contradiction_at_or_over_tau_c']:.1%}; "
          f"verified by the model alone (policy v1's rule): "
          f"{se['share_verified_by_the_model_alone']:.1%}")
    print(f"  edited, verified: {ee['verified']} of {ee['n']} ({ee['verified_rate']:.1%}); "
          + ", ".join(f"{k} {d['verified']}/{d['n']}" for k, d in ee["by_edit"].items()))
    print(f"  {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

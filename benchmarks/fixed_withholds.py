"""What the deterministic stages withhold before any model runs, on HaluEval dev rows.

For each row, the right and the hallucinated answer are split into claims exactly as
``certirag.verify`` splits them; each claim goes through the deterministic check against
the whole evidence and, under policy v3, the binding rule (``unbound_anchors``). An answer
is *withheld before the model* when one of its claims has a finding (or is an unresolved
yes/no reply). The figure to read is the pair: right answers withheld (false withholds the
model can never undo) against hallucinated answers withheld (catches it never needs).
Among the codes, ``(absent from the evidence)`` counts the claims with a name, figure or
date that the evidence does not contain at all, not even as text: true findings under a
fail-closed rule, whatever the data set's label says; ``(answers with a claim absent from
the evidence)`` counts the answers that hold one.

With ``--run RUN.json`` (the run document of ``certirag eval halueval-summarization
--ablate --run RUN.json`` on the same rows) it also reports how each evaluated system
decided the summarization claims that hold a name, figure or date absent from the
document: a verifier that verifies them verifies what the document does not say, whatever
the data set's label is.

    python benchmarks/fixed_withholds.py --data ../shared/data --qa-rows 7000:7001 \
        --summarization-rows 7300:8000 --run RUN.json

With ``--verify-yes-no`` the right QA answers that are bare yes/no replies also run through
the full pipeline at the default preset, and the number that pass is printed.

    python benchmarks/fixed_withholds.py --data ../shared/data --qa-rows 7000:7500 \\
        --summarization-rows 7000:7200 --verify-yes-no

Rows 8,000 and up are the reserved test split and are refused.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def _rows(path: Path, spec: str) -> list[dict[str, Any]]:
    lo, hi = (int(x) for x in spec.split(":"))
    if hi > 8_000:
        raise SystemExit("rows 8,000 and up are the reserved test split: not used here")
    out = []
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i >= hi:
                break
            if i >= lo:
                out.append({**json.loads(line), "_line": i})
    return out


def _withheld(answer: str, evidence: str, question: str, codes: Counter[str],
              absent_spans: list[tuple[int, int]] | None = None) -> bool:
    from certirag.bound import binding_finding
    from certirag.checks import absent_anchor, check_claim, prepare_evidence
    from certirag.claims import extract_claims

    prepared = prepare_evidence([evidence])
    out = absent = False
    for c in extract_claims(answer, question=question):
        if c.kind == "unresolved":
            codes["unresolved_answer"] += 1
            out = True
            continue
        if c.kind != "claim":
            continue
        found = list(check_claim(c.text, prepared, question=question))
        if not found:
            b = binding_finding(c.text, [evidence])
            found = [b] if b is not None else []
        codes.update(f.code for f in found)
        if absent_anchor(found, evidence) is not None:
            codes["(absent from the evidence)"] += 1
            absent = True
            if absent_spans is not None:
                absent_spans.append((c.start, c.end))
        out = out or bool(found)
    if absent:
        codes["(answers with a claim absent from the evidence)"] += 1
    return out


def _count(rows: list[dict[str, Any]], evidence: str, question: str | None, right: str,
           wrong: str, absent: dict[tuple[int, str], list[tuple[int, int]]] | None = None
           ) -> dict[str, Any]:
    """Withholds before the model per side; ``absent`` collects, per (row line, side), the
    spans of the claims holding something absent from the evidence."""
    report: dict[str, Any] = {"rows": len(rows)}
    for key, field in (("right", right), ("hallucinated", wrong)):
        codes: Counter[str] = Counter()
        n = 0
        for r in rows:
            spans: list[tuple[int, int]] = []
            n += _withheld(str(r[field]), str(r[evidence]),
                           str(r[question]) if question else "", codes, spans)
            if absent is not None and spans:
                absent[(int(r["_line"]), key)] = spans
        report[key] = {"withheld": n, "codes": dict(codes.most_common())}
    return report


def systems_on(absent: dict[tuple[int, str], list[tuple[int, int]]],
               run: dict[str, Any]) -> dict[str, dict[str, dict[str, int]]]:
    """For each system of the run document ``run`` and each side, how many of the
    ``absent`` claims (per (line, side): claim spans) it scored and how many it verified."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for item in run.get("items", []):
        side = "right" if item.get("meta", {}).get("answer") == "right" else "hallucinated"
        spans = set(absent.get((int(item["line"]), side), ()))
        if not spans:
            continue
        for system, result in item.get("systems", {}).items():
            counts = out.setdefault(system, {}).setdefault(side, {"claims": 0, "verified": 0})
            for c in result.get("claims", []):
                if (c["start"], c["end"]) in spans:
                    counts["claims"] += 1
                    counts["verified"] += c["decision"] == "verified"
    return out


def _yes_no(rows: list[dict[str, Any]]) -> dict[str, int]:
    from certirag import load_settings, verify
    from certirag.claims.answers import yes_no_polarity
    from certirag.verifiers import create_verifier

    settings = load_settings(preset="default")
    verifier = create_verifier(settings)
    picked = [r for r in rows if yes_no_polarity(str(r["right_answer"])) is not None]
    passed = 0
    for r in picked:
        res = verify(str(r["question"]), str(r["right_answer"]),
                     evidence=[{"id": "k", "text": str(r["knowledge"])}], settings=settings,
                     verifier=verifier)
        passed += res.exit_code() == 0
    return {"right_yes_no": len(picked), "passed": passed}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--data", type=Path,
                    default=Path(os.environ.get("CERTIRAG_DATA_DIR", "../shared/data")))
    ap.add_argument("--qa-rows", default="7000:7500")
    ap.add_argument("--summarization-rows", default="7000:7200")
    ap.add_argument("--verify-yes-no", action="store_true",
                    help="also verify the right QA answers that are bare yes/no replies")
    ap.add_argument("--run", type=Path, default=None,
                    help="an --ablate run document of halueval-summarization on the same "
                         "rows: how each system decided the claims absent from the document")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    halu = args.data / "halueval"
    if not (halu / "qa.jsonl").is_file():
        print(f"no HaluEval data under {args.data}: pass --data", file=sys.stderr)
        return 2
    qa = _rows(halu / "qa.jsonl", args.qa_rows)
    summ = _rows(halu / "summarization.jsonl", args.summarization_rows)
    absent: dict[tuple[int, str], list[tuple[int, int]]] = {}
    report: dict[str, Any] = {
        "qa": {"row_range": args.qa_rows,
               **_count(qa, "knowledge", "question", "right_answer", "hallucinated_answer")},
        "summarization": {"row_range": args.summarization_rows,
                          **_count(summ, "document", None, "right_summary",
                                   "hallucinated_summary", absent)},
    }
    if args.run is not None:
        try:
            run = json.loads(args.run.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"cannot read the run document {args.run}: {exc}", file=sys.stderr)
            return 2
        if run.get("dataset") != "halueval-summarization":
            print(f"{args.run} is no halueval-summarization run", file=sys.stderr)
            return 2
        report["summarization"]["absent_claims_by_system"] = systems_on(absent, run)
    if args.verify_yes_no:
        report["qa"]["yes_no"] = _yes_no(qa)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for name, r in report.items():
        print(f"{name} rows {r['row_range']} (n = {r['rows']}): withheld before the model — "
              f"right {r['right']['withheld']}, hallucinated {r['hallucinated']['withheld']}")
        for key in ("right", "hallucinated"):
            print(f"  {key}: {r[key]['codes']}")
        for system, sides in r.get("absent_claims_by_system", {}).items():
            if not any(v["claims"] for v in sides.values()):
                continue  # a baseline with no claims
            shown = ", ".join(f"{k} {v['verified']}/{v['claims']}" for k, v in sides.items())
            print(f"  claims absent from the document, verified by {system}: {shown}")
        if "yes_no" in r:
            y = r["yes_no"]
            print(f"  right answers that are bare yes/no replies: {y['right_yes_no']}, of "
                  f"which {y['passed']} pass the full pipeline at the default preset")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

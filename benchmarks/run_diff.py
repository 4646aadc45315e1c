"""Which answers moved between two evaluation runs of the same rows.

Reads two run documents (``certirag eval … --run FILE``, gzipped when they end in
``.gz``) and, for one system (the main one unless ``--system`` names another), prints per
label how many answers moved between shown (``verified``) and withheld (``unverified`` or
``blocked``) and, for each moved answer, its reason codes before and after. The pair to
read is the right answers' moves against the hallucinated answers'. ``--changed`` also
lists the answers whose decision stayed but whose reason codes changed.

    python benchmarks/run_diff.py OLD.json.gz NEW.json.gz [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from certirag.errors import InputError
from certirag.eval.report import load_run

__all__ = ["diff_runs", "main"]


def _decision(item: dict[str, Any], system: str) -> tuple[str, list[str]]:
    got = item.get("systems", {}).get(system)
    if not isinstance(got, dict) or "decision" not in got:
        raise InputError(f"item {item.get('id')!r} has no decision of system {system!r}")
    reasons = [r for c in got.get("claims", []) for r in c.get("reasons", [])]
    return str(got["decision"]), reasons


def diff_runs(old: dict[str, Any], new: dict[str, Any], system: str,
              *, changed: bool = False) -> dict[str, Any]:
    """Per label: answers ``shown`` (withheld before, verified now) and ``withheld``
    (verified before, withheld now), each ``{"id", "before", "after"}`` with the reason
    codes, and with ``changed`` those whose decision or codes changed otherwise. Only
    items present in both runs are compared; ``unmatched`` counts the others."""
    before = {str(i["id"]): i for i in old["items"]}
    out: dict[str, Any] = {"system": system, "compared": 0, "unmatched": 0, "labels": {}}
    for item in new["items"]:
        prev = before.pop(str(item["id"]), None)
        if prev is None:
            out["unmatched"] += 1
            continue
        out["compared"] += 1
        (da, ra), (db, rb) = _decision(prev, system), _decision(item, system)
        label = str(item.get("label", "?"))
        per = out["labels"].setdefault(label, {"shown": [], "withheld": [], "changed": []})
        row = {"id": item["id"], "before": [da, ra], "after": [db, rb]}
        if (da == "verified") != (db == "verified"):
            per["shown" if db == "verified" else "withheld"].append(row)
        elif changed and (da, ra) != (db, rb):
            per["changed"].append(row)
    out["unmatched"] += len(before)
    return out


def _table(d: dict[str, Any]) -> str:
    lines = [f"system {d['system']}: {d['compared']} answers compared, "
             f"{d['unmatched']} in one run only"]
    for label, per in sorted(d["labels"].items()):
        lines.append(f"{label}: {len(per['shown'])} more shown, {len(per['withheld'])} more "
                     f"withheld" + (f", {len(per['changed'])} otherwise changed"
                                    if per["changed"] else ""))
        for kind in ("shown", "withheld", "changed"):
            for row in per[kind]:
                (da, ra), (db, rb) = row["before"], row["after"]
                lines.append(f"  {kind:8} {row['id']}: {da} {ra} -> {db} {rb}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--system", help="the system to compare (default: the run's main one)")
    ap.add_argument("--changed", action="store_true",
                    help="also list answers whose reason codes changed")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        old, new = load_run(args.old), load_run(args.new)
        if old["dataset"] != new["dataset"]:
            raise InputError(f"runs of different data sets: {old['dataset']!r} and "
                             f"{new['dataset']!r}")
        d = diff_runs(old, new, args.system or str(new["main_system"]), changed=args.changed)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(d) if args.json else _table(d))
    return 0


if __name__ == "__main__":
    sys.exit(main())

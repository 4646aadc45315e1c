"""Which answers a change to the deterministic rules flags: a screen on training rows.

Every claim (not a pleasantry, an opinion or a question) of the right and hallucinated
answers of HaluEval summarization and QA rows ``--rows`` (training rows only: 0–7,999) is
checked against its document with
:func:`certirag.checks.check_claim` (the whole evidence, no model, no binding), and the
finding codes of each answer are written to ``--out``. Run it at two commits and compare
the two files with ``--compare``: how many right and hallucinated answers gained a finding
code they did not have, and how many lost one. A rule that flags many right answers for
each hallucinated one withholds more than it catches. ``--match REGEX`` screens only the
rows whose evidence matches (case-insensitive): a rule about "considering" on the rows
that say it, in a fraction of the time. ``--claims`` writes each answer's claim texts
instead of its codes (no check is run): ``--compare`` of two such files counts the answers
whose claims a change to the claim rules changed (gained a claim text they did not have).

    python benchmarks/finding_screen.py --data ../shared/data --rows 0:4000 --out new.json
        [--match REGEX]
    python benchmarks/finding_screen.py --compare old.json new.json [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from certirag.checks import check_claim
from certirag.claims import extract_claims
from certirag.errors import InputError

_LAST_TRAINING_ROW = 8000


def _rows(spec: str) -> range:
    try:
        lo, hi = (int(x) for x in spec.split(":"))
    except ValueError:
        raise InputError(f"--rows must be A:B, got {spec!r}") from None
    if not 0 <= lo < hi <= _LAST_TRAINING_ROW:
        raise InputError(f"--rows must lie in 0:{_LAST_TRAINING_ROW} (training rows only)")
    return range(lo, hi)


def screen(data: Path, rows: range, match: re.Pattern[str] | None = None, *,
           claims: bool = False) -> dict[str, list[str]]:
    """``{"s12r": codes, "q12h": codes, …}``: the finding codes of each answer (``s``
    summarization, ``q`` QA; ``r`` right, ``h`` hallucinated), of the rows whose evidence
    ``match`` finds (every row without it); with ``claims``, its claim texts instead."""
    out: dict[str, list[str]] = {}
    sets = (("s", "summarization.jsonl", "document", ("right_summary", "hallucinated_summary")),
            ("q", "qa.jsonl", "knowledge", ("right_answer", "hallucinated_answer")))
    for tag, name, doc_key, keys in sets:
        lines = (data / "halueval" / name).read_text(encoding="utf-8").splitlines()
        for r in rows:
            row = json.loads(lines[r])
            if match is not None and match.search(row[doc_key]) is None:
                continue
            question = row.get("question", "")
            for key in keys:
                codes: set[str] = set()
                for c in extract_claims(row[key], question=question):
                    if c.kind != "claim":  # not a pleasantry, an opinion or a question
                        continue
                    codes |= {c.text} if claims else {
                        f.code for f in check_claim(c.text, [row[doc_key]], question=question)}
                out[f"{tag}{r}{key[0]}"] = sorted(codes)
    return out


def compare(old: dict[str, list[str]], new: dict[str, list[str]]) -> dict[str, int]:
    """Answers that gained a finding code, per data set and label (``s_right`` …)."""
    names = {"s": "summarization", "q": "qa", "r": "right", "h": "hallucinated"}
    gained = {f"{names[a]}_{names[b]}": 0 for a in "sq" for b in "rh"}
    for key, codes in new.items():
        if set(codes) - set(old.get(key, ())):
            gained[f"{names[key[0]]}_{names[key[-1]]}"] += 1
    return gained


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--rows", default="0:4000", help="A:B, training rows only")
    ap.add_argument("--out", type=Path, help="write the codes of each answer here")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    ap.add_argument("--match", metavar="REGEX",
                    help="screen only the rows whose evidence matches (case-insensitive)")
    ap.add_argument("--claims", action="store_true",
                    help="write each answer's claim texts instead of its finding codes")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        if args.compare:
            old, new = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
            # an answer that lost a code is one the reverse comparison says gained it
            gained, lost = compare(old, new), compare(new, old)
            print(json.dumps({"gained": gained, "lost": lost}) if args.json else "\n".join(
                f"{k}: {gained[k]} answers gained a finding, {lost[k]} lost one"
                for k in gained))
            return 0
        if args.out is None:
            raise InputError("give --out FILE (or --compare OLD NEW)")
        try:
            match = re.compile(args.match, re.IGNORECASE) if args.match else None
        except re.error as exc:
            raise InputError(f"--match is no regular expression: {exc}") from None
        codes = screen(args.data, _rows(args.rows), match, claims=args.claims)
        args.out.write_text(json.dumps(codes), encoding="utf-8")
        print(f"{len(codes)} answers screened -> {args.out}", file=sys.stderr)
    except (InputError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

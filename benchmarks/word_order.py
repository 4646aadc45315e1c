"""How a model reads a sentence whose words moved, two models in one run.

Summaries restate their article in their own order: "In 2002 he gunned down …" for "…
gunned down … in 2002.", "Dr Oz is the vice chairman …" for "Dr Oz, 54, is the vice
chairman …". This scores the pairs of :func:`certirag.train.bind_data.reorder_pairs` built
from HaluEval summarization documents of dev rows (7,000–7,999 by default; the same pairs
as the ``reorder`` dev pairs of ``python -m certirag.train.nli --reorder``) with each
model, in the scorer's notation, and prints per kind the mean P(entailment) and the share
that reaches τe:

* ``reorder``: a time phrase moved to the front or the back, an age or a caption's
  heading dropped, against the sentence's binding span (entailed);
* ``reorder_context``: the same beside a neighbouring sentence (entailed);
* ``reorder_swap`` / ``reorder_negation`` / ``reorder_added`` / ``reorder_substituted``
  / ``reorder_widened`` (and their ``_context`` twins): the reworded sentence with an
  anchor swapped for another of its document, a negation inserted, a detail of the next
  document's sentence added, one of its words put for one of the sentence's, or a
  quantifier or modal widened (not entailed).

A model that reads order raises the first two rows and keeps the others low; raising all
of them is leniency.

    python benchmarks/word_order.py --data ../shared/data [--model M] [--compare M2] [--json]

Rows 8,000 and up are the reserved test split and are refused.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pair_scores

KINDS = ("reorder", "reorder_context", "reorder_swap", "reorder_context_swap",
         "reorder_negation", "reorder_context_negation", "reorder_added",
         "reorder_context_added", "reorder_substituted", "reorder_context_substituted",
         "reorder_widened", "reorder_context_widened")


def _pairs(args: Any, start: int, stop: int) -> list[tuple[str, str, str]]:
    from certirag.train.bind_data import as_read, reorder_pairs
    from certirag.train.nli_data import read_rows

    docs = [str(row["document"]) for _, row in
            read_rows(args.data / "halueval" / "summarization.jsonl", start, stop)]
    out: list[tuple[str, str, str]] = []
    for i, doc in enumerate(docs):  # the details added come from the next document
        out += [(p.premise, p.hypothesis, p.source.rsplit(":", 1)[-1]) for p in
                as_read(reorder_pairs(doc, "syn_summ", docs[(i + 1) % len(docs)]))]
    return out


def summarise(kinds: list[str], values: list[float], tau: float) -> dict[str, dict[str, Any]]:
    """Per kind: the number of pairs, the mean P(entailment) and the share ≥ ``tau``."""
    return pair_scores.summarise(KINDS, kinds, values, tau)


def main(argv: list[str] | None = None) -> int:
    return pair_scores.dev_rows_main(argv, description=__doc__.splitlines()[0] if __doc__
                                     else None, order=KINDS, build=_pairs)


if __name__ == "__main__":
    raise SystemExit(main())

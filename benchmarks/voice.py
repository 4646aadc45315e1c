"""How a model reads who did what across a change of voice, two models in one run.

Evidence states agency in the passive ("Inception is a 2010 science fiction film written and
directed by Christopher Nolan."), answers state it actively ("Christopher Nolan directed
Inception."). This scores the voice-change pairs of :mod:`certirag.train.voice` built from
HaluEval dev rows (QA knowledge passages and summarization documents, rows 7,000–7,999 by
default, exactly the ``voice`` dev source of ``python -m certirag.train.nli --voice``) with
each model, in the scorer's notation, and prints per kind the mean P(entailment) and the
share that reaches τe:

* ``voice``: the statement restated actively, passively or with the agent's noun
  (entailed);
* ``voice_swap``: another name of the same document as the agent; ``voice_roles``: agent
  and subject exchanged; ``voice_verb``: a verb of the family the sentence does not state
  (not entailed).

A model that reads voice raises the first row and keeps the other three low; raising all
four is leniency.

    python benchmarks/voice.py --data ../shared/data [--model M] [--compare M2] [--json]

Rows 8,000 and up are the reserved test split and are refused.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pair_scores

KINDS = ("voice", "voice_swap", "voice_roles", "voice_verb")


def _pairs(args: Any, start: int, stop: int) -> list[tuple[str, str, str]]:
    from certirag.train.bind_data import as_read, voice_rows

    return [(p.premise, p.hypothesis, p.source.rsplit(":", 1)[-1])
            for p in as_read(voice_rows(args.data, start, stop, args.seed))]


def summarise(kinds: list[str], values: list[float], tau: float) -> dict[str, dict[str, Any]]:
    """Per kind: the number of pairs, the mean P(entailment) and the share ≥ ``tau``."""
    return pair_scores.summarise(KINDS, kinds, values, tau)


def _seed(ap: Any) -> None:
    ap.add_argument("--seed", type=int, default=45,
                    help="the pairs' seed (45: the voice dev pairs of a run with --seed 43)")


def main(argv: list[str] | None = None) -> int:
    return pair_scores.dev_rows_main(argv, description=__doc__.splitlines()[0] if __doc__
                                     else None, order=KINDS, build=_pairs,
                                     add_arguments=_seed,
                                     describe=lambda args: {"seed": args.seed})


if __name__ == "__main__":
    raise SystemExit(main())

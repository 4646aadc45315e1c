"""How a model reads chat restatements of knowledge-graph facts, two models in one run.

A chat reply restates the facts a dialogue's knowledge gives ("Zodiac is starring Jake
Gyllenhaal" → "Jake Gyllenhaal was in Zodiac."). This builds such facts from templates
and invented names (no data set, nothing reserved read), and scores each model on
(fact, claim) pairs in the scorer's notation, as the pipeline reads them:

* ``restated``: the fact said another way (entailed);
* ``restated_also``: the same with "also", as a reply adds it ("Jake Gyllenhaal also
  starred in Zodiac.", entailed); with ``--as-written`` the model reads the particle,
  without it the scorer's notation leaves it out;
* ``other_name``: the fact restated with the object of another fact of the same relation
  (not entailed: the chain confusion of a dialogue's knowledge);
* ``roles``: subject and object exchanged (not entailed).

It prints per kind, and per relation for ``restated``, the mean P(entailment) and the share
that reaches τe; with ``--pipeline``, also the share the whole pipeline (default preset,
the first model) verifies, the checks included. A model that reads chat paraphrase raises
``restated`` and keeps the two others low; raising all three is leniency. The facts are
this module's, so training on them would make this benchmark meaningless: hold it out of
any training data.

    python benchmarks/chat_facts.py [--n 60] [--seed 7] [--model M] [--compare M2]
        [--as-written] [--pipeline] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pair_scores import print_table, score_pairs, shares

KINDS = ("restated", "restated_also", "other_name", "roles")

_FIRST = ("Mara Lind Tomas Oduya Priya Castell Ivo Reyes Hana Novak Elias Brandt Sofia Marsh "
          "Dario Keane Lena Achebe Owen Sato Clara Voss Mateo Rowe Nadia Quill Felix Ortega "
          "Ines Halloran Ravi Penrose").split()
_ADJ = "Silent Crimson Hollow Northern Broken Golden Last Quiet Burning Distant Paper Iron".split()
_NOUN = "Harbor Orchard Signal Winter Compass Lantern Meridian Garden Tide Ledger Frontier".split()
_CITY = "Riverton Ashford Lakemont Brookfield Granville Eastwick Harlow Westbury".split()
_MASCOT = "Falcons Rovers Comets Wolves Mariners Pioneers Stags Hornets".split()
_GENRES = ("horror", "comedy", "thriller", "drama", "science fiction", "romance", "western")


@dataclass(frozen=True)
class Relation:
    name: str
    fact: str  # the knowledge's sentence, "{s}" and "{o}"
    restated: tuple[str, ...]  # entailed restatements
    also: str  # an entailed restatement with the additive "also" of a chat reply
    roles: str  # subject and object exchanged
    subject: str  # "work", "person" or "team": what kind of name "{s}" is
    object: str


RELATIONS = (
    Relation("starring", "{s} is starring {o}",
             ("{o} starred in {s}.", "{o} was in {s}.", "{s} stars {o}.", "{o} is in {s}."),
             "{o} also starred in {s}.", "{s} starred in {o}.", "work", "person"),
    Relation("written_by", "{s} is written by {o}",
             ("{o} wrote {s}.", "{s} was written by {o}.", "{o} is the author of {s}.",
              "{s} is by {o}."),
             "{o} also wrote {s}.", "{s} wrote {o}.", "work", "person"),
    Relation("directed_by", "{s} is directed by {o}",
             ("{o} directed {s}.", "{s} was directed by {o}.", "{o} made {s}.",
              "{o} is the director of {s}."),
             "{o} also directed {s}.", "{s} directed {o}.", "work", "person"),
    Relation("plays_for", "{s} plays for {o}",
             ("{s} is on {o}.", "{s} plays for the {o}.", "{s} is a player for {o}.",
              "{s} is with {o} now."),
             "{s} also plays for {o}.", "{o} plays for {s}.", "person", "team"),
    Relation("genre", "{s} has genre {o}",
             ("{s} is a {o} film.", "{s} is {o}.", "{s} is a {o}."),
             "{s} is also a {o} film.", "{o} is {s}.", "work", "genre"),
)


def _names(kind: str, rng: random.Random, k: int) -> list[str]:
    """``k`` different invented names of ``kind``, in the order drawn (a function of
    ``rng`` alone: no set order, which varies with the process's hash seed)."""
    out: list[str] = []
    while len(out) < k:
        if kind == "person":
            name = f"{rng.choice(_FIRST[0::2])} {rng.choice(_FIRST[1::2])}"
        elif kind == "work":
            name = f"The {rng.choice(_ADJ)} {rng.choice(_NOUN)}"
        elif kind == "team":
            name = f"{rng.choice(_CITY)} {rng.choice(_MASCOT)}"
        else:
            name = rng.choice(_GENRES)
        if name not in out:
            out.append(name)
    return out


def pairs(n: int, seed: int) -> list[tuple[str, str, str, str]]:
    """``n`` facts per relation, each with its claims: (premise, claim, kind, relation).
    The premise is the fact's sentence, the span binding would give the claim; for
    ``other_name``, which takes the object of a second fact of the same relation, it is
    both facts (the pipeline's checks withhold that claim before the model:
    ``unbound_anchors``; this is what the model alone would make of it)."""
    rng = random.Random(seed)
    out: list[tuple[str, str, str, str]] = []
    for rel in RELATIONS:
        for _ in range(n):
            s1, s2 = _names(rel.subject, rng, 2)
            o1, o2 = _names(rel.object, rng, 2)
            fact = rel.fact.format(s=s1, o=o1)
            other = rel.fact.format(s=s2, o=o2)
            both = f"{fact}. {other}." if rng.random() < 0.5 else f"{other}. {fact}."
            form = rng.choice(rel.restated)
            out.append((f"{fact}.", form.format(s=s1, o=o1), "restated", rel.name))
            out.append((f"{fact}.", rel.also.format(s=s1, o=o1), "restated_also", rel.name))
            out.append((both, form.format(s=s1, o=o2), "other_name", rel.name))
            out.append((f"{fact}.", rel.roles.format(s=s1, o=o1), "roles", rel.name))
    return out


def pipeline_verified(model: str, built: list[tuple[str, str, str, str]]) -> list[float]:
    """1.0 for each pair whose claim the whole pipeline verifies against its premise
    (default preset, ``model``), else 0.0."""
    from certirag import load_settings, verify

    settings = load_settings(preset="default", nli_model=model, threads=1)
    return [1.0 if verify("", claim, evidence=[premise], settings=settings).outcome
            == "verified" else 0.0 for premise, claim, _, _ in built]


def summarise(rows: list[tuple[str, str]], values: list[float], tau: float
              ) -> dict[str, dict[str, Any]]:
    """Per kind, and per relation of ``restated`` (keyed ``restated/RELATION``): the
    number of pairs, the mean P(entailment) and the share ≥ ``tau``."""
    groups: dict[str, list[float]] = {}
    for (kind, rel), v in zip(rows, values, strict=True):
        groups.setdefault(kind, []).append(v)
        if kind == "restated":
            groups.setdefault(f"restated/{rel}", []).append(v)
    return {k: shares(v, tau) for k, v in groups.items()}


def main(argv: list[str] | None = None) -> int:
    from certirag.config import DEFAULT_NLI_MODEL, load_settings
    from certirag.text.notation import model_text

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--n", type=int, default=60, help="facts per relation")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--model", default=DEFAULT_NLI_MODEL, help="the first model")
    ap.add_argument("--compare", default=None,
                    help="a second model (builtin:NAME or a model folder)")
    ap.add_argument("--as-written", action="store_true",
                    help="score the pairs as written, not in the scorer's notation (which "
                         "leaves out 'also', 'too', 'as well')")
    ap.add_argument("--pipeline", action="store_true",
                    help="also run the whole pipeline on each pair (the first model)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    if args.n < 1:
        ap.error("--n must be at least 1")
    tau = load_settings().tau_entail
    built = pairs(args.n, args.seed)
    rows = [(kind, rel) for _, _, kind, rel in built]
    models = [args.model] + ([args.compare] if args.compare else [])
    read = None if args.as_written else model_text
    scored = {m: score_pairs(m, [(p, h) for p, h, _, _ in built], read)
              for m in models}
    report: dict[str, Any] = {
        "n_per_relation": args.n, "seed": args.seed, "tau_entail": tau, "pairs": len(built),
        "as_written": args.as_written,
        "models": {m: {"sha256": sha, "kinds": summarise(rows, v, tau)}
                   for m, (sha, v) in scored.items()},
    }
    if args.pipeline:
        verified = summarise(rows, pipeline_verified(args.model, built), 0.5)
        report["pipeline"] = {k: {"n": v["n"], "verified": v["reach_tau"]}
                              for k, v in verified.items()}
    if args.json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    def piped(key: str) -> str:
        got = report.get("pipeline", {}).get(key)
        return f" pipeline verifies {got['verified']:.1%} |" if got else ""

    print_table(report["models"], models,
                [*KINDS, *(f"restated/{r.name}" for r in RELATIONS)], tau, piped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

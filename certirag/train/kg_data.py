"""Chat restatements of knowledge-graph facts, for training (``--kg PASSES``).

A dialogue's knowledge is a path of facts ("Iron Man is starring Robert Downey Jr.",
"Robert Downey Jr. starred in Zodiac", "Zodiac is directed by David Fincher"), and a
reply restates one of them in chat ("Robert Downey Jr. was in Iron Man."). The model
must read such a restatement as entailed, and keep three near misses apart:

* ``kg_roles``: subject and object exchanged ("Iron Man was in Robert Downey Jr.");
* ``kg_other``: the object of another fact of the same relation in the same knowledge
  (the chain confusion: "Robert Downey Jr. directed Zodiac");
* ``kg_relation``: the two names under a relation the knowledge does not state
  ("David Fincher starred in Zodiac" from "Zodiac is directed by David Fincher");
* ``kg_negation``: the fact denied (contradiction).

The names are the training documents' own: works and people read from the passive
statements of agency of HaluEval QA knowledge (:func:`certirag.train.voice.voices`; rows
0–6,999 for training, 7,000–7,999 for dev; nothing reserved is read), teams from "plays
for" phrases of the same rows, genres and years from small fixed lists. The benchmark
``benchmarks/chat_facts.py`` uses invented names that never occur here.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from certirag.train.nli_data import (
    CON,
    ENT,
    HALU_DEV_END,
    HALU_TRAIN_END,
    NOT_ENTAILED,
    Pair,
    read_rows,
)

__all__ = ["RELATIONS", "KgRelation", "draw_name", "fact_text", "is_person_name",
           "kg_pairs", "kg_splits", "name_pools"]


GENRES = ("action", "adventure", "animated", "biographical", "comedy", "crime", "documentary",
          "drama", "fantasy", "horror", "musical", "mystery", "romance", "science fiction",
          "thriller", "war", "western", "satire", "sports", "coming-of-age")


@dataclass(frozen=True)
class KgRelation:
    """One relation: how a knowledge graph writes it and how a reply says it.

    ``facts`` are the knowledge's forms, ``says`` the reply's entailed forms, ``denies``
    a contradicting form; each holds "{s}" and "{o}". ``roles`` is False where
    exchanging the two names gives no sentence that could be read (a genre)."""

    name: str
    subject: str  # "work", "person", "team", "genre" or "year"
    object: str
    facts: tuple[str, ...]
    says: tuple[str, ...]
    denies: str
    roles: bool = True


RELATIONS = (
    KgRelation("starring", "work", "person",
               ("{s} is starring {o}", "{o} starred in {s}", "{s} starring {o}"),
               ("{o} acted in {s}.", "{o} appears in {s}.", "{o} had a role in {s}.",
                "{s} features {o}.", "{o} played a part in {s}.", "{o} was part of the cast "
                "of {s}.", "{o} is one of the actors in {s}.", "{s} has {o} in it.",
                "{o} starred in {s}.", "{o} was in {s}."),
               "{o} was never in {s}."),
    KgRelation("directed_by", "work", "person",
               ("{s} is directed by {o}", "{o} directed {s}", "{s} directed_by {o}"),
               ("{o} is the one who directed {s}.", "{s} is a {o} film.",
                "{o} was the director of {s}.", "{s} was directed by {o}.",
                "{o} directed {s}.", "The director of {s} is {o}."),
               "{o} did not direct {s}."),
    KgRelation("written_by", "work", "person",
               ("{s} is written by {o}", "{o} wrote {s}", "{s} written_by {o}"),
               ("{o} is the writer of {s}.", "{o} wrote {s}.", "{s} was written by {o}.",
                "{s} was penned by {o}.", "The writer of {s} is {o}."),
               "{o} did not write {s}."),
    KgRelation("produced_by", "work", "person",
               ("{s} is produced by {o}", "{o} produced {s}"),
               ("{o} produced {s}.", "{s} was produced by {o}.", "{o} was a producer of {s}."),
               "{o} did not produce {s}."),
    KgRelation("plays_for", "person", "team",
               ("{s} plays for {o}", "{o} has player {s}"),
               ("{s} is a player for {o}.", "{s} plays on {o}.", "{s} is on the team {o}.",
                "{s} plays for {o}.", "{o} has {s} on the team."),
               "{s} does not play for {o}."),
    KgRelation("genre", "work", "genre",
               ("{s} has genre {o}", "{s} is a {o} film"),
               ("{s} is a {o} movie.", "{s} is a {o} film.", "{s} falls in the {o} genre.",
                "{s} is considered {o}."),
               "{s} is not a {o} film.", roles=False),
    KgRelation("released", "work", "year",
               ("{s} was released in {o}", "{s} release year {o}"),
               ("{s} came out in {o}.", "{s} was released in {o}.", "{s} is from {o}.",
                "{s} first came out in {o}."),
               "{s} did not come out in {o}.", roles=False),
)

_WORK_OK = re.compile(r"^[A-Z0-9][\w'&:-]*(?: [\w'&:-]+){0,5}$")
_PERSON_OK = re.compile(r"^[A-Z][a-z'-]+(?: (?:[A-Z]\.|[A-Z][a-z'-]+|Jr\.|de|van|von)){1,3}$")
_TEAM_OK = re.compile(r"^[A-Z][\w'&-]+(?: [A-Z][\w'&-]*){0,3}$")
_NOT_TEAM = frozenset({"American", "English", "French", "German", "Italian", "Spanish", "Swiss",
                       "Finnish", "Dutch", "Swedish", "Indian", "National", "The"})
_NOT_PERSON = re.compile(r"\b(?:Studios?|Pictures|Productions|Records|Films|Entertainment|"
                         r"Company|Animation|Media|Group|Network|Press|Books)\b")
_TEAM = re.compile(r"\bplay(?:s|ed)? (?:professionally |football |basketball |baseball )?"
                   r"for (?:the )?(?P<team>[A-Z][\w.'&-]*(?: [A-Z][\w.'&-]*){0,3})")
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def is_person_name(text: str) -> bool:
    """Whether ``text`` reads as a person's name: two to four capitalised words, not a
    studio's, a label's or a company's."""
    return bool(_PERSON_OK.match(text)) and not _NOT_PERSON.search(text)


def name_pools(data_dir: Path, start: int, stop: int) -> dict[str, list[str]]:
    """Works, people and teams named in HaluEval QA knowledge rows ``[start, stop)``,
    each in the order first read."""
    from certirag.train.voice import voices

    if stop > HALU_DEV_END:
        raise ValueError(f"rows from {HALU_DEV_END} are reserved")
    pools: dict[str, dict[str, None]] = {"work": {}, "person": {}, "team": {}}
    for _, row in read_rows(data_dir / "halueval" / "qa.jsonl", start, stop):
        for sentence in _SENT.split(str(row.get("knowledge", ""))):
            for agent, part, subject, _present in voices(sentence):
                if part in ("directed", "written", "produced", "starring"):
                    if is_person_name(agent):
                        pools["person"][agent] = None
                    if _WORK_OK.match(subject) and len(subject) <= 60:
                        pools["work"][subject] = None
            for m in _TEAM.finditer(sentence):
                team = m.group("team").rstrip(".")
                if (_TEAM_OK.match(team) and team.split()[0] not in _NOT_TEAM
                        and not team.endswith("'s")):
                    pools["team"][team] = None
    return {k: list(v) for k, v in pools.items()}


def draw_name(kind: str, pools: dict[str, list[str]], rng: random.Random,
              avoid: set[str]) -> str:
    for _ in range(50):
        if kind == "genre":
            name = rng.choice(GENRES)
        elif kind == "year":
            name = str(rng.randint(1950, 2022))
        else:
            name = rng.choice(pools[kind])
        if name not in avoid:
            return name
    raise ValueError(f"too few {kind} names to draw from")


def fact_text(rel: KgRelation, s: str, o: str, rng: random.Random) -> str:
    return rng.choice(rel.facts).format(s=s, o=o) + "."


def kg_pairs(pools: dict[str, list[str]], rng: random.Random, n: int) -> list[Pair]:
    """``n`` knowledge paths, each with its restatement pairs (see the module's text).

    Each path is 1–4 facts: the restated one, another of the same relation whose object
    or subject it shares or not (the chain), and facts of other relations on its names."""
    def enough(kind: str) -> bool:
        return kind in ("genre", "year") or len(pools.get(kind, ())) >= 4

    usable = [r for r in RELATIONS if enough(r.subject) and enough(r.object)]
    if not usable:
        raise ValueError("too few names to build knowledge-graph pairs from")
    out: list[Pair] = []
    for _ in range(n):
        rel = rng.choice(usable)
        s = draw_name(rel.subject, pools, rng, set())
        o = draw_name(rel.object, pools, rng, {s})
        s2 = draw_name(rel.subject, pools, rng, {s, o})
        o2 = draw_name(rel.object, pools, rng, {s, o, s2})
        facts = [fact_text(rel, s, o, rng)]
        twin = rng.random() < 0.6
        if twin:  # another fact of the relation: the chain a reply confuses
            facts.append(fact_text(rel, s2 if rng.random() < 0.5 else s, o2, rng)
                         if rng.random() < 0.5 else fact_text(rel, s2, o, rng))
        other = rng.choice([r for r in RELATIONS if r.name != rel.name
                            and (r.subject, r.object) == (rel.subject, rel.object)] or [None])
        if other is not None and rng.random() < 0.5:
            facts.append(fact_text(other, s, o2, rng))
        rng.shuffle(facts)
        premise = " ".join(facts)
        said = rng.choice(rel.says)
        out.append(Pair(premise, said.format(s=s, o=o), ENT, "kg_restated"))
        if not _states(rel, s, o2, facts):
            out.append(Pair(premise, said.format(s=s, o=o2), NOT_ENTAILED, "kg_other"))
        if rel.roles and rng.random() < 0.7:
            out.append(Pair(premise, rng.choice(rel.says).format(s=o, o=s), NOT_ENTAILED,
                            "kg_roles"))
        wrong = [r for r in RELATIONS if r.name != rel.name
                 and (r.subject, r.object) == (rel.subject, rel.object)
                 and not _states(r, s, o, facts)]
        if wrong and rng.random() < 0.5:
            out.append(Pair(premise, rng.choice(rng.choice(wrong).says).format(s=s, o=o),
                            NOT_ENTAILED, "kg_relation"))
        if rng.random() < 0.25:
            out.append(Pair(premise, rel.denies.format(s=s, o=o), CON, "kg_negation"))
    return out


def _states(rel: KgRelation, s: str, o: str, facts: list[str]) -> bool:
    """Whether one of ``facts`` states (s, o) under ``rel``, in any of its forms."""
    return any(form.format(s=s, o=o) + "." == fact for form in rel.facts for fact in facts)


def kg_splits(data_dir: Path, *, seed: int, passes: int, per_pass: int = 6_000
              ) -> tuple[list[Pair], list[Pair]]:
    """(train pairs from the names of rows 0–6,999, dev pairs from rows 7,000–7,999), in
    the scorer's notation."""
    from certirag.train.bind_data import as_read

    rng = random.Random(seed * 7 + 3)
    train_pools = name_pools(data_dir, 0, HALU_TRAIN_END)
    dev_pools = name_pools(data_dir, HALU_TRAIN_END, HALU_DEV_END)
    train = kg_pairs(train_pools, rng, per_pass * passes)
    dev = kg_pairs(dev_pools, random.Random(seed * 7 + 4), 600)
    return as_read(train), as_read(dev)

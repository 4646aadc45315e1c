"""Hard negatives of borrowing, for training (``--borrow PASSES``).

A span that binds a claim often holds a second sentence about someone or something else,
and a wrong answer borrows from it: a sibling's year ("Ana Silva was born in 1975." where
her brother was born in 1975), a colleague's role ("Jonas Berg will step down" where the
chief executive Maria Lund will), the person a pronoun does *not* refer to ("Rui Silva
studied medicine in Lisbon." from "Ana Silva was born in Porto. She studied medicine in
Lisbon. Her brother, Rui Silva, ..."), or a fact carried along a chain of facts
("Matthew McConaughey starred in Inception." from "Inception is directed by Christopher
Nolan. Christopher Nolan directed Interstellar. Interstellar is starring Matthew
McConaughey."). Knowledge-graph restatements (:mod:`certirag.train.kg_data`) teach the
model to read a short restatement of a fact as entailed; these pairs, beside them, keep a
restatement that takes its value from the wrong sentence of the span apart:

* ``borrow_keep``: a sentence against a span of it and its neighbours (entailed);
* ``borrow_sibling``: the same sentence with one anchor (a name, figure, date, amount)
  replaced by an anchor of the same kind from *another sentence of the same span*
  (not entailed; the anchor is in the premise, so only reading decides);
* ``borrow_resolved``: a sentence that opens with "He" or "She", the pronoun replaced by
  the name the previous sentence opens with (entailed);
* ``borrow_pronoun``: the pronoun replaced by another person of the span (not entailed);
* ``borrow_chain`` / ``borrow_chain_ok``: knowledge-graph facts that share a person, a
  third fact's object carried over to the other work (not entailed) and the facts
  restated (entailed).

Documents are HaluEval QA knowledge passages and summarization articles of rows 0–6,999
for training and 7,000–7,999 for dev; names for the chains come from the same rows
(:func:`certirag.train.kg_data.name_pools`). Nothing reserved is read.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

from certirag.train.kg_data import KgRelation
from certirag.train.nli_data import ENT, HALU_DEV_END, HALU_TRAIN_END, NOT_ENTAILED, Pair, read_rows

__all__ = ["borrow_splits", "chain_pairs", "document_borrow_pairs", "neighbour_span",
           "training_documents"]

#: Anchor kinds a sentence can borrow from its neighbour.
_KINDS = ("name", "number", "date")
_PRONOUN = re.compile(r"^(?:He|She) (?=[a-z])")
_TOO = (" too.", " as well.")


def _words(text: str) -> int:
    return len(text.split())


def _anchors(s: str) -> list[tuple[str, str]]:
    from certirag.verifiers.binding import claim_anchors

    return [(("money" if a.kind.startswith("money") else a.kind), a.text)
            for a in claim_anchors(s)]


def _person(text: str) -> bool:
    """Whether a name anchor reads as a person's name (two to four capitalised words,
    not a company's or a nationality)."""
    from certirag.train.kg_data import is_person_name

    return is_person_name(text) and not _NATIONALITY.search(text)


_NATIONALITY = re.compile(r"(?:ish|ese|ian|ican|ean)$|^(?:United|New|North|South|East|West|"
                          r"Saint|San|Los|Las|Lake|Mount|Port|Fort) |"
                          r" (?:Street|Road|Avenue|County|City|State|Office|Department|River|"
                          r"Island|Islands|Park|University|College|School|Airport|Station|"
                          r"Bay|Valley|Hall|Center|Centre|Museum|Hospital|Church|Rico|"
                          r"Kingdom|Republic|Series|Cup|League|Club|Awards?|Prize|Festival|"
                          r"Stadium|Square|Bridge|House|Times|Post|News|Bandits|Fusion|"
                          r"Camry|Motorsports|Racing|Party|Army|Navy|Force|Court)\b")
#: What follows a sentence's subject: a parenthesis, an apposition or a verb.
_AFTER_SUBJECT = re.compile(r"^(?: \(|, | [a-z])")


def _opening_name(s: str, anchors: list[tuple[str, str]]) -> str | None:
    """The person ``s`` opens with as its subject (read as a pronoun's antecedent)."""
    for kind, text in anchors:
        if (kind == "name" and s.startswith(text) and _person(text)
                and _AFTER_SUBJECT.match(s[len(text):])):
            return text
    return None


def _same_type(a: str, b: str) -> bool:
    """A cheap proxy for two names of one type: both one word or both several."""
    return (" " in a) == (" " in b)


def neighbour_span(sents: list[str], k: int, rng: random.Random, max_chars: int, *,
                   late: bool = False) -> list[int] | None:
    """Sentence ``k`` with one or two sentences within two of it, in document order; with
    ``late``, at least one of them before it when it has one (``None`` when none is near
    or the span is longer than ``max_chars``)."""
    near = [j for j in (k - 2, k - 1, k + 1, k + 2) if 0 <= j < len(sents)
            and 4 <= _words(sents[j]) <= 45]
    if not near:
        return None
    before = [j for j in near if j < k]
    first = [rng.choice(before)] if late and before else []
    rest = [j for j in near if j not in first]
    picked = sorted([k, *first, *rng.sample(rest, min(len(rest),
                                                      rng.choice((1, 2)) - len(first)))])
    if sum(len(sents[j]) + 1 for j in picked) > max_chars:
        return None
    return picked


def _sibling(s: str, mine: list[tuple[str, str]], theirs: list[tuple[str, str]],
             rng: random.Random) -> str | None:
    """``s`` with one of its anchors replaced by one of ``theirs`` of the same kind."""
    have = {t.lower() for _, t in mine}
    options = [(kind, text) for kind, text in mine if kind in _KINDS and text in s]
    rng.shuffle(options)
    for kind, text in options:
        pool = [t for k, t in theirs if k == kind and t.lower() not in have
                and t not in s and text not in t and t not in text
                and (kind != "name" or _same_type(text, t))]
        if pool:
            return s.replace(text, rng.choice(pool), 1)
    return None


def document_borrow_pairs(sents: list[str], rng: random.Random, *, per_doc: int = 2,
                          max_chars: int = 700) -> list[Pair]:
    """The prose borrowing pairs of one document's sentences (see the module's text)."""
    usable = [k for k, s in enumerate(sents) if 6 <= _words(s) <= 45
              and not s.rstrip().endswith("?")]
    out: list[Pair] = []
    if not usable:
        return out
    memo: dict[int, list[tuple[str, str]]] = {}

    def anchors_of(j: int) -> list[tuple[str, str]]:
        if j not in memo:
            memo[j] = _anchors(sents[j])
        return memo[j]

    for k in rng.sample(usable, min(per_doc, len(usable))):
        s = sents[k]
        picked = neighbour_span(sents, k, rng, max_chars)
        if picked is None:
            continue
        premise = " ".join(sents[j] for j in picked)
        theirs = [a for j in picked if j != k for a in anchors_of(j)]
        swapped = _sibling(s, anchors_of(k), theirs, rng)
        if swapped:
            out.append(Pair(premise, s, ENT, "borrow_keep"))
            out.append(Pair(premise, swapped, NOT_ENTAILED, "borrow_sibling"))
    # Every pronoun whose antecedent opens the sentence before it; the wrong person is
    # taken from the span's other sentences (the antecedent's may name them again).
    for k in usable:
        m = _PRONOUN.match(sents[k])
        who = _opening_name(sents[k - 1], anchors_of(k - 1)) if m and k > 0 else None
        if m is None or who is None:
            continue
        picked = sorted({k - 1, k, *[j for j in (k - 2, k + 1) if 0 <= j < len(sents)]})
        while sum(len(sents[j]) + 1 for j in picked) > max_chars and len(picked) > 2:
            picked.remove(picked[0] if picked[0] < k - 1 else picked[-1])
        if sum(len(sents[j]) + 1 for j in picked) > max_chars:
            continue
        premise = " ".join(sents[j] for j in picked)
        rest = sents[k][m.end():]
        others = [t for j in picked if j not in (k - 1, k) for kind, t in anchors_of(j)
                  if kind == "name" and _person(t) and t != who and t not in who
                  and who not in t and t not in rest]
        out.append(Pair(premise, f"{who} {rest}", ENT, "borrow_resolved"))
        if others:
            out.append(Pair(premise, f"{rng.choice(others)} {rest}", NOT_ENTAILED,
                            "borrow_pronoun"))
    return out


def chain_pairs(pools: dict[str, list[str]], rng: random.Random, n: int) -> list[Pair]:
    """``n`` knowledge paths of three facts through a shared person, each with a fact
    carried along the chain to the wrong work (not entailed) and a fact of the path
    restated (entailed)."""
    from certirag.train.kg_data import RELATIONS, draw_name, fact_text

    works = [r for r in RELATIONS if r.subject == "work" and r.object == "person"]
    if len(pools.get("work", ())) < 4 or len(pools.get("person", ())) < 4:
        raise ValueError("too few names to build chain pairs from")
    out: list[Pair] = []
    for _ in range(n):
        r1, r2, r3 = (rng.choice(works) for _ in range(3))
        w1 = draw_name("work", pools, rng, set())
        w2 = draw_name("work", pools, rng, {w1})
        p1 = draw_name("person", pools, rng, {w1, w2})
        p2 = draw_name("person", pools, rng, {w1, w2, p1})
        facts = [(r1, w1, p1), (r2, w2, p1), (r3, w2, p2)]
        if rng.random() < 0.3:
            rng.shuffle(facts)
        premise = " ".join(fact_text(r, s, o, rng) for r, s, o in facts)
        too = rng.choice(_TOO) if rng.random() < 0.3 else "."

        def say(r: KgRelation, s: str, o: str, end: str = too) -> str:
            return rng.choice(r.says).format(s=s, o=o)[:-1] + end

        if not any(r.name == r3.name and s == w1 and o == p2 for r, s, o in facts):
            out.append(Pair(premise, say(r3, w1, p2), NOT_ENTAILED, "borrow_chain"))
        r, s, o = rng.choice(facts)
        out.append(Pair(premise, say(r, s, o), ENT, "borrow_chain_ok"))
    return out


def training_documents(data_dir: Path, start: int, stop: int) -> Iterator[list[str]]:
    """The sentences (as binding cuts them) of every HaluEval QA knowledge passage, then
    every summarization article, of rows ``start``–``stop``; rows from 8,000 are refused."""
    from certirag.train.bind_data import MAX_CHARS
    from certirag.verifiers.binding import evidence_sentences

    if stop > HALU_DEV_END:
        raise ValueError(f"rows from {HALU_DEV_END} are reserved")
    for field, name in (("knowledge", "qa"), ("document", "summarization")):
        for _, row in read_rows(data_dir / "halueval" / f"{name}.jsonl", start, stop):
            yield [x.text for x in evidence_sentences([str(row[field])], max_chars=MAX_CHARS)]


def _rows_pairs(data_dir: Path, start: int, stop: int, rng: random.Random) -> list[Pair]:
    from certirag.train.bind_data import MAX_CHARS

    out: list[Pair] = []
    for sents in training_documents(data_dir, start, stop):
        out += document_borrow_pairs(sents, rng, max_chars=MAX_CHARS)
    return out


def borrow_splits(data_dir: Path, *, seed: int, passes: int, chains_per_pass: int = 3_000
                  ) -> tuple[list[Pair], list[Pair]]:
    """(train pairs from rows 0–6,999, ``passes`` draws; dev pairs from rows
    7,000–7,999), in the scorer's notation."""
    from certirag.train.bind_data import as_read
    from certirag.train.kg_data import name_pools

    train: list[Pair] = []
    for k in range(passes):
        rng = random.Random(f"borrow\x00{seed}\x00{k}")
        train += _rows_pairs(data_dir, 0, HALU_TRAIN_END, rng)
    pools = name_pools(data_dir, 0, HALU_TRAIN_END)
    train += chain_pairs(pools, random.Random(f"chain\x00{seed}"), chains_per_pass * passes)
    dev_rng = random.Random(f"borrow-dev\x00{seed}")
    dev = _rows_pairs(data_dir, HALU_TRAIN_END, HALU_DEV_END, dev_rng)
    dev += chain_pairs(name_pools(data_dir, HALU_TRAIN_END, HALU_DEV_END), dev_rng, 300)
    dev_rng.shuffle(dev)
    return as_read(train), as_read(dev)

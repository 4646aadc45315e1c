"""Pairs that teach polarity, not the word "not", for training (``--negation PASSES``).

Our model reads a negation in a claim as a sign of contradiction: a faithful claim that
keeps the evidence's own negation ("The study has not been peer reviewed." from "The
findings, which have not yet been peer reviewed, were posted online.") scores low, while
an affirmative claim against a span whose *second* sentence denies it ("Ruth Pemberton won
her sex discrimination claim." from "… unfairly dismissed Ruth Pemberton … Her claim for
sex discrimination was dismissed.") scores high. The synthetic negation pairs of recipe
``bind`` insert a negation into mostly affirmative sentences, so "a claim with *not* is
not entailed" is the shortcut they teach. These pairs come from the evidence sentences
that already hold a negation:

* ``neg_keep``: the sentence, alone or in a span with one or two of its neighbours
  (entailed);
* ``neg_clause``: the sentence's clause that holds the negation, in such a span
  (entailed);
* ``neg_removed``: the sentence with its negation removed ("was not" → "was"), against
  a span of it and its neighbours, the negated sentence placed after another one as often
  as the document allows (contradiction);
* ``neg_removed_alone``: the same against the sentence alone (contradiction).

Documents are HaluEval QA knowledge passages and summarization articles of rows 0–6,999
for training and 7,000–7,999 for dev. Nothing reserved is read.
"""

from __future__ import annotations

import random
from pathlib import Path

from certirag.train.nli_data import CON, ENT, HALU_DEV_END, HALU_TRAIN_END, Pair

__all__ = ["document_negation_pairs", "negation_splits"]

_MIN_WORDS, _MAX_WORDS = 5, 45


def _words(text: str) -> int:
    return len(text.split())


def document_negation_pairs(sents: list[str], rng: random.Random, *, max_chars: int,
                            per_doc: int = 3) -> list[Pair]:
    """The pairs of one document's sentences (at most ``per_doc`` negated sentences)."""
    from certirag.train.bind_data import NEGATED, head_clause, negate
    from certirag.train.borrow_data import neighbour_span

    negated = [k for k, s in enumerate(sents)
               if NEGATED.search(s) and _MIN_WORDS <= _words(s) <= _MAX_WORDS]
    out: list[Pair] = []
    for k in rng.sample(negated, min(per_doc, len(negated))):
        s = sents[k]
        removed = negate(s)
        if removed is None or removed == s:
            continue
        out.append(Pair(s, s, ENT, "neg_keep"))
        out.append(Pair(s, removed, CON, "neg_removed_alone"))
        span = neighbour_span(sents, k, rng, max_chars)
        if span is not None:
            premise = " ".join(sents[j] for j in span)
            out.append(Pair(premise, s, ENT, "neg_keep"))
            clause = head_clause(s)
            if clause is not None and NEGATED.search(clause):
                out.append(Pair(premise, clause, ENT, "neg_clause"))
        late = neighbour_span(sents, k, rng, max_chars, late=True)
        if late is not None:
            out.append(Pair(" ".join(sents[j] for j in late), removed, CON, "neg_removed"))
    return out


def _rows_pairs(data_dir: Path, start: int, stop: int, rng: random.Random) -> list[Pair]:
    from certirag.train.bind_data import MAX_CHARS
    from certirag.train.borrow_data import training_documents

    out: list[Pair] = []
    for sents in training_documents(data_dir, start, stop):
        out += document_negation_pairs(sents, rng, max_chars=MAX_CHARS)
    return out


def negation_splits(data_dir: Path, *, seed: int, passes: int
                    ) -> tuple[list[Pair], list[Pair]]:
    """(train pairs from rows 0–6,999, ``passes`` draws; dev pairs from rows
    7,000–7,999), as inference reads them."""
    from certirag.train.bind_data import as_read

    train: list[Pair] = []
    for k in range(passes):
        train += _rows_pairs(data_dir, 0, HALU_TRAIN_END,
                             random.Random(f"negation\x00{seed}\x00{k}"))
    dev_rng = random.Random(f"negation-dev\x00{seed}")
    dev = _rows_pairs(data_dir, HALU_TRAIN_END, HALU_DEV_END, dev_rng)
    dev_rng.shuffle(dev)
    return as_read(train), as_read(dev)

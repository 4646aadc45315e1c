"""Pairs that teach polarity (certirag.train.negation_data). Pure Python, on fixture
sentences."""

from __future__ import annotations

import json
import random
from pathlib import Path

from certirag.train.negation_data import document_negation_pairs, negation_splits
from certirag.train.nli_data import CON, ENT

TRIBUNAL = ["An employment tribunal ruled that Carrow Logistics unfairly dismissed Ruth "
            "Pemberton.",
            "Pemberton was awarded £27,400 in compensation.",
            "Her claim for sex discrimination was not upheld by the tribunal.",
            "Carrow said it was disappointed with the decision."]


def test_a_negated_sentence_is_kept_and_its_negation_removed() -> None:
    pairs = document_negation_pairs(TRIBUNAL, random.Random(3), max_chars=700)
    kept = [p for p in pairs if p.source == "neg_keep"]
    removed = [p for p in pairs if p.source.startswith("neg_removed")]
    assert kept and removed
    assert all(p.label == ENT and p.hypothesis == TRIBUNAL[2] and TRIBUNAL[2] in p.premise
               for p in kept)
    assert all(p.label == CON and p.hypothesis == "Her claim for sex discrimination was "
               "upheld by the tribunal." and TRIBUNAL[2] in p.premise for p in removed)
    # in a span, the negated sentence comes after another one
    late = next(p for p in removed if p.source == "neg_removed")
    assert not late.premise.startswith(TRIBUNAL[2])


def test_a_document_without_a_negation_gives_nothing() -> None:
    assert document_negation_pairs([s.replace(" not", "") for s in TRIBUNAL],
                                   random.Random(3), max_chars=700) == []


def test_negation_splits_read_no_reserved_row(tmp_path: Path) -> None:
    halu = tmp_path / "halueval"
    halu.mkdir()
    rows = [{"knowledge": " ".join(TRIBUNAL), "document": " ".join(TRIBUNAL)}] * 8000
    rows += [{"knowledge": "It was not RESERVED at all.",
              "document": "It was not RESERVED at all."}] * 10
    for name in ("qa", "summarization"):
        (halu / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows),
                                            "utf-8")
    train, dev = negation_splits(tmp_path, seed=1, passes=1)
    assert train and dev
    assert not any("RESERVED" in p.premise or "RESERVED" in p.hypothesis
                   for p in train + dev)

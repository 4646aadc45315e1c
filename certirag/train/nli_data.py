"""Training and dev pairs for the NLI cross-encoder.

Splits are fixed here and follow the data README:

* SNLI ``train.jsonl``: lines ``[0, 97_000)`` train, ``[97_000, 100_000)`` dev.
  ``snli/test.jsonl`` is never read here (it is for reporting only).
* HaluEval QA and summarization: rows ``[0, 7_000)`` train, ``[7_000, 8_000)`` dev.
  Rows ``8_000`` and above are the reserved test split and are never read.
* HaluEval dialogue is reserved entirely and is never read.

HaluEval rows give binary supervision: a faithful answer is ``entailment``; a
hallucinated one is ``not_entailed`` (neutral or contradiction, which the loss
treats as one class by summing their probabilities).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

LABELS = ("entailment", "neutral", "contradiction")
ENT, NEU, CON = 0, 1, 2  # the ids of LABELS
NOT_ENTAILED = -1  # label id for binary "not entailed" supervision

SNLI_DEV_START = 97_000
HALU_TRAIN_END = 7_000
HALU_DEV_END = 8_000  # first reserved row; never read

_SENT_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an the of to in on at by for and or is are was were be been it its this that with as from "
    "he she they his her their which who what when where how".split()
)


@dataclass(frozen=True, slots=True)
class Pair:
    premise: str
    hypothesis: str
    label: int  # 0 entailment, 1 neutral, 2 contradiction, -1 not entailed
    source: str


def read_rows(path: Path, start: int, stop: int) -> Iterator[tuple[int, dict[str, object]]]:
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i >= stop:
                break
            if i >= start:
                yield i, json.loads(line)


def snli_pairs(path: Path, start: int, stop: int) -> list[Pair]:
    out = []
    for _, row in read_rows(path, start, stop):
        gold = str(row["gold_label"])
        if gold not in LABELS:
            continue
        out.append(Pair(str(row["sentence1"]), str(row["sentence2"]), LABELS.index(gold), "snli"))
    return out


def qa_hypothesis(question: str, answer: str) -> str:
    """The statement a QA answer makes, read together with its question."""
    return f"{question.strip()} {answer.strip()}"


def halueval_qa_pairs(path: Path, start: int, stop: int) -> list[Pair]:
    if stop > HALU_DEV_END:
        raise ValueError("HaluEval rows 8,000 and above are reserved for testing")
    out = []
    for _, row in read_rows(path, start, stop):
        knowledge, question = str(row["knowledge"]), str(row["question"])
        out.append(Pair(knowledge, qa_hypothesis(question, str(row["right_answer"])), 0, "qa"))
        hallucinated = qa_hypothesis(question, str(row["hallucinated_answer"]))
        out.append(Pair(knowledge, hallucinated, NOT_ENTAILED, "qa"))
    return out


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT_SPLIT.split(text) if s.strip()]


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def best_window(doc_sentences: list[str], claim: str, size: int = 3) -> str:
    """The ``size`` document sentences sharing most content words with ``claim``, in order."""
    words = _content_words(claim)
    ranked = sorted(
        range(len(doc_sentences)),
        key=lambda i: (-len(words & _content_words(doc_sentences[i])), i),
    )
    keep = sorted(ranked[:size])
    return " ".join(doc_sentences[i] for i in keep)


def halueval_summarization_pairs(path: Path, start: int, stop: int) -> list[Pair]:
    if stop > HALU_DEV_END:
        raise ValueError("HaluEval rows 8,000 and above are reserved for testing")
    out = []
    for _, row in read_rows(path, start, stop):
        doc = split_sentences(str(row["document"]))
        right = split_sentences(str(row["right_summary"]))
        right_norm = {" ".join(s.lower().split()) for s in right}
        for sent in right:
            out.append(Pair(best_window(doc, sent), sent, 0, "summarization"))
        for sent in split_sentences(str(row["hallucinated_summary"])):
            if " ".join(sent.lower().split()) in right_norm:
                continue  # unchanged sentence: not evidence of a hallucination
            out.append(Pair(best_window(doc, sent), sent, NOT_ENTAILED, "summarization"))
    return out


def build_splits(data_dir: Path, *, seed: int, halueval_summarization_limit: int | None = None
                 ) -> tuple[list[Pair], dict[str, list[Pair]]]:
    """Return (train pairs shuffled with ``seed``, dev pairs by source)."""
    snli = data_dir / "snli" / "train.jsonl"
    qa = data_dir / "halueval" / "qa.jsonl"
    summ = data_dir / "halueval" / "summarization.jsonl"
    train = snli_pairs(snli, 0, SNLI_DEV_START)
    train += halueval_qa_pairs(qa, 0, HALU_TRAIN_END)
    summ_train = halueval_summarization_pairs(summ, 0, HALU_TRAIN_END)
    rng = random.Random(seed)
    if halueval_summarization_limit is not None:
        rng.shuffle(summ_train)
        summ_train = summ_train[:halueval_summarization_limit]
    train += summ_train
    rng.shuffle(train)
    dev = {
        "snli": snli_pairs(snli, SNLI_DEV_START, 100_000),
        "qa": halueval_qa_pairs(qa, HALU_TRAIN_END, HALU_DEV_END),
        "summarization": halueval_summarization_pairs(summ, HALU_TRAIN_END, HALU_DEV_END),
    }
    return train, dev

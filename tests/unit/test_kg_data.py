"""Knowledge-graph restatement pairs (certirag.train.kg_data) and the saved-pairs file of
the trainer (``--save-pairs`` / ``--pairs``). Pure Python, on fixture rows."""

from __future__ import annotations

import argparse
import gzip
import json
import random
from pathlib import Path

import pytest

from certirag.train.kg_data import GENRES, RELATIONS, KgRelation, kg_pairs, kg_splits, name_pools
from certirag.train.nli import build_pairs, load_pairs, save_pairs
from certirag.train.nli_data import NOT_ENTAILED, Pair

ROWS = [
    "Heat is a 1995 crime film directed by Michael Mann. It stars Al Pacino.",
    "Sonny is a 2002 crime film starring James Franco, Brenda Blethyn and Mena Suvari.",
    "The Hobbit was written by John Tolkien. Pixar Animation Studios produced it.",
    "Gigli is a 2003 film directed by Martin Brest and produced by Casey Silver.",
    "Marco Rossi is a striker who plays for Hibernian. He also played for the Portland "
    "Timbers in 2010.",
    "Ronin is a 1998 film directed by John Frankenheimer.",
]
DEV_ROWS = ["Zodiac is a 2007 film directed by David Fincher and starring Jake Gyllenhaal.",
            "Alien is a 1979 film directed by Ridley Scott.",
            "Fargo is a 1996 film directed by Joel Coen.",
            "Brazil is a 1985 film directed by Terry Gilliam."]


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp_path = tmp_path_factory.mktemp("kg")
    qa = tmp_path / "halueval" / "qa.jsonl"
    qa.parent.mkdir(parents=True)
    rows = ROWS * 1200  # rows 0–7,199: the dev rows start at 7,000
    rows[7000:7200] = DEV_ROWS * 50
    qa.write_text("".join(json.dumps({"knowledge": k}) + "\n" for k in rows), "utf-8")
    return tmp_path


def test_name_pools_read_works_people_and_teams(data_dir: Path) -> None:
    pools = name_pools(data_dir, 0, 7000)
    assert pools["work"] == ["Heat", "Sonny", "The Hobbit", "Gigli", "Ronin"]
    assert pools["person"] == ["Michael Mann", "James Franco", "Brenda Blethyn", "Mena Suvari",
                               "John Tolkien", "Martin Brest",
                               "John Frankenheimer"]
    assert pools["team"] == ["Hibernian", "Portland Timbers"]
    dev = name_pools(data_dir, 7000, 8000)
    assert dev["work"] == ["Zodiac", "Alien", "Fargo", "Brazil"] and dev["team"] == []
    assert dev["person"] == ["David Fincher", "Jake Gyllenhaal", "Ridley Scott", "Joel Coen",
                             "Terry Gilliam"]


def test_reserved_rows_are_refused(data_dir: Path) -> None:
    with pytest.raises(ValueError, match="reserved"):
        name_pools(data_dir, 7000, 8001)


POOLS = {"work": ["Heat", "Sonny", "Gigli", "Ronin", "The Hobbit"],
         "person": ["Michael Mann", "James Franco", "Mena Suvari", "Casey Silver"],
         "team": ["Hibernian", "Portland Timbers", "Ashby Town"]}


def test_labels_follow_the_kind() -> None:
    pairs = kg_pairs(POOLS, random.Random(3), 400)
    assert {p.source for p in pairs} == {"kg_restated", "kg_other", "kg_roles", "kg_relation",
                                         "kg_negation"}
    for p in pairs:
        assert p.label == {"kg_restated": 0, "kg_negation": 2}.get(p.source, NOT_ENTAILED)


def _readings(hypothesis: str) -> list[tuple[KgRelation, str, str]]:
    subjects = POOLS["work"] + POOLS["person"] + POOLS["team"]
    objects = (POOLS["work"] + POOLS["person"] + POOLS["team"] + list(GENRES)
               + [str(y) for y in range(1950, 2023)])
    return [(rel, s, o) for rel in RELATIONS for s in subjects for o in objects
            if any(f.format(s=s, o=o) == hypothesis for f in rel.says)]


def test_restated_facts_are_stated_and_negatives_are_not() -> None:
    """A restatement says a fact of its premise; the chain confusion's negative
    (``kg_other``) and the relation swap never do, in any form of the fact: a work with
    two stars ("Heat is starring A. Heat is starring B.") makes "B was in Heat" true."""
    for p in kg_pairs(POOLS, random.Random(11), 100):
        if p.source not in ("kg_restated", "kg_other", "kg_relation"):
            continue
        readings = _readings(p.hypothesis)
        assert readings, p
        stated = [any(f.format(s=s, o=o) + "." in p.premise for f in rel.facts)
                  for rel, s, o in readings]
        if p.source == "kg_restated":
            assert any(stated), p
        else:
            assert not any(stated), p


def test_roles_exchange_the_names() -> None:
    for p in kg_pairs(POOLS, random.Random(4), 100):
        if p.source == "kg_roles":
            (rel, s, o), *_ = _readings(p.hypothesis) or [(None, "", "")]
            assert rel is not None and rel.roles
            assert any(f.format(s=o, o=s) + "." in p.premise for f in rel.facts), p


def test_splits_are_deterministic_and_in_notation(data_dir: Path) -> None:
    a_train, a_dev = kg_splits(data_dir, seed=5, passes=1, per_pass=50)
    b_train, b_dev = kg_splits(data_dir, seed=5, passes=1, per_pass=50)
    assert a_train == b_train and a_dev == b_dev
    assert any("Zodiac" in p.premise for p in a_dev)
    assert not any("Heat" in p.premise for p in a_dev)
    assert not any("Zodiac" in p.premise for p in a_train)


@pytest.mark.parametrize("name", ["pairs.jsonl.gz", "pairs.jsonl.xz"])
def test_saved_pairs_round_trip(tmp_path: Path, name: str) -> None:
    train = [Pair("A man sleeps.", "A person rests.", 0, "snli"),
             Pair("Heat is directed by Michael Mann.", "Heat directed Michael Mann.",
                  NOT_ENTAILED, "kg_roles")]
    dev = {"kg": [Pair("Ronin is directed by John Frankenheimer.",
                       "John Frankenheimer made Ronin.", 0, "kg_restated")]}
    path = tmp_path / name
    save_pairs(path, train, dev)
    assert load_pairs(path) == (train, dev)
    assert not list(tmp_path.glob("*.tmp"))


def _write(path: Path, lines: list[object]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.writelines(json.dumps(x) + "\n" for x in lines)
    return path


HEADER = {"format": "certirag-pairs/1", "premises": 1, "pairs": 2}


@pytest.mark.parametrize(("lines", "message"), [
    ([["train", "p", "h", 0, "snli"]], "not a certirag-pairs/1 file"),
    ([HEADER, "p", ["train", 0, "h", 0, "snli"], ["train", 0, "h", 7, "snli"]],
     r":4: not a saved pair"),
    ([HEADER, "p", ["train", 0, "h", 0, "snli"], ["train", 3, "h", 0, "snli"]],
     r":4: not a saved pair"),
    ([HEADER, ["train", 0, "h", 0, "snli"]], r":2: not a premise"),
    ([HEADER, "p", ["train", 0, "h", 0, "snli"]], "truncated"),
])
def test_a_damaged_pairs_file_is_refused(tmp_path: Path, lines: list[object],
                                         message: str) -> None:
    with pytest.raises(SystemExit, match=message):
        load_pairs(_write(tmp_path / "bad.jsonl.gz", lines))


def test_premises_are_written_once(tmp_path: Path) -> None:
    span = "Heat is a 1995 crime film directed by Michael Mann. " * 20
    train = [Pair(span, f"claim {i}", 0, "syn") for i in range(50)]
    path = tmp_path / "p.jsonl.gz"
    save_pairs(path, train, {})
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        text = fh.read()
    assert text.count("Michael Mann") == 20 and load_pairs(path) == (train, {})


def test_pairs_file_drops_summarization_negatives(tmp_path: Path) -> None:
    train = [Pair("d", "right", 0, "summarization"),
             Pair("d", "made up", NOT_ENTAILED, "summarization"),
             Pair("d", "other", NOT_ENTAILED, "syn_summ:anchor_swap")]
    path = tmp_path / "p.jsonl.gz"
    save_pairs(path, train, {})
    args = argparse.Namespace(pairs=str(path), kg=0, drop_summarization_negatives=True)
    got, dev = build_pairs(args)
    assert [p.hypothesis for p in got] == ["right", "other"] and dev == {}

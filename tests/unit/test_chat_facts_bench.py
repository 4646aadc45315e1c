"""benchmarks/chat_facts.py: knowledge-graph facts restated as a chat reply would, from
templates and invented names; the pairs are deterministic and each kind is what it says."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.benchmark_module import load_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("chat_facts")


def test_pairs_are_a_function_of_the_seed(bench: ModuleType) -> None:
    assert bench.pairs(3, 1) == bench.pairs(3, 1)
    assert bench.pairs(3, 1) != bench.pairs(3, 2)


def test_pairs_do_not_depend_on_the_hash_seed() -> None:
    code = ("from tests.benchmark_module import load_benchmark; "
            "print(load_benchmark('chat_facts').pairs(2, 4))")
    root = Path(__file__).resolve().parents[2]
    runs = {subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                           text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2", "3")}
    assert len(runs) == 1


def test_each_fact_gives_one_pair_of_each_kind(bench: ModuleType) -> None:
    built = bench.pairs(2, 5)
    assert len(built) == 2 * 4 * len(bench.RELATIONS)
    for i in range(0, len(built), 4):
        (p1, restated, k1, r1), (p4, also, k4, r4), (p2, other, k2, r2), \
            (p3, roles, k3, r3) = built[i:i + 4]
        assert (k1, k4, k2, k3) == bench.KINDS and r1 == r2 == r3 == r4
        assert p1 == p3 == p4 and p1 in p2  # the fact alone; for other_name, beside another
        assert " also " in also and restated != other and restated != roles


def test_other_name_borrows_the_object_of_the_other_fact(bench: ModuleType) -> None:
    premise, claim, _, _ = next(p for p in bench.pairs(1, 3) if p[2] == "other_name"
                                 and p[3] == "directed_by")
    # "X is directed by A. Y is directed by B." → a claim that X's director is B
    facts = [f for f in premise.split(". ") if f]
    directors = [f.split(" is directed by ")[1].rstrip(".") for f in facts]
    works = [f.split(" is directed by ")[0] for f in facts]
    assert any(w in claim for w in works) and any(d in claim for d in directors)
    assert not any(f.rstrip(".") in claim for f in facts)


def test_the_report_scores_every_kind(bench: ModuleType,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--n", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (model,) = report["models"].values()
    assert set(bench.KINDS) <= set(model["kinds"])
    assert all(0.0 <= k["mean"] <= 1.0 for k in model["kinds"].values())

"""Hard negatives of borrowing (certirag.train.borrow_data) and the trainer's pair mix
(``--mix-size`` / ``--mix-share``). Pure Python, on fixture sentences."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from certirag.train.borrow_data import borrow_splits, chain_pairs, document_borrow_pairs
from certirag.train.nli import mix, parse_shares
from certirag.train.nli_data import NOT_ENTAILED, Pair

PROFILE = ["Ana Silva was born in Porto in 1971.",
           "She studied medicine at the University of Lisbon for six years.",
           "Her brother, Rui Silva, was born in Braga in 1975.",
           "Rui Silva designed the new clinic building in 2010."]
BANK = ["Chief executive Maria Lund will step down in June 2025.",
        "Chief financial officer Jonas Berg will lead the bank until a successor is found.",
        "The bank opened 4 branches in Sweden and closed 9 branches in Finland."]


def _by_kind(pairs: list[Pair]) -> dict[str, list[Pair]]:
    out: dict[str, list[Pair]] = {}
    for p in pairs:
        out.setdefault(p.source, []).append(p)
    return out


def test_a_sibling_swap_takes_its_anchor_from_the_span() -> None:
    for seed in range(20):
        pairs = document_borrow_pairs(BANK, random.Random(seed), per_doc=3)
        kinds = _by_kind(pairs)
        for keep, swap in zip(kinds.get("borrow_keep", []), kinds.get("borrow_sibling", []),
                              strict=True):
            assert keep.label == 0 and swap.label == NOT_ENTAILED
            assert keep.hypothesis in keep.premise and swap.premise == keep.premise
            assert swap.hypothesis != keep.hypothesis
            # the borrowed anchor is in the premise: only reading decides
            new = set(swap.hypothesis.split()) - set(keep.hypothesis.split())
            assert all(w.strip(".,") in swap.premise for w in new), (swap, keep)


def test_a_pronoun_is_resolved_to_the_opening_name_and_given_the_wrong_person() -> None:
    pairs = document_borrow_pairs(PROFILE, random.Random(3), per_doc=0)
    kinds = _by_kind(pairs)
    assert [p.hypothesis for p in kinds["borrow_resolved"]] == [
        "Ana Silva studied medicine at the University of Lisbon for six years."]
    assert kinds["borrow_resolved"][0].label == 0
    wrong = kinds["borrow_pronoun"]
    assert [p.hypothesis for p in wrong] == [
        "Rui Silva studied medicine at the University of Lisbon for six years."]
    assert wrong[0].label == NOT_ENTAILED and "Rui Silva" in wrong[0].premise


def test_no_antecedent_no_pronoun_pair() -> None:
    sents = ["In 2010 the clinic opened in Manchester with twelve beds.",
             "She studied medicine at the University of Lisbon for six years."]
    kinds = _by_kind(document_borrow_pairs(sents, random.Random(0), per_doc=0))
    assert "borrow_resolved" not in kinds and "borrow_pronoun" not in kinds


def test_chain_pairs_carry_a_fact_to_the_wrong_work() -> None:
    pools = {"work": ["Inception", "Interstellar", "Heat", "Ronin", "Alien"],
             "person": ["Christopher Nolan", "Matthew McConaughey", "Al Pacino", "Joel Coen"]}
    pairs = chain_pairs(pools, random.Random(1), 50)
    kinds = _by_kind(pairs)
    assert kinds["borrow_chain"] and kinds["borrow_chain_ok"]
    for p in kinds["borrow_chain"]:
        assert p.label == NOT_ENTAILED
        assert len(p.premise.split(". ")) == 3
    assert all(p.label == 0 for p in kinds["borrow_chain_ok"])
    with pytest.raises(ValueError, match="too few"):
        chain_pairs({"work": ["A"], "person": ["B"]}, random.Random(0), 1)


def test_borrow_splits_read_no_reserved_row(tmp_path: Path) -> None:
    halu = tmp_path / "halueval"
    halu.mkdir()
    knowledge = ("Heat is a 1995 crime film directed by Michael Mann. Ronin is a 1998 film "
                 "directed by John Frankenheimer. Alien is a 1979 film directed by Ridley "
                 "Scott. Fargo is a 1996 film directed by Joel Coen. " + " ".join(PROFILE))
    rows = [{"knowledge": knowledge, "document": " ".join(BANK)}] * 8000
    rows += [{"knowledge": "RESERVED", "document": "RESERVED"}] * 10
    for name in ("qa", "summarization"):
        (halu / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows),
                                            "utf-8")
    train, dev = borrow_splits(tmp_path, seed=1, passes=1, chains_per_pass=20)
    assert train and dev
    assert not any("RESERVED" in p.premise or "RESERVED" in p.hypothesis
                   for p in train + dev)


def test_mix_draws_the_shares_and_refuses_a_shortfall() -> None:
    pairs = ([Pair("p", f"k{i}", 0, "kg_restated") for i in range(100)]
             + [Pair("p", f"b{i}", 0, "borrow_sibling") for i in range(100)]
             + [Pair("p", f"o{i}", 0, "snli") for i in range(100)])
    out = mix(pairs, 50, {"kg_": 0.2, "borrow_": 0.4}, seed=3)
    counts = _by_kind(out)
    assert len(out) == 50 and len(set(out)) == 50
    assert (len(counts["kg_restated"]), len(counts["borrow_sibling"]),
            len(counts["snli"])) == (10, 20, 20)
    assert out == mix(pairs, 50, {"kg_": 0.2, "borrow_": 0.4}, seed=3)
    with pytest.raises(SystemExit, match="available"):
        mix(pairs, 400, {"kg_": 0.5}, seed=3)


@pytest.mark.parametrize("spec", [["kg_"], ["kg_=x"], ["=0.2"], ["kg_=0"], ["kg_=1.5"],
                                  ["kg_=0.6", "borrow_=0.6"]])
def test_bad_mix_shares_are_refused(spec: list[str]) -> None:
    with pytest.raises(SystemExit, match="mix-share"):
        parse_shares(spec)


def test_a_checkpoint_written_before_an_option_existed_resumes_only_without_it(
        tmp_path: Path) -> None:
    from certirag.train.nli import RUN_KEYS, _check_same_run

    saved = {k: None for k in RUN_KEYS if k not in ("borrow", "mix_size", "mix_share")}
    now = {**saved, "borrow": 0, "mix_size": 0, "mix_share": None}
    _check_same_run(saved, now, tmp_path)  # the option's default: the same run
    with pytest.raises(SystemExit, match="borrow"):
        _check_same_run(saved, {**now, "borrow": 2}, tmp_path)
    with pytest.raises(SystemExit, match="mix_size"):
        _check_same_run({**now, "mix_size": 48000}, now, tmp_path)

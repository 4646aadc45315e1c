from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from certirag.errors import ConfigError, InputError
from certirag.eval import datasets
from certirag.eval.datasets import (
    Rows,
    dataset_names,
    get_dataset,
    parse_rows,
    read_jsonl,
    register_dataset,
)
from certirag.eval.snli import load_snli


@pytest.mark.parametrize("spec,expected", [
    (None, Rows(0, None)), ("", Rows(0, None)), ("10:20", Rows(10, 20)), ("5:", Rows(5, None)),
    (":7", Rows(0, 7)), ("97_000:100,000", Rows(97000, 100000)), (" 1 : 2 ", Rows(1, 2)),
])
def test_parse_rows(spec: str | None, expected: Rows) -> None:
    assert parse_rows(spec) == expected


@pytest.mark.parametrize("spec", ["10", "a:b", "20:10", "5:5", "-1:3", "1:2:3", "1.5:3"])
def test_parse_rows_rejects(spec: str) -> None:
    with pytest.raises(InputError, match="rows"):
        parse_rows(spec)


def test_rows_membership_and_text() -> None:
    r = Rows(2, 4)
    assert [i for i in range(6) if i in r] == [2, 3]
    assert str(r) == "2:4" and str(Rows(3)) == "3:"
    assert 10**9 in Rows(5)


def _jsonl(path: Path, rows: Sequence[object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_read_jsonl_selects_half_open_lines(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "d.jsonl", [{"i": i} for i in range(10)])
    assert [i for i, _ in read_jsonl(f, Rows(3, 6))] == [3, 4, 5]
    assert [o["i"] for _, o in read_jsonl(f)] == list(range(10))


def test_read_jsonl_stops_before_bad_lines_outside_the_range(tmp_path: Path) -> None:
    f = tmp_path / "d.jsonl"
    f.write_text('{"i": 0}\n{"i": 1}\nnot json\n')
    assert [i for i, _ in read_jsonl(f, Rows(0, 2))] == [0, 1]
    with pytest.raises(InputError, match=r"d\.jsonl:3: not valid JSON"):
        list(read_jsonl(f))
    _jsonl(f, [[1, 2]])
    with pytest.raises(InputError, match="expected a JSON object"):
        list(read_jsonl(f))
    with pytest.raises(InputError, match="cannot read"):
        list(read_jsonl(tmp_path / "missing.jsonl"))


def _snli_rows() -> list[dict[str, str]]:
    gold = ["entailment", "-", "neutral", "contradiction", "entailment", "-", "neutral"]
    return [{"sentence1": f"p{i}", "sentence2": f"h{i}", "gold_label": g}
            for i, g in enumerate(gold)]


def test_load_snli_skips_dash_and_applies_rows_then_limit(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "snli.jsonl", _snli_rows())
    every = load_snli(f)
    assert [e.line for e in every] == [0, 2, 3, 4, 6]
    assert every[1].premise == "p2" and every[1].hypothesis == "h2"
    assert every[1].label == "neutral"
    assert [e.line for e in load_snli(f, Rows(1, 5))] == [2, 3, 4]
    assert [e.line for e in load_snli(f, Rows(1), limit=2)] == [2, 3]
    with pytest.raises(InputError):
        load_snli(f, limit=0)


def test_load_snli_refuses_unknown_labels(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "snli.jsonl", [{"sentence1": "a", "sentence2": "b",
                                          "gold_label": "maybe"}])
    with pytest.raises(InputError, match=r"snli\.jsonl:1: field 'gold_label' must be "
                                         r"entailment, neutral, contradiction or '-', got "
                                         r"'maybe'"):
        load_snli(f)
    _jsonl(f, [{"sentence1": "a", "sentence2": "b", "gold_label": "neutral"},
               {"sentence1": "a", "sentence2": None, "gold_label": "neutral"}])
    with pytest.raises(InputError, match=r"snli\.jsonl:2: field 'sentence2' must be a "
                                         r"string, got NoneType"):
        load_snli(f)
    _jsonl(f, [{"sentence2": "b", "gold_label": "neutral"}])
    with pytest.raises(InputError, match=r"snli\.jsonl:1: missing field 'sentence1'"):
        load_snli(f)
    _jsonl(f, [{"sentence1": "a", "sentence2": "b"}])
    with pytest.raises(InputError, match=r"snli\.jsonl:1: missing field 'gold_label'"):
        load_snli(f)


def test_dataset_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(datasets, "_DATASETS", dict(datasets._DATASETS))
    assert "snli" in dataset_names() and get_dataset("snli") is load_snli
    with pytest.raises(ConfigError, match=r"unknown dataset 'nope'.*snli"):
        get_dataset("nope")
    with pytest.raises(ConfigError, match="already registered"):
        register_dataset("snli", load_snli)

    def tiny(path: Path, rows: Rows, limit: int | None) -> list[int]:
        return [1, 2, 3][:limit]

    register_dataset("tiny-test", tiny)
    assert get_dataset("tiny-test")(tmp_path, Rows(), 2) == [1, 2]
    with pytest.raises(ConfigError):
        register_dataset("Bad Name", tiny)

"""The strict JSON reader: depth, constants, overflow, duplicates, JSON Lines splitting."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from certirag.jsonio import MAX_DEPTH, JSONInputError, jsonl_lines, loads


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 100_000])
def test_deep_nesting_is_a_value_error_not_a_recursion_error(depth: int) -> None:
    with pytest.raises(JSONInputError, match="nested deeper"):
        loads("[" * depth + "]" * depth)
    with pytest.raises(JSONInputError, match="nested deeper"):
        loads('{"a":' * depth + "1" + "}" * depth)


def test_nesting_at_the_bound_is_accepted() -> None:
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"x": -Infinity}', "1e400", "[-1e999]"])
def test_non_finite_numbers_are_refused(text: str) -> None:
    with pytest.raises(JSONInputError):
        loads(text)


def test_duplicate_keys_are_refused_unless_asked() -> None:
    with pytest.raises(JSONInputError, match="duplicate key 'a'"):
        loads('{"a": 1, "a": 2}')
    assert loads('{"a": 1, "a": 2}', duplicates="last") == {"a": 2}


def test_bytes_must_be_utf8() -> None:
    with pytest.raises(JSONInputError, match="UTF-8"):
        loads(b'{"a": "\xff"}')
    assert loads('{"a": "é"}'.encode()) == {"a": "é"}


def test_syntax_errors_stay_value_errors() -> None:
    with pytest.raises(ValueError):
        loads("{")


def test_jsonl_splits_on_newline_only() -> None:
    text = '\ufeff{"t": "a\u2028b\u0085c"}\r\n\n{"t": 2}\n'
    rows = [(n, json.loads(line)) for n, line in jsonl_lines(text)]
    assert rows == [(1, {"t": "a\u2028b\u0085c"}), (3, {"t": 2})]


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                    lambda kids: st.lists(kids) | st.dictionaries(st.text(), kids),
                    max_leaves=20))
def test_every_json_value_round_trips_through_jsonl(value: object) -> None:
    line = json.dumps(value, ensure_ascii=False)
    assert [loads(row) for _, row in jsonl_lines(line + "\n" + line)] == [value, value]

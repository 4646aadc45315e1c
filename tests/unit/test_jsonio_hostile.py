"""The strict JSON reader's refusals added for hostile input: unpaired surrogates, bytes
JSON Lines, and the UTF-8 message naming the byte."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certirag.jsonio import JSONInputError, jsonl_lines, loads


@pytest.mark.parametrize("text", ['"\\ud800"', '["ok", "\\uDFFF"]', '{"\\udc00": 1}',
                                  '{"a": {"b": "x\\udbff"}}', '"\udcff"'])
def test_unpaired_surrogates_are_refused(text: str) -> None:
    with pytest.raises(JSONInputError, match="unpaired surrogate"):
        loads(text)


def test_paired_surrogate_escapes_are_one_character() -> None:
    assert loads('["\\ud83d\\ude00"]') == ["\U0001f600"]


def test_utf8_error_names_the_byte() -> None:
    with pytest.raises(JSONInputError, match=r"not valid UTF-8 \(byte 0xff at offset 6\)"):
        loads(b'{"a": \xff}')


def test_constants_say_they_are_not_allowed() -> None:
    with pytest.raises(JSONInputError, match="NaN is not allowed"):
        loads('{"x": NaN}')


def test_bytes_lines_split_on_newline_only() -> None:
    data = ('\ufeff{"t": "a\u2028b\u0085c"}\r\n \t\r\n{"t": 2}\n\n'.encode())
    assert list(jsonl_lines(data)) == [(1, '{"t": "a\u2028b\u0085c"}'.encode()), (3, b'{"t": 2}')]
    assert [n for n, _ in jsonl_lines(data.decode("utf-8"))] == [1, 3]


def test_a_line_of_unicode_space_is_not_blank() -> None:
    # U+2028 and U+00A0 are not JSON whitespace: the line is a (bad) row, not skipped
    assert list(jsonl_lines("\u2028\n\u00a0\n")) == [(1, "\u2028"), (2, "\u00a0")]


@settings(max_examples=50, deadline=None)
@given(st.binary(max_size=60) | st.text(max_size=60).map(lambda t: t.encode("utf-8")))
def test_any_bytes_are_a_value_or_a_value_error(data: bytes) -> None:
    for _, line in jsonl_lines(data):
        with contextlib.suppress(ValueError):
            loads(line)

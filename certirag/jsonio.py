"""One strict JSON reader for everything certirag reads from outside: files, stdin, HTTP bodies.

:func:`loads` differs from :func:`json.loads` in what it refuses, each with a
:class:`JSONInputError` (a :class:`ValueError`, so callers that already turn a
``ValueError`` into a clear error keep doing so):

- nesting deeper than :data:`MAX_DEPTH` (the standard decoder raises ``RecursionError``
  at about a thousand levels, which is not a ``ValueError`` and escaped as a traceback);
- ``NaN``, ``Infinity`` and numbers that overflow a float (``1e400``), which other readers
  would turn into ``null`` or ``inf``;
- duplicate keys in one object, when ``duplicates="reject"`` (two readers of such a document
  may see two different values);
- strings or keys holding an unpaired surrogate (``"\\ud800"``, or a lone surrogate code
  point in ``text``), which are not Unicode text: they cannot be written as UTF-8 and
  pydantic refuses them later with a traceback instead of a message.

:func:`jsonl_lines` splits JSON Lines on ``\\n`` alone, as the JSON Lines format says:
``str.splitlines`` also splits on U+2028, U+0085 and other characters that are legal inside
a JSON string, turning one valid row into two invalid ones. It takes ``str`` or ``bytes``
(bytes lines are for readers that decode each line alone, to name the line that is not
UTF-8).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any, Literal, overload

__all__ = ["MAX_DEPTH", "JSONInputError", "decode_utf8", "exceeds_depth", "jsonl_lines", "loads"]

#: The deepest nesting of arrays and objects accepted. Real certirag documents nest fewer
#: than ten levels; the bound only has to stay well under the interpreter's recursion limit.
MAX_DEPTH = 64

_BOM = "\ufeff"
_BOM_BYTES = b"\xef\xbb\xbf"
_JSON_SPACE = " \t\r"
_MAYBE_SURROGATE = re.compile(r"[\ud800-\udfff]|\\u[dD][89a-fA-F]")


class JSONInputError(ValueError):
    """Text is not JSON certirag accepts; the message says why."""


def _reject_constant(name: str) -> Any:
    raise JSONInputError(f"{name} is not allowed (not a JSON number)")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONInputError(f"number {text[:40]} is out of range")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JSONInputError(f"duplicate key {key[:80]!r}")
        out[key] = value
    return out


def exceeds_depth(value: Any, limit: int = MAX_DEPTH) -> bool:
    """True when ``value`` nests lists/dicts deeper than ``limit`` (iterative, no recursion);
    for values that did not come through :func:`loads`, such as a caller's metadata."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, (dict, list)))
    return False


def _has_lone_surrogate(value: Any) -> bool:
    """True when a string or key in ``value`` cannot be encoded as UTF-8 (iterative)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def decode_utf8(data: bytes) -> str:
    """``data`` as strict UTF-8, or :class:`JSONInputError` naming the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JSONInputError(f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset "
                             f"{exc.start})") from exc


def loads(text: str | bytes, *, duplicates: Literal["reject", "last"] = "reject",
          max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text`` as JSON, refusing what the module docstring lists.

    Bytes must be UTF-8 (a leading byte-order mark is not accepted here; see
    :func:`jsonl_lines` for files). Raises :class:`JSONInputError` for every refusal,
    with :class:`json.JSONDecodeError` (also a ``ValueError``) for syntax errors.
    """
    if isinstance(text, bytes):
        text = decode_utf8(text)
    hook = _unique_keys if duplicates == "reject" else None
    try:
        value = json.loads(text, object_pairs_hook=hook, parse_constant=_reject_constant,
                           parse_float=_finite_float)
    except RecursionError as exc:
        raise JSONInputError(f"nested deeper than {max_depth} levels") from exc
    if exceeds_depth(value, max_depth):
        raise JSONInputError(f"nested deeper than {max_depth} levels")
    if _MAYBE_SURROGATE.search(text) and _has_lone_surrogate(value):
        raise JSONInputError("a string holds an unpaired surrogate (\\ud800-\\udfff), "
                             "which is not Unicode text")
    return value


@overload
def jsonl_lines(text: str) -> Iterator[tuple[int, str]]: ...
@overload
def jsonl_lines(text: bytes) -> Iterator[tuple[int, bytes]]: ...


def jsonl_lines(text: str | bytes) -> Iterator[tuple[int, str]] | Iterator[tuple[int, bytes]]:
    """``(line number, line)`` for each non-blank line of JSON Lines ``text``.

    Lines end at ``\\n``; a ``\\r`` before it is dropped, and so is a byte-order mark at the
    start of the text. A line is blank when it holds only JSON whitespace (space, tab,
    ``\\r``). Numbers count every line, blank ones included, as an editor does.
    """
    if isinstance(text, bytes):
        return _byte_lines(text)
    return _text_lines(text)


def _text_lines(text: str) -> Iterator[tuple[int, str]]:
    if text.startswith(_BOM):
        text = text[len(_BOM):]
    for number, line in enumerate(text.split("\n"), start=1):
        if line.endswith("\r"):
            line = line[:-1]
        if line.strip(_JSON_SPACE):
            yield number, line


def _byte_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    if data.startswith(_BOM_BYTES):
        data = data[len(_BOM_BYTES):]
    space = _JSON_SPACE.encode("ascii")
    for number, line in enumerate(data.split(b"\n"), start=1):
        if line.endswith(b"\r"):
            line = line[:-1]
        if line.strip(space):
            yield number, line

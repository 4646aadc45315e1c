"""Evaluation data sets: row selection, JSONL reading and a registry of loaders.

Rows are 0-based line numbers of the source file, selected half-open: ``--rows 97000:100000``
reads lines 97,000 … 99,999. ``--limit N`` then keeps the first N usable examples.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from certirag.errors import ConfigError, InputError

__all__ = [
    "DatasetLoader",
    "NLIExample",
    "Rows",
    "dataset_names",
    "get_dataset",
    "normal_split",
    "parse_rows",
    "read_jsonl",
    "read_records",
    "register_dataset",
    "row_split",
    "split_from_name",
    "split_records",
    "text_field",
]


@dataclass(frozen=True, slots=True)
class Rows:
    """A half-open range ``[start, stop)`` of 0-based line numbers; ``stop=None`` = to the end."""

    start: int = 0
    stop: int | None = None

    def __post_init__(self) -> None:
        if self.start < 0 or (self.stop is not None and self.stop <= self.start):
            raise InputError(f"bad row range {self}: need 0 <= A < B")

    def __contains__(self, line: object) -> bool:
        return isinstance(line, int) and line >= self.start and (
            self.stop is None or line < self.stop)

    def __str__(self) -> str:
        return f"{self.start}:{'' if self.stop is None else self.stop}"


_ROWS = re.compile(r"\s*(\d[\d_,]*)?\s*:\s*(\d[\d_,]*)?\s*")


def parse_rows(spec: str | None) -> Rows:
    """Parse ``"A:B"``, ``"A:"`` or ``":B"`` (underscores and commas allowed in numbers);
    ``None`` or ``""`` selects every row. Anything else raises :class:`InputError`."""
    if spec is None or not spec.strip():
        return Rows()
    m = _ROWS.fullmatch(spec)
    if m is None:
        raise InputError(f"--rows must look like A:B (0-based, half-open), got {spec!r}")
    start = int(re.sub(r"[_,]", "", m.group(1))) if m.group(1) else 0
    stop = int(re.sub(r"[_,]", "", m.group(2))) if m.group(2) else None
    if stop is not None and stop <= start:
        raise InputError(f"--rows {spec!r}: the end must be greater than the start")
    return Rows(start, stop)


def read_jsonl(path: Path, rows: Rows | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line_number, object)`` for the selected lines (all when ``rows`` is None)
    of a JSONL file, stopping after ``rows.stop``. A line that is not a JSON object raises
    :class:`InputError`."""
    path = Path(path)
    rows = rows or Rows()
    try:
        fh = path.open(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from exc
    with fh:
        for i, line in enumerate(fh):
            if rows.stop is not None and i >= rows.stop:
                break
            if i < rows.start:
                continue
            try:
                obj = json.loads(line)
            except ValueError as exc:
                raise InputError(f"not valid JSON: {exc}", source=str(path), line=i + 1) from exc
            if not isinstance(obj, dict):
                raise InputError("expected a JSON object", source=str(path), line=i + 1)
            yield i, obj


@dataclass(frozen=True, slots=True)
class NLIExample:
    """A labelled (premise, hypothesis) pair; ``line`` is its 0-based line in the source."""

    premise: str
    hypothesis: str
    label: str
    line: int


DatasetLoader = Callable[[Path, Rows, "int | None"], list[Any]]
"""``loader(path, rows, limit) -> examples``."""

# Registered loaders by name. Holds code, not state that changes results.
_DATASETS: dict[str, DatasetLoader] = {}


def register_dataset(name: str, loader: DatasetLoader, *, replace: bool = False) -> None:
    """Register ``loader(path, rows, limit)`` under ``name``."""
    if not re.fullmatch(r"[a-z][a-z0-9_\-]*", name):
        raise ConfigError(f"bad dataset name {name!r}")
    if name in _DATASETS and not replace:
        raise ConfigError(f"a dataset named {name!r} is already registered")
    _DATASETS[name] = loader


def get_dataset(name: str) -> DatasetLoader:
    """The loader registered as ``name``; unknown names raise :class:`ConfigError`."""
    try:
        return _DATASETS[name]
    except KeyError:
        raise ConfigError(
            f"unknown dataset {name!r}; known: {', '.join(dataset_names()) or 'none'}"
        ) from None


def dataset_names() -> list[str]:
    return sorted(_DATASETS)


# ------------------------------------------------------------- records of any format

_SPLIT = re.compile(r"(?<![a-z])(train|dev|validation|valid|val|test)(?![a-z])")
_SPLIT_NAMES = {"validation": "dev", "valid": "dev", "val": "dev"}


def split_from_name(path: Path) -> str | None:
    """``train``, ``dev`` or ``test`` when the file's name says so
    (``dev-00000-of-00001.jsonl``, ``dev_fitems.jsonl``, ``test.csv``) or its folder is
    named just that (``anli/test/R1.jsonl``); ``validation`` reads as ``dev``. ``None``
    when neither says, or the name is ambiguous (``train_test.jsonl``)."""
    found = set(_SPLIT.findall(path.name.lower()))
    if not found and _SPLIT.fullmatch(path.parent.name.lower()):
        found = {path.parent.name.lower()}
    if len(found) == 1:
        value: str = found.pop()
        return _SPLIT_NAMES.get(value, value)
    return None


def normal_split(value: object, *, source: str, line: int | None) -> str:
    """A row's ``split`` field in the names the loaders use (``validation`` → ``dev``)."""
    if not isinstance(value, str) or not value.strip():
        raise InputError("field 'split' must be a non-empty string", source=source, line=line)
    v = value.strip().lower()
    return _SPLIT_NAMES.get(v, v)


def text_field(obj: dict[str, Any], *keys: str, source: str, line: int,
               allow_empty: bool = False) -> str:
    """The first of ``keys`` present in ``obj``, which must be a string (non-blank unless
    ``allow_empty``); otherwise :class:`InputError` naming the file, line and field."""
    for key in keys:
        if key in obj:
            value = obj[key]
            if not isinstance(value, str):
                raise InputError(f"field {key!r} must be a string, got "
                                 f"{type(value).__name__}", source=source, line=line)
            if not allow_empty and not value.strip():
                raise InputError(f"field {key!r} is blank", source=source, line=line)
            return value
    also = f" (or {', '.join(repr(k) for k in keys[1:])})" if len(keys) > 1 else ""
    raise InputError(f"missing field {keys[0]!r}{also}", source=source, line=line)


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _array_elements(text: str, pos: int, source: str) -> Iterator[tuple[int, Any]]:
    """Yield ``(offset, value)`` for each element of the JSON array opening at ``pos``."""
    decoder = json.JSONDecoder()
    pos = _skip(text, pos + 1)
    if pos < len(text) and text[pos] == "]":
        return
    while True:
        try:
            value, end = decoder.raw_decode(text, pos)
        except ValueError as exc:
            raise InputError(f"not valid JSON: {exc}", source=source,
                             line=_line_of(text, pos)) from exc
        yield pos, value
        pos = _skip(text, end)
        if pos < len(text) and text[pos] == ",":
            pos = _skip(text, pos + 1)
            continue
        if pos < len(text) and text[pos] == "]":
            return
        raise InputError("expected ',' or ']' in the array", source=source,
                         line=_line_of(text, pos))


def _json_document(text: str, source: str, key: str) -> Iterator[tuple[int, Any]]:
    """Elements (with their line numbers) of a JSON array, or of the array under ``key``
    of a JSON object (ALCE's ``{"args": …, "data": [...]}``)."""
    decoder = json.JSONDecoder()
    pos = _skip(text, 0)
    if text.startswith("[", pos):
        yield from ((_line_of(text, p), v) for p, v in _array_elements(text, pos, source))
        return
    pos = _skip(text, pos + 1)  # inside the top-level object
    while pos < len(text) and text[pos] != "}":
        name, pos = decoder.raw_decode(text, pos)
        pos = _skip(text, pos)
        pos = _skip(text, pos + 1)  # the colon
        if name == key and text.startswith("[", pos):
            yield from ((_line_of(text, p), v) for p, v in _array_elements(text, pos, source))
            return
        _, pos = decoder.raw_decode(text, pos)
        pos = _skip(text, pos)
        if text.startswith(",", pos):
            pos = _skip(text, pos + 1)
    raise InputError(f"expected a JSON array, or an object with a {key!r} array",
                     source=source)


def _csv_records(path: Path, rows: Rows) -> Iterator[tuple[int, int, dict[str, Any]]]:
    import csv
    import sys

    csv.field_size_limit(min(sys.maxsize, 2**31 - 1))
    delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
    try:
        fh = path.open(encoding="utf-8", newline="")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from exc
    with fh:
        reader = csv.DictReader(fh, delimiter=delimiter)
        try:
            header = reader.fieldnames
        except csv.Error as exc:
            raise InputError(f"not valid CSV: {exc}", source=str(path), line=1) from exc
        if not header:
            raise InputError("empty CSV file (no header row)", source=str(path), line=1)
        start = reader.line_num + 1
        i = 0
        while True:
            if rows.stop is not None and i >= rows.stop:
                break
            try:
                rec = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                raise InputError(f"not valid CSV: {exc}", source=str(path),
                                 line=start) from exc
            line, start = start, reader.line_num + 1
            if None in rec:
                raise InputError(f"row has {len(header) + len(rec[None])} fields, the header "
                                 f"{len(header)}", source=str(path), line=line)
            if i >= rows.start:
                yield i, line, dict(rec)
            i += 1


def read_records(path: Path, rows: Rows | None = None, *, key: str = "data"
                 ) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Yield ``(row, line, record)`` for the selected rows of a JSONL, CSV/TSV or JSON
    file: ``row`` is the 0-based record number (what ``--rows`` selects), ``line`` the
    1-based line where the record starts (for messages). A ``.json`` file may hold an
    array of objects, an object with an array under ``key``, or JSON lines. Parquet is
    not read: convert it to JSONL first."""
    path = Path(path)
    rows = rows or Rows()
    suffix = path.suffix.lower()
    if suffix == ".parquet":
        raise InputError("parquet files are not read here; convert to JSONL first, e.g. "
                         "python -c \"import pandas as pd; pd.read_parquet('in.parquet')"
                         ".to_json('out.jsonl', orient='records', lines=True)\"",
                         source=str(path))
    if suffix in (".csv", ".tsv"):
        yield from _csv_records(path, rows)
        return
    if suffix == ".json":
        try:
            text = path.read_text("utf-8")
        except OSError as exc:
            raise InputError(f"cannot read {path}: {exc.strerror}") from exc
        first = text.lstrip()[:1]
        single = None
        if first in ("[", "{"):
            try:
                single = json.loads(text)
            except ValueError:
                single = None  # JSON lines, or broken: read line by line below
        if isinstance(single, list) or (isinstance(single, dict)
                                        and isinstance(single.get(key), list)):
            for i, (line, obj) in enumerate(_json_document(text, str(path), key)):
                if rows.stop is not None and i >= rows.stop:
                    break
                if i < rows.start:
                    continue
                if not isinstance(obj, dict):
                    raise InputError("expected a JSON object", source=str(path), line=line)
                yield i, line, obj
            return
    for i, obj in read_jsonl(path, rows):
        yield i, i + 1, obj


def row_split(value: object, declared: str | None, named: str | None, *, source: str,
              line: int) -> str | None:
    """The split of one row: its own ``split`` field, else ``declared`` (``--split``),
    else what the file name says. A row or a name that contradicts ``--split``, or a row
    that contradicts the name, is an error (a test file passed as dev must not slip
    through)."""
    own = normal_split(value, source=source, line=line) if value is not None else None
    given = declared.strip().lower() if declared else None
    given = _SPLIT_NAMES.get(given, given) if given else None
    if own is not None and given is not None and own != given:
        raise InputError(f"field 'split' is {own!r} but --split says {given!r}",
                         source=source, line=line)
    if own is None and given is not None and named is not None and named != given:
        raise InputError(f"the file name says split {named!r} but --split says {given!r}",
                         source=source)
    if own is not None and named is not None and own != named:
        raise InputError(f"field 'split' is {own!r} but the file name says {named!r}",
                         source=source, line=line)
    return own or given or named


def split_records(path: Path, rows: Rows | None, declared: str | None, *, key: str = "data"
                  ) -> Iterator[tuple[int, int, dict[str, Any], str | None]]:
    """:func:`read_records` with each record's split (:func:`row_split` of its ``split``
    field, ``declared`` (``--split``) and the file's name): ``(row, line, record, split)``."""
    path = Path(path)
    named = split_from_name(path)
    for row, line, rec in read_records(path, rows, key=key):
        yield row, line, rec, row_split(rec.get("split"), declared, named, source=str(path),
                                        line=line)

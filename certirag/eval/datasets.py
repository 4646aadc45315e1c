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
    "parse_rows",
    "read_jsonl",
    "register_dataset",
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

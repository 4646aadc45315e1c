"""What every batch engine shares: reading the batch file, the rows already done in the
output, the conflict checks, verifying one row, and writing the output in input order.

An engine gets a :class:`BatchPlan` (made by :func:`plan_batch`, before anything is
verified or written) and returns a :class:`BatchSummary`. Every output line is made by
:func:`verify_row` or :func:`error_row`, so engines write the same bytes for the same row.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certirag.errors import BackendError, BackendUnavailable, CertiragError, InputError
from certirag.jsonio import JSONInputError, decode_utf8, jsonl_lines, loads
from certirag.reasons import OUTCOME_EXIT

if TYPE_CHECKING:
    from certirag.config import Settings
    from certirag.verifiers import Verifier

__all__ = ["EXIT_ERROR_ROW", "MAX_BATCH_FILE_BYTES", "MAX_BATCH_LINE", "SEVERITY",
           "BatchLine", "BatchPlan", "BatchSummary", "BatchWriter", "error_row", "in_order",
           "json_error", "parse_batch", "plan_batch", "read_bounded", "row_outcome", "verify_row"]

MAX_BATCH_LINE = 5_000_000
"""The longest line of a ``--batch`` file, in bytes; a longer one is an error row."""

MAX_BATCH_FILE_BYTES = 1 << 30
"""The most bytes read from a batch file or an output file (1 GiB)."""

EXIT_ERROR_ROW = 2
"""The exit code of a batch whose worst row is an error row (bad input)."""

SEVERITY = ("verified", "no_claims", "withheld", "error", "backend_failed")
"""The outcomes of a row, the worst last."""

_ROW_EXIT: dict[str, int] = {**OUTCOME_EXIT, "error": EXIT_ERROR_ROW}


def read_bounded(path: Path, *, limit: int = MAX_BATCH_FILE_BYTES) -> bytes:
    """The bytes of ``path`` (at most ``limit``); ``InputError`` naming it otherwise."""
    try:
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", source=str(path)) from exc
    if len(data) > limit:
        raise InputError(f"the file holds more than {limit:,} bytes, the limit",
                         source=str(path))
    return data


def json_error(exc: ValueError) -> str:
    """The message for a line that :func:`decode_utf8` or :func:`loads` refused."""
    if isinstance(exc, json.JSONDecodeError):
        return f"invalid JSON: {exc.msg} (column {exc.colno})"
    if isinstance(exc, JSONInputError) and str(exc).startswith("not valid UTF-8"):
        return str(exc)
    return f"invalid JSON: {exc}"


# ------------------------------------------------------------------------ reading

@dataclass(frozen=True, slots=True)
class BatchLine:
    """One non-blank line of a batch file, parsed: a row to verify (``obj``) or an error
    row (``error``). ``digest`` tells identical repeats of an id from conflicting ones."""

    number: int
    ident: str
    obj: dict[str, Any] | None
    error: str | None
    digest: str


def _parse_line(number: int, raw: bytes) -> BatchLine:
    """Parse one batch line; every problem becomes an error row, never an exception."""
    ident = f"line-{number}"
    digest = hashlib.sha256(raw).hexdigest()
    if len(raw) > MAX_BATCH_LINE:
        return BatchLine(number, ident, None, f"line too long ({len(raw):,} bytes; the limit "
                                              f"is {MAX_BATCH_LINE:,})", digest)
    try:
        obj = loads(decode_utf8(raw))
    except ValueError as exc:
        return BatchLine(number, ident, None, json_error(exc), digest)
    if not isinstance(obj, dict):
        return BatchLine(number, ident, None, "expected a JSON object", digest)
    digest = hashlib.sha256(json.dumps(obj, sort_keys=True, ensure_ascii=False)
                            .encode("utf-8")).hexdigest()
    got = obj.get("id", ident)
    if not isinstance(got, str) or not got:
        return BatchLine(number, ident, None, "'id' must be a non-empty string", digest)
    q, a, ev = obj.get("question", ""), obj.get("answer"), obj.get("evidence")
    if not isinstance(q, str) or not isinstance(a, str):
        return BatchLine(number, got, None, "'question' and 'answer' must be strings", digest)
    if not isinstance(ev, list):
        return BatchLine(number, got, None, "'evidence' must be a list of {id, text}", digest)
    return BatchLine(number, got, obj, None, digest)


def parse_batch(data: bytes, source: str) -> list[BatchLine]:
    """The lines of a batch file in order, identical repeats of an id dropped.

    Raises ``InputError`` when there are no rows or an id is on two lines with different
    contents (the output is keyed by id, so one of them would be lost)."""
    first: dict[str, BatchLine] = {}
    rows: list[BatchLine] = []
    for number, raw in jsonl_lines(data):
        row = _parse_line(number, raw)
        prior = first.get(row.ident)
        if prior is None:
            first[row.ident] = row
            rows.append(row)
        elif prior.digest != row.digest:
            raise InputError(f"id {row.ident!r} is on line {prior.number} and again on line "
                             f"{row.number} with different contents; ids must be unique",
                             source=source, line=row.number)
    if not rows:
        raise InputError("the batch file has no rows", source=source)
    return rows


def _done_rows(out: Path) -> tuple[dict[str, dict[str, Any]], list[bytes] | None]:
    """The finished rows of ``out`` by id, and the lines to keep when ``out`` holds error rows
    or a torn last line (left by a killed run), which are to be redone (``None`` when there
    is nothing to drop). Other lines are kept as they are."""
    if not out.exists():
        return {}, None
    parts = read_bounded(out).split(b"\n")
    keep: list[bytes] = []
    done: dict[str, dict[str, Any]] = {}
    dropped = parts[-1] != b""  # a torn last line
    for raw in parts[:-1]:
        try:
            obj = loads(raw, duplicates="last")
        except ValueError:
            keep.append(raw)  # not a row of ours: kept, never counted as done
            continue
        if isinstance(obj, dict) and isinstance(obj.get("id"), str):
            if "error" in obj:
                dropped = True
                continue
            done[obj["id"]] = obj
        keep.append(raw)
    return done, (keep if dropped else None)


@dataclass(frozen=True)
class BatchPlan:
    """A batch ready to run: its lines, the rows already done in ``out`` (kept, not redone)
    and, when ``out`` holds error rows or a torn line, the lines of ``out`` to keep."""

    batch: Path
    out: Path
    lines: list[BatchLine]
    done: dict[str, dict[str, Any]]
    keep: list[bytes] | None

    @property
    def source(self) -> str:
        return str(self.batch)

    @property
    def pending(self) -> list[BatchLine]:
        """The lines still to write, in input order."""
        return [line for line in self.lines if line.ident not in self.done]


def plan_batch(batch: Path, out: Path) -> BatchPlan:
    """Read ``batch`` and what ``out`` already holds; refuse (``InputError``, nothing
    written) a batch that cannot start: ``out`` is ``batch``, no rows, an id on two lines
    with different contents, or an id done in ``out`` with another question or answer."""
    source = str(batch)
    if out.exists() and batch.exists() and os.path.samefile(batch, out):
        raise InputError("--out is the --batch file; write the results to another file")
    lines = parse_batch(read_bounded(batch), source)
    done, keep = _done_rows(out)
    for line in lines:
        prior = done.get(line.ident)
        if line.obj is not None and prior is not None and (
                prior.get("question") != line.obj.get("question", "")
                or prior.get("answer") != line.obj.get("answer")):
            raise InputError(f"id {line.ident!r} is already in {out} with another question or "
                             f"answer; remove that row from {out} or write to a new --out",
                             source=source, line=line.number)
    return BatchPlan(batch, out, lines, done, keep)


# ------------------------------------------------------------------------ one row

def _dump(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False)


def error_row(line: BatchLine, source: str) -> tuple[str, str]:
    """``("error", output line)`` for a line that did not parse as a row."""
    return "error", _dump({"id": line.ident, "error": f"{source}:{line.number}: {line.error}"})


def verify_row(line: BatchLine, source: str, settings: Settings,
               verifier: Verifier) -> tuple[str, str]:
    """Verify one parsed row: its outcome and its output line (without the newline).

    A certirag error becomes an error row (``backend_failed`` when a backend failed);
    any other exception is a bug and propagates."""
    from certirag.pipeline import verify

    if line.obj is None:
        return error_row(line, source)
    obj = line.obj
    try:
        result = verify(obj.get("question", ""), obj["answer"], evidence=obj["evidence"],
                        settings=settings, verifier=verifier)
    except CertiragError as exc:
        failed = isinstance(exc, BackendError | BackendUnavailable)
        return ("backend_failed" if failed else "error",
                _dump({"id": line.ident, "error": f"{source}:{line.number}: {exc}"}))
    return result.outcome, _dump({"id": line.ident, **result.to_dict()})


def row_outcome(row: dict[str, Any]) -> str:
    """The outcome of a row already in the output (``withheld`` when unreadable)."""
    got = row.get("outcome")
    return got if isinstance(got, str) and got in _ROW_EXIT else "withheld"  # fail closed


# ------------------------------------------------------------------------ writing

@dataclass
class BatchSummary:
    """How many rows of a batch ended in each outcome (kept rows included)."""

    rows: int
    outcomes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SEVERITY, 0))
    kept: int = 0

    @property
    def exit_code(self) -> int:
        """The exit code of the worst row: 3 > 2 > 1 > 4 > 0 (see ``verify --help``)."""
        worst = max((o for o, n in self.outcomes.items() if n), key=SEVERITY.index,
                    default="verified")
        return _ROW_EXIT[worst]

    def describe(self, out: Path) -> str:
        o = self.outcomes
        return (f"{self.rows} rows: {o['verified']} verified, {o['withheld']} withheld, "
                f"{o['no_claims']} no claims, {o['backend_failed']} backend failed, "
                f"{o['error']} errors" + (f" ({self.kept} kept from {out})" if self.kept else ""))


class BatchWriter:
    """Appends output lines to ``plan.out`` as they are decided, one flush a line, so that
    a killed run leaves a prefix that a rerun resumes from.

    Opening it first drops the error rows and a torn last line of ``out`` (an atomic
    rewrite), then counts the rows kept from an earlier run."""

    def __init__(self, plan: BatchPlan) -> None:
        self.plan = plan
        self.summary = BatchSummary(rows=len(plan.lines))
        for line in plan.lines:
            if line.ident in plan.done:
                self.summary.outcomes[row_outcome(plan.done[line.ident])] += 1
                self.summary.kept += 1
        if plan.keep is not None:
            _rewrite(plan.out, plan.keep)
        self._sink = plan.out.open("a", encoding="utf-8")

    def write(self, outcome: str, text: str) -> None:
        self._sink.write(text + "\n")
        self._sink.flush()
        self.summary.outcomes[outcome] += 1

    def close(self) -> None:
        self._sink.close()

    def __enter__(self) -> BatchWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _rewrite(out: Path, keep: list[bytes]) -> None:
    """Replace ``out`` by ``keep`` atomically (a kill leaves the old file or the new one)."""
    tmp = out.with_name(f".{out.name}.tmp")
    with tmp.open("wb") as fh:
        fh.write(b"".join(line + b"\n" for line in keep))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, out)


def in_order(pending: list[BatchLine], verified: Iterator[tuple[int, str, str]],
             source: str) -> Iterator[tuple[str, str]]:
    """Merge the error rows of ``pending`` with ``verified`` results (``(position in
    pending, outcome, line)``, in order) into ``(outcome, line)`` in input order."""
    for position, line in enumerate(pending):
        if line.obj is None:
            yield error_row(line, source)
            continue
        got, outcome, text = next(verified)
        if got != position:
            raise RuntimeError(f"batch results out of order: expected row {position}, "
                               f"got {got}")
        yield outcome, text

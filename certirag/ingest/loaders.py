"""Read documents from JSONL, plain-text and Markdown files.

* ``.jsonl``: one JSON object a line with ``id`` (a non-empty string) and ``text`` (a
  non-blank string), and optionally ``title`` (string), ``source`` (string) and ``metadata``
  (object); any other key is an error. Blank lines are skipped.
* ``.txt`` / ``.md``: one document per file. Its id and ``source`` are the path relative to
  the folder it was found under (``guides/leave.md``), or the file name when the file was
  given directly. A Markdown document's title is its first ``# `` heading.

Folders are walked recursively in sorted order; hidden entries, files with other suffixes
and symbolic links to folders are skipped and listed in :class:`LoadStats`. A folder that
cannot be listed (no permission) is an error naming it, never a silent skip.

Only regular files are read (a symbolic link to one is followed). An entry with a supported
suffix that is anything else (a FIFO, a device such as ``/dev/zero``, a socket) is an error
naming it: it is refused before it is opened, so a FIFO never blocks and a device is never
read. A file larger than ``max_file_bytes`` (:data:`MAX_FILE_BYTES`, 1 GiB) is refused before
it is read; a ``.txt``/``.md`` file is also bounded by ``max_document_bytes``.

Text is decoded as strict UTF-8 (a leading BOM is dropped) and kept exactly as stored
(``\\r\\n`` included), so offsets are into the file's text. JSON Lines are parsed with
:func:`certirag.jsonio.loads` (no nesting deeper than 64 levels, no ``NaN``, no duplicate
keys, no unpaired surrogates); lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r``, never
at U+2028 or U+0085, which are legal inside a JSON string. Every problem raises
:class:`~certirag.errors.InputError` naming the file and line. A document id seen twice with
the same text is kept once; with different text it is an error.
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import ValidationError

from certirag.errors import InputError
from certirag.jsonio import JSONInputError, loads
from certirag.schemas import Document

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_FILE_BYTES",
    "SUPPORTED_SUFFIXES",
    "LoadStats",
    "iter_documents",
    "load_documents",
]

log = logging.getLogger(__name__)

MAX_DOCUMENT_BYTES = 20_000_000
"""The largest document accepted, in bytes of UTF-8 text (20 MB)."""

MAX_FILE_BYTES = 1 << 30
"""The largest file read, in bytes (1 GiB): a bound on what one JSONL file may hold."""

SUPPORTED_SUFFIXES = (".jsonl", ".md", ".txt")

_BOM = b"\xef\xbb\xbf"
_JSONL_KEYS = frozenset({"id", "text", "title", "source", "metadata"})
_H1 = re.compile(r"[ ]{0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*\Z")
_FENCE = re.compile(r"[ \t]{0,3}(```|~~~)")


@dataclass
class LoadStats:
    """Counts filled in by :func:`iter_documents` when one is passed as ``stats``."""

    files: int = 0
    """Files read."""
    documents: int = 0
    """Documents yielded."""
    duplicates: int = 0
    """Identical repeats (same id, same text) dropped."""
    skipped: list[str] = field(default_factory=list)
    """Entries under the given folders that were not read (other suffix, hidden, or a
    symbolic link to a folder)."""


@dataclass
class _Seen:
    sha256: str
    where: str


def _line_of(data: bytes, offset: int) -> int:
    """1-based line number of byte ``offset`` (``\\n``, ``\\r\\n`` and ``\\r`` end lines)."""
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


def _decode(data: bytes, source: str, first_line: int = 1) -> str:
    try:
        return data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        line = first_line + _line_of(data, exc.start) - 1
        raise InputError(f"not valid UTF-8 (byte 0x{data[exc.start]:02x})",
                         source=source, line=line) from exc


def _md_title(text: str) -> str | None:
    in_fence = False
    for line in text.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        m = _H1.match(line)
        if m:
            return m.group(1).strip() or None
    return None


def _make(fields: dict[str, Any], source: str, line: int) -> Document:
    try:
        return Document(**fields)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'document'}: {e['msg']}" for e in exc.errors()
        )
        raise InputError(f"invalid document: {problems}", source=source, line=line) from exc


def _too_big(size: int, limit: int, source: str, line: int) -> InputError:
    return InputError(f"document is {size:,} bytes, over the limit of {limit:,} bytes",
                      source=source, line=line)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _not_regular(mode: int, source: str) -> InputError:
    return InputError(f"{_kind(mode)}, not a regular file; only regular files are read",
                      source=source)


def _file_too_big(size: int, file_limit: int, source: str) -> InputError:
    return InputError(f"file is {size:,} bytes, over the limit of {file_limit:,} bytes per file "
                      f"(max_file_bytes); split it into smaller files", source=source)


def _check_regular(path: Path, file_limit: int) -> None:
    """Refuse, without opening it, anything at ``path`` that is not a regular file."""
    source = str(path)
    try:
        st = os.stat(path)  # follows symbolic links
    except OSError as exc:
        what = " (a broken symbolic link)" if path.is_symlink() else ""
        raise InputError(f"cannot read: {exc.strerror}{what}", source=source) from exc
    if not stat.S_ISREG(st.st_mode):
        raise _not_regular(st.st_mode, source)
    if st.st_size > file_limit:
        raise _file_too_big(st.st_size, file_limit, source)


def _open_regular(path: Path, source: str) -> BinaryIO:
    """Open ``path`` for reading without blocking, and make sure it is a regular file.

    ``O_NONBLOCK`` keeps a FIFO put there after :func:`_check_regular` from blocking the open;
    the ``fstat`` of the open file then refuses it."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=source) from exc
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(mode, source)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _read_text_file(path: Path, rel: str, limit: int, file_limit: int) -> Document:
    source = str(path)
    _check_regular(path, file_limit)
    try:
        size = path.stat().st_size
        if size > limit + len(_BOM):
            raise _too_big(size, limit, source, 1)
        with _open_regular(path, source) as fh:
            data = fh.read(limit + len(_BOM) + 1)  # bounded, should the file grow meanwhile
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=source) from exc
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    if len(data) > limit:
        raise _too_big(len(data), limit, source, 1)
    text = _decode(data, source)
    if not text.strip():
        raise InputError("file is empty (no document)", source=source, line=1)
    title = _md_title(text) if path.suffix.lower() == ".md" else None
    return _make({"id": rel, "text": text, "title": title, "source": rel}, source, 1)


def _jsonl_lines(path: Path, source: str, file_limit: int) -> Iterator[tuple[int, bytes]]:
    """``(line number, raw bytes)`` with ``\\n``, ``\\r\\n`` and ``\\r`` as line ends.

    Only ``\\n`` and ``\\r`` end a line (never U+2028 or U+0085: the file is split as bytes).
    At most ``file_limit`` bytes are read, however large the file grows meanwhile."""
    number = 0
    _check_regular(path, file_limit)
    try:
        with _open_regular(path, source) as fh:
            left = file_limit
            while True:
                raw = fh.readline(left + 1)
                if not raw:
                    break
                left -= len(raw)
                if left < 0:
                    raise InputError(f"file holds more than {file_limit:,} bytes, the limit per "
                                     f"file (max_file_bytes); split it into smaller files",
                                     source=source)
                if number == 0 and raw.startswith(_BOM):
                    raw = raw[len(_BOM):]
                if raw.endswith(b"\n"):
                    raw = raw[:-1]
                    if raw.endswith(b"\r"):
                        raw = raw[:-1]
                for part in raw.split(b"\r") if b"\r" in raw else (raw,):
                    number += 1
                    yield number, part
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=source) from exc


def _parse_jsonl_line(raw: bytes, source: str, line: int, limit: int) -> Document:
    text = _decode(raw, source, line)
    try:
        obj = loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg} (column {exc.colno})",
                         source=source, line=line) from exc
    except JSONInputError as exc:
        raise InputError(f"invalid JSON: {exc}", source=source, line=line) from exc
    if not isinstance(obj, dict):
        raise InputError(f"expected a JSON object, got {type(obj).__name__}",
                         source=source, line=line)
    unknown = sorted(set(obj) - _JSONL_KEYS)
    if unknown:
        allowed = ", ".join(sorted(_JSONL_KEYS))
        raise InputError(f"unknown key {unknown[0]!r} (allowed: {allowed})",
                         source=source, line=line)
    for key in ("id", "text"):
        value = obj.get(key)
        if key not in obj:
            raise InputError(f"missing {key!r}", source=source, line=line)
        if not isinstance(value, str):
            raise InputError(f"{key!r} must be a string, got {type(value).__name__}",
                             source=source, line=line)
        if not value.strip():
            raise InputError(f"{key!r} is blank", source=source, line=line)
    for key in ("title", "source"):
        if obj.get(key) is not None and not isinstance(obj[key], str):
            raise InputError(f"{key!r} must be a string, got {type(obj[key]).__name__}",
                             source=source, line=line)
    if obj.get("metadata") is not None and not isinstance(obj["metadata"], dict):
        raise InputError(f"'metadata' must be an object, got {type(obj['metadata']).__name__}",
                         source=source, line=line)
    size = len(obj["text"].encode("utf-8"))
    if size > limit:
        raise _too_big(size, limit, source, line)
    fields = {"id": obj["id"], "text": obj["text"], "title": obj.get("title"),
              "source": obj.get("source"), "metadata": obj.get("metadata") or {}}
    return _make(fields, source, line)


def _read_jsonl(path: Path, limit: int, file_limit: int) -> Iterator[tuple[Document, int]]:
    source = str(path)
    count = 0
    for line, raw in _jsonl_lines(path, source, file_limit):
        if not raw.strip():
            continue
        yield _parse_jsonl_line(raw, source, line, limit), line
        count += 1
    if count == 0:
        raise InputError("file is empty (no documents)", source=source, line=1)


def _unlistable(exc: OSError) -> None:
    """``os.walk``'s ``onerror``: a folder that cannot be listed is an error, not a skip."""
    raise InputError(f"cannot read this folder: {exc.strerror or exc}",
                     source=str(exc.filename)) from exc


def _files(paths: Sequence[str | Path], stats: LoadStats,
           file_limit: int = MAX_FILE_BYTES) -> Iterator[tuple[Path, str]]:
    """``(file, relative id)`` for every file to read, validating the paths first."""
    plan: list[tuple[Path, str]] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found: list[tuple[str, Path]] = []
            for root, dirs, names in os.walk(path, onerror=_unlistable):
                for name in [d for d in dirs
                             if d.startswith(".") or os.path.islink(os.path.join(root, d))]:
                    dirs.remove(name)  # os.walk would not descend into a link anyway
                    stats.skipped.append(str(Path(root, name)))
                for name in names:
                    full = Path(root, name)
                    rel = full.relative_to(path)
                    if name.startswith(".") or full.suffix.lower() not in SUPPORTED_SUFFIXES:
                        stats.skipped.append(str(full))
                        continue
                    _check_regular(full, file_limit)
                    found.append((rel.as_posix(), full))
            if not found:
                raise InputError(
                    f"no {', '.join(SUPPORTED_SUFFIXES)} files found in this folder",
                    source=str(path),
                )
            plan.extend((full, rel) for rel, full in sorted(found))
        elif path.is_file():
            if path.suffix.lower() not in SUPPORTED_SUFFIXES:
                raise InputError(
                    f"unsupported file type {path.suffix or '(none)'!r}; expected one of "
                    f"{', '.join(SUPPORTED_SUFFIXES)}",
                    source=str(path),
                )
            _check_regular(path, file_limit)
            plan.append((path, path.name))
        elif path.exists():
            raise InputError(f"not a regular file or folder ({_kind(os.stat(path).st_mode)})",
                             source=str(path))
        else:
            raise InputError("no such file or folder", source=str(path))
    if stats.skipped:
        log.info("skipped %d entries with other suffixes, hidden names or links to folders",
                 len(stats.skipped))
    yield from plan


def iter_documents(paths: Sequence[str | Path], *, stats: LoadStats | None = None,
                   max_document_bytes: int = MAX_DOCUMENT_BYTES,
                   max_file_bytes: int = MAX_FILE_BYTES) -> Iterator[Document]:
    """Yield the documents in ``paths`` (files or folders), in order, without duplicates.

    Every path is checked before the first document is read. Documents are yielded as
    they are read, so an error in a later file is raised after earlier documents were
    yielded; use :func:`load_documents` to get all or nothing.
    """
    if isinstance(paths, str | Path):
        raise TypeError("paths must be a sequence of paths, not a single path")
    stats = stats if stats is not None else LoadStats()
    seen: dict[str, _Seen] = {}
    for path, rel in list(_files(paths, stats, max_file_bytes)):
        stats.files += 1
        if path.suffix.lower() == ".jsonl":
            docs: Iterator[tuple[Document, int]] = _read_jsonl(path, max_document_bytes,
                                                               max_file_bytes)
        else:
            docs = iter([(_read_text_file(path, rel, max_document_bytes, max_file_bytes), 1)])
        for doc, line in docs:
            where = f"{path}:{line}"
            prior = seen.get(doc.id)
            if prior is None:
                seen[doc.id] = _Seen(doc.sha256, where)
            elif prior.sha256 == doc.sha256:
                stats.duplicates += 1
                continue
            else:
                raise InputError(
                    f"duplicate id {doc.id!r} with different text (first at {prior.where}, "
                    f"again at {where})",
                    source=str(path), line=line,
                )
            stats.documents += 1
            yield doc


def load_documents(paths: Sequence[str | Path], *,
                   stats: LoadStats | None = None,
                   max_document_bytes: int = MAX_DOCUMENT_BYTES,
                   max_file_bytes: int = MAX_FILE_BYTES) -> list[Document]:
    """All documents in ``paths`` as a list (see :func:`iter_documents`); all or nothing."""
    return list(iter_documents(paths, stats=stats, max_document_bytes=max_document_bytes,
                               max_file_bytes=max_file_bytes))

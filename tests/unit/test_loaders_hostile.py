"""Hostile input to the document loaders: deep JSON, line separators inside strings,
FIFOs, devices, unlistable folders, oversized files; and fuzzing of the JSONL loader
(only documents or an ``InputError``, and a failed ingest leaves the index untouched)."""

from __future__ import annotations

import json
import os
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from certirag.errors import InputError
from certirag.index import Index
from certirag.ingest import LoadStats, load_documents
from certirag.schemas import Document

from ..conftest import HashEmbedder


@pytest.fixture
def deadline() -> Iterator[None]:
    """Fail (instead of hanging the run) when the test blocks for more than 10 s."""
    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError("blocked for more than 10 s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, 10)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _raises(paths: list[Path], source: Path | str, line: int | None, match: str,
            **kwargs: Any) -> InputError:
    with pytest.raises(InputError, match=match) as info:
        load_documents(paths, **kwargs)
    assert (info.value.source, info.value.line) == (str(source), line)
    return info.value


@pytest.mark.parametrize("depth", [65, 5_000, 100_000])
def test_deeply_nested_json_names_the_line(tmp_path: Path, depth: int) -> None:
    f = tmp_path / "deep.jsonl"
    f.write_text('{"id": "a", "text": "A."}\n'
                 '{"id": "b", "text": "B.", "metadata": {"x": ' + "[" * depth + "]" * depth
                 + "}}\n", encoding="utf-8")
    _raises([f], f, 2, "nested deeper than 64 levels")


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\u0085", "\x0b", "\x0c", "\x1c"])
def test_unicode_line_separators_stay_inside_one_row(tmp_path: Path, sep: str) -> None:
    f = tmp_path / "d.jsonl"
    text = f"One{sep}two."
    # raw (not escaped) in the file: legal in a JSON string, and not a JSON Lines line end
    raw = json.dumps({"id": "a", "text": text}, ensure_ascii=False)
    if sep in "\x0b\x0c\x1c":  # control characters must be escaped in JSON
        raw = json.dumps({"id": "a", "text": text})
    f.write_text(raw + "\n" + json.dumps({"id": "b", "text": "B."}) + "\n", encoding="utf-8",
                 newline="")
    docs = load_documents([f])
    assert [(d.id, d.text) for d in docs] == [("a", text), ("b", "B.")]


def test_fifo_in_a_folder_is_refused_without_blocking(tmp_path: Path, deadline: None) -> None:
    (tmp_path / "a.txt").write_text("Alpha.", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.txt")
    _raises([tmp_path], tmp_path / "pipe.txt", None, r"a FIFO \(named pipe\), not a regular file")


def test_fifo_with_another_suffix_is_skipped(tmp_path: Path, deadline: None) -> None:
    (tmp_path / "a.txt").write_text("Alpha.", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.log")
    stats = LoadStats()
    assert [d.id for d in load_documents([tmp_path], stats=stats)] == ["a.txt"]
    assert stats.skipped == [str(tmp_path / "pipe.log")]


@pytest.mark.parametrize("name", ["zero.txt", "zero.jsonl", "zero.md"])
def test_link_to_a_device_in_a_folder_is_refused_unread(tmp_path: Path, name: str,
                                                        deadline: None) -> None:
    (tmp_path / "a.txt").write_text("Alpha.", encoding="utf-8")
    (tmp_path / name).symlink_to("/dev/zero")
    _raises([tmp_path], tmp_path / name, None, "a character device, not a regular file")


def test_device_given_directly_is_refused(deadline: None) -> None:
    _raises([Path("/dev/zero")], "/dev/zero", None,
            r"not a regular file or folder \(a character device\)")


def test_link_to_a_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "real.data").write_text("Alpha.", encoding="utf-8")
    (tmp_path / "link.txt").symlink_to(tmp_path / "real.data")
    assert [(d.id, d.text) for d in load_documents([tmp_path])] == [("link.txt", "Alpha.")]


def test_broken_link_is_an_error_before_anything_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Alpha.", encoding="utf-8")
    (tmp_path / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    _raises([tmp_path], tmp_path / "gone.txt", None, r"broken symbolic link")


def test_link_to_a_folder_is_listed_as_skipped(tmp_path: Path) -> None:
    corpus, other = tmp_path / "corpus", tmp_path / "other"
    corpus.mkdir()
    other.mkdir()
    (corpus / "a.txt").write_text("Alpha.", encoding="utf-8")
    (other / "b.txt").write_text("Beta.", encoding="utf-8")
    (corpus / "more").symlink_to(other)
    stats = LoadStats()
    assert [d.id for d in load_documents([corpus], stats=stats)] == ["a.txt"]
    assert stats.skipped == [str(corpus / "more")]


def test_unlistable_subfolder_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    # tests may run as root, for whom chmod 000 blocks nothing: os.walk lists with scandir
    (tmp_path / "a.txt").write_text("Alpha.", encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "b.txt").write_text("Beta.", encoding="utf-8")
    real = os.scandir

    def scandir(path: Any = ".") -> Any:
        if Path(os.fsdecode(path)) == locked:
            raise PermissionError(13, "Permission denied", os.fsdecode(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    _raises([tmp_path], locked, None, "cannot read this folder: Permission denied")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 folder anyway")
def test_chmod_000_subfolder_is_an_error(tmp_path: Path) -> None:  # pragma: no cover
    (tmp_path / "a.txt").write_text("Alpha.", encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        _raises([tmp_path], locked, None, "cannot read this folder")
    finally:
        locked.chmod(0o755)


def test_file_size_bound(tmp_path: Path) -> None:
    from certirag.ingest import MAX_FILE_BYTES

    assert MAX_FILE_BYTES == 1 << 30
    f = tmp_path / "d.jsonl"
    f.write_text("".join(json.dumps({"id": str(i), "text": "Some text."}) + "\n"
                         for i in range(10)), encoding="utf-8")
    size = f.stat().st_size
    _raises([f], f, None, rf"file is {size:,} bytes, over the limit of 100 bytes per file "
                          r"\(max_file_bytes\)", max_file_bytes=100)
    _raises([tmp_path], f, None, "over the limit of 100 bytes per file", max_file_bytes=100)
    assert len(load_documents([f], max_file_bytes=size)) == 10


# ---- fuzzing ----------------------------------------------------------------------------

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=5), kids,
                                                               max_size=3),
    max_leaves=8)
_rows = st.fixed_dictionaries({"id": st.text(max_size=8), "text": st.text(max_size=40)},
                              optional={"title": _json_values, "metadata": _json_values,
                                        "source": _json_values})
_deep = st.integers(min_value=60, max_value=3_000).map(lambda n: "[" * n + "]" * n)
_lines = st.one_of(
    _rows.map(lambda r: json.dumps(r, ensure_ascii=False).encode("utf-8", "surrogatepass")),
    _json_values.map(lambda v: json.dumps(v).encode()),
    _deep.map(lambda d: ('{"id": "d", "text": "x", "metadata": {"a": ' + d + "}}").encode()),
    st.binary(max_size=40),
    st.sampled_from([b"", b"\r", b"\xef\xbb\xbf", b'{"id": "s", "text": "\\ud800"}',
                     b'{"id": "n", "text": "t", "metadata": {"x": NaN}}',
                     '{"id": "u", "text": "a\u2028b\u0085c"}'.encode()]),
)
_files = st.lists(_lines, min_size=0, max_size=6).flatmap(
    lambda lines: st.sampled_from([b"\n", b"\r\n", b"\r"]).map(lambda end: end.join(lines)))


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=_files)
def test_fuzzed_jsonl_gives_documents_or_input_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "fuzz.jsonl"
        f.write_bytes(data)
        try:
            docs = load_documents([f])
        except InputError as exc:
            assert exc.source == str(f)
        else:
            assert docs and all(isinstance(d, Document) for d in docs)


@pytest.fixture(scope="module")
def seeded_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fuzz-index") / "index"
    Index(path, embedder=HashEmbedder()).ingest(
        [Document(id="seed", text="Paris is the capital of France.")])
    return path


@settings(max_examples=50, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=_files)
def test_fuzzed_failed_ingest_leaves_the_index_byte_identical(seeded_index: Path,
                                                              data: bytes) -> None:
    before = _snapshot(seeded_index)
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "fuzz.jsonl"
        f.write_bytes(data)
        index = Index(seeded_index, embedder=HashEmbedder())
        try:
            index.ingest([f])
        except InputError:
            assert _snapshot(seeded_index) == before
        else:  # a valid file: ingested; the seed document is still there
            assert index.get_document("seed") is not None

from __future__ import annotations

import json
from pathlib import Path

import pytest

from certirag.errors import InputError
from certirag.ingest import (
    MAX_DOCUMENT_BYTES,
    LoadStats,
    iter_documents,
    load_documents,
)


def _jsonl(path: Path, *rows: object) -> Path:
    lines = [r if isinstance(r, str) else json.dumps(r) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="")
    return path


def _raises(paths: list[Path], source: Path, line: int | None, match: str) -> InputError:
    with pytest.raises(InputError, match=match) as info:
        load_documents(paths)
    err = info.value
    assert err.source == str(source)
    assert err.line == line
    assert str(err).startswith(f"{source}:{line}: " if line is not None else f"{source}: ")
    return err


# ---- reading ----------------------------------------------------------------------------

def test_jsonl_fields_and_blank_lines(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "docs.jsonl",
               {"id": "a", "text": "Alpha text.", "title": "A", "source": "s://a",
                "metadata": {"year": 2020}},
               "",
               "   ",
               {"id": "b", "text": "Beta text.", "title": None, "metadata": None})
    docs = load_documents([f])
    assert [d.id for d in docs] == ["a", "b"]
    assert (docs[0].title, docs[0].source, docs[0].metadata) == ("A", "s://a", {"year": 2020})
    assert (docs[1].title, docs[1].source, docs[1].metadata) == (None, None, {})


def test_folder_walk_ids_titles_and_skips(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    (root / "guides" / "deep").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / ".git" / "x.txt").write_text("hidden", encoding="utf-8")
    (root / "b.txt").write_text("Bee text.", encoding="utf-8")
    (root / "a.md").write_text("```\n# not a title\n```\n# Alpha Guide #\nBody.",
                               encoding="utf-8")
    (root / "guides" / "leave.md").write_text("Intro.\n\n#  Leave  \nText.", encoding="utf-8")
    (root / "guides" / "deep" / "z.TXT").write_text("Zed.", encoding="utf-8")
    (root / "guides" / "notes.pdf").write_bytes(b"%PDF")
    (root / ".hidden.txt").write_text("hidden", encoding="utf-8")
    stats = LoadStats()
    docs = load_documents([root], stats=stats)
    assert [d.id for d in docs] == ["a.md", "b.txt", "guides/deep/z.TXT", "guides/leave.md"]
    assert [d.source for d in docs] == [d.id for d in docs]
    assert [d.title for d in docs] == ["Alpha Guide", None, None, "Leave"]
    assert sorted(Path(p).name for p in stats.skipped) == [".git", ".hidden.txt", "notes.pdf"]
    assert (stats.files, stats.documents, stats.duplicates) == (4, 4, 0)


def test_file_given_directly_uses_its_name(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    f = tmp_path / "sub" / "note.md"
    f.write_text("No heading here.", encoding="utf-8")
    (doc,) = load_documents([str(f)])
    assert (doc.id, doc.source, doc.title) == ("note.md", "note.md", None)


def test_text_is_kept_exactly(tmp_path: Path) -> None:
    f = tmp_path / "crlf.txt"
    f.write_bytes(b"\xef\xbb\xbfLine one.\r\nLine two.\rLine three\xe2\x80\xa8 \xc2\xa0end\r\n")
    (doc,) = load_documents([f])
    assert doc.text == "Line one.\r\nLine two.\rLine three\u2028 \u00a0end\r\n"
    j = tmp_path / "bom.jsonl"
    j.write_bytes(b'\xef\xbb\xbf{"id": "x", "text": "caf\\u00e9\\r\\n"}\r\n')
    (doc,) = load_documents([j])
    assert doc.text == "café\r\n"


def test_identical_duplicate_is_collapsed(tmp_path: Path) -> None:
    one = _jsonl(tmp_path / "one.jsonl", {"id": "a", "text": "Same."}, {"id": "b", "text": "B."})
    two = _jsonl(tmp_path / "two.jsonl", {"id": "a", "text": "Same.", "title": "t"})
    stats = LoadStats()
    docs = load_documents([one, two], stats=stats)
    assert [d.id for d in docs] == ["a", "b"]
    assert stats.duplicates == 1 and stats.documents == 2


def test_iter_documents_is_lazy_but_checks_paths_first(tmp_path: Path) -> None:
    good = _jsonl(tmp_path / "good.jsonl", {"id": "a", "text": "A."})
    it = iter_documents([good, tmp_path / "missing.jsonl"])
    with pytest.raises(InputError, match="no such file"):
        next(it)
    assert next(iter(iter_documents([good]))).id == "a"


def test_single_path_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(TypeError):
        load_documents(str(tmp_path))


def test_limit_is_twenty_megabytes() -> None:
    assert MAX_DOCUMENT_BYTES == 20_000_000


# ---- errors -----------------------------------------------------------------------------

def test_missing_path(tmp_path: Path) -> None:
    _raises([tmp_path / "nope.jsonl"], tmp_path / "nope.jsonl", None, "no such file or folder")


def test_unsupported_file_given_directly(tmp_path: Path) -> None:
    f = tmp_path / "doc.pdf"
    f.write_bytes(b"%PDF")
    _raises([f], f, None, "unsupported file type '.pdf'")


def test_folder_without_documents(tmp_path: Path) -> None:
    (tmp_path / "x.csv").write_text("a,b", encoding="utf-8")
    _raises([tmp_path], tmp_path, None, "no .jsonl, .md, .txt files found")


def test_invalid_json_names_the_line(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "d.jsonl", {"id": "a", "text": "A."}, "", '{"id": "b", "text": ')
    _raises([f], f, 3, "invalid JSON")


def test_line_numbers_count_lone_cr(tmp_path: Path) -> None:
    f = tmp_path / "d.jsonl"
    f.write_bytes(b'{"id": "a", "text": "A."}\r{"id": "b", "text": "B."}\r\n\r\n{bad\n')
    _raises([f], f, 4, "invalid JSON")


@pytest.mark.parametrize("row", ["[1, 2]", '"text"', "42", "null"])
def test_line_not_an_object(tmp_path: Path, row: str) -> None:
    f = _jsonl(tmp_path / "d.jsonl", {"id": "a", "text": "A."}, row)
    _raises([f], f, 2, "expected a JSON object")


@pytest.mark.parametrize(("row", "match"), [
    ({"text": "A."}, "missing 'id'"),
    ({"id": "", "text": "A."}, "'id' is blank"),
    ({"id": "  ", "text": "A."}, "'id' is blank"),
    ({"id": 7, "text": "A."}, "'id' must be a string, got int"),
    ({"id": None, "text": "A."}, "'id' must be a string, got NoneType"),
    ({"id": "a"}, "missing 'text'"),
    ({"id": "a", "text": " \n\t"}, "'text' is blank"),
    ({"id": "a", "text": ["A."]}, "'text' must be a string, got list"),
    ({"id": "a", "text": "A.", "title": 3}, "'title' must be a string"),
    ({"id": "a", "text": "A.", "source": {}}, "'source' must be a string"),
    ({"id": "a", "text": "A.", "metadata": [1]}, "'metadata' must be an object"),
    ({"id": "a", "text": "A.", "body": "x"}, "unknown key 'body'"),
    ({"id": "a" * 600, "text": "A."}, "invalid document: id"),
])
def test_bad_fields(tmp_path: Path, row: dict[str, object], match: str) -> None:
    f = _jsonl(tmp_path / "d.jsonl", {"id": "ok", "text": "Fine."}, "", row)
    _raises([f], f, 3, match)


def test_duplicate_json_key(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "d.jsonl", '{"id": "a", "text": "A.", "text": "B."}')
    _raises([f], f, 1, "duplicate key 'text'")


def test_nan_is_rejected(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "d.jsonl", '{"id": "a", "text": "A.", "metadata": {"x": NaN}}')
    _raises([f], f, 1, "NaN is not allowed")


def test_unpaired_surrogate_is_rejected(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "d.jsonl", '{"id": "a", "text": "A \\ud800 B"}',
               '{"id": "b", "text": "ok \\ud83d\\ude00"}')
    _raises([f], f, 1, "unpaired surrogate")
    g = _jsonl(tmp_path / "e.jsonl", '{"id": "b", "text": "ok \\ud83d\\ude00"}')
    assert load_documents([g])[0].text == "ok \U0001f600"


def test_non_utf8_in_jsonl_names_the_line(tmp_path: Path) -> None:
    f = tmp_path / "d.jsonl"
    f.write_bytes(b'{"id": "a", "text": "A."}\n\n{"id": "b", "text": "caf\xe9"}\n')
    _raises([f], f, 3, "not valid UTF-8")


@pytest.mark.parametrize("name", ["d.txt", "d.md"])
def test_non_utf8_in_text_file_names_the_line(tmp_path: Path, name: str) -> None:
    f = tmp_path / name
    f.write_bytes(b"\xef\xbb\xbfone\r\ntwo\rthree\nfour \xff five\n")
    _raises([f], f, 4, r"not valid UTF-8 \(byte 0xff\)")


@pytest.mark.parametrize(("name", "content"), [
    ("d.jsonl", b""), ("d.jsonl", b"\n  \n\r\n"), ("d.txt", b""), ("d.md", b" \n\t\r\n"),
    ("d.txt", b"\xef\xbb\xbf"),
])
def test_empty_file(tmp_path: Path, name: str, content: bytes) -> None:
    f = tmp_path / name
    f.write_bytes(content)
    _raises([f], f, 1, "file is empty")


def test_document_too_large_in_jsonl(tmp_path: Path) -> None:
    f = _jsonl(tmp_path / "d.jsonl", {"id": "a", "text": "small"}, {"id": "b", "text": "é" * 60})
    with pytest.raises(InputError, match="120 bytes, over the limit of 100") as info:
        load_documents([f], max_document_bytes=100)
    assert (info.value.source, info.value.line) == (str(f), 2)


def test_document_too_large_in_text_file(tmp_path: Path) -> None:
    f = tmp_path / "big.txt"
    with f.open("wb") as fh:  # sparse: the size is checked before the file is read
        fh.truncate(MAX_DOCUMENT_BYTES + 4)
    _raises([f], f, 1, "over the limit of 20,000,000 bytes")
    g = tmp_path / "small.md"
    g.write_text("x" * 101, encoding="utf-8")
    with pytest.raises(InputError, match="101 bytes"):
        load_documents([g], max_document_bytes=100)


def test_duplicate_id_with_different_text(tmp_path: Path) -> None:
    one = _jsonl(tmp_path / "one.jsonl", {"id": "x", "text": "B."}, {"id": "a", "text": "First."})
    two = _jsonl(tmp_path / "two.jsonl", {"id": "y", "text": "C."}, "",
                 {"id": "a", "text": "Second."})
    err = _raises([one, two], two, 3, "duplicate id 'a' with different text")
    assert f"first at {one}:2" in str(err)
    assert f"again at {two}:3" in str(err)


def test_duplicate_id_between_text_files(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "n.txt").write_text("One.", encoding="utf-8")
    (tmp_path / "b" / "n.txt").write_text("Two.", encoding="utf-8")
    err = _raises([tmp_path / "a", tmp_path / "b"], tmp_path / "b" / "n.txt", 1, "duplicate id")
    assert f"first at {tmp_path / 'a' / 'n.txt'}:1" in str(err)

"""Hostile input on the command line: deep JSON, U+2028 inside a row, invalid UTF-8 in
argv and stdin, FIFOs and devices, batch ids, reruns and exit codes; with fuzzing of the
``--evidence`` and ``--batch`` readers. The verifier is the deterministic fake (in process)
or never reached (subprocess), so these tests load no model."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import certirag.verifiers
from certirag.cli import app
from certirag.config import Settings
from certirag.errors import InputError
from certirag.jsonio import jsonl_lines
from certirag.testing import FakeVerifier

from ..conftest import REPO

runner = CliRunner()

EVIDENCE = [{"id": "geo", "text": "Paris is the capital of France."}]
VERIFIED = "Paris is the capital of France."
WITHHELD = "Paris has 9 moons."
NO_CLAIMS = "Thanks for asking! I hope this helps."
DEEP = "[" * 5_000 + "]" * 5_000


def _fake(settings: Any) -> FakeVerifier:
    return FakeVerifier()


@pytest.fixture(autouse=True)
def fake_verifier(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(certirag.verifiers, "create_verifier", _fake)
    monkeypatch.setenv("CERTIRAG_HOME", str(tmp_path / "home"))


def _row(ident: str, answer: str, **extra: Any) -> str:
    return json.dumps({"id": ident, "question": "", "answer": answer, "evidence": EVIDENCE,
                       **extra}, ensure_ascii=False)


def _batch(tmp_path: Path, *lines: str | bytes, name: str = "in.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n"
                              for x in lines))
    return path


def _run(batch: Path, out: Path) -> Any:
    return runner.invoke(app, ["verify", "--batch", str(batch), "--out", str(out)])


def _rows(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for _, line in jsonl_lines(out.read_text("utf-8"))]


# ---- --evidence -------------------------------------------------------------------------

def test_deep_evidence_json_is_exit_2_naming_file_and_line(tmp_path: Path) -> None:
    ev = tmp_path / "ev.jsonl"
    ev.write_text(json.dumps(EVIDENCE[0]) + "\n" + '{"id": "x", "text": ' + DEEP + "}\n",
                  encoding="utf-8")
    res = runner.invoke(app, ["verify", "-a", VERIFIED, "--evidence", str(ev)])
    assert res.exit_code == 2, res.output
    assert f"{ev}:2: invalid JSON: nested deeper than 64 levels" in res.output


@pytest.mark.parametrize("sep", ["\u2028", "\u0085"])
def test_evidence_line_with_a_unicode_separator_is_one_passage(tmp_path: Path,
                                                               sep: str) -> None:
    ev = tmp_path / "ev.jsonl"
    text = f"Paris is the capital of France.{sep}It has many bridges."
    ev.write_text("\ufeff" + json.dumps({"id": "geo", "text": text}, ensure_ascii=False)
                  + "\r\n", encoding="utf-8", newline="")
    res = runner.invoke(app, ["verify", "-a", VERIFIED, "--evidence", str(ev), "--json"])
    assert res.exit_code == 0, res.output
    (claim,) = json.loads(res.stdout)["claims"]
    assert claim["evidence"][0]["doc_id"] == "geo"


def test_evidence_from_a_device_is_refused(tmp_path: Path) -> None:
    res = runner.invoke(app, ["verify", "-a", VERIFIED, "--evidence", "/dev/zero"])
    assert res.exit_code == 2, res.output
    assert "/dev/zero: the file holds more than 67,108,864 bytes" in res.output


def test_evidence_with_an_unpaired_surrogate_is_exit_2(tmp_path: Path) -> None:
    ev = tmp_path / "ev.jsonl"
    ev.write_text('{"id": "a", "text": "Paris \\udcff is big."}\n', encoding="utf-8")
    res = runner.invoke(app, ["verify", "-a", VERIFIED, "--evidence", str(ev)])
    assert res.exit_code == 2, res.output
    assert f"{ev}:1: invalid JSON: a string holds an unpaired surrogate" in res.output


# ---- argv and stdin ---------------------------------------------------------------------

def _cli(*args: str | bytes, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "CERTIRAG_HOME": tempfile.mkdtemp(), "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "certirag.cli", *args], input=stdin,
                          capture_output=True, timeout=120, env=env, cwd=REPO)


def test_invalid_utf8_in_argv_and_stdin_is_exit_2(tmp_path: Path) -> None:
    ev = tmp_path / "ev.jsonl"
    ev.write_text(json.dumps(EVIDENCE[0]) + "\n", encoding="utf-8")
    got = _cli("verify", "-a", b"Paris \xff\xfe is big.", "--evidence", str(ev))
    assert got.returncode == 2, got.stderr.decode()
    assert b"--answer is not valid UTF-8 (byte 0xff at character 6)" in got.stderr
    assert b"Traceback" not in got.stderr
    got = _cli("verify", "-q", b"Why \xc3?", "-a", "x", "--evidence", str(ev))
    assert got.returncode == 2 and b"--question is not valid UTF-8 (byte 0xc3" in got.stderr
    got = _cli("verify", "-a", "-", "--evidence", str(ev), stdin=b"Paris \xff\xfe is big.")
    assert got.returncode == 2, got.stderr.decode()
    assert b"standard input for --answer is not valid UTF-8 (byte 0xff at offset 6)" \
        in got.stderr
    assert b"Traceback" not in got.stderr


def test_stdin_is_read_as_utf8(tmp_path: Path) -> None:
    ev = tmp_path / "ev.jsonl"
    ev.write_text(json.dumps({"id": "geo", "text": "Zürich is in Switzerland."}) + "\n",
                  encoding="utf-8")
    res = runner.invoke(app, ["verify", "-a", "-", "--evidence", str(ev), "--json"],
                        input="Zürich is in Switzerland.".encode())
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["answer"] == "Zürich is in Switzerland."


# ---- ingest and schema validate --------------------------------------------------------

def test_ingest_deep_jsonl_is_exit_2_and_index_unchanged(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text('{"id": "a", "text": "Paris is the capital of France."}\n', "utf-8")
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"id": "b", "text": "B.", "metadata": {"x": ' + DEEP + "}}\n", "utf-8")
    index = tmp_path / "index"
    from certirag.index import Index

    from ..conftest import HashEmbedder

    Index(index, embedder=HashEmbedder()).ingest([good])
    before = {p: p.read_bytes() for p in sorted(index.rglob("*")) if p.is_file()}
    res = runner.invoke(app, ["ingest", str(deep), "--index", str(index)])
    assert res.exit_code == 2, res.output
    assert f"{deep}:1: invalid JSON: nested deeper than 64 levels" in res.output
    assert {p: p.read_bytes() for p in sorted(index.rglob("*")) if p.is_file()} == before


def test_ingest_folder_with_a_fifo_is_exit_2_without_blocking(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("Alpha.", encoding="utf-8")
    os.mkfifo(corpus / "b.md")
    got = _cli("ingest", str(corpus), "--index", str(tmp_path / "index"))
    assert got.returncode == 2, got.stderr.decode()
    assert f"{corpus / 'b.md'}: a FIFO (named pipe), not a regular file".encode() in got.stderr
    assert not (tmp_path / "index" / "CURRENT").exists()


def test_schema_validate_deep_json_and_separators(tmp_path: Path) -> None:
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"id": "a", "text": "A."}\n{"id": "b", "text": "B.", "metadata": '
                    + DEEP + "}\n", encoding="utf-8")
    res = runner.invoke(app, ["schema", "validate", str(deep), "--kind", "document"])
    assert res.exit_code == 2, res.output
    assert f"{deep}:2: invalid JSON: nested deeper than 64 levels" in res.output
    sep = tmp_path / "sep.jsonl"
    sep.write_text(json.dumps({"id": "a", "text": "One\u2028two\u0085three."},
                              ensure_ascii=False) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["schema", "validate", str(sep), "--kind", "document"])
    assert res.exit_code == 0, res.output
    assert "1 valid document record(s)" in res.output


# ---- --batch ----------------------------------------------------------------------------

def test_batch_deep_line_is_an_error_row_and_the_rest_runs(tmp_path: Path) -> None:
    batch = _batch(tmp_path, _row("a", VERIFIED), '{"id": "b", "answer": ' + DEEP + "}",
                   b'{"id": "c", "answer": "caf\xe9"}', _row("d", VERIFIED))
    out = tmp_path / "out.jsonl"
    res = _run(batch, out)
    assert res.exit_code == 2, res.output
    rows = _rows(out)
    assert [r["id"] for r in rows] == ["a", "line-2", "line-3", "d"]
    assert rows[1]["error"] == f"{batch}:2: invalid JSON: nested deeper than 64 levels"
    assert rows[2]["error"] == f"{batch}:3: not valid UTF-8 (byte 0xe9 at offset 26)"
    assert rows[0]["outcome"] == rows[3]["outcome"] == "verified"


def test_batch_row_with_a_unicode_separator_is_one_row(tmp_path: Path) -> None:
    batch = _batch(tmp_path, _row("a", f"{VERIFIED}\u2028"), _row("b", f"{VERIFIED}\u0085"))
    out = tmp_path / "out.jsonl"
    res = _run(batch, out)
    assert res.exit_code == 0, res.output
    assert [(r["id"], r["outcome"]) for r in _rows(out)] == [("a", "verified"),
                                                            ("b", "verified")]


def test_batch_bom_on_line_one_is_accepted(tmp_path: Path) -> None:
    batch = _batch(tmp_path, "\ufeff" + _row("a", VERIFIED), _row("b", VERIFIED))
    out = tmp_path / "out.jsonl"
    res = _run(batch, out)
    assert res.exit_code == 0, res.output
    assert [r["id"] for r in _rows(out)] == ["a", "b"]


def test_batch_same_id_with_another_answer_is_refused_before_anything_runs(
        tmp_path: Path) -> None:
    batch = _batch(tmp_path, _row("a", VERIFIED), _row("b", VERIFIED), _row("a", WITHHELD))
    out = tmp_path / "out.jsonl"
    res = _run(batch, out)
    assert res.exit_code == 2, res.output
    assert (f"{batch}:3: id 'a' is on line 1 and again on line 3 with different contents"
            in res.output)
    assert not out.exists()


def test_batch_identical_repeat_is_verified_once(tmp_path: Path) -> None:
    batch = _batch(tmp_path, _row("a", VERIFIED), _row("a", VERIFIED))
    out = tmp_path / "out.jsonl"
    assert _run(batch, out).exit_code == 0
    assert [r["id"] for r in _rows(out)] == ["a"]


def test_batch_rerun_retries_error_rows_and_keeps_done_rows(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    bad = _batch(tmp_path, _row("a", VERIFIED), json.dumps({"id": "b", "answer": VERIFIED}))
    res = _run(bad, out)
    assert res.exit_code == 2, res.output
    first = out.read_text("utf-8").split("\n")[:-1]
    assert json.loads(first[1]) == {"id": "b",
                                    "error": f"{bad}:2: 'evidence' must be a list of {{id, text}}"}
    fixed = _batch(tmp_path, _row("a", VERIFIED), _row("b", VERIFIED))
    res = _run(fixed, out)
    assert res.exit_code == 0, res.output
    again = out.read_text("utf-8").split("\n")[:-1]
    assert again[0] == first[0]  # kept byte for byte, not verified again
    assert json.loads(again[1])["outcome"] == "verified"
    assert len(again) == 2
    assert "1 kept from" in res.output


def test_batch_rerun_with_another_answer_for_a_done_id_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert _run(_batch(tmp_path, _row("a", VERIFIED), "{bad"), out).exit_code == 2
    before = out.read_bytes()
    res = _run(_batch(tmp_path, _row("a", WITHHELD), "{bad"), out)
    assert res.exit_code == 2, res.output
    assert "in.jsonl:1: id 'a' is already in" in res.output
    assert out.read_bytes() == before  # refused before anything, error rows included


@pytest.mark.parametrize(("answers", "code"), [
    ([VERIFIED, VERIFIED], 0),
    ([VERIFIED, WITHHELD], 1),
    ([VERIFIED, NO_CLAIMS], 4),
    ([NO_CLAIMS, WITHHELD], 1),
    ([WITHHELD, ""], 2),  # an empty answer is bad input: an error row
])
def test_batch_exit_code_is_the_worst_row(tmp_path: Path, answers: list[str],
                                          code: int) -> None:
    batch = _batch(tmp_path, *(_row(f"r{i}", a) for i, a in enumerate(answers)))
    out = tmp_path / "out.jsonl"
    res = _run(batch, out)
    assert res.exit_code == code, res.output
    # a rerun with every row done gives the same code
    assert _run(batch, out).exit_code == code


def test_batch_backend_failure_is_exit_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    from certirag.testing import FailingVerifier

    monkeypatch.setattr(certirag.verifiers, "create_verifier",
                        lambda settings: FailingVerifier())
    batch = _batch(tmp_path, _row("a", "Paris is a big city."), "{bad")
    res = _run(batch, tmp_path / "out.jsonl")
    assert res.exit_code == 3, res.output


def test_batch_out_must_not_be_the_batch(tmp_path: Path) -> None:
    batch = _batch(tmp_path, _row("a", VERIFIED))
    before = batch.read_bytes()
    res = _run(batch, batch)
    assert res.exit_code == 2 and "--out is the --batch file" in res.output
    assert batch.read_bytes() == before


def test_batch_without_rows_is_exit_2(tmp_path: Path) -> None:
    res = _run(_batch(tmp_path, "", "  "), tmp_path / "out.jsonl")
    assert res.exit_code == 2 and "no rows" in res.output


def test_batch_help_documents_the_exit_codes() -> None:
    res = runner.invoke(app, ["verify", "--help"])
    text = " ".join(res.output.replace("│", " ").split())
    assert "the worst row" in text and "retries the error rows" in text


# ---- fuzzing ----------------------------------------------------------------------------

_text = st.text(st.characters(codec="utf-8"), max_size=30)
_values = st.recursive(st.none() | st.booleans() | st.integers() | _text,
                       lambda kids: st.lists(kids, max_size=3)
                       | st.dictionaries(_text, kids, max_size=3), max_leaves=6)
_good_rows = st.fixed_dictionaries(
    {"id": st.sampled_from(["a", "b", "c"]), "answer": _text | st.sampled_from(
        [VERIFIED, WITHHELD, NO_CLAIMS]), "evidence": st.just(EVIDENCE) | _values},
    optional={"question": _text | _values})
_lines = st.one_of(
    _good_rows.map(lambda r: json.dumps(r, ensure_ascii=False).encode("utf-8")),
    _values.map(lambda v: json.dumps(v, ensure_ascii=False).encode("utf-8")),
    st.integers(min_value=60, max_value=3_000).map(lambda n: b"[" * n + b"]" * n),
    st.binary(max_size=30),
    st.sampled_from([b"", b"\xef\xbb\xbf", b'{"id": "s", "answer": "\\ud800"}',
                     '{"id": "u", "answer": "a\u2028b\u0085c.", "evidence": []}'.encode(),
                     b'{"id": "n", "answer": "x", "evidence": [NaN]}']),
)
_files = st.lists(_lines, max_size=5).flatmap(
    lambda lines: st.sampled_from([b"\n", b"\r\n"]).map(lambda end: end.join(lines)))


_FUZZ = settings(max_examples=50, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow,
                                        HealthCheck.function_scoped_fixture])


@_FUZZ
@given(data=_files)
def test_fuzzed_evidence_file_is_passages_or_input_error(data: bytes) -> None:
    from certirag.cli.verify import read_evidence_file

    with tempfile.TemporaryDirectory() as tmp:
        for name in ("ev.jsonl", "ev.txt"):
            path = Path(tmp) / name
            path.write_bytes(data)
            try:
                passages = read_evidence_file(path)
            except InputError as exc:
                assert exc.source == str(path)
            else:
                assert passages and all(isinstance(p.text, str) for p in passages)


@_FUZZ
@given(data=_files)
def test_fuzzed_batch_rows_or_input_error(data: bytes) -> None:
    from certirag.cli.verify import parse_batch, run_batch

    with tempfile.TemporaryDirectory() as tmp:
        batch, out = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
        batch.write_bytes(data)
        try:
            lines = parse_batch(data, str(batch))
        except InputError:
            with pytest.raises(InputError):
                run_batch(batch, out, Settings())
            assert not out.exists()
            return
        code = run_batch(batch, out, Settings())
        rows = _rows(out)
        assert [r["id"] for r in rows] == [line.ident for line in lines]
        assert all(("error" in r) != ("outcome" in r) for r in rows)
        assert code in {0, 1, 2, 4}
        assert (code == 2) == any("error" in r for r in rows)
        assert run_batch(batch, out, Settings()) == code  # a rerun redoes only error rows
        done = [r["id"] for r in rows if "error" not in r]
        assert [r["id"] for r in _rows(out)] == done + [r["id"] for r in rows if "error" in r]



def test_batch_torn_last_line_is_redone(tmp_path: Path) -> None:
    batch = _batch(tmp_path, _row("a", VERIFIED), _row("b", VERIFIED))
    out = tmp_path / "out.jsonl"
    assert _run(batch, out).exit_code == 0
    whole = out.read_bytes()
    out.write_bytes(whole[: whole.index(b"\n") + 20])  # killed while writing row b
    assert _run(batch, out).exit_code == 0
    assert [r["id"] for r in _rows(out)] == ["a", "b"]

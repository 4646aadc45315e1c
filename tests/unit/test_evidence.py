"""Evidence in: :meth:`Evidence.from_hit` (retrieved) and the one reader of ``{id, text}``
passages, :func:`certirag.evidence.read_evidence` (the ``--evidence`` file, batch rows,
HTTP requests, evaluations), with errors that name the file, the line and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from certirag.cli.verify import read_evidence_file, run_batch
from certirag.config import Settings
from certirag.errors import InputError
from certirag.evidence import MAX_EVIDENCE_CHARS, read_evidence
from certirag.pipeline import verify
from certirag.schemas import Evidence, SearchHit
from certirag.testing import FakeVerifier

TEXT = "Paris is the capital of France."


def test_from_hit_keeps_where_the_passage_is() -> None:
    hit = SearchHit(doc_id="geo", chunk_id="geo#2", start=40, end=40 + len(TEXT), text=TEXT,
                    score=0.03, scores={"bm25": 1.5, "dense": None})
    ev = Evidence.from_hit(hit)
    assert ev == Evidence(doc_id="geo", chunk_id="geo#2", start=40, end=40 + len(TEXT),
                          text=TEXT, score=0.03)


def test_the_sites_that_retrieve_use_from_hit() -> None:
    root = Path(__file__).parents[2]
    for rel in ("certirag/pipeline.py", "certirag/cli/generate.py",
                "certirag/server/generation.py", "benchmarks/rollback.py"):
        source = (root / rel).read_text("utf-8")
        assert "Evidence.from_hit(" in source and "chunk_id=h.chunk_id" not in source, rel


def test_read_evidence_takes_strings_objects_and_evidence() -> None:
    given = Evidence(doc_id="x", text="Given.", start=3, end=9)
    got = read_evidence([TEXT, {"id": "a", "text": "A."}, {"doc_id": "b", "text": "B."},
                         {"text": "C.", "extra": 1}, given])
    assert [(e.doc_id, e.text, e.start, e.end) for e in got] == [
        ("e1", TEXT, 0, len(TEXT)), ("a", "A.", 0, 2), ("b", "B.", 0, 2), ("e4", "C.", 0, 2),
        ("x", "Given.", 3, 9)]
    assert [e.doc_id for e in read_evidence(["A.", {"text": "B."}],
                                            default_ids=["f:1", "f:2"])] == ["f:1", "f:2"]


@pytest.mark.parametrize(("item", "message"), [
    ({"id": "a"}, "evidence 1: 'text' must be a non-blank string"),
    ({"id": "a", "text": "  "}, "evidence 1: 'text' must be a non-blank string"),
    ({"id": "a", "text": ["A."]}, "evidence 1: 'text' must be a non-blank string"),
    ({"id": "", "text": "A."}, "evidence 1: 'id' must be a non-empty string"),
    ({"id": None, "text": "A."}, "evidence 1: 'id' must be a non-empty string"),
    ({"id": 7, "text": "A."}, "evidence 1: 'id' must be a non-empty string"),
    (" \n", "evidence 1: the passage is blank"),
    (7, "evidence 1: expected a string or an object with 'text'"),
])
def test_read_evidence_names_the_place_and_the_field(item: object, message: str) -> None:
    with pytest.raises(InputError) as exc:
        read_evidence([TEXT, item])
    assert str(exc.value) == message
    with pytest.raises(InputError) as exc:
        read_evidence([TEXT, item], source="ev.jsonl", lines=[4, 9])
    assert (exc.value.source, exc.value.line) == ("ev.jsonl", 9)
    assert str(exc.value) == "ev.jsonl:9: " + message.removeprefix("evidence 1: ")


def test_read_evidence_caps_the_total_size() -> None:
    half = "x" * (MAX_EVIDENCE_CHARS // 2)
    assert len(read_evidence([half, half])) == 2
    with pytest.raises(InputError, match="evidence is larger than"):
        read_evidence([half, half, "y"])


def test_the_evidence_file_errors_name_file_line_and_field(tmp_path: Path) -> None:
    ev = tmp_path / "ev.jsonl"
    good = json.dumps({"id": "geo", "text": TEXT})
    for line, message in [('{"id": "b", "text": ""}', "'text' must be a non-blank string"),
                          ('{"id": 3, "text": "B."}', "'id' must be a non-empty string"),
                          ('["B."]', "expected an object with a non-blank 'text'")]:
        ev.write_text(good + "\n\n" + line + "\n", encoding="utf-8")
        with pytest.raises(InputError) as exc:
            read_evidence_file(ev)
        assert str(exc.value) == f"{ev}:3: {message}"
    ev.write_text(good + "\n" + json.dumps({"text": "No id."}) + "\n", encoding="utf-8")
    assert [(e.doc_id, e.text) for e in read_evidence_file(ev)] == [
        ("geo", TEXT), ("ev.jsonl:2", "No id.")]
    txt = tmp_path / "notes.txt"
    txt.write_text(TEXT, encoding="utf-8")
    assert [(e.doc_id, e.text) for e in read_evidence_file(txt)] == [("notes.txt", TEXT)]


def test_a_batch_row_with_bad_evidence_is_an_error_row_naming_line_and_field(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("certirag.verifiers.create_verifier", lambda settings: FakeVerifier())
    batch, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    rows = [{"id": "ok", "answer": TEXT, "evidence": [{"id": "geo", "text": TEXT}]},
            {"id": "bad", "answer": TEXT, "evidence": [{"id": "geo", "text": TEXT},
                                                       {"id": "x", "text": " "}]}]
    batch.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert run_batch(batch, out, Settings()) == 2
    written = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert written[0]["outcome"] == "verified"
    assert written[1] == {"id": "bad", "error": f"{batch}:2: evidence 1: 'text' must be a "
                                                "non-blank string"}


def test_verify_reads_inline_evidence_with_the_same_reader() -> None:
    res = verify("", TEXT, evidence=[{"id": "geo", "text": TEXT}], settings=Settings(),
                 verifier=FakeVerifier())
    assert res.evidence == read_evidence([{"id": "geo", "text": TEXT}])
    with pytest.raises(InputError, match=r"^evidence 0: 'id' must be a non-empty string$"):
        verify("", TEXT, evidence=[{"id": "", "text": TEXT}], settings=Settings(),
               verifier=FakeVerifier())

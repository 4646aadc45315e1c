from __future__ import annotations

import pytest
from pydantic import ValidationError

from certirag.schemas import Chunk, Decision, Document, Scores, Span, sha256_text


def test_document_hash_filled_and_checked() -> None:
    doc = Document(id="d", text="Hello world.")
    assert doc.sha256 == sha256_text("Hello world.")
    with pytest.raises(ValidationError, match="sha256"):
        Document(id="d", text="Hello", sha256="0" * 64)
    with pytest.raises(ValidationError):
        Document(id="d", text="   ")
    with pytest.raises(ValidationError):
        Document(id="", text="x")


def test_span_invariant_against_document() -> None:
    doc = Document(id="d", text="Café costs €5. Then more.")
    span = Span.of(doc, 0, 14)
    assert span.text == "Café costs €5."
    Span.model_validate(span.model_dump(), context={"document": doc})
    bad = {**span.model_dump(), "text": "Cafe costs €5."}
    with pytest.raises(ValidationError, match="does not match"):
        Span.model_validate(bad, context={"document": doc})
    with pytest.raises(ValidationError, match="length"):
        Span(doc_id="d", start=0, end=3, text="Café")
    other = Document(id="e", text=doc.text)
    with pytest.raises(ValidationError, match="belongs"):
        Span.model_validate(span.model_dump(), context={"document": other})


def test_chunk_offsets_are_code_points() -> None:
    doc = Document(id="d", text="😀 Emoji first. Second sentence.")
    chunk = Chunk.of(doc, 15, 31, 1)
    assert chunk.text == "Second sentence."
    assert chunk.id == "d#1"
    assert chunk.span.text == chunk.text
    with pytest.raises(ValidationError):
        Chunk.model_validate({**chunk.model_dump(), "start": 14},
                             context={"document": doc})


def test_lowercase_json_values() -> None:
    assert Decision.VERIFIED.value == "verified"
    assert Decision.NOT_A_CLAIM.value == "not_a_claim"
    s = Scores(entailment=0.9, neutral=0.05, contradiction=0.05)
    assert s.model_dump()["contradiction"] == 0.05
    assert Scores(entailment=0.7).contradiction is None
    with pytest.raises(ValidationError):
        Scores(entailment=1.5)

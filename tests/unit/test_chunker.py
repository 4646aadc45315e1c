from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from certirag.errors import ConfigError
from certirag.ingest import chunk_document, chunk_spans
from certirag.schemas import Chunk, Document


def _doc(text: str) -> Document:
    return Document(id="d", text=text)


def test_packs_sentences_greedily() -> None:
    text = "One two. Three four. Five six. Seven."
    # sentences: "One two." (0-8), "Three four." (9-20), "Five six." (21-30), "Seven." (31-37)
    chunks = chunk_document(_doc(text), max_chars=20)
    assert [c.text for c in chunks] == ["One two. Three four.", "Five six. Seven."]
    assert [(c.start, c.end, c.ordinal) for c in chunks] == [(0, 20, 0), (21, 37, 1)]
    assert [c.id for c in chunks] == ["d#0", "d#1"]
    assert all(c.doc_id == "d" and c.doc_sha256 == _doc(text).sha256 for c in chunks)


def test_whole_document_when_it_fits() -> None:
    text = "  Short text. Another.  "
    (chunk,) = chunk_document(_doc(text), max_chars=600)
    assert (chunk.start, chunk.end, chunk.text) == (2, 22, "Short text. Another.")


def test_span_limit_counts_the_gap_between_sentences() -> None:
    text = "Aaaa.\n\n\n\n\n\nBbbb."
    assert [c.text for c in chunk_document(_doc(text), max_chars=10)] == ["Aaaa.", "Bbbb."]
    assert len(chunk_document(_doc(text), max_chars=16)) == 1


def test_long_sentence_is_cut_at_whitespace() -> None:
    text = "Tiny. Alpha beta gamma delta epsilon zeta. End."
    chunks = chunk_document(_doc(text), max_chars=12)
    assert [c.text for c in chunks] == [
        "Tiny.", "Alpha beta", "gamma delta", "epsilon", "zeta.", "End."]


def test_long_sentence_pieces_stand_alone() -> None:
    text = "alpha beta gamma delta. Ok."
    chunks = chunk_document(_doc(text), max_chars=16)
    assert [c.text for c in chunks] == ["alpha beta gamma", "delta.", "Ok."]


def test_hard_cut_without_whitespace() -> None:
    text = "x" * 25 + " tail"
    chunks = chunk_document(_doc(text), max_chars=10)
    assert [c.text for c in chunks] == ["x" * 10, "x" * 10, "xxxxx tail"]
    assert [c.start for c in chunks] == [0, 10, 20]


@pytest.mark.parametrize("bad", [0, -5, 1.5, "600", True, None])
def test_bad_max_chars(bad: object) -> None:
    with pytest.raises(ConfigError, match="max_chars"):
        chunk_document(_doc("Some text."), max_chars=bad)  # type: ignore[arg-type]


def test_chunks_validate_against_their_document() -> None:
    doc = _doc("First sentence here. Second sentence there.\r\nThird one é.")
    for chunk in chunk_document(doc, max_chars=25):
        Chunk.model_validate(chunk.model_dump(), context={"document": doc})


_ALPHABET = st.sampled_from([*"ab Cd.!?\n\t\r\")(-#1", "Dr.", "\n\n", "e.g.", "\u00a0", "\u2028",
                             "xyzzyxyzzy", "é"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, min_size=1, max_size=120).map("".join), st.integers(1, 60))
def test_chunk_invariants(text: str, max_chars: int) -> None:
    assume(text.strip())
    doc = _doc(text)
    chunks = chunk_document(doc, max_chars=max_chars)
    assert chunks
    covered = bytearray(len(text))
    prev_end = 0
    for i, c in enumerate(chunks):
        assert c.ordinal == i
        assert doc.text[c.start:c.end] == c.text
        assert 0 < len(c.text) <= max_chars
        assert c.text == c.text.strip()
        assert prev_end <= c.start
        prev_end = c.end
        for j in range(c.start, c.end):
            covered[j] = 1
    assert all(covered[j] for j, ch in enumerate(text) if not ch.isspace())
    assert chunk_spans(text, max_chars=max_chars) == [(c.start, c.end) for c in chunks]

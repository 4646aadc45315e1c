from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certirag.generate.segmenter import StreamingSegmenter, first_cut
from certirag.text.sentences import sentences
from tests.unit.test_sentences import GOLDEN


def stream(pieces: list[str]) -> tuple[list[tuple[int, str]], list[str]]:
    """Sentences with the index of the piece that made each certain, and the flush."""
    seg = StreamingSegmenter()
    out: list[tuple[int, str]] = []
    for i, piece in enumerate(pieces):
        out.extend((i, s) for s in seg.push(piece))
    return out, seg.flush()


# Token streams as a model writes them: (pieces, [(piece index when certain, sentence)], rest)
STREAMS = [
    # a trailing "." is resolved by peeking one more token; the peeked token carries over
    (["Paris", " is", " big", ".", " It"], [(4, "Paris is big.")], ["It"]),
    # decimals: "3." is not an end
    (["It", " costs", " 3", ".", "14", " euros", ".", " Then"],
     [(7, "It costs 3.14 euros.")], ["Then"]),
    # abbreviations wait for the whole next word
    (["See", " e", ".g", ".", " The", " Times", " index", ".", " Then", " go"],
     [(8, "See e.g. The Times index.")], ["Then go"]),
    (["Fruit", ",", " i", ".e", ".", " apples", ".", " Done"], [(7, "Fruit, i.e. apples.")],
     ["Done"]),
    (["Under", " s", ".", " 124", " it", " applies", ".", " Next"],
     [(7, "Under s. 124 it applies.")], ["Next"]),
    (["Read", " art", ".", " 5", " first", ".", " Next"], [(6, "Read art. 5 first.")],
     ["Next"]),
    (["See", " No", ".", " 5", " here", ".", " Next"], [(6, "See No. 5 here.")], ["Next"]),
    (["Dr", ".", " Smith", " came", ".", " He"], [(5, "Dr. Smith came.")], ["He"]),
    # initials
    (["J", ".", " R", ".", " R", ".", " Tolkien", " wrote", " it", ".", " Later"],
     [(10, "J. R. R. Tolkien wrote it.")], ["Later"]),
    # quotes and brackets after the stop stay with the sentence
    (["He", " said", ' "', "no", '."', " Then", " he", " left", "."],
     [(5, 'He said "no."')], ["Then he left."]),
    (["(", "See", " the", " annex", ".)", " The", " rest"], [(5, "(See the annex.)")],
     ["The rest"]),
    (["Why", "?", " Because", "."], [(2, "Why?")], ["Because."]),
    # an ambiguous abbreviation: decided by the next whole word
    (["Acme", " Inc", ".", " The", " firm", " grew", "."], [(4, "Acme Inc.")],
     ["The firm grew."]),
    (["Warner", " Bros", ".", " Pictures", " made", " it", "."], [],
     ["Warner Bros. Pictures made it."]),
    # a blank line ends a sentence
    (["Intro", "\n\n", "Body", " text"], [(3, "Intro")], ["Body text"]),
    # several sentences in one piece
    (["One. Two. Thr", "ee"], [(0, "One."), (0, "Two.")], ["Three"]),
]


@pytest.mark.parametrize(("pieces", "expected", "rest"), STREAMS)
def test_golden_streams(pieces: list[str], expected: list[tuple[int, str]],
                        rest: list[str]) -> None:
    got, flushed = stream(pieces)
    assert got == expected
    assert flushed == rest


def test_pending_is_the_lookahead() -> None:
    seg = StreamingSegmenter()
    assert seg.push("Paris is big.") == []
    assert seg.pending == "Paris is big."
    assert seg.push(" It") == ["Paris is big."]
    assert seg.pending == " It"


def test_first_cut() -> None:
    assert first_cut("Hello there. T") == len("Hello there.")
    assert first_cut("Hello there.") is None
    assert first_cut("Hello there.", final=True) == len("Hello there.")
    assert first_cut("Acme Inc. T") is None  # "Inc." waits for the whole word
    assert first_cut("Acme Inc. The ") == len("Acme Inc.")
    assert first_cut("Acme Inc. Thx ") is None
    assert first_cut("") is None
    assert first_cut("   ", final=True) is None


def _split_points(text: str) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(min_value=1, max_value=max(1, len(text) - 1)),
                    max_size=12, unique=True).map(sorted)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_streaming_agrees_with_the_batch_splitter(data: st.DataObject) -> None:
    text, _ = data.draw(st.sampled_from(GOLDEN))
    cuts = data.draw(_split_points(text))
    bounds = [0, *cuts, len(text)]
    pieces = [text[a:b] for a, b in itertools.pairwise(bounds) if b > a]
    got, flushed = stream(pieces)
    assert [s for _, s in got] + flushed == sentences(text)

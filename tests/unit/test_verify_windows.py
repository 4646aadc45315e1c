from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certirag.errors import InputError
from certirag.verifiers.windows import (
    Window,
    make_windows,
    rank_windows,
    relevance_scores,
    select_windows,
    terms,
)

TEXT = ("Marie Curie was born in Warsaw. She won two Nobel prizes. "
        "The first was in physics, in 1903.")


def _spans(ws: list[Window]) -> list[str]:
    return [w.text for w in ws]


def test_sentences_pairs_and_whole_text_with_exact_offsets() -> None:
    ws = make_windows(TEXT, max_chars=1000, source=4)
    texts = _spans(ws)
    assert TEXT in texts  # short evidence is a window as a whole
    assert "Marie Curie was born in Warsaw." in texts
    assert "Marie Curie was born in Warsaw. She won two Nobel prizes." in texts  # a pair
    assert "She won two Nobel prizes. The first was in physics, in 1903." in texts
    assert len(texts) == len(set(texts)) == 6  # whole, 3 sentences, 2 pairs
    for w in ws:
        assert TEXT[w.start : w.end] == w.text and w.source == 4


def test_windows_fit_max_chars() -> None:
    ws = make_windows(TEXT, max_chars=40)
    assert _spans(ws) == ["Marie Curie was born in Warsaw.", "She won two Nobel prizes.",
                          "The first was in physics, in 1903."]


def test_long_sentence_is_cut_into_overlapping_pieces() -> None:
    text = " ".join(f"w{i}" for i in range(200))
    ws = make_windows(text, max_chars=60)
    assert len(ws) > 5
    assert all(len(w.text) <= 60 and text[w.start : w.end] == w.text for w in ws)
    assert ws[0].start == 0 and ws[-1].end == len(text)
    for a, b in itertools.pairwise(ws):
        assert b.start < a.end  # overlapping, so nothing is only seen cut in two


def test_blank_evidence_has_no_windows_and_bad_size_is_refused() -> None:
    assert make_windows("   \n ", max_chars=100) == []
    with pytest.raises(InputError):
        make_windows(TEXT, max_chars=0)


def test_terms_stem_lightly_and_drop_stop_words() -> None:
    assert terms("The prizes were awarded") == ["priz", "award"]
    assert terms("prize award") == ["priz", "award"]
    assert terms("Studies studied study") == ["study"] * 3
    assert terms("running run 1903") == ["run", "run", "1903"]
    assert terms("It is not the bus, buses") == ["bus", "bus"]


def test_relevance_prefers_overlapping_rare_words() -> None:
    docs = ["Curie won prizes.", "Warsaw is a city.", "Paris is a city."]
    scores = relevance_scores("Where was Curie born, in Warsaw?", docs)
    assert scores[2] == 0.0
    assert scores[0] > 0 and scores[1] > 0
    assert relevance_scores("", docs) == [0.0, 0.0, 0.0]


def test_rank_windows_keeps_the_top_and_breaks_ties_by_order() -> None:
    ws = make_windows(TEXT, max_chars=40)
    assert _spans(rank_windows("Nobel prizes", ws, top=1)) == ["She won two Nobel prizes."]
    assert rank_windows("zebra", ws, top=2) == ws[:2]
    with pytest.raises(InputError):
        rank_windows("x", ws, top=0)


def test_select_windows_searches_every_evidence_text() -> None:
    got = select_windows("physics in 1903", ["Nothing here.", TEXT], top=2, max_chars=40)
    assert got[0].source == 1 and got[0].text == "The first was in physics, in 1903."


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abc .!?\nXY", min_size=0, max_size=40), min_size=1,
                max_size=6).map(" ".join), st.integers(min_value=5, max_value=80))
def test_windows_are_always_exact_slices(text: str, max_chars: int) -> None:
    for w in make_windows(text, max_chars=max_chars):
        assert text[w.start : w.end] == w.text
        assert w.text and w.text == w.text.strip()
        assert len(w.text) <= max(max_chars, 0) or " " not in w.text

from __future__ import annotations

import pytest

from certirag.retrieve.hybrid import rrf_fuse


def test_rrf_formula_and_order() -> None:
    fused = rrf_fuse({"bm25": ["a", "b", "c"], "dense": ["b", "d"]}, k=60)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["d"] == pytest.approx(1 / 62)
    assert max(fused, key=lambda key: fused[key]) == "b"


def test_rrf_empty() -> None:
    assert rrf_fuse({"bm25": [], "dense": []}) == {}

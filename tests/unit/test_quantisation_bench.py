"""benchmarks/quantisation.py: the agreement figures it prints, and its refusal of reserved
rows (the export and scoring need the [train] extra and a checkpoint: run by hand)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from tests.benchmark_module import load_benchmark


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_benchmark("quantisation")


def test_compare_reports_argmax_agreement_and_mean_difference(bench: ModuleType) -> None:
    a = np.array([[0.8, 0.1, 0.1], [0.2, 0.7, 0.1]])
    b = np.array([[0.6, 0.3, 0.1], [0.5, 0.4, 0.1]])
    assert bench.compare(a, b) == {"argmax_agreement": 0.5, "mean_abs_diff": 0.1667}
    assert bench.compare(a, a) == {"argmax_agreement": 1.0, "mean_abs_diff": 0.0}


@pytest.mark.parametrize("rows", ["7990:8010", "8000:9000", "5:5", "a:b"])
def test_reserved_or_malformed_rows_are_refused(bench: ModuleType, tmp_path: Path,
                                                rows: str) -> None:
    with pytest.raises(SystemExit, match="rows must be"):
        bench._pairs(tmp_path, rows, "7000:7100")

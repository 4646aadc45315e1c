from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from certirag.errors import BackendUnavailable, InputError
from certirag.verifiers.calibration import (
    Calibration,
    expected_calibration_error,
    fit_temperature,
    load_calibration,
    nll,
    save_calibration,
    softmax,
)


def _synthetic(true_t: float, n: int = 4000, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Labels drawn from softmax(z); the model reports z * true_t (over-/under-confident)."""
    rng = np.random.default_rng(seed)
    z = rng.normal(0, 2.0, size=(n, 3))
    p = softmax(z)
    labels = np.array([rng.choice(3, p=row) for row in p])
    return z * true_t, labels


def test_softmax_rows_sum_to_one_and_temperature_flattens() -> None:
    z = np.array([[1.0, 2.0, 3.0]])
    assert softmax(z).sum() == pytest.approx(1.0)
    assert softmax(z, 10.0).max() < softmax(z).max()
    assert softmax(np.array([[1000.0, 0.0]]))[0, 0] == pytest.approx(1.0)  # no overflow


def test_ece_hand_computed() -> None:
    probs = np.array([[0.9, 0.1], [0.9, 0.1], [0.6, 0.4], [0.3, 0.7]])
    labels = np.array([0, 1, 0, 1])
    # bins of width 0.5: (0.5, 1.0] holds all four; confidences 0.9, 0.9, 0.6, 0.7 →
    # mean 0.775; accuracy 3/4 → ECE 0.025
    assert expected_calibration_error(probs, labels, bins=2) == pytest.approx(0.025)
    # 15 bins: 0.9 bin (acc 0.5, conf 0.9), 0.6 bin (acc 1), 0.7 bin (acc 1)
    expected = (2 * 0.4 + 1 * 0.4 + 1 * 0.3) / 4
    assert expected_calibration_error(probs, labels) == pytest.approx(expected)


def test_ece_zero_when_perfectly_calibrated() -> None:
    probs = np.array([[1.0, 0.0], [0.0, 1.0]])
    assert expected_calibration_error(probs, np.array([0, 1])) == 0.0


@pytest.mark.parametrize("probs,labels,bins", [
    (np.zeros((0, 3)), np.zeros(0, dtype=int), 15),
    (np.ones((2, 3)) / 3, np.array([0]), 15),
    (np.ones((2, 3)) / 3, np.array([0, 3]), 15),
    (np.ones((2, 3)) / 3, np.array([0.0, 1.0]), 15),
    (np.ones((2, 3)) / 3, np.array([0, 1]), 0),
])
def test_ece_refuses_bad_input(probs: np.ndarray, labels: np.ndarray, bins: int) -> None:
    with pytest.raises(InputError):
        expected_calibration_error(probs, labels, bins)


@pytest.mark.parametrize("true_t", [0.5, 1.0, 3.0])
def test_fit_temperature_recovers_the_scale(true_t: float) -> None:
    logits, labels = _synthetic(true_t)
    cal = fit_temperature(logits, labels, fitted_on="synthetic")
    assert cal.method == "temperature" and cal.fitted_on == "synthetic"
    assert cal.temperature == pytest.approx(true_t, rel=0.1)
    assert nll(logits, labels, cal.temperature) <= nll(logits, labels, 1.0) + 1e-9
    if true_t != 1.0:
        assert cal.ece_after is not None and cal.ece_before is not None
        assert cal.ece_after < cal.ece_before


def test_apply_uses_the_temperature() -> None:
    z = np.array([[0.0, 2.0, 4.0]])
    assert np.allclose(Calibration("temperature", 2.0).apply(z), softmax(z / 2.0))
    assert np.allclose(Calibration().apply(z), softmax(z))


def test_invalid_calibrations_are_refused() -> None:
    for t in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(InputError):
            Calibration("temperature", t)
    with pytest.raises(InputError):
        Calibration("identity", 2.0)


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    cal = Calibration("temperature", 1.7, fitted_on="dev", ece_before=0.08, ece_after=0.01)
    path = save_calibration(cal, tmp_path)
    data = json.loads(path.read_text())
    assert data == {"method": "temperature", "temperature": 1.7, "fitted_on": "dev",
                    "ece_before": 0.08, "ece_after": 0.01}
    assert load_calibration(tmp_path) == cal


def test_absent_file_means_identity(tmp_path: Path) -> None:
    cal = load_calibration(tmp_path)
    assert cal.method == "identity" and cal.temperature == 1.0


@pytest.mark.parametrize("content", ["not json", "[1]", '{"method": "platt"}',
                                     '{"method": "temperature", "temperature": -2}',
                                     '{"method": "temperature", "temperature": "x"}'])
def test_malformed_file_is_an_error_not_identity(tmp_path: Path, content: str) -> None:
    (tmp_path / "calibration.json").write_text(content)
    with pytest.raises(BackendUnavailable, match="invalid calibration"):
        load_calibration(tmp_path)

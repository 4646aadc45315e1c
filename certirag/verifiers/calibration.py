"""Probability calibration for classifier logits: temperature scaling and ECE.

A model folder may hold ``calibration.json``::

    {"method": "temperature", "temperature": 1.37, "fitted_on": "...",
     "ece_before": 0.061, "ece_after": 0.012}

When it is absent the identity calibration (T = 1) applies and results say so.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from certirag.errors import BackendUnavailable, InputError

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "CALIBRATION_FILE",
    "Calibration",
    "expected_calibration_error",
    "fit_temperature",
    "load_calibration",
    "nll",
    "save_calibration",
    "softmax",
]

CALIBRATION_FILE = "calibration.json"
_T_MIN, _T_MAX = 0.05, 20.0


def softmax(logits: Any, temperature: float = 1.0) -> np.ndarray:
    """Row-wise softmax of ``logits / temperature`` in float64."""
    import numpy as np

    z = np.asarray(logits, dtype=np.float64) / float(temperature)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = e / e.sum(axis=-1, keepdims=True)
    return out


@dataclass(frozen=True, slots=True)
class Calibration:
    """A fitted calibration. ``identity`` leaves probabilities as the model gives them."""

    method: Literal["temperature", "identity"] = "identity"
    temperature: float = 1.0
    fitted_on: str | None = None
    ece_before: float | None = None
    ece_after: float | None = None

    def __post_init__(self) -> None:
        if not (math.isfinite(self.temperature) and self.temperature > 0):
            raise InputError(
                f"temperature must be a positive finite number, got {self.temperature}"
            )
        if self.method == "identity" and self.temperature != 1.0:
            raise InputError("the identity calibration has temperature 1")

    def apply(self, logits: Any) -> np.ndarray:
        """Calibrated probabilities for a ``(n, classes)`` logit matrix."""
        return softmax(logits, self.temperature)

    def to_dict(self) -> dict[str, Any]:
        return {"method": self.method, "temperature": self.temperature,
                "fitted_on": self.fitted_on, "ece_before": self.ece_before,
                "ece_after": self.ece_after}


def _check_probs_labels(probs: Any, labels: Any) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np

    p = np.asarray(probs, dtype=np.float64)
    y = np.asarray(labels)
    if p.ndim != 2 or p.shape[0] == 0:
        raise InputError(f"expected a non-empty (n, classes) array, got shape {p.shape}")
    if y.shape != (p.shape[0],):
        raise InputError(f"expected {p.shape[0]} labels, got shape {y.shape}")
    if not np.issubdtype(y.dtype, np.integer):
        raise InputError("labels must be integer class ids")
    if y.min() < 0 or y.max() >= p.shape[1]:
        raise InputError(f"labels must lie in 0..{p.shape[1] - 1}")
    return p, y.astype(np.int64)


def expected_calibration_error(probs: Any, labels: Any, bins: int = 15) -> float:
    """ECE of the top-class confidence over ``bins`` equal-width bins of (0, 1]:
    the sample-weighted mean |accuracy - confidence| per bin."""
    import numpy as np

    if bins < 1:
        raise InputError(f"bins must be at least 1, got {bins}")
    p, y = _check_probs_labels(probs, labels)
    conf = p.max(axis=1)
    correct = (p.argmax(axis=1) == y).astype(np.float64)
    # bin b holds confidences in (b/bins, (b+1)/bins]; a confidence of 0 goes to bin 0
    idx = np.clip(np.ceil(conf * bins).astype(np.int64) - 1, 0, bins - 1)
    total = 0.0
    for b in range(bins):
        mask = idx == b
        if mask.any():
            total += mask.sum() * abs(correct[mask].mean() - conf[mask].mean())
    return float(total / len(y))


def nll(logits: Any, labels: Any, temperature: float = 1.0) -> float:
    """Mean negative log-likelihood of ``labels`` under ``softmax(logits / T)``."""
    import numpy as np

    z = np.asarray(logits, dtype=np.float64) / float(temperature)
    _, y = _check_probs_labels(z, labels)
    z = z - z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(-logp[np.arange(len(y)), y].mean())


def fit_temperature(logits: Any, labels: Any, *, fitted_on: str, bins: int = 15) -> Calibration:
    """Fit T minimising dev NLL (golden-section search on log T in [0.05, 20]) and
    record ECE before and after."""
    import numpy as np

    z = np.asarray(logits, dtype=np.float64)
    _check_probs_labels(z, labels)
    lo, hi = math.log(_T_MIN), math.log(_T_MAX)
    g = (math.sqrt(5) - 1) / 2

    def f(log_t: float) -> float:
        return nll(z, labels, math.exp(log_t))

    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    while b - a > 1e-6:
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    t = math.exp((a + b) / 2)
    return Calibration(
        method="temperature",
        temperature=t,
        fitted_on=fitted_on,
        ece_before=expected_calibration_error(softmax(z), labels, bins),
        ece_after=expected_calibration_error(softmax(z, t), labels, bins),
    )


def save_calibration(calibration: Calibration, folder: Path) -> Path:
    """Write ``calibration.json`` into ``folder``."""
    path = Path(folder) / CALIBRATION_FILE
    path.write_text(json.dumps(calibration.to_dict(), indent=2, sort_keys=True) + "\n", "utf-8")
    return path


def load_calibration(folder: Path) -> Calibration:
    """Read ``calibration.json`` from a model folder; absent → identity. A file that is
    present but malformed raises :class:`BackendUnavailable` (never silently ignored)."""
    path = Path(folder) / CALIBRATION_FILE
    if not path.is_file():
        return Calibration()
    try:
        data = json.loads(path.read_text("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        method = data.get("method")
        if method not in ("temperature", "identity"):
            raise ValueError(f"unknown method {method!r}")
        temperature = float(data.get("temperature", 1.0))
        return Calibration(
            method=method,
            temperature=temperature,
            fitted_on=data.get("fitted_on"),
            ece_before=_opt_float(data.get("ece_before")),
            ece_after=_opt_float(data.get("ece_after")),
        )
    except (OSError, ValueError, TypeError, InputError) as exc:
        raise BackendUnavailable(f"{path}: invalid calibration file: {exc}") from exc


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)

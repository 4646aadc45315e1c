"""Claim verification with NLI models: the :class:`Verifier` protocol, its registry,
the built-in backends (``onnx``, ``hf``), evidence windows and calibration.

Importing this package loads no model runtime; backends import onnxruntime, tokenizers,
torch or transformers when they load.
"""

from certirag.verifiers.base import (
    NLIResult,
    Verifier,
    VerifierFactory,
    canonical_labels,
    create_verifier,
    register_verifier,
    results_from_logits,
    unregister_verifier,
    verifier_names,
    verify_claims,
)
from certirag.verifiers.calibration import (
    Calibration,
    expected_calibration_error,
    fit_temperature,
    load_calibration,
    save_calibration,
)
from certirag.verifiers.hf_nli import HFNLIVerifier
from certirag.verifiers.onnx_nli import OnnxNLIVerifier
from certirag.verifiers.windows import Window, make_windows, rank_windows, select_windows

__all__ = [
    "Calibration",
    "HFNLIVerifier",
    "NLIResult",
    "OnnxNLIVerifier",
    "Verifier",
    "VerifierFactory",
    "Window",
    "canonical_labels",
    "create_verifier",
    "expected_calibration_error",
    "fit_temperature",
    "load_calibration",
    "make_windows",
    "rank_windows",
    "register_verifier",
    "results_from_logits",
    "save_calibration",
    "select_windows",
    "unregister_verifier",
    "verifier_names",
    "verify_claims",
]

"""Claim verification with NLI models: the :class:`Verifier` protocol, its registry,
the built-in backends (``onnx``, ``hf``), a shared cache of loaded verifiers, evidence
windows and calibration.

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
    verifier_factory,
    verifier_names,
    verify_claims,
)
from certirag.verifiers.cache import clear_verifier_cache, shared_verifier
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
    "clear_verifier_cache",
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
    "shared_verifier",
    "unregister_verifier",
    "verifier_factory",
    "verifier_names",
    "verify_claims",
]

"""Claim verification with NLI models: the :class:`Verifier` protocol, its registry,
the built-in backends (``onnx``, ``hf``), the LLM judge, a shared cache of loaded
verifiers, evidence windows and calibration.

Importing this package loads no model runtime; backends import onnxruntime, tokenizers,
torch or transformers when they load. It registers the built-in backends
(:mod:`certirag.verifiers.builtin`).

:func:`create_verifier` here is the seam tests replace (``monkeypatch.setattr(
"certirag.verifiers.create_verifier", …)``): the pipeline, the in-flight engine, the
server and :func:`shared_verifier` look it up here when they build a verifier.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from certirag.verifiers import builtin as builtin  # registers the built-in backends
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
from certirag.verifiers.cache import cached_verifier, clear_verifier_cache
from certirag.verifiers.calibration import (
    Calibration,
    expected_calibration_error,
    fit_temperature,
    load_calibration,
    save_calibration,
)
from certirag.verifiers.hf_nli import HFNLIVerifier
from certirag.verifiers.judge import JudgeError, LLMJudge, judge_uncertain
from certirag.verifiers.onnx_nli import OnnxNLIVerifier
from certirag.verifiers.windows import Window, make_windows, rank_windows, select_windows

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = [
    "Calibration",
    "HFNLIVerifier",
    "JudgeError",
    "LLMJudge",
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
    "judge_uncertain",
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


def shared_verifier(settings: Settings) -> Verifier:
    """A loaded verifier for ``settings``, shared with earlier calls with the same key
    (:mod:`certirag.verifiers.cache`).

    It is built through this package's :func:`create_verifier`, read when called, so code
    that replaces ``certirag.verifiers.create_verifier`` (a test's fake) is honoured; the
    cache keys by the function, so its verifiers stay apart. Raises
    :class:`~certirag.errors.ConfigError` for an unknown backend and whatever
    :meth:`Verifier.load` raises; nothing is cached then.
    """
    return cached_verifier(settings, create_verifier)

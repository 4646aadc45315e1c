"""The built-in backends, ``onnx`` (the default) and ``hf``, registered the way a
third-party backend registers (:func:`certirag.verifiers.register_verifier`).

Importing :mod:`certirag.verifiers` imports this module, so the built-ins are registered
before any backend is looked up. The factories are cheap: a verifier loads its model on
first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from certirag.errors import ConfigError
from certirag.verifiers.base import Verifier, VerifierFactory, register_verifier
from certirag.verifiers.hf_nli import HFNLIVerifier
from certirag.verifiers.onnx_nli import OnnxNLIVerifier

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["BUILTIN_FACTORIES", "BUILTIN_FIELDS", "hf_factory", "onnx_factory"]

#: The settings the built-in factories read (a verifier they build depends on these only).
BUILTIN_FIELDS = ("nli_backend", "nli_model", "threads", "nli_batch_size", "nli_max_length")


def onnx_factory(settings: Settings) -> Verifier:
    """``nli_backend: onnx``: :class:`~certirag.verifiers.onnx_nli.OnnxNLIVerifier`."""
    return OnnxNLIVerifier(settings.nli_model, threads=settings.threads,
                           batch_size=settings.nli_batch_size,
                           max_length=settings.nli_max_length)


def hf_factory(settings: Settings) -> Verifier:
    """``nli_backend: hf``: :class:`~certirag.verifiers.hf_nli.HFNLIVerifier` (a
    transformers model, not a ``builtin:`` ONNX one)."""
    if settings.nli_model.startswith("builtin:"):
        raise ConfigError(
            f"nli_backend 'hf' needs a transformers model, not the ONNX model "
            f"{settings.nli_model!r}: set nli_model to a local folder or a hub id"
        )
    return HFNLIVerifier(settings.nli_model, batch_size=settings.nli_batch_size,
                         max_length=settings.nli_max_length)


#: The built-in factories (the verifier cache keys their verifiers by :data:`BUILTIN_FIELDS`).
BUILTIN_FACTORIES: tuple[VerifierFactory, ...] = (onnx_factory, hf_factory)

register_verifier("onnx", onnx_factory)
register_verifier("hf", hf_factory)

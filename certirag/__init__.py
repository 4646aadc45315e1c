"""certirag: a fail-closed verification layer for retrieval-augmented generation.

Importing this package is cheap: no torch, onnxruntime, transformers or server code is
loaded until a feature that needs it is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from certirag.config import Settings, load_settings
from certirag.errors import (
    BackendError,
    BackendUnavailable,
    CertificateError,
    CertiragError,
    ConfigError,
    IndexStoreError,
    InputError,
    VerificationError,
)
from certirag.schemas import (
    Chunk,
    Claim,
    ClaimDecision,
    Decision,
    Document,
    Evidence,
    Reason,
    Scores,
    SearchHit,
    SearchResult,
    Span,
)

if TYPE_CHECKING:
    from certirag.certify import Certificate, verify_certificate
    from certirag.index import Index
    from certirag.pipeline import verify
    from certirag.result import VerificationResult

__version__ = "0.2.0"

__all__ = [
    "BackendError",
    "BackendUnavailable",
    "Certificate",
    "CertificateError",
    "CertiragError",
    "Chunk",
    "Claim",
    "ClaimDecision",
    "ConfigError",
    "Decision",
    "Document",
    "Evidence",
    "Index",
    "IndexStoreError",
    "InputError",
    "Reason",
    "Scores",
    "SearchHit",
    "SearchResult",
    "Settings",
    "Span",
    "VerificationError",
    "VerificationResult",
    "__version__",
    "load_settings",
    "verify",
    "verify_certificate",
]

_LAZY = {
    "Index": "certirag.index",
    "verify": "certirag.pipeline",
    "VerificationResult": "certirag.result",
    "Certificate": "certirag.certify",
    "verify_certificate": "certirag.certify",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'certirag' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)

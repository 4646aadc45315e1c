"""Canonical JSON (RFC 8785, the JSON Canonicalization Scheme) and SHA-256 digests.

Anything certirag hashes or signs is first turned into canonical bytes here, so that
the same value always gives the same digest, whichever program wrote it.
"""

from __future__ import annotations

import hashlib
from typing import Any

import rfc8785

from certirag.errors import CertificateError
from certirag.jsonio import loads as strict_loads

__all__ = ["canonical_json", "canonical_sha256", "is_canonical", "sha256_hex"]


def canonical_json(value: Any) -> bytes:
    """RFC 8785 bytes of ``value`` (dicts, lists, str, int, float, bool, None).

    Raises :class:`CertificateError` for values JSON cannot represent exactly (NaN,
    infinities, integers beyond ±2^53, non-string keys, other types).
    """
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, TypeError, ValueError) as exc:
        raise CertificateError(f"value cannot be written as canonical JSON: {exc}") from exc


def sha256_hex(data: bytes) -> str:
    """Hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def canonical_sha256(value: Any) -> str:
    """Hex SHA-256 of the canonical JSON of ``value``."""
    return sha256_hex(canonical_json(value))


def is_canonical(data: bytes) -> bool:
    """True when ``data`` is JSON that is already in RFC 8785 form.

    Duplicate keys, nesting deeper than :data:`certirag.jsonio.MAX_DEPTH` and bytes that
    are not UTF-8 are refused outright; re-encoding catches unsorted keys, extra white
    space and non-canonical numbers, each of which would let two readers see different
    values.
    """
    try:
        value = strict_loads(data, duplicates="reject")
    except ValueError:
        return False
    try:
        return rfc8785.dumps(value) == data
    except (rfc8785.CanonicalizationError, TypeError, ValueError):
        return False

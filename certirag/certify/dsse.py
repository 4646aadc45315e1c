"""DSSE envelopes and in-toto Statements: the standard wrapping of a signed certificate.

An envelope (https://github.com/secure-systems-lab/dsse) is JSON::

    {"payloadType": "application/vnd.in-toto+json",
     "payload": "<base64 of the payload bytes>",
     "signatures": [{"keyid": "<hex sha256 of the raw public key>", "sig": "<base64>"}]}

Each signature is an Ed25519 signature over the pre-authentication encoding
``PAE(payloadType, payload)``, never over the JSON. The payload is an in-toto Statement
v1 in canonical JSON (RFC 8785).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from certirag.certify.canonical import canonical_json
from certirag.certify.keys import Signer, verify_signature
from certirag.errors import CertificateError, InputError
from certirag.jsonio import JSONInputError
from certirag.jsonio import loads as strict_loads

__all__ = [
    "PAYLOAD_TYPE",
    "STATEMENT_TYPE",
    "Envelope",
    "EnvelopeError",
    "Signature",
    "b64decode",
    "b64encode",
    "load_envelope",
    "make_statement",
    "pae",
    "parse_statement",
    "sign_envelope",
    "verify_envelope",
]

PAYLOAD_TYPE = "application/vnd.in-toto+json"
STATEMENT_TYPE = "https://in-toto.io/Statement/v1"


class EnvelopeError(CertificateError):
    """An envelope or statement is malformed. ``code`` names the failure."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def b64encode(data: bytes) -> str:
    """Standard base64 with padding (what DSSE writes)."""
    return base64.b64encode(data).decode("ascii")


def b64decode(text: str) -> bytes:
    """Decode standard or URL-safe base64, with or without padding (what DSSE accepts).
    Raises ``ValueError`` on anything else."""
    if not isinstance(text, str):
        raise ValueError("base64 value is not a string")
    clean = text.strip().replace("-", "+").replace("_", "/")
    clean += "=" * (-len(clean) % 4)
    try:
        return base64.b64decode(clean, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValueError(f"not base64: {exc}") from exc


def pae(payload_type: str, payload: bytes) -> bytes:
    """DSSE v1 pre-authentication encoding:
    ``"DSSEv1" SP LEN(type) SP type SP LEN(payload) SP payload`` with byte lengths in
    ASCII decimal."""
    kind = payload_type.encode("utf-8")
    return b"DSSEv1 %d %b %d %b" % (len(kind), kind, len(payload), payload)


@dataclass(frozen=True, slots=True)
class Signature:
    keyid: str
    sig: bytes


@dataclass(frozen=True, slots=True)
class Envelope:
    """A parsed DSSE envelope; ``payload`` is the decoded bytes."""

    payload_type: str
    payload: bytes
    signatures: tuple[Signature, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "payloadType": self.payload_type,
            "payload": b64encode(self.payload),
            "signatures": [{"keyid": s.keyid, "sig": b64encode(s.sig)} for s in self.signatures],
        }

    def to_json(self) -> str:
        """Indented JSON text with a final newline (what a certificate file holds)."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> Envelope:
        """Parse a decoded JSON envelope; raises :class:`EnvelopeError`
        (code ``envelope_malformed``) when a field is missing or of the wrong type."""
        if not isinstance(data, Mapping):
            raise EnvelopeError("envelope_malformed", "the envelope is not a JSON object")
        unknown = sorted(set(data) - {"payloadType", "payload", "signatures"})
        if unknown:
            raise EnvelopeError("envelope_malformed",
                                f"unknown envelope field(s): {', '.join(unknown)}")
        kind = data.get("payloadType")
        if not isinstance(kind, str) or not kind:
            raise EnvelopeError("envelope_malformed", "payloadType is missing or not a string")
        try:
            payload = b64decode(data.get("payload"))  # type: ignore[arg-type]
        except ValueError as exc:
            raise EnvelopeError("envelope_malformed", f"payload: {exc}") from exc
        sigs = data.get("signatures")
        if not isinstance(sigs, list):
            raise EnvelopeError("envelope_malformed", "signatures is missing or not a list")
        parsed = []
        for i, item in enumerate(sigs):
            if not isinstance(item, Mapping) or not isinstance(item.get("sig"), str):
                raise EnvelopeError("envelope_malformed", f"signature {i} has no 'sig' string")
            keyid = item.get("keyid", "")
            if not isinstance(keyid, str):
                raise EnvelopeError("envelope_malformed", f"signature {i}: keyid is not a string")
            try:
                parsed.append(Signature(keyid=keyid, sig=b64decode(item["sig"])))
            except ValueError as exc:
                raise EnvelopeError("envelope_malformed", f"signature {i}: {exc}") from exc
        return cls(payload_type=kind, payload=payload, signatures=tuple(parsed))

    @classmethod
    def from_json(cls, text: str | bytes) -> Envelope:
        """Parse envelope JSON strictly (:func:`certirag.jsonio.loads`); text that is not
        JSON, or JSON two readers could read differently (duplicate keys, ``NaN``, numbers
        out of range, nesting deeper than :data:`certirag.jsonio.MAX_DEPTH`, bytes that are
        not UTF-8) raises code ``not_json``."""
        try:
            data = strict_loads(text, duplicates="reject")
        except JSONInputError as exc:
            raise EnvelopeError("not_json", f"not JSON certirag accepts: {exc}") from exc
        except ValueError as exc:
            raise EnvelopeError("not_json", f"not JSON (truncated or corrupt?): {exc}") from exc
        return cls.from_dict(data)


def load_envelope(path: Path) -> Envelope:
    """Read an envelope (certificate) file; an unreadable file raises :class:`InputError`,
    one that is not an envelope :class:`EnvelopeError`."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the certificate: {exc.strerror}",
                         source=str(path)) from exc
    return Envelope.from_json(data)


def sign_envelope(payload: bytes, signer: Signer, *,
                  payload_type: str = PAYLOAD_TYPE) -> Envelope:
    """Sign ``payload`` into a one-signature envelope."""
    sig = signer.sign(pae(payload_type, payload))
    return Envelope(payload_type=payload_type, payload=payload,
                    signatures=(Signature(keyid=signer.key_id, sig=sig),))


def verify_envelope(envelope: Envelope, public_key: Ed25519PublicKey) -> bool:
    """True when at least one signature is ``public_key``'s signature over the PAE.
    Key ids are hints only; every signature is tried."""
    message = pae(envelope.payload_type, envelope.payload)
    return any(verify_signature(public_key, s.sig, message) for s in envelope.signatures)


def make_statement(*, subject_name: str, sha256: str, predicate_type: str,
                   predicate: Mapping[str, Any]) -> bytes:
    """Canonical bytes of an in-toto Statement v1 with one subject."""
    statement = {
        "_type": STATEMENT_TYPE,
        "subject": [{"name": subject_name, "digest": {"sha256": sha256}}],
        "predicateType": predicate_type,
        "predicate": dict(predicate),
    }
    return canonical_json(statement)


def parse_statement(payload: bytes) -> dict[str, Any]:
    """Decode an in-toto Statement v1; raises :class:`EnvelopeError` (code
    ``statement_malformed``) when the payload is not one."""
    try:
        data = strict_loads(payload, duplicates="reject")
    except ValueError as exc:  # JSONInputError and JSONDecodeError alike
        raise EnvelopeError("statement_malformed", f"the payload is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise EnvelopeError("statement_malformed", "the payload is not a JSON object")
    if data.get("_type") != STATEMENT_TYPE:
        raise EnvelopeError("statement_malformed",
                            f"_type is {data.get('_type')!r}, expected {STATEMENT_TYPE!r}")
    subject = data.get("subject")
    if (not isinstance(subject, list) or not subject
            or not all(isinstance(s, dict) and isinstance(s.get("digest"), dict)
                       for s in subject)):
        raise EnvelopeError("statement_malformed", "subject must be a non-empty list of "
                                                   "objects with a digest")
    if not isinstance(data.get("predicateType"), str):
        raise EnvelopeError("statement_malformed", "predicateType is missing")
    if not isinstance(data.get("predicate"), dict):
        raise EnvelopeError("statement_malformed", "predicate is missing or not an object")
    return data

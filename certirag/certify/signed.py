"""The certificate object: a signed DSSE envelope, loaded, saved and checked."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from certirag.certify.atomic import atomic_write
from certirag.certify.canonical import sha256_hex
from certirag.certify.dsse import Envelope, load_envelope, parse_statement
from certirag.certify.verify import CertificateCheck, verify_certificate
from certirag.errors import InputError

if TYPE_CHECKING:
    from certirag.config import Settings
    from certirag.verifiers import Verifier

__all__ = ["Certificate"]


class Certificate:
    """A signed certificate (a DSSE envelope). Load one with :meth:`load` or
    :meth:`from_json`, check it with :meth:`verify`."""

    def __init__(self, envelope: Envelope) -> None:
        self.envelope = envelope

    @property
    def id(self) -> str:
        """Hex SHA-256 of the payload bytes."""
        return sha256_hex(self.envelope.payload)

    @property
    def statement(self) -> dict[str, Any]:
        """The decoded in-toto Statement (raises :class:`CertificateError` if malformed)."""
        return parse_statement(self.envelope.payload)

    @property
    def body(self) -> dict[str, Any]:
        """The certificate body (the statement's predicate)."""
        predicate: dict[str, Any] = self.statement["predicate"]
        return predicate

    @classmethod
    def from_json(cls, text: str | bytes) -> Certificate:
        """Parse envelope JSON; raises :class:`CertificateError` when it is not one."""
        return cls(Envelope.from_json(text))

    @classmethod
    def load(cls, path: Path) -> Certificate:
        """Read a certificate file; unreadable files raise :class:`InputError`."""
        return cls(load_envelope(path))

    def to_json(self) -> str:
        return self.envelope.to_json()

    def save(self, path: Path) -> None:
        """Write the envelope JSON to ``path``: a temporary file in the same folder,
        flushed to disk, then renamed into place, so ``path`` is never a partial file."""
        path = Path(path)
        try:
            atomic_write(path, self.to_json().encode("utf-8"))
        except OSError as exc:
            raise InputError(f"cannot write the certificate: {exc.strerror or exc}",
                             source=str(path)) from exc

    def verify(self, public_key: Ed25519PublicKey | Path | bytes, *, index: Any = None,
               recompute: bool = False, settings: Settings | None = None,
               verifier: Verifier | None = None) -> CertificateCheck:
        """Check this certificate; see :func:`verify_certificate`."""
        return verify_certificate(self.envelope, public_key, index=index, recompute=recompute,
                                  settings=settings, verifier=verifier)

    def __repr__(self) -> str:
        return f"Certificate(id={self.id[:16]}…)"

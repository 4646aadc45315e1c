"""Signed checkpoints of the ledger: C2SP signed notes over a tree size and root hash."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from certirag.certify.keys import Signer, key_id, verify_signature
from certirag.errors import InputError

__all__ = ["Checkpoint"]

# ---------------------------------------------------------------- signed checkpoints

_DASH = "\u2014"


def _note_key_name(kid: str) -> str:
    return f"certirag-{kid[:16]}"


def _origin(kid: str) -> str:
    return f"certirag.dev/ledger/{kid[:16]}"


def _note_key_hash(name: str, public_key: Ed25519PublicKey) -> bytes:
    raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(name.encode("utf-8") + b"\n\x01" + raw).digest()[:4]


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A signed tree head: ``origin``, ``tree_size``, ``root_hash``; ``note`` is the full
    signed note text (what gets published)."""

    origin: str
    tree_size: int
    root_hash: bytes
    note: str

    @property
    def body(self) -> str:
        return f"{self.origin}\n{self.tree_size}\n{base64.b64encode(self.root_hash).decode()}\n"

    @classmethod
    def sign(cls, tree_size: int, root_hash: bytes, signer: Signer) -> Checkpoint:
        origin = _origin(signer.key_id)
        unsigned = cls(origin=origin, tree_size=tree_size, root_hash=root_hash, note="")
        name = _note_key_name(signer.key_id)
        sig = signer.sign(unsigned.body.encode("utf-8"))
        blob = base64.b64encode(_note_key_hash(name, signer.public_key) + sig).decode()
        return cls(origin=origin, tree_size=tree_size, root_hash=root_hash,
                   note=f"{unsigned.body}\n{_DASH} {name} {blob}\n")

    @classmethod
    def parse(cls, text: str) -> Checkpoint:
        """Parse a signed note; raises :class:`InputError` when it is not a checkpoint."""
        body, sep, sigs = text.partition("\n\n")
        lines = body.split("\n")
        if not sep or len(lines) < 3 or not sigs.strip():
            raise InputError("not a signed checkpoint (origin, size and root lines, a blank "
                             "line, then signature lines)")
        origin, size_text, root_text = lines[0], lines[1], lines[2]
        if not size_text.isdigit() or (size_text != "0" and size_text.startswith("0")):
            raise InputError(f"checkpoint tree size {size_text!r} is not a number")
        try:
            root = base64.b64decode(root_text, validate=True)
        except ValueError as exc:
            raise InputError("checkpoint root hash is not base64") from exc
        if len(root) != 32 or len(lines) != 3:
            raise InputError("checkpoint root hash must be 32 bytes, with no extension lines")
        return cls(origin=origin, tree_size=int(size_text), root_hash=root, note=text)

    def verify(self, public_key: Ed25519PublicKey) -> bool:
        """True when the note carries a valid signature by ``public_key`` over its body."""
        kid = key_id(public_key)
        if self.origin != _origin(kid):
            return False
        name = _note_key_name(kid)
        expected_hash = _note_key_hash(name, public_key)
        body, _, sigs = self.note.partition("\n\n")
        if f"{body}\n" != self.body:
            return False
        for line in sigs.splitlines():
            parts = line.split(" ")
            if len(parts) != 3 or parts[0] != _DASH or parts[1] != name:
                continue
            try:
                blob = base64.b64decode(parts[2], validate=True)
            except ValueError:
                continue
            if (len(blob) == 68 and blob[:4] == expected_hash
                    and verify_signature(public_key, blob[4:], self.body.encode("utf-8"))):
                return True
        return False

    def to_dict(self) -> dict[str, Any]:
        return {"origin": self.origin, "tree_size": self.tree_size,
                "root_hash": self.root_hash.hex(), "note": self.note}

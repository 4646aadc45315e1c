"""Verifying a ledger: recompute the Merkle tree from the stored rows and check every
entry, node and checkpoint against it, and the checkpoint file beside the ledger.

:class:`~certirag.certify.ledger.Ledger` reads its tables and hands the rows to
:func:`audit_rows`; nothing here opens SQLite, so a tampered row of any type reaches
these checks as data (:func:`column_blob`, :func:`column_text`) and becomes a failure code,
never a traceback. :attr:`LedgerCheck.proven` and :attr:`LedgerCheck.not_proven` say what
a check establishes and what it cannot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from certirag.certify.canonical import sha256_hex
from certirag.certify.checkpoint import Checkpoint
from certirag.certify.dsse import Envelope, EnvelopeError, verify_envelope
from certirag.certify.merkle import EMPTY_ROOT, MerkleTree, leaf_hash, verify_consistency
from certirag.errors import InputError

__all__ = ["LEDGER_FAILURES", "LedgerCheck", "LedgerRows", "audit_rows", "column_blob",
           "column_text", "read_checkpoint_file"]

#: Failure codes of a ledger check.
LEDGER_FAILURES: dict[str, str] = {
    "entry_missing": "an entry index is missing or out of order (a row was deleted)",
    "entry_digest": "an entry's certificate id is not the sha256 of its payload (edited)",
    "leaf_mismatch": "an entry's stored leaf hash is not the hash of its payload",
    "envelope_mismatch": "an entry's envelope is malformed or holds another payload",
    "entry_signature": "an entry's certificate is not signed by the ledger key",
    "node_mismatch": "a stored interior node differs from the recomputed tree",
    "no_checkpoint": "the log has entries but no signed checkpoint",
    "checkpoint_signature": "a stored checkpoint's signature does not verify",
    "checkpoint_malformed": "a stored checkpoint disagrees with its own note",
    "truncated": "a checkpoint covers more entries than the log holds (rows were deleted)",
    "unsigned_entries": "entries follow the latest signed checkpoint",
    "root_mismatch": "a signed root differs from the recomputed tree (edited or reordered)",
    "damaged": "the ledger file is not a ledger: empty, not SQLite, or without its tables",
    "checkpoint_file_malformed": "the checkpoint file beside the ledger is not a checkpoint",
    "checkpoint_file_signature": "the checkpoint file's signature does not verify with "
                                 "this key",
    "since_signature": "the earlier checkpoint is not signed by the key",
    "since_ahead": "the earlier checkpoint covers more entries than the log holds now",
    "inconsistent": "the log is not an extension of the earlier checkpoint (history rewritten)",
}


@dataclass
class LedgerCheck:
    """The outcome of :meth:`~certirag.certify.ledger.Ledger.verify`."""

    size: int = 0
    root_hash: bytes = EMPTY_ROOT
    failures: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: what the checks establish, and what they cannot (each a sentence)
    proven: list[str] = field(default_factory=list)
    not_proven: list[str] = field(default_factory=list)
    #: the checkpoint file's tree size and root, when there is a readable one
    checkpoint_file: dict[str, Any] | None = None

    @property
    def valid(self) -> bool:
        return not self.failures

    @property
    def codes(self) -> list[str]:
        return list(dict.fromkeys(code for code, _ in self.failures))

    def fail(self, code: str, message: str) -> None:
        if code not in LEDGER_FAILURES:
            raise ValueError(f"unknown failure code {code!r}")
        self.failures.append((code, message))

    def to_dict(self) -> dict[str, Any]:
        return {"valid": self.valid, "size": self.size, "root_hash": self.root_hash.hex(),
                "failures": [{"code": c, "message": m} for c, m in self.failures],
                "notes": list(self.notes), "proven": list(self.proven),
                "not_proven": list(self.not_proven),
                "checkpoint_file": (dict(self.checkpoint_file)
                                    if self.checkpoint_file is not None else None)}


def column_blob(value: Any) -> bytes:
    """A column's value as bytes whatever SQLite stored there (the ledger's tables are
    not STRICT: a tampered row may hold text, a number or NULL where a blob belongs)."""
    if value is None:
        return b""
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value)
    return str(value).encode("utf-8", "surrogateescape")


def column_text(value: Any) -> str | None:
    """A column read as a blob, decoded as strict UTF-8; ``None`` when it is not."""
    try:
        return column_blob(value).decode("utf-8")
    except UnicodeDecodeError:
        return None


@dataclass(frozen=True, slots=True)
class LedgerRows:
    """The ledger's tables as stored: ``entries`` (idx, cert_id, payload, envelope,
    leaf_hash) in idx order, ``nodes`` (level, idx, hash), ``checkpoints`` (tree_size,
    root_hash, note) in tree-size order; blob columns as SQLite returned them."""

    entries: Sequence[tuple[Any, ...]]
    nodes: Sequence[tuple[Any, ...]]
    checkpoints: Sequence[tuple[Any, ...]]


def audit_rows(rows: LedgerRows, checkpoint_path: Path, public_key: Ed25519PublicKey, *,
               since: Checkpoint | None = None) -> LedgerCheck:
    """Check ``rows`` with ``public_key``, against the checkpoint file at
    ``checkpoint_path`` and, with ``since`` (a checkpoint published earlier), by the
    consistency proof from it to the current tree."""
    check = LedgerCheck()
    leaves: list[bytes] = []
    for position, (idx, raw_id, raw_payload, raw_envelope, stored_leaf) in enumerate(
            rows.entries):
        payload = column_blob(raw_payload)
        if idx != position:
            check.fail("entry_missing", f"entry {position} is missing (next is {idx})")
        cert_id = column_text(raw_id)
        if cert_id is None or sha256_hex(payload) != cert_id:
            shown = f"{cert_id[:16]}…" if cert_id is not None else "(not UTF-8 text)"
            check.fail("entry_digest", f"entry {idx}: certificate id {shown} is "
                                       "not the sha256 of its payload")
        leaf = leaf_hash(payload)
        if column_blob(stored_leaf) != leaf:
            check.fail("leaf_mismatch", f"entry {idx}: stored leaf hash is not the hash "
                                        "of its payload")
        envelope = column_text(raw_envelope)
        try:
            if envelope is None:
                raise EnvelopeError("not_json", "the envelope is not valid UTF-8 text")
            env = Envelope.from_json(envelope)
        except EnvelopeError as exc:
            check.fail("envelope_mismatch", f"entry {idx}: {exc}")
        else:
            if env.payload != payload:
                check.fail("envelope_mismatch", f"entry {idx}: the envelope holds another "
                                                "payload")
            elif not verify_envelope(env, public_key):
                check.fail("entry_signature", f"entry {idx}: the certificate is not "
                                              "signed by this key")
        leaves.append(leaf)
    tree = MerkleTree(leaves)
    check.size, check.root_hash = tree.size, tree.root()
    for level, idx, stored in rows.nodes:
        ok = (isinstance(level, int) and isinstance(idx, int)
              and 0 < level < len(tree.levels) and 0 <= idx < len(tree.levels[level]))
        if not ok or tree.levels[level][idx] != column_blob(stored):
            check.fail("node_mismatch", f"node ({level!r}, {idx!r}) differs from the "
                                        "recomputed tree")
    expected_nodes = sum(len(lv) for lv in tree.levels[1:])
    stored_nodes = len(rows.nodes)
    if stored_nodes != expected_nodes:
        check.fail("node_mismatch", f"{stored_nodes} interior nodes stored, the tree has "
                                    f"{expected_nodes}")
    latest = _verify_checkpoints(rows.checkpoints, tree, public_key, check)
    file_size = _verify_checkpoint_file(checkpoint_path, tree, public_key, check)
    if since is not None:
        _verify_since(tree, public_key, since, check)
    _state_what_is_proven(check, latest, file_size, since)
    return check



def _verify_checkpoints(rows: Sequence[tuple[Any, ...]], tree: MerkleTree,
                        public_key: Ed25519PublicKey, check: LedgerCheck) -> int:
    """Check the stored checkpoints; the largest tree size one validly signs."""
    latest = 0
    for size, root, raw_note in rows:
        note = column_text(raw_note)
        if note is None:
            check.fail("checkpoint_malformed", f"checkpoint {size}: the note is not "
                                               "valid UTF-8 text")
            continue
        try:
            cp = Checkpoint.parse(note)
        except InputError as exc:
            check.fail("checkpoint_malformed", f"checkpoint {size}: {exc}")
            continue
        if cp.tree_size != size or cp.root_hash != column_blob(root):
            check.fail("checkpoint_malformed", f"checkpoint {size}: the row disagrees "
                                               "with its signed note")
        if not cp.verify(public_key):
            check.fail("checkpoint_signature", f"checkpoint {cp.tree_size}: the signature "
                                               "does not verify with this key")
            continue
        if cp.tree_size > tree.size:
            check.fail("truncated", f"checkpoint {cp.tree_size} was signed but the log has "
                                    f"only {tree.size} entries")
            continue
        if tree.root(cp.tree_size) != cp.root_hash:
            check.fail("root_mismatch", f"the signed root at size {cp.tree_size} differs "
                                        "from the recomputed tree")
        latest = max(latest, cp.tree_size)
    if tree.size and not rows:
        check.fail("no_checkpoint", f"{tree.size} entries and no signed checkpoint")
    elif latest < tree.size and rows:
        check.fail("unsigned_entries", f"{tree.size - latest} entries after the latest "
                                       f"valid checkpoint ({latest})")
    return latest

def _verify_checkpoint_file(path: Path, tree: MerkleTree, public_key: Ed25519PublicKey,
                            check: LedgerCheck) -> int | None:
    """Check the ledger against its checkpoint file: at least as long, with the same
    root at the file's size. The file's tree size when it verifies, else ``None``."""
    found = read_checkpoint_file(path)
    if found is None:
        check.notes.append(f"no checkpoint file {path.name} beside the ledger (a ledger "
                           "last appended to by an older certirag has none; the next "
                           "append writes it)")
        return None
    if isinstance(found, str):
        check.fail("checkpoint_file_malformed", f"{path}: {found}")
        return None
    if not found.verify(public_key):
        check.fail("checkpoint_file_signature", f"{path}: the checkpoint of "
                                                f"{found.tree_size} entries is not signed "
                                                "by this key")
        return None
    check.checkpoint_file = {"path": str(path), "tree_size": found.tree_size,
                             "root_hash": found.root_hash.hex()}
    if found.tree_size > tree.size:
        check.fail("truncated", f"the checkpoint file {path.name} records a signed tree "
                                f"of {found.tree_size} entries, the ledger has "
                                f"{tree.size}: entries were deleted (if a new ledger was "
                                f"started on purpose, remove {path})")
        return None
    if tree.root(found.tree_size) != found.root_hash:
        check.fail("root_mismatch", f"the checkpoint file {path.name} signs another root "
                                    f"for the first {found.tree_size} entries: the "
                                    "ledger was rewritten")
        return None
    if found.tree_size < tree.size:
        check.notes.append(f"the checkpoint file records {found.tree_size} of "
                           f"{tree.size} entries (an append stopped between its commit "
                           "and the file; the next append brings it up to date)")
    return found.tree_size

def _state_what_is_proven(check: LedgerCheck, latest: int, file_size: int | None,
                          since: Checkpoint | None) -> None:
    n = check.size
    if not check.valid:
        check.proven.append("nothing: the failures above show the ledger was changed "
                            "or damaged")
    else:
        if n:
            which = "entry 0: it is" if n == 1 else f"entries 0..{n - 1}: each is"
            check.proven.append(
                f"{which} a certificate signed by this key whose id is the sha256 of "
                f"its payload; the Merkle tree recomputed from them has root "
                f"{check.root_hash.hex()} and matches every stored node")
            check.proven.append(f"every stored signed checkpoint matches the recomputed "
                                f"tree (the latest covers {latest} of {n} entries)")
        else:
            check.proven.append("the file is a ledger with no entries")
        if file_size is not None:
            check.proven.append(
                f"the checkpoint file's signed tree of {file_size} entries matches: none "
                f"of the first {file_size} entries was deleted or changed since the file "
                "was written")
        if since is not None:
            check.proven.append(f"the log extends the earlier checkpoint of "
                                f"{since.tree_size} entries (RFC 6962 consistency proof)")
    if file_size is None:
        check.not_proven.append(
            "without a valid checkpoint file, deleting the last entries together with "
            "their checkpoints would not be detected")
    else:
        check.not_proven.append(
            "deleting the last entries together with their checkpoints and the "
            "checkpoint file would not be detected")
    if since is None:
        check.not_proven.append(
            "a holder of the signing key can rebuild a ledger and checkpoint file that "
            "verify on their own: publish checkpoints elsewhere (certirag log "
            "checkpoint) and verify with --since to rule that out")
    else:
        check.not_proven.append(
            f"entries after the earlier checkpoint ({since.tree_size}) rest on this "
            "ledger's own checkpoints: publish newer checkpoints to cover them")

def _verify_since(tree: MerkleTree, public_key: Ed25519PublicKey,
                  since: Checkpoint, check: LedgerCheck) -> None:
    if not since.verify(public_key):
        check.fail("since_signature", "the earlier checkpoint is not signed by this key")
        return
    if since.tree_size > tree.size:
        check.fail("since_ahead", f"the earlier checkpoint covers {since.tree_size} "
                                  f"entries; the log has {tree.size}")
        return
    proof = tree.consistency_proof(since.tree_size)
    if not verify_consistency(since.tree_size, tree.size, since.root_hash, tree.root(),
                              proof):
        check.fail("inconsistent", f"the log of {tree.size} entries does not extend the "
                                   f"checkpoint of {since.tree_size}: history was "
                                   "rewritten")
    else:
        check.notes.append(f"consistent with the checkpoint of {since.tree_size} entries "
                           f"({len(proof)}-hash proof)")


#: The largest checkpoint file read (a checkpoint is a few hundred bytes).
_MAX_CHECKPOINT_FILE = 64 * 1024


def read_checkpoint_file(path: Path) -> Checkpoint | str | None:
    """The checkpoint in ``path``; ``None`` when there is no file, or why it is not one."""
    try:
        with path.open("rb") as fh:
            data = fh.read(_MAX_CHECKPOINT_FILE + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot read it: {exc.strerror or exc}"
    if len(data) > _MAX_CHECKPOINT_FILE:
        return "it is too large to be a checkpoint"
    try:
        return Checkpoint.parse(data.decode("utf-8"))
    except UnicodeDecodeError:
        return "it is not UTF-8 text"
    except InputError as exc:
        return str(exc)

"""The append-only ledger of issued certificates: an RFC 6962 Merkle tree in SQLite.

Every certificate appended becomes a leaf; its leaf data is the DSSE payload (so the
leaf hash of a certificate file is ``sha256(0x00 || payload)``, computable from the file
alone). Interior nodes are ``sha256(0x01 || left || right)``, and a tree of ``n`` leaves
is split at the largest power of two below ``n`` (RFC 6962 §2.1).

Each append is one SQLite transaction (WAL mode) that stores the entry, the completed
interior nodes and a **signed checkpoint** (tree size + root hash) for the new size, so a
process killed mid-append leaves the log as it was. Checkpoints are C2SP signed notes
(the format of Go's checksum database and other transparency logs)::

    certirag.dev/ledger/<first 16 hex of the key id>
    <tree size>
    <base64 root hash>

    — certirag-<first 16 hex of the key id> <base64(4-byte key hash || Ed25519 signature)>

After each append the new checkpoint is also written, atomically, to a **checkpoint
file** beside the ledger (``ledger.db.checkpoint``). Deleting the last entries together
with their checkpoints leaves a log that is consistent on its own; the file still records
the larger signed tree, so :meth:`Ledger.verify` reports ``truncated``. Whoever deletes
the file too is not caught by it: publish checkpoints elsewhere.

Publish a checkpoint; later, :meth:`Ledger.verify` with ``since=`` checks an RFC 6962
consistency proof from it to the current tree, which catches a rewritten history.
:func:`verify_ledger` opens a ledger read-only and verifies it, reporting a file that is
not a ledger at all as ``damaged``. The checks themselves are
:mod:`certirag.certify.ledger_audit`, over the rows this module reads.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from certirag.certify.atomic import atomic_write
from certirag.certify.canonical import sha256_hex
from certirag.certify.checkpoint import Checkpoint
from certirag.certify.dsse import Envelope, verify_envelope
from certirag.certify.keys import Signer, public_key_pem
from certirag.certify.ledger_audit import (
    LEDGER_FAILURES,
    LedgerCheck,
    LedgerRows,
    audit_rows,
    column_blob,
    column_text,
    read_checkpoint_file,
)
from certirag.certify.merkle import (
    EMPTY_ROOT,
    InclusionProof,
    MerkleTree,
    consistency_path,
    inclusion_path,
    leaf_hash,
    node_hash,
    range_hash,
    verify_consistency,
    verify_inclusion,
)
from certirag.config import Settings
from certirag.errors import CertificateError, InputError

if TYPE_CHECKING:
    from certirag.certify.signed import Certificate

__all__ = [
    "CHECKPOINT_FILE_SUFFIX",
    "EMPTY_ROOT",
    "LEDGER_FAILURES",
    "LEDGER_FILE",
    "MIGRATIONS",
    "Checkpoint",
    "InclusionProof",
    "Ledger",
    "LedgerCheck",
    "LedgerDamagedError",
    "LedgerEntry",
    "MerkleTree",
    "leaf_hash",
    "node_hash",
    "verify_consistency",
    "verify_inclusion",
    "verify_ledger",
]

LEDGER_FILE = "ledger.db"
#: The checkpoint file is the ledger's path with this suffix (``ledger.db.checkpoint``).
CHECKPOINT_FILE_SUFFIX = ".checkpoint"
#: The tables migration 0001 creates; a file without them is not a ledger.
_TABLES = frozenset({"migrations", "entries", "nodes", "checkpoints", "meta"})


class LedgerDamagedError(CertificateError):
    """The ledger file exists but is not a ledger: empty, not SQLite, or without the
    ledger's tables. Reported by :func:`verify_ledger` as ``damaged``."""


# --------------------------------------------------------------------- the ledger

#: Named migrations, applied in order and recorded in ``migrations``; never edit one,
#: only append.
MIGRATIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("0001_entries_nodes_checkpoints", (
        """CREATE TABLE entries (
               idx INTEGER PRIMARY KEY,
               cert_id TEXT NOT NULL UNIQUE,
               payload BLOB NOT NULL,
               envelope TEXT NOT NULL,
               leaf_hash BLOB NOT NULL,
               appended_at TEXT NOT NULL)""",
        """CREATE TABLE nodes (
               level INTEGER NOT NULL,
               idx INTEGER NOT NULL,
               hash BLOB NOT NULL,
               PRIMARY KEY (level, idx)) WITHOUT ROWID""",
        """CREATE TABLE checkpoints (
               tree_size INTEGER PRIMARY KEY,
               root_hash BLOB NOT NULL,
               note TEXT NOT NULL,
               created_at TEXT NOT NULL)""",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    )),
    ("0002_append_only_triggers", tuple(
        f"""CREATE TRIGGER {table}_no_{op.lower()} BEFORE {op} ON {table}
            BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END"""
        for table in ("entries", "nodes", "checkpoints") for op in ("UPDATE", "DELETE"))),
)



@dataclass(frozen=True, slots=True)
class LedgerEntry:
    index: int
    cert_id: str
    leaf_hash: bytes
    appended_at: str
    envelope: str

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "cert_id": self.cert_id, "leaf_hash": self.leaf_hash.hex(),
                "appended_at": self.appended_at}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


class Ledger:
    """The SQLite ledger. Open with :meth:`open`; close it (or use ``with``) when done.

    >>> with Ledger.open(tmp / "ledger.db") as ledger:        # doctest: +SKIP
    ...     ledger.append(certificate, signer=signer)
    ...     ledger.verify(signer.public_key).valid
    True
    """

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path

    # ---- opening -------------------------------------------------------------------
    @classmethod
    def default_path(cls, settings: Settings | None = None) -> Path:
        """``$CERTIRAG_HOME/ledger.db``."""
        return (settings or Settings()).home / LEDGER_FILE

    @classmethod
    def open(cls, path: Path | None = None, *, settings: Settings | None = None,
             create: bool = True, readonly: bool | None = None) -> Ledger:
        """Open (and with ``create``, make) the ledger at ``path`` or the default path,
        applying any migration it has not had yet.

        ``readonly`` (the default when ``create`` is false) opens an existing ledger
        without ever writing to it (SQLite ``mode=ro``): nothing is created or migrated,
        and a file that is empty, not SQLite or without the ledger's tables raises
        :class:`LedgerDamagedError`. A missing file raises :class:`InputError` unless
        ``create``."""
        path = Path(path) if path is not None else cls.default_path(settings)
        if readonly is None:
            readonly = not create
        if (readonly or not create) and not path.is_file():
            raise InputError(f"no ledger at {path} (certificates are appended when a "
                             "signing key is configured)")
        if readonly:
            return cls._open_readonly(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, timeout=30.0, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise InputError(f"cannot open the ledger: {exc}", source=str(path)) from exc
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            ledger = cls(conn, path)
            ledger._migrate()
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise CertificateError(f"{path}: not a readable ledger: {exc}") from exc
        except BaseException:
            conn.close()
            raise
        return ledger

    @classmethod
    def _open_readonly(cls, path: Path) -> Ledger:
        try:
            size = path.stat().st_size
        except OSError as exc:
            raise InputError(f"cannot open the ledger: {exc.strerror}",
                             source=str(path)) from exc
        if size == 0:
            raise LedgerDamagedError(f"{path} is empty (0 bytes): it is not a ledger, or it "
                                     "was truncated")
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                   timeout=30.0, isolation_level=None)
        except sqlite3.Error as exc:
            raise InputError(f"cannot open the ledger: {exc}", source=str(path)) from exc
        try:
            conn.execute("PRAGMA query_only=ON")
            try:
                tables = {str(r[0]) for r in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
            except sqlite3.DatabaseError as exc:
                raise LedgerDamagedError(f"{path} is not a ledger: {exc}") from exc
            missing = sorted(_TABLES - tables)
            if missing:
                raise LedgerDamagedError(f"{path} is not a ledger: it has no "
                                         f"{', '.join(missing)} table(s)")
            ledger = cls(conn, path)
            done = {column_text(r[0]) for r in conn.execute(
                "SELECT CAST(name AS BLOB) FROM migrations")}
            unknown = sorted(str(n) for n in done - {name for name, _ in MIGRATIONS})
            if unknown:
                raise CertificateError(f"{path} was written by a newer certirag "
                                       f"(migrations {', '.join(unknown)})")
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise LedgerDamagedError(f"{path}: not a readable ledger: {exc}") from exc
        except BaseException:
            conn.close()
            raise
        return ledger

    @property
    def checkpoint_path(self) -> Path:
        """The checkpoint file beside the ledger (``ledger.db.checkpoint``)."""
        return self.path.with_name(self.path.name + CHECKPOINT_FILE_SUFFIX)

    def _migrate(self) -> None:
        c = self._conn
        c.execute("BEGIN IMMEDIATE")
        try:
            c.execute("CREATE TABLE IF NOT EXISTS migrations "
                      "(name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
            done = {row[0] for row in c.execute("SELECT name FROM migrations")}
            known = {name for name, _ in MIGRATIONS}
            unknown = sorted(done - known)
            if unknown:
                raise CertificateError(f"{self.path} was written by a newer certirag "
                                       f"(migrations {', '.join(unknown)})")
            for name, statements in MIGRATIONS:
                if name in done:
                    continue
                for sql in statements:
                    c.execute(sql)
                c.execute("INSERT INTO migrations (name, applied_at) VALUES (?, ?)",
                          (name, _now()))
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- reading -------------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of entries."""
        row = self._conn.execute("SELECT COUNT(*) FROM entries").fetchone()
        return int(row[0])

    def migrations(self) -> list[str]:
        return [r[0] for r in self._conn.execute("SELECT name FROM migrations ORDER BY name")]

    _ENTRY_COLUMNS = ("idx, CAST(cert_id AS BLOB), CAST(leaf_hash AS BLOB), "
                      "CAST(appended_at AS BLOB), CAST(envelope AS BLOB)")

    def _entry(self, row: Any) -> LedgerEntry:
        texts = [column_text(row[1]), column_text(row[3]), column_text(row[4])]
        if any(t is None for t in texts):
            raise CertificateError(f"{self.path}: entry {row[0]} is not valid UTF-8 text; "
                                   "run certirag log verify")
        cert_id, appended_at, envelope = (str(t) for t in texts)
        return LedgerEntry(int(row[0]), cert_id, column_blob(row[2]), appended_at, envelope)

    def get(self, cert_id: str) -> LedgerEntry | None:
        """The entry of certificate ``cert_id``, or ``None``."""
        row = self._conn.execute(f"SELECT {self._ENTRY_COLUMNS} FROM entries "
                                 "WHERE cert_id = ?", (cert_id,)).fetchone()
        return self._entry(row) if row else None

    def entries(self) -> Iterator[LedgerEntry]:
        for row in self._conn.execute(f"SELECT {self._ENTRY_COLUMNS} FROM entries "
                                      "ORDER BY idx"):
            yield self._entry(row)

    def checkpoint(self, tree_size: int | None = None) -> Checkpoint | None:
        """The stored signed checkpoint for ``tree_size`` (the latest by default)."""
        if tree_size is None:
            row = self._conn.execute("SELECT CAST(note AS BLOB) FROM checkpoints "
                                     "ORDER BY tree_size DESC LIMIT 1").fetchone()
        else:
            row = self._conn.execute("SELECT CAST(note AS BLOB) FROM checkpoints "
                                     "WHERE tree_size = ?", (tree_size,)).fetchone()
        if row is None:
            return None
        note = column_text(row[0])
        if note is None:
            raise CertificateError(f"{self.path}: a stored checkpoint is not valid UTF-8 "
                                   "text; run certirag log verify")
        return Checkpoint.parse(note)

    def _perfect(self, level: int, index: int) -> bytes:
        if level == 0:
            row = self._conn.execute("SELECT CAST(leaf_hash AS BLOB) FROM entries "
                                     "WHERE idx = ?", (index,)).fetchone()
        else:
            row = self._conn.execute("SELECT CAST(hash AS BLOB) FROM nodes "
                                     "WHERE level = ? AND idx = ?", (level, index)).fetchone()
        if row is None:
            raise CertificateError(f"{self.path}: tree node ({level}, {index}) is missing; "
                                   "run certirag log verify")
        return column_blob(row[0])

    def root(self, size: int | None = None) -> bytes:
        """The root hash of the first ``size`` entries, from the stored nodes."""
        n = self.size if size is None else size
        if not 0 <= n <= self.size:
            raise InputError(f"tree size {n} is not between 0 and {self.size}")
        return range_hash(0, n, self._perfect)

    def inclusion_proof(self, cert_id: str) -> InclusionProof:
        """Prove that certificate ``cert_id`` is in the tree of the latest checkpoint."""
        entry = self.get(cert_id)
        if entry is None:
            raise InputError(f"certificate {cert_id} is not in the ledger {self.path}")
        cp = self.checkpoint()
        if cp is None or cp.tree_size <= entry.index:
            raise CertificateError(f"{self.path}: no signed checkpoint covers entry "
                                   f"{entry.index}; run certirag log verify")
        path = inclusion_path(entry.index, cp.tree_size, self._perfect)
        return InclusionProof(cert_id=cert_id, leaf_index=entry.index, tree_size=cp.tree_size,
                              leaf_hash=entry.leaf_hash, root_hash=cp.root_hash,
                              path=tuple(path), checkpoint=cp.note)

    def consistency_proof(self, old_size: int, new_size: int | None = None) -> list[bytes]:
        """RFC 6962 consistency proof between two tree sizes, from the stored nodes."""
        n = self.size if new_size is None else new_size
        if n > self.size:
            raise InputError(f"tree size {n} is larger than the log ({self.size})")
        return consistency_path(old_size, n, self._perfect)

    # ---- appending -----------------------------------------------------------------
    def append(self, certificate: Certificate | Envelope, *, signer: Signer) -> LedgerEntry:
        """Append a certificate signed by ``signer``'s key and sign a checkpoint for the
        new tree, in one transaction. Appending the same certificate again returns its
        existing entry."""
        env = certificate if isinstance(certificate, Envelope) else certificate.envelope
        if not verify_envelope(env, signer.public_key):
            raise CertificateError("the certificate is not signed by the ledger key "
                                   f"{signer.key_id[:16]}…")
        payload = env.payload
        cert_id = sha256_hex(payload)
        leaf = leaf_hash(payload)
        c = self._conn
        c.execute("BEGIN IMMEDIATE")
        try:
            row = c.execute("SELECT value FROM meta WHERE key = 'key_id'").fetchone()
            if row is None:
                c.execute("INSERT INTO meta (key, value) VALUES ('key_id', ?)",
                          (signer.key_id,))
                c.execute("INSERT INTO meta (key, value) VALUES ('public_key', ?)",
                          (public_key_pem(signer.public_key).decode("ascii"),))
            elif row[0] != signer.key_id:
                raise CertificateError(f"{self.path} belongs to key {row[0][:16]}…, not "
                                       f"{signer.key_id[:16]}…")
            existing = self.get(cert_id)
            if existing is not None:
                c.execute("ROLLBACK")
                return existing
            index = self.size
            at = _now()
            c.execute("INSERT INTO entries (idx, cert_id, payload, envelope, leaf_hash, "
                      "appended_at) VALUES (?, ?, ?, ?, ?, ?)",
                      (index, cert_id, payload, env.to_json(), leaf, at))
            level, i, h = 0, index, leaf
            while i & 1:  # a right child completes its parent
                h = node_hash(self._perfect(level, i - 1), h)
                level, i = level + 1, i >> 1
                c.execute("INSERT INTO nodes (level, idx, hash) VALUES (?, ?, ?)", (level, i, h))
            size = index + 1
            root = range_hash(0, size, self._perfect)
            cp = Checkpoint.sign(size, root, signer)
            c.execute("INSERT INTO checkpoints (tree_size, root_hash, note, created_at) "
                      "VALUES (?, ?, ?, ?)", (size, root, cp.note, at))
            c.execute("COMMIT")
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise
        self._write_checkpoint_file(cp, signer.public_key)
        return LedgerEntry(index, cert_id, leaf, at, env.to_json())

    def _write_checkpoint_file(self, cp: Checkpoint, public_key: Ed25519PublicKey) -> None:
        """Write ``cp`` (just committed) to the checkpoint file, unless another append
        has committed since (its own write follows) or the file holds a valid checkpoint
        of this key for a larger tree (evidence that entries were deleted, kept for
        :meth:`verify`). Runs under SQLite's write lock, so appends write it in order."""
        c = self._conn
        try:
            c.execute("BEGIN IMMEDIATE")
            try:
                if self.size != cp.tree_size:
                    return
                current = read_checkpoint_file(self.checkpoint_path)
                if isinstance(current, Checkpoint) and (
                        current.note == cp.note
                        or (current.tree_size > cp.tree_size and current.verify(public_key))):
                    return
                atomic_write(self.checkpoint_path, cp.note.encode("utf-8"))
            finally:
                c.execute("ROLLBACK")
        except (OSError, sqlite3.Error) as exc:
            raise CertificateError(
                f"{self.path}: entry {cp.tree_size - 1} is appended, but the checkpoint "
                f"file {self.checkpoint_path} could not be written: {exc}") from exc

    # ---- verifying -----------------------------------------------------------------
    def verify(self, public_key: Ed25519PublicKey, *,
               since: Checkpoint | None = None) -> LedgerCheck:
        """Recompute the whole tree from the stored payloads and check every entry, node
        and checkpoint against it, and the checkpoint file beside the ledger; with
        ``since`` (a checkpoint published earlier), check the consistency proof from it to
        the current tree (:func:`~certirag.certify.ledger_audit.audit_rows`)."""
        rows = LedgerRows(
            self._conn.execute("SELECT idx, CAST(cert_id AS BLOB), CAST(payload AS BLOB), "
                               "CAST(envelope AS BLOB), CAST(leaf_hash AS BLOB) FROM entries "
                               "ORDER BY idx").fetchall(),
            self._conn.execute("SELECT level, idx, CAST(hash AS BLOB) FROM nodes").fetchall(),
            self._conn.execute("SELECT tree_size, CAST(root_hash AS BLOB), "
                               "CAST(note AS BLOB) FROM checkpoints "
                               "ORDER BY tree_size").fetchall())
        return audit_rows(rows, self.checkpoint_path, public_key, since=since)

    def stored_public_key(self) -> str | None:
        """The PEM public key recorded at the first append (informational: verify with a
        key you trust, not this one)."""
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'public_key'").fetchone()
        return str(row[0]) if row else None


def verify_ledger(path: Path | None, public_key: Ed25519PublicKey, *,
                  since: Checkpoint | None = None,
                  settings: Settings | None = None) -> tuple[Path, LedgerCheck]:
    """Open the ledger at ``path`` (``None``: the default) read-only and verify it with
    ``public_key``; a file that is not a ledger is a failed check (``damaged``), left
    byte for byte as it was. A missing file raises :class:`InputError`. Returns the path
    verified and the check."""
    path = Path(path) if path is not None else Ledger.default_path(settings)
    try:
        ledger = Ledger.open(path, settings=settings, create=False, readonly=True)
    except LedgerDamagedError as exc:
        check = LedgerCheck()
        check.fail("damaged", str(exc))
        check.proven.append("nothing: the file is not a ledger")
        check.not_proven.append("which certificates were recorded: restore the ledger from "
                                "a backup and verify it against a published checkpoint")
        return path, check
    with ledger:
        return path, ledger.verify(public_key, since=since)

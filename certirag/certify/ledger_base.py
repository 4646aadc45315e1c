"""What every ledger backend shares: the append, the proofs and the checks, over SQL.

A backend (:class:`~certirag.certify.ledger.Ledger` in SQLite,
:class:`~certirag.certify.ledger_pg.PostgresLedger` in PostgreSQL) supplies a connection
and a few primitives: run one statement (:meth:`BaseLedger._execute`, ``?`` placeholders),
a write transaction that holds the ledger's one write lock
(:meth:`BaseLedger._write_transaction`), a read transaction that sees one snapshot
(:meth:`BaseLedger._snapshot`), and the table that records migrations
(:meth:`BaseLedger._bootstrap`). Everything else is written once, here: so both backends
keep the same tables (``entries``, ``nodes``, ``checkpoints``, ``meta``), append the
same way under the lock (the new entry's index is the current size: no gaps), sign the
same checkpoints, and build the same RFC 6962 tree, proofs and checks
(:mod:`certirag.certify.merkle`, :mod:`certirag.certify.ledger_audit`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from certirag.certify.atomic import atomic_write
from certirag.certify.canonical import sha256_hex
from certirag.certify.checkpoint import Checkpoint
from certirag.certify.dsse import Envelope, verify_envelope
from certirag.certify.keys import Signer, public_key_pem
from certirag.certify.ledger_audit import (
    LedgerCheck,
    LedgerRows,
    audit_rows,
    column_blob,
    column_text,
    read_checkpoint_file,
)
from certirag.certify.merkle import (
    InclusionProof,
    consistency_path,
    inclusion_path,
    leaf_hash,
    node_hash,
    range_hash,
)
from certirag.errors import CertificateError, InputError

if TYPE_CHECKING:
    from certirag.certify.signed import Certificate

__all__ = ["CHECKPOINT_FILE_SUFFIX", "LEDGER_TABLES", "BaseLedger", "LedgerDamagedError",
           "LedgerEntry", "Migrations", "Rows", "utc_now"]

#: A checkpoint file's name ends with this (``ledger.db.checkpoint``).
CHECKPOINT_FILE_SUFFIX = ".checkpoint"
#: The tables the first migration creates; a store without them is not a ledger.
LEDGER_TABLES = frozenset({"migrations", "entries", "nodes", "checkpoints", "meta"})
#: Named migrations, applied in order and recorded in ``migrations``: never edit one,
#: only append.
Migrations = tuple[tuple[str, tuple[str, ...]], ...]


class LedgerDamagedError(CertificateError):
    """The ledger exists but is not a ledger: an empty file, not SQLite, or without the
    ledger's tables. Reported by :func:`~certirag.certify.ledger.verify_ledger` as
    ``damaged``."""


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


def utc_now() -> str:
    """Now, as the ledger records times (RFC 3339 UTC with microseconds)."""
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


class Rows(Protocol):
    """What a backend's :meth:`BaseLedger._execute` returns (a DB-API cursor)."""

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class BaseLedger(ABC):
    """The ledger over any SQL backend; open one with a backend's ``open`` (or
    :func:`~certirag.certify.ledger.open_ledger`), close it (or use ``with``) when done."""

    #: the backend's migrations (its dialect of the same tables)
    MIGRATIONS: ClassVar[Migrations]
    #: what the backend's statements raise besides :class:`OSError` (for messages that
    #: say an append is committed although its checkpoint file is not written)
    DB_ERRORS: ClassVar[tuple[type[Exception], ...]]

    def __init__(self, location: str) -> None:
        #: the ledger as messages name it: its file, or its URL without the password
        self.location = location

    # ---- what a backend supplies ---------------------------------------------------
    @abstractmethod
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        """Run one statement (``?`` placeholders)."""

    @abstractmethod
    def _write_transaction(self) -> AbstractContextManager[None]:
        """A transaction holding the ledger's write lock: one writer at a time, in every
        process, and each statement in it sees what the writers before it committed.
        Committed when the block ends, rolled back when it raises."""

    @abstractmethod
    def _snapshot(self) -> AbstractContextManager[None]:
        """A read transaction: every statement in it sees the same committed state."""

    @abstractmethod
    def _bootstrap(self) -> None:
        """Create the ``migrations`` table if it is missing (inside the write lock)."""

    @property
    @abstractmethod
    def checkpoint_path(self) -> Path:
        """The checkpoint file this ledger's appends keep and :meth:`verify` reads."""

    @abstractmethod
    def close(self) -> None: ...

    def _blob(self, column: str) -> str:
        """``column`` as the statements read it: SQLite reads a column of any stored
        type as a blob (its tables are not STRICT); a typed backend reads it as it is."""
        return column

    def __enter__(self) -> BaseLedger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- migrations ----------------------------------------------------------------
    def _migrate(self) -> None:
        with self._write_transaction():
            self._bootstrap()
            done = {row[0] for row in self._execute("SELECT name FROM migrations")}
            self._refuse_unknown(done)
            for name, statements in self.MIGRATIONS:
                if name in done:
                    continue
                for sql in statements:
                    self._execute(sql)
                self._execute("INSERT INTO migrations (name, applied_at) VALUES (?, ?)",
                              (name, utc_now()))

    def _check_migrations(self) -> None:
        """Refuse a ledger with migrations this version does not know (read-only)."""
        self._refuse_unknown({column_text(r[0]) for r in self._execute(
            f"SELECT {self._blob('name')} FROM migrations")})

    def _refuse_unknown(self, done: set[Any]) -> None:
        unknown = sorted(str(n) for n in done - {name for name, _ in self.MIGRATIONS})
        if unknown:
            raise CertificateError(f"{self.location} was written by a newer certirag "
                                   f"(migrations {', '.join(unknown)})")

    def migrations(self) -> list[str]:
        return [r[0] for r in self._execute("SELECT name FROM migrations ORDER BY name")]

    # ---- reading -------------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of entries."""
        return int(self._execute("SELECT COUNT(*) FROM entries").fetchone()[0])

    def _entry_columns(self) -> str:
        b = self._blob
        return (f"idx, {b('cert_id')}, {b('leaf_hash')}, {b('appended_at')}, "
                f"{b('envelope')}")

    def _entry(self, row: Any) -> LedgerEntry:
        texts = [column_text(row[1]), column_text(row[3]), column_text(row[4])]
        if any(t is None for t in texts):
            raise CertificateError(f"{self.location}: entry {row[0]} is not valid UTF-8 "
                                   "text; run certirag log verify")
        cert_id, appended_at, envelope = (str(t) for t in texts)
        return LedgerEntry(int(row[0]), cert_id, column_blob(row[2]), appended_at, envelope)

    def get(self, cert_id: str) -> LedgerEntry | None:
        """The entry of certificate ``cert_id``, or ``None``."""
        row = self._execute(f"SELECT {self._entry_columns()} FROM entries "
                            "WHERE cert_id = ?", (cert_id,)).fetchone()
        return self._entry(row) if row else None

    def entries(self) -> Iterator[LedgerEntry]:
        for row in self._execute(f"SELECT {self._entry_columns()} FROM entries "
                                 "ORDER BY idx"):
            yield self._entry(row)

    def checkpoint(self, tree_size: int | None = None) -> Checkpoint | None:
        """The stored signed checkpoint for ``tree_size`` (the latest by default)."""
        note_column = self._blob("note")
        if tree_size is None:
            row = self._execute(f"SELECT {note_column} FROM checkpoints "
                                "ORDER BY tree_size DESC LIMIT 1").fetchone()
        else:
            row = self._execute(f"SELECT {note_column} FROM checkpoints "
                                "WHERE tree_size = ?", (tree_size,)).fetchone()
        if row is None:
            return None
        note = column_text(row[0])
        if note is None:
            raise CertificateError(f"{self.location}: a stored checkpoint is not valid "
                                   "UTF-8 text; run certirag log verify")
        return Checkpoint.parse(note)

    def _perfect(self, level: int, index: int) -> bytes:
        if level == 0:
            row = self._execute(f"SELECT {self._blob('leaf_hash')} FROM entries "
                                "WHERE idx = ?", (index,)).fetchone()
        else:
            row = self._execute(f"SELECT {self._blob('hash')} FROM nodes "
                                "WHERE level = ? AND idx = ?", (level, index)).fetchone()
        if row is None:
            raise CertificateError(f"{self.location}: tree node ({level}, {index}) is "
                                   "missing; run certirag log verify")
        return column_blob(row[0])

    def root(self, size: int | None = None) -> bytes:
        """The root hash of the first ``size`` entries, from the stored nodes."""
        total = self.size
        n = total if size is None else size
        if not 0 <= n <= total:
            raise InputError(f"tree size {n} is not between 0 and {total}")
        return range_hash(0, n, self._perfect)

    def inclusion_proof(self, cert_id: str) -> InclusionProof:
        """Prove that certificate ``cert_id`` is in the tree of the latest checkpoint."""
        entry = self.get(cert_id)
        if entry is None:
            raise InputError(f"certificate {cert_id} is not in the ledger {self.location}")
        cp = self.checkpoint()
        if cp is None or cp.tree_size <= entry.index:
            raise CertificateError(f"{self.location}: no signed checkpoint covers entry "
                                   f"{entry.index}; run certirag log verify")
        path = inclusion_path(entry.index, cp.tree_size, self._perfect)
        return InclusionProof(cert_id=cert_id, leaf_index=entry.index, tree_size=cp.tree_size,
                              leaf_hash=entry.leaf_hash, root_hash=cp.root_hash,
                              path=tuple(path), checkpoint=cp.note)

    def consistency_proof(self, old_size: int, new_size: int | None = None) -> list[bytes]:
        """RFC 6962 consistency proof between two tree sizes, from the stored nodes."""
        total = self.size
        n = total if new_size is None else new_size
        if n > total:
            raise InputError(f"tree size {n} is larger than the log ({total})")
        return consistency_path(old_size, n, self._perfect)

    def stored_public_key(self) -> str | None:
        """The PEM public key recorded at the first append (informational: verify with a
        key you trust, not this one)."""
        row = self._execute("SELECT value FROM meta WHERE key = 'public_key'").fetchone()
        return str(row[0]) if row else None

    # ---- appending -----------------------------------------------------------------
    def append(self, certificate: Certificate | Envelope, *, signer: Signer) -> LedgerEntry:
        """Append a certificate signed by ``signer``'s key and sign a checkpoint for the
        new tree, in one transaction under the write lock (the entry's index is the size
        of the log when the lock is taken). Appending the same certificate again returns
        its existing entry."""
        env = certificate if isinstance(certificate, Envelope) else certificate.envelope
        if not verify_envelope(env, signer.public_key):
            raise CertificateError("the certificate is not signed by the ledger key "
                                   f"{signer.key_id[:16]}…")
        payload = env.payload
        cert_id = sha256_hex(payload)
        leaf = leaf_hash(payload)
        with self._write_transaction():
            row = self._execute("SELECT value FROM meta WHERE key = 'key_id'").fetchone()
            if row is None:
                self._execute("INSERT INTO meta (key, value) VALUES ('key_id', ?)",
                              (signer.key_id,))
                self._execute("INSERT INTO meta (key, value) VALUES ('public_key', ?)",
                              (public_key_pem(signer.public_key).decode("ascii"),))
            elif row[0] != signer.key_id:
                raise CertificateError(f"{self.location} belongs to key {row[0][:16]}…, "
                                       f"not {signer.key_id[:16]}…")
            existing = self.get(cert_id)
            if existing is not None:
                return existing
            index = self.size
            at = utc_now()
            self._execute("INSERT INTO entries (idx, cert_id, payload, envelope, leaf_hash, "
                          "appended_at) VALUES (?, ?, ?, ?, ?, ?)",
                          (index, cert_id, payload, env.to_json(), leaf, at))
            level, i, h = 0, index, leaf
            while i & 1:  # a right child completes its parent
                h = node_hash(self._perfect(level, i - 1), h)
                level, i = level + 1, i >> 1
                self._execute("INSERT INTO nodes (level, idx, hash) VALUES (?, ?, ?)",
                              (level, i, h))
            size = index + 1
            root = range_hash(0, size, self._perfect)
            cp = Checkpoint.sign(size, root, signer)
            self._execute("INSERT INTO checkpoints (tree_size, root_hash, note, created_at) "
                          "VALUES (?, ?, ?, ?)", (size, root, cp.note, at))
        self._write_checkpoint_file(cp, signer.public_key)
        return LedgerEntry(index, cert_id, leaf, at, env.to_json())

    def _write_checkpoint_file(self, cp: Checkpoint, public_key: Ed25519PublicKey) -> None:
        """Write ``cp`` (just committed) to the checkpoint file, unless another append
        has committed since (its own write follows) or the file holds a valid checkpoint
        of this key for a larger tree (evidence that entries were deleted, kept for
        :meth:`verify`). Runs under the write lock, so appends write it in order."""
        caught: tuple[type[Exception], ...] = (OSError, *self.DB_ERRORS)
        try:
            with self._write_transaction():
                if self.size != cp.tree_size:
                    return
                current = read_checkpoint_file(self.checkpoint_path)
                if isinstance(current, Checkpoint) and (
                        current.note == cp.note
                        or (current.tree_size > cp.tree_size and current.verify(public_key))):
                    return
                atomic_write(self.checkpoint_path, cp.note.encode("utf-8"))
        except caught as exc:
            raise CertificateError(
                f"{self.location}: entry {cp.tree_size - 1} is appended, but the "
                f"checkpoint file {self.checkpoint_path} could not be written: "
                f"{exc}") from exc

    # ---- verifying -----------------------------------------------------------------
    def verify(self, public_key: Ed25519PublicKey, *,
               since: Checkpoint | None = None) -> LedgerCheck:
        """Recompute the whole tree from the stored payloads and check every entry, node
        and checkpoint against it, and the checkpoint file; with ``since`` (a checkpoint
        published earlier), check the consistency proof from it to the current tree
        (:func:`~certirag.certify.ledger_audit.audit_rows`). The rows are read in one
        snapshot, so appends meanwhile do not show as damage."""
        b = self._blob
        with self._snapshot():
            rows = LedgerRows(
                self._execute(f"SELECT idx, {b('cert_id')}, {b('payload')}, "
                              f"{b('envelope')}, {b('leaf_hash')} FROM entries "
                              "ORDER BY idx").fetchall(),
                self._execute(f"SELECT level, idx, {b('hash')} FROM nodes").fetchall(),
                self._execute(f"SELECT tree_size, {b('root_hash')}, {b('note')} "
                              "FROM checkpoints ORDER BY tree_size").fetchall())
        return audit_rows(rows, self.checkpoint_path, public_key, since=since)

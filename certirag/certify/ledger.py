"""The append-only ledger of issued certificates: an RFC 6962 Merkle tree in SQLite (the
default) or PostgreSQL (:mod:`certirag.certify.ledger_pg`, ``ledger: postgresql://…``).

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
:func:`open_ledger` opens the configured ledger, SQLite or PostgreSQL;
:func:`verify_ledger` opens one read-only and verifies it, reporting one that is not a
ledger at all as ``damaged``. What both backends share (the append, the proofs) is
:mod:`certirag.certify.ledger_base`; the checks themselves are
:mod:`certirag.certify.ledger_audit`, over the rows the backend reads.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from certirag.certify.checkpoint import Checkpoint
from certirag.certify.ledger_audit import LEDGER_FAILURES, LedgerCheck
from certirag.certify.ledger_base import (
    CHECKPOINT_FILE_SUFFIX,
    LEDGER_TABLES,
    BaseLedger,
    LedgerDamagedError,
    LedgerEntry,
    Migrations,
    Rows,
)
from certirag.certify.ledger_pg import PostgresLedger
from certirag.certify.merkle import (
    EMPTY_ROOT,
    InclusionProof,
    MerkleTree,
    leaf_hash,
    node_hash,
    verify_consistency,
    verify_inclusion,
)
from certirag.config import Settings
from certirag.errors import CertificateError, InputError
from certirag.pg import is_postgres_url, redact_url

__all__ = [
    "CHECKPOINT_FILE_SUFFIX",
    "EMPTY_ROOT",
    "LEDGER_FAILURES",
    "LEDGER_FILE",
    "MIGRATIONS",
    "BaseLedger",
    "Checkpoint",
    "InclusionProof",
    "Ledger",
    "LedgerCheck",
    "LedgerDamagedError",
    "LedgerEntry",
    "MerkleTree",
    "PostgresLedger",
    "leaf_hash",
    "ledger_location",
    "node_hash",
    "open_ledger",
    "verify_consistency",
    "verify_inclusion",
    "verify_ledger",
]

LEDGER_FILE = "ledger.db"


# --------------------------------------------------------------------- the ledger

#: Named migrations, applied in order and recorded in ``migrations``; never edit one,
#: only append.
MIGRATIONS: Migrations = (
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


class Ledger(BaseLedger):
    """The SQLite ledger. Open with :meth:`open`; close it (or use ``with``) when done.

    >>> with Ledger.open(tmp / "ledger.db") as ledger:        # doctest: +SKIP
    ...     ledger.append(certificate, signer=signer)
    ...     ledger.verify(signer.public_key).valid
    True
    """

    MIGRATIONS = MIGRATIONS
    DB_ERRORS = (sqlite3.Error,)

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        super().__init__(str(path))
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
            missing = sorted(LEDGER_TABLES - tables)
            if missing:
                raise LedgerDamagedError(f"{path} is not a ledger: it has no "
                                         f"{', '.join(missing)} table(s)")
            ledger = cls(conn, path)
            ledger._check_migrations()
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

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Ledger:
        return self

    # ---- the backend ---------------------------------------------------------------
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        return self._conn.execute(sql, tuple(params))

    def _blob(self, column: str) -> str:
        return f"CAST({column} AS BLOB)"

    @contextmanager
    def _write_transaction(self) -> Iterator[None]:
        c = self._conn
        c.execute("BEGIN IMMEDIATE")  # SQLite's one writer lock, across processes
        try:
            yield
            c.execute("COMMIT")
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise

    @contextmanager
    def _snapshot(self) -> Iterator[None]:
        c = self._conn
        c.execute("BEGIN")  # in WAL mode a read transaction sees one snapshot
        try:
            yield
        finally:
            if c.in_transaction:
                c.execute("ROLLBACK")

    def _bootstrap(self) -> None:
        self._conn.execute("CREATE TABLE IF NOT EXISTS migrations "
                           "(name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")


# -------------------------------------------------------------- choosing a backend

def ledger_location(settings: Settings | None = None,
                    ledger: str | Path | None = None) -> Path | str:
    """Where the ledger is: ``ledger`` (a path, or a ``postgresql://`` URL) when given,
    else the ``ledger`` setting, else ``ledger_path``, else ``$CERTIRAG_HOME/ledger.db``.
    A URL is returned as a string (with its credentials: show :func:`redact_url` of
    it), a file as a :class:`~pathlib.Path`."""
    settings = settings or Settings()
    chosen = ledger if ledger is not None else settings.ledger
    if chosen is None:
        return settings.ledger_path or Ledger.default_path(settings)
    if isinstance(chosen, Path):
        return chosen
    if is_postgres_url(chosen):
        return chosen.strip()
    if not chosen.strip():
        raise InputError("the ledger is empty: give a file or a postgresql:// URL")
    return Path(chosen).expanduser()


def open_ledger(settings: Settings | None = None, *, ledger: str | Path | None = None,
                readonly: bool = False) -> BaseLedger:
    """Open the configured ledger (:func:`ledger_location`): SQLite for a file,
    PostgreSQL for a ``postgresql://`` URL. ``readonly`` opens an existing ledger without
    writing to it (:class:`InputError` when there is none, :class:`LedgerDamagedError`
    when it is not a ledger); otherwise it is created and migrated as needed."""
    where = ledger_location(settings, ledger)
    if isinstance(where, str):
        return PostgresLedger.open(where, settings=settings, create=not readonly,
                                   readonly=readonly)
    return Ledger.open(where, settings=settings, create=not readonly, readonly=readonly)


def verify_ledger(ledger: Path | str | None, public_key: Ed25519PublicKey, *,
                  since: Checkpoint | None = None,
                  settings: Settings | None = None) -> tuple[Path | str, LedgerCheck]:
    """Open the ledger ``ledger`` (a path or a URL; ``None``: the configured one)
    read-only and verify it with ``public_key``; one that is not a ledger is a failed
    check (``damaged``), left as it was. A missing ledger raises :class:`InputError`.
    Returns the ledger verified (a URL without its password) and the check."""
    where = ledger_location(settings, ledger)
    shown: Path | str = redact_url(where) if isinstance(where, str) else where
    try:
        opened = open_ledger(settings, ledger=where, readonly=True)
    except LedgerDamagedError as exc:
        check = LedgerCheck()
        check.fail("damaged", str(exc))
        what = "the database" if isinstance(where, str) else "the file"
        check.proven.append(f"nothing: {what} is not a ledger")
        check.not_proven.append("which certificates were recorded: restore the ledger from "
                                "a backup and verify it against a published checkpoint")
        return shown, check
    with opened:
        return shown, opened.verify(public_key, since=since)

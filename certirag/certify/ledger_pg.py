"""The ledger in PostgreSQL (``ledger: postgresql://…``, extra ``[postgres]``).

The same log as the SQLite ledger, for many processes and machines that append to one
database: the same tables (``entries``, ``nodes``, ``checkpoints``, ``meta``,
``migrations``) in the schema ``certirag_ledger``, created by named, append-only
migrations recorded in ``migrations``; the same append, proofs and checks
(:mod:`certirag.certify.ledger_base`).

**One log.** Every write transaction first takes one transaction-level advisory lock
(``pg_advisory_xact_lock`` on :data:`LOCK_KEY`, released at commit or rollback), at
READ COMMITTED, so each later statement sees every append committed before it: the new
entry's index is the current size, and appends from any number of processes form one
gap-free sequence 0..N-1 (no ``SERIAL``: a sequence leaves gaps when a transaction
rolls back). :meth:`PostgresLedger.verify` reads all rows in one REPEATABLE READ
snapshot.

**Append-only.** A statement trigger on every table refuses ``UPDATE``, ``DELETE`` and
``TRUNCATE``. The tables' owner (and a superuser) can drop or disable the triggers; what
they change then is caught as in SQLite, by the signed checkpoints, the checkpoint file
and checkpoints published elsewhere. An appending role needs only ``USAGE`` on the
schema and ``SELECT, INSERT`` on its tables.

**The checkpoint file** of a PostgreSQL ledger is kept on the machine that appends, in
``$CERTIRAG_HOME/ledger-checkpoints/`` (named by the server's host, port and database as
the connection reached them), outside the database's reach.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certirag.certify.ledger_base import (
    CHECKPOINT_FILE_SUFFIX,
    LEDGER_TABLES,
    BaseLedger,
    LedgerDamagedError,
    Migrations,
    Rows,
)
from certirag.config import Settings
from certirag.errors import CertificateError, CertiragError, InputError
from certirag.pg import connect, errors, redact_url

if TYPE_CHECKING:
    import psycopg

__all__ = ["CHECKPOINT_FOLDER", "LOCK_KEY", "PG_MIGRATIONS", "SCHEMA", "PostgresLedger"]

#: The schema that holds the ledger's tables.
SCHEMA = "certirag_ledger"
#: The ``pg_advisory_xact_lock`` key every write transaction takes (64 bits of
#: sha256("certirag.ledger"), so that other applications' keys do not collide).
LOCK_KEY = int.from_bytes(hashlib.sha256(b"certirag.ledger").digest()[:8], "big",
                          signed=True)
#: Where, under ``$CERTIRAG_HOME``, the checkpoint files of PostgreSQL ledgers are kept.
CHECKPOINT_FOLDER = "ledger-checkpoints"
_WHAT = "the ledger"

#: Named migrations, applied in order and recorded in ``migrations``; never edit one,
#: only append. The tables are those of the SQLite ledger, typed.
PG_MIGRATIONS: Migrations = (
    ("0001_entries_nodes_checkpoints", (
        """CREATE TABLE entries (
               idx bigint PRIMARY KEY CHECK (idx >= 0),
               cert_id text NOT NULL UNIQUE,
               payload bytea NOT NULL,
               envelope text NOT NULL,
               leaf_hash bytea NOT NULL,
               appended_at text NOT NULL)""",
        """CREATE TABLE nodes (
               level integer NOT NULL,
               idx bigint NOT NULL,
               hash bytea NOT NULL,
               PRIMARY KEY (level, idx))""",
        """CREATE TABLE checkpoints (
               tree_size bigint PRIMARY KEY,
               root_hash bytea NOT NULL,
               note text NOT NULL,
               created_at text NOT NULL)""",
        "CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)",
    )),
    ("0002_append_only_triggers", (
        """CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'the ledger is append-only'; END $$""",
        *(f"""CREATE TRIGGER {table}_append_only
              BEFORE UPDATE OR DELETE OR TRUNCATE ON {table}
              FOR EACH STATEMENT EXECUTE FUNCTION refuse_change()"""
          for table in ("entries", "nodes", "checkpoints", "meta")),
    )),
)


def _checkpoint_file(conn: psycopg.Connection[Any], settings: Settings | None) -> Path:
    """The checkpoint file of the database ``conn`` reached, in ``$CERTIRAG_HOME``."""
    info = conn.info
    name = re.sub(r"[^A-Za-z0-9._-]", "_", f"postgresql-{info.host}-{info.port}-{info.dbname}")
    return (settings or Settings()).home / CHECKPOINT_FOLDER / (name + CHECKPOINT_FILE_SUFFIX)


class PostgresLedger(BaseLedger):
    """The PostgreSQL ledger. Open with :meth:`open`; close it (or use ``with``)."""

    MIGRATIONS = PG_MIGRATIONS
    DB_ERRORS = (CertiragError,)

    def __init__(self, conn: psycopg.Connection[Any], location: str,
                 checkpoint_path: Path) -> None:
        super().__init__(location)
        self._conn = conn
        self._checkpoint_path = checkpoint_path

    @classmethod
    def open(cls, url: str, *, settings: Settings | None = None, create: bool = True,
             readonly: bool | None = None) -> PostgresLedger:
        """Connect to the ledger at ``url`` (credentials from the URL or the ``PG*``
        environment variables) and, with ``create``, make or migrate it.

        ``readonly`` (the default when ``create`` is false) changes nothing: every
        transaction of the session is read-only; a database without the ledger's schema
        raises :class:`InputError`, a schema without its tables
        :class:`LedgerDamagedError`. A server that cannot be reached raises
        :class:`~certirag.errors.BackendUnavailable`."""
        if readonly is None:
            readonly = not create
        conn = connect(url, what=_WHAT)
        try:
            ledger = cls(conn, redact_url(url), _checkpoint_file(conn, settings))
            ledger._execute(f"SET search_path TO {SCHEMA}")
            if readonly:
                ledger._execute("SET default_transaction_read_only = on")
            if readonly or not create:
                ledger._check_present()
            if not readonly:
                ledger._migrate()
        except BaseException:
            conn.close()
            raise
        if not readonly:
            folder = ledger.checkpoint_path.parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                conn.close()
                raise InputError(f"cannot create the folder of the checkpoint file: "
                                 f"{exc.strerror}", source=str(folder)) from exc
        return ledger

    def _check_present(self) -> None:
        """Refuse a database without the ledger, or with a damaged one (read-only)."""
        found = self._execute("SELECT 1 FROM pg_namespace WHERE nspname = ?",
                              (SCHEMA,)).fetchone()
        if found is None:
            raise InputError(f"no ledger in {self.location} (no schema {SCHEMA}; "
                             "certificates are appended when a signing key is configured)")
        tables = {str(r[0]) for r in self._execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = ? AND c.relkind IN ('r', 'p')", (SCHEMA,))}
        missing = sorted(LEDGER_TABLES - tables)
        if missing:
            raise LedgerDamagedError(f"{self.location}: schema {SCHEMA} is not a ledger: it "
                                     f"has no {', '.join(missing)} table(s)")
        self._check_migrations()

    @property
    def checkpoint_path(self) -> Path:
        return self._checkpoint_path

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> PostgresLedger:
        return self

    # ---- the backend ---------------------------------------------------------------
    def _guard(self) -> AbstractContextManager[None]:
        return errors(f"{_WHAT} {self.location}", other=CertificateError)

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        with self._guard():
            if params:
                return self._conn.execute(sql.replace("?", "%s"), tuple(params))
            return self._conn.execute(sql)

    @contextmanager
    def _write_transaction(self) -> Iterator[None]:
        with self._guard(), self._conn.transaction():
            self._execute("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
            self._execute(f"SELECT pg_advisory_xact_lock({LOCK_KEY})")
            yield

    @contextmanager
    def _snapshot(self) -> Iterator[None]:
        with self._guard(), self._conn.transaction():
            self._execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield

    def _bootstrap(self) -> None:
        if self._execute("SELECT 1 FROM pg_namespace WHERE nspname = ?",
                         (SCHEMA,)).fetchone() is None:
            self._execute(f"CREATE SCHEMA {SCHEMA}")
        if self._execute("SELECT to_regclass(?)", (f"{SCHEMA}.migrations",)
                         ).fetchone()[0] is None:
            self._execute(f"CREATE TABLE {SCHEMA}.migrations "
                          "(name text PRIMARY KEY, applied_at text NOT NULL)")

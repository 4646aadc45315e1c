"""A store in PostgreSQL with pgvector (``store: postgresql://…``, extra ``[postgres]``).

Many ``certirag serve`` replicas can share one database. Layout (schema ``certirag``)::

    migrations (name, applied_at)          append-only, named, applied once
    indexes (id, name, dim, meta, documents, chunks, tokens)
    docs_<id>   (seq, id, sha256, record)  record: the Document as JSON
    chunks_<id> (seq, id, doc_id, record, body, tsv, len, embedding vector(dim))
    terms_<id>  (lexeme, df)               document frequency of each lexeme, for BM25

``tsv`` is ``to_tsvector('english', body)`` (a generated column with a GIN index) and
``embedding`` has an HNSW index for inner product. Search runs in SQL: BM25 over the
lexemes of the query (Lucene's idf, ``k1`` 1.5, ``b`` 0.75, as the local store's bm25s),
dense by inner product, and hybrid as reciprocal rank fusion of the two in one query.

A write (ingest) is one transaction under a per-index advisory lock: a failure leaves
the store exactly as it was. Credentials come from the URL or the ``PG*`` environment
variables (libpq) and are never shown: :attr:`PgBackend.location` drops the password.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from certirag.errors import BackendUnavailable, IndexStoreError, InputError
from certirag.index.store import (
    DocumentChunks,
    FusedChunk,
    ScoredChunk,
    Store,
    StoreStats,
    check_index_name,
)
from certirag.pg import (
    EXTRA_HINT,
    connect,
    connect_error,
    connect_options,
    errors,
    redact_url,
)
from certirag.schemas import Chunk, Document

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["MIGRATIONS", "PgBackend", "PgStore"]

_K1, _B = 1.5, 0.75

#: The catalog's migrations, in order; never edit one that has shipped, append.
MIGRATIONS: tuple[tuple[str, str], ...] = (
    ("0001_catalog", """
        CREATE TABLE IF NOT EXISTS certirag.indexes (
            id bigserial PRIMARY KEY,
            name text NOT NULL UNIQUE,
            dim integer NOT NULL,
            meta jsonb NOT NULL DEFAULT '{}',
            documents bigint NOT NULL DEFAULT 0,
            chunks bigint NOT NULL DEFAULT 0,
            tokens bigint NOT NULL DEFAULT 0,
            created_at timestamptz NOT NULL DEFAULT now());
        CREATE OR REPLACE FUNCTION certirag.tsv_len(tsvector) RETURNS integer
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
            $$ SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::integer
               FROM unnest($1) $$;
    """),
)


#: A write that adds at least this many chunks, and more than a quarter of what the index
#: holds, rebuilds the HNSW index after loading instead of inserting row by row (about 5x
#: faster per chunk: docs/scaling.md); searches of that index wait for the commit.
BULK_ROWS = 5_000
#: ``maintenance_work_mem`` for that rebuild (the graph should fit in it).
BULK_MEMORY = "2GB"


def _hnsw_ddl(ix: int) -> str:
    return (f"CREATE INDEX chunks_{ix}_hnsw ON certirag.chunks_{ix} "
            "USING hnsw (embedding vector_ip_ops)")


#: An index's row as a search reads it once: its id, chunk count and token count.
_IndexRow = tuple[int, int, int]


def _index_ddl(ix: int, dim: int) -> str:
    return f"""
        CREATE TABLE certirag.docs_{ix} (
            seq bigserial UNIQUE, id text PRIMARY KEY, sha256 text NOT NULL,
            record text NOT NULL);
        CREATE TABLE certirag.chunks_{ix} (
            seq bigserial UNIQUE, id text PRIMARY KEY,
            doc_id text NOT NULL REFERENCES certirag.docs_{ix} (id) ON DELETE CASCADE,
            record text NOT NULL, body text NOT NULL,
            tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', body)) STORED,
            len integer GENERATED ALWAYS AS
                (certirag.tsv_len(to_tsvector('english', body))) STORED,
            embedding vector({dim}) NOT NULL);
        CREATE INDEX ON certirag.chunks_{ix} (doc_id);
        CREATE INDEX ON certirag.chunks_{ix} USING gin (tsv);
        {_hnsw_ddl(ix)};
        CREATE TABLE certirag.terms_{ix} (lexeme text PRIMARY KEY, df bigint NOT NULL);
    """


#: Full BM25 scores (Lucene's idf and tf part, as bm25s) of the chunks that match the
#: tsquery ``%(tq)s`` (the essential terms), over every query term ``%(lex)s``.
_BM25_SQL = """
    WITH w AS (SELECT * FROM unnest(%(lex)s::text[], %(idf)s::float8[]) AS w(lexeme, idf)),
    hit AS (SELECT c.seq, c.id, c.record, c.len, w.idf,
                   coalesce(array_length(u.positions, 1), 1) AS tf
            FROM (SELECT seq, id, record, len, tsv FROM certirag.chunks_{ix}
                  WHERE tsv @@ %(tq)s::tsquery {cap}) AS c
            CROSS JOIN LATERAL unnest(c.tsv) AS u JOIN w ON w.lexeme = u.lexeme)
    SELECT id, record,
           sum(idf * tf / (tf + {k1} * (1 - {b} + {b} * len / %(dl)s::float8))) AS score, seq
    FROM hit GROUP BY seq, id, record ORDER BY score DESC, seq LIMIT %(k)s"""

#: The dense top ``%(k)s`` by inner product with ``%(v)s``, ranked (HNSW index).
_DENSE_SQL = """
    dn AS (SELECT seq, id, record, -(embedding <#> %(v)s::vector) AS score
           FROM certirag.chunks_{ix} ORDER BY embedding <#> %(v)s::vector, seq LIMIT %(k)s),
    d AS (SELECT id, record, score, row_number() OVER (ORDER BY score DESC, seq) AS rank
          FROM dn)"""

#: Reciprocal rank fusion of the BM25 ranking (``%(bid)s``, ``%(bscore)s``) and the dense
#: one; ties: first seen, BM25 before dense-only.
_FUSE_SQL = """
    WITH b AS (SELECT * FROM unnest(%(bid)s::text[], %(bscore)s::float8[])
               WITH ORDINALITY AS b(id, score, rank)),
    {dense}
    SELECT coalesce(b.id, d.id), d.record, b.score, d.score,
           coalesce(%(wb)s / (%(rk)s + b.rank), 0)
           + coalesce(%(wd)s / (%(rk)s + d.rank), 0) AS rrf,
           coalesce(b.rank, %(k)s + d.rank) AS first_seen
    FROM b FULL JOIN d USING (id)
    ORDER BY rrf DESC, first_seen LIMIT %(top)s"""


def _tsquery_literal(lexeme: str) -> str:
    """``lexeme`` quoted for tsquery input (taken as is: no parsing, no stemming)."""
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def _vector_text(row: Any) -> str:
    return "[" + ",".join(repr(float(x)) for x in row) + "]"


class PgBackend:
    """Named indexes in one PostgreSQL database. Connections come from a small pool,
    opened on first use."""

    def __init__(self, url: str, settings: Settings, *, max_connections: int = 8) -> None:
        self.url = url
        self.settings = settings
        self._max = max_connections
        self._pool: Any = None
        self._lock = threading.Lock()
        self._migrated = False

    @property
    def location(self) -> str:
        return redact_url(self.url)

    def _get_pool(self) -> Any:
        with self._lock:
            if self._pool is None:
                try:
                    from psycopg_pool import ConnectionPool
                except ImportError as exc:
                    raise BackendUnavailable(
                        f"a postgresql:// store needs the postgres extra: {EXTRA_HINT}"
                    ) from exc
                # one direct connection first: a server that cannot be reached or refuses
                # the login fails now with libpq's reason (the pool would retry quietly
                # until its timeout), and a URL libpq cannot read is a ConfigError
                connect(self.url).close()
                self._pool = ConnectionPool(self.url, min_size=0, max_size=self._max,
                                            kwargs=connect_options(self.url), open=True,
                                            name="certirag-store")
            return self._pool

    @contextmanager
    def connection(self) -> Iterator[Any]:
        """A pooled connection; the block runs in one transaction (committed on success).
        A driver error inside the block is a :class:`BackendError` when the connection
        broke, an :class:`IndexStoreError` for anything else the server refused."""
        with self._acquire() as conn, errors(f"PostgreSQL store at {self.location}",
                                             IndexStoreError):
            if not self._migrated:
                self._migrate(conn)
            yield conn

    @contextmanager
    def _acquire(self) -> Iterator[Any]:
        import psycopg
        from psycopg_pool import PoolTimeout  # an OperationalError too

        pool = self._get_pool()
        entered = False
        try:
            with pool.connection(timeout=30) as conn:
                entered = True
                yield conn
        except PoolTimeout as exc:
            raise BackendUnavailable(f"{self.location}: no database connection within "
                                     "30 s") from exc
        except psycopg.OperationalError as exc:
            if entered:
                raise
            raise connect_error(self.url, exc) from exc

    def _migrate(self, conn: Any) -> None:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext('certirag.store.migrate'))")
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            conn.execute("CREATE SCHEMA IF NOT EXISTS certirag")
            conn.execute("CREATE TABLE IF NOT EXISTS certirag.migrations ("
                         "name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
            done = {r[0] for r in conn.execute("SELECT name FROM certirag.migrations")}
            for name, sql in MIGRATIONS:
                if name not in done:
                    conn.execute(sql)
                    conn.execute("INSERT INTO certirag.migrations (name) VALUES (%s)", (name,))
        self._migrated = True

    def migrations(self) -> list[str]:
        """The names of the applied migrations, in order."""
        with self.connection() as conn:
            return [r[0] for r in conn.execute(
                "SELECT name FROM certirag.migrations ORDER BY name")]

    def names(self) -> list[str]:
        with self.connection() as conn:
            return [r[0] for r in conn.execute("SELECT name FROM certirag.indexes ORDER BY name")]

    def store(self, name: str) -> Store:
        return PgStore(self, check_index_name(name))

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None


class PgStore:
    """One named index of a :class:`PgBackend`."""

    def __init__(self, backend: PgBackend, name: str) -> None:
        self.backend = backend
        self.name = name
        self._dim = 0  # an index's dimension never changes once it exists

    @property
    def location(self) -> str:
        return f"{self.backend.location} index {self.name}"

    def _row(self, conn: Any) -> tuple[int, int, dict[str, Any], int, int, int] | None:
        row = conn.execute("SELECT id, dim, meta, documents, chunks, tokens FROM "
                           "certirag.indexes WHERE name = %s", (self.name,)).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3], row[4], row[5])

    def exists(self) -> bool:
        with self.backend.connection() as conn:
            return self._row(conn) is not None

    def stats(self) -> StoreStats:
        with self.backend.connection() as conn:
            row = self._row(conn)
        if row is None:
            return StoreStats(documents=0, chunks=0, dim=0, meta={})
        _, dim, meta, documents, chunks, _ = row
        return StoreStats(documents=documents, chunks=chunks, dim=dim,
                          meta={**meta, "documents": documents, "chunks": chunks, "dim": dim})

    def document_hashes(self) -> dict[str, str]:
        with self.backend.connection() as conn:
            row = self._row(conn)
            if row is None:
                return {}
            return dict(conn.execute(f"SELECT id, sha256 FROM certirag.docs_{row[0]}").fetchall())

    def get_document(self, doc_id: str) -> Document | None:
        if "\x00" in doc_id:  # no stored id holds one (PostgreSQL text cannot)
            return None
        with self.backend.connection() as conn:
            row = self._row(conn)
            if row is None:
                return None
            found = conn.execute(f"SELECT record FROM certirag.docs_{row[0]} WHERE id = %s",
                                 (doc_id,)).fetchone()
        return None if found is None else Document.model_validate_json(found[0])

    # ---- writing -------------------------------------------------------------------------
    def write(self, upserts: Sequence[DocumentChunks], deletes: Sequence[str] = (),
              meta: dict[str, Any] | None = None) -> None:
        """Replace ``upserts`` and delete ``deletes`` in one transaction."""
        if not upserts and not deletes:
            return
        for u in upserts:  # PostgreSQL text cannot hold NUL (the record keeps the text's)
            if "\x00" in u.document.id:
                raise InputError(f"document id {u.document.id!r}: a PostgreSQL store cannot "
                                 "hold a NUL character in an id")
        deletes = [d for d in deletes if "\x00" not in d]  # no stored id holds one
        dims = {int(u.vectors.shape[1]) for u in upserts if u.chunks}
        dim = int((meta or {}).get("dim") or (dims.pop() if len(dims) == 1 else 0))
        if len(dims) > 1:
            raise IndexStoreError("the documents' vectors have different dimensions")
        with self.backend.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))",
                         ("certirag.index:" + self.name,))
            row = self._row(conn)
            if row is None:
                if not dim:
                    raise IndexStoreError(f"{self.location}: a new index needs the vectors' "
                                          "dimension")
                ix = conn.execute("INSERT INTO certirag.indexes (name, dim) VALUES (%s, %s) "
                                  "RETURNING id", (self.name, dim)).fetchone()[0]
                conn.execute(_index_ddl(ix, dim))
                stored_dim, stored_meta = dim, {}
            else:
                ix, stored_dim, stored_meta = row[0], row[1], row[2]
                if dim and dim != stored_dim:
                    raise IndexStoreError(f"{self.location} holds vectors of dimension "
                                          f"{stored_dim}, not {dim}")
            replaced = sorted(set(deletes) | {u.document.id for u in upserts})
            self._forget(conn, ix, replaced)
            adding = sum(len(u.chunks) for u in upserts)
            bulk = adding >= BULK_ROWS and 4 * adding > (row[4] if row is not None else 0)
            if bulk:
                conn.execute(f"DROP INDEX certirag.chunks_{ix}_hnsw")
            self._insert(conn, ix, upserts)
            if bulk:
                conn.execute(f"SET LOCAL maintenance_work_mem = '{BULK_MEMORY}'")
                conn.execute(_hnsw_ddl(ix))
            new_meta = {k: v for k, v in {**stored_meta, **(meta or {})}.items()
                        if k not in ("documents", "chunks", "dim")}
            conn.execute(
                f"UPDATE certirag.indexes SET meta = %s, "
                f"documents = (SELECT count(*) FROM certirag.docs_{ix}), "
                f"chunks = (SELECT count(*) FROM certirag.chunks_{ix}), "
                f"tokens = (SELECT coalesce(sum(len), 0) FROM certirag.chunks_{ix}) "
                f"WHERE id = %s", (json.dumps(new_meta), ix))

    @staticmethod
    def _forget(conn: Any, ix: int, doc_ids: list[str]) -> None:
        if not doc_ids:
            return
        conn.execute(
            f"WITH gone AS (SELECT lexeme, count(*) AS n FROM certirag.chunks_{ix} c, "
            f"unnest(tsvector_to_array(c.tsv)) AS lexeme WHERE c.doc_id = ANY(%s) "
            f"GROUP BY lexeme) UPDATE certirag.terms_{ix} t SET df = t.df - gone.n "
            f"FROM gone WHERE t.lexeme = gone.lexeme", (doc_ids,))
        conn.execute(f"DELETE FROM certirag.terms_{ix} WHERE df <= 0")
        conn.execute(f"DELETE FROM certirag.docs_{ix} WHERE id = ANY(%s)", (doc_ids,))

    @staticmethod
    def _insert(conn: Any, ix: int, upserts: Sequence[DocumentChunks]) -> None:
        if not upserts:
            return
        after = conn.execute(f"SELECT coalesce(max(seq), 0) FROM certirag.chunks_{ix}"
                             ).fetchone()[0]
        with conn.cursor() as cur:
            with cur.copy(f"COPY certirag.docs_{ix} (id, sha256, record) FROM STDIN") as copy:
                for u in upserts:
                    copy.write_row((u.document.id, u.document.sha256,
                                    u.document.model_dump_json()))
            with cur.copy(f"COPY certirag.chunks_{ix} (id, doc_id, record, body, embedding) "
                          "FROM STDIN") as copy:
                for u in upserts:
                    for chunk, vector in zip(u.chunks, u.vectors, strict=True):
                        # PostgreSQL text cannot hold NUL; the record keeps the exact text
                        copy.write_row((chunk.id, chunk.doc_id, chunk.model_dump_json(),
                                        chunk.text.replace("\x00", " "), _vector_text(vector)))
        conn.execute(  # the new chunks are those after the previous last one
            f"INSERT INTO certirag.terms_{ix} (lexeme, df) SELECT lexeme, count(*) "
            f"FROM certirag.chunks_{ix} c, unnest(tsvector_to_array(c.tsv)) AS lexeme "
            f"WHERE c.seq > %s GROUP BY lexeme ON CONFLICT (lexeme) DO UPDATE "
            f"SET df = certirag.terms_{ix}.df + EXCLUDED.df", (after,))

    # ---- searching -----------------------------------------------------------------------
    def _bm25(self, conn: Any, index: _IndexRow, query: str, depth: int
              ) -> list[tuple[str, str, float]]:
        """The top-``depth`` (id, record, score) by BM25 without scoring every chunk that
        shares a common word with the query (MaxScore).

        A term adds less than its idf to a chunk's score (the tf part is below 1). Score
        only the chunks that hold one of the rarest terms ("essential"), fully; when the
        ``depth``-th score is at least the idf sum of the other terms, no other chunk can
        enter the top ``depth``. Else take in the next rarest term and score again. The
        result is exact unless taking in a term would score more than
        ``pg_bm25_max_scored`` chunks (counted by document frequency): then the chunks
        that hold only the query's commonest terms are not scored. ``index`` is the index's
        row as the search read it (its id, chunk and token counts)."""
        ix, n, tokens = index
        terms = conn.execute(
            f"SELECT lexeme, df FROM certirag.terms_{ix} WHERE lexeme = ANY("
            "tsvector_to_array(to_tsvector('english', %s)))", (query,)).fetchall()
        if not terms or depth <= 0:
            return []
        idf = {lex: math.log(1 + (n - df + 0.5) / (df + 0.5)) for lex, df in terms}
        order = sorted(idf, key=lambda lex: (-idf[lex], lex))
        params = {"lex": order, "idf": [idf[t] for t in order], "k": depth,
                  "dl": max(tokens / max(n, 1), 1e-9)}
        df = dict(terms)

        def rest(e: int) -> float:  # what the terms after the first e add at most
            return sum(idf[t] for t in order[e:])

        limit = self.backend.settings.pg_bm25_max_scored

        def within(e: int) -> bool:  # the first e terms' chunks stay within the limit
            return sum(int(df[t]) for t in order[:e]) <= limit

        def sample(e: int, rows: list[Any]) -> list[Any]:
            """``rows`` filled from at most ``limit`` chunks holding one of the first e
            terms (in table order: a sample, not the best of them), each scored fully."""
            params["tq"] = " | ".join(_tsquery_literal(t) for t in order[:e])
            params["cap"] = limit
            more = conn.execute(_BM25_SQL.format(ix=ix, k1=_K1, b=_B, cap="LIMIT %(cap)s"),
                                params).fetchall()
            merged = {r[0]: r for r in (*rows, *more)}
            return sorted(merged.values(), key=lambda r: (-r[2], r[3]))[:depth]

        if not within(1):  # even the rarest term is in more chunks than the limit
            return [(r[0], r[1], float(r[2])) for r in sample(len(order), [])]
        # start with enough rare terms to fill the ranking, if their chunks are distinct
        essential, seen = 1, df[order[0]]
        while essential < len(order) and seen < depth and within(essential + 1):
            seen += df[order[essential]]
            essential += 1
        while True:
            params["tq"] = " | ".join(_tsquery_literal(t) for t in order[:essential])
            rows = conn.execute(_BM25_SQL.format(ix=ix, k1=_K1, b=_B, cap=""),
                                params).fetchall()
            if essential == len(order):
                break
            floor = float(rows[-1][2]) if len(rows) >= depth else None
            if floor is not None and rest(essential) <= floor:
                break  # a chunk without an essential term scores below the floor
            step = essential + 1
            while floor is not None and step < len(order) and rest(step) > floor:
                step += 1  # the floor only rises as terms join: skip ahead
            wanted = step
            while step > essential and not within(step):
                step -= 1  # past the limit: chunks with only the commonest terms are left
            if step == essential:
                if len(rows) < depth:  # fill the ranking from a bounded sample of the rest
                    rows = sample(wanted, rows)
                break
            essential = step
        return [(r[0], r[1], float(r[2])) for r in rows]

    def _index_row(self, conn: Any) -> _IndexRow | None:
        row = self._row(conn)
        return None if row is None or row[4] == 0 else (row[0], row[4], row[5])

    @contextmanager
    def _searching(self, depth: int = 0) -> Iterator[tuple[Any, _IndexRow | None]]:
        with self.backend.connection() as conn, conn.transaction():
            ix = self._index_row(conn)
            if ix is not None and depth:
                # HNSW candidates: twice the ranking's depth, 100 at least (pgvector's
                # default of 40 lost 0.011 of dense recall@5 on the retrieval benchmark)
                conn.execute(f"SET LOCAL hnsw.ef_search = {min(max(100, 2 * depth), 1000)}")
            yield conn, ix

    def search_bm25(self, query: str, k: int) -> list[ScoredChunk]:
        with self._searching() as (conn, ix):
            if ix is None or k <= 0:
                return []
            rows = self._bm25(conn, ix, query.replace("\x00", " "), k)
        return [ScoredChunk(Chunk.model_validate_json(r[1]), r[2]) for r in rows]

    def search_dense(self, vector: Any, k: int) -> list[ScoredChunk]:
        v = self._checked_vector(vector)
        with self._searching(k) as (conn, ix):
            if ix is None or k <= 0:
                return []
            rows = conn.execute(f"WITH {_DENSE_SQL.format(ix=ix[0])} SELECT record, score "
                                "FROM d ORDER BY rank", {"v": v, "k": k}).fetchall()
        return [ScoredChunk(Chunk.model_validate_json(r[0]), float(r[1])) for r in rows]

    def search_hybrid(self, query: str, vector: Any, k: int, *, depth: int, rrf_k: int,
                      weights: tuple[float, float] = (1.0, 1.0)) -> list[FusedChunk]:
        """Reciprocal rank fusion of the BM25 and dense top-``depth``, fused in SQL.
        Ties keep the order of the local fusion: BM25 hits first, then dense-only hits."""
        v = self._checked_vector(vector)
        depth = max(depth, k)
        with self._searching(depth) as (conn, ix):
            if ix is None or k <= 0:
                return []
            lexical = self._bm25(conn, ix, query.replace("\x00", " "), depth)
            rows = conn.execute(_FUSE_SQL.format(dense=_DENSE_SQL.format(ix=ix[0])), {
                "bid": [r[0] for r in lexical], "bscore": [r[2] for r in lexical],
                "v": v, "k": depth, "wb": float(weights[0]), "wd": float(weights[1]),
                "rk": int(rrf_k), "top": int(k)}).fetchall()
        records = {r[0]: r[1] for r in lexical}
        return [FusedChunk(Chunk.model_validate_json(r[1] if r[1] is not None
                                                     else records[r[0]]),
                           float(r[4]), None if r[2] is None else float(r[2]),
                           None if r[3] is None else float(r[3])) for r in rows]

    def _checked_vector(self, vector: Any) -> str:
        import numpy as np

        arr = np.asarray(vector, dtype=np.float32).reshape(-1)
        if not self._dim:
            self._dim = self.stats().dim
        dim = self._dim
        if dim and arr.shape[0] != dim:
            raise IndexStoreError(f"query vector has dimension {arr.shape[0]}, the index "
                                  f"holds {dim}")
        return _vector_text(arr)

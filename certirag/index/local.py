"""The embedded default store: one folder on disk, BM25 (bm25s) + exact dense search (faiss).

Layout::

    DIR/CURRENT              name of the live generation, replaced atomically
    DIR/gen-000007/          one complete, immutable generation
        meta.json            format, counts, embedding model id and sha256, chunking settings
        documents.jsonl      Document records
        chunks.jsonl         Chunk records; row i of vectors.npy and BM25 document i
        vectors.npy          float32 unit vectors
        bm25/                the bm25s index (absent when no chunk has a BM25 term:
                             no chunks, or only stop words such as "The"; meta.json
                             then says ``"bm25_terms": 0`` and BM25 search finds nothing)
    DIR/.lock                held while writing

A write builds a new generation beside the live one and then swaps ``CURRENT``; a
failure or a kill at any point leaves the previous generation live and intact.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from certirag.errors import IndexStoreError
from certirag.index.store import DocumentChunks, ScoredChunk, StoreStats
from certirag.schemas import Chunk, Document

__all__ = ["FORMAT_VERSION", "LocalStore"]

FORMAT_VERSION = 1
_CURRENT = "CURRENT"
_LOCK = ".lock"


def _stemmer() -> Any:
    import Stemmer

    return Stemmer.Stemmer("english")


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_jsonl(path: Path, rows: Iterator[str]) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(row)
            fh.write("\n")
        fh.flush()
        os.fsync(fh.fileno())


class LocalStore:
    """A :class:`~certirag.index.store.Store` kept in a folder. Loading is lazy."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._loaded_gen: str | None = None
        self._meta: dict[str, Any] = {}
        self._docs: dict[str, Document] = {}
        self._chunks: list[Chunk] = []
        self._vectors: Any = None
        self._bm25: Any = None
        self._faiss: Any = None

    # ---- reading -------------------------------------------------------------------------
    @staticmethod
    def exists_at(path: str | Path) -> bool:
        """Whether ``path`` holds an index (a ``CURRENT`` pointer)."""
        return (Path(path) / _CURRENT).is_file()

    @property
    def location(self) -> str:
        return str(self.path)

    def exists(self) -> bool:
        return self.exists_at(self.path)

    def _current_gen(self) -> str | None:
        try:
            name = (self.path / _CURRENT).read_text("ascii").strip()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            raise IndexStoreError(f"{self.path}: unreadable {_CURRENT} file") from exc
        if not name.startswith("gen-") or not (self.path / name).is_dir():
            raise IndexStoreError(
                f"{self.path}: {_CURRENT} points at a missing generation {name!r}")
        return name

    def _ensure_loaded(self) -> None:
        gen = self._current_gen()
        if gen == self._loaded_gen and (gen is None or self._meta):
            return
        self._bm25 = self._faiss = None
        if gen is None:
            self._meta, self._docs, self._chunks, self._vectors = {}, {}, [], None
            self._loaded_gen = None
            return
        import numpy as np

        root = self.path / gen
        try:
            meta = json.loads((root / "meta.json").read_text("utf-8"))
            if meta.get("format") != FORMAT_VERSION:
                raise IndexStoreError(
                    f"{self.path}: index format {meta.get('format')!r} is not supported "
                    f"(this version reads format {FORMAT_VERSION}); re-ingest into a new folder"
                )
            docs = {}
            with (root / "documents.jsonl").open(encoding="utf-8") as fh:
                for line in fh:
                    doc = Document.model_validate_json(line)
                    docs[doc.id] = doc
            with (root / "chunks.jsonl").open(encoding="utf-8") as fh:
                chunks = [Chunk.model_validate_json(line) for line in fh]
            vectors = np.load(root / "vectors.npy", mmap_mode="r")
        except IndexStoreError:
            raise
        except (OSError, ValueError) as exc:
            raise IndexStoreError(f"{self.path}: index generation {gen} is damaged: {exc}") from exc
        if vectors.shape[0] != len(chunks) or meta.get("chunks") != len(chunks):
            raise IndexStoreError(f"{self.path}: chunk and vector counts disagree in {gen}")
        self._meta, self._docs, self._chunks, self._vectors = meta, docs, chunks, vectors
        self._loaded_gen = gen

    @property
    def meta(self) -> dict[str, Any]:
        self._ensure_loaded()
        return dict(self._meta)

    def document_hashes(self) -> dict[str, str]:
        self._ensure_loaded()
        return {doc_id: doc.sha256 for doc_id, doc in self._docs.items()}

    def get_document(self, doc_id: str) -> Document | None:
        self._ensure_loaded()
        return self._docs.get(doc_id)

    def documents(self) -> list[Document]:
        self._ensure_loaded()
        return list(self._docs.values())

    def chunks(self) -> list[Chunk]:
        self._ensure_loaded()
        return list(self._chunks)

    def stats(self) -> StoreStats:
        self._ensure_loaded()
        dim = int(self._vectors.shape[1]) if self._vectors is not None else 0
        return StoreStats(documents=len(self._docs), chunks=len(self._chunks), dim=dim,
                          meta=dict(self._meta))

    # ---- searching -----------------------------------------------------------------------
    def search_bm25(self, query: str, k: int) -> list[ScoredChunk]:
        self._ensure_loaded()
        if not self._chunks or k <= 0 or self._meta.get("bm25_terms") == 0:
            return []
        import bm25s

        if self._bm25 is None:
            assert self._loaded_gen is not None
            self._bm25 = bm25s.BM25.load(str(self.path / self._loaded_gen / "bm25"),
                                         show_progress=False, mmap=False)
        tokens = bm25s.tokenize([query], stopwords="en", stemmer=_stemmer(), return_ids=False,
                                show_progress=False)[0]
        vocab = self._bm25.vocab_dict
        tokens = [t for t in tokens if t in vocab]
        if not tokens:
            return []
        k = min(k, len(self._chunks))
        docs, scores = self._bm25.retrieve([tokens], k=k, show_progress=False, n_threads=1)
        return [ScoredChunk(self._chunks[int(i)], float(s))
                for i, s in zip(docs[0], scores[0], strict=True) if s > 0]

    def search_dense(self, vector: Any, k: int) -> list[ScoredChunk]:
        self._ensure_loaded()
        if not self._chunks or k <= 0:
            return []
        import faiss
        import numpy as np

        if self._faiss is None:
            index = faiss.IndexFlatIP(int(self._vectors.shape[1]))
            index.add(np.ascontiguousarray(self._vectors, dtype=np.float32))
            self._faiss = index
        query = np.ascontiguousarray(np.asarray(vector, dtype=np.float32).reshape(1, -1))
        if query.shape[1] != self._faiss.d:
            raise IndexStoreError(f"query vector has dimension {query.shape[1]}, "
                              f"the index holds {self._faiss.d}")
        scores, ids = self._faiss.search(query, min(k, len(self._chunks)))
        return [ScoredChunk(self._chunks[int(i)], float(s))
                for i, s in zip(ids[0], scores[0], strict=True) if i >= 0]

    # ---- writing -------------------------------------------------------------------------
    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.mkdir(parents=True, exist_ok=True)
        with (self.path / _LOCK).open("a") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    def write(self, upserts: Sequence[DocumentChunks], deletes: Sequence[str] = (),
              meta: dict[str, Any] | None = None) -> None:
        """Apply ``upserts`` and ``deletes`` as one new generation; ``meta`` is merged in."""
        import numpy as np

        with self._locked():
            self._loaded_gen = None  # re-read under the lock
            self._ensure_loaded()
            replaced = set(deletes) | {u.document.id for u in upserts}
            docs = {i: d for i, d in self._docs.items() if i not in replaced}
            keep = [n for n, c in enumerate(self._chunks) if c.doc_id not in replaced]
            chunks = [self._chunks[n] for n in keep]
            parts = []
            if self._vectors is not None and keep:
                parts.append(np.asarray(self._vectors[keep], dtype=np.float32))
            for up in upserts:
                docs[up.document.id] = up.document
                chunks.extend(up.chunks)
                if up.chunks:
                    parts.append(np.asarray(up.vectors, dtype=np.float32))
            dim = int((meta or {}).get("dim") or self._meta.get("dim") or 0)
            vectors = np.concatenate(parts) if parts else np.zeros((0, dim), dtype=np.float32)
            if vectors.shape[0] != len(chunks):
                raise IndexStoreError("internal error: chunk and vector counts disagree")
            new_meta = {**self._meta, **(meta or {}), "format": FORMAT_VERSION,
                        "documents": len(docs), "chunks": len(chunks),
                        "dim": int(vectors.shape[1]), "updated": time.time()}
            self._commit(new_meta, docs, chunks, vectors)
        self._loaded_gen = None

    def _commit(self, meta: dict[str, Any], docs: dict[str, Document], chunks: list[Chunk],
                vectors: Any) -> None:
        import bm25s
        import numpy as np

        old = self._current_gen()
        number = int(old.split("-")[1]) + 1 if old else 1
        name = f"gen-{number:06d}"
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-gen-", dir=self.path))
        try:
            _write_jsonl(tmp / "documents.jsonl", (d.model_dump_json() for d in docs.values()))
            _write_jsonl(tmp / "chunks.jsonl", (c.model_dump_json() for c in chunks))
            with (tmp / "vectors.npy").open("wb") as fh:
                np.save(fh, vectors)
                fh.flush()
                os.fsync(fh.fileno())
            terms = 0
            if chunks:
                tokens = bm25s.tokenize([c.text for c in chunks], stopwords="en",
                                        stemmer=_stemmer(), show_progress=False)
                terms = len(tokens.vocab)
            if terms:  # bm25s cannot index a corpus without terms (only stop words)
                bm25 = bm25s.BM25()
                bm25.index(tokens, show_progress=False)
                bm25.save(str(tmp / "bm25"), show_progress=False)
            meta = {**meta, "bm25_terms": terms}
            (tmp / "meta.json").write_text(json.dumps(meta, indent=2, sort_keys=True), "utf-8")
            _fsync_dir(tmp)
            target = self.path / name
            if target.exists():  # debris of an interrupted earlier write
                shutil.rmtree(target)
            os.rename(tmp, target)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        pointer = self.path / f".{_CURRENT}.tmp"
        with pointer.open("w", encoding="ascii") as fh:
            fh.write(name + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(pointer, self.path / _CURRENT)
        _fsync_dir(self.path)
        for stale in self.path.iterdir():
            # the previous generation stays one write longer for readers that still use it
            if stale.name not in {name, old} and (stale.name.startswith("gen-")
                                                  or stale.name.startswith(".tmp-gen-")):
                shutil.rmtree(stale, ignore_errors=True)

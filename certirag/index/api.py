"""``Index``: ingest documents into a store and search them."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from certirag.config import Settings
from certirag.errors import IndexStoreError, InputError
from certirag.index.backends import check_index_name, open_backend
from certirag.index.local import LocalStore
from certirag.index.store import DocumentChunks, Store, StoreStats
from certirag.ingest.chunker import chunk_document
from certirag.ingest.loaders import load_documents
from certirag.jsonio import MAX_DEPTH, exceeds_depth
from certirag.progress import NullProgress, Progress
from certirag.retrieve.hybrid import Mode, Reranker, Retriever
from certirag.retrieve.rerank import CrossEncoderReranker
from certirag.schemas import Document, SearchResult

__all__ = ["Index", "IngestReport"]

_EMBED_SLICE = 256


@dataclass(frozen=True, slots=True)
class IngestReport:
    added: int
    updated: int
    unchanged: int
    chunks_written: int
    documents: int
    chunks: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Index:
    """An index: documents, chunks with exact offsets, BM25 and dense vectors, in a store.

    >>> index = Index.open("my-index", create=True)      # doctest: +SKIP
    >>> index.ingest(["docs/"])                            # doctest: +SKIP
    >>> index.search("notice period", k=3).hits[0].text    # doctest: +SKIP

    With a store URL (``store=`` or the ``store`` setting) the first argument is the name
    of an index in that store::

    >>> Index.open("handbook", store="postgresql://db.internal/rag", create=True)  # doctest: +SKIP
    """

    def __init__(self, path: str | Path | None = None, *, settings: Settings | None = None,
                 store: Store | None = None, embedder: Any = None,
                 reranker: Reranker | None = None) -> None:
        if store is None:
            if path is None:
                raise InputError("pass an index folder or a store")
            store = LocalStore(Path(path))
        self.store: Store = store
        self.settings = settings or Settings()
        self._embedder = embedder
        self._reranker = reranker
        self._compatible = False  # the stored embedding model was checked against ours

    @property
    def location(self) -> str:
        """Where the index lives (a folder, or a store URL without password and the name);
        certificates record it."""
        return self.store.location

    @property
    def path(self) -> Path:
        """The folder of an index in the local store (others have only a location)."""
        if isinstance(self.store, LocalStore):
            return self.store.path
        raise AttributeError(f"{self.location} is not a folder")

    @classmethod
    def open(cls, location: str | Path, *, settings: Settings | None = None,
             create: bool = False, store: str | None = None, embedder: Any = None) -> Index:
        """Open an index; with ``create`` a missing one becomes an empty index.

        ``location`` is a folder, unless a store URL is given (``store``, else the ``store``
        setting): then it is the index's name in that store."""
        settings = settings or Settings()
        url = store if store is not None else settings.store
        backend: Any = None
        if url:
            backend = open_backend(url, settings)
            st = backend.store(check_index_name(str(location)))
            hint = f"--store URL --index {location}"
        else:
            st = LocalStore(Path(location))
            hint = f"--index {location}"
        if not create and not st.exists():
            close = getattr(backend, "close", None)
            if callable(close):  # its connections, if it holds any
                close()
            raise IndexStoreError(f"no index at {st.location} (create one with: certirag "
                                  f"ingest FILES {hint})")
        return cls(settings=settings, store=st, embedder=embedder)

    # ---- components ----------------------------------------------------------------------
    @property
    def embedder(self) -> Any:
        if self._embedder is None:
            # index.embed imports numpy: `import certirag.index` stays without it
            from certirag.index.embed import OnnxEmbedder

            self._embedder = OnnxEmbedder.from_settings(self.settings)
        return self._embedder

    @property
    def reranker(self) -> Reranker | None:
        if self._reranker is None and self.settings.rerank_model:
            self._reranker = CrossEncoderReranker(self.settings.rerank_model,
                                                  threads=self.settings.threads)
        return self._reranker

    def _embed_meta(self) -> dict[str, Any]:
        info = self.embedder.info
        return {"embed_model": info.id, "embed_sha256": info.weights_sha256,
                "chunk_max_chars": self.settings.chunk_max_chars}

    def _check_compatible(self, stored: dict[str, Any]) -> None:
        if not stored.get("chunks"):
            return
        want = self._embed_meta()
        for key in ("embed_sha256", "chunk_max_chars"):
            if key in stored and stored[key] != want[key]:
                raise IndexStoreError(
                    f"{self.location} was built with {key}={stored[key]!r}; the current "
                    f"settings give {want[key]!r}. Use the original settings or ingest into "
                    "a new index."
                )

    # ---- ingest --------------------------------------------------------------------------
    def ingest(self, sources: Sequence[str | Path] | Sequence[Document], *,
               progress: Progress | None = None) -> IngestReport:
        """Add new documents, replace changed ones, skip unchanged ones; all or nothing.

        ``sources`` are paths (JSONL, .txt, .md files or folders) or ``Document`` objects.
        Every input is validated before anything is written."""
        progress = progress or NullProgress()
        t0 = time.perf_counter()
        if sources and all(isinstance(s, Document) for s in sources):
            docs = _dedupe([s for s in sources if isinstance(s, Document)])
        else:
            if any(isinstance(s, Document) for s in sources):
                raise InputError("pass either paths or Document objects, not both")
            docs = load_documents([Path(str(s)) for s in sources])
        if not docs:
            raise InputError("no documents to ingest")
        for doc in docs:  # what the store could not write back as JSON (pydantic stops at ~250)
            if exceeds_depth(doc.metadata, MAX_DEPTH - 1):
                raise InputError(f"document {doc.id!r}: metadata nests deeper than "
                                 f"{MAX_DEPTH - 1} levels")
        self._check_compatible(self.store.stats().meta)
        existing = self.store.document_hashes()
        todo = [d for d in docs if existing.get(d.id) != d.sha256]
        unchanged = len(docs) - len(todo)
        updated = sum(1 for d in todo if d.id in existing)
        chunked = [(d, chunk_document(d, max_chars=self.settings.chunk_max_chars)) for d in todo]
        texts = [c.text for _, chunks in chunked for c in chunks]
        vectors = self._embed_all(texts, progress)
        upserts, row = [], 0
        for doc, chunks in chunked:
            upserts.append(DocumentChunks(doc, chunks, vectors[row: row + len(chunks)]))
            row += len(chunks)
        if upserts:
            meta = {**self._embed_meta(), "dim": int(vectors.shape[1])}
            progress.start("writing index", None)
            self.store.write(upserts, meta=meta)
            progress.finish()
        stats = self.store.stats()
        return IngestReport(added=len(todo) - updated, updated=updated, unchanged=unchanged,
                            chunks_written=len(texts), documents=stats.documents,
                            chunks=stats.chunks, seconds=time.perf_counter() - t0)

    def _embed_all(self, texts: list[str], progress: Progress) -> Any:
        import numpy as np

        dim = int(self.embedder.dim)
        if not texts:
            return np.zeros((0, dim), dtype=np.float32)
        progress.start("embedding chunks", len(texts))
        parts = []
        for i in range(0, len(texts), _EMBED_SLICE):
            batch = texts[i: i + _EMBED_SLICE]
            parts.append(np.asarray(self.embedder.embed(batch), dtype=np.float32))
            progress.advance(len(batch))
        progress.finish()
        return np.concatenate(parts)

    # ---- search --------------------------------------------------------------------------
    def retriever(self) -> Retriever:
        return Retriever(self.store, self.embedder, rrf_k=self.settings.rrf_k,
                         candidates=self.settings.candidates, reranker=self.reranker,
                         weights=self.settings.hybrid_weights)

    def search(self, query: str, *, k: int | None = None, mode: Mode | None = None
               ) -> SearchResult:
        """Top-``k`` chunks for ``query`` (hybrid RRF of BM25 and dense by default)."""
        if not self._compatible:  # once it holds chunks, an index keeps its embedding model
            stored = self.store.stats().meta
            self._check_compatible(stored)
            self._compatible = bool(stored.get("chunks"))
        return self.retriever().search(query, k=k or self.settings.top_k,
                                       mode=mode or self.settings.retrieval_mode)

    def stats(self) -> StoreStats:
        return self.store.stats()

    def get_document(self, doc_id: str) -> Document | None:
        return self.store.get_document(doc_id)


def _dedupe(docs: list[Document]) -> list[Document]:
    seen: dict[str, Document] = {}
    for n, doc in enumerate(docs):
        prior = seen.get(doc.id)
        if prior is not None and prior.sha256 != doc.sha256:
            raise InputError(f"duplicate document id {doc.id!r} with different text "
                             f"(items {list(seen).index(doc.id)} and {n})")
        seen[doc.id] = doc
    return list(seen.values())

"""Indexes: the ``Store`` protocol, the embedded local store and the ``Index`` facade."""

from certirag.index.api import Index, IngestReport
from certirag.index.local import LocalStore
from certirag.index.store import DocumentChunks, ScoredChunk, Store, StoreStats

__all__ = ["DocumentChunks", "Index", "IngestReport", "LocalStore", "ScoredChunk", "Store",
           "StoreStats"]

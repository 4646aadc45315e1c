"""Loading documents from files and cutting them into chunks with exact offsets."""

from __future__ import annotations

from certirag.ingest.chunker import chunk_document, chunk_spans
from certirag.ingest.loaders import (
    MAX_DOCUMENT_BYTES,
    MAX_FILE_BYTES,
    SUPPORTED_SUFFIXES,
    LoadStats,
    iter_documents,
    load_documents,
)

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_FILE_BYTES",
    "SUPPORTED_SUFFIXES",
    "LoadStats",
    "chunk_document",
    "chunk_spans",
    "iter_documents",
    "load_documents",
]

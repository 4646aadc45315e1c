"""Request bodies of the HTTP API (pydantic v2). Unknown fields are refused."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = ["INDEX_NAME_PATTERN", "CertificateVerifyRequest", "DocumentIn", "EvidenceIn",
           "IndexName", "IngestRequest", "SearchRequest", "VerifyRequest"]

INDEX_NAME_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
IndexName = Annotated[str, StringConstraints(pattern=INDEX_NAME_PATTERN),
                      Field(description="index name: lowercase letters, digits, '_' and '-', "
                                        "at most 64 characters, never a path",
                            examples=["handbook"])]
MAX_QUESTION_CHARS = 10_000
MAX_ANSWER_CHARS = 100_000


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DocumentIn(_Body):
    """A document to ingest."""

    id: str = Field(min_length=1, max_length=512)
    text: str = Field(min_length=1)
    title: str | None = Field(default=None, max_length=2_000)
    source: str | None = Field(default=None, max_length=2_000)
    metadata: dict[str, Any] = Field(default_factory=dict)


class IngestRequest(_Body):
    """``POST /v1/ingest``: documents into the named index (created when missing)."""

    index: IndexName
    documents: list[DocumentIn] = Field(min_length=1, max_length=10_000)


class SearchRequest(_Body):
    """``POST /v1/search``: the top-``k`` chunks of an index for ``query``."""

    index: IndexName
    query: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)
    k: int | None = Field(default=None, ge=1, le=100)
    mode: Literal["bm25", "dense", "hybrid"] | None = None


class EvidenceIn(_Body):
    """An evidence passage given inline."""

    id: str = Field(min_length=1, max_length=512)
    text: str = Field(min_length=1)


class VerifyRequest(_Body):
    """``POST /v1/verify``: check ``answer`` against ``evidence`` or passages retrieved
    from ``index`` (exactly one of the two)."""

    question: str = Field(default="", max_length=MAX_QUESTION_CHARS)
    answer: str = Field(min_length=1, max_length=MAX_ANSWER_CHARS)
    evidence: list[EvidenceIn] | None = Field(default=None, min_length=1, max_length=1_000)
    index: IndexName | None = None
    display: Literal["strict", "mixed", "debug"] | None = None
    claims: Literal["rules", "llm"] | None = Field(
        default=None, description="how the answer becomes claims (default: the server's "
                                  "'claims' setting); 'llm' needs the server's llm_url")
    include_passages: bool = Field(
        default=False, description="also return the evidence passages as 'passages' "
                                   "(what claim evidence offsets point into)")


class CertificateVerifyRequest(_Body):
    """``POST /v1/certificates/verify``: check a certificate (a DSSE envelope, as an
    object or JSON text) against ``public_key`` (PEM; default: the server's own key)."""

    certificate: dict[str, Any] | str
    public_key: str | None = Field(default=None, max_length=10_000)
    index: IndexName | None = None

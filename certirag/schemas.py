"""Typed records that flow through certirag (pydantic v2).

Character offsets are Python code points into the original text; a span's
``text`` always equals ``source[start:end]``. JSON values are lowercase.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

__all__ = [
    "SCHEMA_KINDS",
    "Chunk",
    "Claim",
    "ClaimDecision",
    "Decision",
    "Document",
    "Evidence",
    "Reason",
    "Scores",
    "SearchHit",
    "SearchResult",
    "Span",
    "sha256_text",
]


def sha256_text(text: str) -> str:
    """Hex SHA-256 of the UTF-8 bytes of ``text``."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Document(_Model):
    """A source document; ``sha256`` is computed from ``text`` when omitted, checked when given."""

    id: str = Field(min_length=1, max_length=512)
    text: str = Field(min_length=1)
    title: str | None = None
    source: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    sha256: str = ""

    @model_validator(mode="before")
    @classmethod
    def _fill_sha(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("sha256") and isinstance(data.get("text"), str):
            data = {**data, "sha256": sha256_text(data["text"])}
        return data

    @model_validator(mode="after")
    def _check_sha(self) -> Self:
        if not self.text.strip():
            raise ValueError("document text is blank")
        if self.sha256 != sha256_text(self.text):
            raise ValueError("sha256 does not match the document text")
        return self


class Span(_Model):
    """``text == document.text[start:end]``; checked against a document passed as
    validation context (``Span.model_validate(data, context={"document": doc})``) or
    by :meth:`of`."""

    doc_id: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        if self.end < self.start:
            raise ValueError("span end is before its start")
        if self.end - self.start != len(self.text):
            raise ValueError("span length does not match its offsets")
        doc = (info.context or {}).get("document") if info.context else None
        if doc is not None:
            _check_in(doc, self.doc_id, self.start, self.end, self.text)
        return self

    @classmethod
    def of(cls, doc: Document, start: int, end: int) -> Span:
        return cls(doc_id=doc.id, start=start, end=end, text=doc.text[start:end])


def _check_in(doc: Document, doc_id: str, start: int, end: int, text: str) -> None:
    if doc.id != doc_id:
        raise ValueError(f"span belongs to {doc_id!r}, not {doc.id!r}")
    if doc.text[start:end] != text:
        raise ValueError("span text does not match the document at its offsets")


class Chunk(_Model):
    """A retrievable piece of a document: an exact span plus its position."""

    id: str
    doc_id: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str = Field(min_length=1)
    ordinal: int = Field(ge=0)
    doc_sha256: str

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        if self.end - self.start != len(self.text):
            raise ValueError("chunk length does not match its offsets")
        doc = (info.context or {}).get("document") if info.context else None
        if doc is not None:
            _check_in(doc, self.doc_id, self.start, self.end, self.text)
        return self

    @classmethod
    def of(cls, doc: Document, start: int, end: int, ordinal: int) -> Chunk:
        return cls(id=f"{doc.id}#{ordinal}", doc_id=doc.id, start=start, end=end,
                   text=doc.text[start:end], ordinal=ordinal, doc_sha256=doc.sha256)

    @property
    def span(self) -> Span:
        return Span(doc_id=self.doc_id, start=self.start, end=self.end, text=self.text)


class SearchHit(_Model):
    doc_id: str
    chunk_id: str
    start: int
    end: int
    text: str
    score: float
    scores: dict[str, float | None]


class SearchResult(_Model):
    query: str
    mode: Literal["bm25", "dense", "hybrid"]
    hits: list[SearchHit]


class Evidence(_Model):
    """A passage offered as evidence. ``doc_id``/``chunk_id``/offsets locate it when it came
    from an index; evidence passed inline has offsets into its own text."""

    doc_id: str
    chunk_id: str | None = None
    start: int = Field(default=0, ge=0)
    end: int | None = None
    text: str = Field(min_length=1)
    score: float | None = None


class Scores(_Model):
    """Calibrated class probabilities from an NLI model or judge. ``contradiction`` (and
    ``neutral``) are ``None`` for 2-class models."""

    entailment: float = Field(ge=0.0, le=1.0)
    neutral: float | None = Field(default=None, ge=0.0, le=1.0)
    contradiction: float | None = Field(default=None, ge=0.0, le=1.0)


class Decision(StrEnum):
    VERIFIED = "verified"
    UNVERIFIED = "unverified"
    BLOCKED = "blocked"
    NOT_A_CLAIM = "not_a_claim"


class Reason(_Model):
    """Why a claim got its decision: a stable lowercase ``code`` and a readable message."""

    code: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    message: str
    text: str | None = None


class Claim(_Model):
    """A checkable statement. ``start``/``end`` locate its sentence in the answer;
    ``text`` is the statement as verified (decontextualised). ``kind`` is ``unresolved``
    for a reply ("Yes.", "No, it can't.") that no statement can be built from: it is
    withheld with reason ``unresolved_answer``, never treated as ``not_a_claim``.
    ``compiler_error`` marks a sentence the LLM claim compiler failed on (``claims:
    llm``): it is withheld with reason ``compiler_error``, never checked."""

    id: str
    text: str = Field(min_length=1)
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    kind: Literal["claim", "not_a_claim", "unresolved", "compiler_error"] = "claim"


class ClaimDecision(_Model):
    claim: Claim
    decision: Decision
    reasons: list[Reason] = Field(default_factory=list)
    scores: Scores | None = None
    evidence: list[Evidence] = Field(default_factory=list)


SCHEMA_KINDS: dict[str, type[BaseModel]] = {
    "document": Document,
    "chunk": Chunk,
    "span": Span,
    "evidence": Evidence,
    "scores": Scores,
    "reason": Reason,
    "claim": Claim,
    "claim-decision": ClaimDecision,
    "search-result": SearchResult,
}

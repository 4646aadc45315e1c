"""Typed records that flow through certirag (pydantic v2).

Character offsets are Python code points into the original text; a span's
``text`` always equals ``source[start:end]``. JSON values are lowercase.

The ``…Record`` models are JSON forms read strictly (unknown keys and wrong types are an
error): :class:`VerificationRecord` is what ``certirag verify --json`` prints, and a
certificate's claims are :class:`ClaimRecord` s. :data:`SCHEMA_KINDS` names the models
whose JSON Schema ``certirag schema export`` writes.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

__all__ = [
    "SCHEMA_KINDS",
    "Chunk",
    "Claim",
    "ClaimDecision",
    "ClaimEvidenceRecord",
    "ClaimRecord",
    "Decision",
    "Document",
    "Evidence",
    "PassageRecord",
    "PolicyRecord",
    "Reason",
    "ReasonRecord",
    "Scores",
    "ScoresRecord",
    "SearchHit",
    "SearchResult",
    "Span",
    "StatsRecord",
    "VerificationRecord",
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
    from an index (:meth:`from_hit`); evidence passed inline has offsets into its own text
    (:func:`certirag.evidence.read_evidence`)."""

    doc_id: str
    chunk_id: str | None = None
    start: int = Field(default=0, ge=0)
    end: int | None = None
    text: str = Field(min_length=1)
    score: float | None = None

    @classmethod
    def from_hit(cls, hit: SearchHit) -> Evidence:
        """A search hit as evidence: its document, chunk, offsets, text and fused score."""
        return cls(doc_id=hit.doc_id, chunk_id=hit.chunk_id, start=hit.start, end=hit.end,
                   text=hit.text, score=hit.score)


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


# ---------------------------------------------------------------- records (the JSON forms)


class _Record(BaseModel):
    """A record as JSON carries it, read strictly: unknown keys and wrong types are an
    error (a number is no string, a string no number)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ReasonRecord(_Record):
    """One reason of a claim's decision (its ``code`` is one of ``docs/reasons.md``)."""

    code: str
    message: str
    text: str | None = None


class ScoresRecord(_Record):
    """The calibrated probabilities a claim was decided on (``None``: a 2-class model)."""

    entailment: float = Field(ge=0.0, le=1.0)
    neutral: float | None = Field(ge=0.0, le=1.0)
    contradiction: float | None = Field(ge=0.0, le=1.0)


class ClaimEvidenceRecord(_Record):
    """An evidence span a claim was decided on, in the coordinates of its passage's
    document (for inline evidence, of the passage)."""

    doc_id: str
    chunk_id: str | None
    start: int
    end: int | None
    text: str


class ClaimRecord(_Record):
    """A claim with its decision, reasons, scores and evidence spans: an entry of
    ``claims`` in ``certirag verify --json`` and in a certificate."""

    id: str
    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    decision: Decision = Field(strict=False)
    reasons: list[ReasonRecord]
    scores: ScoresRecord | None
    evidence: list[ClaimEvidenceRecord]

    @classmethod
    def of(cls, c: ClaimDecision) -> ClaimRecord:
        """The record of a decided claim."""
        s = c.scores
        return cls(
            id=c.claim.id, text=c.claim.text, start=c.claim.start, end=c.claim.end,
            decision=c.decision,
            reasons=[ReasonRecord(code=r.code, message=r.message, text=r.text)
                     for r in c.reasons],
            scores=(ScoresRecord(entailment=s.entailment, neutral=s.neutral,
                                 contradiction=s.contradiction) if s is not None else None),
            evidence=[ClaimEvidenceRecord(doc_id=e.doc_id, chunk_id=e.chunk_id, start=e.start,
                                          end=e.end, text=e.text) for e in c.evidence])


class PolicyRecord(_Record):
    """The decision rule and the thresholds it was applied with."""

    id: str
    tau_entail: float = Field(ge=0.0, le=1.0)
    tau_contradict: float = Field(ge=0.0, le=1.0)


class StatsRecord(_Record):
    """How many claims got each decision."""

    total: int = Field(ge=0)
    verified: int = Field(ge=0)
    unverified: int = Field(ge=0)
    blocked: int = Field(ge=0)
    not_a_claim: int = Field(ge=0)


class PassageRecord(_Record):
    """An evidence passage (``POST /v1/verify`` with ``include_passages``): what the
    offsets of each claim's evidence point into."""

    doc_id: str
    chunk_id: str | None
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str


class VerificationRecord(_Record):
    """A verification result as JSON: what ``certirag verify --json`` prints, a row of
    ``certirag verify --batch … --out``, and the reply of ``POST /v1/verify``
    (:meth:`certirag.pipeline.VerificationResult.to_dict` writes the fields that are not
    optional; the optional ones are added by the command or the server)."""

    question: str
    answer: str
    claims: list[ClaimRecord]
    stats: StatsRecord
    outcome: Literal["verified", "withheld", "backend_failed", "no_claims"] = Field(
        description="verified (exit 0), withheld (1), backend_failed (3) or no_claims (4)")
    rendered: str = Field(description="the answer as shown in the display mode")
    policy: PolicyRecord
    model: dict[str, str] = Field(description="the NLI model's id and weights sha256, and "
                                              "what else decided (judge, claim compiler)")
    id: str | None = Field(default=None, description="the row's id (batch output only)")
    certificate_id: str | None = Field(default=None,
                                       description="the signed certificate's id (only when "
                                                   "one was issued)")
    passages: list[PassageRecord] | None = Field(default=None,
                                                 description="the evidence passages (only "
                                                             "when asked for)")

    #: The optional fields: a result itself does not write them.
    ADDED: ClassVar[frozenset[str]] = frozenset({"id", "certificate_id", "passages"})


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
    "verification-result": VerificationRecord,
}

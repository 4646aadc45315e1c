"""The certificate body: the models a certificate's predicate is validated with, and the
format it names.

:func:`certirag.certify.issue.build_certificate` writes a body as a plain mapping;
:func:`certirag.certify.verify.verify_certificate` reads one back with :class:`Body`
(strict: unknown keys and wrong types are an error) and the re-derivations of
:mod:`certirag.certify.rederive` work on its records.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from certirag.schemas import ClaimRecord, PolicyRecord, ReasonRecord

__all__ = [
    "FORMAT",
    "PREDICATE_TYPE",
    "SUBJECT_NAME",
    "Body",
    "ClaimRecord",
    "Passage",
    "ReasonRecord",
    "SpanRecord",
    "containing_passage",
    "is_rfc3339_utc",
]

FORMAT = "certirag.certificate/v1"
PREDICATE_TYPE = "https://certirag.dev/certificate/v1"
SUBJECT_NAME = "answer"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _Answer(_Strict):
    text: str
    sha256: str


class _Retrieval(_Strict):
    mode: str
    k: int | None
    index: str
    evidence_ids: list[str]
    embed_model: str | None = None
    embed_sha256: str | None = None


class Passage(_Strict):
    """An evidence passage as recorded: where it is, its text and its digests."""

    doc_id: str
    chunk_id: str | None
    doc_sha256: str | None
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str
    sha256: str


class SpanRecord(Passage):
    """The evidence span a claim was decided on, as a passage naming its claim."""

    claim_id: str


class _Software(_Strict):
    name: str
    version: str


class _CheckOptions(_Strict):
    date_locale: Literal["dmy", "mdy"]


class Body(_Strict):
    """The certificate body (the in-toto predicate), read strictly: unknown keys and
    wrong types are an error."""

    format: str
    question: str
    answer: _Answer
    retrieval: _Retrieval
    evidence: list[Passage]
    spans: list[SpanRecord]
    claims: list[ClaimRecord]
    policy: PolicyRecord
    check_options: _CheckOptions
    stats: dict[str, int]
    display: str
    rendered: str
    model: dict[str, str]
    settings_sha256: str
    software: _Software
    issued_at: str
    key_id: str
    trace: Any = None
    #: what the decisions were derived with (:mod:`certirag.certify.versions`); ``None``
    #: in certificates issued before versions were recorded
    versions: dict[str, str] | None = None

    @field_validator("issued_at")
    @classmethod
    def _rfc3339_utc(cls, value: str) -> str:
        if not is_rfc3339_utc(value):
            raise ValueError(f"{value[:40]!r} is not an RFC 3339 UTC timestamp "
                             "(YYYY-MM-DDTHH:MM:SSZ)")
        return value


_RFC3339_UTC = re.compile(r"\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:[Zz]|\+00:00)")


def is_rfc3339_utc(value: str) -> bool:
    """True when ``value`` is an RFC 3339 date-time in UTC (``Z`` or ``+00:00``) that names
    a real instant (``2026-02-30T00:00:00Z`` does not)."""
    if not _RFC3339_UTC.fullmatch(value):
        return False
    try:
        datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def containing_passage(passages: Sequence[Mapping[str, Any]], doc_id: str,
                       chunk_id: str | None, start: int, end: int
                       ) -> Mapping[str, Any] | None:
    """The passage (a :class:`Passage` as a mapping) of ``doc_id``/``chunk_id`` whose
    offsets hold ``start:end``, or ``None``."""
    for p in passages:
        if p["doc_id"] != doc_id or p["chunk_id"] != chunk_id:
            continue
        if p["start"] <= start and end <= p["end"]:
            return p
    return None

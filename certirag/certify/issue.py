"""Building and issuing certificates: the body models, the body of a verification result,
and signing it (optionally saving it and appending it to the ledger)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from certirag.certify.dsse import make_statement, sign_envelope
from certirag.certify.keys import Signer
from certirag.certify.signed import Certificate
from certirag.certify.versions import current_versions
from certirag.errors import InputError
from certirag.schemas import Decision, sha256_text

if TYPE_CHECKING:
    from certirag.config import Settings
    from certirag.pipeline import VerificationResult

__all__ = [
    "FORMAT",
    "PREDICATE_TYPE",
    "SUBJECT_NAME",
    "build_certificate",
    "is_rfc3339_utc",
    "issue_and_record",
    "issue_certificate",
]

FORMAT = "certirag.certificate/v1"
PREDICATE_TYPE = "https://certirag.dev/certificate/v1"
SUBJECT_NAME = "answer"


# ------------------------------------------------------------------------ the body

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


class _Passage(_Strict):
    doc_id: str
    chunk_id: str | None
    doc_sha256: str | None
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str
    sha256: str


class _Span(_Passage):
    claim_id: str


class _ClaimEvidence(_Strict):
    doc_id: str
    chunk_id: str | None
    start: int
    end: int | None
    text: str


class _Scores(_Strict):
    entailment: float = Field(ge=0.0, le=1.0)
    neutral: float | None = Field(ge=0.0, le=1.0)
    contradiction: float | None = Field(ge=0.0, le=1.0)


class _Reason(_Strict):
    code: str
    message: str
    text: str | None = None


class _Claim(_Strict):
    id: str
    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    decision: Decision = Field(strict=False)
    reasons: list[_Reason]
    scores: _Scores | None
    evidence: list[_ClaimEvidence]


class _Policy(_Strict):
    id: str
    tau_entail: float = Field(ge=0.0, le=1.0)
    tau_contradict: float = Field(ge=0.0, le=1.0)


class _Software(_Strict):
    name: str
    version: str


class _CheckOptions(_Strict):
    date_locale: Literal["dmy", "mdy"]


class _Body(_Strict):
    format: str
    question: str
    answer: _Answer
    retrieval: _Retrieval
    evidence: list[_Passage]
    spans: list[_Span]
    claims: list[_Claim]
    policy: _Policy
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


def _now_rfc3339() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def build_certificate(
    result: VerificationResult,
    *,
    settings: Settings,
    key_id: str,
    index: Any = None,
    trace: Any = None,
    issued_at: str | None = None,
) -> dict[str, Any]:
    """The certificate body (the in-toto predicate) for a verification result.

    ``index`` is the :class:`certirag.index.Index` the evidence was retrieved from, or
    ``None`` when the evidence was given inline. ``claims``, ``policy``, ``stats``,
    ``rendered`` and ``model`` are ``result.to_dict()``'s values verbatim.
    """
    from certirag import __version__

    data = result.to_dict()
    passages: list[dict[str, Any]] = []
    for p in result.evidence:
        end = p.end if p.end is not None else p.start + len(p.text)
        if index is None:
            doc_sha: str | None = sha256_text(p.text)
        else:
            doc = index.get_document(p.doc_id)
            doc_sha = doc.sha256 if doc is not None else None
        passages.append({"doc_id": p.doc_id, "chunk_id": p.chunk_id, "doc_sha256": doc_sha,
                         "start": p.start, "end": end, "text": p.text,
                         "sha256": sha256_text(p.text)})
    spans: list[dict[str, Any]] = []
    for claim in data["claims"]:
        for ev in claim["evidence"]:
            owner = _containing(passages, ev["doc_id"], ev["chunk_id"], ev["start"],
                                ev["end"] if ev["end"] is not None
                                else ev["start"] + len(ev["text"]))
            spans.append({"claim_id": claim["id"], "doc_id": ev["doc_id"],
                          "chunk_id": ev["chunk_id"],
                          "doc_sha256": owner["doc_sha256"] if owner else None,
                          "start": ev["start"],
                          "end": ev["end"] if ev["end"] is not None
                          else ev["start"] + len(ev["text"]),
                          "text": ev["text"], "sha256": sha256_text(ev["text"])})
    if index is None:
        retrieval: dict[str, Any] = {"mode": "inline", "k": None, "index": "inline"}
    else:
        retrieval = {"mode": settings.retrieval_mode, "k": settings.top_k,
                     "index": str(getattr(index, "path", "index"))}
        meta = _index_meta(index)
        if meta.get("embed_model") is not None:
            retrieval["embed_model"] = str(meta["embed_model"])
        if meta.get("embed_sha256") is not None:
            retrieval["embed_sha256"] = str(meta["embed_sha256"])
    retrieval["evidence_ids"] = [p["chunk_id"] or p["doc_id"] for p in passages]
    return {
        "format": FORMAT,
        "question": data["question"],
        "answer": {"text": data["answer"], "sha256": sha256_text(data["answer"])},
        "retrieval": retrieval,
        "evidence": passages,
        "spans": spans,
        "claims": data["claims"],
        "policy": data["policy"],
        "check_options": {"date_locale": settings.date_locale},
        "stats": data["stats"],
        "display": result.display,
        "rendered": data["rendered"],
        "model": dict(data["model"]),
        "settings_sha256": settings.settings_hash(),
        "software": {"name": "certirag", "version": __version__},
        "issued_at": issued_at or _now_rfc3339(),
        "key_id": key_id,
        "trace": trace,
        "versions": current_versions(),
    }


def _index_meta(index: Any) -> dict[str, Any]:
    try:
        meta = index.stats().meta
    except Exception:  # an index without stats still yields a certificate
        return {}
    return dict(meta) if isinstance(meta, Mapping) else {}


def _containing(passages: Sequence[Mapping[str, Any]], doc_id: str, chunk_id: str | None,
                start: int, end: int) -> Mapping[str, Any] | None:
    for p in passages:
        if p["doc_id"] != doc_id or p["chunk_id"] != chunk_id:
            continue
        if p["start"] <= start and end <= p["end"]:
            return p
    return None


def issue_certificate(
    result: VerificationResult,
    *,
    signer: Signer,
    settings: Settings,
    index: Any = None,
    trace: Any = None,
    issued_at: str | None = None,
) -> Certificate:
    """Build, canonicalise and sign the certificate of ``result``. ``settings`` and
    ``index`` must be those ``result`` was verified with."""
    body = build_certificate(result, settings=settings, key_id=signer.key_id,
                             index=index, trace=trace, issued_at=issued_at)
    payload = make_statement(subject_name=SUBJECT_NAME, sha256=body["answer"]["sha256"],
                             predicate_type=PREDICATE_TYPE, predicate=body)
    return Certificate(sign_envelope(payload, signer))


def issue_and_record(
    result: VerificationResult,
    *,
    settings: Settings,
    signing_key: Path | None = None,
    cert_out: Path | None = None,
    index: Any = None,
    ledger: bool = True,
    trace: Any = None,
) -> Certificate | None:
    """What ``certirag verify --signing-key K --cert-out C`` does after verifying: sign
    the certificate with ``signing_key`` (or ``settings.signing_key``), append it to the
    ledger (``settings.ledger_path`` or ``$CERTIRAG_HOME/ledger.db``), then write it to
    ``cert_out``. Returns ``None`` when no key is configured and no certificate was asked
    for; asking for one without a key raises :class:`InputError`.

    The order is what makes a failure safe: the append commits first, then the file is
    written to a temporary file in the same folder, flushed to disk and renamed into
    place, so a process stopped anywhere leaves no certificate file without its ledger
    entry (an entry without a file is harmless: ``certirag log`` still has it).
    """
    from certirag.certify.ledger import Ledger

    key_path = signing_key or getattr(settings, "signing_key", None)
    if key_path is None:
        if cert_out is not None:
            raise InputError("--cert-out needs a signing key: pass --signing-key KEY "
                             "(create one with: certirag keys generate)")
        return None
    signer = Signer.from_file(Path(key_path))
    certificate = issue_certificate(result, signer=signer, settings=settings, index=index,
                                    trace=trace)
    if ledger:
        with Ledger.open(getattr(settings, "ledger_path", None), settings=settings) as log:
            log.append(certificate, signer=signer)
    if cert_out is not None:
        certificate.save(cert_out)
    return certificate

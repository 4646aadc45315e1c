"""Building and issuing certificates: the body of a verification result (its models are in
:mod:`certirag.certify.body`), signing it, and optionally appending it to the ledger and
saving it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certirag import __version__
from certirag.certify.body import FORMAT, PREDICATE_TYPE, SUBJECT_NAME, containing_passage
from certirag.certify.dsse import make_statement, sign_envelope
from certirag.certify.keys import Signer
from certirag.certify.ledger import open_ledger
from certirag.certify.signed import Certificate
from certirag.certify.versions import current_versions
from certirag.errors import InputError
from certirag.schemas import sha256_text

if TYPE_CHECKING:
    from certirag.config import Settings
    from certirag.result import VerificationResult

__all__ = ["build_certificate", "issue_and_record", "issue_certificate"]


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
            owner = containing_passage(passages, ev["doc_id"], ev["chunk_id"], ev["start"],
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
                     "index": _index_label(index)}
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
        "versions": current_versions(settings.extra_checks),
    }


def _index_label(index: Any) -> str:
    """What a certificate records of the index: a server's name for it (``path``
    relative to its home), else the index's location (no password), else ``index``."""
    path = getattr(index, "path", None)  # a non-folder Index has none (AttributeError)
    if path is not None:
        return str(path)
    return str(getattr(index, "location", "index"))


def _index_meta(index: Any) -> dict[str, Any]:
    try:
        meta = index.stats().meta
    except Exception:  # an index without stats still yields a certificate
        return {}
    return dict(meta) if isinstance(meta, Mapping) else {}


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
    ledger (the ``ledger`` setting, ``ledger_path`` or ``$CERTIRAG_HOME/ledger.db``), then
    write it to ``cert_out``. Returns ``None`` when no key is configured and no
    certificate was asked for; asking for one without a key raises :class:`InputError`.

    The order is what makes a failure safe: the append commits first, then the file is
    written to a temporary file in the same folder, flushed to disk and renamed into
    place, so a process stopped anywhere leaves no certificate file without its ledger
    entry (an entry without a file is harmless: ``certirag log`` still has it).
    """
    key_path = signing_key or settings.signing_key
    if key_path is None:
        if cert_out is not None:
            raise InputError("--cert-out needs a signing key: pass --signing-key KEY "
                             "(create one with: certirag keys generate)")
        return None
    signer = Signer.from_file(Path(key_path))
    certificate = issue_certificate(result, signer=signer, settings=settings, index=index,
                                    trace=trace)
    if ledger:
        with open_ledger(settings) as log:
            log.append(certificate, signer=signer)
    if cert_out is not None:
        certificate.save(cert_out)
    return certificate

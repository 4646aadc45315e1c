"""Certificates: what certirag decided about an answer and why, signed so anyone with the
public key can check it.

A certificate is a DSSE envelope (:mod:`certirag.certify.dsse`) whose payload is an
in-toto Statement v1 in canonical JSON: the subject is the answer's SHA-256 and the
predicate (type :data:`PREDICATE_TYPE`) is the certificate body built by
:func:`build_certificate`. A certificate's id is the hex SHA-256 of the payload bytes.

:func:`verify_certificate` checks the envelope, the signature and every digest, then
re-derives what can be re-derived: the claims from the answer, the deterministic
findings from the stored claim and evidence texts, each decision from the policy applied
to the stored scores and thresholds, the summary counts and the rendered answer. With
an index it checks each evidence span against the ingested document; with ``recompute``
it re-scores every claim with the recorded model. Every problem is a named
:class:`Failure`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from certirag.certify.canonical import is_canonical, sha256_hex
from certirag.certify.dsse import (
    PAYLOAD_TYPE,
    Envelope,
    EnvelopeError,
    make_statement,
    parse_statement,
    sign_envelope,
    verify_envelope,
)
from certirag.certify.keys import Signer, key_id, load_public_key
from certirag.errors import InputError
from certirag.schemas import Decision, Document, Reason, Scores, sha256_text

if TYPE_CHECKING:
    from certirag.config import Settings
    from certirag.pipeline import VerificationResult

__all__ = [
    "FAILURE_CODES",
    "FORMAT",
    "INPUT_FAILURES",
    "PREDICATE_TYPE",
    "SUBJECT_NAME",
    "Certificate",
    "CertificateCheck",
    "Failure",
    "build_certificate",
    "issue_and_record",
    "issue_certificate",
    "verify_certificate",
]

FORMAT = "certirag.certificate/v1"
PREDICATE_TYPE = "https://certirag.dev/certificate/v1"
SUBJECT_NAME = "answer"
#: Largest difference between a recorded and a recomputed probability that still matches.
RECOMPUTE_TOLERANCE = 1e-4

#: Every failure code :func:`verify_certificate` can report, with what it means.
FAILURE_CODES: dict[str, str] = {
    "not_json": "the file is not JSON (truncated or corrupt)",
    "envelope_malformed": "the JSON is not a DSSE envelope",
    "payload_type": "the envelope's payloadType is not in-toto JSON",
    "unsigned": "the envelope carries no signature",
    "wrong_key": "no signature is by the given public key (signed with another key)",
    "bad_signature": "the signature does not verify: the payload was changed after signing",
    "payload_not_canonical": "the payload is not RFC 8785 canonical JSON",
    "statement_malformed": "the payload is not an in-toto Statement v1",
    "predicate_type": "the statement's predicateType is not a certirag certificate",
    "certificate_malformed": "the certificate body is missing fields or has wrong types",
    "unsupported_format": "the certificate format version is not one this version reads",
    "key_id_mismatch": "the key id inside the certificate is not the signing key's id",
    "answer_digest": "the answer's sha256 does not match its text",
    "subject_digest": "the statement's subject digest is not the answer's sha256",
    "evidence_digest": "an evidence passage's sha256 does not match its text",
    "span_digest": "an evidence span's sha256 does not match its text",
    "evidence_offsets": "an evidence passage's offsets do not match its length",
    "span_not_in_evidence": "an evidence span is not the text of its passage at its offsets",
    "claim_evidence_mismatch": "a claim's evidence does not match the recorded spans",
    "retrieval_mismatch": "the retrieval summary does not list the evidence passages",
    "claims_mismatch": "the claims are not those extracted from the answer "
                       "(dropped, reordered or edited)",
    "check_mismatch": "the deterministic check now finds something other than the stored "
                      "findings",
    "check_error": "the deterministic check could not be re-run",
    "unknown_policy": "the policy id is not one this version can apply",
    "decision_mismatch": "a decision does not follow from the policy, scores and thresholds",
    "reasons_mismatch": "a claim's reasons are not those the policy gives",
    "stats_mismatch": "the summary counts do not match the claims",
    "rendered_mismatch": "the rendered answer is not what the decisions give",
    "index_document_missing": "an evidence document is not in the index",
    "index_document_changed": "an evidence document's sha256 differs from the index",
    "index_span_mismatch": "an evidence span no longer matches the indexed document text",
    "recompute_unavailable": "the recorded model is not available to re-score the claims",
    "recompute_mismatch": "re-scoring a claim gave different probabilities",
}
#: Failures that mean the input is not a certificate at all (``cert verify`` exits 2).
INPUT_FAILURES = frozenset({"not_json", "envelope_malformed"})

# Reason codes the pipeline and policy write themselves; any other code is a finding of
# the deterministic check.
_POLICY_CODES = frozenset({"entailed", "low_entailment", "model_contradiction", "no_evidence",
                           "not_scored", "evidence_truncated", "not_a_claim"})
_FAILURE_REASONS = frozenset({"backend_error", "timeout", "judge_error", "compiler_error",
                              "check_error"})


class IndexLike(Protocol):
    """What certificate checks need from an index: the stored document by id."""

    def get_document(self, doc_id: str) -> Document | None: ...


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
    the certificate with ``signing_key`` (or ``settings.signing_key``), write it to
    ``cert_out`` and append it to the ledger (``settings.ledger_path`` or
    ``$CERTIRAG_HOME/ledger.db``). Returns ``None`` when no key is configured and no
    certificate was asked for; asking for one without a key raises :class:`InputError`.
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
    if cert_out is not None:
        certificate.save(cert_out)
    if ledger:
        with Ledger.open(getattr(settings, "ledger_path", None), settings=settings) as log:
            log.append(certificate, signer=signer)
    return certificate

# ---------------------------------------------------------------------- the object

class Certificate:
    """A signed certificate (a DSSE envelope). Load one with :meth:`load` or
    :meth:`from_json`, check it with :meth:`verify`."""

    def __init__(self, envelope: Envelope) -> None:
        self.envelope = envelope

    @property
    def id(self) -> str:
        """Hex SHA-256 of the payload bytes."""
        return sha256_hex(self.envelope.payload)

    @property
    def statement(self) -> dict[str, Any]:
        """The decoded in-toto Statement (raises :class:`CertificateError` if malformed)."""
        return parse_statement(self.envelope.payload)

    @property
    def body(self) -> dict[str, Any]:
        """The certificate body (the statement's predicate)."""
        predicate: dict[str, Any] = self.statement["predicate"]
        return predicate

    @classmethod
    def from_json(cls, text: str | bytes) -> Certificate:
        """Parse envelope JSON; raises :class:`CertificateError` when it is not one."""
        return cls(Envelope.from_json(text))

    @classmethod
    def load(cls, path: Path) -> Certificate:
        """Read a certificate file; unreadable files raise :class:`InputError`."""
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read the certificate: {exc.strerror}",
                             source=str(path)) from exc
        return cls.from_json(data)

    def to_json(self) -> str:
        return self.envelope.to_json()

    def save(self, path: Path) -> None:
        """Write the envelope JSON to ``path`` (replacing it atomically)."""
        path = Path(path)
        tmp = path.with_name(f".{path.name}.tmp")
        try:
            tmp.write_text(self.to_json(), "utf-8")
            tmp.replace(path)
        except OSError as exc:
            raise InputError(f"cannot write the certificate: {exc.strerror}",
                             source=str(path)) from exc

    def verify(self, public_key: Ed25519PublicKey | Path | bytes, *, index: Any = None,
               recompute: bool = False, settings: Settings | None = None,
               verifier: Any = None) -> CertificateCheck:
        """Check this certificate; see :func:`verify_certificate`."""
        return verify_certificate(self.envelope, public_key, index=index, recompute=recompute,
                                  settings=settings, verifier=verifier)

    def __repr__(self) -> str:
        return f"Certificate(id={self.id[:16]}…)"


# --------------------------------------------------------------------- the checks

@dataclass(frozen=True, slots=True)
class Failure:
    """One named problem: ``code`` is a key of :data:`FAILURE_CODES`."""

    code: str
    message: str
    claim_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "claim_id": self.claim_id}


@dataclass
class CertificateCheck:
    """The outcome of :func:`verify_certificate`: valid when nothing failed and the
    signature was checked."""

    certificate_id: str | None = None
    key_id: str | None = None
    failures: list[Failure] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.failures and "signature" in self.checked

    @property
    def codes(self) -> list[str]:
        """Distinct failure codes, in the order first seen."""
        return list(dict.fromkeys(f.code for f in self.failures))

    @property
    def bad_input(self) -> bool:
        """True when the input was not a certificate at all (not JSON, not an envelope)."""
        return any(f.code in INPUT_FAILURES for f in self.failures)

    def fail(self, code: str, message: str, claim_id: str | None = None) -> None:
        if code not in FAILURE_CODES:  # a programming error, never user input
            raise ValueError(f"unknown failure code {code!r}")
        self.failures.append(Failure(code, message, claim_id))

    def to_dict(self) -> dict[str, Any]:
        return {"valid": self.valid, "certificate_id": self.certificate_id,
                "key_id": self.key_id, "checked": list(self.checked),
                "failures": [f.to_dict() for f in self.failures], "notes": list(self.notes)}


def _coerce_envelope(envelope: Any) -> Envelope:
    if isinstance(envelope, Envelope):
        return envelope
    if isinstance(envelope, Certificate):
        return envelope.envelope
    if isinstance(envelope, Path):
        return Certificate.load(envelope).envelope
    if isinstance(envelope, str | bytes):
        return Envelope.from_json(envelope)
    return Envelope.from_dict(envelope)


def _coerce_key(public_key: Any) -> Ed25519PublicKey:
    if isinstance(public_key, Ed25519PublicKey):
        return public_key
    if isinstance(public_key, str):
        public_key = Path(public_key)
    if isinstance(public_key, Path | bytes):
        return load_public_key(public_key)
    raise InputError("public_key must be an Ed25519 public key, a PEM file path or PEM bytes")


def _coerce_index(index: Any, settings: Settings | None) -> IndexLike | None:
    if index is None or hasattr(index, "get_document"):
        found: IndexLike | None = index
        return found
    from certirag.index import Index

    opened: IndexLike = Index.open(Path(index), settings=settings)
    return opened


def verify_certificate(
    envelope: Envelope | Certificate | Mapping[str, Any] | str | bytes | Path,
    public_key: Ed25519PublicKey | Path | bytes,
    *,
    index: Any = None,
    recompute: bool = False,
    settings: Settings | None = None,
    verifier: Any = None,
) -> CertificateCheck:
    """Check a certificate against ``public_key`` and report every named failure.

    ``envelope`` may be parsed or raw (JSON text, bytes, a path, a dict). ``index`` (an
    :class:`~certirag.index.Index`, anything with ``get_document``, or an index folder)
    adds the span-against-document checks; ``recompute`` re-scores every claim with the
    verifier built from ``settings`` (or ``verifier``) when it is the recorded model.
    A bad public key or an unreadable file raises :class:`InputError`; everything about
    the certificate itself is reported in the returned :class:`CertificateCheck`.
    """
    key = _coerce_key(public_key)
    check = CertificateCheck(key_id=key_id(key))
    try:
        env = _coerce_envelope(envelope)
    except EnvelopeError as exc:
        check.fail(exc.code, str(exc))
        return check
    check.certificate_id = sha256_hex(env.payload)
    check.checked.append("envelope")
    if env.payload_type != PAYLOAD_TYPE:
        check.fail("payload_type", f"payloadType is {env.payload_type!r}, "
                                   f"expected {PAYLOAD_TYPE!r}")
    _check_signature(env, key, check)
    if not is_canonical(env.payload):
        check.fail("payload_not_canonical", "the payload is not RFC 8785 canonical JSON")
    try:
        statement = parse_statement(env.payload)
    except EnvelopeError as exc:
        check.fail(exc.code, str(exc))
        return check
    if statement["predicateType"] != PREDICATE_TYPE:
        check.fail("predicate_type", f"predicateType is {statement['predicateType']!r}, "
                                     f"expected {PREDICATE_TYPE!r}")
        return check
    predicate = statement["predicate"]
    if predicate.get("format") != FORMAT:
        check.fail("unsupported_format", f"format {predicate.get('format')!r} is not "
                                         f"{FORMAT!r}")
        return check
    try:
        body = _Body.model_validate(predicate)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(x) for x in first["loc"]) or "certificate"
        check.fail("certificate_malformed",
                   f"{loc}: {first['msg']} ({exc.error_count()} problem(s))")
        return check
    if body.key_id != check.key_id:
        check.fail("key_id_mismatch", f"the certificate names key {body.key_id}, "
                                      f"the public key is {check.key_id}")
    _check_digests(statement, body, check)
    _check_structure(body, check)
    _check_claims(body, check)
    _check_decisions(body, check)
    if index is not None:
        _check_index(body, _coerce_index(index, settings), check)
    if recompute:
        _recompute(body, check, settings, verifier)
    return check


def _check_signature(env: Envelope, key: Ed25519PublicKey, check: CertificateCheck) -> None:
    check.checked.append("signature")
    kid = key_id(key)
    if not env.signatures:
        check.fail("unsigned", "the envelope has no signatures")
    elif not verify_envelope(env, key):
        if any(s.keyid == kid for s in env.signatures):
            check.fail("bad_signature", "the signature by this key does not verify: the "
                                        "payload was changed after signing")
        else:
            ids = ", ".join(s.keyid[:16] or "(none)" for s in env.signatures)
            check.fail("wrong_key", f"signed by key(s) {ids}, not by {kid[:16]}")


def _check_digests(statement: Mapping[str, Any], body: _Body, check: CertificateCheck) -> None:
    check.checked.append("digests")
    if sha256_text(body.answer.text) != body.answer.sha256:
        check.fail("answer_digest", "answer.sha256 does not match answer.text")
    digests = [s["digest"].get("sha256") for s in statement["subject"]]
    if digests != [body.answer.sha256] or statement["subject"][0].get("name") != SUBJECT_NAME:
        check.fail("subject_digest", "the statement subject is not the answer's sha256")
    inline = body.retrieval.index == "inline"
    for n, p in enumerate(body.evidence):
        if sha256_text(p.text) != p.sha256:
            check.fail("evidence_digest", f"evidence {n} ({p.doc_id}): sha256 does not match "
                                          "its text")
        elif inline and p.doc_sha256 != p.sha256:
            check.fail("evidence_digest", f"evidence {n} ({p.doc_id}): inline doc_sha256 is "
                                          "not the passage's sha256")
    for n, s in enumerate(body.spans):
        if sha256_text(s.text) != s.sha256:
            check.fail("span_digest", f"span {n} ({s.doc_id} {s.start}:{s.end}): sha256 does "
                                      "not match its text", s.claim_id)


def _check_structure(body: _Body, check: CertificateCheck) -> None:
    for n, p in enumerate(body.evidence):
        if p.end - p.start != len(p.text):
            check.fail("evidence_offsets", f"evidence {n} ({p.doc_id}): {p.start}:{p.end} "
                                           f"does not fit {len(p.text)} characters")
    ids = [p.chunk_id or p.doc_id for p in body.evidence]
    if body.retrieval.evidence_ids != ids:
        check.fail("retrieval_mismatch", "retrieval.evidence_ids does not list the evidence")
    passages = [p.model_dump() for p in body.evidence]
    for n, s in enumerate(body.spans):
        owner = _containing(passages, s.doc_id, s.chunk_id, s.start, s.end)
        if (owner is None or owner["text"][s.start - owner["start"]:s.end - owner["start"]]
                != s.text or s.end - s.start != len(s.text)):
            check.fail("span_not_in_evidence", f"span {n} ({s.doc_id} {s.start}:{s.end}) is "
                                               "not the text of an evidence passage there",
                       s.claim_id)
        elif owner["doc_sha256"] != s.doc_sha256:
            check.fail("span_not_in_evidence", f"span {n}: doc_sha256 differs from its "
                                               "passage's", s.claim_id)
    recorded = [(s.claim_id, s.doc_id, s.chunk_id, s.start, s.end, s.text) for s in body.spans]
    claimed = [(c.id, e.doc_id, e.chunk_id, e.start,
                e.end if e.end is not None else e.start + len(e.text), e.text)
               for c in body.claims for e in c.evidence]
    if recorded != claimed:
        bad = sorted({x[0] for x in set(recorded) ^ set(claimed)}) or ["(order)"]
        check.fail("claim_evidence_mismatch",
                   f"claims' evidence differs from the recorded spans ({', '.join(bad)})")


def _check_claims(body: _Body, check: CertificateCheck) -> None:
    """The claims must be those extraction gives for the stored answer and question."""
    from certirag import __version__
    from certirag.claims import extract_claims

    check.checked.append("claims")
    if body.software.version != __version__:
        check.notes.append(f"issued by certirag {body.software.version}, checked with "
                           f"{__version__}: claims and findings are re-derived with the "
                           "installed version")
    for c in body.claims:
        if c.end > len(body.answer.text) or c.start > c.end:
            check.fail("claims_mismatch", f"offsets {c.start}:{c.end} are outside the answer",
                       c.id)
    try:
        expected = extract_claims(body.answer.text, question=body.question)
    except Exception as exc:  # the answer cannot be split: nothing can be confirmed
        check.fail("claims_mismatch", f"claim extraction failed on the stored answer: {exc}")
        return
    want = [(c.id, c.text, c.start, c.end, c.kind == "not_a_claim") for c in expected]
    have = [(c.id, c.text, c.start, c.end, c.decision == Decision.NOT_A_CLAIM)
            for c in body.claims]
    if want == have:
        return
    if len(want) != len(have):
        check.fail("claims_mismatch", f"{len(have)} claims recorded, the answer has "
                                      f"{len(want)} (a claim was dropped or added)")
    for w, h in zip(want, have, strict=False):
        if w != h:
            what = ("decision not_a_claim" if w[:4] == h[:4] else
                    "text or offsets" if w[0] == h[0] else "id/order")
            check.fail("claims_mismatch", f"claim {h[0]}: {what} differ from the extracted "
                                          f"claim {w[0]} ({w[1][:60]!r})", h[0])


def _reason(r: _Reason) -> tuple[str, str, str | None]:
    return (r.code, r.message, r.text)


def _check_decisions(body: _Body, check: CertificateCheck) -> None:
    """Re-run the deterministic check and the policy on what the certificate stores."""
    from certirag.pipeline import render
    from certirag.policy import POLICY_ID, Thresholds, decide
    from certirag.schemas import Claim, ClaimDecision, Evidence

    check.checked.append("policy")
    counts = {d.value: 0 for d in Decision}
    for c in body.claims:
        counts[c.decision.value] += 1
    if body.stats != {"total": len(body.claims), **counts}:
        check.fail("stats_mismatch", f"stats {body.stats} do not count the claims")
    try:
        rebuilt = [ClaimDecision(
            claim=Claim(id=c.id, text=c.text, start=c.start, end=c.end,
                        kind="not_a_claim" if c.decision == Decision.NOT_A_CLAIM else "claim"),
            decision=c.decision,
            reasons=[Reason(code=r.code, message=r.message, text=r.text) for r in c.reasons],
            scores=Scores(**c.scores.model_dump()) if c.scores else None,
            evidence=[Evidence(**e.model_dump()) for e in c.evidence]) for c in body.claims]
    except ValidationError as exc:
        check.fail("certificate_malformed", f"a claim is not a valid record: {exc.errors()[0]}")
        return
    if body.display not in ("strict", "mixed", "debug") or (
            render(body.answer.text, rebuilt, body.display) != body.rendered):
        check.fail("rendered_mismatch", "the rendered answer is not what the decisions give")
    if body.policy.id != POLICY_ID:
        check.fail("unknown_policy", f"policy {body.policy.id!r} is not {POLICY_ID!r}; its "
                                     "decisions cannot be re-derived")
        return
    thresholds = Thresholds(body.policy.tau_entail, body.policy.tau_contradict)
    texts = [p.text for p in body.evidence]
    prepared: Any = None
    if texts:
        try:
            from certirag.checks import CheckOptions, prepare_evidence

            options = CheckOptions(date_locale=body.check_options.date_locale)
            prepared = prepare_evidence(texts, options=options)
        except Exception as exc:
            check.fail("check_error", f"the deterministic check cannot prepare the evidence: "
                                      f"{exc}")
            return
    for c, cd in zip(body.claims, rebuilt, strict=True):
        _check_one(body, c, cd, prepared, thresholds, check, decide)


def _check_one(body: _Body, c: _Claim, cd: Any, prepared: Any, thresholds: Any,
               check: CertificateCheck, decide: Any) -> None:
    stored = [_reason(r) for r in c.reasons]
    codes = [r.code for r in c.reasons]

    def expect(decision: Decision, reasons: Sequence[tuple[str, str, str | None]] | None,
               why: str) -> None:
        if c.decision != decision:
            check.fail("decision_mismatch", f"recorded {c.decision.value}, but {why} gives "
                                            f"{decision.value}", c.id)
        elif reasons is not None and list(reasons) != stored:
            check.fail("reasons_mismatch", f"reasons {codes} are not what {why} gives "
                                           f"({[r[0] for r in reasons]})", c.id)

    if codes == ["not_a_claim"] or c.decision == Decision.NOT_A_CLAIM:
        # whether the sentence is a claim is checked against extraction (claims_mismatch)
        if c.decision != Decision.NOT_A_CLAIM or codes != ["not_a_claim"] or c.scores:
            check.fail("decision_mismatch", "a not_a_claim sentence must be recorded as "
                                            "not_a_claim, unscored, with that one reason", c.id)
        return
    if prepared is None:
        expect(Decision.UNVERIFIED, None, "no evidence")
        if codes != ["no_evidence"] or c.scores:
            check.fail("reasons_mismatch", "without evidence the only reason is no_evidence",
                       c.id)
        return
    if codes == ["check_error"]:
        expect(Decision.UNVERIFIED, None, "a failed check")
        check.notes.append(f"claim {c.id}: the check had failed at issue time")
        return
    from certirag.checks import check_claim

    try:
        found = check_claim(c.text, prepared, question=body.question)
    except Exception as exc:
        check.fail("check_error", f"the deterministic check failed: {exc}", c.id)
        return
    stored_findings = [x for x in codes if x not in _POLICY_CODES | _FAILURE_REASONS]
    found_codes = [f.to_reason().code for f in found]
    if stored_findings != found_codes:
        check.fail("check_mismatch", f"recorded findings {stored_findings}, the check "
                                     f"finds {found_codes}", c.id)
        return
    if found:
        decision, reasons = decide(findings=found, scores=None, evidence_spans=0,
                                   thresholds=thresholds)
        if c.scores is not None or c.evidence:
            check.fail("reasons_mismatch", "a claim decided by a finding is never scored", c.id)
        expect(decision, None, "the findings")
        if [r.code for r in reasons] != codes:
            check.fail("reasons_mismatch", f"reasons {codes} are not the findings "
                                           f"{[r.code for r in reasons]}", c.id)
        return
    if c.scores is None:
        if not codes or not set(codes) <= _FAILURE_REASONS:
            check.fail("decision_mismatch", f"an unscored claim with reasons {codes} "
                                            "can only have failed (backend_error, timeout)",
                       c.id)
        else:
            expect(Decision.UNVERIFIED, None, "a failed backend")
        return
    failures = [Reason(code=r.code, message=r.message, text=r.text) for r in c.reasons
                if r.code == "evidence_truncated"]
    decision, reasons = decide(findings=[], scores=cd.scores, evidence_spans=len(c.evidence),
                               thresholds=thresholds, failures=failures)
    expect(decision, [(r.code, r.message, r.text) for r in reasons],
           "the policy on the recorded scores and thresholds")


def _check_index(body: _Body, index: IndexLike | None, check: CertificateCheck) -> None:
    if index is None:
        return
    check.checked.append("index")
    if body.retrieval.index == "inline":
        check.notes.append("the evidence was given inline; there is nothing to check in "
                           "the index")
        return
    docs: dict[str, Document | None] = {}
    items: list[tuple[str, _Passage]] = [(f"evidence {n}", p) for n, p in enumerate(body.evidence)]
    items += [(f"span {n}", s) for n, s in enumerate(body.spans)]
    for label, item in items:
        claim = item.claim_id if isinstance(item, _Span) else None
        if item.doc_id not in docs:
            docs[item.doc_id] = index.get_document(item.doc_id)
        doc = docs[item.doc_id]
        if doc is None:
            check.fail("index_document_missing", f"{label}: document {item.doc_id!r} is not "
                                                 "in the index", claim)
            continue
        if item.doc_sha256 is not None and doc.sha256 != item.doc_sha256:
            check.fail("index_document_changed", f"{label}: document {item.doc_id!r} has "
                                                 f"sha256 {doc.sha256[:16]}…, the certificate "
                                                 f"records {item.doc_sha256[:16]}…", claim)
        if doc.text[item.start:item.end] != item.text:
            check.fail("index_span_mismatch", f"{label}: {item.doc_id!r} "
                                              f"{item.start}:{item.end} no longer reads as "
                                              "recorded", claim)


def _recompute(body: _Body, check: CertificateCheck, settings: Settings | None,
               verifier: Any) -> None:
    from certirag.config import Settings
    from certirag.errors import CertiragError
    from certirag.verifiers import create_verifier, verify_claims

    check.checked.append("recompute")
    scored = [c for c in body.claims if c.scores is not None]
    if not scored:
        check.notes.append("no claim was scored by a model; nothing to recompute")
        return
    recorded_id = body.model.get("id")
    recorded_sha = body.model.get("sha256")
    if not recorded_sha:
        check.fail("recompute_unavailable", "the certificate does not record the model's "
                                            "sha256")
        return
    settings = settings or Settings()
    if settings.settings_hash() != body.settings_sha256:
        check.notes.append("the current settings differ from those at issue time; "
                           "re-scoring uses the current ones")
    if verifier is None:
        try:
            configured = _configured_sha256(settings)
        except CertiragError as exc:
            check.fail("recompute_unavailable", f"{exc}")
            return
        if configured is not None and configured != recorded_sha:
            check.fail("recompute_unavailable",
                       f"the recorded model {recorded_id} (sha256 {recorded_sha[:16]}…) is not "
                       f"the configured one (sha256 {configured[:16]}…); set nli_model to it")
            return
    try:
        v = verifier if verifier is not None else create_verifier(settings)
        results = verify_claims(v, [c.text for c in scored], [p.text for p in body.evidence],
                                windows=settings.nli_windows)
    except CertiragError as exc:
        check.fail("recompute_unavailable", f"re-scoring failed: {exc}")
        return
    for c, res in zip(scored, results, strict=True):
        if res.model_sha256 != recorded_sha:
            check.fail("recompute_unavailable",
                       f"the verifier runs model sha256 {res.model_sha256[:16]}…, the "
                       f"certificate records {recorded_sha[:16]}…")
            return
        assert c.scores is not None
        for name in ("entailment", "neutral", "contradiction"):
            old = getattr(c.scores, name)
            new = getattr(res.scores, name)
            if (old is None) != (new is None) or (
                    old is not None and new is not None
                    and not math.isclose(old, new, abs_tol=RECOMPUTE_TOLERANCE)):
                check.fail("recompute_mismatch", f"P({name}) recorded {old}, recomputed {new}",
                           c.id)
                break


def _configured_sha256(settings: Settings) -> str | None:
    """The weights sha256 of the configured ONNX model, or None when it is only known
    once the backend loads (other backends)."""
    if settings.nli_backend != "onnx":
        return None
    from certirag.models import load_model_info, resolve

    return load_model_info(resolve(settings.nli_model)).weights_sha256


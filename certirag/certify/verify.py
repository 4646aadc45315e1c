"""Verifying certificates: the check result, the envelope, signature, digest and structure
checks, and :func:`verify_certificate`, which runs them and the re-derivations."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from pydantic import ValidationError

from certirag.certify.body import FORMAT, PREDICATE_TYPE, SUBJECT_NAME, Body, containing_passage
from certirag.certify.canonical import is_canonical, sha256_hex
from certirag.certify.dsse import (
    PAYLOAD_TYPE,
    Envelope,
    EnvelopeError,
    load_envelope,
    parse_statement,
    verify_envelope,
)
from certirag.certify.keys import key_id, load_public_key
from certirag.certify.rederive import (
    IndexLike,
    check_claims,
    check_decisions,
    check_index,
    recompute_scores,
)
from certirag.certify.versions import current_versions, unknown_versions
from certirag.errors import InputError
from certirag.index import Index
from certirag.schemas import sha256_text

if TYPE_CHECKING:
    from certirag.certify.signed import Certificate
    from certirag.config import Settings
    from certirag.verifiers import Verifier

__all__ = [
    "FAILURE_CODES",
    "INPUT_FAILURES",
    "NOT_REDERIVABLE",
    "RESULTS",
    "CertificateCheck",
    "Failure",
    "verify_certificate",
]

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
    "not_rederivable": "the certificate records claim, check or scorer rules this version "
                       "does not have, so those decisions cannot be re-derived (not a sign "
                       "of tampering)",
}
#: Failures that mean the input is not a certificate at all (``cert verify`` exits 2).
INPUT_FAILURES = frozenset({"not_json", "envelope_malformed"})
#: Failures that mean this version cannot re-derive what the certificate records: alone,
#: they make the result ``not_rederivable`` (``cert verify`` exits 4), not ``invalid``.
NOT_REDERIVABLE = frozenset({"not_rederivable", "unknown_policy"})
#: The results of :attr:`CertificateCheck.result`, with what each means.
RESULTS: dict[str, str] = {
    "valid": "signature, digests and every re-derivation valid",
    "invalid": "the certificate was changed, or its decisions do not follow from what it "
               "records",
    "bad_input": "not a certificate at all (not JSON, not a DSSE envelope)",
    "not_rederivable": "signature and digests valid; decisions not re-derivable by this "
                       "version",
}


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

    @property
    def result(self) -> str:
        """One of :data:`RESULTS`: ``valid``; ``bad_input``; ``not_rederivable`` when the
        signature and digests were checked and the only failures are parts this version
        cannot re-derive (:data:`NOT_REDERIVABLE`); ``invalid`` otherwise."""
        if self.valid:
            return "valid"
        if self.bad_input:
            return "bad_input"
        if ("signature" in self.checked and "digests" in self.checked and self.failures
                and all(f.code in NOT_REDERIVABLE for f in self.failures)):
            return "not_rederivable"
        return "invalid"

    def fail(self, code: str, message: str, claim_id: str | None = None) -> None:
        if code not in FAILURE_CODES:  # a programming error, never user input
            raise ValueError(f"unknown failure code {code!r}")
        self.failures.append(Failure(code, message, claim_id))

    def to_dict(self) -> dict[str, Any]:
        return {"valid": self.valid, "result": self.result,
                "certificate_id": self.certificate_id,
                "key_id": self.key_id, "checked": list(self.checked),
                "failures": [f.to_dict() for f in self.failures], "notes": list(self.notes)}


def _coerce_envelope(envelope: Any) -> Envelope:
    if isinstance(envelope, Envelope):
        return envelope
    if isinstance(getattr(envelope, "envelope", None), Envelope):  # a Certificate
        found: Envelope = envelope.envelope
        return found
    if isinstance(envelope, Path):
        return load_envelope(envelope)
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
    opened: IndexLike = Index.open(Path(index), settings=settings)
    return opened


def verify_certificate(
    envelope: Envelope | Certificate | Mapping[str, Any] | str | bytes | Path,
    public_key: Ed25519PublicKey | Path | bytes,
    *,
    index: Any = None,
    recompute: bool = False,
    settings: Settings | None = None,
    verifier: Verifier | None = None,
) -> CertificateCheck:
    """Check a certificate against ``public_key`` and report every named failure.

    ``envelope`` may be parsed or raw (JSON text, bytes, a path, a dict). ``index`` (an
    :class:`~certirag.index.Index`, anything with ``get_document``, or an index folder)
    adds the span-against-document checks; ``recompute`` re-scores every claim with the
    verifier built from ``settings`` (or ``verifier``) when it is the recorded model.
    A bad public key or an unreadable file raises :class:`InputError`; everything about
    the certificate itself is reported in the returned :class:`CertificateCheck`, whose
    ``result`` is ``valid``, ``invalid``, ``bad_input`` or ``not_rederivable`` (the
    certificate records claim, check, scorer or policy rules this version does not have:
    those parts are not re-derived; see :mod:`certirag.certify.versions`).
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
        body = Body.model_validate(predicate)
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
    unknown = unknown_versions(body.versions)
    for part, version in unknown.items():
        if part not in ("claims", "checks", "scorer"):
            check.fail("not_rederivable", f"the certificate records {part} version "
                                          f"{version!r}, which this version does not know")
    if "claims" in unknown:
        check.fail("not_rederivable", f"claims version {unknown['claims']!r}: this version "
                                      f"splits claims as {_current('claims')!r}; the claims "
                                      "are not re-derived")
    else:
        check_claims(body, check)
    if "checks" in unknown:
        check.fail("not_rederivable", f"checks version {unknown['checks']!r}: this version "
                                      f"checks as {_current('checks')!r}; the findings and "
                                      "decisions are not re-derived")
    check_decisions(body, check, rederive="checks" not in unknown)
    if index is not None:
        check_index(body, _coerce_index(index, settings), check)
    if recompute:
        if "scorer" in unknown:
            check.fail("not_rederivable", f"scorer version {unknown['scorer']!r}: this "
                                          f"version re-scores as {_current('scorer')!r}; "
                                          "the scores are not recomputed")
        else:
            recompute_scores(body, check, settings, verifier)
    if any(f.code in NOT_REDERIVABLE for f in check.failures):
        check.notes.append(f"issued by certirag {body.software.version} under rules this "
                           "version does not have: what the not_rederivable failures name was "
                           "not re-derived (the signature, digests, structure, counts and "
                           "rendering were checked); verify it with a certirag release that "
                           "has those rules to re-derive it")
    return check


def _current(part: str) -> str:
    return current_versions()[part]


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


def _check_digests(statement: Mapping[str, Any], body: Body, check: CertificateCheck) -> None:
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


def _check_structure(body: Body, check: CertificateCheck) -> None:
    for n, p in enumerate(body.evidence):
        if p.end - p.start != len(p.text):
            check.fail("evidence_offsets", f"evidence {n} ({p.doc_id}): {p.start}:{p.end} "
                                           f"does not fit {len(p.text)} characters")
    ids = [p.chunk_id or p.doc_id for p in body.evidence]
    if body.retrieval.evidence_ids != ids:
        check.fail("retrieval_mismatch", "retrieval.evidence_ids does not list the evidence")
    passages = [p.model_dump() for p in body.evidence]
    for n, s in enumerate(body.spans):
        owner = containing_passage(passages, s.doc_id, s.chunk_id, s.start, s.end)
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

"""Certificates: content, round trips, and every tampering named (golden files:
test_certify_golden.py)."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from certirag import __version__
from certirag.certify.canonical import canonical_json, is_canonical
from certirag.certify.certificate import (
    FAILURE_CODES,
    FORMAT,
    PREDICATE_TYPE,
    Certificate,
    build_certificate,
    issue_and_record,
    issue_certificate,
    verify_certificate,
)
from certirag.certify.dsse import PAYLOAD_TYPE, Envelope, sign_envelope
from certirag.certify.keys import Signer, generate_keys, public_key_pem
from certirag.certify.ledger import Ledger
from certirag.config import Settings
from certirag.errors import InputError
from certirag.index import Index
from certirag.pipeline import VerificationResult, verify
from certirag.schemas import Document, Scores, sha256_text
from certirag.testing import FAKE_SHA256, FakeVerifier

from ..conftest import HashEmbedder
from .certify_support import (
    ANSWER,
    EVIDENCE,
    ISSUED_AT,
    QUESTION,
    fixture_scores,
    fixture_verifier,
)


def _decisions(result: VerificationResult) -> dict[str, str]:
    return {c.claim.id: c.decision.value for c in result.claims}


def test_the_fixture_covers_every_decision(result: VerificationResult) -> None:
    assert _decisions(result) == {"c1": "verified", "c2": "blocked", "c3": "blocked",
                                  "c4": "unverified", "c5": "unverified", "c6": "not_a_claim"}
    codes = {c.claim.id: [r.code for r in c.reasons] for c in result.claims}
    assert codes["c2"] == ["negation_mismatch"] and codes["c3"] == ["model_contradiction"]


# ------------------------------------------------------------------------ content

def test_certificate_content(cert: Certificate, result: VerificationResult, signer: Signer,
                             settings: Settings) -> None:
    env = cert.envelope
    assert env.payload_type == PAYLOAD_TYPE and is_canonical(env.payload)
    assert cert.id == hashlib.sha256(env.payload).hexdigest()
    statement = cert.statement
    assert statement["_type"] == "https://in-toto.io/Statement/v1"
    assert statement["predicateType"] == PREDICATE_TYPE
    assert statement["subject"] == [{"name": "answer",
                                     "digest": {"sha256": sha256_text(ANSWER)}}]
    body = cert.body
    data = result.to_dict()
    assert body["format"] == FORMAT
    assert body["question"] == QUESTION
    assert body["answer"] == {"text": ANSWER, "sha256": sha256_text(ANSWER)}
    assert body["claims"] == data["claims"]  # verbatim `certirag verify --json` claims
    assert body["policy"] == data["policy"] and body["policy"]["id"] == "certirag.policy.v3"
    assert body["stats"] == data["stats"] and body["rendered"] == data["rendered"]
    assert body["model"] == {"id": "fake", "sha256": FAKE_SHA256}
    assert body["retrieval"] == {"mode": "inline", "k": None, "index": "inline",
                                 "evidence_ids": ["e1", "e2"]}
    assert [p["doc_sha256"] for p in body["evidence"]] == [sha256_text(t) for t in EVIDENCE]
    assert [p["text"] for p in body["evidence"]] == EVIDENCE
    spans = body["spans"]
    assert [s["claim_id"] for s in spans] == ["c1", "c3", "c5"]
    for s in spans:
        assert s["sha256"] == sha256_text(s["text"])
        assert EVIDENCE[0][s["start"]:s["end"]] == s["text"]
        assert s["doc_sha256"] == sha256_text(EVIDENCE[0])
    assert body["settings_sha256"] == settings.settings_hash()
    assert body["software"] == {"name": "certirag", "version": __version__}
    assert body["key_id"] == signer.key_id
    assert body["trace"] is None
    assert body["check_options"] == {"date_locale": "dmy"}
    stamp = datetime.fromisoformat(body["issued_at"].replace("Z", "+00:00"))
    assert body["issued_at"].endswith("Z") and stamp.utcoffset() is not None


def test_a_valid_certificate_verifies_from_every_input_form(cert: Certificate, signer: Signer,
                                                            tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    cert.save(path)
    pub = tmp_path / "k.pub"
    pub.write_bytes(public_key_pem(signer.public_key))
    for envelope in (cert, cert.envelope, cert.to_json(), cert.to_json().encode(), path,
                     json.loads(cert.to_json())):
        check = verify_certificate(envelope, pub)
        assert check.valid, check.failures
        assert check.certificate_id == cert.id and check.key_id == signer.key_id
        assert check.checked == ["envelope", "signature", "digests", "claims", "policy"]
    assert cert.verify(signer.public_key).valid
    assert Certificate.load(path).id == cert.id
    with pytest.raises(InputError):
        Certificate.load(tmp_path / "missing.json")
    with pytest.raises(InputError):
        verify_certificate(cert, tmp_path / "missing.pub")


def test_round_trip_through_json_keeps_the_id(cert: Certificate) -> None:
    again = Certificate.from_json(cert.to_json())
    assert again.id == cert.id and again.envelope == cert.envelope
    assert again.body == cert.body


def test_no_evidence_and_backend_failures_verify(signer: Signer, settings: Settings) -> None:
    from certirag.testing import FailingVerifier

    bare = verify("", "Paris is big.", evidence=[], verifier=fixture_verifier(), settings=settings)
    assert [r.code for c in bare.claims for r in c.reasons] == ["no_evidence"]
    failed = verify("", "Paris is big.", evidence=EVIDENCE, verifier=FailingVerifier(),
                    settings=settings)
    assert [r.code for c in failed.claims for r in c.reasons] == ["backend_error"]
    for res in (bare, failed):
        check = issue_certificate(res, signer=signer, settings=settings).verify(signer.public_key)
        assert check.valid, check.failures


def test_whole_number_probabilities_survive_canonical_json(signer: Signer) -> None:
    """RFC 8785 writes 1.0 as 1; the certificate must still verify."""
    settings = Settings(tau_entail=1.0, tau_contradict=1.0)
    res = verify("", "Paris is the capital of France.", evidence=EVIDENCE[:1],
                 verifier=FakeVerifier(rule="fixed", scores=Scores(entailment=1.0, neutral=0.0,
                                                                   contradiction=0.0)),
                 settings=settings)
    cert = issue_certificate(res, signer=signer, settings=settings)
    assert b'"entailment":1,' in cert.envelope.payload
    check = cert.verify(signer.public_key)
    assert check.valid, check.failures


# ------------------------------------------------------------------------ tampering

Edit = Callable[[dict[str, Any]], None]


def _tamper(cert: Certificate, edit: Edit, *, sign_with: Signer | None) -> str:
    """Edit the certificate body; re-sign with ``sign_with`` or keep the old signature."""
    statement = json.loads(cert.envelope.payload)
    edit(statement["predicate"])
    payload = canonical_json(statement)
    if sign_with is not None:
        return sign_envelope(payload, sign_with).to_json()
    return Envelope(payload_type=cert.envelope.payload_type, payload=payload,
                    signatures=cert.envelope.signatures).to_json()


def _codes(text: str | bytes, signer: Signer, **kwargs: Any) -> list[str]:
    check = verify_certificate(text, signer.public_key, **kwargs)
    assert not check.valid
    assert set(check.codes) <= set(FAILURE_CODES)
    return check.codes


def _claim(body: dict[str, Any], claim_id: str) -> dict[str, Any]:
    return next(c for c in body["claims"] if c["id"] == claim_id)


def _flip(claim_id: str) -> Edit:
    def edit(body: dict[str, Any]) -> None:
        claim = _claim(body, claim_id)
        body["stats"][claim["decision"]] -= 1
        body["stats"]["verified"] += 1
        claim["decision"] = "verified"
    return edit


def test_flipping_a_blocked_claim_without_the_key_breaks_the_signature(
        cert: Certificate, signer: Signer) -> None:
    codes = _codes(_tamper(cert, _flip("c3"), sign_with=None), signer)
    assert "bad_signature" in codes


@pytest.mark.parametrize("claim_id", ["c2", "c3", "c4", "c5"])
def test_a_resigned_flipped_decision_does_not_follow(cert: Certificate, signer: Signer,
                                                     claim_id: str) -> None:
    codes = _codes(_tamper(cert, _flip(claim_id), sign_with=signer), signer)
    assert "decision_mismatch" in codes and "bad_signature" not in codes
    assert "rendered_mismatch" in codes  # the rendering no longer matches either


def test_resigned_flip_with_rewritten_reasons_is_caught_by_the_check(
        cert: Certificate, signer: Signer) -> None:
    def edit(body: dict[str, Any]) -> None:
        _flip("c2")(body)
        _claim(body, "c2")["reasons"] = [{"code": "entailed", "message": "fine", "text": None}]
    codes = _codes(_tamper(cert, edit, sign_with=signer), signer)
    assert "check_mismatch" in codes


def test_flipping_not_a_claim_is_caught(cert: Certificate, signer: Signer) -> None:
    def edit(body: dict[str, Any]) -> None:
        claim = _claim(body, "c4")
        claim["decision"] = "not_a_claim"
        claim["reasons"] = [{"code": "not_a_claim", "message": "asserts nothing checkable",
                             "text": None}]
    codes = _codes(_tamper(cert, edit, sign_with=signer), signer)
    assert "claims_mismatch" in codes


@pytest.mark.parametrize(("claim_id", "field", "value", "code"), [
    ("c3", "contradiction", 0.1, "decision_mismatch"),   # no longer blocked by the model
    ("c1", "entailment", 0.4, "reasons_mismatch"),       # a verbatim quote: still verified
    ("c1", "entailment", 0.7, "reasons_mismatch"),       # same decision, another message
    ("c5", "entailment", 0.9, "decision_mismatch"),
])
def test_a_changed_score_is_caught(cert: Certificate, signer: Signer, claim_id: str,
                                   field: str, value: float, code: str) -> None:
    def edit(body: dict[str, Any]) -> None:
        _claim(body, claim_id)["scores"][field] = value
    assert _codes(_tamper(cert, edit, sign_with=None), signer)[0] == "bad_signature"
    resigned = _codes(_tamper(cert, edit, sign_with=signer), signer)
    assert code in resigned and "bad_signature" not in resigned


def test_a_claim_passed_off_as_an_unscored_quote_is_caught(cert: Certificate,
                                                           signer: Signer) -> None:
    def edit(body: dict[str, Any]) -> None:
        claim = _claim(body, "c5")  # "The sky is blue.": in no evidence sentence
        claim["decision"] = "verified"
        claim["scores"] = None
        claim["reasons"] = [{"code": "quoted", "message": "the claim is a whole evidence "
                                                         "sentence, verbatim", "text": None}]
    assert "decision_mismatch" in _codes(_tamper(cert, edit, sign_with=signer), signer)


def test_changed_thresholds_or_policy_are_caught(cert: Certificate, signer: Signer) -> None:
    def tau(body: dict[str, Any]) -> None:
        body["policy"]["tau_entail"] = 0.001
    # c5 would have passed at that threshold
    assert "decision_mismatch" in _codes(_tamper(cert, tau, sign_with=signer), signer)

    def strict(body: dict[str, Any]) -> None:
        body["policy"]["tau_entail"] = 0.999
    # c1 quotes its evidence: verified whatever τe says (only c5's message names τe)
    check = verify_certificate(_tamper(cert, strict, sign_with=signer), signer.public_key)
    assert [(f.code, f.claim_id) for f in check.failures] == [("reasons_mismatch", "c5")]

    def older(body: dict[str, Any]) -> None:
        body["policy"]["id"] = "certirag.policy.v1"
    # v1 has no quote rule: c1 recorded as quoted is not what v1 gives (entailed at 0.5) ...
    assert "reasons_mismatch" in _codes(_tamper(cert, older, sign_with=signer), signer)

    def older_and_strict(body: dict[str, Any]) -> None:
        older(body)
        strict(body)
    # ... and at τe = 0.999 v1 would not verify it at all
    assert "decision_mismatch" in _codes(_tamper(cert, older_and_strict, sign_with=signer),
                                         signer)

    def policy(body: dict[str, Any]) -> None:
        body["policy"]["id"] = "lenient.v0"
    assert "unknown_policy" in _codes(_tamper(cert, policy, sign_with=signer), signer)


def test_changed_span_text_breaks_its_digest(cert: Certificate, signer: Signer) -> None:
    def edit(body: dict[str, Any]) -> None:
        body["spans"][0]["text"] = "Lyon is the capital of France."
    codes = _codes(_tamper(cert, edit, sign_with=signer), signer)
    assert "span_digest" in codes


def test_changed_evidence_text_is_caught(cert: Certificate, signer: Signer) -> None:
    def passage(body: dict[str, Any]) -> None:
        body["evidence"][1]["text"] = "The museum opens at 10am on weekdays."
    assert "evidence_digest" in _codes(_tamper(cert, passage, sign_with=signer), signer)

    def rehashed(body: dict[str, Any]) -> None:  # a key holder who also fixes the digests
        text = "The museum opens at 10am on weekdays."
        body["evidence"][1].update(text=text, sha256=sha256_text(text),
                                   doc_sha256=sha256_text(text))
    codes = _codes(_tamper(cert, rehashed, sign_with=signer), signer)
    assert "check_mismatch" in codes  # the stored finding no longer follows

    def claim_evidence(body: dict[str, Any]) -> None:
        _claim(body, "c1")["evidence"][0]["text"] = "Paris is the capital of Spain."
    assert "claim_evidence_mismatch" in _codes(_tamper(cert, claim_evidence, sign_with=signer),
                                               signer)


@pytest.mark.parametrize("how", ["drop", "reorder"])
def test_dropped_or_reordered_claims_are_caught(cert: Certificate, signer: Signer,
                                                how: str) -> None:
    def edit(body: dict[str, Any]) -> None:
        if how == "drop":
            dropped = body["claims"].pop(2)
            body["spans"] = [s for s in body["spans"] if s["claim_id"] != dropped["id"]]
            body["stats"]["total"] -= 1
            body["stats"][dropped["decision"]] -= 1
        else:
            body["claims"][0], body["claims"][1] = body["claims"][1], body["claims"][0]
            body["spans"].sort(key=lambda s: [c["id"] for c in body["claims"]].index(
                s["claim_id"]))
    codes = _codes(_tamper(cert, edit, sign_with=signer), signer)
    assert "claims_mismatch" in codes


def test_resigned_with_another_key(cert: Certificate, signer: Signer) -> None:
    other = Signer.generate()

    def edit(body: dict[str, Any]) -> None:
        body["key_id"] = other.key_id
    assert _codes(_tamper(cert, edit, sign_with=other), signer) == ["wrong_key",
                                                                    "key_id_mismatch"]
    # and the other key's holder cannot pass it off under our key id either
    forged = json.loads(_tamper(cert, _flip("c3"), sign_with=other))
    forged["signatures"][0]["keyid"] = signer.key_id
    assert "bad_signature" in _codes(json.dumps(forged), signer)


def test_unsigned_and_retyped_envelopes(cert: Certificate, signer: Signer) -> None:
    data = json.loads(cert.to_json())
    assert "unsigned" in _codes(json.dumps({**data, "signatures": []}), signer)
    codes = _codes(json.dumps({**data, "payloadType": "application/json"}), signer)
    assert codes[:2] == ["payload_type", "bad_signature"]


@pytest.mark.parametrize("cut", [2, 10, 200, 2000])
def test_truncated_file_is_bad_input(cert: Certificate, signer: Signer, cut: int) -> None:
    check = verify_certificate(cert.to_json()[:-cut].encode(), signer.public_key)
    assert check.codes == ["not_json"] and check.bad_input and not check.valid


@pytest.mark.parametrize(("text", "code"), [("garbage", "not_json"), ("\x00\x01", "not_json"),
                                            ('{"a": 1}', "envelope_malformed"),
                                            ("[1, 2]", "envelope_malformed")])
def test_garbage_is_bad_input(signer: Signer, text: str, code: str) -> None:
    check = verify_certificate(text, signer.public_key)
    assert check.codes == [code] and check.bad_input


def test_structurally_wrong_payloads_are_named(cert: Certificate, signer: Signer) -> None:
    statement = json.loads(cert.envelope.payload)

    def signed(payload: bytes) -> str:
        return sign_envelope(payload, signer).to_json()

    pretty = json.dumps(statement, indent=1).encode()
    assert _codes(signed(pretty), signer) == ["payload_not_canonical"]
    assert "statement_malformed" in _codes(signed(b"not json"), signer)
    other = {**statement, "predicateType": "https://slsa.dev/provenance/v1"}
    assert _codes(signed(canonical_json(other)), signer) == ["predicate_type"]
    old = copy.deepcopy(statement)
    old["predicate"]["format"] = "certirag.certificate/v0"
    assert _codes(signed(canonical_json(old)), signer) == ["unsupported_format"]
    missing = copy.deepcopy(statement)
    del missing["predicate"]["spans"]
    assert _codes(signed(canonical_json(missing)), signer) == ["certificate_malformed"]
    typed = copy.deepcopy(statement)
    typed["predicate"]["claims"][0]["start"] = "0"
    assert _codes(signed(canonical_json(typed)), signer) == ["certificate_malformed"]
    locale = copy.deepcopy(statement)
    locale["predicate"]["check_options"]["date_locale"] = "ymd"
    assert _codes(signed(canonical_json(locale)), signer) == ["certificate_malformed"]
    subject = copy.deepcopy(statement)
    subject["subject"][0]["digest"]["sha256"] = "0" * 64
    assert _codes(signed(canonical_json(subject)), signer) == ["subject_digest"]


def test_edited_answer_and_rendering_are_caught(cert: Certificate, signer: Signer) -> None:
    def answer(body: dict[str, Any]) -> None:
        body["answer"]["text"] = body["answer"]["text"].replace("blue", "green")
    codes = _codes(_tamper(cert, answer, sign_with=signer), signer)
    assert "answer_digest" in codes

    def rendered(body: dict[str, Any]) -> None:
        body["rendered"] = "[verified] Everything is fine."
    assert _codes(_tamper(cert, rendered, sign_with=signer), signer) == ["rendered_mismatch"]

    def stats(body: dict[str, Any]) -> None:
        body["stats"]["verified"] = 5
    assert _codes(_tamper(cert, stats, sign_with=signer), signer) == ["stats_mismatch"]


# ------------------------------------------------------------------------ index

def _index(path: Path, texts: dict[str, str]) -> Index:
    index = Index(path, settings=Settings(), embedder=HashEmbedder())
    index.ingest([Document(id=k, text=v) for k, v in texts.items()])
    return index


def test_index_spans_are_checked_against_the_documents(tmp_path: Path, signer: Signer) -> None:
    settings = Settings(retrieval_mode="bm25", top_k=2)
    docs = {"geo.txt": "Paris is the capital of France. It has many bridges.",
            "tower.txt": "The Eiffel Tower is in Paris. It opened in 1889."}
    index = _index(tmp_path / "ix", docs)
    res = verify(QUESTION, "Paris is the capital of France.", index=index,
                 verifier=fixture_verifier(), settings=settings)
    assert _decisions(res) == {"c1": "verified"}
    cert = issue_certificate(res, signer=signer, settings=settings, index=index)
    body = cert.body
    assert body["retrieval"]["mode"] == "bm25" and body["retrieval"]["k"] == 2
    assert body["retrieval"]["index"] == str(tmp_path / "ix")
    assert body["retrieval"]["embed_sha256"] == "0" * 64
    assert all(p["chunk_id"] for p in body["evidence"])
    geo = next(p for p in body["evidence"] if p["doc_id"] == "geo.txt")
    assert geo["doc_sha256"] == sha256_text(docs["geo.txt"])
    assert body["spans"][0]["doc_sha256"] == sha256_text(docs["geo.txt"])

    check = cert.verify(signer.public_key, index=Index.open(tmp_path / "ix"))
    assert check.valid and "index" in check.checked
    assert cert.verify(signer.public_key, index=tmp_path / "ix").valid  # a folder works too

    # the document changes after issuance
    _index(tmp_path / "ix", {**docs, "geo.txt": "Lyon is the capital of France. It has "
                                                "many bridges."})
    check = cert.verify(signer.public_key, index=Index.open(tmp_path / "ix"))
    assert {"index_document_changed", "index_span_mismatch"} <= set(check.codes)
    assert any(f.claim_id == "c1" and f.code == "index_span_mismatch" for f in check.failures)
    empty = Index(tmp_path / "other", embedder=HashEmbedder())
    empty.ingest([Document(id="x", text="unrelated")])
    assert "index_document_missing" in cert.verify(signer.public_key, index=empty).codes


def test_index_check_on_inline_evidence_is_a_note(cert: Certificate, signer: Signer,
                                                  tmp_path: Path) -> None:
    check = cert.verify(signer.public_key, index=_index(tmp_path / "ix", {"a": "text"}))
    assert check.valid and any("inline" in n for n in check.notes)


# ------------------------------------------------------------------------ recompute

def test_recompute_with_the_recorded_model(cert: Certificate, signer: Signer,
                                           settings: Settings) -> None:
    check = cert.verify(signer.public_key, recompute=True, settings=settings,
                        verifier=fixture_verifier())
    assert check.valid and "recompute" in check.checked


def test_recompute_catches_different_scores(cert: Certificate, signer: Signer,
                                            settings: Settings) -> None:
    # same recorded model sha256, different behaviour: the certificate's scores are not
    # what that model gives
    drifted = FakeVerifier(rule="fixed", scores=Scores(entailment=0.6, neutral=0.3,
                                                       contradiction=0.1))
    check = cert.verify(signer.public_key, recompute=True, settings=settings, verifier=drifted)
    assert check.codes == ["recompute_mismatch"]
    assert {f.claim_id for f in check.failures} == {"c1", "c3", "c5"}


def test_recompute_without_the_recorded_model(cert: Certificate, signer: Signer,
                                              settings: Settings) -> None:
    class OtherModel(FakeVerifier):
        def score_pairs(self, pairs: Any) -> Any:
            import dataclasses

            return [dataclasses.replace(r, model_sha256="1" * 64)
                    for r in super().score_pairs(pairs)]

    check = cert.verify(signer.public_key, recompute=True, settings=settings,
                        verifier=OtherModel(fn=fixture_scores))
    assert check.codes == ["recompute_unavailable"]
    # the configured built-in model is not the fake one the certificate records
    check = cert.verify(signer.public_key, recompute=True, settings=settings)
    assert check.codes == ["recompute_unavailable"]


def test_recompute_reports_a_reading_that_fails(cert: Certificate, signer: Signer,
                                               settings: Settings,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any) -> Any:
        raise ValueError("no reading")

    monkeypatch.setattr("certirag.certify.rederive._pairs_of", broken)
    check = cert.verify(signer.public_key, recompute=True, settings=settings,
                        verifier=fixture_verifier())
    assert check.codes == ["recompute_unavailable"]
    assert "ValueError: no reading" in check.failures[0].message


def test_build_certificate_is_deterministic_for_fixed_inputs(result: VerificationResult,
                                                             settings: Settings) -> None:
    a = build_certificate(result, settings=settings, key_id="k", issued_at=ISSUED_AT)
    b = build_certificate(result, settings=settings, key_id="k", issued_at=ISSUED_AT)
    assert canonical_json(a) == canonical_json(b)


# ------------------------------------------------------------------------ wiring

def test_issue_and_record_writes_the_file_and_the_ledger(result: VerificationResult,
                                                         tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home", display="mixed")
    pair = generate_keys(tmp_path / "keys")
    out = tmp_path / "answer.cert.json"
    cert = issue_and_record(result, settings=settings, signing_key=pair.private_path,
                            cert_out=out)
    assert cert is not None and out.is_file()
    assert verify_certificate(out, pair.public_path).valid
    with Ledger.open(settings.home / "ledger.db", create=False) as ledger:
        entry = ledger.get(cert.id)
        assert entry is not None and entry.index == 0
        assert ledger.inclusion_proof(cert.id).verify()
    assert issue_and_record(result, settings=settings) is None
    with pytest.raises(InputError, match="signing key"):
        issue_and_record(result, settings=settings, cert_out=out)


# ------------------------------------------------------------------------ issue 12

def test_an_unresolved_reply_certifies_and_cannot_be_relabelled(settings: Settings,
                                                               signer: Signer) -> None:
    res = verify("", "Yes. Paris is the capital of France.", evidence=EVIDENCE,
                 verifier=fixture_verifier(), settings=settings)
    assert [c.claim.kind for c in res.claims] == ["unresolved", "claim"]
    assert [r.code for r in res.claims[0].reasons] == ["unresolved_answer"]
    cert = issue_certificate(res, signer=signer, settings=settings)
    check = verify_certificate(cert, signer.public_key)
    assert check.valid, check.codes

    def edit(body: dict[str, Any]) -> None:  # pass the reply off as a pleasantry
        claim = _claim(body, "c1")
        claim["decision"] = "not_a_claim"
        claim["reasons"] = [{"code": "not_a_claim", "message": "asserts nothing checkable",
                             "text": None}]
    assert "claims_mismatch" in _codes(_tamper(cert, edit, sign_with=signer), signer)

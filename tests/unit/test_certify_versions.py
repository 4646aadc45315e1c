"""Certificates stay verifiable across releases: the versions they record, this release's
goldens, and certificates of rules this release does not have (not re-derivable, never
tampered)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from certirag.certify.canonical import canonical_json
from certirag.certify.certificate import (
    FAILURE_CODES,
    Certificate,
    verify_certificate,
)
from certirag.certify.dsse import Envelope
from certirag.certify.keys import Signer
from certirag.certify.ledger import LEDGER_FAILURES
from certirag.certify.verify import NOT_REDERIVABLE, RESULTS
from certirag.certify.versions import (
    LEGACY_VERSIONS,
    SCORER_VERSION,
    current_versions,
    unknown_versions,
)
from certirag.checks import CHECKS_VERSION
from certirag.claims import CLAIMS_VERSION
from certirag.config import Settings
from certirag.policy import POLICIES
from certirag.render import render
from certirag.schemas import ClaimDecision

from .certify_goldens import GOLDEN, GoldenIndex, golden_certificates, golden_name
from .certify_support import fixture_verifier, invoke, resign

# ------------------------------------------------------------- 7. versions of the rules

def test_certificates_record_the_versions_they_were_derived_with(cert: Certificate) -> None:
    assert cert.body["versions"] == {"claims": CLAIMS_VERSION, "checks": CHECKS_VERSION,
                                     "scorer": SCORER_VERSION} == current_versions()
    assert cert.body["policy"]["id"] in POLICIES
    assert unknown_versions(cert.body["versions"]) == {}
    # a certificate from before versions were recorded names every part too
    assert set(LEGACY_VERSIONS) == set(current_versions())


def _expected_result(body: dict[str, Any]) -> str:
    known = not unknown_versions(body.get("versions")) and body["policy"]["id"] in POLICIES
    return "valid" if known else "not_rederivable"


GOLDENS = sorted(p.name for p in GOLDEN.glob("*.cert.json"))


@pytest.mark.parametrize("name", GOLDENS)
def test_every_golden_certificate_is_valid_or_honestly_not_rederivable(name: str) -> None:
    """Each committed golden verifies when this release has the rules it records, and is
    ``not_rederivable`` (never a tamper verdict) when it does not. A golden that fails
    here means a claim or check rule changed without a new version id: give it one
    (CLAIMS_VERSION in certirag/claims/__init__.py, CHECKS_VERSION in
    certirag/checks/__init__.py)."""
    cert = Certificate.load(GOLDEN / name)
    index = GoldenIndex() if cert.body["retrieval"]["index"] == GoldenIndex.path else None
    check = cert.verify(GOLDEN / "golden.pub", index=index)
    assert check.result == _expected_result(cert.body), [f.to_dict() for f in check.failures]
    if index is not None and check.valid:
        assert "index" in check.checked


def test_this_releases_goldens_are_committed_and_reissue_identically() -> None:
    """The goldens of this release's versions are in the repository (write them with
    ``python -m tests.unit.certify_goldens``), and the same inputs still give them."""
    for case, fresh in golden_certificates().items():
        path = GOLDEN / golden_name(case)
        assert path.is_file(), f"missing {path.name}: run python -m tests.unit.certify_goldens"
        stored = Certificate.load(path)
        assert stored.body["versions"] == current_versions()
        keep = [k for k in stored.body if k not in ("settings_sha256", "software")]
        assert {k: stored.body[k] for k in keep} == {k: fresh.body[k] for k in keep}, case


def test_a_certificate_from_before_versions_is_read_under_the_first_versions() -> None:
    for policy in ("v1", "v2", "v3"):
        cert = Certificate.load(GOLDEN / f"golden-inline-{policy}.cert.json")
        assert "versions" not in cert.body
        check = cert.verify(GOLDEN / "golden.pub")
        assert check.result == _expected_result(cert.body), check.failures


def _future(part: str) -> Callable[[dict[str, Any]], None]:
    def edit(body: dict[str, Any]) -> None:
        if part == "policy":
            body["policy"]["id"] = "certirag.policy.v99"
        else:
            body["versions"][part] = f"certirag.{part}.v99"
    return edit


def _future_splitter(body: dict[str, Any]) -> None:
    """What an honest certificate of a future splitter could hold: the pleasantry 'Hello!'
    no longer a sentence of its own (stats and rendering consistent with that)."""
    body["versions"]["claims"] = "certirag.claims.rules.v99"
    dropped = body["claims"].pop()
    assert dropped["decision"] == "not_a_claim"
    body["stats"]["total"] -= 1
    body["stats"]["not_a_claim"] -= 1
    _rerender(body)


def _future_checks(body: dict[str, Any]) -> None:
    """A future check that names c2's finding differently."""
    body["versions"]["checks"] = "certirag.checks.v99"
    claim = next(c for c in body["claims"] if c["id"] == "c2")
    claim["reasons"][0]["code"] = "negation_conflict"
    claim["reasons"][0]["message"] = "negated in the claim, not in the evidence"


def _rerender(body: dict[str, Any]) -> None:
    from certirag.certify.body import Body as _Body
    from certirag.certify.rederive import kind_of as _kind_of
    from certirag.schemas import Claim, Evidence, Reason, Scores

    parsed = _Body.model_validate(body)
    rebuilt = [ClaimDecision(
        claim=Claim(id=c.id, text=c.text, start=c.start, end=c.end, kind=_kind_of(c)),
        decision=c.decision, reasons=[Reason(**r.model_dump()) for r in c.reasons],
        scores=Scores(**c.scores.model_dump()) if c.scores else None,
        evidence=[Evidence(**e.model_dump()) for e in c.evidence]) for c in parsed.claims]
    body["rendered"] = render(body["answer"]["text"], rebuilt, body["display"])


@pytest.mark.parametrize("edit", [_future("claims"), _future("checks"), _future("policy"),
                                  _future("render"), _future_splitter, _future_checks],
                         ids=["claims", "checks", "policy", "new-part", "splitter", "findings"])
def test_a_certificate_of_unknown_future_rules_is_not_rederivable_not_tampered(
        cert: Certificate, signer: Signer, pub: Path, tmp_path: Path,
        edit: Callable[[dict[str, Any]], None]) -> None:
    text = resign(cert, edit, signer)
    check = verify_certificate(text, signer.public_key)
    assert check.result == "not_rederivable", [f.to_dict() for f in check.failures]
    assert not check.valid and set(check.codes) <= NOT_REDERIVABLE
    assert {"signature", "digests"} <= set(check.checked)
    path = tmp_path / "future.cert.json"
    path.write_text(text)
    code, out, _ = invoke("cert", "verify", str(path), "--public-key", str(pub), "--json")
    assert code == 4 and json.loads(out)["result"] == "not_rederivable"
    code, out, _ = invoke("cert", "verify", str(path), "--public-key", str(pub))
    assert code == 4 and "NOT RE-DERIVABLE" in out and "INVALID" not in out


def test_the_same_edits_under_this_releases_versions_are_tampering(
        cert: Certificate, signer: Signer) -> None:
    def splitter(body: dict[str, Any]) -> None:
        _future_splitter(body)
        body["versions"]["claims"] = CLAIMS_VERSION

    def checks(body: dict[str, Any]) -> None:
        _future_checks(body)
        body["versions"]["checks"] = CHECKS_VERSION

    assert "claims_mismatch" in verify_certificate(resign(cert, splitter, signer),
                                                   signer.public_key).codes
    assert "check_mismatch" in verify_certificate(resign(cert, checks, signer),
                                                  signer.public_key).codes


@pytest.mark.parametrize("tamper", ["not re-signed", "answer edited", "stats edited",
                                    "evidence edited", "other key"])
def test_a_tampered_certificate_of_unknown_rules_is_still_invalid(
        cert: Certificate, signer: Signer, pub: Path, tmp_path: Path, tamper: str) -> None:
    def edit(body: dict[str, Any]) -> None:
        _future("claims")(body)
        _future("checks")(body)
        if tamper == "answer edited":
            body["answer"]["text"] += " Also, it is free."
        elif tamper == "stats edited":
            body["stats"]["verified"] += 1
        elif tamper == "evidence edited":
            body["evidence"][1]["text"] = "The museum opens at 10am on weekdays."
    if tamper == "not re-signed":
        statement = json.loads(cert.envelope.payload)
        edit(statement["predicate"])
        text = Envelope(payload_type=cert.envelope.payload_type,
                        payload=canonical_json(statement),
                        signatures=cert.envelope.signatures).to_json()
    else:
        text = resign(cert, edit, Signer.generate() if tamper == "other key" else signer)
    check = verify_certificate(text, signer.public_key)
    assert check.result == "invalid", check.codes
    assert not set(check.codes) <= NOT_REDERIVABLE
    path = tmp_path / "t.cert.json"
    path.write_text(text)
    code, _, _ = invoke("cert", "verify", str(path), "--public-key", str(pub))
    assert code == 1


def test_recompute_under_an_unknown_scorer_is_not_rederivable(
        cert: Certificate, signer: Signer, settings: Settings) -> None:
    text = resign(cert, _future("scorer"), signer)
    assert verify_certificate(text, signer.public_key).valid  # the scorer only matters here
    check = verify_certificate(text, signer.public_key, recompute=True, settings=settings,
                               verifier=fixture_verifier())
    assert check.result == "not_rederivable" and check.codes == ["not_rederivable"]


def test_every_result_is_documented() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "certificates.md").read_text("utf-8")
    for result in RESULTS:
        assert f"`{result}`" in doc, result
    for code in [*FAILURE_CODES, *LEDGER_FAILURES]:
        assert f"`{code}`" in doc, code

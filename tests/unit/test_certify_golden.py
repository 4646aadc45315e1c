"""Golden certificates: one issued by this build reissues identically, and those issued
under earlier policies keep verifying."""

from __future__ import annotations

import os
from typing import Any

import pytest

from certirag.certify.certificate import Certificate, issue_certificate
from certirag.certify.keys import public_key_pem
from certirag.certify.versions import unknown_versions
from certirag.config import Settings
from certirag.pipeline import verify

from .certify_support import (
    ANSWER,
    EVIDENCE,
    GOLDEN,
    ISSUED_AT,
    QUESTION,
    fixture_verifier,
    golden_signer,
)


def _golden_certificate() -> Certificate:
    settings = Settings(display="mixed", tau_entail=0.5, tau_contradict=0.5)
    res = verify(QUESTION, ANSWER, evidence=EVIDENCE, verifier=fixture_verifier(),
                 settings=settings)
    return issue_certificate(res, signer=golden_signer(), settings=settings,
                             issued_at=ISSUED_AT)


def _stable(body: dict[str, Any]) -> dict[str, Any]:
    """The body without what may change between releases: the settings hash, the version
    and the wording of reasons (codes stay)."""
    out = {k: v for k, v in body.items() if k not in ("settings_sha256", "software")}
    out["claims"] = [{**c, "reasons": [r["code"] for r in c["reasons"]]} for c in body["claims"]]
    return out


def test_golden_certificate_verifies_and_reissues_identically() -> None:
    """A certificate issued by an earlier build must keep verifying; issuing the same
    inputs must give the same body. Regenerate with CERTIRAG_UPDATE_GOLDEN=1."""
    cert = _golden_certificate()
    cert_path, pub_path = GOLDEN / "golden-inline.cert.json", GOLDEN / "golden.pub"
    if os.environ.get("CERTIRAG_UPDATE_GOLDEN"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        cert.save(cert_path)
        pub_path.write_bytes(public_key_pem(golden_signer().public_key))
    golden = Certificate.load(cert_path)
    check = golden.verify(pub_path)
    assert check.valid, check.failures
    assert _stable(golden.body) == _stable(cert.body)
    assert pub_path.read_bytes() == public_key_pem(golden_signer().public_key)


@pytest.mark.parametrize("policy", ["v1", "v2"])
def test_a_certificate_issued_under_an_earlier_policy_still_verifies(policy: str) -> None:
    """Issued by an earlier build (v1: no quote rule; v2: the quote rule, whole-evidence
    checks); it must keep verifying: its decisions re-derived under its own policy where
    this release has the rules it was derived with, else honestly ``not_rederivable``
    (signature and digests valid), never a tamper verdict."""
    golden = Certificate.load(GOLDEN / f"golden-inline-{policy}.cert.json")
    assert golden.body["policy"]["id"] == f"certirag.policy.{policy}"
    check = golden.verify(GOLDEN / "golden.pub")
    if unknown_versions(golden.body.get("versions")):
        assert check.result == "not_rederivable", check.failures
        assert {f.code for f in check.failures} == {"not_rederivable"}
        return
    assert check.valid, check.failures
    assert "policy" in check.checked

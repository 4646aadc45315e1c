"""Fixtures of the certificate and ledger tests (their data: ``certify_support``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from certirag.certify.certificate import Certificate, issue_certificate
from certirag.certify.keys import Signer, public_key_pem
from certirag.certify.ledger import Ledger
from certirag.config import Settings
from certirag.pipeline import VerificationResult, verify

from .certify_support import ANSWER, EVIDENCE, QUESTION, entry_envelope, fixture_verifier


@pytest.fixture
def settings() -> Settings:
    return Settings(display="mixed", tau_entail=0.5, tau_contradict=0.5)  # fixed for goldens


@pytest.fixture
def result(settings: Settings) -> VerificationResult:
    return verify(QUESTION, ANSWER, evidence=EVIDENCE, verifier=fixture_verifier(),
                  settings=settings)


@pytest.fixture
def signer() -> Signer:
    return Signer.generate()


@pytest.fixture
def cert(result: VerificationResult, signer: Signer, settings: Settings) -> Certificate:
    return issue_certificate(result, signer=signer, settings=settings)


@pytest.fixture
def pub(tmp_path: Path, signer: Signer) -> Path:
    path = tmp_path / "k.pub"
    path.write_bytes(public_key_pem(signer.public_key))
    return path


@pytest.fixture
def ledger_path(tmp_path: Path, signer: Signer) -> Path:
    """A ledger of six entries."""
    path = tmp_path / "ledger.db"
    with Ledger.open(path) as ledger:
        for n in range(6):
            ledger.append(entry_envelope(signer, n), signer=signer)
    return path

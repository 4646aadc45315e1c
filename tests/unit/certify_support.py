"""What the certificate and ledger tests share: one answer that gets every decision, its
verifier, ledger entries, an attacker's connection, and the CLI. The fixtures built on
them (``settings``, ``result``, ``signer``, ``cert``, ``pub``, ``ledger_path``) are in
``conftest.py``."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from typer.testing import CliRunner

from certirag.certify.canonical import canonical_json
from certirag.certify.certificate import Certificate, issue_certificate
from certirag.certify.dsse import Envelope, sign_envelope
from certirag.certify.keys import Signer
from certirag.certify.ledger import LEDGER_FAILURES
from certirag.certify.verify import verify_certificate
from certirag.cli.cert import cert_app, log_app
from certirag.config import Settings
from certirag.result import VerificationResult
from certirag.schemas import Scores
from certirag.testing import FakeVerifier

#: Where the golden certificates live, and the time they are issued at.
GOLDEN = Path(__file__).parent / "data" / "certify"
ISSUED_AT = "2026-01-02T03:04:05Z"

QUESTION = "What is the capital of France?"
EVIDENCE = ["Paris is the capital of France. The Eiffel Tower is in Paris.",
            "The museum opens at 9am on weekdays."]
ANSWER = ("Paris is the capital of France. The Eiffel Tower is not in Paris. The tower is "
          "tall. The museum opens at 10am on weekdays. The sky is blue. Hello!")


def fixture_scores(premise: str, hypothesis: str) -> Scores:
    if "tall" in hypothesis:  # the model contradicts this one
        return Scores(entailment=0.01, neutral=0.04, contradiction=0.95)
    return FakeVerifier()._score(premise, hypothesis)


def golden_signer() -> Signer:
    """The fixed, public test key the goldens are signed with (golden.pub)."""
    return Signer(Ed25519PrivateKey.from_private_bytes(
        hashlib.sha256(b"certirag test key, not secret").digest()))


def fixture_verifier() -> FakeVerifier:
    """The verifier of the shared answer: substring entailment, one contradiction."""
    return FakeVerifier(fn=fixture_scores)


def entry_envelope(signer: Signer, n: int) -> Envelope:
    """A signed envelope to append as ledger entry ``n``."""
    return sign_envelope(canonical_json({"certificate": n}), signer)


def raw_connection(path: Path) -> sqlite3.Connection:
    """A connection with the append-only triggers dropped, as an attacker would."""
    conn = sqlite3.connect(path, isolation_level=None)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'"
                                ).fetchall():
        conn.execute(f"DROP TRIGGER {name}")
    return conn


def digests(*paths: Path) -> list[str | None]:
    """Each file's sha256, ``None`` for a missing one (to show a file was left as it was)."""
    return [hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None for p in paths]


runner = CliRunner()
cli = typer.Typer()
cli.add_typer(cert_app, name="cert")
cli.add_typer(log_app, name="log")


def invoke(*args: str) -> tuple[int, str, Any]:
    """``certirag ARGS``: exit code, stdout, and the exception if one escaped."""
    res = runner.invoke(cli, list(args))
    return res.exit_code, res.stdout, res.exception


def log_verify(path: Path, pub: Path, *extra: str) -> tuple[int, dict[str, Any], str]:
    """``certirag log verify`` with ``--json`` and without: the code, the JSON, the text."""
    code, out, exc = invoke("log", "verify", "--ledger", str(path), "--public-key", str(pub),
                            "--json", *extra)
    assert exc is None or isinstance(exc, SystemExit), exc
    data = json.loads(out)
    assert {c["code"] for c in data["failures"]} <= set(LEDGER_FAILURES)
    text_code, text, _ = invoke("log", "verify", "--ledger", str(path), "--public-key",
                                str(pub), *extra)
    assert text_code == code
    return code, data, text


def resign(cert: Certificate, edit: Callable[[dict[str, Any]], None], signer: Signer) -> str:
    """``cert`` with its predicate edited by ``edit`` and signed again by ``signer``."""
    statement = json.loads(cert.envelope.payload)
    edit(statement["predicate"])
    return sign_envelope(canonical_json(statement), signer).to_json()


def recompute_codes(res: VerificationResult, settings: Settings, verifier: Any,
                    scorers: Sequence[str]) -> list[list[str]]:
    """Issue a certificate of ``res`` and re-score it (``cert verify --recompute``) as it
    was issued and then as each scorer version of ``scorers`` would have read it: the
    failure codes of each check, the certificate's own first."""
    signer = Signer.generate()
    cert = issue_certificate(res, signer=signer, settings=settings)
    out = [verify_certificate(cert.envelope.to_json(), signer.public_key, recompute=True,
                              settings=settings, verifier=verifier).codes]
    for scorer in scorers:
        def as_scorer(body: dict[str, Any], scorer: str = scorer) -> None:
            body["versions"]["scorer"] = scorer

        out.append(verify_certificate(resign(cert, as_scorer, signer), signer.public_key,
                                      recompute=True, settings=settings,
                                      verifier=verifier).codes)
    return out

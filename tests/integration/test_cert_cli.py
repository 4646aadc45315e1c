"""``certirag keys|cert|log`` end to end, and the verification recipes of
docs/certificates.md run as written against real files."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from certirag.certify.canonical import canonical_json
from certirag.certify.certificate import Certificate, issue_certificate
from certirag.certify.dsse import Envelope, sign_envelope
from certirag.certify.keys import Signer
from certirag.certify.ledger import Ledger
from certirag.cli.cert import cert_app, keys_app, log_app
from certirag.config import Settings
from certirag.index import Index
from certirag.pipeline import verify
from certirag.schemas import Document, Scores
from certirag.testing import FakeVerifier

from ..conftest import REPO, HashEmbedder

runner = CliRunner()
app = typer.Typer()
app.add_typer(keys_app, name="keys")
app.add_typer(cert_app, name="cert")
app.add_typer(log_app, name="log")

DOC = REPO / "docs" / "certificates.md"
DOCS = {"geo.txt": "Paris is the capital of France. It has many bridges.",
        "tower.txt": "The Eiffel Tower is in Paris. It opened in 1889."}


def _scores(premise: str, hypothesis: str) -> Scores:
    if "tall" in hypothesis:
        return Scores(entailment=0.01, neutral=0.04, contradiction=0.95)
    return FakeVerifier()._score(premise, hypothesis)


def _invoke(*args: str) -> tuple[int, str, str]:
    res = runner.invoke(app, list(args))
    return res.exit_code, res.stdout, res.stderr


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CERTIRAG_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def issued(home: Path, tmp_path: Path) -> tuple[Path, Path, Path]:
    """Keys in the default place, an index, and three certificates issued and logged.
    Returns (certificate file, public key, index folder)."""
    code, out, _ = _invoke("keys", "generate", "--json")
    assert code == 0, out
    keys = json.loads(out)
    signer = Signer.from_file(Path(keys["private_key"]))
    index_dir = tmp_path / "ix"
    index = Index(index_dir, settings=Settings(), embedder=HashEmbedder())
    index.ingest([Document(id=k, text=v) for k, v in DOCS.items()])
    settings = Settings(retrieval_mode="bm25", top_k=2)
    paths = []
    with Ledger.open() as ledger:
        for n, answer in enumerate(["Paris is the capital of France.",
                                    "The Eiffel Tower is in Paris. The tower is tall.",
                                    "Paris has many bridges."]):
            res = verify("Tell me about Paris.", answer, index=index,
                         verifier=FakeVerifier(fn=_scores), settings=settings)
            cert = issue_certificate(res, signer=signer, settings=settings, index=index)
            path = tmp_path / f"c{n}.cert.json"
            cert.save(path)
            ledger.append(cert, signer=signer)
            paths.append(path)
    return paths[1], Path(keys["public_key"]), index_dir


def _flipped(path: Path, out: Path) -> Path:
    """The certificate with its blocked claim turned verified, not re-signed."""
    cert = Certificate.load(path)
    statement = json.loads(cert.envelope.payload)
    blocked = [c for c in statement["predicate"]["claims"] if c["decision"] == "blocked"]
    assert blocked
    for claim in blocked:
        claim["decision"] = "verified"
    env = Envelope(payload_type=cert.envelope.payload_type,
                   payload=canonical_json(statement), signatures=cert.envelope.signatures)
    out.write_text(env.to_json())
    return out


# ------------------------------------------------------------------------- keys

def test_keys_generate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _invoke("keys", "generate", "--dir", str(tmp_path / "k"))
    assert code == 0
    assert (tmp_path / "k" / "certirag.key").stat().st_mode & 0o777 == 0o600
    assert re.search(r"key id:\s+[0-9a-f]{64}", out)
    code, _, err = _invoke("keys", "generate", "--dir", str(tmp_path / "k"))
    assert code == 2 and "already exists" in err
    monkeypatch.setenv("SECRET_PASS", "s3cret pass")
    code, out, _ = _invoke("keys", "generate", "--dir", str(tmp_path / "p"),
                           "--passphrase-env", "SECRET_PASS", "--json")
    assert code == 0 and json.loads(out)["encrypted"] is True
    assert b"ENCRYPTED" in (tmp_path / "p" / "certirag.key").read_bytes()
    code, _, err = _invoke("keys", "generate", "--dir", str(tmp_path / "q"),
                           "--passphrase-env", "UNSET_VARIABLE_X")
    assert code == 2 and "UNSET_VARIABLE_X" in err


# ------------------------------------------------------------------------- cert

def test_cert_verify_valid_with_default_key_and_index(issued: tuple[Path, Path, Path]) -> None:
    cert, pub, index_dir = issued
    code, out, _ = _invoke("cert", "verify", str(cert))
    assert code == 0 and ": valid certificate" in out
    code, out, _ = _invoke("cert", "verify", str(cert), "--public-key", str(pub),
                           "--index", str(index_dir), "--json")
    data = json.loads(out)
    assert code == 0 and data["valid"] and "index" in data["checked"]
    assert data["certificate_id"] == Certificate.load(cert).id


def test_cert_verify_invalid_exits_1_with_named_failures(issued: tuple[Path, Path, Path],
                                                         tmp_path: Path) -> None:
    cert, pub, index_dir = issued
    bad = _flipped(cert, tmp_path / "bad.json")
    code, out, _ = _invoke("cert", "verify", str(bad), "--public-key", str(pub))
    assert code == 1 and "INVALID" in out and "bad_signature" in out
    code, out, _ = _invoke("cert", "verify", str(bad), "--json")
    assert code == 1 and "bad_signature" in [f["code"] for f in json.loads(out)["failures"]]
    # the index changes under the certificate
    Index(index_dir, settings=Settings(), embedder=HashEmbedder()).ingest(
        [Document(id="tower.txt", text="The Eiffel Tower is in Lyon. It opened in 1889.")])
    code, out, _ = _invoke("cert", "verify", str(cert), "--index", str(index_dir))
    assert code == 1 and "index_span_mismatch" in out
    # --recompute without the recorded model
    code, out, _ = _invoke("cert", "verify", str(cert), "--recompute")
    assert code == 1 and "recompute_unavailable" in out


def test_cert_verify_bad_input_exits_2(issued: tuple[Path, Path, Path], tmp_path: Path) -> None:
    cert = issued[0]
    truncated = tmp_path / "truncated.json"
    truncated.write_text(cert.read_text()[:500])
    code, out, _ = _invoke("cert", "verify", str(truncated))
    assert code == 2 and "not_json" in out
    garbage = tmp_path / "garbage.json"
    garbage.write_text('{"hello": "world"}')
    code, out, _ = _invoke("cert", "verify", str(garbage), "--json")
    assert code == 2 and json.loads(out)["failures"][0]["code"] == "envelope_malformed"
    code, _, err = _invoke("cert", "verify", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    code, _, err = _invoke("cert", "verify", str(cert), "--public-key", str(tmp_path / "no.pub"))
    assert code == 2 and "no public key" in err
    code, _, err = _invoke("cert", "verify", str(cert), "--public-key", str(cert))
    assert code == 2 and "not a PEM public key" in err


def test_cert_show(issued: tuple[Path, Path, Path]) -> None:
    cert, _, _ = issued
    code, out, err = _invoke("cert", "show", str(cert))
    assert code == 0 and "not verified" in err
    data = json.loads(out)
    assert data["statement"]["predicate"]["format"] == "certirag.certificate/v1"


# ------------------------------------------------------------------------- log

def test_log_verify_proof_and_checkpoint(issued: tuple[Path, Path, Path], home: Path,
                                         tmp_path: Path) -> None:
    cert, pub, _ = issued
    code, out, _ = _invoke("log", "verify")
    assert code == 0 and "valid; 3 entries" in out
    code, out, _ = _invoke("log", "verify", "--json", "--public-key", str(pub))
    assert code == 0 and json.loads(out)["size"] == 3
    cert_id = Certificate.load(cert).id
    code, out, _ = _invoke("log", "proof", cert_id, "--json")
    proof = json.loads(out)
    assert code == 0 and proof["leaf_index"] == 1 and proof["tree_size"] == 3
    code, out, _ = _invoke("log", "proof", str(cert))  # a certificate file works too
    assert code == 0 and "leaf 1 of 3" in out
    code, _, err = _invoke("log", "proof", "0" * 64)
    assert code == 2 and "not in the ledger" in err
    checkpoint = tmp_path / "cp.txt"
    code, _, _ = _invoke("log", "checkpoint", "--out", str(checkpoint))
    assert code == 0 and checkpoint.read_text().split("\n")[1] == "3"
    code, out, _ = _invoke("log", "checkpoint")
    assert code == 0 and out == checkpoint.read_text()
    code, out, _ = _invoke("log", "verify", "--since", str(checkpoint))
    assert code == 0

    # the key holder rewrites history: same key, entry 1 replaced
    signer = Signer.from_file(home / "keys" / "certirag.key")
    entries = []
    with Ledger.open() as ledger:
        entries = [Envelope.from_json(e.envelope) for e in ledger.entries()]
    (home / "ledger.db").unlink()
    for suffix in ("-wal", "-shm"):
        (home / f"ledger.db{suffix}").unlink(missing_ok=True)
    other = Certificate.load(_flipped(cert, tmp_path / "x.json")).envelope
    with Ledger.open() as ledger:
        for n, env in enumerate(entries):
            ledger.append(sign_envelope(other.payload, signer) if n == 1 else env,
                          signer=signer)
    code, out, _ = _invoke("log", "verify")
    assert code == 0  # consistent on its own
    code, out, _ = _invoke("log", "verify", "--since", str(checkpoint))
    assert code == 1 and "inconsistent" in out
    code, _, err = _invoke("log", "verify", "--since", str(tmp_path / "nothing.txt"))
    assert code == 2


def test_log_commands_without_a_ledger_exit_2(home: Path, tmp_path: Path) -> None:
    code, _, _ = _invoke("keys", "generate")
    assert code == 0
    for args in (["log", "verify"], ["log", "checkpoint"], ["log", "proof", "a" * 64]):
        code, _, err = _invoke(*args)
        assert code == 2 and "no ledger" in err
    empty = tmp_path / "empty.db"
    Ledger.open(empty).close()
    code, _, err = _invoke("log", "checkpoint", "--ledger", str(empty))
    assert code == 2 and "empty" in err


# ------------------------------------------------------------------------- docs

def _runnable_blocks() -> dict[str, tuple[str, str]]:
    text = DOC.read_text("utf-8")
    found = re.findall(r"<!-- runnable: ([\w-]+) -->\n```(\w+)\n(.*?)```", text, re.S)
    return {name: (lang, code) for name, lang, code in found}


def _run_block(lang: str, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}"}
    if lang == "python":
        cmd = [sys.executable, "-c", code]
    else:
        cmd = ["bash", "-euo", "pipefail", "-c", code]
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


def test_the_documented_recipes_verify_and_catch_tampering(issued: tuple[Path, Path, Path],
                                                           tmp_path: Path) -> None:
    blocks = _runnable_blocks()
    assert set(blocks) == {"openssl", "python-signature", "python-inclusion"}
    cert, pub, _ = issued
    work = tmp_path / "third-party"
    work.mkdir()
    shutil.copy(cert, work / "cert.json")
    shutil.copy(pub, work / "certirag.pub")
    code, out, _ = _invoke("log", "proof", str(cert), "--json")
    assert code == 0
    (work / "proof.json").write_text(out)
    for name, (lang, code_text) in blocks.items():
        if name == "openssl" and shutil.which("openssl") is None:
            continue
        res = _run_block(lang, code_text, work)
        assert res.returncode == 0, (name, res.stdout, res.stderr)
    res = _run_block(*blocks["python-signature"], work)
    assert "blocked" in res.stdout and "verified" in res.stdout
    # a third party's recipes reject a tampered certificate
    _flipped(cert, work / "cert.json")
    for name in blocks:
        if name == "openssl" and shutil.which("openssl") is None:
            continue
        res = _run_block(*blocks[name], work)
        assert res.returncode != 0, name


def test_recompute_re_scores_a_fused_binding_span_with_the_shipped_model(
        tmp_path: Path) -> None:
    """Policy v3 records every sentence of a binding span; --recompute must re-score the
    claim on exactly that text (the sentences joined by a space) with the real model."""
    settings = Settings(threads=1, home=tmp_path / "home")
    evidence = ["The company has offices in ten cities. Tom Becker runs the Hamburg office. "
                "Sales grew by 12% in 2023. He joined the firm in 2010."]
    answer = ("Tom Becker, who joined the firm in 2010, runs the Hamburg office. Sales grew "
              "by 12% in 2023. Tom Becker runs the Oslo office.")
    res = verify("", answer, evidence=evidence, settings=settings)
    spans = [len(c.evidence) for c in res.claims]
    assert res.claims[-1].reasons[0].code in ("unbound_anchors", "ungrounded_entity")
    signer = Signer.generate()
    cert = issue_certificate(res, signer=signer, settings=settings)
    path = tmp_path / "a.cert.json"
    cert.save(path)
    pub = tmp_path / "k.pub"
    from certirag.certify.keys import public_key_pem

    pub.write_bytes(public_key_pem(signer.public_key))
    code, out, _ = _invoke("cert", "verify", str(path), "--public-key", str(pub),
                           "--recompute")
    assert code == 0, out
    assert max(spans) >= 2  # a fused span was scored and re-scored

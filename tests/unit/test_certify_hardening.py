"""The audit trail under failure and attack: the order of writes when issuing, a damaged or
cut-back ledger, hostile ledger rows, strict certificate JSON, versioned re-derivation, and
the certificate reader fuzzed."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import HealthCheck, given
from hypothesis import settings as fuzz_settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from certirag.certify.canonical import canonical_json
from certirag.certify.certificate import (
    FAILURE_CODES,
    Certificate,
    issue_and_record,
    issue_certificate,
    verify_certificate,
)
from certirag.certify.checkpoint import Checkpoint
from certirag.certify.dsse import Envelope, sign_envelope
from certirag.certify.keys import Signer, generate_keys, public_key_pem
from certirag.certify.ledger import LEDGER_FAILURES, Ledger, MerkleTree
from certirag.certify.verify import NOT_REDERIVABLE, RESULTS
from certirag.certify.versions import (
    LEGACY_VERSIONS,
    SCORER_VERSION,
    current_versions,
    unknown_versions,
)
from certirag.checks import CHECKS_VERSION
from certirag.claims import CLAIMS_VERSION
from certirag.cli_cert import cert_app, log_app
from certirag.config import Settings
from certirag.pipeline import VerificationResult, verify
from certirag.policy import POLICIES
from certirag.render import render
from certirag.schemas import ClaimDecision

from .certify_goldens import GOLDEN, GoldenIndex, golden_certificates, golden_name
from .test_certify_certificate import ANSWER, EVIDENCE, QUESTION, _verifier

runner = CliRunner()
app = typer.Typer()
app.add_typer(cert_app, name="cert")
app.add_typer(log_app, name="log")


def _invoke(*args: str) -> tuple[int, str, Any]:
    res = runner.invoke(app, list(args))
    return res.exit_code, res.stdout, res.exception


@pytest.fixture
def settings() -> Settings:
    return Settings(display="mixed", tau_entail=0.5, tau_contradict=0.5)


@pytest.fixture
def result(settings: Settings) -> VerificationResult:
    return verify(QUESTION, ANSWER, evidence=EVIDENCE, verifier=_verifier(), settings=settings)


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


def _envelope(signer: Signer, n: int) -> Envelope:
    return sign_envelope(canonical_json({"n": n, "note": "ledger test entry"}), signer)


@pytest.fixture
def ledger_path(tmp_path: Path, signer: Signer) -> Path:
    path = tmp_path / "ledger.db"
    with Ledger.open(path) as ledger:
        for n in range(6):
            ledger.append(_envelope(signer, n), signer=signer)
    return path


def _raw(path: Path) -> sqlite3.Connection:
    """A connection with the append-only triggers dropped, as an attacker would."""
    conn = sqlite3.connect(path, isolation_level=None)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'"
                                ).fetchall():
        conn.execute(f"DROP TRIGGER {name}")
    return conn


def _log_verify(path: Path, pub: Path, *extra: str) -> tuple[int, dict[str, Any], str]:
    code, out, exc = _invoke("log", "verify", "--ledger", str(path), "--public-key", str(pub),
                             "--json", *extra)
    assert exc is None or isinstance(exc, SystemExit), exc
    data = json.loads(out)
    assert {c["code"] for c in data["failures"]} <= set(LEDGER_FAILURES)
    text_code, text, _ = _invoke("log", "verify", "--ledger", str(path), "--public-key",
                                 str(pub), *extra)
    assert text_code == code
    return code, data, text


def _digest(*paths: Path) -> list[str | None]:
    return [hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None for p in paths]


# ------------------------------------------------------- 1. issuing: ledger first, then file

class Killed(BaseException):
    """The process stops here (nothing above catches a BaseException)."""


def _kill_at(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, nth: int) -> None:
    real = getattr(owner, name)
    calls = {"n": 0}

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == nth:
            raise Killed(f"killed at {name} #{nth}")
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)


KILL_POINTS: list[tuple[str, Any, str, int]] = [
    ("before the append", Ledger, "append", 1),
    ("signing the checkpoint", Checkpoint, "sign", 1),
    ("writing the checkpoint file", os, "replace", 1),
    ("the checkpoint file's fsync", os, "fsync", 1),
    ("the folder's fsync", os, "fsync", 2),
    ("the certificate's fsync", os, "fsync", 3),
    ("renaming the certificate", os, "replace", 2),
    ("saving the certificate", Certificate, "save", 1),
]


@pytest.mark.parametrize(("where", "owner", "name", "nth"), KILL_POINTS,
                         ids=[k[0] for k in KILL_POINTS])
def test_a_process_stopped_while_issuing_leaves_no_certificate_outside_the_ledger(
        result: VerificationResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        where: str, owner: Any, name: str, nth: int) -> None:
    settings = Settings(home=tmp_path / "home", display="mixed", tau_entail=0.5,
                        tau_contradict=0.5)
    pair = generate_keys(tmp_path / "keys")
    out = tmp_path / "out" / "answer.cert.json"
    out.parent.mkdir()
    _kill_at(monkeypatch, owner, name, nth)
    with pytest.raises(Killed):
        issue_and_record(result, settings=settings, signing_key=pair.private_path,
                         cert_out=out)
    monkeypatch.undo()
    # whatever was left: a certificate file only with its ledger entry, never a partial one
    if out.exists():
        assert verify_certificate(out, pair.public_path).valid
        with Ledger.open(settings.home / "ledger.db", create=False) as ledger:
            assert ledger.get(Certificate.load(out).id) is not None, where
    assert [p.name for p in out.parent.iterdir() if p != out] == []  # no temporary left
    # and the ledger itself verifies
    if (settings.home / "ledger.db").exists():
        code, data, _ = _log_verify(settings.home / "ledger.db", pair.public_path)
        assert code == 0, data["failures"]


def test_issuing_writes_the_ledger_the_checkpoint_file_and_then_the_certificate(
        result: VerificationResult, tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home", display="mixed")
    pair = generate_keys(tmp_path / "keys")
    out = tmp_path / "answer.cert.json"
    cert = issue_and_record(result, settings=settings, signing_key=pair.private_path,
                            cert_out=out)
    assert cert is not None and Certificate.load(out).id == cert.id
    note = (settings.home / "ledger.db.checkpoint").read_text("utf-8")
    with Ledger.open(settings.home / "ledger.db", create=False) as ledger:
        assert ledger.get(cert.id) is not None
        assert ledger.checkpoint() is not None and note == ledger.checkpoint().note  # type: ignore[union-attr]


# ---------------------------------------------------------- 2. an empty or foreign ledger file

def _schemaless(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (x)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("make", ["empty", "schemaless", "garbage", "half_schema"])
def test_a_file_that_is_not_a_ledger_is_damaged_and_left_as_it_was(
        tmp_path: Path, pub: Path, make: str) -> None:
    path = tmp_path / "ledger.db"
    if make == "empty":
        path.write_bytes(b"")
    elif make == "schemaless":
        _schemaless(path)
    elif make == "garbage":
        path.write_bytes(b"SQLite format 2\x00" + bytes(range(256)) * 8)
    else:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE entries (idx INTEGER PRIMARY KEY)")
        conn.execute("CREATE TABLE migrations (name TEXT)")
        conn.commit()
        conn.close()
    before = path.read_bytes()
    code, data, text = _log_verify(path, pub)
    assert code == 1 and data["valid"] is False
    assert [f["code"] for f in data["failures"]] == ["damaged"]
    assert "INVALID" in text and "damaged" in text
    assert path.read_bytes() == before  # no schema written into it
    assert not path.with_name("ledger.db.checkpoint").exists()
    # the other read commands refuse it with a clear error
    for args in (["log", "checkpoint"], ["log", "proof", "a" * 64]):
        code, _, _ = _invoke(*args, "--ledger", str(path))
        assert code == 2
    assert path.read_bytes() == before


def test_verifying_a_ledger_never_writes_to_it(ledger_path: Path, pub: Path) -> None:
    before = _digest(ledger_path, ledger_path.with_name("ledger.db.checkpoint"))
    code, data, _ = _log_verify(ledger_path, pub)
    assert code == 0 and data["size"] == 6
    assert _digest(ledger_path, ledger_path.with_name("ledger.db.checkpoint")) == before
    with Ledger.open(ledger_path, create=False) as ledger, pytest.raises(
            sqlite3.OperationalError, match=r"readonly|read-only"):
        ledger._conn.execute("INSERT INTO meta VALUES ('x', 'y')")


# -------------------------------------------------- 3. deleting the last entries, checkpoints too

def _truncate(path: Path, keep: int) -> None:
    """What an attacker without the key does: delete the last entries, their checkpoints,
    and rebuild the interior nodes so that the shorter log is consistent on its own."""
    conn = _raw(path)
    conn.execute("DELETE FROM entries WHERE idx >= ?", (keep,))
    conn.execute("DELETE FROM checkpoints WHERE tree_size > ?", (keep,))
    leaves = [bytes(r[0]) for r in conn.execute("SELECT leaf_hash FROM entries ORDER BY idx")]
    tree = MerkleTree(leaves)
    conn.execute("DELETE FROM nodes")
    for level, row in enumerate(tree.levels[1:], start=1):
        for i, h in enumerate(row):
            if (i + 1) << level <= keep:  # only complete subtrees are stored
                conn.execute("INSERT INTO nodes VALUES (?, ?, ?)", (level, i, h))
    conn.close()


def test_deleting_the_last_entries_with_their_checkpoints_is_caught(
        ledger_path: Path, pub: Path, signer: Signer) -> None:
    _truncate(ledger_path, 4)
    code, data, text = _log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["truncated"]
    assert "6 entries" in data["failures"][0]["message"]
    assert data["checkpoint_file"]["tree_size"] == 6
    assert "truncated" in text and "not proven" in text
    # an honest append afterwards does not wipe the evidence
    with Ledger.open(ledger_path) as ledger:
        ledger.append(_envelope(signer, 99), signer=signer)
    code, data, _ = _log_verify(ledger_path, pub)
    assert code == 1 and "truncated" in [f["code"] for f in data["failures"]]


def test_what_log_verify_proves_is_stated(ledger_path: Path, pub: Path, tmp_path: Path) -> None:
    code, data, text = _log_verify(ledger_path, pub)
    assert code == 0 and data["checkpoint_file"]["tree_size"] == 6
    assert any("entries 0..5" in line for line in data["proven"])
    assert any("checkpoint file's signed tree of 6 entries matches" in line
               for line in data["proven"])
    assert any("checkpoint file would not be detected" in line for line in data["not_proven"])
    assert any("--since" in line for line in data["not_proven"])
    assert "proven: entries 0..5" in text and "not proven:" in text
    # deleting the checkpoint file too is not caught by it, and the output says so
    ledger_path.with_name("ledger.db.checkpoint").unlink()
    _truncate(ledger_path, 4)
    code, data, _ = _log_verify(ledger_path, pub)
    assert code == 0
    assert any("without a valid checkpoint file" in line for line in data["not_proven"])
    assert any("no checkpoint file" in note for note in data["notes"])
    # with a published checkpoint the proof covers it
    cp = tmp_path / "cp.txt"
    with Ledger.open(ledger_path, create=False) as ledger:
        cp.write_text(ledger.checkpoint().note)  # type: ignore[union-attr]
    code, data, _ = _log_verify(ledger_path, pub, "--since", str(cp))
    assert code == 0 and any("extends the earlier checkpoint of 4" in line
                             for line in data["proven"])


def test_a_checkpoint_file_behind_the_ledger_is_a_note(ledger_path: Path, pub: Path) -> None:
    """An append stopped between its commit and the checkpoint file: valid."""
    with Ledger.open(ledger_path, create=False) as ledger:
        older = ledger.checkpoint(4)
    assert older is not None
    ledger_path.with_name("ledger.db.checkpoint").write_text(older.note)
    code, data, _ = _log_verify(ledger_path, pub)
    assert code == 0 and any("records 4 of 6" in n for n in data["notes"])


def test_a_forged_or_foreign_checkpoint_file_is_named(ledger_path: Path, pub: Path,
                                                      signer: Signer) -> None:
    side = ledger_path.with_name("ledger.db.checkpoint")
    side.write_text("not a checkpoint")
    code, data, _ = _log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["checkpoint_file_malformed"]
    side.write_bytes(b"\xff\xfe")
    code, data, _ = _log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["checkpoint_file_malformed"]
    with Ledger.open(ledger_path, create=False) as ledger:
        cp = ledger.checkpoint()
    assert cp is not None
    side.write_text(Checkpoint.sign(cp.tree_size, cp.root_hash, Signer.generate()).note)
    code, data, _ = _log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["checkpoint_file_signature"]
    # a key holder's checkpoint of another history of the same size
    side.write_text(Checkpoint.sign(6, b"\x01" * 32, signer).note)
    code, data, _ = _log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["root_mismatch"]


# ------------------------------------------------------------------ 4. hostile ledger rows

@pytest.mark.parametrize(("sql", "code"), [
    ("UPDATE entries SET envelope = CAST(x'7b22ff80fe' AS TEXT) WHERE idx = 2",
     "envelope_mismatch"),
    ("UPDATE entries SET cert_id = CAST(x'c3' AS TEXT) WHERE idx = 1", "entry_digest"),
    ("UPDATE checkpoints SET note = CAST(x'ff' AS TEXT) WHERE tree_size = 3",
     "checkpoint_malformed"),
    ("UPDATE entries SET payload = 'text, not a blob' WHERE idx = 0", "entry_digest"),
    ("UPDATE entries SET leaf_hash = 12 WHERE idx = 0", "leaf_mismatch"),
    ("UPDATE nodes SET level = 'x' WHERE level = 1 AND idx = 0", "node_mismatch"),
    ("UPDATE entries SET envelope = '{\"payload\": [[[[[[[[[[[[]]]]]]]]]]]]}' WHERE idx = 3",
     "envelope_mismatch"),
])
def test_hostile_row_contents_are_named_not_a_traceback(ledger_path: Path, pub: Path,
                                                        sql: str, code: str) -> None:
    conn = _raw(ledger_path)
    conn.execute(sql)
    conn.close()
    exit_code, data, _ = _log_verify(ledger_path, pub)
    assert exit_code == 1 and code in [f["code"] for f in data["failures"]]


def test_invalid_utf8_in_an_envelope_is_envelope_mismatch(ledger_path: Path,
                                                          signer: Signer) -> None:
    conn = _raw(ledger_path)
    conn.execute("UPDATE entries SET envelope = CAST(x'ff' AS TEXT) WHERE idx = 2")
    conn.close()
    with Ledger.open(ledger_path, create=False) as ledger:
        check = ledger.verify(signer.public_key)
    assert check.codes == ["envelope_mismatch"]
    assert "entry 2" in check.failures[0][1]


# ------------------------------------------------ 5. duplicate keys, issued_at, "checked"

def _resign(cert: Certificate, edit: Callable[[dict[str, Any]], None], signer: Signer) -> str:
    statement = json.loads(cert.envelope.payload)
    edit(statement["predicate"])
    return sign_envelope(canonical_json(statement), signer).to_json()


def test_an_envelope_with_duplicate_keys_is_refused(cert: Certificate, signer: Signer) -> None:
    """Two readers of {"payload": A, "payload": B} may see different certificates."""
    other = issue_certificate(
        verify("", "The sky is blue.", evidence=EVIDENCE, verifier=_verifier(),
               settings=Settings()), signer=signer, settings=Settings())
    data = json.loads(cert.to_json())
    forged = json.dumps(json.loads(other.to_json())["payload"])
    text = (f'{{"payloadType": {json.dumps(data["payloadType"])}, "payload": {forged}, '
            f'"payload": {json.dumps(data["payload"])}, '
            f'"signatures": {json.dumps(data["signatures"])}}}')
    assert json.loads(text)["payload"] == data["payload"]  # what a last-wins reader sees
    check = verify_certificate(text, signer.public_key)
    assert check.codes == ["not_json"] and check.bad_input and "duplicate" in str(
        check.failures[0].message)


def test_a_payload_with_duplicate_keys_is_refused(cert: Certificate, signer: Signer) -> None:
    payload = cert.envelope.payload
    doubled = payload.replace(b'"display":"mixed"', b'"display":"debug","display":"mixed"')
    assert doubled != payload
    check = verify_certificate(sign_envelope(doubled, signer).to_json(), signer.public_key)
    assert not check.valid and "statement_malformed" in check.codes


@pytest.mark.parametrize("stamp", ["not a date", "2026-01-02", "2026-01-02T03:04:05",
                                   "2026-01-02T03:04:05+02:00", "2026-02-30T00:00:00Z",
                                   "2026-01-02 03:04:05Z", "2026-01-02T25:00:00Z", ""])
def test_issued_at_must_be_an_rfc3339_utc_timestamp(cert: Certificate, signer: Signer,
                                                    stamp: str) -> None:
    def edit(body: dict[str, Any]) -> None:
        body["issued_at"] = stamp
    check = verify_certificate(_resign(cert, edit, signer), signer.public_key)
    assert check.codes == ["certificate_malformed"] and "issued_at" in check.failures[0].message


@pytest.mark.parametrize("stamp", ["2026-01-02T03:04:05Z", "2026-01-02T03:04:05.250Z",
                                   "2026-01-02t03:04:05z", "2026-01-02T03:04:05+00:00"])
def test_rfc3339_utc_timestamps_are_accepted(cert: Certificate, signer: Signer,
                                             stamp: str) -> None:
    def edit(body: dict[str, Any]) -> None:
        body["issued_at"] = stamp
    assert verify_certificate(_resign(cert, edit, signer), signer.public_key).valid


def test_an_inline_certificate_does_not_claim_the_index_was_checked(
        cert: Certificate, signer: Signer) -> None:
    check = cert.verify(signer.public_key, index=GoldenIndex())
    assert check.valid and "index" not in check.checked
    assert any("inline" in n for n in check.notes)


# ------------------------------------------------------------------------- 6. deep nesting

DEEP = 5000


@pytest.mark.parametrize("text", [
    "[" * DEEP + "]" * DEEP,
    '{"a":' * DEEP + "1" + "}" * DEEP,
    '{"payloadType": "application/vnd.in-toto+json", "payload": ' + "[" * DEEP + "]" * DEEP
    + ', "signatures": []}',
])
def test_deep_nesting_is_not_json_exit_2(tmp_path: Path, pub: Path, text: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text)
    code, out, exc = _invoke("cert", "verify", str(path), "--public-key", str(pub), "--json")
    assert exc is None or isinstance(exc, SystemExit), exc
    assert code == 2 and [f["code"] for f in json.loads(out)["failures"]] == ["not_json"]


def test_a_deeply_nested_signed_payload_is_named(signer: Signer) -> None:
    payload = ("[" * DEEP + "]" * DEEP).encode()
    check = verify_certificate(sign_envelope(payload, signer).to_json(), signer.public_key)
    assert not check.valid and set(check.codes) == {"payload_not_canonical",
                                                    "statement_malformed"}


def test_deep_nesting_through_the_http_api(tmp_path: Path, pub: Path) -> None:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from certirag.server import create_app
    from certirag.testing import FakeVerifier

    app_ = create_app(Settings(home=tmp_path / "home"), verifier=FakeVerifier())
    _, secret = app_.state.certirag.keys.create("tests")
    with TestClient(app_, headers={"Authorization": f"Bearer {secret}"}) as client:
        r = client.post("/v1/certificates/verify", json={
            "certificate": "[" * DEEP + "]" * DEEP, "public_key": pub.read_text()})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["result"] == "bad_input" and [f["code"] for f in data["failures"]] == [
        "not_json"]


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
    text = _resign(cert, edit, signer)
    check = verify_certificate(text, signer.public_key)
    assert check.result == "not_rederivable", [f.to_dict() for f in check.failures]
    assert not check.valid and set(check.codes) <= NOT_REDERIVABLE
    assert {"signature", "digests"} <= set(check.checked)
    path = tmp_path / "future.cert.json"
    path.write_text(text)
    code, out, _ = _invoke("cert", "verify", str(path), "--public-key", str(pub), "--json")
    assert code == 4 and json.loads(out)["result"] == "not_rederivable"
    code, out, _ = _invoke("cert", "verify", str(path), "--public-key", str(pub))
    assert code == 4 and "NOT RE-DERIVABLE" in out and "INVALID" not in out


def test_the_same_edits_under_this_releases_versions_are_tampering(
        cert: Certificate, signer: Signer) -> None:
    def splitter(body: dict[str, Any]) -> None:
        _future_splitter(body)
        body["versions"]["claims"] = CLAIMS_VERSION

    def checks(body: dict[str, Any]) -> None:
        _future_checks(body)
        body["versions"]["checks"] = CHECKS_VERSION

    assert "claims_mismatch" in verify_certificate(_resign(cert, splitter, signer),
                                                   signer.public_key).codes
    assert "check_mismatch" in verify_certificate(_resign(cert, checks, signer),
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
        text = _resign(cert, edit, Signer.generate() if tamper == "other key" else signer)
    check = verify_certificate(text, signer.public_key)
    assert check.result == "invalid", check.codes
    assert not set(check.codes) <= NOT_REDERIVABLE
    path = tmp_path / "t.cert.json"
    path.write_text(text)
    code, _, _ = _invoke("cert", "verify", str(path), "--public-key", str(pub))
    assert code == 1


def test_recompute_under_an_unknown_scorer_is_not_rederivable(
        cert: Certificate, signer: Signer, settings: Settings) -> None:
    text = _resign(cert, _future("scorer"), signer)
    assert verify_certificate(text, signer.public_key).valid  # the scorer only matters here
    check = verify_certificate(text, signer.public_key, recompute=True, settings=settings,
                               verifier=_verifier())
    assert check.result == "not_rederivable" and check.codes == ["not_rederivable"]


def test_every_result_is_documented() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "certificates.md").read_text("utf-8")
    for result in RESULTS:
        assert f"`{result}`" in doc, result
    for code in [*FAILURE_CODES, *LEDGER_FAILURES]:
        assert f"`{code}`" in doc, code


# -------------------------------------------------------- 8. the certificate reader, fuzzed

@pytest.fixture(scope="module")
def reader(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A key, a ledger holding one certificate and that certificate, for the fuzzers."""
    tmp = tmp_path_factory.mktemp("fuzz")
    pair = generate_keys(tmp / "keys")
    signer = Signer.from_file(pair.private_path)
    s = Settings(home=tmp / "home", display="mixed", tau_entail=0.5, tau_contradict=0.5)
    res = verify(QUESTION, ANSWER, evidence=EVIDENCE, verifier=_verifier(), settings=s)
    cert = issue_and_record(res, settings=s, signing_key=pair.private_path,
                            cert_out=tmp / "real.cert.json")
    assert cert is not None
    ledger = s.home / "ledger.db"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CERTIRAG_HOME", str(s.home))
        yield {"tmp": tmp, "pub": pair.public_path, "signer": signer, "cert": cert,
               "ledger": [ledger, ledger.with_name("ledger.db.checkpoint")]}


_FUZZ = fuzz_settings(max_examples=40, deadline=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture,
                                        HealthCheck.too_slow])
_EXITS = {0: "valid", 1: "invalid", 2: "bad_input", 4: "not_rederivable"}


def _cert_verify_is_clean(reader: dict[str, Any], data: bytes) -> None:
    before = _digest(*reader["ledger"])
    path = reader["tmp"] / "fuzzed.json"
    path.write_bytes(data)
    res = runner.invoke(app, ["cert", "verify", str(path), "--public-key", str(reader["pub"]),
                              "--json"])
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.exit_code in _EXITS, (res.exit_code, res.output)
    out = json.loads(res.stdout)
    assert out["result"] == _EXITS[res.exit_code]
    assert {f["code"] for f in out["failures"]} <= set(FAILURE_CODES)
    assert _digest(*reader["ledger"]) == before


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)


@_FUZZ
@given(value=_json)
def test_fuzz_random_json(reader: dict[str, Any], value: Any) -> None:
    _cert_verify_is_clean(reader, json.dumps(value).encode())


@_FUZZ
@given(data=st.binary(max_size=2000))
def test_fuzz_random_bytes(reader: dict[str, Any], data: bytes) -> None:
    _cert_verify_is_clean(reader, data)


@_FUZZ
@given(depth=st.integers(min_value=60, max_value=20000), opener=st.sampled_from(
    ["[", '{"a":', '{"payload":', '[{"x":']))
def test_fuzz_deep_nesting(reader: dict[str, Any], depth: int, opener: str) -> None:
    closer = {"[": "]", '{"a":': "}", '{"payload":': "}", '[{"x":': "}]"}[opener]
    _cert_verify_is_clean(reader, (opener * depth + "0" + closer * depth).encode())


@_FUZZ
@given(cuts=st.lists(st.tuples(st.integers(min_value=0), st.integers(min_value=0, max_value=255)),
                     min_size=1, max_size=6))
def test_fuzz_mutated_certificate_file(reader: dict[str, Any],
                                       cuts: list[tuple[int, int]]) -> None:
    data = bytearray(reader["cert"].to_json().encode())
    for where, byte in cuts:
        data[where % len(data)] = byte
    _cert_verify_is_clean(reader, bytes(data))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


@_FUZZ
@given(data=st.data())
def test_fuzz_mutated_and_resigned_bodies(reader: dict[str, Any], data: st.DataObject) -> None:
    """A key holder's edits reach every re-derivation: each must end in a named result."""
    statement = json.loads(reader["cert"].envelope.payload)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        paths = [p for p in _paths(statement["predicate"]) if p]
        where = data.draw(st.sampled_from(paths))
        parent: Any = statement["predicate"]
        for key in where[:-1]:
            parent = parent[key]
        value = data.draw(_json | st.integers(min_value=-5, max_value=10**6)
                          | st.sampled_from(["verified", "blocked", "not_a_claim", "",
                                             "certirag.policy.v1", "c1", "quoted"]))
        parent[where[-1]] = value
    try:
        payload = canonical_json(statement)
    except Exception:  # a value canonical JSON cannot hold (a float RFC 8785 refuses)
        return
    text = sign_envelope(payload, reader["signer"]).to_json().encode()
    _cert_verify_is_clean(reader, text)


@fuzz_settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(table=st.sampled_from(["entries", "nodes", "checkpoints"]),
       value=st.binary(max_size=40) | st.text(max_size=20)
       | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.none(),
       data=st.data())
def test_fuzz_hostile_ledger_values(tmp_path_factory: pytest.TempPathFactory, table: str,
                                    value: Any, data: st.DataObject) -> None:
    """Any value in any column: log verify names a failure, never a traceback."""
    tmp = tmp_path_factory.mktemp("ledger")
    signer = Signer.generate()
    path = tmp / "ledger.db"
    with Ledger.open(path) as ledger:
        for n in range(3):
            ledger.append(_envelope(signer, n), signer=signer)
    pub_path = tmp / "k.pub"
    pub_path.write_bytes(public_key_pem(signer.public_key))
    columns = {"entries": ["cert_id", "payload", "envelope", "leaf_hash", "appended_at"],
               "nodes": ["level", "idx", "hash"],
               "checkpoints": ["root_hash", "note", "created_at"]}[table]
    column = data.draw(st.sampled_from(columns))
    conn = sqlite3.connect(path, isolation_level=None)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'"
                                ).fetchall():
        conn.execute(f"DROP TRIGGER {name}")
    cast = "CAST(? AS TEXT)" if isinstance(value, str) else "?"
    if isinstance(value, str):  # text of any bytes, UTF-8 or not
        value = value.encode("utf-8", "surrogatepass")
    try:
        conn.execute(f"UPDATE {table} SET {column} = {cast}", (value,))
    except sqlite3.IntegrityError:  # NOT NULL, a duplicate key
        return
    finally:
        conn.close()
    code, out, exc = _invoke("log", "verify", "--ledger", str(path), "--public-key",
                             str(pub_path), "--json")
    assert exc is None or isinstance(exc, SystemExit), repr(exc)
    assert code in (0, 1), out
    assert {f["code"] for f in json.loads(out)["failures"]} <= set(LEDGER_FAILURES)


def test_base64_of_the_payload_round_trips(cert: Certificate) -> None:
    """(The fuzzers rely on it.)"""
    assert base64.b64decode(json.loads(cert.to_json())["payload"]) == cert.envelope.payload

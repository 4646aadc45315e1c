"""The ledger under failure and attack: the order of writes when issuing, a file that is not
a ledger, a ledger cut back together with its checkpoints, and hostile rows (fuzzed too)."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as fuzz_settings
from hypothesis import strategies as st

from certirag.certify.certificate import (
    Certificate,
    issue_and_record,
    verify_certificate,
)
from certirag.certify.checkpoint import Checkpoint
from certirag.certify.keys import Signer, generate_keys, public_key_pem
from certirag.certify.ledger import LEDGER_FAILURES, Ledger, MerkleTree
from certirag.config import Settings
from certirag.pipeline import VerificationResult

from .certify_support import digests, entry_envelope, invoke, log_verify, raw_connection

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
        code, data, _ = log_verify(settings.home / "ledger.db", pair.public_path)
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
    code, data, text = log_verify(path, pub)
    assert code == 1 and data["valid"] is False
    assert [f["code"] for f in data["failures"]] == ["damaged"]
    assert "INVALID" in text and "damaged" in text
    assert path.read_bytes() == before  # no schema written into it
    assert not path.with_name("ledger.db.checkpoint").exists()
    # the other read commands refuse it with a clear error
    for args in (["log", "checkpoint"], ["log", "proof", "a" * 64]):
        code, _, _ = invoke(*args, "--ledger", str(path))
        assert code == 2
    assert path.read_bytes() == before


def test_verifying_a_ledger_never_writes_to_it(ledger_path: Path, pub: Path) -> None:
    before = digests(ledger_path, ledger_path.with_name("ledger.db.checkpoint"))
    code, data, _ = log_verify(ledger_path, pub)
    assert code == 0 and data["size"] == 6
    assert digests(ledger_path, ledger_path.with_name("ledger.db.checkpoint")) == before
    with Ledger.open(ledger_path, create=False) as ledger, pytest.raises(
            sqlite3.OperationalError, match=r"readonly|read-only"):
        ledger._conn.execute("INSERT INTO meta VALUES ('x', 'y')")


# -------------------------------------------------- 3. deleting the last entries, checkpoints too

def _truncate(path: Path, keep: int) -> None:
    """What an attacker without the key does: delete the last entries, their checkpoints,
    and rebuild the interior nodes so that the shorter log is consistent on its own."""
    conn = raw_connection(path)
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
    code, data, text = log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["truncated"]
    assert "6 entries" in data["failures"][0]["message"]
    assert data["checkpoint_file"]["tree_size"] == 6
    assert "truncated" in text and "not proven" in text
    # an honest append afterwards does not wipe the evidence
    with Ledger.open(ledger_path) as ledger:
        ledger.append(entry_envelope(signer, 99), signer=signer)
    code, data, _ = log_verify(ledger_path, pub)
    assert code == 1 and "truncated" in [f["code"] for f in data["failures"]]


def test_what_log_verify_proves_is_stated(ledger_path: Path, pub: Path, tmp_path: Path) -> None:
    code, data, text = log_verify(ledger_path, pub)
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
    code, data, _ = log_verify(ledger_path, pub)
    assert code == 0
    assert any("without a valid checkpoint file" in line for line in data["not_proven"])
    assert any("no checkpoint file" in note for note in data["notes"])
    # with a published checkpoint the proof covers it
    cp = tmp_path / "cp.txt"
    with Ledger.open(ledger_path, create=False) as ledger:
        cp.write_text(ledger.checkpoint().note)  # type: ignore[union-attr]
    code, data, _ = log_verify(ledger_path, pub, "--since", str(cp))
    assert code == 0 and any("extends the earlier checkpoint of 4" in line
                             for line in data["proven"])


def test_a_checkpoint_file_behind_the_ledger_is_a_note(ledger_path: Path, pub: Path) -> None:
    """An append stopped between its commit and the checkpoint file: valid."""
    with Ledger.open(ledger_path, create=False) as ledger:
        older = ledger.checkpoint(4)
    assert older is not None
    ledger_path.with_name("ledger.db.checkpoint").write_text(older.note)
    code, data, _ = log_verify(ledger_path, pub)
    assert code == 0 and any("records 4 of 6" in n for n in data["notes"])


def test_a_forged_or_foreign_checkpoint_file_is_named(ledger_path: Path, pub: Path,
                                                      signer: Signer) -> None:
    side = ledger_path.with_name("ledger.db.checkpoint")
    side.write_text("not a checkpoint")
    code, data, _ = log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["checkpoint_file_malformed"]
    side.write_bytes(b"\xff\xfe")
    code, data, _ = log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["checkpoint_file_malformed"]
    with Ledger.open(ledger_path, create=False) as ledger:
        cp = ledger.checkpoint()
    assert cp is not None
    side.write_text(Checkpoint.sign(cp.tree_size, cp.root_hash, Signer.generate()).note)
    code, data, _ = log_verify(ledger_path, pub)
    assert code == 1 and [f["code"] for f in data["failures"]] == ["checkpoint_file_signature"]
    # a key holder's checkpoint of another history of the same size
    side.write_text(Checkpoint.sign(6, b"\x01" * 32, signer).note)
    code, data, _ = log_verify(ledger_path, pub)
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
    conn = raw_connection(ledger_path)
    conn.execute(sql)
    conn.close()
    exit_code, data, _ = log_verify(ledger_path, pub)
    assert exit_code == 1 and code in [f["code"] for f in data["failures"]]


def test_invalid_utf8_in_an_envelope_is_envelope_mismatch(ledger_path: Path,
                                                          signer: Signer) -> None:
    conn = raw_connection(ledger_path)
    conn.execute("UPDATE entries SET envelope = CAST(x'ff' AS TEXT) WHERE idx = 2")
    conn.close()
    with Ledger.open(ledger_path, create=False) as ledger:
        check = ledger.verify(signer.public_key)
    assert check.codes == ["envelope_mismatch"]
    assert "entry 2" in check.failures[0][1]


# ------------------------------------------------------------ hostile ledger values, fuzzed

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
            ledger.append(entry_envelope(signer, n), signer=signer)
    pub_path = tmp / "k.pub"
    pub_path.write_bytes(public_key_pem(signer.public_key))
    columns = {"entries": ["cert_id", "payload", "envelope", "leaf_hash", "appended_at"],
               "nodes": ["level", "idx", "hash"],
               "checkpoints": ["root_hash", "note", "created_at"]}[table]
    column = data.draw(st.sampled_from(columns))
    conn = raw_connection(path)
    cast = "CAST(? AS TEXT)" if isinstance(value, str) else "?"
    if isinstance(value, str):  # text of any bytes, UTF-8 or not
        value = value.encode("utf-8", "surrogatepass")
    try:
        conn.execute(f"UPDATE {table} SET {column} = {cast}", (value,))
    except sqlite3.IntegrityError:  # NOT NULL, a duplicate key
        return
    finally:
        conn.close()
    code, out, exc = invoke("log", "verify", "--ledger", str(path), "--public-key",
                             str(pub_path), "--json")
    assert exc is None or isinstance(exc, SystemExit), repr(exc)
    assert code in (0, 1), out
    assert {f["code"] for f in json.loads(out)["failures"]} <= set(LEDGER_FAILURES)

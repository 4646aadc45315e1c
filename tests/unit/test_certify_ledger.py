"""The RFC 6962 Merkle tree, signed checkpoints, and the SQLite ledger under tampering."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certirag.certify.canonical import canonical_json
from certirag.certify.keys import Signer, generate_keys
from certirag.certify.ledger import (
    EMPTY_ROOT,
    LEDGER_FAILURES,
    MIGRATIONS,
    Checkpoint,
    Ledger,
    MerkleTree,
    leaf_hash,
    node_hash,
    verify_consistency,
    verify_inclusion,
)
from certirag.errors import CertificateError, InputError

from .certify_support import entry_envelope, raw_connection

# The Certificate Transparency reference tree (RFC 6962 test data): eight leaves and the
# root of every prefix.
CT_LEAVES = [bytes.fromhex(h) for h in (
    "", "00", "10", "2021", "3031", "40414243", "5051525354555657",
    "606162636465666768696a6b6c6d6e6f")]
CT_ROOTS = [
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]
CT_INCLUSION = {
    (0, 8): ["96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
             "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
             "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"],
    (5, 8): ["bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
             "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
             "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"],
}
CT_CONSISTENCY = {
    (6, 8): ["0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
             "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
             "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"],
    (2, 5): ["5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
             "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"],
}


def _reference_root(leaves: Sequence[bytes]) -> bytes:
    """MTH written straight from RFC 6962 §2.1, as an independent oracle."""
    n = len(leaves)
    if n == 0:
        return hashlib.sha256(b"").digest()
    if n == 1:
        return hashlib.sha256(b"\x00" + leaves[0]).digest()
    k = 1
    while k * 2 < n:
        k *= 2
    return hashlib.sha256(b"\x01" + _reference_root(leaves[:k])
                          + _reference_root(leaves[k:])).digest()


# ------------------------------------------------------------------- Merkle tree

def test_hashes_are_domain_separated() -> None:
    assert leaf_hash(b"ab") == hashlib.sha256(b"\x00ab").digest()
    assert node_hash(b"a" * 32, b"b" * 32) == hashlib.sha256(b"\x01" + b"a" * 32 + b"b" * 32
                                                             ).digest()
    assert hashlib.sha256(b"").digest() == EMPTY_ROOT


def test_roots_match_the_rfc6962_reference_tree() -> None:
    tree = MerkleTree([leaf_hash(x) for x in CT_LEAVES])
    assert [tree.root(n).hex() for n in range(9)] == CT_ROOTS


def test_proofs_match_the_rfc6962_reference_vectors() -> None:
    leaves = [leaf_hash(x) for x in CT_LEAVES]
    tree = MerkleTree(leaves)
    for (index, size), want in CT_INCLUSION.items():
        assert [h.hex() for h in tree.inclusion_proof(index, size)] == want
        assert verify_inclusion(leaves[index], index, size, [bytes.fromhex(h) for h in want],
                                bytes.fromhex(CT_ROOTS[size]))
    for (old, new), want in CT_CONSISTENCY.items():
        assert [h.hex() for h in tree.consistency_proof(old, new)] == want
        assert verify_consistency(old, new, bytes.fromhex(CT_ROOTS[old]),
                                  bytes.fromhex(CT_ROOTS[new]), [bytes.fromhex(h) for h in want])


def test_edge_cases_of_proof_checks() -> None:
    leaves = [leaf_hash(bytes([i])) for i in range(5)]
    tree = MerkleTree(leaves)
    root = tree.root()
    assert verify_inclusion(leaves[0], 0, 1, [], leaf_hash(bytes([0])))
    assert not verify_inclusion(leaves[0], 5, 5, tree.inclusion_proof(0), root)  # out of range
    assert not verify_inclusion(leaves[4], 4, 5, [*tree.inclusion_proof(4), root], root)
    assert verify_consistency(5, 5, root, root, [])
    assert not verify_consistency(5, 5, root, leaves[0], [])
    assert verify_consistency(0, 5, EMPTY_ROOT, root, [])
    assert not verify_consistency(3, 5, tree.root(3), root, [])  # a proof is needed
    assert not verify_consistency(6, 5, root, root, [])
    with pytest.raises(InputError):
        tree.inclusion_proof(5)
    with pytest.raises(InputError):
        tree.root(6)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 200), st.data())
def test_merkle_proofs_for_random_tree_sizes(size: int, data: st.DataObject) -> None:
    raw = [b"leaf-%d" % i for i in range(size)]
    leaves = [leaf_hash(x) for x in raw]
    tree = MerkleTree(leaves)
    assert tree.root() == _reference_root(raw)
    index = data.draw(st.integers(0, size - 1), label="index")
    proof = tree.inclusion_proof(index)
    assert verify_inclusion(leaves[index], index, size, proof, tree.root())
    assert not verify_inclusion(leaf_hash(b"other"), index, size, proof, tree.root())
    if size > 1:
        wrong = (index + 1) % size
        assert not verify_inclusion(leaves[index], wrong, size, proof, tree.root())
        bad = list(proof)
        pos = data.draw(st.integers(0, len(bad) - 1), label="tampered element")
        bad[pos] = bytes([bad[pos][0] ^ 1]) + bad[pos][1:]
        assert not verify_inclusion(leaves[index], index, size, bad, tree.root())
    old = data.draw(st.integers(1, size), label="old size")
    cproof = tree.consistency_proof(old)
    assert tree.root(old) == _reference_root(raw[:old])
    assert verify_consistency(old, size, tree.root(old), tree.root(), cproof)
    if old < size:
        # a rewritten history: the same size, one leaf changed
        forged = MerkleTree([leaf_hash(b"forged"), *leaves[1:old]]).root()
        assert not verify_consistency(old, size, forged, tree.root(), cproof)
        assert not verify_consistency(old, size, tree.root(old), forged, cproof)


# ------------------------------------------------------------------- checkpoints

def test_checkpoint_is_a_signed_note_that_round_trips() -> None:
    signer = Signer.generate()
    root = hashlib.sha256(b"root").digest()
    cp = Checkpoint.sign(42, root, signer)
    lines = cp.note.split("\n")
    assert lines[0] == f"certirag.dev/ledger/{signer.key_id[:16]}"
    assert lines[1] == "42" and lines[3] == "" and lines[4].startswith("\u2014 certirag-")
    again = Checkpoint.parse(cp.note)
    assert (again.tree_size, again.root_hash) == (42, root)
    assert again.verify(signer.public_key)
    assert not again.verify(Signer.generate().public_key)
    forged = Checkpoint.parse(cp.note.replace("\n42\n", "\n43\n", 1))
    assert forged.tree_size == 43 and not forged.verify(signer.public_key)


@pytest.mark.parametrize("text", ["", "just one line\n", "origin\n12\nnot-base64!\n\n— k x\n",
                                  "origin\nx12\nAAAA\n\n— k x\n", "origin\n1\nAAAA\n\n— k x\n"])
def test_checkpoint_parse_rejects_malformed_notes(text: str) -> None:
    with pytest.raises(InputError):
        Checkpoint.parse(text)


# ------------------------------------------------------------------- the ledger

def _verify(path: Path, signer: Signer, since: Checkpoint | None = None) -> list[str]:
    with Ledger.open(path, create=False) as ledger:
        check = ledger.verify(signer.public_key, since=since)
    assert set(check.codes) <= set(LEDGER_FAILURES)
    return check.codes


def test_a_fresh_ledger_verifies_with_wal_and_named_migrations(ledger_path: Path,
                                                               signer: Signer) -> None:
    with Ledger.open(ledger_path, create=False) as ledger:
        assert ledger.size == 6
        assert ledger.migrations() == [name for name, _ in MIGRATIONS]
        mode = ledger._conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
        check = ledger.verify(signer.public_key)
        assert check.valid and check.size == 6
        cp = ledger.checkpoint()
        assert cp is not None and cp.tree_size == 6 and cp.root_hash == check.root_hash
        assert ledger.root() == check.root_hash
    # reopening applies nothing twice
    with Ledger.open(ledger_path) as ledger:
        rows = ledger._conn.execute("SELECT COUNT(*) FROM migrations").fetchone()[0]
        assert rows == len(MIGRATIONS)


def test_verify_with_another_key_fails(ledger_path: Path) -> None:
    codes = _verify(ledger_path, Signer.generate())
    assert "entry_signature" in codes and "checkpoint_signature" in codes


def test_missing_ledger_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no ledger"):
        Ledger.open(tmp_path / "none.db", create=False)


def test_newer_migrations_are_refused(ledger_path: Path) -> None:
    conn = sqlite3.connect(ledger_path, isolation_level=None)
    conn.execute("INSERT INTO migrations VALUES ('9999_future', 'x')")
    conn.close()
    with pytest.raises(CertificateError, match="newer certirag"):
        Ledger.open(ledger_path)


def test_triggers_refuse_update_and_delete(ledger_path: Path) -> None:
    conn = sqlite3.connect(ledger_path, isolation_level=None)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("UPDATE entries SET cert_id = 'x' WHERE idx = 0")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute("DELETE FROM checkpoints")
    conn.close()


def test_append_is_idempotent_and_bound_to_one_key(tmp_path: Path, signer: Signer) -> None:
    with Ledger.open(tmp_path / "l.db") as ledger:
        env = entry_envelope(signer, 1)
        first = ledger.append(env, signer=signer)
        again = ledger.append(env, signer=signer)
        assert first.index == again.index == 0 and ledger.size == 1
        assert first.cert_id == hashlib.sha256(env.payload).hexdigest()
        other = Signer.generate()
        with pytest.raises(CertificateError, match="belongs to key"):
            ledger.append(entry_envelope(other, 2), signer=other)
        with pytest.raises(CertificateError, match="not signed by the ledger key"):
            ledger.append(entry_envelope(other, 3), signer=signer)
        assert ledger.size == 1


def test_edited_entry_is_detected(ledger_path: Path, signer: Signer) -> None:
    conn = raw_connection(ledger_path)
    conn.execute("UPDATE entries SET payload = ? WHERE idx = 2",
                 (canonical_json({"certificate": "forged"}),))
    conn.close()
    codes = _verify(ledger_path, signer)
    assert {"entry_digest", "leaf_mismatch", "envelope_mismatch", "root_mismatch"} <= set(codes)


def test_consistently_rehashed_edit_is_caught_by_the_signed_roots(ledger_path: Path,
                                                                  signer: Signer) -> None:
    """An attacker without the key re-derives every hash and node; the roots signed in
    the checkpoints still give it away."""
    attacker = Signer.generate()
    env = entry_envelope(attacker, 99)
    conn = raw_connection(ledger_path)
    conn.execute("UPDATE entries SET payload = ?, envelope = ?, cert_id = ?, leaf_hash = ? "
                 "WHERE idx = 2", (env.payload, env.to_json(),
                                   hashlib.sha256(env.payload).hexdigest(),
                                   leaf_hash(env.payload)))
    leaves = [bytes(r[0]) for r in conn.execute("SELECT leaf_hash FROM entries ORDER BY idx")]
    tree = MerkleTree(leaves)
    conn.execute("DELETE FROM nodes")
    for level, row in enumerate(tree.levels[1:], start=1):
        for i, h in enumerate(row):
            conn.execute("INSERT INTO nodes VALUES (?, ?, ?)", (level, i, h))
    conn.close()
    codes = _verify(ledger_path, signer)
    assert "root_mismatch" in codes and "entry_signature" in codes
    assert "entry_digest" not in codes and "node_mismatch" not in codes


def test_deleted_entry_is_detected(ledger_path: Path, signer: Signer) -> None:
    conn = raw_connection(ledger_path)
    conn.execute("DELETE FROM entries WHERE idx = 3")
    conn.close()
    assert "entry_missing" in _verify(ledger_path, signer)


def test_deleted_last_entry_is_detected(ledger_path: Path, signer: Signer) -> None:
    conn = raw_connection(ledger_path)
    conn.execute("DELETE FROM entries WHERE idx = 5")
    conn.close()
    assert "truncated" in _verify(ledger_path, signer)


def test_reordered_entries_are_detected(ledger_path: Path, signer: Signer) -> None:
    conn = raw_connection(ledger_path)
    rows = {r[0]: r[1:] for r in conn.execute(
        "SELECT idx, cert_id, payload, envelope, leaf_hash FROM entries WHERE idx IN (1, 2)")}
    conn.execute("UPDATE entries SET cert_id = 'tmp' WHERE idx = 1")
    for idx, other in ((2, 1), (1, 2)):
        conn.execute("UPDATE entries SET cert_id = ?, payload = ?, envelope = ?, leaf_hash = ? "
                     "WHERE idx = ?", (*rows[other], idx))
    conn.close()
    codes = _verify(ledger_path, signer)
    assert "root_mismatch" in codes
    assert "entry_digest" not in codes  # each row is internally consistent


def test_unsigned_entries_are_detected(ledger_path: Path, signer: Signer) -> None:
    env = entry_envelope(signer, 77)
    conn = raw_connection(ledger_path)
    conn.execute("INSERT INTO entries VALUES (6, ?, ?, ?, ?, 'now')",
                 (hashlib.sha256(env.payload).hexdigest(), env.payload, env.to_json(),
                  leaf_hash(env.payload)))
    conn.close()
    assert "unsigned_entries" in _verify(ledger_path, signer)


def test_inclusion_proof_verifies_against_the_signed_root(ledger_path: Path,
                                                          signer: Signer) -> None:
    env = entry_envelope(signer, 4)
    cert_id = hashlib.sha256(env.payload).hexdigest()
    with Ledger.open(ledger_path, create=False) as ledger:
        proof = ledger.inclusion_proof(cert_id)
        with pytest.raises(InputError, match="not in the ledger"):
            ledger.inclusion_proof("0" * 64)
    assert proof.leaf_index == 4 and proof.tree_size == 6
    assert proof.leaf_hash == leaf_hash(env.payload)  # computable from the certificate alone
    assert proof.verify()
    cp = Checkpoint.parse(proof.checkpoint)
    assert cp.verify(signer.public_key) and cp.root_hash == proof.root_hash
    assert not verify_inclusion(proof.leaf_hash, 3, proof.tree_size, proof.path, proof.root_hash)
    data = proof.to_dict()
    assert data["cert_id"] == cert_id and len(data["path"]) == len(proof.path)


def test_stored_nodes_give_the_same_proofs_as_the_recomputed_tree(tmp_path: Path,
                                                                  signer: Signer) -> None:
    with Ledger.open(tmp_path / "l.db") as ledger:
        for n in range(37):
            ledger.append(entry_envelope(signer, n), signer=signer)
        tree = MerkleTree([e.leaf_hash for e in ledger.entries()])
        for m in (1, 2, 7, 16, 31, 36, 37):
            assert ledger.root(m) == tree.root(m)
            assert ledger.consistency_proof(m) == tree.consistency_proof(m)
        with pytest.raises(InputError):
            ledger.consistency_proof(3, 40)


def test_consistency_against_an_earlier_checkpoint_catches_rewritten_history(
        tmp_path: Path, signer: Signer) -> None:
    honest = tmp_path / "honest.db"
    with Ledger.open(honest) as ledger:
        for n in range(4):
            ledger.append(entry_envelope(signer, n), signer=signer)
        published = ledger.checkpoint()
        assert published is not None
        for n in range(4, 7):
            ledger.append(entry_envelope(signer, n), signer=signer)
    assert _verify(honest, signer, since=published) == []
    # The key holder rebuilds the log with entry 2 replaced: it verifies on its own ...
    rewritten = tmp_path / "rewritten.db"
    with Ledger.open(rewritten) as ledger:
        for n in range(7):
            ledger.append(entry_envelope(signer, 100 if n == 2 else n), signer=signer)
    assert _verify(rewritten, signer) == []
    # ... but not against what was published.
    assert _verify(rewritten, signer, since=published) == ["inconsistent"]
    # A log cut back below the published size.
    short = tmp_path / "short.db"
    with Ledger.open(short) as ledger:
        for n in range(3):
            ledger.append(entry_envelope(signer, n), signer=signer)
    assert _verify(short, signer, since=published) == ["since_ahead"]
    other = Checkpoint.sign(published.tree_size, published.root_hash, Signer.generate())
    assert _verify(honest, signer, since=other) == ["since_signature"]


def test_a_failure_inside_append_rolls_everything_back(ledger_path: Path, signer: Signer,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry, its nodes and its checkpoint go in together or not at all."""

    def boom(*args: object, **kwargs: object) -> Checkpoint:
        raise RuntimeError("killed while signing the checkpoint")

    with Ledger.open(ledger_path) as ledger:
        ledger.append(entry_envelope(signer, 6), signer=signer)
    monkeypatch.setattr(Checkpoint, "sign", boom)
    with Ledger.open(ledger_path) as ledger:
        with pytest.raises(RuntimeError):
            ledger.append(entry_envelope(signer, 7), signer=signer)  # leaf 7 completes 3 nodes
        assert ledger.size == 7
        assert ledger._conn.execute("SELECT COUNT(*) FROM nodes").fetchone()[0] == 4
    monkeypatch.undo()
    assert _verify(ledger_path, signer) == []
    with Ledger.open(ledger_path) as ledger:
        assert ledger.append(entry_envelope(signer, 7), signer=signer).index == 7
        assert ledger._conn.execute("SELECT COUNT(*) FROM nodes").fetchone()[0] == 7
    assert _verify(ledger_path, signer) == []


def test_concurrent_appends_are_serialised(tmp_path: Path, signer: Signer) -> None:
    path = tmp_path / "l.db"
    Ledger.open(path).close()

    def worker(w: int) -> None:
        with Ledger.open(path) as ledger:
            for n in range(8):
                ledger.append(entry_envelope(signer, w * 100 + n), signer=signer)

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with Ledger.open(path) as ledger:
        assert ledger.size == 32
        check = ledger.verify(signer.public_key)
        assert check.valid, check.failures
        assert ledger.checkpoint() is not None


_CHILD = textwrap.dedent("""
    import sys
    from pathlib import Path
    from certirag.certify.canonical import canonical_json
    from certirag.certify.dsse import sign_envelope
    from certirag.certify.keys import Signer
    from certirag.certify.ledger import Ledger

    signer = Signer.from_file(Path(sys.argv[2]))
    ledger = Ledger.open(Path(sys.argv[1]))
    n = int(sys.argv[3])
    print("ready", flush=True)
    while True:
        ledger.append(sign_envelope(canonical_json({"n": n, "pad": "x" * 20000}), signer),
                      signer=signer)
        n += 1
""")


@pytest.mark.slow
def test_killing_the_process_mid_append_leaves_a_log_that_verifies(tmp_path: Path) -> None:
    keys = generate_keys(tmp_path / "keys")
    signer = Signer.from_file(keys.private_path)
    path = tmp_path / "ledger.db"
    rng = random.Random(7)
    sizes = []
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    for round_ in range(6):
        child = subprocess.Popen([sys.executable, "-c", _CHILD, str(path),
                                  str(keys.private_path), str(round_ * 1_000_000)],
                                 stdout=subprocess.PIPE, env=env)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.05, 0.4))
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert child.returncode == -signal.SIGKILL
        with Ledger.open(path, create=False) as ledger:
            check = ledger.verify(signer.public_key)
            assert check.valid, check.failures
            sizes.append(check.size)
    assert sizes == sorted(sizes) and sizes[-1] > 0

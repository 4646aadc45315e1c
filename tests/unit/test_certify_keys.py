"""Ed25519 keys on disk: formats, modes, passphrases, ids, and interop with openssl."""

from __future__ import annotations

import hashlib
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from certirag.certify.keys import (
    KEY_FILE,
    PASSPHRASE_ENV,
    PUB_FILE,
    Signer,
    default_key_dir,
    default_public_key,
    generate_keys,
    key_id,
    load_private_key,
    load_public_key,
    public_key_path_for,
    verify_signature,
)
from certirag.config import Settings
from certirag.errors import InputError

needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl")


def test_generate_writes_pkcs8_0600_and_spki(tmp_path: Path) -> None:
    pair = generate_keys(tmp_path / "k")
    assert pair.private_path == tmp_path / "k" / KEY_FILE
    assert pair.public_path == tmp_path / "k" / PUB_FILE
    assert stat.S_IMODE(pair.private_path.stat().st_mode) == 0o600
    assert pair.private_path.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")
    assert pair.public_path.read_bytes().startswith(b"-----BEGIN PUBLIC KEY-----")
    private = load_private_key(pair.private_path)
    public = load_public_key(pair.public_path)
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    assert len(raw) == 32
    assert pair.key_id == key_id(public) == hashlib.sha256(raw).hexdigest()
    assert key_id(private.public_key()) == pair.key_id
    signer = Signer.from_file(pair.private_path)
    assert signer.key_id == pair.key_id
    sig = signer.sign(b"message")
    assert verify_signature(public, sig, b"message")
    assert not verify_signature(public, sig, b"messagE")


def test_generate_refuses_to_overwrite_unless_asked(tmp_path: Path) -> None:
    first = generate_keys(tmp_path)
    with pytest.raises(InputError, match="already exists"):
        generate_keys(tmp_path)
    assert key_id(load_public_key(first.public_path)) == first.key_id
    second = generate_keys(tmp_path, overwrite=True)
    assert second.key_id != first.key_id
    assert key_id(load_private_key(second.private_path).public_key()) == second.key_id
    assert stat.S_IMODE(second.private_path.stat().st_mode) == 0o600


def test_passphrase_protected_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pair = generate_keys(tmp_path, passphrase="correct horse")
    assert pair.private_path.read_bytes().startswith(b"-----BEGIN ENCRYPTED PRIVATE KEY-----")
    assert key_id(load_private_key(pair.private_path, passphrase="correct horse").public_key()
                  ) == pair.key_id
    monkeypatch.delenv(PASSPHRASE_ENV, raising=False)
    with pytest.raises(InputError, match=PASSPHRASE_ENV):
        load_private_key(pair.private_path)
    with pytest.raises(InputError, match="passphrase is wrong"):
        load_private_key(pair.private_path, passphrase="wrong")
    monkeypatch.setenv(PASSPHRASE_ENV, "correct horse")
    assert Signer.from_file(pair.private_path).key_id == pair.key_id
    with pytest.raises(InputError, match="empty"):
        generate_keys(tmp_path / "x", passphrase="")


def test_loading_wrong_files_is_bad_input(tmp_path: Path) -> None:
    pair = generate_keys(tmp_path)
    with pytest.raises(InputError, match="not a PEM public key"):
        load_public_key(pair.private_path)
    with pytest.raises(InputError, match="cannot read"):
        load_public_key(tmp_path / "missing.pub")
    garbage = tmp_path / "garbage.key"
    garbage.write_text("hello")
    with pytest.raises(InputError, match="not a readable PEM"):
        load_private_key(garbage)
    ec_key = ec.generate_private_key(ec.SECP256R1())
    ec_priv = tmp_path / "ec.key"
    ec_priv.write_bytes(ec_key.private_bytes(serialization.Encoding.PEM,
                                             serialization.PrivateFormat.PKCS8,
                                             serialization.NoEncryption()))
    ec_pub = tmp_path / "ec.pub"
    ec_pub.write_bytes(ec_key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    with pytest.raises(InputError, match="not an Ed25519 private key"):
        load_private_key(ec_priv)
    with pytest.raises(InputError, match="not an Ed25519 public key"):
        load_public_key(ec_pub)
    assert key_id(load_public_key(pair.public_path.read_bytes())) == pair.key_id


def test_default_locations(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path)
    assert default_key_dir(settings) == tmp_path / "keys"
    with pytest.raises(InputError, match="certirag keys generate"):
        default_public_key(settings)
    pair = generate_keys(default_key_dir(settings))
    assert default_public_key(settings) == pair.public_path
    assert public_key_path_for(pair.private_path) == pair.public_path
    other = generate_keys(tmp_path / "other")
    assert default_public_key(settings, other.public_path) == other.public_path
    with pytest.raises(InputError):
        default_public_key(settings, tmp_path / "nope.pub")


@needs_openssl
def test_openssl_reads_the_keys_and_checks_signatures(tmp_path: Path) -> None:
    pair = generate_keys(tmp_path)
    derived = subprocess.run(["openssl", "pkey", "-in", str(pair.private_path), "-pubout"],
                             capture_output=True, check=True).stdout
    assert derived == pair.public_path.read_bytes()
    message = tmp_path / "msg"
    message.write_bytes(b"certirag")
    sig = tmp_path / "sig"
    sig.write_bytes(Signer.from_file(pair.private_path).sign(b"certirag"))
    ok = subprocess.run(["openssl", "pkeyutl", "-verify", "-pubin", "-inkey",
                         str(pair.public_path), "-rawin", "-in", str(message), "-sigfile",
                         str(sig)], capture_output=True)
    assert ok.returncode == 0, ok.stderr
    message.write_bytes(b"certiraG")
    bad = subprocess.run(["openssl", "pkeyutl", "-verify", "-pubin", "-inkey",
                          str(pair.public_path), "-rawin", "-in", str(message), "-sigfile",
                          str(sig)], capture_output=True)
    assert bad.returncode != 0

"""Ed25519 signing keys: generate, save, load, and name them.

Files follow the formats every crypto tool reads: the private key is PEM PKCS#8
(``-----BEGIN PRIVATE KEY-----``, or ``ENCRYPTED PRIVATE KEY`` with a passphrase), written
with mode 0600; the public key is PEM SubjectPublicKeyInfo. A key's id is the hex SHA-256
of its 32 raw public-key bytes.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from certirag.config import Settings
from certirag.errors import InputError

__all__ = [
    "KEY_FILE",
    "PASSPHRASE_ENV",
    "PUB_FILE",
    "KeyPair",
    "Signer",
    "default_key_dir",
    "default_public_key",
    "generate_keys",
    "key_id",
    "load_private_key",
    "load_public_key",
    "public_key_path_for",
    "public_key_pem",
    "verify_signature",
]

KEY_FILE = "certirag.key"
PUB_FILE = "certirag.pub"
#: Environment variable read for the passphrase of an encrypted key when none is given.
PASSPHRASE_ENV = "CERTIRAG_KEY_PASSPHRASE"

log = logging.getLogger(__name__)


def key_id(public_key: Ed25519PublicKey) -> str:
    """Hex SHA-256 of the 32 raw bytes of ``public_key``."""
    raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()


def public_key_pem(public_key: Ed25519PublicKey) -> bytes:
    """PEM SubjectPublicKeyInfo bytes of ``public_key``."""
    return public_key.public_bytes(serialization.Encoding.PEM,
                                   serialization.PublicFormat.SubjectPublicKeyInfo)


def verify_signature(public_key: Ed25519PublicKey, signature: bytes, data: bytes) -> bool:
    """True when ``signature`` is ``public_key``'s Ed25519 signature of ``data``."""
    try:
        public_key.verify(signature, data)
    except InvalidSignature:
        return False
    return True


def default_key_dir(settings: Settings | None = None) -> Path:
    """Where keys live by default: ``$CERTIRAG_HOME/keys``."""
    return (settings or Settings()).home / "keys"


def public_key_path_for(private_path: Path) -> Path:
    """The public key file that sits beside a private key (``X.key`` → ``X.pub``)."""
    return private_path.with_suffix(".pub")


@dataclass(frozen=True, slots=True)
class KeyPair:
    """Where :func:`generate_keys` wrote a key pair, and the key's id."""

    private_path: Path
    public_path: Path
    key_id: str


def _passphrase_bytes(passphrase: str | bytes | None) -> bytes | None:
    if passphrase is None:
        return None
    data = passphrase.encode("utf-8") if isinstance(passphrase, str) else passphrase
    if not data:
        raise InputError("the passphrase is empty")
    return data


def _write_private(path: Path, data: bytes, *, overwrite: bool) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    if not overwrite:
        flags |= os.O_EXCL
    try:
        fd = os.open(path, flags, 0o600)
    except FileExistsError as exc:
        raise InputError("a key already exists here; refusing to overwrite it",
                         source=str(path)) from exc
    except OSError as exc:
        raise InputError(f"cannot write the key: {exc.strerror}", source=str(path)) from exc
    try:
        with contextlib.suppress(OSError):  # not every file system has modes
            os.fchmod(fd, 0o600)
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def generate_keys(directory: Path, *, passphrase: str | bytes | None = None,
                  overwrite: bool = False) -> KeyPair:
    """Create ``directory/certirag.key`` (mode 0600, encrypted when ``passphrase`` is
    given) and ``directory/certirag.pub``. Refuses to replace an existing key unless
    ``overwrite``."""
    secret = _passphrase_bytes(passphrase)
    directory = Path(directory).expanduser()
    try:
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise InputError(f"cannot create the key folder: {exc.strerror}",
                         source=str(directory)) from exc
    private = Ed25519PrivateKey.generate()
    encryption: serialization.KeySerializationEncryption = (
        serialization.BestAvailableEncryption(secret) if secret is not None
        else serialization.NoEncryption())
    pem = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                encryption)
    private_path = directory / KEY_FILE
    public_path = directory / PUB_FILE
    if not overwrite and public_path.exists():
        raise InputError("a public key already exists here; refusing to overwrite it",
                         source=str(public_path))
    _write_private(private_path, pem, overwrite=overwrite)
    public = private.public_key()
    try:
        public_path.write_bytes(public_key_pem(public))
    except OSError as exc:
        raise InputError(f"cannot write the public key: {exc.strerror}",
                         source=str(public_path)) from exc
    return KeyPair(private_path=private_path, public_path=public_path, key_id=key_id(public))


def _read(path: Path, what: str) -> bytes:
    try:
        return Path(path).expanduser().read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the {what}: {exc.strerror}", source=str(path)) from exc


def load_private_key(path: Path, *, passphrase: str | bytes | None = None) -> Ed25519PrivateKey:
    """Load an Ed25519 private key from a PEM PKCS#8 file.

    When the key is encrypted and no ``passphrase`` is given, the passphrase is read
    from ``$CERTIRAG_KEY_PASSPHRASE``. Bad files, wrong passphrases and keys of
    another type raise :class:`InputError`.
    """
    data = _read(path, "private key")
    try:
        mode = os.stat(Path(path).expanduser()).st_mode
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            log.warning("%s is readable by other users; run: chmod 600 %s", path, path)
    except OSError:
        pass
    secret = _passphrase_bytes(passphrase)
    if secret is None and b"ENCRYPTED" in data:
        env = os.environ.get(PASSPHRASE_ENV)
        if not env:
            raise InputError(f"the key is encrypted; set {PASSPHRASE_ENV} to its passphrase",
                             source=str(path))
        secret = env.encode("utf-8")
    try:
        key = serialization.load_pem_private_key(data, password=secret)
    except TypeError as exc:  # a passphrase for a plain key, or none for an encrypted one
        raise InputError(f"cannot load the private key: {exc}", source=str(path)) from exc
    except (ValueError, UnsupportedAlgorithm) as exc:
        raise InputError("not a readable PEM private key, or the passphrase is wrong",
                         source=str(path)) from exc
    if not isinstance(key, Ed25519PrivateKey):
        raise InputError("not an Ed25519 private key", source=str(path))
    return key


def load_public_key(source: Path | bytes) -> Ed25519PublicKey:
    """Load an Ed25519 public key from a PEM file (or PEM bytes)."""
    data = source if isinstance(source, bytes) else _read(source, "public key")
    where = None if isinstance(source, bytes) else str(source)
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, UnsupportedAlgorithm) as exc:
        raise InputError("not a PEM public key", source=where) from exc
    if not isinstance(key, Ed25519PublicKey):
        raise InputError("not an Ed25519 public key", source=where)
    return key


class Signer:
    """An Ed25519 private key with its id: signs bytes.

    >>> signer = Signer.generate()
    >>> verify_signature(signer.public_key, signer.sign(b"x"), b"x")
    True
    """

    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._key = private_key
        self.public_key: Ed25519PublicKey = private_key.public_key()
        self.key_id: str = key_id(self.public_key)

    @classmethod
    def generate(cls) -> Signer:
        """A signer with a fresh key held only in memory."""
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_file(cls, path: Path, *, passphrase: str | bytes | None = None) -> Signer:
        """Load the private key at ``path`` (see :func:`load_private_key`)."""
        return cls(load_private_key(path, passphrase=passphrase))

    def sign(self, data: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``data``."""
        return self._key.sign(data)

    def __repr__(self) -> str:
        return f"Signer(key_id={self.key_id[:16]}…)"


def default_public_key(settings: Settings | None = None, explicit: Path | None = None) -> Path:
    """The public key to verify with: ``explicit``; else the ``.pub`` beside the
    configured ``signing_key``; else ``$CERTIRAG_HOME/keys/certirag.pub``. Raises
    :class:`InputError` naming the fix when that file does not exist."""
    settings = settings or Settings()
    if explicit is not None:
        path = Path(explicit).expanduser()
    else:
        signing = settings.signing_key
        path = (public_key_path_for(Path(signing).expanduser()) if signing
                else default_key_dir(settings) / PUB_FILE)
    if not path.is_file():
        raise InputError(f"no public key at {path}; pass --public-key PUB (or create keys "
                         "with: certirag keys generate)")
    return path

"""API keys for the HTTP service: created once, shown once, stored only as hashes.

A key is ``crk_`` followed by 43 URL-safe base64 characters (256 random bits). The store
is a JSON file (by default ``$CERTIRAG_HOME/api_keys.json``, mode 0600) that holds, per
key, its id, name, creation time and the hex SHA-256 of the key. A plain SHA-256 is
enough because keys are random 256-bit secrets, not passwords; lookups compare digests
in constant time. The file is re-read when it changes, so a key created with
``certirag keys api create`` works on a running server without a restart.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from certirag.errors import ConfigError, InputError
from certirag.jsonio import loads

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["KEY_PREFIX", "ApiKey", "ApiKeyStore", "default_keys_path", "hash_key"]

KEY_PREFIX = "crk_"
KEYS_FILE = "api_keys.json"
_FORMAT = "certirag.api_keys/v1"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._@-]{0,63}$")
_KEY = re.compile(r"^crk_[A-Za-z0-9_-]{43}$")


def hash_key(secret: str) -> str:
    """Hex SHA-256 of a key's UTF-8 bytes (what the store keeps)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def default_keys_path(settings: Settings) -> Path:
    """``settings.server_api_keys_file`` when set, else ``$CERTIRAG_HOME/api_keys.json``."""
    explicit = settings.server_api_keys_file
    if explicit:
        return Path(explicit).expanduser()
    return Path(settings.home) / KEYS_FILE


@dataclass(frozen=True, slots=True)
class ApiKey:
    """A stored key: never the secret itself, only its digest."""

    id: str
    name: str
    sha256: str
    created_at: str

    def public(self) -> dict[str, str]:
        """The fields safe to show (no digest)."""
        return {"id": self.id, "name": self.name, "created_at": self.created_at}


class ApiKeyStore:
    """The key file. Thread-safe; re-reads the file when its mtime or size changes."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._stamp: tuple[int, int] | None = None
        self._keys: list[ApiKey] = []

    # ---- reading -----------------------------------------------------------------
    def _stat(self) -> tuple[int, int] | None:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        return (st.st_mtime_ns, st.st_size)

    def _read(self) -> list[ApiKey]:
        try:
            data = loads(self.path.read_bytes())  # the strict reader: no NaN, no duplicates
        except FileNotFoundError:
            return []
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ConfigError(f"{self.path}: unreadable API key file: {exc}") from exc
        if not isinstance(data, dict) or data.get("format") != _FORMAT \
                or not isinstance(data.get("keys"), list):
            raise ConfigError(f"{self.path}: not a certirag API key file")
        keys = []
        for item in data["keys"]:
            try:
                keys.append(ApiKey(id=str(item["id"]), name=str(item["name"]),
                                   sha256=str(item["sha256"]),
                                   created_at=str(item["created_at"])))
            except (KeyError, TypeError) as exc:
                raise ConfigError(f"{self.path}: malformed key entry") from exc
        return keys

    def records(self) -> list[ApiKey]:
        """The stored keys (re-read when the file changed)."""
        with self._lock:
            stamp = self._stat()
            if stamp != self._stamp:
                self._keys = self._read() if stamp is not None else []
                self._stamp = stamp
            return list(self._keys)

    def authenticate(self, secret: str | None) -> ApiKey | None:
        """The key whose digest matches ``secret``, or ``None``. Compares every stored
        digest in constant time."""
        if not secret or not _KEY.match(secret):
            return None
        digest = hash_key(secret)
        found = None
        for key in self.records():
            if hmac.compare_digest(key.sha256, digest):
                found = key
        return found

    # ---- writing -----------------------------------------------------------------
    def _write(self, keys: list[ApiKey]) -> None:
        data = {"format": _FORMAT, "keys": [asdict(k) for k in keys]}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(json.dumps(data, indent=2) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        self._stamp = None

    def create(self, name: str) -> tuple[ApiKey, str]:
        """Make a key named ``name``; returns the record and the secret (shown once)."""
        if not isinstance(name, str) or not _NAME.match(name):
            raise InputError("a key name is 1-64 letters, digits, spaces or . _ @ -, "
                             "starting with a letter or digit")
        secret = KEY_PREFIX + secrets.token_urlsafe(32)
        with self._lock:
            keys = self._read()
            if any(k.name == name for k in keys):
                raise InputError(f"an API key named {name!r} exists already")
            record = ApiKey(id=secrets.token_hex(8), name=name, sha256=hash_key(secret),
                            created_at=datetime.now(UTC).isoformat(timespec="seconds")
                            .replace("+00:00", "Z"))
            self._write([*keys, record])
        return record, secret

    def revoke(self, name_or_id: str) -> ApiKey:
        """Delete the key with this name or id; raises :class:`InputError` if none."""
        with self._lock:
            keys = self._read()
            match = [k for k in keys if name_or_id in (k.name, k.id)]
            if not match:
                raise InputError(f"no API key named {name_or_id!r}")
            self._write([k for k in keys if k not in match])
        return match[0]

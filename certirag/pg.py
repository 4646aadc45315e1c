"""PostgreSQL connections for the backends that use one (the ledger, the index store).

A target is a ``postgresql://`` (or ``postgres://``) URL; whatever it leaves out, libpq
takes from the standard ``PG*`` environment variables and ``~/.pgpass``. Credentials are
never shown: every message that names a target shows :func:`redact_url`'s form of it, and
libpq's own messages pass through :func:`scrub` first.

``psycopg`` is imported only when a connection is made; without the ``postgres`` extra
:func:`connect` raises :class:`~certirag.errors.BackendUnavailable` naming it. A server
that cannot be reached (or refuses the credentials) is a
:class:`~certirag.errors.BackendUnavailable` too, so the command line exits 3.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from certirag.errors import BackendError, BackendUnavailable, CertiragError, ConfigError

if TYPE_CHECKING:
    import psycopg

__all__ = ["CONNECT_TIMEOUT_S", "EXTRA_HINT", "connect", "connect_error", "connect_options",
           "errors", "import_psycopg", "is_postgres_url", "redact_url", "scrub"]

#: Seconds a connection attempt may take unless the URL or ``PGCONNECT_TIMEOUT`` says.
CONNECT_TIMEOUT_S = 10
EXTRA_HINT = "pip install 'certirag[postgres]'"
_SCHEMES = ("postgresql://", "postgres://")
#: ``key=value`` pairs of a libpq keyword string whose key names a password.
_KEYWORD_SECRET = re.compile(r"(?i)\b(\w*password)\s*=\s*('(?:[^'\\]|\\.)*'|\S+)")
#: Secrets shorter than this are not searched for in messages (they would garble them
#: and a password that short is no secret anyway).
_MIN_SECRET = 3


def is_postgres_url(value: object) -> bool:
    """True for a ``postgresql://`` or ``postgres://`` URL (any case of the scheme)."""
    return isinstance(value, str) and value.strip().lower().startswith(_SCHEMES)


def _split_userinfo(url: str) -> tuple[str, str | None, str]:
    """``(scheme://, userinfo or None, the rest)``. The user information ends at the
    LAST ``@`` of the URL, so that a password holding an unencoded ``@``, ``/``, ``?``
    or ``#`` is still taken whole (an ``@`` later in the URL only hides more)."""
    scheme, _, rest = url.partition("://")
    at = rest.rfind("@")
    if at < 0:
        return scheme + "://", None, rest
    return scheme + "://", rest[:at], rest[at + 1:]


def _url_secrets(url: str) -> list[str]:
    _, userinfo, rest = _split_userinfo(url)
    found: list[str] = []
    if userinfo is not None and ":" in userinfo:
        found.append(userinfo.split(":", 1)[1])
    _, _, query = rest.partition("?")
    for pair in query.split("&"):
        key, sep, value = pair.partition("=")
        if sep and "password" in unquote(key).lower():
            found.append(value)
    return found


def _secrets(target: str) -> list[str]:
    """Every password ``target`` holds, as written and decoded, plus ``PGPASSWORD``."""
    raw = (_url_secrets(target) if is_postgres_url(target)
           else [m.group(2).strip("'") for m in _KEYWORD_SECRET.finditer(target)])
    found = {s for r in raw for s in (r, unquote(r))}
    found |= {piece for s in list(found) for piece in s.split("@")}
    env = os.environ.get("PGPASSWORD")
    if env:
        found.add(env)
    return sorted((s for s in found if len(s) >= _MIN_SECRET), key=len, reverse=True)


def redact_url(target: str) -> str:
    """``target`` (a URL or a libpq ``key=value`` string) with every password removed:
    ``postgresql://user:secret@host/db`` becomes ``postgresql://user@host/db``, and a
    ``password=`` (or ``sslpassword=``) parameter is dropped."""
    if not is_postgres_url(target):
        return re.sub(r"\s{2,}", " ", _KEYWORD_SECRET.sub("", target)).strip()
    scheme, userinfo, rest = _split_userinfo(target.strip())
    where, sep, query = rest.partition("?")
    if sep:
        kept = [p for p in query.split("&")
                if p and "password" not in unquote(p.partition("=")[0]).lower()]
        where += "?" + "&".join(kept) if kept else ""
    if userinfo is None:
        return scheme + where
    user = userinfo.split(":", 1)[0]
    if any(ch in userinfo for ch in "/?#"):
        # a password with an unencoded "/", "?" or "#", or an "@" after the host: which
        # of the two cannot be told, so all of it is hidden
        user = "***"
    return f"{scheme}{user}@{where}" if user else scheme + where


def scrub(text: str, target: str) -> str:
    """``text`` (a driver's message) on one line, with ``target``'s passwords removed."""
    for secret in _secrets(target):
        text = text.replace(secret, "***")
    return " ".join(text.split())


def import_psycopg(what: str) -> ModuleType:
    """The ``psycopg`` module; :class:`BackendUnavailable` naming the extra without it."""
    try:
        import psycopg
    except ImportError as exc:
        raise BackendUnavailable(f"{what} is in PostgreSQL, which needs the postgres extra "
                                 f"(psycopg): {EXTRA_HINT}") from exc
    return psycopg


def connect(target: str, *, what: str = "PostgreSQL",
            timeout_s: int = CONNECT_TIMEOUT_S) -> psycopg.Connection[Any]:
    """A connection to ``target`` in autocommit mode (use ``conn.transaction()`` blocks).

    Raises :class:`ConfigError` for a URL libpq cannot read, and
    :class:`BackendUnavailable` when psycopg is missing or the server cannot be reached
    or refuses the login; each message names ``what`` and the redacted target."""
    pg = import_psycopg(what)
    extra = connect_options(target, what=what, timeout_s=timeout_s)
    try:
        conn: psycopg.Connection[Any] = pg.connect(target, autocommit=True, **extra)
    except pg.Error as exc:
        raise connect_error(target, exc, what=what) from None
    return conn


def connect_options(target: str, *, what: str = "PostgreSQL",
                    timeout_s: int = CONNECT_TIMEOUT_S) -> dict[str, Any]:
    """The options a connection to ``target`` adds: a ``connect_timeout`` unless the URL or
    ``PGCONNECT_TIMEOUT`` sets one. A URL libpq cannot read is a :class:`ConfigError`."""
    pg = import_psycopg(what)
    try:
        params = pg.conninfo.conninfo_to_dict(target)
    except pg.Error as exc:
        raise ConfigError(f"{what}: {redact_url(target)} is not a PostgreSQL URL libpq can "
                          f"read: {scrub(str(exc), target)}") from None
    if "connect_timeout" in params or os.environ.get("PGCONNECT_TIMEOUT"):
        return {}
    return {"connect_timeout": timeout_s}


def connect_error(target: str, exc: BaseException, *,
                  what: str = "PostgreSQL") -> BackendUnavailable:
    """The error to raise when connecting to ``target`` failed with ``exc``: it names
    ``what`` and the redacted target, and carries the driver's message scrubbed."""
    return BackendUnavailable(f"cannot connect to {what} at {redact_url(target)}: "
                              f"{scrub(str(exc), target)}")


@contextlib.contextmanager
def errors(where: str, other: type[CertiragError] = BackendError) -> Iterator[None]:
    """Turn a driver error inside the block into a certirag error whose message starts
    with ``where`` (name a target by :func:`redact_url` only): :class:`BackendError`
    when the server went away or the connection broke, ``other`` for anything else the
    server refused."""
    try:
        yield
    except Exception as exc:
        pg = import_psycopg(where)
        if not isinstance(exc, pg.Error):
            raise
        message = " ".join(str(exc).split())
        if isinstance(exc, pg.OperationalError | pg.InterfaceError):
            raise BackendError(f"{where}: {message}") from exc
        raise other(f"{where}: {message}") from exc

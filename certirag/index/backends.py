"""Store backends: where named indexes live, chosen by URL.

``store: file:///srv/indexes`` keeps each index in a folder below ``/srv/indexes`` (the
embedded :class:`~certirag.index.local.LocalStore`); ``store: postgresql://…`` keeps them
in a PostgreSQL database with pgvector (extra ``[postgres]``). A third-party backend
registers a factory for its URL scheme, in code with :func:`register_store_backend` or from
an installed package in the ``certirag.stores`` entry-point group::

    [project.entry-points."certirag.stores"]
    mystore = "my_package:backend"     # backend(url, settings) -> StoreBackend

The built-ins register the same way, below.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable
from urllib.parse import unquote, urlsplit

from certirag.errors import ConfigError
from certirag.index.local import LocalStore
from certirag.index.store import INDEX_NAME, Store, check_index_name
from certirag.plugins import Registry

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["ENTRY_POINT_GROUP", "INDEX_NAME", "LocalBackend", "StoreBackend",
           "StoreBackendFactory", "check_index_name", "open_backend", "register_store_backend",
           "store_backend_schemes", "unregister_store_backend"]

#: The entry-point group of third-party store backends (name = URL scheme).
ENTRY_POINT_GROUP = "certirag.stores"

@runtime_checkable
class StoreBackend(Protocol):
    """A place holding named indexes: a folder of folders, a database."""

    @property
    def location(self) -> str:
        """Where, safe to show (no password)."""
        ...

    def names(self) -> list[str]:
        """The names of the indexes that exist, sorted."""
        ...

    def store(self, name: str) -> Store:
        """The store of index ``name`` (it need not exist yet: its first write creates it)."""
        ...


StoreBackendFactory = Callable[[str, "Settings"], StoreBackend]


def _factory(obj: object) -> StoreBackendFactory:
    if not callable(obj):
        raise TypeError("is not a store backend factory (a callable taking url, settings)")
    return obj  # type: ignore[return-value]


_BACKENDS: Registry[StoreBackendFactory] = Registry(ENTRY_POINT_GROUP, "store backend",
                                                    check=_factory)


def register_store_backend(scheme: str, factory: StoreBackendFactory, *,
                           replace: bool = False) -> None:
    """Register ``factory(url, settings) -> StoreBackend`` for URLs ``scheme://…``."""
    _BACKENDS.register(scheme, factory, replace=replace)


def unregister_store_backend(scheme: str) -> None:
    _BACKENDS.unregister(scheme)


def store_backend_schemes() -> list[str]:
    """The URL schemes with a backend (registered or declared by installed packages)."""
    return _BACKENDS.names()


def open_backend(url: str, settings: Settings) -> StoreBackend:
    """The backend for the store URL ``url`` (cheap: nothing connects before first use)."""
    if not isinstance(url, str) or "://" not in url:
        raise ConfigError(f"a store is a URL such as file:///srv/indexes or "
                          f"postgresql://host/db, not {url!r}")
    scheme = url.split("://", 1)[0].lower()
    return _BACKENDS.get(scheme)(url, settings)


class LocalBackend:
    """Indexes as folders below ``root`` (``file://`` URLs)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    @property
    def location(self) -> str:
        return str(self.root)

    def names(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir()
                      if INDEX_NAME.fullmatch(p.name) and LocalStore.exists_at(p))

    def store(self, name: str) -> Store:
        return LocalStore(self.root / check_index_name(name))


def _file_backend(url: str, settings: Settings) -> StoreBackend:
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost") or parts.query or parts.fragment:
        raise ConfigError(f"a file store URL is file:///absolute/folder, not {url!r}")
    path = unquote(parts.path)
    if not path.startswith("/"):
        raise ConfigError(f"a file store URL names an absolute folder, not {url!r}")
    return LocalBackend(Path(path))


def _postgres_backend(url: str, settings: Settings) -> StoreBackend:
    # pg_store imports psycopg when it connects, with an error naming the extra
    from certirag.index.pg_store import PgBackend

    return PgBackend(url, settings)


register_store_backend("file", _file_backend)
register_store_backend("postgresql", _postgres_backend)
register_store_backend("postgres", _postgres_backend)

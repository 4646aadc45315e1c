"""What one app holds (:class:`ServerState`, on ``app.state.certirag``), the named indexes it
serves, and the request dependencies every route shares: the state and the caller's API
key."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from certirag.config import Settings
from certirag.errors import ConfigError
from certirag.index import Index
from certirag.index.backends import INDEX_NAME, StoreBackend
from certirag.index.store import Store
from certirag.server.auth import ApiKey, ApiKeyStore
from certirag.server.errors import ApiError
from certirag.server.limits import Limits, RateLimiter, retry_after_header
from certirag.server.metrics import Metrics

if TYPE_CHECKING:
    from certirag.verifiers import Verifier

__all__ = ["AuthKey", "IndexRegistry", "LockedIndex", "ServerState", "require_key",
           "state_of", "verify_settings"]

class LockedIndex:
    """An :class:`~certirag.index.Index` whose every call holds the index's lock (the
    local store swaps its in-memory state on reload). ``path`` is the index's name
    relative to ``$CERTIRAG_HOME`` so that certificates do not record server paths."""

    def __init__(self, name: str, index: Any, lock: threading.Lock) -> None:
        self.name = name
        self.path = Path("indexes") / name
        self._index = index
        self._lock = lock
        self.existed = False  # seen with data once (a first ingest that fails leaves none)

    @property
    def store(self) -> Store:
        store: Store = self._index.store
        return store

    def search(self, query: str, **kwargs: Any) -> Any:
        with self._lock:
            return self._index.search(query, **kwargs)

    def get_document(self, doc_id: str) -> Any:
        with self._lock:
            return self._index.get_document(doc_id)

    def stats(self) -> Any:
        with self._lock:
            return self._index.stats()

    def ingest(self, documents: Any) -> Any:
        with self._lock:
            return self._index.ingest(documents)


class IndexRegistry:
    """The named indexes of one store backend (the ``store`` setting; by default folders
    under ``$CERTIRAG_HOME/indexes``), opened once and shared."""

    def __init__(self, backend: StoreBackend, settings: Settings, embedder: Any = None) -> None:
        self.backend = backend
        self.settings = settings
        self._embedder = embedder
        self._lock = threading.Lock()
        self._open: dict[str, LockedIndex] = {}

    def embedder(self) -> Any:
        if self._embedder is None:
            # index.embed imports numpy; it loads with the first index opened
            from certirag.index.embed import OnnxEmbedder

            self._embedder = OnnxEmbedder.from_settings(self.settings)
        return self._embedder

    @staticmethod
    def check_name(name: object) -> str:
        if not isinstance(name, str) or not INDEX_NAME.fullmatch(name):
            raise ApiError(400, "an index name is 1-64 lowercase letters, digits, '_' or '-', "
                                "starting with a letter or digit", code="invalid_index_name")
        return name

    def names(self) -> list[str]:
        return self.backend.names()

    def exists(self, name: str) -> bool:
        return self.backend.store(self.check_name(name)).exists()

    def get(self, name: str, *, create: bool = False) -> LockedIndex:
        name = self.check_name(name)
        with self._lock:
            found = self._open.get(name)
        if found is not None and found.existed:
            return found  # indexes are never deleted through the API: no second look
        store = found.store if found is not None else self.backend.store(name)
        exists = store.exists()
        if not create and not exists:  # (a failed first ingest leaves none)
            raise ApiError(404, f"no index named {name!r}; create it with POST /v1/ingest",
                           code="index_not_found")
        with self._lock:
            found = self._open.get(name)
            if found is None:
                found = LockedIndex(name, Index(settings=self.settings, store=store,
                                                embedder=self.embedder()), threading.Lock())
                self._open[name] = found
            found.existed = found.existed or exists
            return found


@dataclass
class ServerState:
    """What one app holds. Built by :func:`create_app`."""

    settings: Settings
    limits: Limits
    keys: ApiKeyStore
    limiter: RateLimiter
    metrics: Metrics
    verifier: Verifier
    indexes: IndexRegistry
    generator: Any = None
    generation: Any = None  # the shared generator's state, set by the generation routes
    _verifier_lock: threading.Lock = field(default_factory=threading.Lock)
    _verifier_loaded: bool = False

    def load_verifier(self) -> None:
        """Load the shared verifier once; a failure is left for the pipeline to report
        (claims withheld with ``backend_error``)."""
        if self._verifier_loaded:
            return
        with self._verifier_lock:
            if self._verifier_loaded:
                return
            try:
                self.verifier.load()
            except Exception:
                return
            self._verifier_loaded = True


def state_of(request: Request) -> ServerState:
    """The state of the app serving ``request``."""
    state: ServerState = request.app.state.certirag
    return state


_bearer = HTTPBearer(auto_error=False, description="an API key from: certirag keys api create")
BearerCredentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def require_key(request: Request, credentials: BearerCredentials) -> ApiKey:
    """The caller's API key (401 when missing or unknown), after the rate limit (429)."""
    state = state_of(request)
    secret = credentials.credentials if credentials is not None else None
    try:
        key = state.keys.authenticate(secret)
    except ConfigError as exc:  # a damaged key file refuses everyone, visibly
        raise ApiError(503, "the API key file is unreadable; see the server log",
                       code="key_store_unavailable") from exc
    if key is None:
        state.metrics.auth_failures.inc()
        hint = "" if state.keys.records() else \
            "; no key exists yet: create one with: certirag keys api create --name NAME"
        raise ApiError(401, "a valid API key is required (Authorization: Bearer KEY)" + hint,
                       code="invalid_api_key", headers={"WWW-Authenticate": "Bearer"})
    wait = state.limiter.acquire(key.id)
    if wait > 0:
        state.metrics.rate_limited.inc()
        raise ApiError(429, f"rate limit of {state.limits.rate_per_minute} requests a minute "
                            f"exceeded for this key; retry in {wait:.1f} s",
                       code="rate_limit_exceeded",
                       headers={"Retry-After": retry_after_header(wait)})
    return key


AuthKey = Annotated[ApiKey, Depends(require_key)]


def verify_settings(state: ServerState, display: str | None,
                    claims: str | None = None) -> Settings:
    """The server's settings for one request: its display and claims extractor, and the
    verify timeout of the limits when the settings set none."""
    update: dict[str, Any] = {}
    if state.settings.verify_timeout_s is None:
        update["verify_timeout_s"] = state.limits.verify_timeout_s
    if display is not None:
        update["display"] = display
    if claims is not None:
        update["claims"] = claims
    return state.settings.model_copy(update=update) if update else state.settings

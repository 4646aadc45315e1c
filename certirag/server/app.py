"""The HTTP service: a FastAPI app built by :func:`create_app` from one Settings object.

Everything the app holds (the shared verifier and embedder, the open indexes, the key
store, the rate limiter, the metrics registry) lives on ``app.state.certirag``; nothing
is kept at module level, so two apps in one process never share state.

Every route needs ``Authorization: Bearer <key>`` except ``/healthz``, the web page
(``/`` and ``/static/…``) and the OpenAPI schema (``/openapi.json``).

Every request body is parsed by the strict reader :func:`certirag.jsonio.loads` before
FastAPI and pydantic see it (:class:`JSONRoute`): nesting too deep, ``NaN``, ``Infinity``,
numbers out of range and duplicate keys are a 400 with code ``not_json``, never a
traceback.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from certirag.config import Settings
from certirag.errors import (
    BackendError,
    BackendUnavailable,
    CertificateError,
    CertiragError,
    ConfigError,
    IndexStoreError,
    InputError,
)
from certirag.server.auth import ApiKey, ApiKeyStore, default_keys_path
from certirag.server.limits import BodyLimitMiddleware, Limits, RateLimiter, retry_after_header
from certirag.server.metrics import CONTENT_TYPE, Metrics
from certirag.server.models import (
    CertificateVerifyRequest,
    IngestRequest,
    SearchRequest,
    VerifyRequest,
)

__all__ = ["ApiError", "JSONRoute", "ServerState", "certirag_error_status", "create_app"]

_INDEX_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
_CERT_ID = re.compile(r"[0-9a-f]{64}")
_PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
             "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'")


class ApiError(Exception):
    """An HTTP error with an OpenAI-style body: ``{"error": {"message", "type", "code"}}``."""

    def __init__(self, status: int, message: str, *, code: str, type_: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.type = type_ or _TYPES.get(status, "server_error")
        self.headers = headers or {}


_TYPES = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error",
          405: "invalid_request_error", 408: "request_timeout", 409: "conflict_error",
          413: "request_too_large",
          422: "invalid_request_error", 429: "rate_limit_error", 502: "backend_error",
          503: "service_unavailable"}


def certirag_error_status(exc: CertiragError) -> tuple[int, str]:
    """The HTTP status and error code of a library error: one table for the HTTP errors
    and for the ``error`` events of a stream that already started."""
    if isinstance(exc, InputError | ConfigError):
        return 400, "invalid_input"
    if isinstance(exc, IndexStoreError):
        return 409, "index_error"
    if isinstance(exc, BackendUnavailable):
        return 503, "backend_unavailable"
    if isinstance(exc, BackendError):
        return 502, "backend_error"
    if isinstance(exc, CertificateError):
        return 409, "certificate_error"
    return 400, "certirag_error"


def _error_response(status: int, message: str, code: str, type_: str | None = None,
                    headers: dict[str, str] | None = None) -> JSONResponse:
    body = {"error": {"message": message, "type": type_ or _TYPES.get(status, "server_error"),
                      "code": code}}
    return JSONResponse(body, status_code=status, headers=headers)


class JSONRoute(APIRoute):
    """A route whose request body, when it has one, is parsed by
    :func:`certirag.jsonio.loads` before FastAPI reads it: what the strict reader refuses
    is a 400 ``not_json`` (the standard decoder raises ``RecursionError`` on deep nesting,
    which escaped as a 500 or a bare 400, and turns ``NaN`` or ``1e400`` into values
    pydantic then stores)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        if self.body_field is None:
            return handler

        async def parse_then_handle(request: Request) -> Response:
            from certirag.jsonio import loads

            body = await request.body()
            if body:
                try:
                    # FastAPI asks request.json() for the body; Starlette keeps it here.
                    request._json = loads(body)
                except ValueError as exc:  # JSONInputError and json.JSONDecodeError
                    raise ApiError(400, f"the request body is not valid JSON: {exc}",
                                   code="not_json") from None
            return await handler(request)

        return parse_then_handle


# ------------------------------------------------------------------------ the state

class _LockedIndex:
    """An :class:`~certirag.index.Index` whose every call holds the index's lock (the
    local store swaps its in-memory state on reload). ``path`` is the index's name
    relative to ``$CERTIRAG_HOME`` so that certificates do not record server paths."""

    def __init__(self, name: str, index: Any, lock: threading.Lock) -> None:
        self.name = name
        self.path = Path("indexes") / name
        self._index = index
        self._lock = lock

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
    """Named indexes under ``$CERTIRAG_HOME/indexes``, opened once and shared."""

    def __init__(self, root: Path, settings: Settings, embedder: Any = None) -> None:
        self.root = root
        self.settings = settings
        self._embedder = embedder
        self._lock = threading.Lock()
        self._open: dict[str, _LockedIndex] = {}

    def embedder(self) -> Any:
        if self._embedder is None:
            from certirag.index.embed import OnnxEmbedder

            self._embedder = OnnxEmbedder.from_settings(self.settings)
        return self._embedder

    def path(self, name: str) -> Path:
        if not isinstance(name, str) or not _INDEX_NAME.fullmatch(name):
            raise ApiError(400, "an index name is 1-64 lowercase letters, digits, '_' or '-', "
                                "starting with a letter or digit", code="invalid_index_name")
        return self.root / name

    def names(self) -> list[str]:
        from certirag.index import LocalStore

        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir()
                      if _INDEX_NAME.fullmatch(p.name) and LocalStore.exists(p))

    def get(self, name: str, *, create: bool = False) -> _LockedIndex:
        from certirag.index import Index, LocalStore

        path = self.path(name)
        if not create and not LocalStore.exists(path):
            raise ApiError(404, f"no index named {name!r}; create it with POST /v1/ingest",
                           code="index_not_found")
        with self._lock:
            found = self._open.get(name)
            if found is not None:
                return found
            index = _LockedIndex(name, Index(path, settings=self.settings,
                                             embedder=self.embedder()), threading.Lock())
            self._open[name] = index
            return index


@dataclass
class ServerState:
    """What one app holds. Built by :func:`create_app`."""

    settings: Settings
    limits: Limits
    keys: ApiKeyStore
    limiter: RateLimiter
    metrics: Metrics
    verifier: Any
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


def _state(request: Request) -> ServerState:
    state: ServerState = request.app.state.certirag
    return state


# --------------------------------------------------------------------------- auth

_bearer = HTTPBearer(auto_error=False, description="an API key from: certirag keys api create")
BearerCredentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def require_key(request: Request, credentials: BearerCredentials) -> ApiKey:
    """The caller's API key (401 when missing or unknown), after the rate limit (429)."""
    state = _state(request)
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

# ------------------------------------------------------------------------- routes

def healthz(request: Request) -> dict[str, Any]:
    """Liveness: no key needed, reveals nothing but the version."""
    from certirag import __version__

    return {"status": "ok", "version": __version__}


def metrics(request: Request, key: AuthKey) -> Response:
    """Prometheus text format."""
    return Response(_state(request).metrics.render(), media_type=CONTENT_TYPE)


def list_indexes(request: Request, key: AuthKey) -> dict[str, Any]:
    """Names of the indexes under ``$CERTIRAG_HOME/indexes``."""
    return {"indexes": _state(request).indexes.names()}


def ingest(body: IngestRequest, request: Request,
           key: AuthKey) -> dict[str, Any]:
    """Add, replace or skip documents in the named index (created when missing); all or
    nothing."""
    from certirag.schemas import Document

    try:
        docs = [Document(**d.model_dump()) for d in body.documents]
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ApiError(422, f"invalid document: {first['msg']}", code="invalid_document") from exc
    index = _state(request).indexes.get(body.index, create=True)
    report = index.ingest(docs)
    return {"index": body.index, **report.to_dict()}


def search(body: SearchRequest, request: Request,
           key: AuthKey) -> dict[str, Any]:
    """The top-``k`` chunks of an index (hybrid BM25 + dense by default)."""
    index = _state(request).indexes.get(body.index)
    result = index.search(body.query, k=body.k, mode=body.mode)
    return {"query": result.query, "mode": result.mode,
            "hits": [h.model_dump(mode="json") for h in result.hits]}


def _verify_settings(state: ServerState, display: str | None,
                     claims: str | None = None) -> Settings:
    update: dict[str, Any] = {}
    if state.settings.verify_timeout_s is None:
        update["verify_timeout_s"] = state.limits.verify_timeout_s
    if display is not None:
        update["display"] = display
    if claims is not None:
        update["claims"] = claims
    return state.settings.model_copy(update=update) if update else state.settings


def verify(body: VerifyRequest, request: Request, response: Response,
           key: AuthKey) -> dict[str, Any]:
    """Check an answer claim by claim; the reply is ``certirag verify --json``'s, plus
    ``certificate_id`` when the server signs (and ``passages`` when asked for)."""
    from certirag.certify.certificate import issue_and_record
    from certirag.pipeline import verify as run_verify

    state = _state(request)
    if (body.evidence is None) == (body.index is None):
        raise ApiError(400, "pass exactly one of 'evidence' or 'index'", code="invalid_request")
    settings = _verify_settings(state, body.display, body.claims)
    index = None
    evidence: list[dict[str, str]] | None = None
    if body.evidence is not None:
        size = sum(len(e.text) for e in body.evidence)
        if size > state.limits.max_evidence_chars:
            raise ApiError(413, f"the evidence holds {size:,} characters; the limit is "
                                f"{state.limits.max_evidence_chars:,}", code="evidence_too_large")
        evidence = [{"id": e.id, "text": e.text} for e in body.evidence]
    else:
        assert body.index is not None
        index = state.indexes.get(body.index)
    state.load_verifier()
    result = run_verify(body.question, body.answer, evidence=evidence, index=index,
                        settings=settings, verifier=state.verifier)
    data = result.to_dict()
    try:
        cert = issue_and_record(result, settings=settings, index=index)
    except CertiragError as exc:
        raise ApiError(503, f"the certificate could not be issued: {exc}",
                       code="certificate_unavailable") from exc
    if cert is not None:
        data["certificate_id"] = cert.id
        state.metrics.certificates.inc()
    if body.include_passages:
        data["passages"] = [{"doc_id": p.doc_id, "chunk_id": p.chunk_id, "start": p.start,
                             "end": p.end if p.end is not None else p.start + len(p.text),
                             "text": p.text} for p in result.evidence]
    state.metrics.observe_result(data)
    response.headers["X-Certirag-Outcome"] = result.outcome
    return data


def _ledger(state: ServerState) -> Any:
    from certirag.certify.ledger import Ledger

    try:
        return Ledger.open(state.settings.ledger_path, settings=state.settings, create=False)
    except InputError as exc:
        raise ApiError(404, "the ledger is empty: no certificate was issued yet",
                       code="ledger_empty") from exc


def _cert_id(cert_id: str) -> str:
    if not _CERT_ID.fullmatch(cert_id):
        raise ApiError(400, "a certificate id is 64 lowercase hex digits",
                       code="invalid_certificate_id")
    return cert_id


def get_certificate(cert_id: str, request: Request,
                    key: AuthKey) -> Response:
    """The certificate (its DSSE envelope, as stored in the ledger)."""
    ident = _cert_id(cert_id)
    with _ledger(_state(request)) as log:
        entry = log.get(ident)
    if entry is None:
        raise ApiError(404, f"certificate {ident} is not in the ledger",
                       code="certificate_not_found")
    return Response(entry.envelope, media_type="application/json")


def certificate_proof(cert_id: str, request: Request,
                      key: AuthKey) -> dict[str, Any]:
    """The inclusion proof of a certificate against the latest signed checkpoint."""
    ident = _cert_id(cert_id)
    with _ledger(_state(request)) as log:
        if log.get(ident) is None:
            raise ApiError(404, f"certificate {ident} is not in the ledger",
                           code="certificate_not_found")
        proof = log.inclusion_proof(ident)
    out: dict[str, Any] = proof.to_dict()
    return out


def verify_certificate(body: CertificateVerifyRequest, request: Request,
                       key: AuthKey) -> dict[str, Any]:
    """Check a certificate: envelope, signature, digests, claims and decisions (and with
    ``index`` the evidence spans against the indexed documents)."""
    from certirag.certify.certificate import verify_certificate as check_certificate
    from certirag.certify.keys import default_public_key

    state = _state(request)
    if body.public_key is not None:
        public: bytes = body.public_key.encode("utf-8")
    else:
        try:
            public = default_public_key(state.settings).read_bytes()
        except (InputError, OSError) as exc:
            raise ApiError(400, "the server has no public key; pass 'public_key' (PEM)",
                           code="no_public_key") from exc
    index = state.indexes.get(body.index) if body.index is not None else None
    envelope: Any = body.certificate
    check = check_certificate(envelope, public, index=index, settings=state.settings)
    out: dict[str, Any] = check.to_dict()
    return out


def log_checkpoint(request: Request, key: AuthKey) -> dict[str, Any]:
    """The latest signed checkpoint of the ledger (tree size and root hash)."""
    with _ledger(_state(request)) as log:
        cp = log.checkpoint()
    if cp is None:
        raise ApiError(404, "the ledger is empty: there is no checkpoint yet",
                       code="ledger_empty")
    out: dict[str, Any] = cp.to_dict()
    return out


def page(request: Request) -> FileResponse:
    """The web page."""
    path = _static_dir() / "index.html"
    return FileResponse(path, media_type="text/html; charset=utf-8")


def _static_dir() -> Path:
    return Path(str(resources.files("certirag.server").joinpath("static")))


# --------------------------------------------------------------------- middleware

class _ObserveMiddleware:
    """Metrics per route and security headers on every response."""

    def __init__(self, app: Any, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        t0 = time.perf_counter()
        status = 500
        html = False

        async def wrapped(message: Any) -> None:
            nonlocal status, html
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                html = any(k.lower() == b"content-type" and v.startswith(b"text/html")
                           for k, v in headers)
                extra = [(b"x-content-type-options", b"nosniff"),
                         (b"referrer-policy", b"no-referrer")]
                if html:
                    extra += [(b"content-security-policy", _PAGE_CSP.encode()),
                              (b"x-frame-options", b"DENY")]
                if b"cache-control" not in names and not scope["path"].startswith("/static/"):
                    extra.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers + extra}
            await send(message)

        self.metrics.in_flight.inc()
        try:
            await self.app(scope, receive, wrapped)
        finally:
            self.metrics.in_flight.dec()
            name = getattr(scope.get("route"), "path", None) or _route_label(scope["path"])
            self.metrics.observe_request(scope.get("method", "?"), name, status,
                                         time.perf_counter() - t0)


def _route_label(path: str) -> str:
    if path.startswith("/static/"):
        return "/static"
    return path if path == "/openapi.json" else "unmatched"  # bounded label values


# ------------------------------------------------------------------------ the app

def _install_error_handlers(app: FastAPI) -> None:
    async def on_api_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return _error_response(exc.status, exc.message, exc.code, exc.type, exc.headers)

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        parts = []
        for err in exc.errors()[:5]:
            loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{loc or 'body'}: {err.get('msg')}")
        return _error_response(422, "; ".join(parts) or "invalid request", "invalid_request")

    async def on_http(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        return _error_response(exc.status_code, str(exc.detail), f"http_{exc.status_code}",
                               headers=dict(exc.headers or {}))

    async def on_certirag(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, CertiragError)
        status, code = certirag_error_status(exc)
        return _error_response(status, str(exc), code)

    async def on_bug(request: Request, exc: Exception) -> JSONResponse:
        # A bug of ours: the OpenAI-shaped body still, and no traceback to the client.
        return _error_response(500, "internal error; see the server log", "internal_error")

    app.add_exception_handler(ApiError, on_api_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(CertiragError, on_certirag)
    app.add_exception_handler(Exception, on_bug)


_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "missing or unknown API key"},
    413: {"description": "request body or evidence too large"},
    429: {"description": "rate limit exceeded (see Retry-After)"},
}


def create_app(settings: Settings | None = None, *, verifier: Any = None,
               embedder: Any = None, generator: Any = None,
               keys: ApiKeyStore | None = None, limits: Limits | None = None) -> FastAPI:
    """Build the app from ``settings``.

    ``verifier`` (default: the backend named in the settings, loaded on first use),
    ``embedder`` (default: the settings' ONNX embedder) and ``generator`` (the model
    behind ``/v1/ask`` and ``/v1/chat/completions``) are shared by every request.
    ``keys`` defaults to the key file ``$CERTIRAG_HOME/api_keys.json`` and ``limits`` to
    :meth:`Limits.from_settings`.
    """
    from certirag import __version__

    settings = settings or Settings()
    limits = limits if limits is not None else Limits.from_settings(settings)
    if settings.signing_key is not None:  # fail at start, not on the first request
        from certirag.certify.keys import Signer

        Signer.from_file(settings.signing_key)
    if verifier is None:
        from certirag.verifiers import create_verifier

        verifier = create_verifier(settings)
    metrics_ = Metrics()
    state = ServerState(
        settings=settings, limits=limits,
        keys=keys if keys is not None else ApiKeyStore(default_keys_path(settings)),
        limiter=RateLimiter(limits.rate_per_minute), metrics=metrics_, verifier=verifier,
        indexes=IndexRegistry(settings.home / "indexes", settings, embedder),
        generator=generator)

    app = FastAPI(title="certirag", version=__version__,
                  description="Fail-closed verification for retrieval-augmented generation. "
                              "Every route except /healthz, the page and this schema needs "
                              "`Authorization: Bearer KEY`.",
                  docs_url=None, redoc_url=None, openapi_url="/openapi.json")
    app.state.certirag = state
    app.router.route_class = JSONRoute
    _install_error_handlers(app)

    app.add_api_route("/healthz", healthz, methods=["GET"], tags=["service"])
    app.add_api_route("/metrics", metrics, methods=["GET"], tags=["service"],
                      response_class=Response, responses=_ERRORS)
    app.add_api_route("/v1/indexes", list_indexes, methods=["GET"], tags=["index"],
                      responses=_ERRORS)
    app.add_api_route("/v1/ingest", ingest, methods=["POST"], tags=["index"], responses=_ERRORS)
    app.add_api_route("/v1/search", search, methods=["POST"], tags=["index"], responses=_ERRORS)
    app.add_api_route("/v1/verify", verify, methods=["POST"], tags=["verify"], responses=_ERRORS)
    app.add_api_route("/v1/certificates/verify", verify_certificate, methods=["POST"],
                      tags=["certificates"], responses=_ERRORS)
    app.add_api_route("/v1/certificates/{cert_id}", get_certificate, methods=["GET"],
                      tags=["certificates"], response_class=Response, responses=_ERRORS)
    app.add_api_route("/v1/certificates/{cert_id}/proof", certificate_proof, methods=["GET"],
                      tags=["certificates"], responses=_ERRORS)
    app.add_api_route("/v1/log/checkpoint", log_checkpoint, methods=["GET"],
                      tags=["certificates"], responses=_ERRORS)
    _install_generation_routes(app)
    app.add_api_route("/", page, methods=["GET"], include_in_schema=False,
                      response_class=FileResponse)
    app.mount("/static", StaticFiles(directory=_static_dir()), name="static")

    cors = list(getattr(settings, "cors_origins", None) or [])
    if cors:
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=cors, allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type"])
    app.add_middleware(BodyLimitMiddleware, max_bytes=limits.max_body_bytes,
                       timeout_s=limits.body_read_timeout_s)
    app.add_middleware(_ObserveMiddleware, metrics=metrics_)
    return app


def _install_generation_routes(app: FastAPI) -> None:
    """``/v1/ask``, ``/v1/chat/completions`` and ``/v1/models`` (see
    :mod:`certirag.server.generation`)."""
    from certirag.server.generation import install

    install(app)

"""The HTTP service: a FastAPI app built by :func:`create_app` from one Settings object.

Everything the app holds (the shared verifier and embedder, the open indexes, the key
store, the rate limiter, the metrics registry) lives on ``app.state.certirag``; nothing
is kept at module level, so two apps in one process never share state.

Every route needs ``Authorization: Bearer <key>`` except ``/healthz``, the web page
(``/`` and ``/static/…``) and the OpenAPI schema (``/openapi.json``).

Every request body is parsed by the strict reader :func:`certirag.jsonio.loads` before
FastAPI and pydantic see it (:class:`~certirag.server.routing.JSONRoute`): nesting too
deep, ``NaN``, ``Infinity``, numbers out of range and duplicate keys are a 400 with code
``not_json``, never a traceback.
"""

from __future__ import annotations

import re
import time
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from certirag import __version__, verifiers
from certirag.certify.issue import issue_and_record
from certirag.certify.keys import Signer, default_public_key
from certirag.certify.ledger import open_ledger
from certirag.certify.verify import verify_certificate as check_certificate
from certirag.config import Settings
from certirag.errors import CertiragError, InputError
from certirag.index.backends import LocalBackend, StoreBackend, open_backend
from certirag.pipeline import verify as run_verify
from certirag.schemas import Document
from certirag.server import generation
from certirag.server.auth import ApiKeyStore, default_keys_path
from certirag.server.errors import ERROR_RESPONSES, ApiError, install_error_handlers
from certirag.server.limits import BodyLimitMiddleware, Limits, RateLimiter
from certirag.server.metrics import CONTENT_TYPE, Metrics
from certirag.server.models import (
    CertificateVerifyRequest,
    IngestRequest,
    SearchRequest,
    VerifyRequest,
)
from certirag.server.routing import JSONRoute
from certirag.server.state import AuthKey, IndexRegistry, ServerState, state_of, verify_settings
from certirag.verifiers import Verifier

__all__ = ["create_app"]

_CERT_ID = re.compile(r"[0-9a-f]{64}")
_PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
             "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'")


# ------------------------------------------------------------------------- routes

def healthz(request: Request) -> dict[str, Any]:
    """Liveness: no key needed, reveals nothing but the version."""
    return {"status": "ok", "version": __version__}


def metrics(request: Request, key: AuthKey) -> Response:
    """Prometheus text format."""
    return Response(state_of(request).metrics.render(), media_type=CONTENT_TYPE)


def list_indexes(request: Request, key: AuthKey) -> dict[str, Any]:
    """Names of the indexes of the store (by default under ``$CERTIRAG_HOME/indexes``)."""
    return {"indexes": state_of(request).indexes.names()}


def ingest(body: IngestRequest, request: Request,
           key: AuthKey) -> dict[str, Any]:
    """Add, replace or skip documents in the named index (created when missing); all or
    nothing."""
    try:
        docs = [Document(**d.model_dump()) for d in body.documents]
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ApiError(422, f"invalid document: {first['msg']}", code="invalid_document") from exc
    index = state_of(request).indexes.get(body.index, create=True)
    report = index.ingest(docs)
    return {"index": body.index, **report.to_dict()}


def search(body: SearchRequest, request: Request,
           key: AuthKey) -> dict[str, Any]:
    """The top-``k`` chunks of an index (hybrid BM25 + dense by default)."""
    index = state_of(request).indexes.get(body.index)
    result = index.search(body.query, k=body.k, mode=body.mode)
    return {"query": result.query, "mode": result.mode,
            "hits": [h.model_dump(mode="json") for h in result.hits]}


def verify(body: VerifyRequest, request: Request, response: Response,
           key: AuthKey) -> dict[str, Any]:
    """Check an answer claim by claim; the reply is ``certirag verify --json``'s, plus
    ``certificate_id`` when the server signs (and ``passages`` when asked for)."""
    state = state_of(request)
    if (body.evidence is None) == (body.index is None):
        raise ApiError(400, "pass exactly one of 'evidence' or 'index'", code="invalid_request")
    settings = verify_settings(state, body.display, body.claims)
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
    try:
        return open_ledger(state.settings, readonly=True)
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
    with _ledger(state_of(request)) as log:
        entry = log.get(ident)
    if entry is None:
        raise ApiError(404, f"certificate {ident} is not in the ledger",
                       code="certificate_not_found")
    return Response(entry.envelope, media_type="application/json")


def certificate_proof(cert_id: str, request: Request,
                      key: AuthKey) -> dict[str, Any]:
    """The inclusion proof of a certificate against the latest signed checkpoint."""
    ident = _cert_id(cert_id)
    with _ledger(state_of(request)) as log:
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
    state = state_of(request)
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
    with _ledger(state_of(request)) as log:
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

def _store_backend(settings: Settings) -> StoreBackend:
    """The ``store`` setting's backend, or folders under ``$CERTIRAG_HOME/indexes``."""
    if settings.store:
        return open_backend(settings.store, settings)
    return LocalBackend(settings.home / "indexes")


def create_app(settings: Settings | None = None, *, verifier: Verifier | None = None,
               embedder: Any = None, generator: Any = None,
               keys: ApiKeyStore | None = None, limits: Limits | None = None) -> FastAPI:
    """Build the app from ``settings``.

    ``verifier`` (default: the backend named in the settings, loaded on first use),
    ``embedder`` (default: the settings' ONNX embedder) and ``generator`` (the model
    behind ``/v1/ask`` and ``/v1/chat/completions``) are shared by every request.
    ``keys`` defaults to the key file ``$CERTIRAG_HOME/api_keys.json`` and ``limits`` to
    :meth:`Limits.from_settings`.
    """
    settings = settings or Settings()
    limits = limits if limits is not None else Limits.from_settings(settings)
    if settings.signing_key is not None:  # fail at start, not on the first request
        Signer.from_file(settings.signing_key)
    if verifier is None:
        verifier = verifiers.create_verifier(settings)
    metrics_ = Metrics()
    state = ServerState(
        settings=settings, limits=limits,
        keys=keys if keys is not None else ApiKeyStore(default_keys_path(settings)),
        limiter=RateLimiter(limits.rate_per_minute), metrics=metrics_, verifier=verifier,
        indexes=IndexRegistry(_store_backend(settings), settings, embedder),
        generator=generator)

    app = FastAPI(title="certirag", version=__version__,
                  description="Fail-closed verification for retrieval-augmented generation. "
                              "Every route except /healthz, the page and this schema needs "
                              "`Authorization: Bearer KEY`.",
                  docs_url=None, redoc_url=None, openapi_url="/openapi.json")
    app.state.certirag = state
    app.router.route_class = JSONRoute
    install_error_handlers(app)

    errors = ERROR_RESPONSES
    app.add_api_route("/healthz", healthz, methods=["GET"], tags=["service"])
    app.add_api_route("/metrics", metrics, methods=["GET"], tags=["service"],
                      response_class=Response, responses=errors)
    app.add_api_route("/v1/indexes", list_indexes, methods=["GET"], tags=["index"],
                      responses=errors)
    app.add_api_route("/v1/ingest", ingest, methods=["POST"], tags=["index"], responses=errors)
    app.add_api_route("/v1/search", search, methods=["POST"], tags=["index"], responses=errors)
    app.add_api_route("/v1/verify", verify, methods=["POST"], tags=["verify"], responses=errors)
    app.add_api_route("/v1/certificates/verify", verify_certificate, methods=["POST"],
                      tags=["certificates"], responses=errors)
    app.add_api_route("/v1/certificates/{cert_id}", get_certificate, methods=["GET"],
                      tags=["certificates"], response_class=Response, responses=errors)
    app.add_api_route("/v1/certificates/{cert_id}/proof", certificate_proof, methods=["GET"],
                      tags=["certificates"], responses=errors)
    app.add_api_route("/v1/log/checkpoint", log_checkpoint, methods=["GET"],
                      tags=["certificates"], responses=errors)
    generation.install(app)
    app.add_api_route("/", page, methods=["GET"], include_in_schema=False,
                      response_class=FileResponse)
    app.mount("/static", StaticFiles(directory=_static_dir()), name="static")

    cors = list(settings.cors_origins)
    if cors:
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=cors, allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type"])
    app.add_middleware(BodyLimitMiddleware, max_bytes=limits.max_body_bytes,
                       timeout_s=limits.body_read_timeout_s)
    app.add_middleware(_ObserveMiddleware, metrics=metrics_)
    return app

"""HTTP errors of the service: :class:`ApiError`, the one table from library errors to
statuses, the OpenAI-style error body, and the app's exception handlers."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from certirag.errors import (
    BackendError,
    BackendUnavailable,
    CertificateError,
    CertiragError,
    ConfigError,
    IndexStoreError,
    InputError,
)

__all__ = ["ERROR_RESPONSES", "ERROR_TYPES", "ApiError", "certirag_error_status",
           "error_response", "install_error_handlers"]


class ApiError(Exception):
    """An HTTP error with an OpenAI-style body: ``{"error": {"message", "type", "code"}}``."""

    def __init__(self, status: int, message: str, *, code: str, type_: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.type = type_ or ERROR_TYPES.get(status, "server_error")
        self.headers = headers or {}


#: The OpenAI error ``type`` of each HTTP status.
ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error",
               404: "not_found_error", 405: "invalid_request_error", 408: "request_timeout",
               409: "conflict_error", 413: "request_too_large", 422: "invalid_request_error",
               429: "rate_limit_error", 502: "backend_error", 503: "service_unavailable"}


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


def error_response(status: int, message: str, code: str, type_: str | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    """The OpenAI-style error body: ``{"error": {"message", "type", "code"}}``."""
    body = {"error": {"message": message, "type": type_ or ERROR_TYPES.get(status, "server_error"),
                      "code": code}}
    return JSONResponse(body, status_code=status, headers=headers)


def install_error_handlers(app: FastAPI) -> None:
    """Every error the app can raise becomes an OpenAI-style JSON body (never a
    traceback)."""
    async def on_api_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return error_response(exc.status, exc.message, exc.code, exc.type, exc.headers)

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        parts = []
        for err in exc.errors()[:5]:
            loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{loc or 'body'}: {err.get('msg')}")
        return error_response(422, "; ".join(parts) or "invalid request", "invalid_request")

    async def on_http(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        return error_response(exc.status_code, str(exc.detail), f"http_{exc.status_code}",
                               headers=dict(exc.headers or {}))

    async def on_certirag(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, CertiragError)
        status, code = certirag_error_status(exc)
        return error_response(status, str(exc), code)

    async def on_bug(request: Request, exc: Exception) -> JSONResponse:
        # A bug of ours: the OpenAI-shaped body still, and no traceback to the client.
        return error_response(500, "internal error; see the server log", "internal_error")

    app.add_exception_handler(ApiError, on_api_error)
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(CertiragError, on_certirag)
    app.add_exception_handler(Exception, on_bug)


#: The documented error replies of every authenticated route (OpenAPI ``responses``).
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"description": "missing or unknown API key"},
    413: {"description": "request body or evidence too large"},
    429: {"description": "rate limit exceeded (see Retry-After)"},
}

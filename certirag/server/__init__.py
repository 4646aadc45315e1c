"""The HTTP service and web page (extra ``[server]``): :func:`create_app` builds a FastAPI
app from :class:`certirag.config.Settings`; ``certirag serve`` runs it with uvicorn."""

from certirag.server.app import create_app
from certirag.server.auth import ApiKey, ApiKeyStore, default_keys_path
from certirag.server.errors import ApiError
from certirag.server.limits import BodyLimitMiddleware, Limits, RateLimiter
from certirag.server.state import ServerState

__all__ = ["ApiError", "ApiKey", "ApiKeyStore", "BodyLimitMiddleware", "Limits",
           "RateLimiter", "ServerState", "create_app", "default_keys_path"]

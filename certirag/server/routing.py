"""The app's route class: request bodies parsed by the strict JSON reader."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from fastapi.routing import APIRoute

from certirag.jsonio import loads
from certirag.server.errors import ApiError

__all__ = ["JSONRoute"]


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

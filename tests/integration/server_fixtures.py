"""Shared pieces of the HTTP service tests: the fake-backed app factory, the module-scoped
running server fixture and the request data the tests send."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from certirag.certify.keys import generate_keys  # noqa: E402
from certirag.config import Settings  # noqa: E402
from certirag.server import Limits, create_app  # noqa: E402
from certirag.server.testing import running_server  # noqa: E402
from certirag.testing import FakeGenerator, FakeVerifier  # noqa: E402

from ..conftest import HashEmbedder  # noqa: E402

EVIDENCE = [{"id": "geo", "text": "🙂 Bonjour. Paris is the capital of France. It has many "
                                  "bridges."},
            {"id": "tower", "text": "The Eiffel Tower is in Paris. It opened in 1889."}]
ANSWER = "Paris is the capital of France. The Eiffel Tower opened in 1925."
SCRIPT = [["Paris is the capital of France."],
          ["Paris has 9 moons.", "Paris has 8 moons.", "Paris has 7 moons.",
           "Paris has 6 moons."],
          ["The Eiffel Tower is in Paris."]]


def _make(tmp: Path, *, limits: Limits | None = None, verifier: Any = None,
          sign: bool = True) -> tuple[Any, str, Settings]:
    keys = generate_keys(tmp / "keys") if sign else None
    settings = Settings(home=tmp / "home", signing_key=keys.private_path if keys else None)
    app = create_app(settings, verifier=verifier or FakeVerifier(), embedder=HashEmbedder(),
                     generator=FakeGenerator(SCRIPT), limits=limits)
    _, secret = app.state.certirag.keys.create("tests")
    return app, secret, settings


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("server")
    app, secret, settings = _make(tmp, limits=Limits(rate_per_minute=0))
    with running_server(app) as url, httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as client:
        yield {"url": url, "key": secret, "settings": settings, "client": client, "app": app,
               "public_key": tmp / "keys" / "certirag.pub"}


def _verify(client: Any, **body: Any) -> Any:
    return client.post("/v1/verify", json={"question": "Tell me about Paris",
                                           "answer": ANSWER, **body})

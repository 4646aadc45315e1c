from __future__ import annotations

import pytest

from certirag.config import Settings
from certirag.errors import BackendUnavailable, ConfigError, InputError
from certirag.generate import create_generator
from certirag.generate.local import LlamaCppGenerator, builtin_gguf, resolve_gguf
from certirag.generate.openai import OpenAIGenerator
from certirag.llm import create_client


def test_create_generator_picks_the_backend() -> None:
    local = create_generator(Settings(), model="some.gguf")
    assert isinstance(local, LlamaCppGenerator) and local.model == "some.gguf"
    assert isinstance(create_generator(Settings()), LlamaCppGenerator)
    remote = create_generator(Settings(), backend="openai", base_url="http://127.0.0.1:1/v1",
                              model="qwen")
    assert isinstance(remote, OpenAIGenerator)
    assert remote.client.root == "http://127.0.0.1:1" and remote.client.model == "qwen"
    with pytest.raises(ConfigError, match="unknown generator"):
        create_generator(Settings(), backend="cloud")
    with pytest.raises(ConfigError, match="base-url"):
        create_generator(Settings(), backend="openai")


def test_create_client_ignores_a_local_model_name() -> None:
    c = create_client(Settings(), base_url="http://h:1", model="builtin:smollm2")
    assert c.model is None and c.retries == 2 and c.timeout_s == 60.0


def test_gguf_resolution(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    with pytest.raises(InputError, match="no GGUF"):
        resolve_gguf("/nonexistent/model.gguf")
    import importlib.util

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(BackendUnavailable, match="make llm"):
        builtin_gguf()
    with pytest.raises(BackendUnavailable):
        resolve_gguf("builtin:smollm2")


def test_local_generator_validates_cheaply() -> None:
    with pytest.raises(InputError):
        LlamaCppGenerator(n_ctx=8)
    with pytest.raises(InputError):
        LlamaCppGenerator(temperature=-1)
    gen = LlamaCppGenerator("x.gguf")  # the constructor loads nothing
    assert gen._llm is None and "allow" in gen.capabilities

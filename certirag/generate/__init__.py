"""Generation with in-flight verification.

:class:`Generator` backends (``local``: llama.cpp in process; ``openai``: any
OpenAI-compatible server, through :class:`certirag.llm.OpenAIClient`), the streaming
sentence segmenter, and the in-flight engine that verifies each sentence as it is written
and rolls back only the sentence that failed. The LLM judge is
:mod:`certirag.verifiers.judge`, the LLM claim compiler :mod:`certirag.claims.compiler`.

Importing this package loads no model runtime and no HTTP client; backends import
``llama_cpp`` or ``httpx`` when they are used.
"""

from __future__ import annotations

from typing import Any

from certirag.errors import ConfigError
from certirag.generate.base import (
    CAPABILITIES,
    Constraint,
    Extension,
    Generator,
    Segment,
)
from certirag.generate.engine import (
    STEERING,
    EngineConfig,
    GenerationResult,
    InflightEngine,
    SentenceEvent,
    config_from_settings,
)
from certirag.generate.local import LlamaCppGenerator, builtin_gguf
from certirag.generate.openai import OpenAIGenerator
from certirag.generate.segmenter import StreamingSegmenter, first_cut
from certirag.llm.client import create_client
from certirag.llm.messages import Message

__all__ = [
    "CAPABILITIES",
    "STEERING",
    "Constraint",
    "EngineConfig",
    "Extension",
    "GenerationResult",
    "Generator",
    "InflightEngine",
    "LlamaCppGenerator",
    "Message",
    "OpenAIGenerator",
    "Segment",
    "SentenceEvent",
    "StreamingSegmenter",
    "builtin_gguf",
    "config_from_settings",
    "create_generator",
    "first_cut",
]


def create_generator(settings: Any, *, backend: str | None = None, model: str | None = None,
                     base_url: str | None = None) -> Generator:
    """The generator named by ``backend`` (``local`` or ``openai``; default from
    ``settings.llm_backend``, else ``local``). Not loaded yet."""
    kind = backend or getattr(settings, "llm_backend", None) or "local"
    temperature = float(getattr(settings, "gen_temperature", 0.0))
    seed = int(getattr(settings, "gen_seed", 0))
    if kind == "local":
        return LlamaCppGenerator(model or getattr(settings, "llm_model", None)
                                 or "builtin:smollm2",
                                 n_ctx=int(getattr(settings, "llm_n_ctx", 4096)),
                                 threads=int(getattr(settings, "threads", 0)),
                                 temperature=temperature, seed=seed)
    if kind == "openai":
        client = create_client(settings, base_url=base_url, model=model)
        return OpenAIGenerator(client, template=str(getattr(settings, "llm_chat_template",
                                                            "chatml")),
                               temperature=temperature, seed=seed)
    raise ConfigError(f"unknown generator {kind!r}; use local or openai")

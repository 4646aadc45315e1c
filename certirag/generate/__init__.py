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

from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from certirag.config import Settings

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


def create_generator(settings: Settings, *, backend: str | None = None,
                     model: str | None = None, base_url: str | None = None) -> Generator:
    """The generator named by ``backend`` (``local`` or ``openai``; default
    ``settings.llm_backend``). Not loaded yet."""
    kind = backend or settings.llm_backend
    temperature, seed = settings.gen_temperature, settings.gen_seed
    if kind == "local":
        return LlamaCppGenerator(model or settings.llm_model, n_ctx=settings.llm_n_ctx,
                                 threads=settings.threads, temperature=temperature, seed=seed)
    if kind == "openai":
        client = create_client(settings, base_url=base_url, model=model)
        return OpenAIGenerator(client, template=settings.llm_chat_template,
                               temperature=temperature, seed=seed)
    raise ConfigError(f"unknown generator {kind!r}; use local or openai")

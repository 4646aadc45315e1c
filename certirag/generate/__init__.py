"""Generation with in-flight verification.

:class:`Generator` backends (``local``: llama.cpp in process; ``openai``: any
OpenAI-compatible server), the streaming sentence segmenter, the in-flight engine that
verifies each sentence as it is written and rolls back only the sentence that failed,
and the LLM judge and claim compiler on the same client.

Importing this package loads no model runtime and no HTTP client; backends import
``llama_cpp`` or ``httpx`` when they are used.
"""

from __future__ import annotations

from typing import Any

from certirag.generate.base import (
    CAPABILITIES,
    Constraint,
    Extension,
    Generator,
    Message,
    Segment,
)
from certirag.generate.compiler import ClaimCompiler, CompileResult
from certirag.generate.engine import (
    STEERING,
    EngineConfig,
    GenerationResult,
    InflightEngine,
    SentenceEvent,
    config_from_settings,
)
from certirag.generate.judge import JudgeError, LLMJudge, judge_uncertain
from certirag.generate.llm_json import CallLog, CallRecord
from certirag.generate.local import LlamaCppGenerator, builtin_gguf
from certirag.generate.openai_client import OpenAIClient, OpenAIGenerator
from certirag.generate.segmenter import StreamingSegmenter, first_cut

__all__ = [
    "CAPABILITIES",
    "STEERING",
    "CallLog",
    "CallRecord",
    "ClaimCompiler",
    "CompileResult",
    "Constraint",
    "EngineConfig",
    "Extension",
    "GenerationResult",
    "Generator",
    "InflightEngine",
    "JudgeError",
    "LLMJudge",
    "LlamaCppGenerator",
    "Message",
    "OpenAIClient",
    "OpenAIGenerator",
    "Segment",
    "SentenceEvent",
    "StreamingSegmenter",
    "builtin_gguf",
    "config_from_settings",
    "create_client",
    "create_generator",
    "first_cut",
    "judge_uncertain",
]


def create_client(settings: Any, *, base_url: str | None = None, model: str | None = None
                  ) -> OpenAIClient:
    """The OpenAI-compatible client named by settings (``llm_url``, ``llm_model``,
    ``llm_api_key_env``, ``llm_timeout_s``, ``llm_retries``, ``llm_schema_format``), or by
    the arguments."""
    from certirag.errors import ConfigError

    url = base_url or getattr(settings, "llm_url", None)
    if not url:
        raise ConfigError("no server URL: pass --base-url URL or set llm_url")
    name = model or getattr(settings, "llm_model", None)
    if name is not None and (str(name).startswith("builtin:") or str(name).endswith(".gguf")):
        name = None  # a local model file names no server model
    return OpenAIClient(url, model=name,
                        api_key_env=getattr(settings, "llm_api_key_env", None),
                        timeout_s=float(getattr(settings, "llm_timeout_s", 60.0)),
                        retries=int(getattr(settings, "llm_retries", 2)),
                        schema_format=str(getattr(settings, "llm_schema_format",
                                                  "json_object")))


def create_generator(settings: Any, *, backend: str | None = None, model: str | None = None,
                     base_url: str | None = None) -> Generator:
    """The generator named by ``backend`` (``local`` or ``openai``; default from
    ``settings.llm_backend``, else ``local``). Not loaded yet."""
    from certirag.errors import ConfigError

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

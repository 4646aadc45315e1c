"""Talking to an LLM on an OpenAI-compatible server: the client, chat messages with
outside text neutralised, and asking for a JSON reply safely (a fixed prompt with a
recorded hash, data in delimiters, a schema check, bounded retries, a call log).

Shared by the LLM judge (:mod:`certirag.verifiers.judge`), the LLM claim compiler
(:mod:`certirag.claims.compiler`) and the ``openai`` generator
(:mod:`certirag.generate.openai`). Importing it loads no HTTP client: ``httpx`` is
imported on the first request.
"""

from certirag.llm.client import ChatReply, CompletionReply, OpenAIClient, StopFn, create_client
from certirag.llm.json_reply import (
    CallLog,
    CallRecord,
    ChatClient,
    LLMReplyError,
    ask_json,
    delimit,
    prompt_sha256,
    reply_schema,
)
from certirag.llm.messages import Message, neutralise

__all__ = [
    "CallLog",
    "CallRecord",
    "ChatClient",
    "ChatReply",
    "CompletionReply",
    "LLMReplyError",
    "Message",
    "OpenAIClient",
    "StopFn",
    "ask_json",
    "create_client",
    "delimit",
    "neutralise",
    "prompt_sha256",
    "reply_schema",
]

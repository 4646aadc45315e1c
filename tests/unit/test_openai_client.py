"""The OpenAI-compatible client against an in-process httpx transport (no network).
The same mechanics run against a real llama.cpp server in tests/integration."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from certirag.errors import BackendError, BackendUnavailable, ConfigError, InputError
from certirag.generate.base import Constraint, Segment
from certirag.generate.openai import OpenAIGenerator, chat_template
from certirag.llm.client import OpenAIClient
from certirag.llm.messages import Message

Handler = Callable[[httpx.Request], httpx.Response]


def client(handler: Handler, **kw: Any) -> OpenAIClient:
    return OpenAIClient("http://server.test/v1", transport=httpx.MockTransport(handler),
                        backoff_s=0.0, **kw)


def sse(pieces: list[str], usage: dict[str, Any] | None = None) -> bytes:
    lines = [f"data: {json.dumps({'choices': [{'text': p, 'finish_reason': None}]})}"
             for p in pieces]
    lines.append(f"data: {json.dumps({'choices': [{'text': '', 'finish_reason': 'stop'}]})}")
    if usage:
        lines.append(f"data: {json.dumps({'choices': [], 'usage': usage})}")
    lines.append("data: [DONE]")
    return ("\n\n".join(lines) + "\n\n").encode()


def test_completion_sends_the_prompt_and_reads_cached_tokens() -> None:
    seen: list[dict[str, Any]] = []

    def handler(req: httpx.Request) -> httpx.Response:
        seen.append(json.loads(req.content))
        assert req.url.path == "/v1/completions"
        return httpx.Response(200, json={
            "choices": [{"text": " Paris.", "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 12, "completion_tokens": 2,
                      "prompt_tokens_details": {"cached_tokens": 10}}})

    reply = client(handler, model="m").complete("Q:", max_tokens=5,
                                                logit_bias={7: -100.0})
    assert reply.text == " Paris." and reply.cached_tokens == 10 and reply.prompt_tokens == 12
    assert seen[0] == {"model": "m", "prompt": "Q:", "max_tokens": 5, "temperature": 0.0,
                       "seed": 0, "logit_bias": {"7": -100.0}}


def test_streaming_stops_when_told() -> None:
    def handler(req: httpx.Request) -> httpx.Response:
        assert json.loads(req.content)["stream"] is True
        return httpx.Response(200, content=sse(["One", ".", " Two", ".", " Three"]))

    reply = client(handler).complete("x", max_tokens=9, stop=lambda t: t.endswith(" Two"))
    assert reply.pieces == ("One", ".", " Two") and reply.stopped


def test_streamed_usage_and_llama_cpp_timings() -> None:
    def handler(req: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=sse(["a"], usage={"prompt_tokens": 4}))

    reply = client(handler).complete("x", max_tokens=3, stream=True)
    assert reply.text == "a" and reply.prompt_tokens == 4 and not reply.stopped
    from certirag.llm.client import _cached_tokens

    assert _cached_tokens({"timings": {"cache_n": 31}}) == 31
    assert _cached_tokens({}) is None


def test_retries_are_bounded_then_fail() -> None:
    calls = []

    def handler(req: httpx.Request) -> httpx.Response:
        calls.append(1)
        return httpx.Response(503, text="busy")

    with pytest.raises(BackendError, match="HTTP 503"):
        client(handler, retries=2).complete("x", max_tokens=1)
    assert len(calls) == 3


def test_a_retry_can_succeed() -> None:
    calls = []

    def handler(req: httpx.Request) -> httpx.Response:
        calls.append(1)
        if len(calls) == 1:
            raise httpx.ConnectError("refused")
        return httpx.Response(200, json={"choices": [{"text": "ok", "finish_reason": "stop"}]})

    assert client(handler, retries=1).complete("x", max_tokens=1).text == "ok"


def test_client_errors_are_not_retried_and_unreachable_is_unavailable() -> None:
    calls = []

    def bad_request(req: httpx.Request) -> httpx.Response:
        calls.append(1)
        return httpx.Response(400, text="bad")

    with pytest.raises(BackendError, match="HTTP 400"):
        client(bad_request, retries=3).complete("x", max_tokens=1)
    assert len(calls) == 1

    def down(req: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused")

    with pytest.raises(BackendUnavailable, match="cannot reach"):
        client(down, retries=1).complete("x", max_tokens=1)


def test_api_key_comes_from_the_named_variable_and_is_not_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str | None] = []

    def handler(req: httpx.Request) -> httpx.Response:
        seen.append(req.headers.get("authorization"))
        return httpx.Response(200, json={"choices": [{"message": {"content": "{}"},
                                                      "finish_reason": "stop"}]})

    c = client(handler, api_key_env="TEST_LLM_KEY")
    with pytest.raises(ConfigError, match="TEST_LLM_KEY"):
        c.chat([Message("user", "hi")], max_tokens=1)
    monkeypatch.setenv("TEST_LLM_KEY", "sk-secret-123")
    assert c.chat([Message("user", "hi")], max_tokens=1).text == "{}"
    assert seen == ["Bearer sk-secret-123"]
    assert "sk-secret" not in repr(c) and "sk-secret" not in str(vars(c))


def test_config_errors() -> None:
    with pytest.raises(ConfigError):
        OpenAIClient("server:8000")
    with pytest.raises(ConfigError):
        OpenAIClient("http://x", retries=11)
    with pytest.raises(ConfigError):
        chat_template("no-such-template")
    assert "<|im_start|>" in chat_template("chatml")


def test_tokenize_finds_the_endpoint() -> None:
    def handler(req: httpx.Request) -> httpx.Response:
        if req.url.path == "/tokenize":
            return httpx.Response(404, text="no")
        body = json.loads(req.content)
        return httpx.Response(200, json={"tokens": [1, 2, 3][: len(body["input"])]})

    c = client(handler, retries=0)
    assert c.tokenize("ab") == [1, 2]
    assert c._tokenize_path == "/extras/tokenize"


def test_generator_bans_the_first_token_with_a_one_token_request() -> None:
    bodies: list[dict[str, Any]] = []

    def handler(req: httpx.Request) -> httpx.Response:
        body = json.loads(req.content)
        bodies.append(body)
        if not body.get("stream"):
            return httpx.Response(200, json={"choices": [{"text": " Paris",
                                                          "finish_reason": "length"}]})
        return httpx.Response(200, content=sse([" is", " big", ".", " It"]))

    gen = OpenAIGenerator(client(handler))
    assert gen.format_prompt([Message("user", "Q")]) == \
        "<|im_start|>user\nQ<|im_end|>\n<|im_start|>assistant\n"
    ext = gen.extend([Segment("P:", kind="prompt")], max_tokens=10,
                     stop=lambda t: t.endswith(" It"),
                     constraint=Constraint(ban_first=frozenset({5}), ban=frozenset({9})))
    assert ext.text == " Paris is big. It" and ext.finish_reason == "stop"
    assert bodies[0]["max_tokens"] == 1 and bodies[0]["logit_bias"] == {"5": -100.0,
                                                                         "9": -100.0}
    assert bodies[1]["prompt"] == "P: Paris" and bodies[1]["logit_bias"] == {"9": -100.0}
    with pytest.raises(BackendError, match="allow"):
        gen.extend([Segment("P:")], max_tokens=3,
                   constraint=Constraint(allow_numbers=frozenset({"1"})))
    with pytest.raises(InputError):
        gen.extend([Segment("P:")], max_tokens=0)


@pytest.mark.parametrize(("fmt", "expected"), [
    ("json_object", {"type": "json_object", "schema": {"type": "object"}}),
    ("json_schema", {"type": "json_schema",
                     "json_schema": {"name": "reply", "schema": {"type": "object"}}}),
    ("none", {"type": "json_object"}),
])
def test_chat_sends_the_reply_schema_in_the_form_asked(fmt: str,
                                                       expected: dict[str, Any]) -> None:
    seen: list[dict[str, Any]] = []

    def handler(req: httpx.Request) -> httpx.Response:
        seen.append(json.loads(req.content))
        return httpx.Response(200, json={"choices": [{"message": {"content": "{}"},
                                                      "finish_reason": "stop"}]})

    c = client(handler, schema_format=fmt)
    c.chat([Message("user", "hi")], max_tokens=4, json_mode=True,
           json_schema={"type": "object"})
    c.chat([Message("user", "hi")], max_tokens=4, json_mode=True)
    c.chat([Message("user", "hi")], max_tokens=4)
    assert seen[0]["response_format"] == expected
    assert seen[1]["response_format"] == {"type": "json_object"}
    assert "response_format" not in seen[2]
    with pytest.raises(ConfigError, match="schema_format"):
        client(handler, schema_format="grammar")

"""A scripted OpenAI-compatible completions upstream for the verifying proxy's tests, as an
``httpx`` transport (no sockets): it writes one fixed answer and streams it in pieces of
``size`` characters (``None``: the whole text in one piece), the way vLLM or llama.cpp
stream tokens, continuing from wherever the prompt's answer stops.

The answer so far is read from the prompt: the text after the chat template's assistant
header, which holds the committed sentences, the refusal text in place of each refused
sentence, and any carried lookahead. Bans are ignored: a rolled-back sentence is written
again, so it ends refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx

from certirag.generate.openai import OpenAIGenerator
from certirag.llm.client import OpenAIClient
from certirag.text.sentences import split_sentences

ASSISTANT = "<|im_start|>assistant\n"  # the end of the chatml template's prompt


class FakeUpstream:
    """``answer`` streamed in ``size``-character pieces; ``refusal`` is the engine's refusal
    text. ``reply`` (when set) replaces every completion reply: a body to send as is."""

    def __init__(self, answer: str, *, refusal: str = "[Withheld: not verified.]",
                 size: int | None = None) -> None:
        self.answer = answer
        self.refusal = refusal
        self.size = size
        self.reply: bytes | None = None
        self.requests: list[dict[str, Any]] = []
        ends = [b for _, b in split_sentences(answer)]
        self._segments = [answer[a:b] for a, b in zip([0, *ends], ends, strict=False)]

    def rest(self, so_far: str) -> str:
        """What the answer goes on with after ``so_far``."""
        q = 0
        for i, seg in enumerate(self._segments):
            left = so_far[q:]
            if left.startswith(seg):
                q += len(seg)
                continue
            if seg.startswith(left):
                return seg[len(left):] + "".join(self._segments[i + 1:])
            bare = left.lstrip(" ")
            if bare.startswith(self.refusal):
                q += len(left) - len(bare) + len(self.refusal)
                continue
            raise AssertionError(f"the prompt's answer {so_far!r} is not this answer's")
        return ""

    def pieces(self, text: str) -> list[str]:
        if not text:
            return []
        size = self.size or len(text)
        return [text[i:i + size] for i in range(0, len(text), size)]

    def handle(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/v1/models":
            return httpx.Response(200, json={"object": "list", "data": [{"id": "upstream"}]})
        body = json.loads(request.content) if request.content else {}
        if path == "/tokenize":  # one id per character: enough for first-token bans
            return httpx.Response(200, json={"tokens": [ord(c) for c in body["content"]]})
        self.requests.append(body)
        if self.reply is not None:
            return httpx.Response(200, content=self.reply,
                                  headers={"content-type": "text/event-stream"
                                           if body.get("stream") else "application/json"})
        assert path == "/v1/completions", path
        pieces = self.pieces(self.rest(body["prompt"].split(ASSISTANT, 1)[1]))
        if not body.get("stream"):  # the one-token head of a retry with a first-token ban
            head = pieces[:1] if body["max_tokens"] == 1 else pieces
            return httpx.Response(200, json={"choices": [{
                "text": "".join(head),
                "finish_reason": "length" if body["max_tokens"] == 1 and pieces else "stop"}]})
        events = [{"choices": [{"text": p, "finish_reason": None}]} for p in pieces]
        events.append({"choices": [{"text": "", "finish_reason": "stop"}]})
        lines = [f"data: {json.dumps(e)}\n\n" for e in events] + ["data: [DONE]\n\n"]
        return httpx.Response(200, content="".join(lines).encode(),
                              headers={"content-type": "text/event-stream"})

    def generator(self) -> OpenAIGenerator:
        """An :class:`OpenAIGenerator` whose server is this fake."""
        handler: Callable[[httpx.Request], httpx.Response] = self.handle
        client = OpenAIClient("http://upstream.test/v1", transport=httpx.MockTransport(handler),
                              retries=0, backoff_s=0.0)
        return OpenAIGenerator(client, template="chatml")

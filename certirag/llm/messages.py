"""Chat messages, and text from outside made safe to put in one.

Everything that did not come from us (evidence, answers, questions) is *neutralised*
before it enters a prompt: chat-control markers (``<|...|>``, ``[INST]``) and delimiters
are defused so text inside a passage cannot start a new chat turn or close a delimited
block (DESIGN: evidence is data, not instructions).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["Message", "neutralise"]


@dataclass(frozen=True, slots=True)
class Message:
    """A chat message (``role`` is ``system``, ``user`` or ``assistant``)."""

    role: Literal["system", "user", "assistant"]
    content: str


_CONTROL = re.compile(r"<\|[^|<>\n]{0,40}\|>|\[/?INST\]|<<</?SYS>>|</?s>|<<<|>>>")


def neutralise(text: str) -> str:
    """``text`` with chat-control markers and delimiters defused (a space inserted)."""
    def defuse(m: re.Match[str]) -> str:
        s = m.group()
        return s[0] + " " + s[1:]

    return _CONTROL.sub(defuse, text)

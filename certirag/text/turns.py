"""A question given as a chat transcript: speaker tags are no part of what was asked.

A question may arrive as a conversation, each turn behind a speaker tag ("[Human]: I loved
Arrival. [Assistant]: … [Human]: Anything else by him?", or "User:" at a line's start).
Read as text, the tag is a capitalised word the answer's "it" could name ("Human is
waterproof.") and one the name check would take as given. :func:`asked` keeps what the
asker said: the turns of the asking side, in order, tags removed (text before the first
tag is the asker's too). The answering side's earlier turns are left out: they are no
part of the question, and a name they give is no name the asker gave. Text without tags
is returned as it is.
"""

from __future__ import annotations

import re

__all__ = ["ANSWERING", "ASKING", "LISTENER", "asked", "to_listener"]

#: The asker's words as a reply says them to the asker ("Can I …?" → "You can …").
LISTENER = {"i": "you", "me": "you", "my": "your", "mine": "yours", "we": "you",
            "us": "you", "our": "your", "ours": "yours"}


def to_listener(word: str) -> str:
    """``word`` as a reply says it to the asker ("my" → "your"); a word in capitals is a
    name ("US citizens"), and stays."""
    if len(word) > 1 and word.isupper():
        return word
    return LISTENER.get(word.lower(), word)

#: Speakers whose turns ask (the user's side) and whose turns answer.
ASKING = frozenset({"human", "user", "customer", "client", "patient", "caller", "student",
                    "question", "q"})
ANSWERING = frozenset({"assistant", "agent", "bot", "chatbot", "ai", "system", "support",
                       "answer", "a", "model"})
_NAMES = "|".join(sorted(ASKING | ANSWERING, key=len, reverse=True))
_WORDS = "|".join(sorted((n for n in ASKING | ANSWERING if len(n) > 1), key=len, reverse=True))
# "[Human]:" anywhere; "Human:" only at the start of a line, and never a lone letter there
_TAG = re.compile(rf"\[\s*(?P<b>{_NAMES})\s*\]\s*:?|(?m:^[ \t]*(?P<l>{_WORDS})[ \t]*:)",
                  re.IGNORECASE)


def asked(question: str) -> str:
    """What the asker said last in ``question`` (see the module docstring)."""
    tags = list(_TAG.finditer(question))
    if not tags:
        return question
    turns: list[tuple[str, str]] = []
    head = question[:tags[0].start()].strip()
    if head:
        turns.append(("human", head))
    for k, m in enumerate(tags):
        end = tags[k + 1].start() if k + 1 < len(tags) else len(question)
        text = question[m.end():end].strip()
        if text:
            turns.append(((m["b"] or m["l"]).lower(), text))
    return " ".join(text for speaker, text in turns if speaker not in ANSWERING)

"""The question an answer answers: the last question of the asker's text, past a lead-in
("So, …", "Tell me, …"), an aside a dash ends ("I'm on Windows 8.1 - can I install
Ledgerly 4.4?") and the chat that runs on after its "?" ("can i bring my guitar on the
plane? it's about 105 cm"). Read by the yes/no reader (:mod:`certirag.claims.answers`) and
the topic of a question (:mod:`certirag.claims.topic`)."""

from __future__ import annotations

import re

from certirag.text.sentences import split_sentences

__all__ = ["AUX", "LEAD", "last_question"]

#: The auxiliaries a yes/no question opens with.
AUX = (r"is|are|was|were|am|do|does|did|can|could|will|would|shall|should|may|might|must"
       r"|has|have|had")
#: A question's lead-in: "So, …", "Tell me, …".
LEAD = re.compile(r"^(?:(?:so|and|but|also|then|ok|okay|well|please|hi|hello|hey)[\s,]+"
                  r"|(?:tell me|can you tell me|do you know|i wonder)[\s,:]+)+", re.IGNORECASE)
# a question's opening: an auxiliary or a question word
_OPENING = re.compile(rf"(?:{AUX}|who|whom|whose|what|which|when|where|why|how)\b",
                      re.IGNORECASE)
# the asker's aside before a question, after a dash: "I'm on Windows 8.1 - can I …?"
_ASIDE = re.compile(r"\s[-–—]+\s+|(?<=\w)[—–](?=\w)")


def _last_question(question: str) -> str:
    """The last sentence of ``question`` that ends with "?" (the whole text when none does)."""
    spans = split_sentences(question)
    for a, b in reversed(spans):
        if question[a:b].rstrip().endswith("?"):
            return question[a:b].strip()
    asked = question.rfind("?")
    if 0 < asked < len(question.rstrip()) - 1:
        # chat runs on in lower case after its question: "can i bring my guitar on the
        # plane? it's about 105 cm" asks the part up to its last "?"
        return _last_question(question[:asked + 1])
    return question.strip()


def last_question(question: str) -> str:
    """The last question of ``question`` (a text may hold several sentences), past its
    lead-in ("So, …", "Tell me, …") and past an aside a dash ends ("It's November now -
    can I put my old toaster out?" asks "can I put my old toaster out?")."""
    last = LEAD.sub("", _last_question(question))
    asides = list(_ASIDE.finditer(last))
    if asides:
        tail = LEAD.sub("", last[asides[-1].end():])
        if _OPENING.match(tail) and tail.rstrip().endswith("?"):
            return tail
    return last

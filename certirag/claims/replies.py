"""Chat-style replies that name their answer: a name said alone, a cleft ("It was
Christopher Nolan.") and an object "it" that stands for the question's topic
("Christopher Nolan directed it." → "Christopher Nolan directed Inception."). Pure
:mod:`re`, no model; :func:`certirag.claims.extract_claims` calls them."""

from __future__ import annotations

import re

from certirag.claims.answers import DETERMINERS

__all__ = ["asks_who", "cleft_answer", "is_name_answer", "name_object"]

# A short answer that is a name: what a pronoun after it names.
_NAME_ANSWER = re.compile(r"(?:[A-Z][\w'’.-]*)(?: (?:[A-Z][\w'’.-]*|of|de|van|von|al|the)){0,5}")
# "It was Christopher Nolan." to "Who directed Inception?": the name is the answer.
_CLEFT = re.compile(r"^(?:it|that)(?:['’]s|\s+(?:is|was|would\s+be|will\s+be))\s+(?P<rest>.+?)"
                    r"[\s.!]*$", re.IGNORECASE)
# Praise of the person named, after the name: it says nothing the name does not.
_PRAISED = re.compile(r"\s*[,;—–-]+\s*(?:and\s+)?(?:he|she|they)(?:['’]s|['’]re|\s+(?:is|was|are|"
                      r"were))\s+(?:(?:so|really|just|absolutely|truly)\s+)?(?:wonderful|great|"
                      r"amazing|brilliant|fantastic|superb|excellent|incredible|perfect|"
                      r"fabulous|terrific|outstanding)(?:\s+in\s+(?:it|that|that one|the role))?"
                      r"[\s.!]*$", re.IGNORECASE)
_WHO = re.compile(r"\bwho(?:m|se)?\b", re.IGNORECASE)
_WH_QUESTION = re.compile(r"\b(?:who|whom|which|what)\b", re.IGNORECASE)
# An object "it" right after the verb phrase of a sentence's subject ("Christopher Nolan
# directed it.", "He also wrote it in 2009."): no noun phrase between them it could name.
_OBJECT_IT = re.compile(r"^(?P<head>(?P<subj>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)"
                        r"(?P<verbs>(?:\s+[a-z]+){1,3}?))\s+it(?=[\s.,;!]|$)")
_NOT_VERB_PHRASE = DETERMINERS | frozenset("and or but of to for with from about".split())


def is_name_answer(text: str) -> bool:
    """Whether ``text`` is a name and nothing else ("Christopher Nolan")."""
    return _NAME_ANSWER.fullmatch(text) is not None


def asks_who(question: str) -> bool:
    """Whether ``question`` asks for a person ("Who directed Inception?")."""
    return _WHO.search(question) is not None


def cleft_answer(sentence: str, question: str) -> str | None:
    """The name a cleft reply gives ("It was Christopher Nolan." → "Christopher Nolan")
    to a who/what/which question, else ``None``: "It was a great film." names nothing."""
    m = _CLEFT.match(sentence.strip())
    if m is None or not _WH_QUESTION.search(question):
        return None
    rest = _PRAISED.sub("", m["rest"])  # "That was Ivana Baquero, she was wonderful in it!"
    return rest if is_name_answer(rest) and rest[:1].isupper() else None


def name_object(text: str, topic: str | None) -> str:
    """``text`` with an object "it" that follows the opening subject's verbs directly
    replaced by the question's ``topic`` ("Christopher Nolan directed it." → "… directed
    Inception."); as it was when a pronoun opens the sentence or a determiner, preposition
    or conjunction stands between (a noun phrase "it" could name)."""
    if topic is None:
        return text
    m = _OBJECT_IT.match(text)
    if m is None or re.split(r"['’]", m["subj"])[0] in (
            "It", "I", "We", "You", "They", "This", "That") or any(
            w in _NOT_VERB_PHRASE for w in m["verbs"].split()) or " it " in text[m.end():] \
            or topic in m["subj"] or m["subj"] in topic:  # "it" is not its own subject
        return text
    return f"{m['head']} {topic}{text[m.end():]}"

"""Shared predicates: "A and B are both X" states X of A and of B.

A claim that gives two names one predicate ("Andranik Eskandarian and Ken Davitian share
Iranian nationality", "Lena Park and Tomas Berg are both allergic to penicillin") is bound
only where the evidence states the predicate of each name: for each, one sentence that
states the name — with the sentence after it, which goes on about it — must state every word
of the predicate that the evidence uses at all. A predicate stated of one name only ("a
former Iranian-American footballer" beside "an American comedian") binds nothing: the
binding rule reports it as ``unbound_anchors``.

Words of the predicate that the evidence never uses ("nationality") are left to the model,
and so are a negated claim ("A and B are not both actors") and an answer read with its
question, whose answer may spell out a name the evidence abbreviates ("ESA"). Pure functions
of the claim and the sentences binding plans from; deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from certirag.verifiers.anchors import NAME_STOP, Anchor, Facts, holds
from certirag.verifiers.windows import terms

__all__ = ["unshared"]

# The cue of a predicate given to two things at once.
_CUE = re.compile(r"\b(?:both|each|share[sd]?|sharing|in common|the same)\b", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|neither|nor|never|no)\b|n't\b", re.IGNORECASE)
_AND = re.compile(r"\s*(?:,\s*)?(?:and|&)\s+", re.IGNORECASE)


def _parts(anchors: Sequence[Anchor]) -> tuple[Anchor, Anchor] | None:
    """The two names of the claim's first name joined by "and" ("Ken Davitian" and
    "Andranik Eskandarian" in "Andranik Eskandarian and Ken Davitian")."""
    for a in anchors:
        if a.kind != "name":
            continue
        texts = _AND.split(a.text, maxsplit=1)
        if len(texts) != 2:
            continue
        n = len([w for w in texts[0].split() if w.lower() not in NAME_STOP])
        left, right = a.key[:n], a.key[n:]
        if left and right:
            return Anchor("name", left, texts[0]), Anchor("name", right, texts[1])
    return None


def unshared(claim: str, anchors: Sequence[Anchor], facts: Sequence[Facts],
             inherited: Sequence[frozenset[str]], sent_terms: Sequence[frozenset[str]]
             ) -> tuple[Anchor, Anchor, str] | None:
    """``(A, B, predicate)`` when ``claim`` gives names ``A`` and ``B`` one predicate that
    the evidence (one :class:`Facts` per sentence, the names a pronoun-led sentence
    ``inherited``, the terms of each sentence ``sent_terms``) states of ``A`` but in no
    sentence about ``B``; else ``None``. ``B`` comes as an anchor of kind ``"shared"``, the
    entry :func:`certirag.verifiers.binding.unbound_message` words as such."""
    if "? " in claim or _NEGATED.search(claim):
        return None  # a question's answer may name what the evidence abbreviates ("ESA");
        # "A and B are not both actors" says the evidence's one-sidedness itself
    cue = _CUE.search(claim)
    pair = _parts(anchors) if cue is not None else None
    if cue is None or pair is None:
        return None
    a, b = pair
    predicate = claim[cue.start():]
    words = (set(terms(predicate)) - set(terms(a.text)) - set(terms(b.text))
             - set(terms(" ".join(_CUE.findall(predicate)))))
    words &= frozenset().union(*sent_terms)
    if not words:
        return None

    def about(who: Anchor) -> list[int]:
        return [j for j in range(len(facts)) if holds(who, facts[j], inherited[j])]

    def stated_of(where: list[int]) -> bool:
        return any(words <= (sent_terms[j] | (
            sent_terms[j + 1] if j + 1 < len(sent_terms) else frozenset())) for j in where)

    where_a, where_b = about(a), about(b)
    if not where_a or not where_b:
        return None  # a name the evidence does not state is the checks' finding
    said_a, said_b = stated_of(where_a), stated_of(where_b)
    if said_a == said_b:
        return None  # said of both, or of neither: the model decides
    x, y = (a, b) if said_a else (b, a)
    return x, Anchor("shared", y.key, y.text), " ".join(sorted(words))

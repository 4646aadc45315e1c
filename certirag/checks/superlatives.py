"""A superlative the evidence gives only with an ordinal: "the largest lake" against "only
the seventh-largest lake", "the longest river in Europe" against "Europe's second-longest
river". The claim ranks its subject first where the evidence ranks it lower; the model
reads the two as one (P(entailment) 0.54 for "Lake Baikal is also the largest lake in the
world by surface area." against "By surface area, however, it is only the seventh-largest
lake."). A claim's own ordinal ("the second-largest") is a figure, which the figure check
compares; "one of the largest" ranks nothing first, and neither does a superlative the
evidence also writes without an ordinal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from certirag.checks._text import stem
from certirag.checks.base import Finding
from certirag.checks.parse import SentInfo
from certirag.checks.swap import capitalised_stems

__all__ = ["ordinal_rank"]

_ORDINAL = (r"second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
            r"|\d{1,3}(?:st|nd|rd|th)")
_SUPERLATIVE = re.compile(
    rf"(?P<one>\bone\s+of\s+(?:the\s+)?(?:\w+['’]s?\s+)?)?"
    rf"(?:\b(?P<ord>{_ORDINAL})[\s-]+)?"
    r"\b(?P<s>largest|biggest|longest|highest|tallest|deepest|oldest|youngest|smallest"
    r"|shortest|busiest|richest|poorest|fastest|slowest|heaviest|widest|most\s+populous"
    r"|most\s+visited|best[\s-]selling)\b", re.IGNORECASE)


_PRONOUNS = frozenset({"it", "its", "he", "she", "they", "this", "these", "his", "her", "their"})
_CUE = re.compile(r"est\b|\bmost\s|\bbest", re.IGNORECASE)  # a superlative may be here


def _norm(word: str) -> str:
    return " ".join(word.lower().replace("-", " ").split())


def ordinal_rank(claim: str, sentences: Sequence[SentInfo], content: frozenset[str],
                 names: frozenset[str] = frozenset()) -> Finding | None:
    """``ungrounded_rank`` when ``claim`` ranks its subject first ("the largest") and the
    evidence ``sentences`` give that superlative only after an ordinal, in a sentence that
    shares a content stem (of ``content``, the claim's) with the claim. A sentence that
    writes the superlative without an ordinal speaks of the claim's subject, and ranks it
    first, unless it lacks a name (of ``names``, the claim's capitalised stems) that the
    claim and the ranked sentence share: "The Volga is the longest river in Europe." is no
    ground for "The Danube is the longest river in Europe." where the Danube is "Europe's
    second-longest river". One that opens with a pronoun may speak of either."""
    if not _CUE.search(claim):
        return None
    firsts = {_norm(m["s"]): m["s"] for m in _SUPERLATIVE.finditer(claim)
              if not m["ord"] and not m["one"]}
    if not firsts:
        return None
    ranked: dict[str, tuple[str, SentInfo]] = {}
    unranked: dict[str, list[SentInfo]] = {}
    for s in sentences:
        for m in _SUPERLATIVE.finditer(s.text):
            word = _norm(m["s"])
            if word not in firsts:
                continue
            if not m["ord"]:
                unranked.setdefault(word, []).append(s)  # the evidence ranks something first
            elif (s.content & content) - {stem(w) for w in word.split()}:
                ranked.setdefault(word, (m.group(0).strip(), s))
    for word, (said, where) in ranked.items():
        shared = names & capitalised_stems(where)
        if any(not shared or shared <= u.content or _opens_with_pronoun(u)
               for u in unranked.get(word, [])):
            continue
        return Finding("ungrounded_rank", "ungrounded",
                       f"the claim ranks its subject first ({firsts[word]!r}) where the "
                       f"evidence says {said!r}", firsts[word], said)
    return None


def _opens_with_pronoun(s: SentInfo) -> bool:
    return bool(s.toks) and s.toks[0].text.lower() in _PRONOUNS

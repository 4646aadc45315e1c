"""``relation_mismatch``: two names the evidence relates by another relation.

"Greta Gerwig stars in Little Women." against "Little Women is directed by Greta Gerwig.",
"Matt Damon wrote The Martian." against "The Martian stars Matt Damon." and "The viaduct was
built by Edith Marsh." against "… was designed by Edith Marsh and built by Cole & Sons." have
every name of their evidence, and the model reads them as it reads a restatement
(P(entailment) 0.50–0.93). The relation is read from a small lexicon of credits
(:data:`RELATIONS`: directing, acting, writing, producing, composing, designing,
building, approving, commissioning, funding, publishing, editing, painting, inventing)
in the words between the two names, after any other name between them
("designed by Edith Marsh and built by Cole & Sons" credits Cole & Sons with the building).
The finding needs the claim to relate its two names by exactly one credit, some evidence
sentence to relate the same two names by a credit, and no evidence sentence to relate
them by the claim's ("written and directed by" gives both). Names are compared as the
check of names writes them, case-insensitively, possessives dropped.
"""

from __future__ import annotations

import re

from certirag.checks._text import stem
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["RELATIONS", "check_relations", "credits"]

#: Credits, each by the stems of the words that give it.
RELATIONS: dict[str, frozenset[str]] = {
    "directing": frozenset({"direct", "director", "helm"}),
    "acting": frozenset({"star", "act", "actor", "actress", "appear", "cast", "featur"}),
    "writing": frozenset({"write", "writ", "author", "pen", "screenplay", "screenwriter",
                          "novelist"}),
    "producing": frozenset({"produc", "producer"}),
    "composing": frozenset({"compos", "composer"}),
    "designing": frozenset({"design", "designer", "architect"}),
    "building": frozenset({"build", "construct", "builder"}),
    "approving": frozenset({"approv", "approval", "approver"}),
    "commissioning": frozenset({"commission"}),
    "funding": frozenset({"fund", "financ", "sponsor"}),
    "publishing": frozenset({"publish", "publisher"}),
    "editing": frozenset({"edit", "editor"}),
    "painting": frozenset({"paint", "painter"}),
    "inventing": frozenset({"invent", "inventor"}),
}
_BY_STEM = {st: name for name, stems in RELATIONS.items() for st in stems}
_WORD = re.compile(r"[A-Za-z][A-Za-z'’&.-]*|\d+|[^\sA-Za-z\d]")
_MAX_GAP = 8  # words between two names that can relate them
_ARTICLES = frozenset({"The", "A", "An"})


def _norm(name: str) -> str:
    low = name.lower().replace("’", "'")
    return low[:-2] if low.endswith("'s") else low


def credits(text: str, a: str, b: str) -> set[str]:
    """The credits ``text`` relates the names ``a`` and ``b`` by (either order), read in the
    words between them after the last capitalised word that is neither."""
    low = text.lower().replace("’", "'")
    out: set[str] = set()
    for x, y in ((a, b), (b, a)):
        for m in re.finditer(re.escape(_norm(x)), low):
            end = m.end()
            k = low.find(_norm(y), end)
            if k < 0:
                continue
            gap = _WORD.findall(text[end:k])
            if len(gap) > _MAX_GAP or any(w in ".;:?!" for w in gap):
                continue
            last_name = max((i for i, w in enumerate(gap)
                             if w[:1].isupper() and w not in _ARTICLES), default=-1)
            out |= {_BY_STEM[st] for w in gap[last_name + 1:]
                    if (st := stem(w)) in _BY_STEM}
    return out


def check_relations(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    """``relation_mismatch`` (see the module docstring)."""
    if not any(stem(w) in _BY_STEM for w in _WORD.findall(c.text)):
        return  # no credit word: nothing to compare
    names = [c.text[e.start:e.end] for e in c.entities]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if _norm(a) == _norm(b) or _norm(a) in _norm(b) or _norm(b) in _norm(a):
                continue
            said = credits(c.text, a, b)
            if len(said) != 1:
                continue
            stated: set[str] = set()
            for s in ev.sentences:
                if _norm(a) in _norm(s.text) and _norm(b) in _norm(s.text):
                    stated |= credits(s.text, a, b)
            if stated and not said & stated:
                out.append(Finding(
                    "relation_mismatch", "ungrounded",
                    f"the claim credits {a!r} and {b!r} with {next(iter(said))}; the "
                    f"evidence, with {' and '.join(sorted(stated))}", f"{a} … {b}"))
                return

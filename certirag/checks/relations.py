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

A credit the evidence gives another name: "Jay-Z released Lemonade, his wife Beyoncé is on
it." against "Beyoncé is married to Jay-Z. … Beyoncé released the album Lemonade." (P(e)
0.54). When the claim relates two names by one credit written as a verb right between them
("A released B", "B was directed by A": at most three lower-case words, no comma, no
question), no evidence sentence names the two together, and an evidence sentence relates
one of them to a third name by the same credit written so, the claim's relation is another
name's. The credits here add a record's ("released", "recorded", "sang") to the lexicon;
a nationality ("American", "French") is no name.
"""

from __future__ import annotations

import re

from certirag.checks._text import stem
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.transfers import transfer_mismatch
from certirag.text.subjects import DEMONYM, NAME_RUN
from certirag.text.verbs import BE_FORMS

__all__ = ["RELATIONS", "agent_credits", "check_relations", "credits"]

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
#: Credits a plain "A VERB B" sentence gives a work's maker, for the rule of a credit the
#: evidence gives another name (:func:`_credited_to_another`): the credits above and a
#: record's ("released", "recorded", "sang"), which compare with no other credit
#: ("released from prison", "recorded radiation levels" relate no work).
_MAKER_STEM = {**_BY_STEM, "releas": "releasing", "record": "recording", "sing": "singing",
               "sang": "singing", "sung": "singing"}
_WORD = re.compile(r"[A-Za-z][A-Za-z'’&.-]*|\d+|[^\sA-Za-z\d]")
_MAX_GAP = 8  # words between two names that can relate them
_ARTICLES = frozenset({"The", "A", "An"})


def _norm(name: str) -> str:
    low = name.lower().replace("’", "'")
    return low[:-2] if low.endswith("'s") else low


def credits(text: str, a: str, b: str, *, direct: bool = False,
            lexicon: dict[str, str] = _BY_STEM) -> set[str]:
    """The credits ``text`` relates the names ``a`` and ``b`` by (either order), read in the
    words between them after the last capitalised word that is neither (``direct``: only
    where there is no such word: "Nolan directed Memento, starring Guy Pearce" credits
    Memento and Guy Pearce with acting, not Nolan and Guy Pearce)."""
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
            if direct and last_name >= 0:
                continue
            out |= {lexicon[st] for w in gap[last_name + 1:]
                    if (st := stem(w)) in lexicon}
    return out


_SKIP = frozenset({"also", "has", "have", "had", "who", "which", "that", "jointly",
                   "originally", "first", "later"})


def agent_credits(text: str, name: str) -> set[str]:
    """The credits ``text`` gives ``name`` as an agent, whatever the other side: "designed
    by the Danish firm Holm & Vinter", "directed by - Tomasz Wielgus" (a credit word right
    before "by", at most five words before the name, none of them a comma or another
    credit), "Holm & Vinter, who built" (a credit verb among the two words after a name
    that is no passive's agent; "… film starring" is no credit of the film's)."""
    # (a word's trailing full stop is the sentence's: "… by Tomasz Wielgus.")
    low = [t.lower().replace("’", "'").rstrip(".") or "." for t in _WORD.findall(text)]
    words = [w.rstrip(".") or "." for w in _WORD.findall(_norm(name))]
    n = len(words)
    out: set[str] = set()
    for i in range(len(low) - n + 1):
        if low[i:i + n] != words:
            continue
        back = [j for j in range(max(0, i - 6), i) if low[j] == "by"]
        if back:  # the agent of a passive: what follows is not its
            j = back[-1]
            between = low[j + 1:i]  # "by the Danish firm", never "by Mark Mylod starring"
            if j > 0 and (st := stem(low[j - 1])) in _BY_STEM and not any(
                    w in ",.;:!?" or stem(w) in _BY_STEM for w in between):
                out.add(_BY_STEM[st])
            continue
        seen = 0
        for w in low[i + n:i + n + 6]:
            if w in BE_FORMS:
                break  # "The Harlow Viaduct was built by …": no agent
            if not w[:1].isalpha() or w in _SKIP:
                continue
            if (st := stem(w)) in _BY_STEM and not w.endswith("ing"):
                out.add(_BY_STEM[st])  # "Holm & Vinter built", not "… film starring"
            seen += 1
            if seen == 2 or w == "by":
                break
    return out


_WAY = {"giving": "giving to", "taking": "taking from"}


def _credited_to_another(a: str, b: str, said: set[str], ev: PreparedEvidence
                         ) -> str | None:
    """The name an evidence sentence relates to ``a`` or ``b`` by the claim's one credit
    ``said`` ("Beyoncé released the album Lemonade." for "Jay-Z released Lemonade."), when
    no evidence sentence names ``a`` and ``b`` together; ``None`` otherwise. (A claim whose
    two names share a sentence is the other rule's: a co-credit, "directed by A and B",
    is named there.)"""
    na, nb = _norm(a), _norm(b)
    words = [re.compile(r"(?<!\w)" + re.escape(n) + r"(?!\w)") for n in (na, nb)]
    texts = _normed(ev)
    if any(words[0].search(t) and words[1].search(t) for t in texts):
        return None
    for s, t in zip(ev.sentences, texts, strict=True):
        for mine, rx in zip((a, b), words, strict=True):
            if not rx.search(t):
                continue
            for m in _NAME_RUN.finditer(s.text):
                x = m.group(0).rstrip(".").removesuffix("'s").removesuffix("’s")
                nx = _norm(x)
                if nx in _NOT_AGENTS or any(nx in n or n in nx for n in (na, nb)):
                    continue
                if said & credits(s.text, x, mine, direct=True, lexicon=_MAKER_STEM) \
                        and _plain_credit(s.text, x, mine):
                    return x
    return None


def _normed(ev: PreparedEvidence) -> list[str]:
    """Each evidence sentence as :func:`_norm` writes it, once per prepared evidence."""
    return ev.derived("relations.normed", lambda e: [_norm(s.text) for s in e.sentences])


def _plain_credit(text: str, a: str, b: str) -> bool:
    """Whether ``text`` relates the names ``a`` and ``b`` by a credit of at most three words
    that stand right between them, with no other name, no comma and no question ("Jay-Z
    released Lemonade", "Lemonade was released by Beyoncé"), and both are names of more
    than an adjective ("American", "English": a word of a nationality is no agent)."""
    if any(DEMONYM.match(n.strip()) or n.strip() in _OTHER_DEMONYMS for n in (a, b)):
        return False
    low = text.lower().replace("’", "'")
    for x, y in ((a, b), (b, a)):
        for m in re.finditer(re.escape(_norm(x)), low):
            k = low.find(_norm(y), m.end())
            if k < 0:
                continue
            gap = _WORD.findall(text[m.end():k])
            if 0 < len(gap) <= 3 and not any(not w[:1].isalpha() or w[:1].isupper()
                                             for w in gap) \
                    and any(stem(w) in _MAKER_STEM and _verb(w) for w in gap):
                return True
    return False


def _verb(word: str) -> bool:
    """A credit word written as a verb ("directed", "stars", "wrote"), not a title or a noun
    ("sporting director Lee Congerton", "Former Arsenal star Ellen White")."""
    w = word.lower()
    return w in _IRREGULAR or (w.endswith(("ed", "ing")) or (
        w.endswith("s") and not w.endswith(("ors", "ers", "ss"))))


_IRREGULAR = frozenset({"wrote", "written", "sang", "sung", "built", "made"})
_OTHER_DEMONYMS = frozenset({"French", "Dutch", "Welsh", "Greek", "Swiss", "Thai", "Czech"})

_NAME_RUN = re.compile(NAME_RUN)
_NOT_AGENTS = frozenset({"the", "a", "an", "it", "he", "she", "they", "in", "on", "his", "her",
                         "their", "its", "this", "that"})


def check_relations(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    """``relation_mismatch`` (see the module docstring, and :mod:`certirag.checks.transfers`
    for what passed between two names)."""
    names = [c.text[e.start:e.end] for e in c.entities]
    swapped = None if ev.partial else transfer_mismatch(c.text, names,
                                                         [s.text for s in ev.sentences])
    if swapped is not None:
        giver, taker, way, other_way = swapped
        out.append(Finding(
            "relation_mismatch", "ungrounded",
            f"the claim has {giver!r} {_WAY[way]} {taker!r}; the evidence, {_WAY[other_way]} "
            f"it", f"{giver} … {taker}"))
        return
    words = {st for s in c.sentences for st in s.stems if st}
    if not words & _MAKER_STEM.keys():
        return  # no credit word: nothing to compare
    credited = bool(words & _BY_STEM.keys())
    names = [c.text[e.start:e.end] for e in c.entities]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if _norm(a) == _norm(b) or _norm(a) in _norm(b) or _norm(b) in _norm(a):
                continue
            said = credits(c.text, a, b) if credited else set()
            stated: set[str] = set()
            for s, t in zip(ev.sentences, _normed(ev), strict=True) if len(said) == 1 else ():
                if _norm(a) in t and _norm(b) in t:
                    stated |= credits(s.text, a, b)
            if stated and not said & stated:
                out.append(Finding(
                    "relation_mismatch", "ungrounded",
                    f"the claim credits {a!r} and {b!r} with {next(iter(said))}; the "
                    f"evidence, with {' and '.join(sorted(stated))}", f"{a} … {b}"))
                return
            if ev.partial or "?" in c.text or not _plain_credit(c.text, a, b):
                continue
            made = credits(c.text, a, b, direct=True, lexicon=_MAKER_STEM)
            other = _credited_to_another(a, b, made, ev) if len(made) == 1 else None
            if other is not None:
                out.append(Finding(
                    "relation_mismatch", "ungrounded",
                    f"the claim credits {a!r} and {b!r} with {next(iter(made))}; the "
                    f"evidence credits it to {other!r} and never names them together",
                    f"{a} … {b}"))
                return
    if not credited:
        return
    # one name and a thing that is no name ("The bridge was built by Holm & Vinter"): the
    # credit the evidence gives that name as an agent
    asked = _norm(question.text)
    for a in names:
        if _norm(a) in asked:
            continue  # the question's own words about a name are not the answer's
        said = agent_credits(c.text, a)
        if len(said) != 1:
            continue
        stated = set()
        for s in ev.sentences:
            if _norm(a) in _norm(s.text):
                stated |= agent_credits(s.text, a)
        if stated and not said & stated:
            out.append(Finding(
                "relation_mismatch", "ungrounded",
                f"the claim credits {a!r} with {next(iter(said))}; the evidence, with "
                f"{' and '.join(sorted(stated))}", a))
            return

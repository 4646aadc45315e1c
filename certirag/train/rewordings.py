"""Meaning-preserving rewordings of training sentences (``--paraphrases``, ``--reorder``).

Every synthetic positive of recipe ``bind`` is otherwise a verbatim copy of its evidence
while every negative is a small edit of one, so a model trained on them alone learns that
any edit removes entailment. :func:`paraphrase` gives the positives that say it does not:
perfect tense as simple past, a contraction written out or made, an attribution moved, a
discourse marker, a non-restrictive relative clause or one of two coordinated participles
dropped, and at level 2 the moves of :mod:`certirag.train.reorder` (a time phrase moved,
an age or a caption's heading dropped; its adjective drop is for
:func:`certirag.train.bind_data.reorder_pairs` alone).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import partial

from certirag.train import reorder

__all__ = ["paraphrase", "replace_first", "word_count"]

_WORD = re.compile(r"\w+")


def word_count(text: str) -> int:
    """The number of word tokens (``\\w+``) in ``text``."""
    return len(_WORD.findall(text))


def replace_first(s: str, pairs: list[tuple[str, str]] | tuple[tuple[str, str], ...]
                   ) -> str | None:
    """``s`` with the first word of ``pairs`` it holds (either side of a pair, in the
    pairs' order) replaced by the other side; ``None`` when it holds none."""
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            m = re.search(rf"\b{re.escape(x)}\b", s)
            if m:
                return s[: m.start()] + y + s[m.end():]
    return None


# -------------------------------------------------------------- meaning-preserving edits

#: Words that make a sentence's clauses downward-entailing or its scope fragile: a
#: sentence with one is not reworded (dropping words under "not" or "only" can change
#: what it says).
_FRAGILE = re.compile(r"\b(?:not|no|never|none|nobody|nothing|neither|nor|only|without|few|"
                      r"fewer|less|least|unless|if|any|cannot|lack\w*|fail\w*|den(?:y|ied|ies)|"
                      r"refus\w*|reject\w*|doubt\w*|allegedly|reportedly|may|might|could|"
                      r"would|should|whether|rumou?r\w*|claim\w*)\b|n't\b", re.IGNORECASE)
_DISCOURSE = re.compile(r"^(?:In fact|Indeed|However|But|And|Meanwhile|Also|Still|Now|"
                        r"Moreover|Furthermore|Additionally|In addition|Yet|So|Then|Instead|"
                        r"Nevertheless|Nonetheless|Similarly|Likewise|Of course),?\s+(?=\w)")
_MID_ADVERB = re.compile(r" (?:also|now|still|already|currently|actually|really|recently|"
                         r"once again|again)(?= \w)")
_IRREGULAR = ("said told made taken given seen found won lost become left built brought "
              "bought caught chosen done drawn driven eaten fallen felt fought forgotten "
              "gotten grown heard held hit hurt kept known laid led met paid put read run "
              "sent set shot shown shut sold spent spoken stolen struck sworn taught thought "
              "thrown understood woken worn written").split()
_PARTICIPLE = r"(?:\w+ed|" + "|".join(_IRREGULAR) + r")"
_PERFECT = re.compile(rf"(?<!\bto )\b(has|have|had) (been )?({_PARTICIPLE})\b")
_COORD = re.compile(rf"\b(was|were|been|is|are|be) ({_PARTICIPLE}) and ({_PARTICIPLE})\b")
_RELATIVE = re.compile(r", (?:who|which|whose) ")
_SAID_AFTER = re.compile(r"^(?P<y>[A-Z].{20,}?), (?P<x>(?:[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3})|"
                         r"(?:police|officials|authorities|the [a-z][\w '-]{2,40})) "
                         r"(?:said|says)\.$")
_SAID_BEFORE = re.compile(r"^(?P<x>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}) (?:said|says) "
                          r"(?:that )?(?P<y>[a-zA-Z].{20,})\.$")
_CONTRACTIONS = (("could not", "couldn't"), ("did not", "didn't"), ("does not", "doesn't"),
                 ("do not", "don't"), ("is not", "isn't"), ("was not", "wasn't"),
                 ("were not", "weren't"), ("has not", "hasn't"), ("have not", "haven't"),
                 ("will not", "won't"), ("would not", "wouldn't"), ("cannot", "can't"))


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _drop_discourse(s: str) -> str | None:
    m = _DISCOURSE.match(s)
    if m:
        return _cap(s[m.end():])
    m = _MID_ADVERB.search(s)
    return s[: m.start()] + s[m.end():] if m else None


def _simple_past(s: str) -> str | None:
    """"has been charged" → "was charged", "have said" → "said"."""
    m = _PERFECT.search(s)
    if not m:
        return None
    aux, been, part = m.group(1), m.group(2), m.group(3)
    if been:
        plural = aux == "have" or (aux == "had" and s[: m.start()].rstrip().lower().endswith(
            ("they", "we", "you")))
        new = ("were " if plural else "was ") + part
    else:
        new = part
    return s[: m.start()] + new + s[m.end():]


def _drop_coordinate(s: str, rng: random.Random) -> str | None:
    """"was fired and charged" → "was charged" (or "was fired")."""
    m = _COORD.search(s)
    if not m:
        return None
    keep = m.group(2) if rng.random() < 0.5 else m.group(3)
    return s[: m.start()] + f"{m.group(1)} {keep}" + s[m.end():]


def _drop_relative(s: str) -> str | None:
    """A non-restrictive relative clause dropped: "X, who is 30, said Y" → "X said Y"."""
    m = _RELATIVE.search(s)
    if not m or s[: m.start()].count('"') % 2:
        return None
    comma = s.find(",", m.end())
    if comma >= 0 and ("," in s[: m.start()] or not s[comma + 1:].lstrip()[:1].islower()):
        return None  # only "Subject, who …, verb …": a later comma may end something else
    if comma < 0:
        rest = s[m.end():].rstrip()
        return s[: m.start()] + "." if rest.endswith(".") and '"' not in rest else None
    return s[: m.start()] + s[comma + 1:]


def _move_attribution(s: str) -> str | None:
    """"Y, police said." → "According to police, y." and "X said Y." → "Y, X said."."""
    m = _SAID_AFTER.match(s)
    if m and '"' not in m.group("y"):
        y = m.group("y")
        y = y[:1].lower() + y[1:] if not y.split()[0][1:].isupper() and y[:2] != "I " else y
        return f"According to {m.group('x')}, {y}."
    m = _SAID_BEFORE.match(s)
    if m and '"' not in m.group("y") and m.group("x").split()[0] not in ("He", "She", "It",
                                                                         "They", "We", "I"):
        return f"{_cap(m.group('y'))}, {m.group('x')} said."
    return None


def _contraction(s: str) -> str | None:
    return replace_first(s, _CONTRACTIONS)


def paraphrase(s: str, rng: random.Random, level: int = 1) -> str | None:
    """``s`` reworded without changing what it says, by one or two edits chosen at random
    among those that apply (see the module docstring); ``None`` when none applies. A
    contraction is the only edit made to a sentence with a negation, modal, hedge or
    "only"-like word, where dropping words could change its meaning (at ``level`` 2 an age
    or a caption's heading may be dropped there too). ``level`` 2 (``--reorder``) adds
    the edits of :mod:`certirag.train.reorder`: a time phrase moved, an age or a heading
    dropped."""
    if _FRAGILE.search(s):
        if level < 2:
            return _contraction(s)
        safe: list[Callable[[str], str | None]] = [_contraction, reorder.drop_age,
                                                   reorder.drop_label]
        rng.shuffle(safe)
        return next((new for new in (edit(s) for edit in safe) if new and word_count(new) >= 4),
                    None)
    edits: list[Callable[[str], str | None]] = [
        _drop_discourse, _simple_past, _drop_relative, _move_attribution,
        partial(_drop_coordinate, rng=rng)]
    rng.shuffle(edits)
    if level >= 2:  # a move first where one applies, then perhaps one more edit
        moves: list[Callable[[str], str | None]] = [
            partial(reorder.front_time, rng=rng), reorder.back_time, reorder.drop_age,
            reorder.drop_label]
        rng.shuffle(moves)
        edits = moves + edits
    out, done = s, 0
    for edit in edits:
        new = edit(out)
        if new and new != out and word_count(new) >= 4:
            out, done = new, done + 1
            if done == 2 or rng.random() < 0.5:
                break
    return out if done else None

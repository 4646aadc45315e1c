"""Voice-change training pairs: a passive statement of who did what, said actively.

Encyclopaedic evidence states authorship and agency in the passive ("Inception is a 2010
science fiction film written and directed by Christopher Nolan."), while answers and chat
replies state it actively ("Christopher Nolan directed Inception."). The synthetic pairs
of :mod:`certirag.train.bind_data` keep the voice of the source sentence, so the model
learnt that a change of voice removes entailment: the active sentence above scores
P(entailment) 0.21 against the passive one, "Inception is a film directed by Christopher
Nolan." 0.88.

:func:`voice_pairs` reads one evidence sentence of the shapes

* ``<Subject> is|was [a …] <participle> [and <participle>] by <Agent>`` and
* ``<Subject> is|was a … starring <Name>[, <Name> and <Name>]``,

where ``<Subject>`` opens the sentence and ``<Agent>`` is a capitalised name, and returns:

* **entailed**: the active sentence (``<Agent> directed <Subject>.``; a present passive
  "is owned by" gives the present "owns"), for each coordinated participle, and "<Name>
  starred in <Subject>." for each name of a cast;
* **not entailed**, the hard negatives of the same shape, so that voice alone is not read
  as entailment: the agent replaced by another name of the *same document* (who did it),
  the agent and the subject exchanged (who did what to whom), and a verb of the same
  family the sentence does not state ("wrote" where it says only "directed").

The premise is the sentence itself, or the sentence beside its neighbour as a fused span
reads. The patterns are deliberately narrow: a sentence that does not match exactly
yields nothing, never a guess.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from certirag.text.voice import ACTIVE, AGENT_NOUN, voices
from certirag.train.nli_data import ENT, NOT_ENTAILED, Pair
from certirag.verifiers.binding import claim_anchors

__all__ = ["ACTIVE", "FORMS", "document_voice_pairs", "voice_pairs", "voices"]

#: Verbs of one family: a verb the sentence does not state is a wrong role, not a
#: paraphrase ("wrote" for "directed").
_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset({"directed", "written", "produced", "composed", "edited", "narrated",
               "illustrated", "voiced", "co-written", "co-produced", "adapted"}),
    frozenset({"founded", "owned", "operated", "managed", "acquired", "headed", "run",
               "co-founded", "established"}),
    frozenset({"published", "distributed", "released", "recorded", "performed", "sung",
               "produced", "written", "composed"}),
    frozenset({"designed", "built", "developed", "manufactured", "created", "invented"}),
)

FORMS = ("active", "passive", "noun")


def _say(agent: str, part: str, subj: str, present: bool, form: str = "active") -> str:
    """``agent`` did ``part`` to ``subj``, in ``form``: active ("X directed Y"), passive
    ("Y was directed by X") or the agent's noun ("X was the director of Y"); a cast
    member "starred in" the work ("Y starred X" in the passive form)."""
    be = "is" if present else "was"
    if part == "starring":
        return f"{subj} {'stars' if present else 'starred'} {agent}." if form == "passive" \
            else f"{agent} starred in {subj}."
    if form == "passive":
        return f"{subj} {be} {part} by {agent}."
    if form == "noun" and part in AGENT_NOUN:
        return f"{agent} {be} the {AGENT_NOUN[part]} of {subj}."
    past, now = ACTIVE[part]
    return f"{agent} {now if present else past} {subj}."


def _other_names(sentence: str, others: Sequence[str]) -> list[str]:
    """Names of two or more capitalised words in ``others`` that ``sentence`` does not
    write: the rival agents of a swap."""
    out: list[str] = []
    for o in others:
        for a in claim_anchors(o):
            words = a.text.split()
            if (a.kind == "name" and len(words) >= 2 and all(w[:1].isupper() for w in words)
                    and a.text not in sentence and a.text not in out):
                out.append(a.text)
    return out


def _wrong_verb(part: str, stated: set[str], rng: random.Random) -> str | None:
    """A verb of ``part``'s family that ``sentence`` does not state, or ``None``."""
    said = {ACTIVE[p][0] for p in stated if p in ACTIVE}
    pool = sorted({v for fam in _FAMILIES if part in fam for v in fam
                   if v not in stated and ACTIVE[v][0] not in said})
    return rng.choice(pool) if pool else None


def voice_pairs(sentence: str, others: Sequence[str], rng: random.Random, source: str,
                premise: str | None = None, *, per_sentence: int = 3) -> list[Pair]:
    """Restatements of ``sentence``'s agency in another voice (entailed), each with every
    hard negative of the same form that applies (module docstring: another agent, the
    roles exchanged, another verb; a model shown one of them at random learnt to entail
    the role-reversed sentence as often as the right one), against ``premise`` (default: the
    sentence); ``others`` are the other sentences of its document, the pool of rival
    names. At most ``per_sentence`` statements of the sentence are used."""
    found = voices(sentence)
    if not found:
        return []
    premise = premise or sentence
    stated = {part for _, part, _, _ in found}
    cast = {a for a, _, _, _ in found}
    rivals = [a for a in dict.fromkeys(
        [a for o in others for a, _, _, _ in voices(o)] + _other_names(sentence, others))
        if a not in cast and a not in sentence]
    out: list[Pair] = []
    for agent, part, subj, present in rng.sample(found, min(per_sentence, len(found))):
        form = rng.choice(FORMS)
        out.append(Pair(premise, _say(agent, part, subj, present, form), ENT,
                        f"{source}:voice"))
        negatives: list[tuple[str, str]] = []
        if rivals:
            negatives.append((_say(rng.choice(rivals), part, subj, present, form), "swap"))
        if part != "starring" and len(subj.split()) <= 6:
            negatives.append((_say(subj, part, agent, present, form), "roles"))
            verb = _wrong_verb(part, stated, rng)
            if verb is not None:
                negatives.append((_say(agent, verb, subj, present, form), "verb"))
        out.extend(Pair(premise, claim, NOT_ENTAILED, f"{source}:voice_{kind}")
                   for claim, kind in negatives)
    return out


def document_voice_pairs(sents: Sequence[str], rng: random.Random, source: str, *,
                         max_chars: int = 700) -> list[Pair]:
    """:func:`voice_pairs` of every sentence of a document (``sents``, in order), against
    the sentence alone or, for about half of them, beside its neighbour as a fused span
    reads (``max_chars`` at most)."""
    out: list[Pair] = []
    for k, s in enumerate(sents):
        if not voices(s):
            continue
        premise = s
        near = [j for j in (k - 1, k + 1) if 0 <= j < len(sents)]
        if near and rng.random() < 0.5:
            j = rng.choice(near)
            fused = f"{sents[min(j, k)]} {sents[max(j, k)]}"
            premise = fused if len(fused) <= max_chars else s
        out.extend(voice_pairs(s, [o for o in sents if o != s], rng, source, premise))
    return out

"""The pieces of an evidence span the model also reads on their own (scorer
``certirag.scorer.v8``).

Our small NLI model reads the first fact of a sentence that joins two and misreads the
second: against "Registration opens on 10 January 2025 and closes on 28 March 2025 at 17:00
CET.", the claim "Registration closes on 28 March 2025 at 17:00 CET." scores P(entailment)
0.10 and P(contradiction) 0.90, while "Registration opens on 10 January 2025." scores 0.97
(so does "Registration closes on 10 January 2025.": the model reads the first date). Read
against the sentence's second predicate written as a sentence of its own, "Registration
closes on 28 March 2025 at 17:00 CET.", the claim scores 0.94.

:func:`premise_units` gives what each sentence of a span states piece by piece, each a
statement the span makes:

* each clause a sentence joins, with its own subject (:func:`certirag.text.conjuncts.conjuncts`:
  "; ", ", and", ", but", ", while" …);
* each predicate a subject takes with "and" or "but": "Registration opens on X and closes
  on Y" gives "Registration opens on X." and "Registration closes on Y."; a modal both
  share is kept ("Members must register online and pay the fee by Friday" gives "Members
  must pay the fee by Friday.").

A sentence that opens with a condition, a time or a place that may scope over both
predicates ("If …", "After …") is left whole, as a claim is
(:mod:`certirag.text.conjuncts`). The scorer reads a claim against a piece only where the
piece binds it as the span does (:func:`certirag.bound.claim_pairs`), so a piece cannot
lend a claim an anchor the span holds in another sentence. The sentences of a span of two
or three are not pieces: read apart they verified more faithful answers of the blind set
(six) but passed a planted error (an order of books read from one sentence) and made
summarization answers 1.75 times slower to verify.
"""

from __future__ import annotations

import re
from functools import lru_cache

from certirag.text.conjuncts import NOT_A_SUBJECT_WORD, SCOPING, conjuncts
from certirag.text.sentences import split_sentences
from certirag.text.verbs import BASE_VERBS, IRREGULAR_PAST, MODAL_VERBS, SCOPE_WORDS

__all__ = ["MAX_UNITS", "predicates", "premise_units"]

#: Pieces read per span (the first ones, in the span's order).
MAX_UNITS = 6

_AUXILIARIES = frozenset("""is are was were has have had does do did will would can could may
might must shall should""".split())
# "and"/"but" before a second predicate; not "and then", "but also then"
_JOIN = re.compile(r",?\s+(?:and|but)\s+(?!(?:then|so|thus|therefore|hence|also\s+then)\b)",
                   re.IGNORECASE)
_WORD = re.compile(r"\S+")



def _finite(word: str) -> bool:
    """Whether ``word`` reads as a finite verb: an auxiliary or modal, a past form, or a
    known verb in -s or -ed ("closes", "opened")."""
    w = word.lower().strip(",.;:!?\"'’")
    if w in _AUXILIARIES or w in IRREGULAR_PAST:
        return True
    if w.endswith("ed") and len(w) > 4 and (w[:-2] in BASE_VERBS or w[:-1] in BASE_VERBS):
        return True
    return w.endswith("s") and not w.endswith("ss") and (
        w[:-1] in BASE_VERBS or (w.endswith("es") and w[:-2] in BASE_VERBS))


def _sentence(text: str) -> str:
    text = text.strip().rstrip(" .!?;:,").strip()
    return text[:1].upper() + text[1:] + "."


def predicates(sentence: str) -> list[str]:
    """The predicates the subject of ``sentence`` takes, each written as a sentence with
    that subject ("Registration opens on X and closes on Y." → "Registration opens on X.",
    "Registration closes on Y."), or ``[]`` when it joins none (see the module's
    docstring), or when a word before the verb, or after a shared modal, scopes over it
    ("seldom", "never", "only", "not"). Only the first join after the subject's verb is
    read."""
    return list(_predicates(sentence))


@lru_cache(maxsize=4096)
def _predicates(sentence: str) -> tuple[str, ...]:
    body = sentence.strip().rstrip(".!;: ")
    words = [(m.start(), m.group(0)) for m in _WORD.finditer(body)]
    if len(words) < 4 or "?" in body or words[0][1].lower().strip(",") in SCOPING:
        return ()
    verb = next((i for i in range(1, len(words))
                 if words[i - 1][1].lower().strip(",") not in NOT_A_SUBJECT_WORD
                 and not words[i][1][:1].isupper() and _finite(words[i][1])), None)
    if verb is None:
        return ()
    if any(w.lower().strip(",") in SCOPE_WORDS for _, w in words[:verb]):
        return ()  # "The clinic seldom opens … and closes …": no word before the verb may
        # be copied onto the second predicate ("seldom closes"), nor a denial
    shared = None  # where a modal the predicates share ends ("must register … and pay")
    if words[verb][1].lower() in MODAL_VERBS:
        k = verb + 1
        if k < len(words) and words[k][1].lower() in SCOPE_WORDS:
            return ()  # "may not bring guests and pay …": whether "not" reaches "pay"
        shared = k if k < len(words) else None
    for m in _JOIN.finditer(body, words[verb][0] + len(words[verb][1])):
        rest = body[m.end():]
        first = rest.split(maxsplit=1)[0] if rest.strip() else ""
        if _finite(first):
            subject = body[:words[verb][0]]
        elif shared is not None and first.lower() in BASE_VERBS:
            subject = body[:words[shared][0]]
        else:
            continue
        return (_sentence(body[:m.start()]), _sentence(subject + rest))
    return ()


def premise_units(premise: str) -> list[str]:
    """The pieces of ``premise`` (a span as the model reads it) read on their own: each
    sentence's clauses and predicates, none equal to the premise, at most
    :data:`MAX_UNITS`."""
    return list(_premise_units(premise))


@lru_cache(maxsize=4096)
def _premise_units(premise: str) -> tuple[str, ...]:
    sentences = [premise[a:b] for a, b in split_sentences(premise)]
    out: list[str] = []

    def add(text: str) -> None:
        if text.strip() != premise.strip() and text not in out:
            out.append(text)

    for s in sentences:
        for piece in [*conjuncts(s), *predicates(s)]:
            if piece != s:
                add(piece)
    return tuple(out[:MAX_UNITS])

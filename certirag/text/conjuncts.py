"""The clauses a claim joins, each read by the model on its own (scorer ``certirag.scorer.v7``).

Our small NLI model reads a long claim that joins two facts as a sign of contradiction even
where its span states both: "Halverson Tools' 2023 revenue rose 25% to €48 million, while
operating profit stayed flat at €6.2 million." scores P(entailment) 0.25 against "Revenue at
Halverson Tools grew by a quarter to €48 million in 2023, while operating profit was
unchanged at €6.2 million.", and its two clauses 0.76 and 0.88 each. :func:`conjuncts`
gives the clauses of a claim that joins them with "; ", ", and", ", but", ", while",
", whereas", a colon or a dash; the scorer reads the claim whole and clause by clause
against the same span (:func:`certirag.bound.claim_readings`) and keeps the weaker clause's
score when it is higher than the whole's.

A claim and its clauses say the same: each clause is asserted, and what is asserted of
each is asserted of the whole. The claim is left whole where a clause would say less than
it does in the claim:

* it opens with a condition, a time or a place that may hold for every clause ("If …",
  "In 2019, …", "During probation, …", "After …");
* the clauses are ordered or one follows from the other (", and then", ", and so",
  ", and therefore", ", and as a result", "because", "otherwise", "instead"), or a clause
  holds "only if" or "only on" something;
* a piece is no clause of its own ("…, and hourly on Sundays", "… — 4-2 after extra
  time", "…, and was preceded by …"): it stays with the clause before it.

Only the model reads these clauses: the deterministic checks, the certificate and the
rendered answer keep the claim as written.
"""

from __future__ import annotations

import re
from functools import lru_cache

from certirag.text.verbs import (
    ADVERBS,
    BASE_VERBS,
    BE_FORMS,
    CLAUSE_VERBS,
    IRREGULAR_PAST,
    MODAL_VERBS,
    NOT_A_SUBJECT,
)

__all__ = ["NOT_A_SUBJECT_WORD", "SCOPING", "conjuncts"]

# A clause boundary: what separates the clauses, kept to rejoin a piece that is no clause.
_BOUNDARY = re.compile(
    r"\s*;\s+"
    r"|,\s+(?:and|but|while|whereas)\s+"
    r"(?!(?:then|so|thus|therefore|hence|as\s+a\s+result|because|only|not|also\s+then)\b)"
    r"|:\s+(?=\S)"
    r"|\s+[—–]\s+(?:and\s+)?", re.IGNORECASE)
# Words that relate the clauses or scope over them: the claim stays whole.
_RELATED = re.compile(r"\b(?:because|since|so\s+that|therefore|hence|thus|as\s+a\s+result|"
                      r"respectively|former|latter|both|neither|either\s+way|otherwise|instead|"
                      r"only\s+(?:if|when|after|before|until|once|for|on|in))\b",
                      re.IGNORECASE)
_OPENER = re.compile(r"^\W*(?P<word>[A-Za-z]+)")
#: Words that open a condition, a time or a place that may scope over every clause after it.
SCOPING = NOT_A_SUBJECT | {"whenever", "provided", "assuming", "where", "whether"}
_MIN_WORDS = 3


def _clause(piece: str) -> bool:
    """Whether ``piece`` reads as a clause of its own: three words or more, with a finite
    verb, and a subject before it ("was preceded by …" shares the subject before it; "a
    lift to take cars to the garage" is the last item of a list)."""
    return (len(piece.split()) >= _MIN_WORDS and not _opens_verb(piece) and _finite(piece))


_AUXILIARIES = (BE_FORMS - {"be", "been", "being", "'s"}) | MODAL_VERBS | frozenset(
    "has have had does do did".split())
_PRONOUNS = frozenset("i you we they he she it".split())
# "is" or "has" contracted after a pronoun, "that" or "there": "it's", "there's" (a
# speaker's "I'm afraid not" or a quotation's "We're all equal" opens no clause to read
# apart)
_CONTRACTED_VERB = re.compile(r"^(?:he|she|it|that|there|here|what|who)['’]s$")
#: Words after which the next word is no verb of a subject ("the", "to" …).
NOT_A_SUBJECT_WORD = frozenset("to a an the its his her their our my your this that".split())


def _finite(piece: str) -> bool:
    """Whether ``piece`` has a finite verb: an auxiliary, a past form, a word in -s after a
    noun ("the shuttle runs") or a verb after a plural ("other banks take"), not an object
    after a verb ("to take cars")."""
    raw = [w.strip(",.;:!?'’\"") for w in piece.split()]
    words = [w.lower() for w in raw]
    for i, w in enumerate(words):
        if w in _AUXILIARIES or w.endswith(("n't", "n’t")) or _CONTRACTED_VERB.match(w):
            return True
        if i == 0:
            continue
        before = words[i - 1]
        if before in NOT_A_SUBJECT_WORD or before in CLAUSE_VERBS or before.isdigit() \
                or raw[i][:1].isupper():  # a name's word: "Manchester United", "… Reads the Bible"
            continue
        if w in IRREGULAR_PAST or (w.endswith("ed") and len(w) > 3):
            return True
        if w in BASE_VERBS and (raw[i - 1][:1].isupper() or before in _PRONOUNS):
            return True  # "Ferrow Athletic beat Stonemoor", "they run"
        if w in BASE_VERBS and before.endswith("s") and not before.endswith("ss"):
            return True  # "transfers to other banks take a day"
        if w.endswith("s") and not w.endswith("ss") and w[:-1].isalpha() and (
                w[:-1] in BASE_VERBS or w[:-2] in BASE_VERBS or w[:-1] in CLAUSE_VERBS):
            return True
    return False


def _opens_verb(piece: str) -> bool:
    """Whether ``piece`` opens with its verb: an auxiliary or a past form ("was preceded by
    …", "won the cup"); a word in -s may be a plural subject ("transfers to other banks
    are …"), so it does not count."""
    words = [w.lower().strip(",") for w in piece.split()]
    while words and words[0] in ADVERBS:
        words = words[1:]
    if not words:
        return False
    first = words[0]
    return first in CLAUSE_VERBS or first in IRREGULAR_PAST or (
        first.endswith("ed") and len(first) > 3)


def _sentence(piece: str) -> str:
    text = piece.strip().rstrip(" .!?;:,").strip()
    return text[:1].upper() + text[1:] + "."


def conjuncts(claim: str) -> list[str]:
    """The clauses ``claim`` joins, each written as a sentence of its own, or ``[claim]``
    when it joins none or must stay whole (see the module's docstring). Cached: the scorer
    asks once for each span a claim is scored on, the check once more."""
    return list(_conjuncts(claim))


@lru_cache(maxsize=4096)
def _conjuncts(claim: str) -> tuple[str, ...]:
    return tuple(_split(claim))


def _split(claim: str) -> list[str]:
    body = claim.strip()
    opener = _OPENER.match(body)
    if (opener is None or opener.group("word").lower() in SCOPING
            or _RELATED.search(body) or "?" in body):
        return [claim]
    pieces: list[str] = []
    seps: list[str] = []
    last = 0
    for m in _BOUNDARY.finditer(body):
        pieces.append(body[last:m.start()])
        seps.append(m.group(0))
        last = m.end()
    pieces.append(body[last:])
    if len(pieces) < 2:
        return [claim]
    parts = [pieces[0]]
    for sep, piece in zip(seps, pieces[1:], strict=True):
        if _clause(piece) and _clause(parts[-1]):
            parts.append(piece)
        else:  # no clause of its own: it stays with the one before
            parts[-1] = parts[-1] + sep + piece
    if len(parts) < 2:
        return [claim]
    return [_sentence(p) for p in parts]

"""Names in a sentence as the borrowing rules read them (:mod:`certirag.checks.borrowed`,
:mod:`certirag.checks.phrases`): its capitalised words, a description or a pronoun that may
stand for a name it does not repeat, and content words written one after the other."""

from __future__ import annotations

import re
from itertools import pairwise

from certirag.checks._text import COMMON, Token, stem
from certirag.checks.parse import SentInfo
from certirag.checks.prepared import PreparedEvidence
from certirag.text.calendar_names import MONTH_NAMES, WEEKDAYS

__all__ = ["CALENDAR", "described", "evidence_names", "named", "pairs", "pronoun"]

#: The stems of month and weekday names: a date's words, no thing's name.
CALENDAR = frozenset(stem(w) for w in (*MONTH_NAMES, *WEEKDAYS))

# pronouns that may stand for the claim's name in a sentence that does not repeat it
_PRONOUNS = frozenset({"it", "its", "he", "his", "him", "she", "her", "they", "their", "them",
                       "this", "these"})


def named(s: SentInfo, owned: bool = True) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of the capitalised content words of ``s`` and the lower-cased text of all
    its capitalised words (a title of small words, "Let It Be", is a name too). The first
    word counts only where the next is capitalised too ("Abbey Road", not "Woman
    emerged"); without ``owned``, a name that owns what the sentence speaks of ("John
    Haase's associate") is left out."""
    stems: set[str] = set()
    words: set[str] = set()
    toks = s.toks
    for k, (tok, st) in enumerate(zip(toks, s.stems, strict=True)):
        if not tok.text[:1].isupper():
            continue
        low = tok.text.lower()
        if k == 0 and (low in COMMON or len(toks) < 2 or not toks[1].text[:1].isupper()):
            continue
        if not owned and _owner(toks, k):
            continue
        words.add(low)
        if st:
            stems.add(st)
    return frozenset(stems), frozenset(words)


def _owner(toks: list[Token], k: int) -> bool:
    """Whether the name word at ``k`` belongs to a name that ends in "'s" ("John Haase's")."""
    while k < len(toks) and toks[k].text[:1].isupper():
        if toks[k].text.endswith(("'s", "’s")):
            return True
        k += 1
    return k < len(toks) and toks[k].text in ("'s", "’s", "'", "’")


def described(s: SentInfo) -> bool:
    """Whether ``s`` opens with a description ("The uncapped Wasps centre, 22, …"), which
    may be the claim's name in other words."""
    toks = s.toks
    return len(toks) > 1 and toks[0].text.lower() in ("the", "a", "an") \
        and not toks[1].text[:1].isupper()


def pronoun(s: SentInfo) -> bool:
    """Whether ``s`` has a pronoun (in lower case, or opening it: the "It" of "Let It Be"
    is a title's word)."""
    return any(t.text.lower() in _PRONOUNS and (k == 0 or t.text.islower())
               for k, t in enumerate(s.toks))


# a locative "there" that points back ("Dorm beds there start at £22"), not the "there" of
# "there is", "there are"
_THERE_BACK = re.compile(r"\bthere\b(?!\s*(?:is|are|was|were|will|would|has|have|had|may|might|"
                         r"can|could|should|must|seems?|appears?|['’]s|['’]re|['’]ll)\b)")


def points_back(s: SentInfo) -> bool:
    """Whether ``s`` has a "there" that stands for a place the sentence before names ("Dorm
    beds there start at £22"). A personal pronoun may skip a sentence ("She had claimed …"
    two sentences after the woman is named), so it points nowhere this rule can read."""
    return _THERE_BACK.search(s.text) is not None


def named_before(ev: PreparedEvidence, k: int, by_id: dict[int, tuple[frozenset[str],
                 frozenset[str]]]) -> frozenset[str]:
    """The name words of the sentence before ``ev.sentences[k]`` in the same passage (empty
    when there is none, or when it names nothing: what the pronouns of sentence ``k`` stand
    for is then not known)."""
    if k == 0:
        return frozenset()
    passage = ev.derived("named.passages", _passages)
    if passage[k - 1] != passage[k]:
        return frozenset()  # (another passage's last sentence)
    return by_id[id(ev.sentences[k - 1])][1]


def _passages(ev: PreparedEvidence) -> list[int]:
    """The passage of each evidence sentence, by index (read once per prepared evidence)."""
    return [p for p, parsed in enumerate(ev.parsed) for _ in parsed.sentences]


def evidence_names(ev: PreparedEvidence) -> dict[int, tuple[frozenset[str], frozenset[str]]]:
    """:func:`named` of each evidence sentence, by ``id`` (read once per prepared
    evidence)."""
    return {id(s): named(s) for s in ev.sentences}


def pairs(s: SentInfo, words: frozenset[str], lo: int = 0, hi: int | None = None
           ) -> frozenset[tuple[str, str]]:
    """The pairs of ``words`` that ``s`` writes one after the other, tokens ``lo:hi``."""
    stems = s.stems[lo:hi]
    return frozenset((str(a), str(b)) for a, b in pairwise(stems)
                     if a in words and b in words)

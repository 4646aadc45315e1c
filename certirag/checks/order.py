"""Before and after: an order between two events contradicts another order only when both
relate the same event to the same thing: "Let It Be came out after Abbey Road" orders the
release, "most of it was recorded before Abbey Road" the recording."""

from __future__ import annotations

from certirag.checks._text import stem
from certirag.checks.parse import SentInfo
from certirag.text.predicates import SAME_PREDICATE, one_predicate

__all__ = ["other_events"]


def _relatum(s: SentInfo, word: str) -> set[str]:
    """What ``word`` (before, after, earlier …) relates its event to: the content stems
    and values of the next three tokens, up to a clause boundary."""
    out: set[str] = set()
    for i, tok in enumerate(s.toks):
        if tok.text != word:
            continue
        for j in range(i + 1, min(len(s.toks), i + 4)):
            t = s.toks[j]
            if t.text in ",;:.!?" or t.text.lower() in _CLAUSE_WORDS:
                break
            if s.stems[j] is not None:
                out.add(str(s.stems[j]))
            out.update(it.token for it in s.items if it.start <= t.start < it.end)
        break
    return out


_CLAUSE_WORDS = frozenset({"but", "and", "which", "who", "that", "while", "when"})


def other_events(s: SentInfo, cw: str, e: SentInfo, ew: str) -> bool:
    """Whether ``before`` in the claim and ``after`` in the evidence (or the reverse) order
    the event against different things ("before the Pope arrives" / "months after he
    helped negotiate", "earlier this week" / "after the shooting"), or order different
    events, each a past participle or verb right before the word ("came out after" /
    "was recorded before"): no contradiction."""
    a, b = _relatum(s, cw), _relatum(e, ew)
    if bool(a) and bool(b) and not a & b:
        return True
    x, y = _event(s, cw), _event(e, ew)
    return bool(x) and bool(y) and not x & y


_AUX = frozenset("is are was were be been being has have had do does did will would".split())


def _event(s: SentInfo, word: str) -> frozenset[str]:
    """The event ``word`` orders: the verb of the words just before it ("came out after",
    "was recorded before"), read in one word per predicate ("came out" as "released");
    empty when no verb stands there."""
    for i, tok in enumerate(s.toks):
        if tok.text != word:
            continue
        words = [t.text for t in s.toks[max(0, i - 3):i]]
        low = [w.lower() for w in words]
        for k in range(len(low) - 1, -1, -1):
            if low[k] in ("out", "up", "off", "down") and k and low[k - 1] in _PHRASAL:
                return _one(" ".join(words[k - 1:k + 1]))
            if (k and low[k - 1] in _AUX) or (low[k].endswith("ed") and len(low[k]) > 4) \
                    or low[k] in _PHRASAL:
                return _one(words[k])
        return frozenset()
    return frozenset()


def _one(words: str) -> frozenset[str]:
    """The stems of ``words``, a word of one predicate read as another."""
    return frozenset(SAME_PREDICATE.get(st, st)
                     for st in (stem(w) for w in one_predicate(words).lower().split()))


# verbs of a phrasal release ("came out", "went on"), and past forms that end in no "-ed"
_PHRASAL = frozenset("came come comes went set began begun grew rose fell won lost left".split())

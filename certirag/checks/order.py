"""Before and after: an order between two events contradicts another order only when both
relate the same event to the same thing."""

from __future__ import annotations

from certirag.checks.parse import SentInfo

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
    helped negotiate", "earlier this week" / "after the shooting"): no contradiction."""
    a, b = _relatum(s, cw), _relatum(e, ew)
    return bool(a) and bool(b) and not a & b

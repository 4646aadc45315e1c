"""Which evidence sentence states most of what a claim sentence (or a part of it) states:
the alignment the sentence rules of :mod:`certirag.checks.compare` and
:mod:`certirag.checks.sentence_modals` compare a claim with."""

from __future__ import annotations

from collections import Counter

from certirag.checks.parse import SentInfo
from certirag.checks.prepared import PreparedEvidence

__all__ = ["align_content"]

_ALIGN_MIN = 0.5


def align_content(content: frozenset[str], ev: PreparedEvidence
                   ) -> tuple[SentInfo, float] | None:
    if not content:
        return None
    # the antonym pairs of one word ("grew strongly": rise/fall, change/steady and a
    # degree) count once, as one word, so that they do not outweigh the claim's other words
    plain = [st for st in content if not st.startswith("~")]
    marked = [st for st in content if st.startswith("~")]
    counts = Counter(idx for st in plain for idx in ev.stem_index.get(st, ()))
    counts.update({idx for st in marked for idx in ev.stem_index.get(st, ())})
    if not counts:
        return None
    n = len(plain) + bool(marked)
    need = min(2, n)
    best: tuple[float, float, int] | None = None
    for idx, k in counts.items():
        if k < need:
            continue
        score = k / n
        if score < _ALIGN_MIN:
            continue
        jacc = k / (n + len(ev.sentences[idx].content) - k)
        cand = (score, jacc, -idx)
        if best is None or cand > best:
            best = cand
    if best is None:
        return None
    return ev.sentences[-best[2]], best[0]

"""Modal force of a statement: ``obligation`` (must, shall, is required to, has to),
``permission`` (may, can, is permitted/allowed/entitled to), ``prohibition`` (must not,
shall not, may not, cannot, is not permitted to, is prohibited from), ``exemption`` (need not,
does not have to, is not required to), ``recommendation`` (should, ought to) and
``discouragement`` (should not). Each occurrence is tied to the verb it governs, so two
statements are compared only about the same action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from certirag.checks._text import STOP, Token, has_any

__all__ = ["CONTRADICTORY", "Modal", "find_modals"]

_BE = r"(?:is|are|was|were|be|been|being|am)"
_PATTERNS: list[tuple[str, str]] = [
    ("prohibition", rf"must\s+not|mustn't|shall\s+not|shan't|may\s+not|cannot|can\s+not|can't"
                    rf"|{_BE}\s+not\s+(?:permitted|allowed)\s+to|{_BE}n't\s+(?:permitted|allowed)"
                    rf"\s+to|{_BE}\s+(?:prohibited|forbidden|barred|banned)\s+from"
                    rf"|{_BE}\s+forbidden\s+to|{_BE}\s+not\s+entitled\s+to"),
    ("exemption", rf"need\s+not|needn't|(?:does|do|did)\s+not\s+(?:have|need)\s+to"
                  rf"|(?:doesn't|don't|didn't)\s+(?:have|need)\s+to"
                  rf"|{_BE}\s+not\s+(?:required|obliged|obligated|compelled)\s+to"
                  rf"|{_BE}n't\s+(?:required|obliged)\s+to|{_BE}\s+under\s+no\s+obligation\s+to"),
    ("discouragement", r"should\s+not|shouldn't|ought\s+not\s+to|(?:is|are)\s+not\s+"
                       r"(?:recommended|advised)"),
    ("obligation", rf"must|shall|{_BE}\s+(?:required|obliged|obligated|compelled)\s+to"
                   r"|has\s+to|have\s+to|had\s+to|needs\s+to|need\s+to"
                   rf"|{_BE}\s+under\s+an?\s+(?:duty|obligation)\s+to"),
    ("permission", rf"may|can|{_BE}\s+(?:permitted|allowed|entitled|free)\s+to"
                   r"|(?:has|have)\s+the\s+right\s+to"),
    ("recommendation", rf"should|ought\s+to|{_BE}\s+(?:recommended|advised)\s+to"),
]
_MODAL_RE = re.compile(
    r"(?<![\w'])(?:" + "|".join(f"(?P<{name}>{alts})" for name, alts in _PATTERNS)
    + r")(?![\w'])",
    re.IGNORECASE,
)
_SKIP = frozenset({"be", "been", "have", "also", "only", "still", "then", "not", "n't",
                   "always", "never", "therefore", "normally", "usually", "generally",
                   "ordinarily", "immediately", "lawfully", "legally", "reasonably", "either",
                   "both", "now", "thus", "further", "instead", "at", "any", "time"})

#: Pairs of classes that contradict each other (the others are merely different).
CONTRADICTORY = frozenset({
    frozenset({"prohibition", "permission"}), frozenset({"prohibition", "obligation"}),
})


@dataclass(frozen=True, slots=True)
class Modal:
    """A modal phrase: its class, the stem of the verb it governs, and where it is."""

    cls: str
    verb: str | None
    text: str
    start: int
    end: int
    subject: str | None = None  # the word right before the modal ("will" in "A will may")


def find_modals(text: str, offset: int, toks: list[Token], stems: list[str | None]
                ) -> list[Modal]:
    """Modal phrases in a sentence ``text`` that starts at ``offset``, given its tokens and
    content stems (with absolute offsets)."""
    out: list[Modal] = []
    if not has_any(text.lower(), _HINTS):
        return out
    for m in _MODAL_RE.finditer(text):
        cls = m.lastgroup or ""
        verb = None
        for tok, st in zip(toks, stems, strict=True):
            if tok.start < m.end() + offset:
                continue
            low = tok.text.lower()
            if not tok.text[0].isalpha():
                break
            if low in _SKIP or (low.endswith("ly") and len(low) > 4):
                continue
            if st is None and low in STOP:
                continue
            verb = st if st is not None else low
            break
        if cls in ("obligation", "permission") and _NO_SUBJECT.search(text, 0, m.start()):
            cls = "prohibition"  # "No will shall be valid", "No person may enter"
        before = re.findall(r"[A-Za-z][a-z-]+", text[max(0, m.start() - 40):m.start()])
        subject = before[-1].lower() if before else None
        out.append(Modal(cls, verb, m.group(), m.start() + offset, m.end() + offset, subject))
    return out


# A subject quantified by "no" turns "shall"/"may" into a prohibition.
_NO_SUBJECT = re.compile(r"(?:^|[;:,(]\s*)(?:no|neither)\s+(?:[a-z][\w-]*\s+){1,3}$",
                         re.IGNORECASE)


_HINTS = ("must", "shall", "shan", "may", "can", "should", "ought", "need", "has to", "have to",
          "had to", "required", "permitted", "allowed", "entitled", "prohibited", "forbidden",
          "obliged", "obligated", "barred", "banned", "compelled", "right to", "free to", "duty",
          "obligation", "recommended", "advised")

"""Modal force of a statement: ``obligation`` (must, shall, is required to, has to),
``permission`` (may, can, is permitted/allowed/entitled/able to), ``prohibition`` (must not,
shall not, may not, cannot, is not permitted to, is prohibited from, is not able to),
``exemption`` (need not, does not have to, is not required to), ``recommendation``
(should, ought to), ``discouragement`` (should not) and ``possible_duty`` (may be asked to,
might have to). Each occurrence is tied to the verb it governs, so two statements are
compared only about the same action.

A subject quantified by ``no`` turns ``shall``/``may`` into a prohibition that *restricts*
the subject (:attr:`Modal.restricts`), and an exception after it (``unless``, ``except``,
``only if``, ``other than``) is its :attr:`Modal.condition`: "No will shall be valid unless
it is in writing" restricts wills to those in writing. :func:`opposed` tells a complement
that contradicts such a condition ("oral" against "in writing", "unsigned" against
"signed").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from certirag.checks._text import STOP, Token, has_any, stem
from certirag.text.verbs import BASE_VERBS, PAST_PARTICIPLES

__all__ = ["CONTRADICTORY", "Modal", "find_modals", "opposed"]

# (with a pronoun's contraction: "you're required to", "it's not allowed to": checks v21)
_BE = r"(?:is|are|was|were|be|been|being|am|(?:you|we|they)['’]re|(?:he|she|it)['’]s|i['’]m)"
_BE_FINITE = r"(?:is|are|was|were|am)"
_PATTERNS: list[tuple[str, str]] = [
    ("prohibition", rf"must\s+(?:not|never)|mustn't|shall\s+(?:not|never)|shan't"
                    rf"|may\s+(?:not|never)|cannot|can\s+not|can't|can\s+never"
                    rf"|{_BE}\s+not\s+(?:permitted|allowed)\s+to|{_BE}n't\s+(?:permitted|allowed)"
                    rf"\s+to|{_BE}\s+(?:prohibited|forbidden|barred|banned)\s+from"
                    rf"|{_BE}\s+forbidden\s+to|{_BE}\s+not\s+entitled\s+to"
                    # "Off-peak members are not able to bring guests." (a finite "be" only:
                    # "has not been able to", "after being unable to" tell what happened)
                    rf"|{_BE_FINITE}\s+(?:not|never)\s+able\s+to|{_BE_FINITE}n't\s+able\s+to"),
    ("exemption", rf"need\s+not|needn't|(?:does|do|did)\s+not\s+(?:have|need)\s+to"
                  rf"|(?:doesn't|don't|didn't)\s+(?:have|need)\s+to"
                  rf"|{_BE}\s+not\s+(?:required|obliged|obligated|compelled)\s+to"
                  rf"|{_BE}n't\s+(?:required|obliged)\s+to|{_BE}\s+under\s+no\s+obligation\s+to"
                  rf"|{_BE}\s+exempt(?:ed)?\s+from"
                  # "no appointment is needed": no booking (checks v21)
                  # "There's no need to be home" (checks v22)
                  r"|no\s+need\s+(?:for\s+(?:you|them|us|him|her)\s+)?to"
                  r"|no\s+(?:appointments?|bookings?|reservations?)\s+(?:is\s+|are\s+)?"
                  r"(?:needed|required|necessary)"),
    ("discouragement", r"should\s+(?:not|never)|shouldn't|ought\s+not\s+to|(?:is|are)\s+not\s+"
                       r"(?:recommended|advised)"),
    ("obligation", rf"must|shall|{_BE}\s+(?:required|obliged|obligated|compelled)\s+to"
                   r"|has\s+to|have\s+to|had\s+to|needs\s+to|need\s+to"
                   rf"|{_BE}\s+under\s+an?\s+(?:duty|obligation)\s+to"),
    # "may be asked to provide", "might have to provide": a duty that may arise, a force of
    # its own — neither "must" nor "may" (checks v19)
    ("possible_duty", r"(?:may|might|could)\s+(?:be\s+(?:asked|required|expected)|have|need)"
                      r"\s+to"),
    # "should be able to", "you'll be able to": a permission to the verb, not a
    # recommendation to be able (checks v22)
    ("permission", r"(?:should|would|will|could|might|may)\s+be\s+able\s+to"
                   r"|(?<=ll\s)be\s+able\s+to"
                   rf"|may|can|{_BE}\s+(?:permitted|allowed|entitled|free)\s+to"
                   rf"|{_BE_FINITE}\s+able\s+to"
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
    restricts: bool = False  # "No will shall …": a prohibition on a quantified subject
    condition: tuple[str, ...] = ()  # content stems of its exception ("unless … writing")
    #: stems of verbs coordinated with ``verb`` under the same modal ("must never be
    #: immersed in water or placed in a dishwasher": ``plac``)
    also: tuple[str, ...] = ()

    def governs(self, verb: str) -> bool:
        """Whether this modal governs the verb stem ``verb`` (one action: "put" is
        "place")."""
        verb = _SAME_ACTION.get(verb, verb)
        return any(_SAME_ACTION.get(v, v) == verb for v in (self.verb, *self.also) if v)


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
        at = len(toks)
        for i, (tok, st) in enumerate(zip(toks, stems, strict=True)):
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
            at = i
            break
        if cls == "exemption" and m.group().lower().startswith("no") \
                and not m.group().lower().startswith("no need"):
            verb, at = "book", len(toks)  # "no appointment is needed": of booking
        also = _coordinated(toks, stems, at)
        restricts = False
        condition: tuple[str, ...] = ()
        if cls in ("obligation", "permission") and _NO_SUBJECT.search(text, 0, m.start()):
            cls = "prohibition"  # "No will shall be valid", "No person may enter"
            restricts = True
            condition = _condition(text, offset, m.end(), toks, stems)
        if cls == "obligation" and _NOT_ALL_SUBJECT.search(text, 0, m.start()):
            cls = "exemption"  # "Not everyone has to prove their English": some need not
        before = re.findall(r"[A-Za-z][a-z-]+", text[max(0, m.start() - 40):m.start()])
        subject = before[-1].lower() if before else None
        out.append(Modal(cls, verb, m.group(), m.start() + offset, m.end() + offset, subject,
                         restricts, condition, also))
    return out


# One action written two ways, by stem ("put it in the dishwasher" / "placed in a dishwasher")
_SAME_ACTION = {"put": "plac"}
_CLAUSE_END = frozenset({",", ";", ":", ".", "!", "?", "unless", "if", "but", "except",
                         "until", "when", "while", "because", "although", "so"})
_MAX_COORDINATED = 3
_REACH = 14  # tokens after the governed verb read for coordinated ones


def _is_participle(low: str) -> bool:
    return (low.endswith("ed") and len(low) > 4) or low in PAST_PARTICIPLES


def _coordinated(toks: list[Token], stems: list[str | None], at: int) -> tuple[str, ...]:
    """Stems of the verbs joined by "or"/"and" to the verb at token ``at`` in its clause, of
    the same form: participles after a participle ("immersed in water or placed in a
    dishwasher"), base forms after a base form ("must not copy or sell")."""
    if at >= len(toks):
        return ()
    first = toks[at].text.lower()
    participle = _is_participle(first)
    if not participle and first not in BASE_VERBS:
        return ()
    out: list[str] = []
    for i in range(at + 1, min(len(toks) - 1, at + _REACH)):
        low = toks[i].text.lower()
        if low in _CLAUSE_END:
            break
        if low not in ("or", "and"):
            continue
        j = i + 1
        while j < len(toks) and toks[j].text.lower() in ("be", "also", "otherwise", "ever"):
            j += 1
        if j >= len(toks):
            break
        nxt = toks[j].text.lower()
        if _is_participle(nxt) if participle else nxt in BASE_VERBS:
            out.append(stems[j] or nxt)
            if len(out) == _MAX_COORDINATED:
                break
    return tuple(out)


_EXCEPT_RE = re.compile(r"\b(?:unless|except(?:\s+(?:where|when|if|that))?|only\s+if"
                        r"|other\s+than|save\s+where)\b", re.IGNORECASE)


def _condition(text: str, offset: int, after: int, toks: list[Token],
               stems: list[str | None]) -> tuple[str, ...]:
    """Content stems (at most 4) of the exception clause after position ``after``."""
    m = _EXCEPT_RE.search(text, after)
    if m is None:
        return ()
    out: list[str] = []
    for tok, st in zip(toks, stems, strict=True):
        if tok.start < m.end() + offset:
            continue
        if tok.text in ",;:.!?":
            break
        if st is not None:
            out.append(st)
            if len(out) == 4:
                break
    return tuple(out)


# Complements that contradict each other as conditions on a thing ("oral" / "in writing").
_OPPOSITE_SIDES: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(stem(w) for w in a.split()), frozenset(stem(w) for w in b.split()))
    for a, b in (("oral orally verbal verbally spoken unwritten", "written writing write"),)
)


def opposed(complement: str, condition: str) -> bool:
    """Whether the stem ``complement`` contradicts the condition stem ``condition``: the
    two sides of a known pair, or a negative prefix (``unsign`` / ``sign``)."""
    for a, b in _OPPOSITE_SIDES:
        if (complement in a and condition in b) or (complement in b and condition in a):
            return True
    return any(complement == pre + condition or condition == pre + complement
               for pre in ("un", "non", "non-"))


# A subject quantified by "no" turns "shall"/"may" into a prohibition.
_NO_SUBJECT = re.compile(r"(?:^|[;:,(]\s*)(?:no|neither)\s+(?:[a-z][\w-]*\s+){1,3}$",
                         re.IGNORECASE)


# "Not everyone", "Not all applicants": an obligation under it exempts some
_NOT_ALL_SUBJECT = re.compile(r"(?:^|[;:,(]\s*)not\s+(?:every(?:one|body)?|all|each)\b"
                              r"(?:\s+[a-z][\w-]*){0,3}\s*$", re.IGNORECASE)


_HINTS = ("must", "shall", "shan", "may", "can", "should", "ought", "need", "has to", "have to",
          "had to", "required", "permitted", "allowed", "entitled", "prohibited", "forbidden",
          "obliged", "obligated", "barred", "banned", "compelled", "right to", "free to", "duty",
          "obligation", "recommended", "advised", "exempt", "able to", "necessary")

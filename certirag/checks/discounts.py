"""What a discount is taken off: "couples who hire a car from Heritage Wheels receive 10%
off Lakeside Manor's wedding package" against "couples who book the Manor's wedding package
receive 10% off car hire with us". The claim's percentage is the evidence's and both
things are in the evidence sentence, so the value and name checks pass it; the discount
is on the other thing.

:func:`check_discounts` (checks v21) reads each percentage of the claim written as a
discount: "10% off X", "a 10% discount on X", "15 per cent reduction on X", X running to
the end of its phrase (a list of things whole: "laptops, tablets and accessories"). Where
every evidence statement of that percentage is such a discount and none takes it off
anything the claim's X names (no shared word), while the sentence of one of them names the
claim's X elsewhere (its words, two at least where X has two), the claim takes the
discount off another thing: a ``value_swap``.
"""

from __future__ import annotations

import re

from certirag.checks._text import STOP, stems_of
from certirag.checks.base import Finding
from certirag.checks.parse import Item, Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.swap import same_value

__all__ = ["check_discounts"]

# right after a percentage: "… off car hire with us", "… discount on food and drink"
_OFF = re.compile(r"\s+(?:discount\s+|reduction\s+|saving\s+)?(?:off|on)\s+"
                  r"(?P<obj>[^.;:!?()\n]{2,120})", re.IGNORECASE)
# where the discounted thing ends: a condition, a place or a clause ("with us", "if you
# book", ", which …"); "and" and "or" join a list of things, which is read whole
_OBJ_END = re.compile(r"\s(?:with|for|if|when|where|until|but|from|at|by|in|as|who|which|"
                      r"that|before|after|during|provided|unless|so|because|while)\s"
                      r"|,\s+(?:and|or)\s+(?:you|we|they|it|he|she|the\s+\w+\s+(?:is|are|will))\b",
                      re.IGNORECASE)
# words of a discount that name nothing discounted
_DROP = frozenset({"all", "every", "any", "your", "our", "their", "off", "discount",
                   "price", "prices", "cost", "costs", "total", "usual", "standard", "normal",
                   "full", "regular"})


def _discounts(s: SentInfo) -> list[tuple[Item, frozenset[str], int, int]]:
    """Each percentage of ``s`` written as a discount: the value, the stems of what it is
    off, and where (in ``s.text``) the thing discounted is."""
    out = []
    for it in s.items:
        if it.group != "percent":
            continue
        m = _OFF.match(s.text, it.end - s.start)
        if m is None:
            continue
        obj = m["obj"]
        cut = _OBJ_END.search(" " + obj + " ")
        if cut is not None:
            obj = obj[:max(0, cut.start() - 1)]
        words = stems_of(obj, _DROP)
        if words:
            out.append((it, words, m.start("obj"), m.start("obj") + len(obj)))
    return out


def check_discounts(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    """``value_swap``: a discount the evidence takes off another thing (see the module
    docstring)."""
    for s in c.sentences:
        for pct, mine, _, _ in _discounts(s):
            found: SentInfo | None = None
            for x in ev.sentences:
                stated = sum(it.group == "percent" and same_value(pct.key, it.key)
                             for it in x.items)
                if not stated:
                    continue
                theirs = [d for d in _discounts(x) if same_value(pct.key, d[0].key)]
                if len(theirs) != stated or any(words & mine for _, words, _, _ in theirs):
                    found = None
                    break  # stated otherwise, or off the claim's thing: no swap
                rest = x.text
                for _, _, a, b in theirs:
                    rest = rest[:a] + " " * (b - a) + rest[b:]
                named = stems_of(rest, STOP) & mine
                if found is None and len(named) >= min(2, len(mine)):
                    found = x
            if found is not None:
                out.append(Finding("value_swap", "contradiction",
                                   f"the evidence takes {pct.text!r} off something else: "
                                   f"{found.text.strip()!r}", s.text, found.text))
                return

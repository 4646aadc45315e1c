"""The direction of a change the evidence states only by its two values.

"Turnout rose to 64.7%." against "Turnout in Harrowby West was 64.7%, compared with 68.1% at
the previous general election." has the figure and every name of its evidence, and our
model entails it (P(entailment) 0.58); the polarity rules read no rise or fall word on
the evidence's side. The evidence states the change by two values of one kind: the value
the claim gives and the one it is "compared with" ("against", "versus", "up from", "down
from", or "from A to B"). When the claim says the value rose to it and the other value is
higher, or fell to it and the other is lower, the claim gives the change the wrong way
round (``polarity_mismatch``).
"""

from __future__ import annotations

import re
from decimal import Decimal

from certirag.checks.base import Finding
from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed
from certirag.checks.polarity import RISE_FALL
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_trend"]

# the rise and fall words of the polarity rules, and a change said with "up"/"down"
_RISE = "|".join((*RISE_FALL[0], r"went\s+up", r"gone\s+up", r"was\s+up", r"were\s+up"))
_FALL = "|".join((*RISE_FALL[1], r"went\s+down", r"gone\s+down", r"was\s+down",
                  r"were\s+down"))
# the claim's change and the value it ends at: "rose to 64.7%", "fell from 12 to 9"
_CHANGE_TO = re.compile(rf"\b(?:(?P<rise>{_RISE})|(?P<fall>{_FALL}))\s+(?:(?:sharply|slightly|"
                        r"steadily|again|further)\s+)?(?:from\s+(?:[^\s,;]+\s+){1,4}?)?to\s+$",
                        re.IGNORECASE)
# after the evidence's value, the one it is measured against: "64.7%, compared with 68.1%"
_AGAINST = re.compile(r"^\s*,?\s*(?:\(\s*)?(?:compared\s+(?:with|to)|against|versus|vs\.?|"
                      r"(?P<up>up)\s+from|(?P<down>down)\s+from|from)\s+(?:(?:a|an|the)\s+)?"
                      r"(?:\w+\s+){0,2}?$", re.IGNORECASE)
# before it: "from 68.1% to 64.7%"
_FROM_TO = re.compile(r"\bfrom\s+$", re.IGNORECASE)
_TO = re.compile(r"^\s+to\s+$", re.IGNORECASE)
_CHANGE_PAIR = "rise/fall"  # the polarity rules' pair of change words
_GAP = 40  # characters between the evidence's value and the one it is measured against


def _claimed(c: Parsed) -> list[tuple[Figure, int]]:
    """The claim's figures that a change ends at, each with its direction (+1 a rise)."""
    out = []
    for f in c.figures:
        m = _CHANGE_TO.search(c.text, max(0, f.start - 60), f.start)
        if m is not None and m.end() == f.start:
            out.append((f, 1 if m.group("rise") else -1))
    return out


def _direction(p: Parsed, e: Figure) -> int | None:
    """The direction of the change the evidence states for its figure ``e`` by a second
    value of its kind (``None`` when it states none)."""
    for g in p.figures:
        if g is e or g.dim != e.dim or g.value == e.value:
            continue
        if 0 <= g.start - e.end <= _GAP:
            m = _AGAINST.match(p.text[e.end:g.start])
            if m is None:
                continue
            if m.group("up") or m.group("down"):
                return 1 if m.group("up") else -1
            return _sign(e.value - g.value)
        if 0 <= e.start - g.end <= 6 and _TO.match(p.text[g.end:e.start]) and \
                _FROM_TO.search(p.text, max(0, g.start - 8), g.start):
            return _sign(e.value - g.value)
    return None


def _sign(d: Decimal) -> int:
    return 1 if d > 0 else -1


def check_trend(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    """``polarity_mismatch``: the claim says a value rose (fell) to a figure that the
    evidence gives against a higher (lower) value of the same kind. An evidence sentence
    with a rise or fall word of its own is the polarity rules' ("fell to $310 million from
    $355 million")."""
    for f, way in _claimed(c):
        for p in ev.parsed:
            for e in p.figures:
                if e.key != f.key or any(x.start <= e.start < x.end and _CHANGE_PAIR in
                                         x.polarity.sides for x in p.sentences):
                    continue
                stated = _direction(p, e)
                if stated is not None and stated != way:
                    said = "rose" if way > 0 else "fell"
                    out.append(Finding(
                        "polarity_mismatch", "contradiction",
                        f"the claim says the value {said} to {f.text!r}; the evidence gives "
                        f"{e.text!r} against a {'higher' if way > 0 else 'lower'} value",
                        f.text, e.text))
                    return

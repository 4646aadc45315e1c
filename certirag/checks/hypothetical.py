"""A figure the evidence gives only as a possibility, stated as fact: ``hedge_mismatch``.

"For a diesel car, a Calmouth resident parking permit costs £180 a year." against "One
option under consideration would link permit prices to vehicle emissions; under that
model, a permit for a diesel car could cost £180 a year, while … For the 2025–26 permit
year, the resident permit remains a flat £95 for all vehicles." holds the figure, the car
and the permit, and our model entails it (P(entailment) 0.74). Every evidence sentence
that gives the figure gives it after "could" or "might" (a few words before it: "could
cost £180", "might rise to 4%"; not "may", which as often permits: "Partners may take two
weeks of paid paternity leave", nor "would", which as often converts or exemplifies: "the
gold reward would be worth about $774,000", "One example of this would be the last 18
seconds"): what the figure is, the evidence does not
say. A claim that hedges the figure too ("could cost", "might", "if", "would", "up to",
"proposed") states no more than the evidence and is left alone.
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_hypothetical"]

# a possibility a few words before the figure: "could cost £180", "might rise to 4%" (not a
# guess at what happened, "could have crashed more than 5,000 kilometres" away)
_POSSIBLE = re.compile(r"\b(?:could|might)(?!\s+(?:not|have)\b)(?:\s+[\w'’-]+){1,4}\s+$",
                       re.IGNORECASE)
# a claim that keeps the possibility, or says it is a proposal, a condition or a ceiling
_HEDGED = re.compile(r"\b(?:could|might|may|would|possibl[ey]|perhaps|potentially|likely|"
                     r"propos\w*|option\w*|consult\w*|if|under\s+(?:the|a|that|this)\s+"
                     r"(?:plan|proposal|model|option|scheme)|up\s+to|as\s+much\s+as|"
                     r"estimat\w*|forecast\w*|expect\w*|project\w*)\b", re.IGNORECASE)
_WINDOW = 40  # characters before a figure read for its possibility


def check_hypothetical(c: Parsed, ev: PreparedEvidence, question: Question,
                       out: list[Finding]) -> None:
    """``hedge_mismatch`` (see the module docstring)."""
    if _HEDGED.search(c.text):
        return
    for f in c.figures:
        if f.kind not in ("money", "percent", "measure", "duration"):
            continue
        stated = [(p, e) for p in ev.parsed for e in p.figures if e.key == f.key]
        if stated and all(_POSSIBLE.search(p.text, max(0, e.start - _WINDOW), e.start)
                          for p, e in stated):
            p, e = stated[0]
            out.append(Finding(
                "hedge_mismatch", "ungrounded",
                f"the claim states {f.text!r} as fact; the evidence gives it only as a "
                f"possibility: {p.text[max(0, e.start - _WINDOW):e.end].strip()!r}",
                f.text, p.text[max(0, e.start - _WINDOW):e.end].strip()))
            return

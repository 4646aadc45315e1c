"""A wait the claim calls long enough that is shorter than the evidence's least wait.

"Is it OK to go swimming in the sea a week after getting my tattoo?" answered "Yes, a
week is long enough, so sea swimming is fine." against "Avoid swimming pools, the sea,
saunas and sunbeds for at least two weeks.": the claim's week is no figure the evidence
contradicts word for word (a claim may repeat the question's own "a week"), and our small
model reads the pair as entailed (P(entailment) 0.53).

:func:`check_enough` finds a claim that calls a stretch of time enough ("a week is long
enough", "after ten days it's fine", "is OK after 5 days") where an evidence sentence that
shares a word with the part of the claim that says so (up to a "but") keeps the asker from
the thing for at least a longer time ("avoid … for at least two weeks", "wait at least 14
days before …", "cancelled with at least 48 hours' notice can be rescheduled at no
charge") and no evidence figure gives the claim's time as a least: ``duration_mismatch``, a
contradiction. A claim that denies it ("a week isn't long enough") says what the evidence
says.
"""

from __future__ import annotations

import re

from certirag.checks._text import STOP, Spans, stems_of
from certirag.checks.base import Finding
from certirag.checks.figures import Figure, extract_figures
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_enough"]

_UNIT = r"(?:days?|weeks?|fortnights?|months?|hours?|years?)"
# the claim calls the time enough: "a week is long enough", "after ten days it's fine"
_ENOUGH = re.compile(
    r"\b(?:is|['’]s|are|will\s+be|would\s+be|should\s+be)\s+(?:long\s+enough|enough|plenty|"
    r"sufficient|fine|ok|okay|alright|all\s+right|safe)\b|\bafter\s+(?:a|an|one|\d+|[a-z]+)"
    rf"\s+{_UNIT}\b", re.IGNORECASE)
_DENIED = re.compile(r"\b(?:not|never|no|nor|cannot)\b|n['’]t\b", re.IGNORECASE)
# the evidence keeps the asker from a thing for a least time: "avoid … for at least two
# weeks", "wait at least 14 days", "do not … for at least 48 hours"
_KEEP = re.compile(r"\b(?:avoid|wait|refrain|do\s+not|don['’]t|must\s+not|should\s+not|"
                   r"shouldn['’]t|never|stay\s+out|keep\b[^.;]{0,40}\bout)\b|"
                   # the least notice a change needs: "Lessons cancelled with at least 48
                   # hours' notice can be rescheduled at no charge" (checks v24)
                   r"\bwith\s+(?=at\s+least\b[^.;]{0,30}\bnotice\b)", re.IGNORECASE)
_PART = re.compile(r"\b(?:but|however|whereas|while|although)\b|[;.!?]", re.IGNORECASE)
_CLAUSE = re.compile(r"[.;:,!?]|\s[—–-]\s")
_ONE = re.compile(rf"\b(?:a|an)\s+(?={_UNIT}\b)", re.IGNORECASE)


def _durations(text: str, *, claim: bool) -> list[Figure]:
    found, _ = extract_figures(text, Spans(), decimal_comma=None, claim=claim)
    return [f for f in found if f.kind == "duration"]


def _clause_to(text: str, end: int) -> str:
    """The clause of ``text`` that ends at ``end``: from the last stop, comma or dash."""
    start = max((m.end() for m in _CLAUSE.finditer(text, 0, end)), default=0)
    return text[start:end]


def check_enough(c: Parsed, ev: PreparedEvidence, q: Question,
                 out: list[Finding]) -> None:
    """``duration_mismatch``: the claim calls a time enough that the evidence's least wait
    exceeds (see the module docstring)."""
    del q
    enough = _ENOUGH.search(c.text)
    if enough is None or _DENIED.search(_clause_to(c.text, enough.end())) is not None:
        return  # ("a week isn't long enough"; not "…, there's no charge")
    # "a week" read as "one week" (a claim's "a" is no figure elsewhere)
    said = [f for f in _durations(_ONE.sub("one ", c.text), claim=True) if f.qualifier is None]
    if not said:
        return
    # the words of the claim's part that calls the time enough, to a "but" ("You can shower
    # after 1 day, but avoid swimming …": the shower's time, not the swim's)
    part = _PART.split(c.text[:enough.start()])[-1] + _PART.split(c.text[enough.start():])[0]
    words = stems_of(part, STOP)
    if any(f.qualifier == "min" and any(f.dim == s.dim and f.value == s.value for s in said)
           for p in ev.parsed for f in p.figures):
        return  # (the claim's time is a least the evidence gives too)
    for x in ev.sentences:
        keep = _KEEP.search(x.text)
        if keep is None or not words & x.content:
            continue
        for least in _durations(x.text[keep.start():], claim=False):
            if least.qualifier != "min":
                continue
            short = next((f for f in said if f.dim == least.dim and f.value < least.value), None)
            if short is not None:
                out.append(Finding(
                    "duration_mismatch", "contradiction",
                    f"the claim calls {short.text!r} enough; the evidence asks at least "
                    f"{least.text!r}: {x.text.strip()!r}", short.text, x.text.strip()))
                return

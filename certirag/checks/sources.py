"""A value the claim credits to one source where the evidence credits it to another.

"Independent testing found it goes up to 120 km on a single charge." against "According to
the manufacturer, the Aurora X2 e-bike battery lasts up to 120 km on a single charge. An
independent test by CycleLab measured a range of 84 km." has its value, its measure and
most of its words in the evidence, and our small model reads it as entailed (P(entailment)
0.95). A sentence's *source* is who it says reports the value: the words after "according
to" (up to a comma), or the noun phrase before a reporting verb ("found", "measured",
"says", "estimated" …) that holds a word for a reporter (a test, a study, a survey, the
manufacturer, the police, analysts …; :data:`REPORTERS`).

:func:`check_source_values` gives a ``value_swap`` when the claim names a source, every
evidence sentence that states the claim's value names a source that shares no word with
the claim's, and an evidence sentence whose source shares a word with the claim's gives
another value of the same kind (a length, an amount of money, a percentage …). A claim
without a source, or whose value the evidence also states without one, is not read.
"""

from __future__ import annotations

import re

from certirag.checks._text import STOP, stem
from certirag.checks.base import Finding
from certirag.checks.parse import Item, Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence

__all__ = ["REPORTERS", "check_source_values", "source_of"]

#: Words for who reports a value (stems are compared).
REPORTERS = frozenset(stem(w) for w in """
test testing tests trial trials study studies survey surveys review reviews analysis
report reports audit audits lab laboratory manufacturer maker makers company firm
police officials researchers scientists critics analysts regulator regulators government
council union inspectors inspection experts estimate estimates measurement data census
""".split())
_REPORTING = (r"(?:found|finds|find|measured|measures|showed|shows|show|says|said|say|"
              r"claims|claimed|claim|reported|reports|report|estimated|estimates|estimate|"
              r"recorded|records|put|puts|rated|rates|gave|gives|quoted|quotes|suggests|"
              r"suggested|concluded|concludes)")
_ACCORDING = re.compile(r"\baccording\s+to\s+(?P<src>[^,.;:]{2,60})", re.IGNORECASE)
# a short noun phrase opening its sentence or clause, then a reporting verb
_REPORTED = re.compile(rf"(?:^|[,;:]\s*|\bthat\s+)(?P<src>(?:[\w'’&-]+\s+){{0,5}}?[\w'’&-]+)\s+"
                       rf"(?:has\s+|have\s+|had\s+)?{_REPORTING}\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def source_of(text: str) -> frozenset[str]:
    """The content stems of the source ``text`` credits its values to, or an empty set."""
    out: set[str] = set()
    for m in _ACCORDING.finditer(text):
        out |= _stems(m.group("src"))
    for m in _REPORTED.finditer(text):
        src = _stems(m.group("src"))
        if src & REPORTERS:
            out |= src
    return frozenset(out)


def _stems(phrase: str) -> set[str]:
    return {stem(w.lower()) for w in _WORD.findall(phrase) if w.lower() not in STOP}


def _values(s: SentInfo) -> list[Item]:
    return [it for it in s.items if not it.group.startswith(("date", "time", "year"))]


def _sources(ev: PreparedEvidence) -> list[frozenset[str]]:
    """The source of each evidence sentence (read once per prepared evidence)."""
    return [source_of(s.text) for s in ev.sentences]


def check_source_values(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial or any(f.code == "value_swap" for f in out):
        return
    for cs in c.sentences:
        said = source_of(cs.text)
        if not said:
            continue
        sources = ev.derived("sources.source_of", _sources)  # one per evidence sentence
        for it in _values(cs):
            stating = [src for s, src in zip(ev.sentences, sources, strict=True)
                       if any(x.key == it.key for x in s.items)]
            if not stating or any(not src or src & said for src in stating):
                continue  # stated without a source, or by the claim's own
            rival = next((x for s, src in zip(ev.sentences, sources, strict=True)
                          if src & said
                          for x in _values(s) if x.group == it.group and x.key != it.key),
                         None)
            if rival is not None:
                out.append(Finding(
                    "value_swap", "contradiction",
                    f"the evidence credits {it.text!r} to another source; the source the "
                    f"claim names gives {rival.text!r}", it.text, rival.text))
                return

"""The bound a claim's figure carries, read against the evidence's: "at most", "less than",
"within 30 days", an allowance the evidence permits, the bound a question asks for
(split from :mod:`certirag.checks.values`, which calls it for each grounded figure)."""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence
from certirag.checks.qualifiers import CLASS_NAMES

__all__ = ["ONLY_BEFORE", "allowance", "asked_bound", "check_qualifier", "claim_sentence",
           "up_to_limit", "within_deadline"]


def claim_sentence(c: Parsed, start: int) -> SentInfo | None:
    """The sentence of the claim that holds the offset ``start``."""
    for s in c.sentences:
        if s.start <= start < s.end:
            return s
    return None


def _permits(sent: SentInfo | None) -> bool:
    return sent is not None and any(m.cls == "permission" for m in sent.modals)


def allowance(c: Parsed, f: Figure, matches: list[Figure], ev: PreparedEvidence) -> bool:
    """Whether a ceiling in the claim restates an allowance of the evidence: "you can work
    from home up to two days a week" for "Employees may work from home two days a week".
    Permission to do a thing N times is permission to do it up to N times; the same bound
    on a fact ("the fine is up to £500" for "the fine is £500") or an obligation ("must
    give up to 60 days of notice") says less or other than the evidence, and stays a
    finding."""
    if f.qualifier != "max" or not _permits(claim_sentence(c, f.start)):
        return False
    bare = [e for e in matches if e.qualifier in (None, "exact")]
    return len(bare) == len(matches) and any(
        e.text in s.text and _permits(s) for e in bare for s in ev.sentences)


# "What is the maximum number of tablets in 24 hours?" "Eight.": the bound is the question's
_ASKED_MAX = re.compile(r"\b(?:maximum|max|most|limit)\b", re.IGNORECASE)
_ASKED_MIN = re.compile(r"\b(?:minimum|min|least)\b", re.IGNORECASE)


def asked_bound(question: str) -> str | None:
    """The bound a question asks for: ``max`` ("the maximum number of …", "at most"),
    ``min`` ("the minimum age"), or ``None``."""
    if _ASKED_MAX.search(question):
        return "max"
    return "min" if _ASKED_MIN.search(question) else None


ONLY_BEFORE = re.compile(r"\bonly\s+$", re.IGNORECASE)
# "within 30 days": a deadline as "no later than 30 days after" states it
_WITHIN = re.compile(r"\bwithin\s+(?:the\s+)?$", re.IGNORECASE)


def _within(text: str, start: int) -> bool:
    return _WITHIN.search(text, max(0, start - 12), start) is not None


def within_deadline(c: Parsed, f: Figure, matches: list[Figure],
                     ev: PreparedEvidence) -> bool:
    """Whether the claim gives the evidence's deadline "within 30 days (of …)" as "no later
    than 30 days after …" (which the deadline rule reads as at most 30 days): "lodge a
    claim no later than 30 days after the incident" for "claims must be submitted within
    30 days of the incident". Not the reverse: a bare "within one day" is no restatement
    of "no more than one day", which may bound another thing."""
    if f.kind != "duration" or f.qualifier != "max" or c.text[max(0, f.start - 24):f.start] \
            .lower().find("later than") < 0 or any(e.qualifier is not None for e in matches):
        return False
    return any(_within(p.text, e.start) for p in ev.parsed for e in p.figures
               if any(e is m for m in matches))


_UP_TO = re.compile(r"\bup\s+to\s+$", re.IGNORECASE)


def up_to_limit(c: Parsed, f: Figure, matches: list[Figure]) -> bool:
    """Whether the claim gives a measured limit the evidence states as "under N" with the
    idiom "up to N": "files up to 200 MB" for "files must be under 200 MB" (checks v24).
    Only a measure (a size, a weight, a length): an age, a sum or a count keeps its
    boundary ("children up to 16" is no restatement of "under-16s")."""
    return f.kind == "measure" and f.qualifier == "max" \
        and _UP_TO.search(c.text, max(0, f.start - 8), f.start) is not None \
        and all(e.qualifier == "lt" for e in matches)


def check_qualifier(f: Figure, matches: list[Figure], out: list[Finding],
                     asked: str | None = None) -> None:
    quals = {e.qualifier for e in matches}
    cq = f.qualifier
    if cq in quals or (cq is None and asked is not None and asked in quals):
        return
    bound = sorted(x for x in quals if x is not None)
    example = next((e for e in matches if e.qualifier is not None and e.qualifier != "exact"),
                   matches[0])
    shown = CLASS_NAMES.get(example.qualifier or "", "")
    ev_text = f"{shown} {example.text}".strip()
    if cq is None:
        # a bare figure claims no precision: "5,500" for "approximately 5,500" (as "about
        # 5,500" for "5,500"); "exactly" does, and is the precision check's
        if None in quals or set(bound) <= {"exact", "approx"}:
            return
        out.append(Finding("qualifier_dropped", "ungrounded",
                           f"the evidence says {ev_text!r}; the claim drops {shown!r}",
                           f.text, ev_text))
        return
    if cq == "exact":
        if None in quals:
            return
        if "approx" in quals:
            out.append(Finding("precision_mismatch", "ungrounded",
                               f"the claim says exactly {f.text!r}, the evidence only "
                               f"{ev_text!r}", f.text, ev_text))
            return
    if cq == "approx" and quals <= {None, "exact", "approx"}:
        return
    out.append(Finding("qualifier_mismatch", "ungrounded",
                       f"the claim says {CLASS_NAMES[cq]} {f.text!r}, the evidence "
                       f"{ev_text!r}", f.text, ev_text))

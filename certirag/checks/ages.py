"""Ages: "a 22-year-old" states the age that news gives as a bare number after a name
("Jane Doe, 22, said", "Jane Doe (22)", "aged 22")."""

from __future__ import annotations

import re
from decimal import Decimal

from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence

__all__ = ["age_stated", "is_age"]

_AGE_RE = re.compile(r"[-\s]olds?\b", re.IGNORECASE)


def is_age(c: Parsed, f: Figure) -> bool:
    """Whether ``f`` is an age ("a 22-year-old", "22 years old"): news gives ages as a bare
    number after the name ("Jane Doe, 22,"), which states the same age."""
    return f.kind == "duration" and f.unit.startswith("year") and \
        _AGE_RE.match(c.text, f.end) is not None


# an age given after a name: "Jane Doe, 22, said", "Jane Doe (22)", "aged 22"
_AGE_AFTER_RE = re.compile(r"\s*(?:[,)]|$)")
_AGE_BEFORE_RE = re.compile(r"(?:,|\(|\baged?)\s*$", re.IGNORECASE)


def age_stated(number: Decimal, ev: PreparedEvidence) -> bool:
    """Whether the evidence gives ``number`` as an age after a name."""
    for p in ev.parsed:
        for e in p.figures:
            if e.kind == "number" and e.number == number and _AGE_AFTER_RE.match(
                    p.text, e.end) and _AGE_BEFORE_RE.search(p.text, max(0, e.start - 6),
                                                             e.start):
                return True
    return False

"""Words of one predicate: a value "came out" in 1970 has the place of one "released" in
1969, and a release ordered "after" one thing is the same event as one "released" before
it. Read by the binding rules (:mod:`certirag.verifiers.anchors`, on their term stems) and
the order check (:mod:`certirag.checks.order`, on the check's stems); both stemmers give
the stems here for these words."""

from __future__ import annotations

import re

__all__ = ["CAME_OUT", "SAME_PREDICATE", "one_predicate"]

#: Stems of one predicate, each read as the first one's.
SAME_PREDICATE = {"issu": "releas", "publish": "releas", "launch": "releas",
                  "premier": "releas", "debut": "releas", "wrot": "writ", "written": "writ",
                  "write": "writ", "author": "writ", "helm": "direct", "featur": "star",
                  "establish": "found", "construct": "built", "died": "die"}
#: "came out" and its forms: a release ("Abbey Road came out in 1969").
CAME_OUT = re.compile(r"\b(?:came|come|comes|coming)\s+out\b", re.IGNORECASE)


def one_predicate(text: str) -> str:
    """``text`` with "came out" written as "released", for a stemmer to read."""
    return CAME_OUT.sub("released", text)

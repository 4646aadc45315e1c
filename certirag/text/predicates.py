"""Words of one predicate: a value "came out" in 1970 has the place of one "released" in
1969, and a release ordered "after" one thing is the same event as one "released" before
it. Read by the binding rules (:mod:`certirag.verifiers.anchors`, on their term stems) and
the order check (:mod:`certirag.checks.order`, on the check's stems); both stemmers give
the stems here for these words."""

from __future__ import annotations

import re

__all__ = ["CAME_OUT", "SAME_PREDICATE", "one_predicate", "release_reading"]

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


# "came out" in a claim, and the participle of a release its span uses instead
_CAME_OUT_FORMS = re.compile(r"\b(?P<v>came|comes|come|coming)\s+out\b", re.IGNORECASE)
_RELEASED = re.compile(r"\b(?P<p>released|published|launched|premiered|issued)\b", re.IGNORECASE)
_BE_FOR = {"came": "was", "comes": "is", "come": "be", "coming": "being"}


def release_reading(claim: str, premise: str) -> str:
    """``claim`` with "came out" written as the release its span ``premise`` states
    ("Ironmoss Hollow came out on PC in 2022." → "Ironmoss Hollow was released on PC in
    2022." against "… was released for PC in 2022."; scorer ``certirag.scorer.v7``): our
    model scored the phrasal verb P(entailment) 0.54 there, the span's own word 0.95. A
    release is what "came out" says of a work; only the span's own word is written in."""
    if "out" not in claim:
        return claim
    done = _RELEASED.search(premise)
    if done is None:
        return claim
    word = done["p"].lower()
    return _CAME_OUT_FORMS.sub(lambda m: f"{_BE_FOR[m['v'].lower()]} {word}", claim)

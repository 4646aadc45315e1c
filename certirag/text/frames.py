"""Quote frames: does a passage quote a sentence only to deny, doubt or suppose it?

A sentence copied whole from a passage says what the passage says — unless the passage
says it in order to refute it ("A rumour spread that the bank would close. The bank will
close all branches in 2026. The bank said this is false."), to attribute it to a doubter
("Critics claimed …"), or to suppose it ("Consider a hypothetical scenario: …"). The
quote rule of ``certirag.policy.v3`` asks :func:`quote_frame` about the sentence and its
two neighbours before it lets a verbatim copy pass without the model; the model then
scores the claim against that neighbourhood, and a contradiction there blocks it.

The cue lists are small and deterministic, and belong to the policy (a certificate's
``certirag.policy.v3`` fixes them); a frame they find is recorded as the reason
``quote_framed`` with the cue.
"""

from __future__ import annotations

import re

__all__ = ["quote_frame"]

# In the sentence itself: a label or a report of a belief, a doubt or a supposition.
_SELF = re.compile(
    r"^\W*(?:myth|rumou?r|claim|false|fake|fiction|misconception|hoax|hypothetically|"
    r"suppose|imagine|what if)\b\W*|"
    r"\b(?:allegedly|supposedly|purportedly|reportedly|rumou?red|hypothetical(?:ly)?)\b",
    re.IGNORECASE)
# The sentence before: it introduces what follows as a belief, a rumour or a supposition.
_BEFORE = re.compile(
    r"\b(?:rumou?rs?|myths?|misconceptions?|hoax(?:es)?|allegations? (?:that|of)|"
    r"alleged (?:that|to)|claimed (?:that|to)|claims? (?:that|was|were)|critics|"
    r"(?:claimed|alleged|asserted|insisted)\b.{0,40}\bthe following|sceptics|skeptics|"
    r"some (?:people )?(?:believe|say|"
    r"claim|think|argue)|it (?:is|was|has been) (?:said|claimed|rumou?red|suggested|"
    r"alleged)|hypothetical|suppose|imagine|consider (?:a|the|this)|for the sake of argument|"
    r"a common belief|people often think|fake|forged|conspiracy)\b",
    re.IGNORECASE)
# The sentence after: it denies, refutes or doubts what came before.
_AFTER = re.compile(
    r"\b(?:(?:is|was|are|were|to be) (?:not true|false|untrue|incorrect|wrong|baseless|"
    r"unfounded|a myth|a rumou?r|misleading|fake)|not true|untrue|incorrect|debunked|"
    r"(?:denied|denies|deny|refuted|refutes|rejected) (?:this|that|it|these|those|the "
    r"(?:\w+ )?(?:claims?|reports?|rumou?rs?|allegations?|story|stories))|"
    r"(?:said|says|stated) (?:it|they|he|she) (?:did|does|"
    r"had|has|was|is|were) not|rejected (?:the|this|that|these) (?:claim|report|"
    r"rumou?r)s?|no evidence|never happened|this is false|that is false|in fact,? (?:no|"
    r"the opposite)|in reality|however,? this)\b",
    re.IGNORECASE)


# A claim that reports the frame itself ("The alleged kidnapper …", "Critics claimed …")
# says what the passage says.
_REPORTS = re.compile(
    r"\b(?:alleged(?:ly)?|allegations?|claim(?:s|ed)|accus(?:ed|es|ation)|reportedly|"
    r"rumou?red|supposedly|purportedly|hypothetical(?:ly)?)\b", re.IGNORECASE)


def quote_frame(before: str, sentence: str, after: str, claim: str = "") -> str | None:
    """The cue that frames ``sentence`` (between its neighbours ``before`` and
    ``after`` in the same passage; empty strings when there are none) as denied,
    doubted or supposed, or ``None`` when nothing does or when the ``claim`` the
    sentence supports reports the frame itself."""
    if claim and _REPORTS.search(claim):
        return None
    for text, rule, where in ((sentence, _SELF, "in the sentence"),
                              (before, _BEFORE, "before it"), (after, _AFTER, "after it")):
        m = rule.search(text) if text else None
        if m:
            cue = m.group(0).strip(" :") or ":"
            return f"{cue!r} {where}"
    return None

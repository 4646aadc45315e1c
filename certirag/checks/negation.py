"""Negation on one side only: the claim negates what its aligned evidence sentence states
plainly, or the evidence negates what the claim states (``negation_mismatch``). A
negation over a pair or a comparison ("not both", "not the same") denies the relation, not
what the evidence says of each item; a negation the evidence states in another sentence
about the same thing, the way the claim does, is left to the model."""

from __future__ import annotations

import re

from certirag.checks._text import stem
from certirag.checks.base import Finding
from certirag.checks.charges import NO_CHARGE
from certirag.checks.parse import SentInfo
from certirag.checks.polarity import elliptical_negation
from certirag.checks.prepared import PreparedEvidence
from certirag.checks.roles import DETERMINERS
from certirag.text.frames import answered_no

__all__ = ["NOT_REQUIRED", "answered_no_to", "check_negation", "faq_no"]


def _unnegated(s: SentInfo) -> set[str]:
    inside: set[int] = set()
    for sc in s.polarity.scopes:
        inside.update(range(sc.cue + 1, sc.last + 1))
    return {st for i, st in enumerate(s.stems) if st is not None and i not in inside}


# Verbs that say what a finding shows: one claim of evidence in any of these words ("the
# detection suggests that …" where "the detection did not indicate that …")
_EVIDENTIAL = frozenset({"suggest", "indicat", "show", "shown", "imply", "demonstrat",
                         "prov", "confirm"})
# A negation over a pair or a comparison ("not both American", "not founded in the same
# state") denies the relation, not what the evidence says of each item.
_COLLECTIVE = frozenset({"both", "same"})
# "covered only if …": a claim's "otherwise … not covered" states the same condition
_ONLY_IF = re.compile(r"\bonly\s+(?:if|when|where|once|after)\b|\bunless\b|\bprovided\b",
                      re.IGNORECASE)


#: A thing stated as no duty: "A current handicap certificate is not required" (checks v24)
NOT_REQUIRED = re.compile(r"\b(?:is|are)\s+not\s+(?:required|needed|necessary|compulsory|"
                          r"mandatory|obligatory)\b|\b(?:isn['’]t|aren['’]t)\s+(?:required|"
                          r"needed|necessary|compulsory|mandatory|obligatory)\b", re.IGNORECASE)
# "You don't need a handicap certificate": the claim's way of saying the same
_NEED_NOT = re.compile(r"\b(?:don['’]t|do\s+not|doesn['’]t|does\s+not|won['’]t|will\s+not)\s+"
                       r"(?:even\s+)?need\b", re.IGNORECASE)


def check_negation(s: SentInfo, e: SentInfo, out: list[Finding],
                    ev: PreparedEvidence | None = None) -> None:
    """A negation on one side only, against the aligned sentence ``e``; excused when another
    sentence of ``ev`` about the same thing states it as the claim does ("… has pleaded
    guilty" and, later, "Ms Hannibal had pleaded not guilty at a previous hearing"). The
    caller skips a pair where ``e`` is an FAQ question answered "No" (:func:`answered_no_to`)."""
    got = _negation_mismatch(s, e)
    if got is None:
        return
    finding, words, claim_negates = got
    if claim_negates and _NEED_NOT.search(s.text) and (w := NOT_REQUIRED.search(e.text)) \
            and set(words) <= e.stems_between(e.start, e.start + w.start()):
        return  # "You don't need a handicap certificate." for "A … certificate is not required"
    if ev is not None and any(
            x is not e and len(s.content & x.content - set(words)) >= 2
            and all(w in x.content for w in words)
            and (all(w in x.polarity.negated for w in words) if claim_negates
                 else all(w in _unnegated(x) for w in words))
            for x in ev.sentences):
        return
    out.append(finding)


# what makes a question wider than a claim that negates part of it: "Are pets allowed in
# all the cabins? No." denies no "Pets are not allowed in the cabins."
_WIDE = frozenset({"all", "every", "both", "and", "or", "any", "always", "only"})


def faq_no(ev: PreparedEvidence) -> list[tuple[SentInfo, SentInfo]]:
    """The evidence's yes/no questions that the sentence after each answers "No" (an FAQ's
    "Q: Do I need a new meter? A: No, …"), each with that answer; found once per prepared
    evidence (checks v23)."""
    return ev.derived("negation.faq_no", lambda e: [
        (q, a) for q, a in zip(e.sentences, e.sentences[1:], strict=False)
        if answered_no(q.text, a.text)])


def answered_no_to(s: SentInfo, e: SentInfo, ev: PreparedEvidence) -> bool:
    """Whether ``e`` is a yes/no question the evidence sentence after it answers "No"
    (:func:`faq_no`) and claim sentence ``s`` negates just what it asks: every content
    word of the question is the claim's, and the question has no word that widens it
    ("all", "both", "and" …): the claim says what the answer says (checks v23)."""
    return e.text.rstrip().endswith("?") and e.content <= s.content \
        and not any(t.text.lower() in _WIDE for t in e.toks) and any(q is e for q, _ in faq_no(ev))


def _negation_mismatch(s: SentInfo, e: SentInfo
                       ) -> tuple[Finding, tuple[str, ...], bool] | None:
    # (an ability, "was able to cover …", leaves the rest of the sentence to this check)
    c_modal = any(not m.text.lower().endswith("able to") for m in s.modals)
    e_modal = any(not m.text.lower().endswith("able to") for m in e.modals)
    e_free = _unnegated(e)
    lows = {t.text.lower() for t in s.toks}
    collective = bool(lows & _COLLECTIVE)  # "X and Y are not both …", "not the same …"
    for sc in s.polarity.scopes:
        if not sc.words or (sc.modal and e_modal) or (collective
                                                      and sc.cue_text in ("not", "n't")):
            continue
        if any(t.text.lower() == "otherwise" for t in s.toks[max(0, sc.cue - 5):sc.cue]) \
                and _ONLY_IF.search(e.text):
            continue  # "Only if you bought it — otherwise it isn't covered": "only if"
        if all(w in e.content for w in sc.words) and not any(
                w in e.polarity.negated for w in sc.words) and all(w in e_free for w in sc.words):
            return (Finding("negation_mismatch", "contradiction",
                            f"the claim negates {' '.join(sc.words)!r} ({sc.cue_text!r}); the "
                            f"evidence states it without negation", _cue_text(s, sc.cue),
                            e.text), sc.words, True)
    if not e.polarity.scopes or elliptical_negation(s.text):
        return None  # "but the cop constantly refused.": a refusal of what the evidence says
    c_free = _unnegated(s) - _attributive(s) - _free_of(s)
    if c_free & _EVIDENTIAL:  # "suggests" states what "did not indicate" denies
        c_free |= _EVIDENTIAL
    for sc in e.polarity.scopes:
        if not sc.words or (sc.modal and c_modal):
            continue
        if all(w in c_free for w in sc.words) and not any(
                w in s.polarity.negated for w in sc.words) and not all(
                w in e_free for w in sc.words):  # "never had a facelift … to have the facelift"
            return (Finding("negation_mismatch", "contradiction",
                            f"the evidence negates {' '.join(sc.words)!r} ({sc.cue_text!r}); "
                            f"the claim states it without negation", s.text, e.text),
                    sc.words, False)
    return None


def _free_of(s: SentInfo) -> set[str]:
    """The stems of what ``s`` says a thing is free of ("free of charge": "charg"), no
    charge as the evidence's "at no charge" says (checks v21)."""
    return {stem(m[0].split()[-1].lower()) for m in NO_CHARGE.finditer(s.text)
            if m[0].lower().startswith("free")}


def _attributive(s: SentInfo) -> set[str]:
    """The stems of words in -ing that a determiner puts before a noun ("the stopping
    service", "a winning goal"): they name a kind of thing, they state no event, so the
    evidence's "does not stop" is not what they say. A stem the sentence also states in
    another form ("stops", "stopped") is not one of them."""
    low = [t.text.lower() for t in s.toks]
    named = {str(s.stems[i]) for i in range(1, len(low) - 1)
             if s.stems[i] is not None and low[i].endswith("ing")
             and low[i - 1] in DETERMINERS and s.toks[i + 1].text[:1].isalpha()}
    stated = {str(st) for st, w in zip(s.stems, low, strict=True)
              if st is not None and not w.endswith("ing")}
    return named - stated


def _cue_text(s: SentInfo, cue: int) -> str:
    tok = s.toks[cue]
    if tok.text.lower() == "n't" and cue:
        return s.toks[cue - 1].text + tok.text
    return tok.text

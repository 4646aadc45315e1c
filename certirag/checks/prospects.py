"""A thing the evidence only hopes, plans, expects, tries, asks for or considers, or says
will happen, stated as done ("The museum will reopen on 3 June." supports no "It reopened on
3 June."; "was considering an appeal" no "has appealed"; "further experiments were planned
for 2025" no "has completed follow-up experiments").

"The team hopes to restore it with a software update." supports no "Engineers have
restored the spectrometer."; "The region has requested emergency funding." no "The
government has provided emergency funding"; "The deal is expected to complete in the first
quarter." no "The deal completed in the first quarter." The sentence check compares a
claim with the one evidence sentence that shares most words with it, which is often
another (the sentence that names the spectrometer); this check reads every sentence of the
evidence. The thing (its stem: "restor", "fund", "complet") must be one the claim states,
and no evidence sentence may state it outside such a phrase. A claim that hedges, speaks
of the future ("will restore") or reports the plan itself ("hopes to restore") states no
more than the evidence. The finding is ``hedge_mismatch``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from certirag.checks._text import has_any, stem
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.qualifiers import future, qualified
from certirag.text.sentences import is_question

__all__ = ["check_prospects"]

# The phrase, and the word it puts off: "hopes to [fully] restore", "is expected to
# complete", "applied for approval", "requested emergency funding".
_PLANNED = re.compile(
    r"\b(?:hopes?|hoped|hoping|plans?|planned|planning|aims?|aimed|aiming|intends?|intended"
    r"|wants?|wanted|seeks?|sought|seeking|tries|tried|trying|attempts?|attempted|expects?"
    r"|expected|is\s+due|are\s+due|was\s+due|were\s+due)\s+to\s+(?:[a-z]+ly\s+)?"
    r"(?P<verb>[a-z]+)"
    r"|\b(?:(?:appl(?:y|ies|ied|ying)|bid|bidding|push(?:es|ed|ing)?|call(?:s|ed|ing)?)\s+for"
    r"|request(?:s|ed|ing)?|propos(?:e|es|ed|ing))\s+(?:(?:a|an|the|its|their|his|her)\s+)?"
    r"(?P<noun>[a-z]+)"
    r"(?:\s+(?P<noun2>[a-z]+))?"
    # "was considering an appeal", "would consider seeking a retrial" (not a past
    # "considered", which may have been decided)
    r"|\b(?:(?:is|are|was|were)\s+considering|(?:would|will|to)\s+consider)\s+"
    r"(?:[a-z]+ing\s+)?(?:(?:a|an|the|its|their|his|her)\s+)?(?P<weighed>[a-z]+)"
    # "we considered raising the price to $14.99, but we decided against it": a past
    # "considered" the same sentence says came to nothing
    r"|\b(?:considered|weighed|discussed|debated|explored)\s+(?P<dropped>[a-z]+ing)\b"
    r"(?=(?:[^.;]|\.\d)*\b(?:decided\s+against|decided\s+not\s+to|rejected|abandoned|dropped|"
    r"scrapped|shelved|ruled\s+(?:it|this|that)\s+out)\b)"
    # "further experiments were planned for 2025" (not "is scheduled to arrive": what is
    # planned is the arrival)
    r"|\b(?P<scheduled>[a-z]+)\s+(?:is|are|was|were)\s+(?:planned|scheduled)\b(?!\s+to\b)",
    re.IGNORECASE)


# A claim that speaks of the considering itself ("Zola being considered for the job",
# "considerations for road closures", "food some clerics consider forbidden") states no
# deed of it.
_CONSIDERED = re.compile(r"\bconsider(?:s|ed|ing|ation|ations)?\b", re.IGNORECASE)
_LINKS = frozenset("of from to for in on at by with and or".split())


def _stems(word: str) -> set[str]:
    """``word``'s stem, and a noun's verb ("approval" → "approv", "completion" →
    "complet")."""
    low = word.lower()
    out = {stem(low)}
    for tail in ("al", "ion"):
        if low.endswith(tail) and len(low) > len(tail) + 3:
            out.add(stem(low[:-len(tail)] + ("e" if tail == "ion" else "")))
    return out


@lru_cache(maxsize=8192)
def _planned(text: str) -> tuple[tuple[str, str, bool], ...]:
    """``(stem, phrase, noun)`` of each thing ``text`` only plans, hopes or asks for;
    ``noun`` for a thing asked or applied for (its claim may use another verb: "has
    provided funding" for "requested funding")."""
    out = []
    for m in _PLANNED.finditer(text):
        # the thing asked for, or the word before it ("emergency funding", "approval of");
        # a thing proposed by its head noun ("proposed the annual fixture": not "annual")
        nouns = [m.group("noun"), m.group("noun2"), m.group("weighed"), m.group("scheduled")]
        if m.group(0).lower().startswith("propos") and nouns[1] and nouns[1].lower() not in _LINKS:
            nouns = [nouns[1]]
        for word, noun in ((m.group("verb") or m.group("dropped"), False),
                           *((n, True) for n in nouns)):
            if word and word.lower() not in _LINKS:
                out += [(st, m.group(0), noun) for st in _stems(word)]
    return tuple(out)


# "The museum will reopen on 3 June": done only in the future; a claim that it reopened
# (a past form, or "has reopened") states it done
# (active only: "will be broken", "will be based" are read as headlines write them, "records
# being broken", "positions based in Redmond")
_WILL = re.compile(r"\b(?:will|shall)\s+(?:(?:not|soon|finally|now|then|eventually|also|only)"
                   r"\s+)?(?P<verb>(?!be\b|have\b)[a-z]+)", re.IGNORECASE)
# "his team would appeal Reyes's red card": a future reported ("said … would")
_WOULD = re.compile(r"\b(?:said|says|announced|confirmed|added|stated|insisted|vowed)\b"
                    r"[^.;:!?]{0,60}?\bwould\s+(?:(?:not|soon|also|now|then)\s+)?"
                    r"(?P<verb>(?!be\b|have\b)[a-z]+)", re.IGNORECASE)
_PERFECT = frozenset("has have had was were".split())
_IRREGULAR_PAST = frozenset("""built made won lost sold bought found held paid sent spent kept
left ran began begun took taken gave given got gotten wrote written""".split())


def _done(stem: str, s: SentInfo) -> bool:
    """Whether ``s`` states the verb of ``stem`` in the past: a past form ("reopened") or
    after has/had/was ("has reopened", "was reopened")."""
    for k, (tok, st) in enumerate(zip(s.toks, s.stems, strict=True)):
        if st is None or stem not in _stems(tok.text):
            continue
        low = tok.text.lower()
        if low.endswith("ing"):
            continue  # "was restraining", "after finding it": not done
        if low.endswith(("ed", "en")) or low in _IRREGULAR_PAST or (
                k and s.toks[k - 1].text.lower() in _PERFECT):
            return True
    return False


# a claim that expects what it speaks of ("the repairs, which should be finished next spring")
# states nothing done
_EXPECTED = re.compile(r"\b(?:should|ought\s+to|(?:is|are)\s+(?:due|set)\s+to)\b", re.IGNORECASE)
# a claim that states something done, whatever its verb ("has provided funding")
_DONE = re.compile(r"\b(?:has|have|had|was|were)\s+(?:been\s+)?[a-z]+(?:ed|en|wn|t)\b"
                   r"|\b[a-z]{3,}ed\b", re.IGNORECASE)


# what makes the next word a noun: "Dunmore's appeal", "the appeal"
_DETERMINERS = frozenset("the a an its their his her our your this that".split())


def _outcome(stem: str, s: SentInfo) -> bool:
    """Whether ``s`` gives the thing of ``stem`` as a noun ("Dunmore's appeal against the
    red card was rejected") with a verb in the past: an outcome of it, so it took place."""
    for k, (tok, st) in enumerate(zip(s.toks, s.stems, strict=True)):
        if st is None or stem not in _stems(tok.text) or not k:
            continue
        prev = s.toks[k - 1].text.lower()
        if prev in _DETERMINERS or prev.endswith(("'s", "’s")):
            return _DONE.search(s.text[tok.end - s.start:]) is not None
    return False


def _states_a_deed(s: SentInfo) -> bool:
    """Whether ``s`` has a verb in the past at all (the finding needs one; a claim in the
    present tense is not read against the evidence)."""
    lows = [t.text.lower() for t in s.toks]
    return _DONE.search(s.text) is not None or any(
        low.endswith(("ed", "en")) or low in _IRREGULAR_PAST or (k and lows[k - 1] in _PERFECT)
        for k, low in enumerate(lows))


def _flat(stem: str, s: SentInfo) -> bool:
    """Whether ``s`` states ``stem`` outside a plan, a hope or a request (a question, "Will
    Streamly raise its prices?", states nothing)."""
    if is_question(s.text):
        return False
    rest = _PLANNED.sub(" ", s.text)
    return not s.hedges and any(stem in _stems(w) for w in re.findall(r"[A-Za-z]+", rest))


_Plans = tuple[tuple[SentInfo, tuple[tuple[str, str, bool], ...],
                     tuple[tuple[str, str, bool], ...]], ...]


def _plans(ev: PreparedEvidence) -> _Plans:
    """The evidence sentences that plan, hope or ask for something, or say it will happen:
    each with :func:`_planned` of it and its "will" phrases (verb, phrase, and whether it is
    a future reported: "said … would appeal")."""
    out = []
    for e in ev.sentences:
        planned = _planned(e.text)
        wills = (*((m.group("verb"), m.group(0), False) for m in _WILL.finditer(e.text)),
                 *((m.group("verb"), m.group(0), True) for m in _WOULD.finditer(e.text)))
        if planned or wills:
            out.append((e, planned, wills))
    return tuple(out)


# A state the evidence says will begin ("it will become mandatory on 1 September"), and a
# claim that it holds now ("2FA is now mandatory").
_WILL_BECOME = re.compile(r"\b(?:will|shall)\s+(?:only\s+)?(?:become|be)\s+(?P<state>[a-z]{4,})\b",
                          re.IGNORECASE)
_NOW = re.compile(r"\b(?:is|are|'s|’s)\s+(?:now|already|currently)\s+(?P<state>[a-z]{4,})\b",
                  re.IGNORECASE)


def _state_now(s: SentInfo, ev: PreparedEvidence) -> Finding | None:
    """``hedge_mismatch`` for a claim that a state holds now ("is now mandatory") that the
    evidence says will begin ("will become mandatory on 1 September"), where no evidence
    sentence says it holds."""
    low = s.text.lower()
    if not ("now" in low or "already" in low or "currently" in low) or not (
            "will " in ev.lower_text or "shall " in ev.lower_text):
        return None
    m = _NOW.search(s.text)
    if m is None:
        return None
    state = stem(m["state"])
    for e in ev.sentences:
        w = _WILL_BECOME.search(e.text)
        if w is None or stem(w["state"]) != state or len(s.content & e.content) < 2:
            continue
        if any(re.search(rf"\b(?:is|are)\s+(?:now\s+|already\s+)?{re.escape(w['state'])}\b",
                         x.text, re.IGNORECASE) for x in ev.sentences):
            return None
        return Finding("hedge_mismatch", "ungrounded",
                       f"the claim states as holding now what the evidence says will begin "
                       f"({w.group(0)!r})", s.text, e.text)
    return None


# A plan the evidence says came to nothing: "The plan was abandoned in 2023", "… but the
# council voted it down", "The deal fell through."
_ABANDONED = re.compile(
    r"\b(?:(?:plans?|proposals?|idea|project|scheme|bid|deal|merger|takeover|sale)\s+"
    r"(?:was|were|has\s+been|have\s+been|had\s+been|is|are)\s+(?:later\s+|since\s+|"
    r"eventually\s+|quietly\s+|formally\s+)?(?:abandoned|scrapped|dropped|shelved|"
    r"cancell?ed|rejected|withdrawn|called\s+off|voted\s+down)|decided\s+against|"
    r"voted\s+(?:it\s+)?(?:down|against)|never\s+went\s+ahead|(?:did\s+not|didn['’]t)\s+go\s+"
    r"ahead|fell\s+through|came\s+to\s+nothing|decided\s+not\s+to\s+(?:proceed|go\s+ahead)|"
    r"(?:will|would)\s+not\s+(?:proceed|go\s+ahead))\b", re.IGNORECASE)
# a plan denied where it is named: "she does not plan to write a third book"
_DENIED_PLAN = re.compile(
    r"\b(?:(?:does|do|did)\s+not|(?:doesn|don|didn)['’]t)\s+(?:plan|intend)\s+to\s+"
    r"(?P<verb>[a-z]+)|\b(?:has|have|had)\s+no\s+(?:plans?|intention)\s+to\s+(?P<verb2>[a-z]+)"
    r"|\bno\s+longer\s+(?:plans?|intends?)\s+to\s+(?P<verb3>[a-z]+)", re.IGNORECASE)


def _abandoned(ev: PreparedEvidence) -> tuple[tuple[SentInfo, tuple[tuple[str, str, bool], ...]],
                                               ...]:
    """The evidence sentences that plan something the same or the next sentence says came
    to nothing, each with :func:`_planned` of it."""
    out = []
    for i, e in enumerate(ev.sentences):
        # a plan, or a future someone reported ("Reports suggested that Quillon would
        # acquire Tessaly.")
        planned = _planned(e.text) + tuple(
            (st, m.group(0), False) for m in (*_WILL.finditer(e.text), *_WOULD.finditer(e.text),
                                              *_REPORTED_WOULD.finditer(e.text))
            for st in _stems(m.group("verb")))
        nxt = ev.sentences[i + 1].text if i + 1 < len(ev.sentences) else ""
        if planned and (_ABANDONED.search(e.text) or _ABANDONED.search(nxt)):
            out.append((e, planned))
            continue
        denied = tuple((st, m.group(0), False) for m in _DENIED_PLAN.finditer(e.text)
                       for st in _stems(m.group("verb") or m.group("verb2") or m.group("verb3")))
        if denied:
            out.append((e, denied))
    return tuple(out)


def _given_up(c: Parsed, ev: PreparedEvidence) -> Finding | None:
    """``hedge_mismatch`` for a claim that states, in any tense ("will build", "built",
    "is building"), what the evidence says was only planned and then given up ("announced
    a plan to build a car park … The plan was abandoned in 2023"). A claim that speaks of
    the plan or its end states no more than the evidence."""
    if not has_any(ev.lower_text, _GIVEN_UP_HINTS):
        return None
    plans = ev.derived("prospects.abandoned", _abandoned)
    for s in c.sentences if plans else ():
        if s.hedges or is_question(s.text) or _PLANNED.search(s.text) \
                or _CONSIDERED.search(s.text) or _ABANDONED.search(s.text) \
                or _PLAN_WORD.search(s.text):
            continue
        said = {st for st in s.stems if st}
        for e, planned in plans:
            if len(said & e.content) < 2:
                continue
            for thing, phrase, _ in planned:
                if thing in said and thing not in s.polarity.negated \
                        and not any(_flat(thing, x) for x in ev.sentences if x is not e):
                    return Finding("hedge_mismatch", "ungrounded",
                                   f"the claim states what the evidence says was only planned "
                                   f"and given up, or is not planned ({phrase!r})", s.text,
                                   e.text)
    return None


# "Reports … suggested that Quillon Software would acquire …"
_REPORTED_WOULD = re.compile(r"\b(?:suggested|reported|speculated|claimed|rumou?red|expected|"
                             r"predicted|believed|thought|hoped)\b"
                             r"[^.;:!?]{0,60}?\bwould\s+(?P<verb>(?!be\b|have\b)[a-z]+)",
                             re.IGNORECASE)
_GIVEN_UP_HINTS = ("abandon", "scrap", "drop", "shelv", "cancel", "reject", "withdr",
                   "called off", "voted", "against", "went ahead", "go ahead", "fell through",
                   "came to nothing", "not to proceed", "not proceed", "not plan", "t plan",
                   "not intend", "t intend", "no plan", "no intention", "no longer")
_PLAN_WORD = re.compile(r"\b(?:plan|plans|planned|proposal|proposed|idea|abandon\w*|scrap\w*)\b",
                        re.IGNORECASE)


def check_prospects(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    """``hedge_mismatch``: the claim states as done what the evidence only plans, hopes,
    expects or asks for (see the module docstring), or states at all what it says was
    planned and given up."""
    for s in c.sentences:
        if (now := _state_now(s, ev)) is not None:
            out.append(now)
            return
    given_up = _given_up(c, ev)
    if given_up is not None:
        out.append(given_up)
        return
    deeds = [s for s in c.sentences if not (
        s.hedges or "?" in s.text or not _states_a_deed(s) or qualified(s.text)
        or future(s.text) or _PLANNED.search(s.text) or _CONSIDERED.search(s.text)
        or _EXPECTED.search(s.text))]
    # (a question read with its answer asks its verbs, states none)
    plans = ev.derived("prospects.plans", _plans) if deeds else ()
    for s in deeds if plans else ():
        said = {st for st in s.stems if st}
        for e, planned, wills in plans:
            if len(said & e.content) < 2:
                continue
            for thing, phrase, noun in planned:
                if thing not in said or thing in s.polarity.negated:
                    continue  # ("was ultimately not charged": no deed stated)
                if not (_DONE.search(s.text) if noun else _done(thing, s)):
                    continue  # "was trying to restrain" for "was restraining": not done
                if any(_flat(thing, x) for x in ev.sentences):
                    continue
                out.append(Finding("hedge_mismatch", "ungrounded",
                                   f"the claim states as done what the evidence only plans, "
                                   f"expects or asks for ({phrase!r})", s.text, e.text))
                return
            for verb, phrase, reported in wills:
                things = _stems(verb)
                if not things & said:
                    continue
                thing = next(iter(things & said))
                # (a future someone reported, "said his team would appeal", is read only
                # against an outcome of it: "Dunmore's appeal … was rejected")
                if not (_outcome(thing, s) or (not reported and _done(thing, s))) or any(
                        _flat(thing, x) and not _WILL.search(x.text)
                        and not _WOULD.search(x.text) for x in ev.sentences):
                    continue
                out.append(Finding("hedge_mismatch", "ungrounded",
                                   f"the claim states as done what the evidence says will "
                                   f"happen ({phrase!r})", s.text, e.text))
                return

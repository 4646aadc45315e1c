"""A restriction of the evidence dropped: a waiting period or the one means it allows
(``qualifier_dropped``), the other case of a contrast (``polarity_mismatch``), a use it
rules out for a condition (``negation_mismatch``, :func:`check_barred_use`).

**A waiting period.**
"You can work from home up to two days a week from your start date." against "Employees may
work from home up to two days per week. Remote working is not available during the first
three months of employment.": the claim says a thing holds from the start where an evidence
sentence that speaks of it says it does not hold for a first stretch of time (or holds only
after one). The model reads the claim as entailed by the first sentence (P(entailment)
0.57); the rule reads the onset the claim gives ("from your start date", "from day one",
"straight away", "as soon as you join") against the sentence's first days, weeks, months
or years under a denial, or its "only after". The sentence must share a word with the
claim besides the time words.

**The one means.** "Harlow Freight Carriers will send standalone lithium-ion batteries by
air." against "… batteries shipped on their own are accepted only by sea freight …": the
evidence allows one means ("only by", "only via", "only through") and the claim gives
another by the same word, not one of the allowed means' words. The sentence must share two
words with the claim.
"""

from __future__ import annotations

import re
from itertools import islice

from certirag.checks._text import stems_of
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.text.contractions import negation_cue
from certirag.text.verbs import PAST_PARTICIPLES

__all__ = ["check_barred_use", "check_contrast", "check_means", "check_paid_when", "check_waiting"]

_ONSET = re.compile(
    r"\bfrom (?:(?:your|the|their|his|her|my) )?(?:very )?(?:start date|first day|first "
    r"week|day one|(?:very )?start|outset|beginning)\b|\bfrom day one\b|\b(?:immediately|"
    r"straight away|right away|at once)\b|\bas soon as (?:you|they|he|she|i|we) (?:start|"
    r"join|sign up|enrol|enroll|begin|are hired|arrive)", re.IGNORECASE)
_FIRST = re.compile(
    r"\b(?:during|in|for|within|before the end of|until the end of|until after) "
    r"(?:the|your|their|his|her|an employee's|a member's) first (?:\w+ )?(?:days?|weeks?|"
    r"months?|years?)\b|\bonly after\b|\bnot (?:until|before)\b|\buntil (?:you|they|he|she) "
    r"(?:have|has) (?:completed|passed|served|worked)\b|\b(?:after|once) (?:completing|passing"
    r"|finishing) (?:the|your|their|a) (?:\w+[- ])?(?:probation|qualifying|waiting)",
    re.IGNORECASE)
_DENIED = re.compile(negation_cue("not|no|cannot|never|unavailable|ineligible|excluded"),
                     re.IGNORECASE)
_ONLY_AFTER = re.compile(r"\bonly after\b|\bnot (?:until|before)\b|\buntil (?:you|they|he|she)"
                         r"\b|\b(?:after|once) (?:completing|passing|finishing)\b",
                         re.IGNORECASE)
_TIME_WORDS = frozenset("first day days week weeks month months year years start date during "
                        "within only after until before from".split())


def _words(text: str) -> frozenset[str]:
    return stems_of(text, _TIME_WORDS)


def check_waiting(c: Parsed, ev: PreparedEvidence, question: Question,
                  out: list[Finding]) -> None:
    """``qualifier_dropped``: the claim gives an onset ("from your start date") where an
    evidence sentence that shares a word with it denies the first stretch of time or
    allows the thing only after one (see the module docstring)."""
    onset = _ONSET.search(c.text)
    if onset is None or _DENIED.search(c.text):
        return
    claim = _words(c.text[:onset.start()] + " " + c.text[onset.end():])
    for s in ev.sentences:
        first = _FIRST.search(s.text)
        if first is None or not claim & _words(s.text):
            continue
        if _DENIED.search(s.text) is None and _ONLY_AFTER.search(s.text) is None:
            continue
        out.append(Finding(
            "qualifier_dropped", "ungrounded",
            f"the claim says it holds {onset.group(0)!r}; the evidence puts a waiting period "
            f"first ({first.group(0)!r}): {s.text.strip()!r}", onset.group(0), s.text.strip()))
        return


# when the claim has the asker pay: "you pay the stall fee when you submit your
# application", "payment is taken on booking", "pay upfront"
_PAY_WHEN = re.compile(r"\b(?:pay|pays|paid|paying|payment\s+is\s+(?:taken|due|made)|charged)\b"
                       r"[^.;!?]{0,50}?\b(?P<when>(?:when|as\s+soon\s+as|at\s+the\s+time|on|"
                       r"upon|once|after)\s+(?:[a-z]+\s+){0,3}[a-z]+|upfront|up\s+front|"
                       r"in\s+advance)", re.IGNORECASE)
_CLAUSE_STOP = re.compile(r"[,;.!?]|\s[-–—]\s")


def _near(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two sets of stems share a word, or a word and its noun ("arrive",
    "arrival": the first five letters)."""
    return bool(a & b) or any(len(x) >= 5 and len(y) >= 5 and x[:5] == y[:5]
                              for x in a for y in b)


_UPFRONT = re.compile(r"upfront|up\s+front|in\s+advance", re.IGNORECASE)
# when the evidence has it paid, and only then: "payable only once a place has been
# confirmed", "paid only after your booking is accepted"
_PAID_ONLY = re.compile(r"\b(?:payable|pay|paid|charged|due|taken)\b[^.;!?]{0,40}?\bonly\s+"
                        r"(?P<when>(?:once|after|when|on|upon)\s+[^.;!?,]{1,60})", re.IGNORECASE)


def check_paid_when(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    """``qualifier_dropped``: the claim has the asker pay at a time ("when you submit your
    application") where an evidence sentence says the sum is payable only at another
    ("… £45 for a single table and £80 for a double, payable only once a place has been
    confirmed"): the two times share no content word (checks v24)."""
    del question
    found = list(_PAY_WHEN.finditer(c.text))
    if len(found) != 1 or _DENIED.search(c.text):
        return  # (two times to pay, a deposit's and the balance's, are the model's to read)
    said = found[0]
    # the time, to the clause's end ("when you arrive at the hotel")
    stop = _CLAUSE_STOP.search(c.text, said.end())
    own = _words(c.text[said.start("when"):stop.start() if stop else len(c.text)])
    if not own and not _UPFRONT.fullmatch(said["when"]):
        return  # ("charged on the day of …": a time of no word of its own)
    claim = _words(c.text) - own
    for s in ev.sentences:
        only = _PAID_ONLY.search(s.text)
        if only is None or _near(own, _words(only["when"])) or not claim & _words(s.text):
            continue
        out.append(Finding(
            "qualifier_dropped", "ungrounded",
            f"the claim has it paid {said['when']!r}; the evidence says it is payable only "
            f"{only['when'].strip()!r}: {s.text.strip()!r}", said[0], s.text.strip()))
        return


_ONLY_BY = re.compile(r"\bonly (?P<prep>by|via|through) (?:(?:a|an|the) )?(?P<what>[\w'’-]+"
                      r"(?: (?!and\b|or\b|if\b|when\b|with\b|for\b|to\b|from\b|in\b|on\b|at\b)"
                      r"[\w'’-]+)?)", re.IGNORECASE)


_LAST_WORD = re.compile(r"([a-z]+)\s*$", re.IGNORECASE)


def _after_participle(text: str, end: int) -> bool:
    """Whether the word before ``end`` is a participle ("chewed by a hyena": an agent)."""
    m = _LAST_WORD.search(text, 0, end)
    return m is not None and (m.group(1).lower().endswith("ed")
                              or m.group(1).lower() in PAST_PARTICIPLES)


def check_means(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    """``qualifier_dropped``: the claim gives a means ("by air") where an evidence sentence
    that shares two words with it allows only another ("only by sea freight"); not an
    agent after a participle ("chewed by a hyena"), nor a claim that says "only" or
    denies."""
    if " only " in f" {c.text.lower()} " or _DENIED.search(c.text):
        return
    if (other := _other_means(c.text, ev)) is not None:
        out.append(other)
        return
    if "only " not in ev.lower_text:
        return
    claim = _words(c.text)
    for s in ev.sentences:
        for m in _ONLY_BY.finditer(s.text):
            allowed = _words(m.group("what"))
            if not allowed or len(claim & _words(s.text[:m.start()] + s.text[m.end():])) < 2:
                continue
            given = re.search(rf"\b{m.group('prep')} (?:(?:a|an|the) )?(?P<what>[\w'’-]+)",
                              c.text, re.IGNORECASE)
            if given is None or _words(given.group("what")) & allowed \
                    or not _words(given.group("what")) \
                    or _after_participle(c.text, given.start()):
                continue  # ("a bone chewed by a hyena": the agent, not a means)
            out.append(Finding(
                "qualifier_dropped", "ungrounded",
                f"the evidence allows it only {m.group('prep')} {m.group('what')!r}; the claim "
                f"says {given.group(0)!r}: {s.text.strip()!r}", given.group(0), s.text.strip()))
            return


# "launched by winch": a participle and the means it is done by, a bare noun in lower case
# (not an agent: "produced by the guitarist", "recognised by someone")
_DONE_BY = re.compile(r"\b(?P<verb>[a-z]+)\s+by\s+(?!(?:a|an|the|his|her|their|its|our|your|"
                      r"my|this|that|these|those|one|some|any|many|someone|anyone|somebody|"
                      r"anybody|people|others?)\b)(?P<what>[a-z][\w-]*"
                      r"(?:\s+(?!(?:to|in|on|at|for|from|with|behind|of|and|or|before|after|"
                      r"during|within|over|under|about|into|until|when|if)\b)[a-z][\w-]*)?)",
                      re.IGNORECASE)


def _other_means(claim: str, ev: PreparedEvidence) -> Finding | None:
    """``qualifier_dropped``: the claim says a thing is done by a means ("launched by
    aerotow behind a tug plane") where an evidence sentence that shares two other words
    with it does it by the same participle and another means ("launched by winch to about
    1,200 feet"), and no word of the claim's means is in the evidence (checks v19)."""
    if " by " not in f" {claim.lower()} " or " by " not in ev.lower_text:
        return None
    flat = ev.lower_text.replace("-", "")
    done = ev.derived("restrictions.done_by", _done_by)
    for m in islice(_DONE_BY.finditer(claim), _MAX_MEANS):
        verb = m.group("verb").lower()
        if not (verb.endswith("ed") or verb in PAST_PARTICIPLES) or m.group("what")[:1].isupper():
            continue
        what = m.group("what").lower().replace("-", "").split()
        given = _words(m.group("what"))
        if not given or any(w in ev.stem_index for w in given) or any(
                w in flat or _MEANS_VARIANTS.get(w, w) in flat for w in what):
            continue  # (a word of it inside another, "rock" of "rock-and-roll pioneer"; a
            # spelling of it, "e-mail", "cheque", "post" for "mail")
        rest = _words(claim[:m.start()] + claim[m.end():])
        for said, sentence, around in done:
            if said.group("verb").lower() == verb and len(rest & around) >= 2:
                return Finding("qualifier_dropped", "ungrounded",
                               f"the claim says {m.group(0)!r}; the evidence says "
                               f"{said.group(0)!r}: {sentence!r}", m.group(0), sentence)
    return None


_MAX_MEANS = 4  # "by" phrases of a claim read (hostile text stays cheap)
_MEANS_VARIANTS = {"mail": "post", "post": "mail", "check": "cheque", "cheque": "check",
                   "phone": "telephone", "telephone": "phone"}


def _done_by(ev: PreparedEvidence) -> list[tuple[re.Match[str], str, frozenset[str]]]:
    """The evidence's "<participle> by <means>" phrases (read once per prepared evidence):
    each with its sentence and the sentence's other words."""
    out = []
    for s in ev.sentences:
        for e in islice(_DONE_BY.finditer(s.text), _MAX_MEANS):
            if not e.group("what")[:1].isupper():
                out.append((e, s.text.strip(), _words(s.text[:e.start()] + s.text[e.end():])))
    return out


# one sentence, two cases: "Rolling substitutions are not permitted in senior divisions but
# are allowed in the under-14 and under-12 divisions." (either order)
_PERMIT = (r"(?:permitted|allowed|available|accepted|eligible|covered|included|open|"
           r"offered|valid)")
_CASE = r"(?:in|for|on|at|to|with|under|during) (?P<{}>[^,;.]+?)"
_CONTRAST = re.compile(
    rf"(?P<neg>{negation_cue('not|never')})\s+{_PERMIT}\s+{_CASE.format('x')},?\s+(?:but|whereas|while)"
    rf"\s+(?:(?:they|it|these|those)\s+)?(?:are|is)?\s*(?:only\s+)?{_PERMIT}\s+{_CASE.format('y')}"
    rf"(?=[,;.]|$)"
    rf"|\b{_PERMIT}\s+{_CASE.format('p')},?\s+(?:but|whereas|while)\s+(?P<neg2>not|never)\s+"
    rf"(?:{_PERMIT}\s+)?{_CASE.format('q')}(?=[,;.]|$)", re.IGNORECASE)


def check_contrast(c: Parsed, ev: PreparedEvidence, question: Question,
                   out: list[Finding]) -> None:
    """``polarity_mismatch``: an evidence sentence sets two cases against each other, one
    denied and one allowed ("… are not permitted in senior divisions but are allowed in the
    under-14 and under-12 divisions"), and the claim names a word of one case only
    ("under-12") with the other case's polarity ("A Wessmoor under-12 team cannot use
    rolling substitutions.")."""
    if " but " not in ev.lower_text and " whereas " not in ev.lower_text \
            and " while " not in ev.lower_text:
        return
    claim_denies = _DENIED.search(c.text) is not None
    claim = stems_of(c.text)
    for s in ev.sentences:
        for m in _CONTRAST.finditer(s.text):
            denied, allowed = (m["x"], m["y"]) if m["neg"] else (m["q"], m["p"])
            d, a = stems_of(denied), stems_of(allowed)
            if not (stems_of(s.text) - d - a) & claim:
                continue  # the claim is about another thing of the same case
            own_d, own_a = (d - a) & claim, (a - d) & claim
            if own_a and not own_d and claim_denies:
                case, says = sorted(own_a)[0], "allows"
            elif own_d and not own_a and not claim_denies:
                case, says = sorted(own_d)[0], "denies"
            else:
                continue
            out.append(Finding(
                "polarity_mismatch", "contradiction",
                f"the claim's case ({case!r}) is the one the evidence {says}: "
                f"{s.text.strip()!r}", c.text, s.text.strip()))
            return
    _other_case(c, ev, claim, out)


# "…, but body protectors must be hired at £3 per session": the other case of a sentence,
# its subject (before its verb) and what is said of it
_BUT_CASE = re.compile(r",\s+but\s+(?P<subj>(?:[\w'’-]+\s+){1,4}?)(?P<verb>must|are|is|will|"
                       r"can|cannot|can['’]t|need|needs|have|has|cost|costs|do|does|"
                       r"don['’]t|doesn['’]t|aren['’]t|isn['’]t|were|was|should)\b"
                       r"(?P<pred>[^.;:!?]*)", re.IGNORECASE)


# where a claim's clauses part ("…, so you don't need your own", "…; body protectors …")
_CLAUSE_CUT = re.compile(r"[,;:]\s*|\s+[-–—]\s+|\s+(?:but|while|whereas)\s+", re.IGNORECASE)
_VALUE = re.compile(r"\d+(?:[.,]\d+)*")


# the first case given: free, included or allowed; the other's terms: a price, a duty, a
# denial
_GIVEN_FREE = re.compile(r"\b(?:free|included|includes|include|complimentary|no\s+charge|"
                         r"at\s+no|can|may|allowed|permitted|welcome)\b", re.IGNORECASE)
_TERMS = re.compile(r"\b(?:must|need|needs|have\s+to|has\s+to|required|charged?|costs?|"
                    r"extra|separately|additional|not|only|cannot|hired?|paid|payable)\b|"
                    r"n['’]t\b|[£$€]\s?\d", re.IGNORECASE)


def _other_case(c: Parsed, ev: PreparedEvidence, claim: frozenset[str],
                out: list[Finding]) -> None:
    """``polarity_mismatch``: the claim says of the case an evidence sentence sets apart
    after ", but" what that sentence says of the case before it: "The centre lends out
    both hats and body protectors free of charge" against "The centre lends hats free of
    charge, but body protectors must be hired at £3 per session." Read clause by clause
    (cut at commas, semicolons, colons, dashes and "but", "while", "whereas"): a clause
    that names the second case (every word of its subject, none of which the first part
    has), says none of what is said of it, denies nothing and says two words or more that
    only the first part says (checks v21). "The centre lends hats free of charge, and body
    protectors are available for a small fee." says of each case its own. Only terms set
    apart so: the first case given free, included or allowed, the other priced, required
    or denied."""
    if " but " not in ev.lower_text:
        return
    clauses = [(part, stems_of(part)) for part in _CLAUSE_CUT.split(c.text) if part.strip()]
    for s in ev.sentences:
        for m in _BUT_CASE.finditer(s.text):
            if not _GIVEN_FREE.search(s.text, 0, m.start()) \
                    or not _TERMS.search(m["verb"] + " " + m["pred"]):
                continue  # (terms set apart: one case given, free or allowed, the other
                # priced, required or denied; not a story's "…, but Gordon has another side")
            subj = stems_of(m["subj"])
            pred = stems_of(m["verb"] + " " + m["pred"]) - subj
            first = stems_of(s.text[:m.start()])
            if not subj or not pred or subj & first:
                continue  # "… cures 95% of cats, but the cat must stay …": one thing
            first -= pred
            values = set(_VALUE.findall(m["pred"]))
            for part, words in clauses:
                if not subj <= words or pred & words or _DENIED.search(part) \
                        or values & set(_VALUE.findall(part)) or len(first & words) < 2:
                    continue
                out.append(Finding(
                    "polarity_mismatch", "contradiction",
                    f"the claim says of {m['subj'].strip()!r} what the evidence says of the "
                    f"other case: {s.text.strip()!r}", part.strip(), s.text.strip()))
                return


# a use the evidence rules out for a condition: "Feraxol should not be used during
# pregnancy.", "must not be taken by anyone who is pregnant or breastfeeding", "is not
# suitable for people with kidney disease"
_BARRED_USE = re.compile(
    r"\b(?:(?:should|must|may|can)\s*(?:not|n['’]t)\s+be\s+(?:used|taken|given|applied|"
    r"administered|prescribed|consumed|eaten|drunk)|(?:do|does)\s*(?:not|n['’]t)\s+(?:use|"
    r"take|give|apply|eat|drink)|(?:is|are)\s+not\s+(?:suitable|safe|recommended|approved)"
    r"|not\s+(?:recommended|suitable|safe))\s+(?P<cond>(?:during|while|in|for|by|if|when|"
    r"with|to)\b[^.;:]{3,80})", re.IGNORECASE)
# the claim lets it be used in a condition: "You can take Feraxol while pregnant."
_USE_IN = re.compile(
    r"\b(?:can|may|could|is\s+(?:okay|ok|fine|safe|suitable)|are\s+(?:okay|ok|fine|safe|"
    r"suitable)|it'?s\s+(?:okay|ok|fine|safe))\b[^.;:]{0,60}?\b(?P<cond>(?:during|while|"
    r"in|for|if|when|with)\b[^.;:,]{3,60})", re.IGNORECASE)
_COND_WORD = re.compile(r"[a-z]{4,}", re.IGNORECASE)
_COND_STOP = frozenset("anyone people person those with while during when after before "
                       "their your have having being which".split())


def _condition(text: str) -> frozenset[str]:
    """The first six letters of each word of a condition ("pregnancy", "pregnant": pregna)."""
    return frozenset(w.lower()[:6] for w in _COND_WORD.findall(text)
                     if w.lower() not in _COND_STOP)


def check_barred_use(c: Parsed, ev: PreparedEvidence, question: Question,
                     out: list[Finding]) -> None:
    """``negation_mismatch``: the claim lets a thing be used in a condition ("You can take
    Feraxol while pregnant.") that an evidence sentence about the same thing rules out for
    it ("Feraxol should not be used during pregnancy."). The sentence must share a word
    with the claim besides the condition's, and the conditions a word (by its first six
    letters: "pregnant", "pregnancy")."""
    if _DENIED.search(c.text) or " not " not in f" {ev.lower_text} ":
        return
    if (barred := _barred_item(c.text, ev)) is not None:
        out.append(barred)
        return
    use = _USE_IN.search(c.text)
    if use is None:
        return
    wanted = _condition(use.group("cond"))
    rest = _words(c.text[:use.start("cond")])
    for s in ev.sentences:
        for m in _BARRED_USE.finditer(s.text):
            if wanted & _condition(m.group("cond")) and rest & _words(s.text[:m.start()]):
                out.append(Finding(
                    "negation_mismatch", "contradiction",
                    f"the claim allows it {use.group('cond').strip()!r}; the evidence rules it "
                    f"out: {s.text.strip()!r}", use.group(0), s.text.strip()))
                return


# "Food and drink can be brought in but alcohol is not permitted.": a thing the evidence
# bars by name, one or two words before "is/are not permitted/allowed".
_BARRED_ITEM = re.compile(r"(?:^|[,;:]\s*|\b(?:but|and|although|though|however,?)\s+)"
                          r"(?P<item>[a-z][\w-]*(?: [a-z][\w-]*)?) (?:is|are) (?:not|never) "
                          r"(?:permitted|allowed)\b(?=\s*(?:[.;!]|$))", re.IGNORECASE)
# (not "Dogs are not allowed in the restaurant": barred in a place, not barred)
# What the claim lets one bring or use: "you're welcome to bring your own food and alcohol".
_LETS_BRING = re.compile(r"\b(?:welcome to|free to|allowed to|permitted to|can|may)\s+"
                         r"(?:bring|take|use|drink|consume|serve|have)\b(?P<scope>[^.;:!?]*)",
                         re.IGNORECASE)
_EXCEPTED = re.compile(r"\b(?:except|apart from|other than|but|not|no|without)\b",
                       re.IGNORECASE)


def _barred_item(claim: str, ev: PreparedEvidence) -> Finding | None:
    """``negation_mismatch``: the claim lets one bring or use a thing ("you're welcome to
    bring your own food and alcohol") that an evidence sentence bars by name ("… but
    alcohol is not permitted."), with no exception of it in the claim (checks v19)."""
    lets = _LETS_BRING.search(claim)
    if lets is None:
        return None
    scope = lets.group("scope")
    for sent in ev.sentences:
        for m in _BARRED_ITEM.finditer(sent.text):
            item = m.group("item").lower().split()
            if item[-1] in {"it", "this", "that", "they", "these", "those", "smoking", "one"} \
                    or item[0] in {"other", "any", "some", "all", "no"}:
                continue  # ("Other dogs are not allowed": not the dogs the claim brings)
            # the whole item, its modifier too: "water bottles" is not "glass bottles"
            at = re.search(r"\b" + r"\s+".join(map(re.escape, item)) + r"\b", scope,
                           re.IGNORECASE)
            if at is None or _EXCEPTED.search(scope, 0, at.start()):
                continue
            return Finding("negation_mismatch", "contradiction",
                           f"the claim allows {m.group('item')!r}; the evidence does not: "
                           f"{sent.text.strip()!r}", lets.group(0).strip(), sent.text.strip())
    return None

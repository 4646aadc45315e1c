"""``modal_mismatch`` for a permission the evidence bars in another sentence.

"You may accept vouchers worth up to £50." against "Employees may accept gifts … of up to
£50 without approval. Cash or vouchers must never be accepted." shares most words with the
sentence about gifts, which permits; the sentence check compares the claim with that one
and passes it. This check reads every evidence sentence: a claim that permits a verb
("may accept") is barred by a sentence that prohibits the same verb ("must never be
accepted") of a thing the claim names ("vouchers") when no sentence that permits the verb
names that thing.

It reads the other way too (checks v20): a duty of the claim ("you must provide additional
documents") that another sentence only says may arise, allows, advises or waives ("Drivers
aged 19 to 21 may be asked to provide additional documents."), where no sentence states it
as a duty; and a thing the claim says one need not have ("UK students don't need a
guarantor") that the evidence makes a duty of those the claim names ("Students who are UK
residents must provide a UK-based guarantor …"). And :func:`check_denials` reads what the
speaker says it does not do for others ("we do not sell tickets in advance", "we are unable
to take payment on collection") against a claim that lets one buy or pay so, and a thing
the evidence says there is none of ("There is no sight-reading test this year.") against a
claim that there is one.
"""

from __future__ import annotations

import re

from certirag.checks._text import STOP, stem, stems_of
from certirag.checks.base import Finding
from certirag.checks.negation import NOT_REQUIRED, faq_no
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.polarity import elliptical_negation
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.text.sentences import is_question

__all__ = ["check_bars"]


def check_bars(c: Parsed, ev: PreparedEvidence, question: Question,
               out: list[Finding]) -> None:
    """``modal_mismatch``: a permission of the claim that another evidence sentence bars,
    or a duty of the claim that another sentence only allows or says may arise (see the
    module docstring)."""
    if _duty_softened(c, ev, out) or _needless(c, ev, out):
        return
    for s in c.sentences:
        for m in s.modals:
            if m.cls != "permission" or m.verb is None:
                continue
            things = s.content - {m.verb}
            allowed = set().union(*(x.content for x in ev.sentences if any(
                y.cls == "permission" and y.verb == m.verb for y in x.modals)))
            for x in ev.sentences:
                barred = next((y for y in x.modals
                               if y.cls == "prohibition" and y.verb == m.verb), None)
                named = sorted((things & x.content) - allowed)
                if barred is not None and named:
                    out.append(Finding(
                        "modal_mismatch", "contradiction",
                        f"the claim permits ({m.text!r}) what the evidence bars for "
                        f"{named[0]!r} ({barred.text!r})", m.text, x.text))
                    return


# a duty stated without a modal: "… is mandatory for adults", "Photo ID is compulsory."
_STATED_DUTY = re.compile(r"\b(?:mandatory|compulsory|obligatory|required|a\s+requirement|"
                          r"essential)\b", re.IGNORECASE)
_YOU = re.compile(r"\byou(?:['’]ll|['’]d)?\b", re.IGNORECASE)


# after "is not required", nothing that scopes it ("… on the beginner slopes", "… for
# bookings under £100"): the clause's end
_UNSCOPED = re.compile(r"\s*(?:[,;.!?]|$)")
_BUT_MUST = re.compile(r"\bbut\b[^.;]*\b(?:must|required|have\s+to|has\s+to)\b", re.IGNORECASE)
_DUTY_DENIED = re.compile(r"(?:\bnot|n['’]t)(?:\s+(?:always|usually|strictly|normally))?\s+$",
                         re.IGNORECASE)


def _duty_stated(text: str) -> bool:
    """Whether ``text`` states a duty without a modal, not denied ("is not required")."""
    return any(not _DUTY_DENIED.search(text, max(0, m.start() - 16), m.start())
               for m in _STATED_DUTY.finditer(text))

#: What the evidence may say of a duty the claim states ("must provide"): that one may be
#: asked to, may or should, or need not
_SOFTER = frozenset({"possible_duty", "permission", "recommendation", "exemption"})
_ABILITY = frozenset({"can", "could"})


def _duty_softened(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> bool:
    """A duty of the claim ("you must provide additional documents") that an evidence
    sentence (any, not only the one the sentence check compares) states only as one that
    may arise, a permission or advice ("Drivers aged 19 to 21 may be asked to provide additional
    documents."), or says one need not do ("Families do not need to sign a consent
    form …"), where no sentence states it as a duty. The softer sentence names two
    of the claim's words besides the verb (what the duty is of, or on whom)."""
    for s in c.sentences:
        for m in s.modals:
            if m.cls != "obligation" or m.verb is None:
                continue
            verb = m.verb
            if any(y.cls == "obligation" and y.governs(verb)
                   for x in ev.sentences for y in x.modals):
                continue
            things = s.content - {verb}
            if any(_duty_stated(x.text) and len(things & x.content) >= 2
                   for x in ev.sentences):
                continue  # "A signed consent form is mandatory for adults."
            waived = next((x for x in ev.sentences if (w := NOT_REQUIRED.search(x.text))
                           and _UNSCOPED.match(x.text, w.end()) and not _BUT_MUST.search(x.text)
                           and (thing := x.stems_between(x.start, x.start + w.start()))
                           and thing <= things), None)
            if waived is not None:  # "A current handicap certificate is not required"
                out.append(Finding(
                    "modal_mismatch", "contradiction",
                    f"the claim says {m.text!r} (obligation) where the evidence says it is "
                    f"not required: {waived.text.strip()!r}", m.text, waived.text))
                return True
            to_you = _YOU.search(s.text, 0, m.start - s.start) is not None
            for x in ev.sentences:
                # (not "can": "hopes the side can improve" is ability, no permission)
                softer = next((y for y in x.modals if y.cls in _SOFTER and y.governs(verb)
                               and y.text.lower() not in _ABILITY), None)
                if softer is None or len(things & x.content) < 2:
                    continue
                # on whom: the words before the softer modal are the claim's, or the claim
                # speaks to "you" ("Families do not need to sign …" for "you'll need to
                # sign"; not "Children do not need to sign …" for "Adults must sign …")
                whom = x.stems_between(x.start, softer.start)
                if whom <= s.content or to_you:
                    out.append(Finding(
                        "modal_mismatch",
                        "contradiction" if softer.cls == "exemption" else "ungrounded",
                        f"the claim says {m.text!r} (obligation) where the evidence says "
                        f"{softer.text!r} ({softer.cls})", m.text, x.text))
                    return True
    return False


# "UK students don't need a guarantor": a thing the claim says one need not have
_NEEDLESS = re.compile(r"\b(?:don['’]t|do\s+not|doesn['’]t|does\s+not|won['’]t|will\s+not)\s+"
                       r"need\s+(?:an?\s+|any\s+|the\s+|to\s+(?:have|get|provide|bring|show)\s+"
                       r"(?:an?\s+|any\s+|the\s+)?)?(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
                       re.IGNORECASE)
# those the duty is on, negated: "Students who are not UK residents", "from outside the UK"
_OTHERS = re.compile(r"\b(?:not|non|outside|other\s+than|except|without)\b", re.IGNORECASE)
# a claim that keeps a condition of its own says no more than a conditional duty
_OWN_CONDITION = re.compile(r"\b(?:if|unless|when|whenever|as\s+long\s+as|provided|who|whose"
                            r"|except|only)\b", re.IGNORECASE)


def _needless(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> bool:
    """``modal_mismatch``: the claim says one need not have a thing ("UK students don't need
    a guarantor") that an evidence sentence makes a duty of those the claim names
    ("Students who are UK residents must provide a UK-based guarantor …, unless they pay
    the full year's rent in advance."): the thing's word and another of the claim's in the
    sentence, and no condition of the claim's own ("… if they pay in advance")."""
    for s in c.sentences:
        m = _NEEDLESS.search(s.text)
        if m is None or _OWN_CONDITION.search(s.text):
            continue
        thing = {stem(w) for w in m["thing"].lower().split()} & s.content
        # who the claim says it of: its words before "don't need" ("UK students")
        who = s.stems_between(s.start, s.start + m.start())
        if not thing or not who:
            continue
        for x in ev.sentences:
            duty = next((y for y in x.modals if y.cls == "obligation"), None)
            if duty is None or not thing <= x.content:
                continue
            # those the duty is on, all the claim's ("Students who are UK residents must
            # provide …" is on UK students, not on international ones), and the thing after
            # the duty (what it is a duty to have)
            bound = x.stems_between(x.start, duty.start)
            after = x.stems_between(duty.end, x.end)
            if not who <= bound or not thing <= after or _OTHERS.search(
                    x.text, 0, duty.start - x.start):
                continue  # (not "Students who are not UK residents must …")
            out.append(Finding("modal_mismatch", "contradiction",
                               f"the claim says one need not have it; the evidence says "
                               f"{duty.text!r}: {x.text.strip()!r}", s.text, x.text))
            return True
    return False


# what a denial says is not needed, less the need, where what is not needed is a doing
# ("do not require tuning"; not "do not require a ticket")
_NEEDED = frozenset({"requir", "need"})
_NEEDS_DOING = re.compile(r"\b(?:require|requires|need|needs)\s+(?:any\s+)?[a-z]+ing\b",
                          re.IGNORECASE)

_SUBORDINATE = frozenset("""who whom whose which that if unless when whenever where whether
because although though while since until once""".split())


_MAX_SUBJECT = 40  # tokens before a denial read as its subject


def check_denials(c: Parsed, ev: PreparedEvidence, question: Question,
                  out: list[Finding]) -> None:
    """``negation_mismatch``: the claim states of a thing what another evidence sentence
    denies of it ("your warranty covers accidental damage for two years" against "The
    warranty covers manufacturing defects for two years. Accidental damage, such as drops,
    is not covered."). The sentence check compares the claim with the sentence that shares
    most words with it (the defects); this one reads the others. The denial's subject (its
    words before the first comma or the negation) must all be the claim's, and so must
    what it negates; no evidence sentence may state it of that subject plainly with the
    rest of what the claim says ("X is not covered by the basic plan. X is covered by the
    premium plan.")."""
    if _converse_denied(c, ev, question, out) or _none_there(c, ev, out) or _case_denied(
            c, ev, question, out) or _example_denied(c, ev, out) or _label_denied(c, ev, out) \
            or _faq_denied(c, ev, out) or _own_barred(c, ev, out):
        return
    for s in c.sentences:
        if elliptical_negation(s.text):
            continue  # "… but the officer refused.": it negates what the reading cannot say
        for x in ev.sentences:
            if not x.polarity.scopes:
                continue
            lows = [t.text.lower() for t in x.toks]
            # (read once per sentence: a sentence of many denials stays linear)
            sub_at = next((k for k, w in enumerate(lows) if w in _SUBORDINATE), len(lows))
            stop_at = next((k for k, t in enumerate(x.toks) if not t.text[:1].isalnum()),
                           len(lows))
            for sc in x.polarity.scopes:
                words = set(sc.words)
                if len(words) > 1 and words & _NEEDED and not s.polarity.scopes \
                        and _NEEDS_DOING.search(x.text):
                    words -= _NEEDED  # "do not require tuning": the tuning (checks v21)
                if not words or sc.modal or not words <= s.content or words & s.polarity.negated:
                    continue
                if sub_at < sc.cue:
                    continue  # "A landlord who fails to lodge it …": a case, not a denial
                end = min(sc.cue, stop_at)
                if end > _MAX_SUBJECT:
                    continue  # (no subject a claim restates runs so long)
                # the subject, or one thing it joins ("Digital pianos and keyboards …",
                # checks v21)
                parts: list[set[str]] = [set()]
                for w, st in zip(lows[:end], x.stems[:end], strict=True):
                    if w in ("and", "or"):
                        parts.append(set())
                    elif st is not None:
                        parts[-1].add(st)
                subject = next((p - words for p in parts if p - words and p - words <= s.content),
                               set().union(*parts) - words)
                # a plain statement of it, with what else the claim says ("… by the premium
                # plan"), excuses the denial
                rest = s.content - x.content
                if not subject or not subject <= s.content or any(
                        words | subject | rest <= y.content
                        and not words & y.polarity.negated for y in ev.sentences):
                    continue
                out.append(Finding("negation_mismatch", "contradiction",
                                   f"the evidence denies it ({sc.cue_text!r}): "
                                   f"{x.text.strip()!r}", s.text, x.text))
                return


# what the speaker says it does not do: "we do not", "we can't", "we are unable to"
_WE_DO_NOT = (r"\bwe\s+(?:do\s+not|don['’]t|never|no\s+longer|cannot|can['’]t|will\s+not|"
              r"won['’]t|are\s+unable\s+to|are\s+not\s+able\s+to)")
# "we do not sell tickets in advance": what the speaker does not do for others, up to the
# end of its clause
_NOT_GIVEN = re.compile(_WE_DO_NOT + r"\s+(?P<verb>sell|lend|rent\s+out|hire\s+out|loan|"
                        r"take\s+payments?|accept\s+payments?|give|offer|issue|grant)\s+"
                        r"(?P<what>[^.;:!?,]+)",
                        re.IGNORECASE)
#: the verb of the other side of each of those dealings
_CONVERSE = {"sell": frozenset({"buy", "purchas"}), "lend": frozenset({"borrow"}),
             "loan": frozenset({"borrow"}), "rent": frozenset({"rent", "hire"}),
             "hire": frozenset({"rent", "hire"}), "take": frozenset({"pay"}),
             "accept": frozenset({"pay"}),
             # "we do not give cash refunds" against "you can get a cash refund" (v22)
             **dict.fromkeys(("give", "offer", "issue", "grant"),
                             frozenset({"get", "receiv", "obtain", "claim", "have"}))}
_GIVES = frozenset({"give", "offer", "issue", "grant"})
# a denial of a case only: a time, a figure or a condition in what is not given
_CONDITIONED = re.compile(r"\d|\b(?:after|before|within|unless|if|until|once|when|for\s+(?:orders|"
                          r"bookings|tickets|items))\b", re.IGNORECASE)


def _converse_denied(c: Parsed, ev: PreparedEvidence, question: Question,
                     out: list[Finding]) -> bool:
    """``negation_mismatch``: the claim lets one buy (borrow, hire, pay) what the evidence's
    speaker says it does not sell (lend, hire out, take payment for): "you can buy them in
    advance" against "Tickets are available on the door only; we do not sell tickets in
    advance.", "you can pay when you collect" against "we are unable to take payment on
    collection". Every content word of what is not sold, up to the end of its clause, must
    be the claim's or the question's ("them" for the tickets asked about), one of them at
    least the claim's, and the claim must not itself be negative."""
    asked: set[str] | None = None
    for x in ev.sentences:
        for m in _NOT_GIVEN.finditer(x.text):
            verb = m["verb"].split()[0].lower()
            what = {_root(w) for w in stems_of(m["what"], STOP)}
            if not what or (verb in _GIVES and _CONDITIONED.search(m["what"])):
                continue  # ("we do not give cash refunds after 14 days": a case, checks v22)
            if asked is None:
                asked = {_root(w) for w in question.word_stems}
            for s in c.sentences:
                mine = {_root(w) for w in s.content}
                if s.polarity.negated or not what & mine or not what <= mine | asked:
                    continue
                if any(y.cls == "permission" and y.verb in _CONVERSE[verb] for y in s.modals):
                    out.append(_said_not(m, x, s))
                    return True
    return False


# "we do not move heavy items such as wardrobes, beds, pianos or fully loaded bookcases":
# the kinds of thing the speaker does not do it to, by example
_DENIED_EXAMPLES = re.compile(_WE_DO_NOT + r"\s+(?P<verb>[a-z]+)\s+(?:[a-z-]+\s+){0,3}?"
                              r"(?:such\s+as|like|including)\s+"
                              r"(?P<list>(?:(?!,?\s+(?:but|although|though|while|whereas|"
                              r"however)\b)[^.;:!?()]){1,300})", re.IGNORECASE)
# what denies an example in the claim itself: "… but not wardrobes", "except pianos"
_NOT_BEFORE = frozenset({"not", "no", "never", "n't", "without", "except", "excluding", "nor"})
_LIST_CUT = re.compile(r"\s*(?:,|\band\b|\bor\b|\betc\b)\s*", re.IGNORECASE)


def _example_denied(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> bool:
    """``negation_mismatch``: the claim says the speaker does (the same verb) to a thing
    the evidence's speaker names as an example of what it does not do it to: "The
    technicians will move … heavy pieces like wardrobes and beds" against "we do not move
    heavy items such as wardrobes, beds, pianos …" (checks v22). An example is a list item
    up to the end of its clause (", but …" ends it), all of whose words the claim has
    ("fully loaded bookcases" is not "empty bookcases"); the claim must not deny it
    itself."""
    for x in ev.sentences:
        for m in _DENIED_EXAMPLES.finditer(x.text):
            verb = stem(m["verb"].lower())
            items = [stems_of(item, STOP) for item in _LIST_CUT.split(m["list"])]
            heads = {stem(item.split()[-1].lower()): words for item, words in
                     zip(_LIST_CUT.split(m["list"]), items, strict=True)
                     if item.strip() and item.split()[-1].isalpha()}
            for s in c.sentences:
                named = {st for k, st in enumerate(s.stems) if st in heads and not any(
                    t.text.lower() in _NOT_BEFORE for t in s.toks[max(0, k - 3):k])
                    and heads[st] <= s.content}  # ("fully loaded bookcases", not "empty")
                if verb in s.content and verb not in s.polarity.negated and \
                        named - s.polarity.negated:
                    out.append(_said_not(m, x, s))
                    return True
    return False


# a list under a label that refuses what it lists: "No thanks: plastic bags and film, soft
# plastics, nappies …", "Not accepted: …", "Please do not include: …"
_EXCEPT_WORDS = r"(?:except|but|unless|other\s+than|apart\s+from)\b"
_REFUSING_LABEL = re.compile(
    r"(?:^|[.;!]\s)\W*(?P<label>no\s+thanks|not\s+(?:accepted|allowed|permitted|suitable)|"
    r"(?:please\s+)?(?:do\s+not|don['’]t)\s+(?:include|put\s+in|add|bring|send)|"
    r"(?:we\s+)?(?:cannot|can['’]t|do\s+not|don['’]t)\s+(?:accept|take)|prohibited(?:\s+items)?|"
    r"items\s+we\s+(?:cannot|can['’]t|do\s+not|don['’]t)\s+(?:accept|take))\s*:\s*"
    r"(?P<list>(?:(?!\b" + _EXCEPT_WORDS + r")[^.;:!?]){1,300})", re.IGNORECASE)
_EXCEPTED = re.compile(r"\s*" + _EXCEPT_WORDS, re.IGNORECASE)
# what the claim grants a listed thing: it may go in, is accepted, is fine
_GRANTED = re.compile(r"\b(?:can|may|could|is|are)\s+(?:\w+\s+)?(?:go|goes|put|included|"
                      r"accepted|allowed|fine|okay|ok|welcome|take|taken)\b|\byou\s+can\b",
                      re.IGNORECASE)


def _label_denied(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> bool:
    """``negation_mismatch``: the claim grants a thing ("Plastic bags can go in with your
    bottles and tubs.") that the evidence lists under a label that refuses it ("No thanks:
    plastic bags and film, soft plastics, nappies …", checks v23). An item is a list entry
    up to a comma, "and" or "or", all of whose words the claim has; the claim must not be
    negated, and the item named in no other evidence sentence (which may allow it
    elsewhere: "Plastic bags can be recycled at larger supermarkets"). The list ends at
    "except", "but" or "unless" ("Not allowed: dogs, except assistance dogs")."""
    for x in ev.sentences:
        for m in _REFUSING_LABEL.finditer(x.text):
            if _EXCEPTED.match(x.text, m.end()):
                continue  # ("Not allowed: dogs, except assistance dogs": a qualified refusal)
            items = [w for w in (stems_of(i, STOP) for i in _LIST_CUT.split(m["list"])) if w]
            for s in c.sentences:
                if s.polarity.negated or not _GRANTED.search(s.text):
                    continue
                if any(item <= s.content and not any(item <= y.content for y in ev.sentences
                                                     if y is not x) for item in items):
                    out.append(_said_not(m, x, s))
                    return True
    return False


_MIN_ASKED = 2  # content words of the question a claim must all have


def _faq_denied(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> bool:
    """``negation_mismatch``: the claim states what an FAQ's yes/no question asks ("You'll
    need a new meter fitted when you switch." for "Q: Do I need a new meter?") where the
    answer after it opens "No," and nothing in it qualifies the no ("A: No, you can keep
    your existing meter.": :func:`certirag.checks.negation.faq_no`, checks v23). Every
    content word of the question (two at least) is the claim's, the claim is not negated,
    and a claim sentence that is itself a question asserts nothing."""
    for q, a in faq_no(ev):
        if len(q.content) < _MIN_ASKED:
            continue
        for s in c.sentences:
            if not s.polarity.negated and q.content <= s.content and not is_question(s.text):
                out.append(Finding("negation_mismatch", "contradiction",
                                   f"the evidence answers {q.text.strip()!r} with "
                                   f"{a.text.strip()!r}", s.text, a.text))
                return True
    return False


# the evidence bars bringing (using, supplying) one's own things: "bringing your own
# chemicals is not permitted", "You may not use your own equipment" (not a bar with its
# case after it: "… is not permitted on peak-time trains")
_OWN_BARRED = re.compile(
    r"\b(?P<verb>[a-z]+ing)\s+(?:your|their|his|her|one['’]s)\s+own\s+(?P<what>[\w\s-]{1,40}?)"
    r"\s+(?:is|are)\s+not\s+(?:permitted|allowed)(?!\s+(?:on|at|in|during|for|before|after|"
    r"unless|except|without|between|from|until)\b)|"
    r"\b(?:may|must|can)\s*(?:not|n['’]t)\s+(?P<verb2>[a-z]+)\s+(?:your|their)\s+own\s+"
    r"(?P<what2>[\w-]+)", re.IGNORECASE)
# a barred class of one's own things that holds the claim's kind ("chemicals" holds
# "developer"); any other barred thing bars only itself
_OWN_CLASSES = frozenset(stem(w) for w in """chemicals equipment materials supplies items
things products tools food drink drinks alcohol refreshments devices""".split())
# the claim lets the asker do it with a thing of their own: "you can bring your own developer"
_OWN_GRANTED = re.compile(r"\b(?:can|may|could|are\s+(?:welcome|allowed|free)\s+to)\s+"
                          r"(?P<verb>[a-z]+)\s+(?:your|their)\s+own\s+(?P<what>[\w-]+)",
                          re.IGNORECASE)


def _own_barred(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> bool:
    """``negation_mismatch``: the claim lets the asker bring (use, supply …) a thing of
    their own ("Yes, you can bring your own developer") where the evidence bars that verb
    with one's own things of its kind ("bringing your own chemicals is not permitted",
    checks v23): the barred thing is the claim's, or a class of things ("chemicals",
    "equipment", "food") the evidence names the claim's thing nowhere else in (what it
    says of it there is the model's to read). Not a negated claim, nor a bar with its case
    after it ("… not permitted on peak-time trains")."""
    for s in c.sentences:
        g = _OWN_GRANTED.search(s.text)
        if g is None or s.polarity.negated:
            continue
        verb, what = stem(g["verb"].lower()), stem(g["what"].lower())
        for x in ev.sentences:
            for m in _OWN_BARRED.finditer(x.text):
                barred = stems_of(m["what"] or m["what2"], STOP)
                if _same_verb((m["verb"] or m["verb2"]).lower(), verb) and (
                        what in barred or (barred & _OWN_CLASSES
                                           and what not in ev.stem_index)):
                    out.append(_said_not(m, x, s))
                    return True
    return False


def _same_verb(word: str, verb: str) -> bool:
    """Whether ``word`` ("bringing", "using", "use") is a form of the stemmed ``verb``."""
    return stem(word) == verb or (word.endswith("ing") and stem(word[:-3] + "e") == verb)


# "We do not repair phones that have been exposed to water": a service the speaker denies
# for a kind of thing (the kind cut by what follows it)
_DENIED_FOR = re.compile(_WE_DO_NOT + r"\s+(?P<verb>[a-z]+)\s+(?:any\s+)?"
                         r"(?P<what>(?:[a-z-]+\s+){0,2}?[a-z-]+)"
                         r"\s+(?:that|which|who|with|if|when|where|after)\b", re.IGNORECASE)
# the claim: the speaker does it to the thing asked about ("Yes, we can repair it.")
_WE_DO_IT = re.compile(r"\bwe(?:\s+(?:can|will|could|do)|['’]ll)?\s+(?P<verb>[a-z]+)\s+"
                       r"(?:it|them|that|this|yours)\b", re.IGNORECASE)


def _case_denied(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> bool:
    """``case_mismatch``: the claim says the speaker does to the thing the question asks
    about ("Yes, we can repair it.") what the evidence's speaker says it does not do to a
    kind of that thing ("We do not repair phones that have been exposed to water …"), the
    thing named by the question ("My phone fell in the bath"), and no evidence sentence
    says plainly that it does, in any form of the verb ("Delivery costs £4" says it
    delivers) (checks v21). Whether the asker's thing is of the kind denied is the
    question's to say, so the claim is withheld, not refuted. The claim must not itself be
    negative."""
    for s in c.sentences:
        mine = _WE_DO_IT.search(s.text)
        if mine is None or s.polarity.negated:
            continue
        verb = stem(mine["verb"].lower())
        for x in ev.sentences:
            for m in _DENIED_FOR.finditer(x.text):
                head = stem(m["what"].split()[-1].lower())
                if stem(m["verb"].lower()) != verb or head not in question.word_stems:
                    continue
                if any(w.startswith(verb) and w not in y.polarity.negated
                       for y in ev.sentences for w in y.content):
                    return False  # "We repair cracked screens." says it does, for some
                out.append(Finding("case_mismatch", "ungrounded",
                                   f"the evidence says {m[0].strip()!r}: {x.text.strip()!r}",
                                   s.text, x.text))
                return True
    return False


def _root(word: str) -> str:
    """A stem less a noun's ending: "collection" is "collect"'s."""
    for end in ("ion", "ment"):
        if word.endswith(end) and len(word) > len(end) + 3:
            return word[:-len(end)]
    return word


# "There is no sight-reading test this year.": what there is none of, up to its clause's end,
# less a time that only dates the statement
_NONE_THERE = re.compile(r"\bthere\s+(?:is|are|was|were|will\s+be)\s+no\s+(?P<what>[^.;:!?,]+)",
                         re.IGNORECASE)
_DATED = re.compile(r"\b(?:this|next|that)\s+(?:year|term|season|week|month|time|summer|"
                    r"winter|spring|autumn)\b", re.IGNORECASE)
# the claim: there is (will be) one
_THERE_IS = re.compile(r"\bthere(?:['’]ll|\s+will|['’]s|\s+is|\s+are)\s+(?:also\s+)?(?:be\s+)?"
                       r"(?:a|an|some|one)\s+(?P<what>(?:[\w'’-]+\s+){0,3}[\w'’-]+)",
                       re.IGNORECASE)
_WORD = re.compile(r"[a-z][\w'’-]*", re.IGNORECASE)


def _none_there(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> bool:
    """``negation_mismatch``: the claim says there is (or will be) a thing of which the
    evidence says there is none: "… and there'll also be a short sight-reading test"
    against "There is no sight-reading test this year." Every content word of what there is
    none of (to the end of its clause, less a time that dates it: "this year") must be the
    claim's, its first as written among the few words after the claim's "there is a", and
    the claim must not itself be negative."""
    for x in ev.sentences:
        for m in _NONE_THERE.finditer(x.text):
            undated = _DATED.sub(" ", m["what"])
            what = {_root(w) for w in stems_of(undated, STOP)}
            # the head of what there is none of, as written ("sight-reading", not the
            # "park" of "parking" in "a public car park")
            head = next((w.lower() for w in _WORD.findall(undated) if w.lower() not in STOP),
                        None)
            if not what or head is None:
                continue
            for s in c.sentences:
                there = _THERE_IS.search(s.text)
                if s.polarity.negated or there is None or not what <= {
                        _root(w) for w in s.content} or head.rstrip("s") not in {
                        w.lower().rstrip("s") for w in _WORD.findall(there["what"])}:
                    continue
                out.append(_said_not(m, x, s))
                return True
    return False


def _said_not(m: re.Match[str], x: SentInfo, s: SentInfo) -> Finding:
    """``negation_mismatch``: claim sentence ``s`` does what evidence sentence ``x`` says
    (``m``, the words that say it) the speaker does not do."""
    return Finding("negation_mismatch", "contradiction",
                   f"the evidence says {m[0].strip()!r}: {x.text.strip()!r}", s.text, x.text)

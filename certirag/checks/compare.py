"""Rule comparisons of the claim check: each rule compares a parsed claim with prepared evidence.

Every ``check_*`` function is the compare function of one built-in check
(:mod:`certirag.checks.builtin`): ``(claim, evidence, question, out) -> None``. Figures and
dates, the value checks, are in :mod:`certirag.checks.values`; names in
:mod:`certirag.checks.names`; what a claim adds to its statement (a cause, an exemption, a
ranking) in :mod:`certirag.checks.additions`."""

from __future__ import annotations

import re

from certirag.checks._text import stem
from certirag.checks.align import align_content
from certirag.checks.base import Finding
from certirag.checks.cases import asked_exception
from certirag.checks.doers import doer_swap
from certirag.checks.negation import answered_no_to, check_negation
from certirag.checks.order import other_events
from certirag.checks.parse import Parsed, SentInfo, content_words
from certirag.checks.polarity import DEGREE_PAIR, opposing_clause
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.qualifiers import (
    could_verbs,
    possible,
    qualified,
    reported,
    reportive,
)
from certirag.checks.roles import agent_swap, party_swap, role_swap, subject_swap
from certirag.checks.sentence_modals import (
    band_swap,
    check_clause_modals,
    check_modals,
    check_restrictions,
    only_after_restated,
    states_same_modal,
)
from certirag.checks.swap import capitalised_stems
from certirag.text.contractions import negation_cue
from certirag.text.sentences import is_question

__all__ = [
    "check_answer",
    "check_citations",
    "check_sentences",
    "check_titles",
]

_CLAUSE_END_RE = re.compile(r"[,;]")

# the reply to a question -----------------------------------------------------------------

_WH = re.compile(r"^\W*(?:how|what|when|where|who|whom|whose|which|why)\b", re.IGNORECASE)
_EMPTY_REPLY = re.compile(
    r"^(?:\s|[\W_]|\d{1,2}[.)](?=\s|$)|\b(?:yes|no|nope|yeah|yep|none|ok|okay|not|"
    r"the|answer|is|it)\b)*$", re.IGNORECASE)


def check_answer(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> None:
    """A fragment read after its question ("How many days …? 1. No") whose own part
    answers nothing: the model would judge the question, not the reply."""
    claim = c.raw
    q, sep, reply = claim.rpartition("?")
    if sep and _WH.match(q) and _EMPTY_REPLY.match(reply):
        out.append(Finding(code="no_answer", kind="ungrounded",
                           message="the reply gives no answer to the question",
                           text=reply.strip() or claim))


# citations and titles ------------------------------------------------------------------


def check_citations(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    for cit in c.citations:
        if any(cit.within(e) for e in ev.citations):
            continue
        same_kind = [e.text for e in ev.citations if e.kind == cit.kind]
        has = f"; the evidence cites {', '.join(same_kind[:3])}" if same_kind else ""
        out.append(Finding("ungrounded_citation", "ungrounded",
                           f"{cit.kind} {cit.label} ({cit.text!r}) is not cited in the "
                           f"evidence{has}", cit.text, ", ".join(same_kind[:3]) or None))


_DENIAL = re.compile(r"\b(?:does|do|did)\s+not\s+exist|\bdoesn't\s+exist|\bno\s+such\b"
                     r"|\bthere\s+(?:is|was)\s+no\b|\bis\s+not\s+a\s+real\b"
                     r"|\bnot\s+(?:an?\s+)?(?:real|actual|existing)\b|\bnever\s+existed\b",
                     re.IGNORECASE)


def check_titles(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> None:
    if c.titles and _DENIAL.search(c.text):
        return  # "The Family Rights Act 1996 does not exist": no title is asserted
    for t in c.titles:
        years: set[int | None] = set()
        found = False
        for name, ys in ev.titles.items():
            if name == t.name or name.endswith(" " + t.name):
                found = True
                years |= ys
        if not found:
            pat = re.escape(t.name).replace(r"\ ", r"\s+")
            for m in re.finditer(rf"(?<!\w){pat}(?!\w)(?:,?\s+(?:of\s+)?([12][0-9]{{3}}))?",
                                 ev.lower_text):
                found = True
                years.add(int(m.group(1)) if m.group(1) else None)
        if not found:
            out.append(Finding("ungrounded_title", "ungrounded",
                               f"the evidence does not mention {t.text!r}", t.text))
            continue
        if t.year is None or t.year in years:
            continue
        other = sorted(y for y in years if y is not None)
        if other:
            shown = f"{t.name} {other[0]}"
            out.append(Finding("citation_mismatch", "contradiction",
                               f"{t.text!r} has year {t.year}, but the evidence cites it with "
                               f"{', '.join(map(str, other))}", t.text, shown))
        else:
            out.append(Finding("ungrounded_title", "ungrounded",
                               f"the evidence names {t.name!r} but not its year {t.year}",
                               t.text))


# sentence-level: negation, antonyms, modals, hedges, conditions --------------------------


def _align(s: SentInfo, ev: PreparedEvidence) -> tuple[SentInfo, float] | None:
    """The evidence sentence that states most of what ``s`` states, with the share of
    ``s``'s content words it has."""
    return align_content(s.content, ev)


def _align_main(s: SentInfo, ev: PreparedEvidence) -> SentInfo | None:
    """The evidence sentence that states most of the main clause of ``s`` without its
    condition ("Boxes that have shipped can be refunded if you cancel before Wednesday."
    against "We do not offer refunds for boxes that have already shipped."), for a claim
    no sentence states whole; its negation and antonyms are compared with the claim's."""
    if not s.conditions:
        return None
    main = _main_clause(s)
    got = align_content(main, ev) if main and main != s.content else None
    return got[0] if got is not None else None


def _main_clause(s: SentInfo) -> frozenset[str]:
    """The content stems of ``s`` outside its first condition: before a cue inside the
    sentence ("… if you cancel"), after the first comma of one that opens it ("If …, …")."""
    cue = s.conditions[0][0]
    toks = list(zip(s.toks, s.stems, strict=True))
    if cue > s.toks[0].start:
        kept = [st for t, st in toks if t.start < cue]
    else:
        comma = next((k for k, (t, _) in enumerate(toks) if t.text == ","), None)
        kept = [st for _, st in toks[comma + 1:]] if comma is not None else []
    return frozenset(st for st in kept if st is not None)


def check_sentences(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    for s in c.sentences:
        if is_question(s.text):
            continue  # "Did rates change? It was the third meeting without a change.": the
            # question the claim is read with asserts nothing
        got = _align(s, ev)
        before = len(out)
        if got is None and (main := _align_main(s, ev)) is not None:
            if not answered_no_to(s, main, ev):
                check_negation(s, main, out, ev)
            _check_polarity(s, main, out, ev)
        if got is None and (doer := doer_swap(s, ev.sentences)) is not None:
            out.append(doer)  # (a doer's swap is read on every sentence: checks v22)
        if got is not None:
            e, score = got
            # a claim negating what an FAQ question asks, answered "No" ("Q: Do I need to
            # pay a deposit? A: No."), is read with that answer: no negation or modal check
            faq_answered = answered_no_to(s, e, ev)
            if not faq_answered:
                check_negation(s, e, out, ev)
            _check_polarity(s, e, out, ev)
            swapped = role_swap(s, e) or subject_swap(s, e, ev.sentences) or party_swap(
                s, e) or agent_swap(s, e, ev.sentences) or doer_swap(s, ev.sentences)
            if swapped is not None:
                out.append(swapped)
            if not faq_answered:
                check_modals(s, e, out)
                check_clause_modals(s, e, ev, out)
            band = band_swap(s, ev)
            if band is not None:
                out.append(band)
            if score >= 0.6:
                _check_hedges(s, e, out)
                # (the sentence whose exception the question asks about states the
                # claim with the question's condition)
                if e is not asked_exception(c, ev, question):
                    _check_conditions(s, e, out, question.word_stems,
                                      _ASKED_NOT.search(question.text) is not None)
        if ev.restrictions and s.modals and not any(
                f.code == "modal_mismatch" and f.kind == "contradiction" for f in out[before:]
        ) and (got is None or not states_same_modal(s, got[0])):
            found: list[Finding] = []
            check_restrictions(s, ev, found)
            if found:  # the contradiction replaces a weaker modal finding on the sentence
                out[before:] = [f for f in out[before:] if f.code != "modal_mismatch"]
                out.extend(found)


# "has been closed for refurbishment": a state that a reopening presupposes
_CLOSED_STATE = re.compile(r"\b(?:been|is|are|was|were|remains?|remained|stays?|stayed)\s+"
                           r"(?:closed|shut)\b", re.IGNORECASE)


def _in_values(s: SentInfo) -> set[str]:
    """The stems of the words inside the values of ``s`` ("million", "euro" of "198
    million euros"): shared by sentences about different things."""
    return {st for tok, st in zip(s.toks, s.stems, strict=True)
            if st and any(it.start <= tok.start < it.end for it in s.items)}


_EVENT_PAIRS = frozenset({"found/acquire"})


# Pairs whose words on one side are synonyms a negation turns round ("allowed" and "not
# permitted"); not a pair with a homograph ("found" a company, "found" a link).
_SYNONYM_PAIRS = frozenset({"allow/prohibit", "accept/reject", "agree/refuse",
                            "include/exclude", "enable/disable", "legal/illegal",
                            "mandatory/optional"})


_OTHERWISE = re.compile(r"\b(?:otherwise|or else|failing (?:which|that|this))\b", re.IGNORECASE)


def _check_polarity(s: SentInfo, e: SentInfo, out: list[Finding], ev: PreparedEvidence
                    ) -> None:
    """``polarity_mismatch``: the claim takes the other side of an antonym pair than its
    aligned evidence sentence ("closed" for "open"), unless another evidence sentence about
    the same thing takes the claim's side ("The gym is closed on public holidays." beside
    "FitHub is open 6 am to 10 pm."), or the evidence's word presupposes the claim's
    ("will reopen after a refurbishment": it is closed now)."""
    for pair, sides in s.polarity.sides.items():
        if len(sides) != 1:
            continue
        esides = e.polarity.sides.get(pair)
        if esides is not None and len(esides) == 2 and _OTHERWISE.search(s.text):
            continue  # "has to be paid by 31 October, otherwise the plot may be re-let": the
            # claim states the other side too, as the evidence's "unpaid … may be re-let" does
        if esides is not None and len(esides) == 2:  # both sides: one clause each?
            word = opposing_clause((s.toks, s.stems), sides, e.toks, e.stems, pair)
            if word is not None:
                out.append(Finding("polarity_mismatch", "contradiction",
                                   f"the claim says {s.polarity.words[pair][0]!r} of what the "
                                   f"evidence says {word!r} of", s.polarity.words[pair][0],
                                   e.text))
            continue
        if esides is None or len(esides) != 1 or esides == sides:
            continue
        cw = s.polarity.words[pair][0]
        ew = e.polarity.words[pair][0]
        if s.polarity.raw_sides[pair] == e.polarity.raw_sides[pair] and (
                stem(cw.lower()) == stem(ew.lower()) or pair not in _SYNONYM_PAIRS):
            continue  # the same word, negated on one side: a negation mismatch (a synonym
            # of a permission or a decision negated, "allowed" for "not permitted", is this
            # check's; "did not fall" is no change, and "rose" no contradiction of it)
        if pair == "before/after" and (other_events(s, cw, e, ew) or only_after_restated(s, e)):
            continue
        if pair == "open/closed" and ew.lower().startswith("reopen") \
                and _CLOSED_STATE.search(s.text):
            continue
        about = set(content_words(s.content)) - {stem(cw.lower())} \
            - _in_values(s)
        # (an event pair needs the same thing: "Pellway Foods was founded in 1987" excuses
        # no founding of the chain it acquired)
        need = len(about & e.content) if pair in _EVENT_PAIRS else 2
        # (nor, for a degree, does a sentence without the name the claim shares with the
        # aligned one: "Brennock's sales barely changed after Saoirse Kane took over." is not
        # excused by "Under Tomas Reilly, Brennock's sales barely changed" beside "After
        # Saoirse Kane took over, sales rose sharply"; for any pair, summaries that fuse
        # sentences read "after", "won", "fell" so)
        named = capitalised_stems(s) & e.content if pair == DEGREE_PAIR else set()
        if any(x is not e and x.polarity.sides.get(pair) == sides and named <= x.content
               and len(about & x.content) >= max(2, need) for x in ev.sentences):
            continue
        out.append(Finding("polarity_mismatch", "contradiction",
                           f"the claim says {cw!r} where the evidence says {ew!r}", cw, e.text))


def _check_hedges(s: SentInfo, e: SentInfo, out: list[Finding]) -> None:
    """A hedge on one side only. A report is a hedge: "reportedly" says what "…, the
    lawmaker said" says, and a claim given as someone's words, fear or possibility ("police
    say …", "she fears …", "… could …") states nothing flatly that the evidence hedges."""
    if s.hedges and not e.hedges:
        if reportive(s.hedges) and reported(e.text):
            return
        if all(h.lower() == "likely" for h in s.hedges) and "likely" in e.text.lower():
            return  # "are likely to vote Labour" for "are the most likely to vote Labour"
        if not reportive(s.hedges) and possible(e.text):
            return  # "could be disciplined" for "could also discipline him"
        out.append(Finding("hedge_mismatch", "ungrounded",
                           f"the claim hedges ({s.hedges[0]!r}) what the evidence states flatly",
                           s.hedges[0], e.text))
    elif e.hedges and not s.hedges and not qualified(s.text) and _hedge_near_claim(s, e):
        out.append(Finding("hedge_mismatch", "ungrounded",
                           f"the claim states flatly what the evidence hedges "
                           f"({e.hedges[0]!r})", s.text, e.text))
    elif not s.hedges and "could" in e.text.lower() and not qualified(s.text) \
            and not _HOPED.search(s.text):
        # "Water levels will rise further overnight." for "… could rise further overnight
        # if rain continued.": the verb "could" puts as possible, stated as fact
        said = {st for st in s.stems if st} - s.polarity.negated  # ("ruled out any cuts")
        # (not where the sentence also states it: "faces a panel on Tuesday and could
        # face a suspension")
        verb = next((v for v in could_verbs(e.text) if stem(v) in said
                     and sum(st == stem(v) for st in e.stems) == 1), None)
        if verb is not None:
            out.append(Finding("hedge_mismatch", "ungrounded",
                               f"the claim states flatly what the evidence gives as possible "
                               f"('could {verb}')", s.text, e.text))
    elif _WILL.search(s.text) and not possible(s.text) and not _HOPED.search(s.text):
        # "the bank will cut rates" for "a cut before the end of the year was possible but
        # not guaranteed": what the evidence gives as possible, the claim says will happen
        m = _ONLY_POSSIBLE.search(e.text)
        if m is not None and stem(m["thing"].lower()) in s.content:
            out.append(Finding("hedge_mismatch", "ungrounded",
                               f"the claim says it will happen; the evidence says only "
                               f"{m.group(0)!r}", s.text, e.text))


_WILL = re.compile(r"\b(?:will|won't|shall|is\s+going\s+to|are\s+going\s+to)\b", re.IGNORECASE)
# a thing the evidence says is only possible: "a cut … was possible but not guaranteed"
_ONLY_POSSIBLE = re.compile(r"\b(?:a|an|the|any)\s+(?P<thing>[a-z]+)\b[^.;:]{0,60}?\b(?:is|was|are"
                            r"|were|remains?|remained)\s+(?:possible|uncertain|unlikely"
                            r"|not\s+(?:guaranteed|certain)|in\s+doubt)\b", re.IGNORECASE)


# A claim that gives its statement as a hope, a plan, a forecast or a hint states nothing
# flatly ("hopes to return", "is considering starting", "indicating it will take").
_HOPED = re.compile(r"\b(?:hop(?:e|es|ed|ing)|dream(?:s|ed|ing)?|aim(?:s|ed|ing)?|plan(?:s|ned|"
                    r"ning)?|want(?:s|ed|ing)?|consider(?:s|ed|ing)?|predict(?:s|ed|ing)?|"
                    r"forecast(?:s|ing)?|indicat(?:e|es|ed|ing)|expect(?:s|ed|ing)?|"
                    r"threaten(?:s|ed|ing)?|risk(?:s|ed|ing)?)\b", re.IGNORECASE)


def _hedge_near_claim(s: SentInfo, e: SentInfo) -> bool:
    """Whether a hedge of the evidence hedges words the claim states: the hedge scopes over
    what follows it, up to a clause boundary ("Kevin Spacey is reportedly among
    celebrities paying …"), not over another clause of the sentence ("Miss Bevan – who is
    believed to have had a history of … – had been advised by medics …")."""
    phrases = {tuple(w.lower().split()) for w in e.hedges}
    low = [t.text.lower() for t in e.toks]
    for i in range(len(e.toks)):
        # where a whole hedge phrase stands ("was said to"), not any "was" of the sentence
        ends = [i + len(p) for p in phrases if tuple(low[i:i + len(p)]) == p]
        if not ends:
            continue
        near: set[str] = set()
        for j in range(max(ends), min(len(e.toks), max(ends) + 9)):
            t = e.toks[j]
            if t.text in _SCOPE_END or t.text.lower() in _SCOPE_END:
                break
            st = e.stems[j]
            if st is not None:
                near.add(st)
            near.update(it.token for it in e.items if it.start <= t.start < it.end)
        if len(near & s.content) >= 2:
            return True
    return False


# Where a hedge's scope ends: a clause boundary.
_SCOPE_END = frozenset({",", ";", ":", "(", ")", "–", "—", "but", "which", "who", "whose",
                        "while", "whereas", "although"})


_EVEN_IF_RE = re.compile(r"\b(?:even\s+(?:if|when|though)|regardless\s+of|whether\s+or\s+not)\b",
                         re.IGNORECASE)


_PROVISOS = ("provided", "providing", "as long as", "on condition", "subject to", "only if",
             "only when", "only where", "only once", "only after")


_ASKED_NOT = re.compile(negation_cue("not|never|no|without|unless"), re.IGNORECASE)
# a condition that is itself a denial ("If you do not currently have one"); "unless" states
# the other case
_COND_NOT = re.compile(negation_cue("not|never|no"), re.IGNORECASE)


def _clause_words(x: SentInfo, start: int, end: int) -> frozenset[str]:
    """The content stems of ``x`` from offset ``start`` (into the text of ``x``) to the next
    comma or semicolon, or to ``end`` if it comes first."""
    m = _CLAUSE_END_RE.search(x.text, start)
    stop = min(m.start() if m else len(x.text), end)
    return frozenset(str(st) for tok, st in zip(x.toks, x.stems, strict=True)
                     if st is not None and x.start + start <= tok.start < x.start + stop)


def _even_meets(s: SentInfo, even: re.Match[str], e: SentInfo,
                excepts: list[tuple[int, int, str]]) -> bool:
    """Whether the claim's "even if …" clause speaks of a case the evidence excepts: any
    "even if", "regardless of" or "whether or not" ("… even if you are pregnant" for
    "… unless you are expecting"), and an "even though" unless it denies and shares no
    word with an exception of ``e``: "Birthday cakes are fine for booked parties, even
    though other outside food isn't allowed" concedes the rule that "except for birthday
    cakes for booked parties" excepts from (checks v24)."""
    if not even[0].lower().startswith("even though") or not s.polarity.negated:
        return True  # (only a concession that denies is read further)
    own = _clause_words(s, even.end(), len(s.text))
    return not own or any(own & _clause_words(e, c[0] - e.start + len(c[2]), len(e.text))
                          for c in excepts)


def _check_conditions(s: SentInfo, e: SentInfo, out: list[Finding],
                      asked: frozenset[str] = frozenset(), asked_not: bool = False) -> None:
    """``qualifier_dropped``: the evidence states what the claim states only under a
    condition the claim drops; not when the question states it ("My parcel arrived
    damaged, what can I do?" against "If your order arrives damaged, contact us …": two
    thirds of the condition's words, two at least). A question with a negation
    (``asked_not``) states only a condition with one ("I don't have a smart meter — can I
    …?" for "If you do not currently have one, …"); one without asks the other case ("…
    if the property isn't being sold?")."""
    even = _EVEN_IF_RE.search(s.text)
    excepts = [c for c in e.conditions
               if c[2].lower().startswith(("unless", "except", "only", "provid"))]
    if even is not None and excepts and _even_meets(s, even, e, excepts):
        # "… even if your next dose is due" where the evidence excepts that case
        out.append(Finding("qualifier_dropped", "ungrounded",
                           f"the claim holds {even.group(0)!r} what the evidence excepts "
                           f"({excepts[0][2]!r})", s.text, e.text))
        return
    conditions = e.conditions
    if s.conditions:
        # the claim's own condition may restate the evidence's subject ("If you fall ill
        # during annual leave, …" for "Employees who are ill during … leave may …"); a
        # proviso it does not state ("provided they supply a medical certificate") is still
        # dropped, and the claim's words must then cover none of it
        conditions = [x for x in conditions if x[2].lower().startswith(_PROVISOS)]
    if not conditions:
        return
    start, _, cue = conditions[0]
    rel = start - e.start
    text = e.text
    # the condition runs from its cue to the next comma or semicolon (or the end)
    m = _CLAUSE_END_RE.search(text, rel + len(cue))
    cond_end = m.start() if m else len(text)
    cond_words = {st for tok, st in zip(e.toks, e.stems, strict=True)
                  if st is not None and start <= tok.start < e.start + cond_end}
    # the words outside the condition are the statement, whether or not the condition
    # uses them too: "covers accidental damage … only if the Accidental Damage Extension is
    # shown" states accidental damage, and a claim of it covers nothing of the condition
    outside = {st for tok, st in zip(e.toks, e.stems, strict=True)
               if st is not None and not start <= tok.start < e.start + cond_end}
    own = cond_words - outside  # what only the condition says
    main = e.content - own
    if not main:
        return
    overlap = len(s.content & main) / max(1, len(s.content))
    covered = len(s.content & (own or cond_words))
    if overlap < 0.6 or (cond_words and covered >= max(1, len(cond_words) // 2)) or (
            s.conditions and covered) or (
            asked_not == (_COND_NOT.search(text, rel, cond_end) is not None)
            and len(cond_words & asked) >= max(2, (2 * len(cond_words) + 2) // 3)):
        return
    clause = text[rel:cond_end].strip()
    out.append(Finding("qualifier_dropped", "ungrounded",
                       f"the evidence states it only with the condition {clause!r}", s.text,
                       clause))

"""Rule comparisons of the claim check: each rule compares a parsed claim with prepared evidence.

Every ``check_*`` function is the compare function of one built-in check
(:mod:`certirag.checks.builtin`): ``(claim, evidence, question, out) -> None``. Figures and
dates, the value checks, are in :mod:`certirag.checks.values`; names in
:mod:`certirag.checks.names`; what a claim adds to its statement (a cause, an exemption, a
ranking) in :mod:`certirag.checks.additions`."""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

from certirag.checks._text import stem
from certirag.checks.base import Finding, FindingKind
from certirag.checks.cases import asked_exception
from certirag.checks.modals import CONTRADICTORY, Modal, opposed
from certirag.checks.negation import check_negation
from certirag.checks.order import other_events
from certirag.checks.parse import Item, Parsed, SentInfo, content_words
from certirag.checks.polarity import CLAUSE_CUT, DEGREE_PAIR, opposing_clause
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.qualifiers import (
    could_verbs,
    possible,
    qualified,
    qualifier_after,
    qualifier_before,
    reported,
    reportive,
)
from certirag.checks.roles import agent_swap, party_swap, role_swap, subject_swap
from certirag.checks.swap import capitalised_stems, same_value
from certirag.text.contractions import negation_cue
from certirag.text.sentences import is_question

__all__ = [
    "check_answer",
    "check_citations",
    "check_sentences",
    "check_titles",
]

_ALIGN_MIN = 0.5
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
    return _align_content(s.content, ev)


def _align_main(s: SentInfo, ev: PreparedEvidence) -> SentInfo | None:
    """The evidence sentence that states most of the main clause of ``s`` without its
    condition ("Boxes that have shipped can be refunded if you cancel before Wednesday."
    against "We do not offer refunds for boxes that have already shipped."), for a claim
    no sentence states whole; its negation and antonyms are compared with the claim's."""
    if not s.conditions:
        return None
    main = _main_clause(s)
    got = _align_content(main, ev) if main and main != s.content else None
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


def _align_content(content: frozenset[str], ev: PreparedEvidence
                   ) -> tuple[SentInfo, float] | None:
    if not content:
        return None
    # the antonym pairs of one word ("grew strongly": rise/fall, change/steady and a
    # degree) count once, as one word, so that they do not outweigh the claim's other words
    plain = [st for st in content if not st.startswith("~")]
    marked = [st for st in content if st.startswith("~")]
    counts = Counter(idx for st in plain for idx in ev.stem_index.get(st, ()))
    counts.update({idx for st in marked for idx in ev.stem_index.get(st, ())})
    if not counts:
        return None
    n = len(plain) + bool(marked)
    need = min(2, n)
    best: tuple[float, float, int] | None = None
    for idx, k in counts.items():
        if k < need:
            continue
        score = k / n
        if score < _ALIGN_MIN:
            continue
        jacc = k / (n + len(ev.sentences[idx].content) - k)
        cand = (score, jacc, -idx)
        if best is None or cand > best:
            best = cand
    if best is None:
        return None
    return ev.sentences[-best[2]], best[0]


def check_sentences(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    for s in c.sentences:
        if is_question(s.text):
            continue  # "Did rates change? It was the third meeting without a change.": the
            # question the claim is read with asserts nothing
        got = _align(s, ev)
        before = len(out)
        if got is None and (main := _align_main(s, ev)) is not None:
            check_negation(s, main, out, ev)
            _check_polarity(s, main, out, ev)
        if got is not None:
            e, score = got
            check_negation(s, e, out, ev)
            _check_polarity(s, e, out, ev)
            swapped = role_swap(s, e) or subject_swap(s, e, ev.sentences) or party_swap(
                s, e) or agent_swap(s, e, ev.sentences)
            if swapped is not None:
                out.append(swapped)
            _check_modals(s, e, out)
            _check_clause_modals(s, e, ev, out)
            band = _band_swap(s, ev)
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
        ) and (got is None or not _states_same_modal(s, got[0])):
            found: list[Finding] = []
            _check_restrictions(s, ev, found)
            if found:  # the contradiction replaces a weaker modal finding on the sentence
                out[before:] = [f for f in out[before:] if f.code != "modal_mismatch"]
                out.extend(found)


# Words before a modal that are no subject noun to match a restriction by.
_NOT_SUBJECT = frozenset("""
it its they them he him she her we us you i this that these those which who whom whose what
there here one ones also not and or but then only still thus so too
""".split())


def _check_restrictions(s: SentInfo, ev: PreparedEvidence, out: list[Finding]) -> None:
    """What the evidence rules out by subject alone: "A will may be oral." (or "A will need
    not be in writing.") against "No will shall be valid unless it is in writing." The
    claim shares only its subject with that sentence, so alignment never pairs them. It
    contradicts the evidence when something it permits is opposed to the exception the
    evidence makes (:func:`certirag.checks.modals.opposed`), or when it exempts the subject
    from that very exception."""
    negated = {w for sc in s.polarity.scopes if not sc.modal for w in sc.words}
    for m in s.modals:
        if m.cls not in ("permission", "exemption") or not m.subject \
                or m.subject in _NOT_SUBJECT:
            continue
        rules = ev.restrictions.get(stem(m.subject))
        if not rules:
            continue
        said = _after(s, m.end, negated)
        for e, x in rules:
            hit = next(((w, c) for w in said for c in x.condition
                        if (opposed(w, c) if m.cls == "permission" else w == c)), None)
            if hit is None:
                continue
            what = "permits" if m.cls == "permission" else "exempts from"
            out.append(Finding(
                "modal_mismatch", "contradiction",
                f"the claim {what} {_word_of(s, hit[0])!r} ({m.text!r}); the evidence allows "
                f"no {m.subject} unless {_word_of(e, hit[1])!r} ({x.text!r})", m.text, e.text))
            return


def _states_same_modal(s: SentInfo, e: SentInfo) -> bool:
    """Whether ``e`` says of some verb what ``s`` says of it (same verb, same class)."""
    return any(x.verb == m.verb and x.cls == m.cls for m in s.modals for x in e.modals)


def _word_of(s: SentInfo, st: str) -> str:
    return next((t.text for t, x in zip(s.toks, s.stems, strict=True) if x == st), st)


def _after(s: SentInfo, end: int, negated: set[str]) -> list[str]:
    """Content stems of ``s`` after offset ``end`` up to a clause boundary, not negated."""
    out: list[str] = []
    for tok, st in zip(s.toks, s.stems, strict=True):
        if tok.start < end:
            continue
        if tok.text in ",;:":
            break
        if st is not None and st not in negated:
            out.append(st)
    return out


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
        if pair == "before/after" and other_events(s, cw, e, ew):
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


_SIDES = {"lt": "below", "max": "below", "gt": "above", "min": "above"}


def _side(s: SentInfo, start: int, end: int) -> str | None:
    """Which side of a figure at ``start:end`` (absolute) ``s`` speaks of: ``below`` ("under
    £500", "at most 4"), ``above`` ("£500 or more", "over 18") or ``None``."""
    cls = qualifier_before(s.text, start - s.start) or qualifier_after(s.text, end - s.start)
    return _SIDES.get(cls or "")


def _clause_span(x: SentInfo, at: int) -> tuple[int, int] | None:
    """The ``[start, end)`` token indices of the clause of ``x`` that holds the (absolute)
    offset ``at``, clauses cut before each word of ``CLAUSE_CUT`` and each ", and"."""
    toks = x.toks
    cuts = [k for k, t in enumerate(toks) if t.text.lower() in CLAUSE_CUT
            or (t.text.lower() == "and" and k and toks[k - 1].text == ",")]
    for a, b in pairwise([0, *cuts, len(toks)]):
        if a < b and toks[a].start <= at <= toks[b - 1].end:
            return a, b
    return None


def _clause_items(x: SentInfo, at: int) -> list[Item]:
    """The values of the clause of ``x`` that holds the (absolute) offset ``at``: "Children
    aged 12 or over must pay, and younger children must also wear armbands." gives the
    second "must" no value."""
    span = _clause_span(x, at)
    if span is None:
        return list(x.items)
    lo, hi = x.toks[span[0]].start, x.toks[span[1] - 1].end
    return [it for it in x.items if lo <= it.start < hi]


def _band_swap(s: SentInfo, ev: PreparedEvidence) -> Finding | None:
    """``qualifier_mismatch``: the evidence states the claim's rule (its modal and verb) only
    for the other side of the claim's bound: "For claims under £500, the claim form must be
    signed by your vet." where "Claims of £500 or more must be signed by the treating vet."
    and claims under £500 "may" be sent "without your vet's signature". Only where every
    sentence with the rule gives the figure, and on the other side alone."""
    for m in s.modals:
        if m.verb is None:
            continue
        verb = m.verb
        rules = [(x, y) for x in ev.sentences for y in x.modals
                 if y.cls == m.cls and y.governs(verb)]
        if not rules:
            continue
        for it in s.items:
            mine = _side(s, it.start, it.end)
            if mine is None:
                continue
            theirs = [{_side(x, z.start, z.end) for z in _clause_items(x, y.start)
                       if same_value(it.key, z.key)} for x, y in rules]
            if all(t and mine not in t and None not in t for t in theirs):
                x = rules[0][0]
                return Finding("qualifier_mismatch", "ungrounded",
                               f"the evidence states {m.text!r} for the other side of "
                               f"{it.text!r}: {x.text.strip()!r}", it.text, x.text.strip())
    return None


def _clause_stems(s: SentInfo, at: int) -> frozenset[str]:
    """The content stems of the clause of ``s`` that holds the (absolute) offset ``at``
    (:func:`_clause_span`)."""
    span = _clause_span(s, at)
    return frozenset() if span is None else frozenset(
        st for st in s.stems[span[0]:span[1]] if st is not None)


def _check_clause_modals(s: SentInfo, e: SentInfo, ev: PreparedEvidence,
                         out: list[Finding]) -> None:
    """A modal of one clause of ``s`` whose verb its aligned sentence ``e`` (aligned with
    the whole claim) says nothing of, read against the sentence its own clause aligns with:
    "Someone will need to be at home for exterior cleans, and for interior cleans an adult
    must be present." where "Customers are not required to be at home for exterior
    cleans." and "For interior cleans, an adult must be present." (checks v21)."""
    for m in s.modals:
        if m.verb is None or any(x.governs(m.verb) for x in e.modals):
            continue
        words = _clause_stems(s, m.start)
        got = _align_content(words, ev) if len(words) >= 3 and words != s.content else None
        if got is not None and got[0] is not e and got[1] >= 0.6:
            _check_modals(s, got[0], out, (m,))
            continue
        # the sentence that says a modal of the same verb and its object ("Students may
        # bring their own sewing machine …, but this is not required" for "You're required
        # to bring your own sewing machine …, along with fabric scissors": the claim aligns
        # with "Please bring your own fabric scissors …")
        obj = _object_stems(s, m)
        # (and of the claim's subject: "Adults must sign the consent form" is not read
        # against "Children do not need to sign the consent form")
        subj = {str(st) for t, st in zip(s.toks, s.stems, strict=True)
                if t.end <= m.start and st is not None and t.text.lower() not in _PRONOUNS}
        if len(obj) >= 2:
            x = next((x for x in ev.sentences if x is not e and obj <= x.content
                      and subj <= x.content and any(y.governs(m.verb) for y in x.modals)),
                     None)
            if x is not None:
                _check_modals(s, x, out, (m,))


def _object_stems(s: SentInfo, m: Modal) -> frozenset[str]:
    """The content stems of the few words after the verb ``m`` governs in ``s``, up to a
    comma or the sentence's end."""
    toks = s.toks
    at = next((k for k, t in enumerate(toks) if t.start >= m.end and s.stems[k] == m.verb),
              None)
    if at is None:
        return frozenset()
    out: set[str] = set()
    for k in range(at + 1, min(len(toks), at + 1 + _OBJECT_WORDS)):
        if not toks[k].text[:1].isalnum():
            break
        if s.stems[k] is not None:
            out.add(str(s.stems[k]))
    return frozenset(out)


_OBJECT_WORDS = 4  # words after a modal's verb read as what it is done to
# the listener or speaker as a subject: no words a sentence must share
_PRONOUNS = frozenset("""you you're you’re we we're we’re they they're they’re i i'm i’m it
it's it’s he he's he’s she she's she’s""".split())


# an exemption said of what the sentence permits, without its verb: "…, but this is not
# required", "this is optional"
_NOT_REQUIRED = re.compile(r"\b(?:this|that|it|which)\s+(?:is|are)\s+(?:not\s+(?:required|"
                           r"compulsory|mandatory|necessary|needed|essential|obligatory)|"
                           r"optional|entirely\s+optional|voluntary)\b", re.IGNORECASE)


def _check_modals(s: SentInfo, e: SentInfo, out: list[Finding],
                  modals: tuple[Modal, ...] | None = None) -> None:
    for m in s.modals if modals is None else modals:
        if m.verb is None:
            continue
        same_verb = [x for x in e.modals if x.governs(m.verb)]
        if not same_verb:  # "A will may be oral" / "No will shall be valid unless …"
            barred = [x for x in e.modals if m.subject and x.subject == m.subject
                      and m.cls == "permission" and x.cls == "prohibition"]
            if barred:
                out.append(Finding("modal_mismatch", "ungrounded",
                                   f"the claim permits ({m.text!r}) what the evidence restricts "
                                   f"({barred[0].text!r})", m.text, barred[0].text))
            continue
        if any(x.cls == m.cls for x in same_verb):
            continue
        if m.cls == "exemption" and _NOT_REQUIRED.search(e.text):
            continue  # "may bring their own …, but this is not required" (checks v21)
        x = same_verb[0]
        kind: FindingKind = ("contradiction" if frozenset({m.cls, x.cls}) in CONTRADICTORY
                             else "ungrounded")
        out.append(Finding("modal_mismatch", kind,
                           f"the claim says {m.text!r} ({m.cls}) where the evidence says "
                           f"{x.text!r} ({x.cls})", m.text, x.text))


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
    excepts = [c[2] for c in e.conditions
               if c[2].lower().startswith(("unless", "except", "only", "provid"))]
    if even is not None and excepts:
        # "… even if your next dose is due" where the evidence excepts that case
        out.append(Finding("qualifier_dropped", "ungrounded",
                           f"the claim holds {even.group(0)!r} what the evidence excepts "
                           f"({excepts[0]!r})", s.text, e.text))
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

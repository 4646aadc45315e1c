"""Modal rules of the sentence check (:func:`certirag.checks.compare.check_sentences`): the
modal force a claim gives a verb against the one its aligned evidence sentence gives it, a
clause of the claim read against the sentence it states, a rule the evidence states only for
the other side of the claim's bound, and what the evidence rules out by subject alone."""

from __future__ import annotations

import re
from itertools import pairwise

from certirag.checks._text import STOP, stem, stems_of
from certirag.checks.align import align_content
from certirag.checks.base import Finding, FindingKind
from certirag.checks.modals import CONTRADICTORY, Modal, opposed
from certirag.checks.parse import Item, SentInfo
from certirag.checks.polarity import CLAUSE_CUT
from certirag.checks.prepared import PreparedEvidence
from certirag.checks.qualifiers import qualifier_after, qualifier_before
from certirag.checks.swap import same_value

__all__ = ["band_swap", "check_clause_modals", "check_modals", "check_restrictions",
           "only_after_restated", "states_same_modal"]


# Words before a modal that are no subject noun to match a restriction by.
_NOT_SUBJECT = frozenset("""
it its they them he him she her we us you i this that these those which who whom whose what
there here one ones also not and or but then only still thus so too
""".split())


def check_restrictions(s: SentInfo, ev: PreparedEvidence, out: list[Finding]) -> None:
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


def states_same_modal(s: SentInfo, e: SentInfo) -> bool:
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


def band_swap(s: SentInfo, ev: PreparedEvidence) -> Finding | None:
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


def check_clause_modals(s: SentInfo, e: SentInfo, ev: PreparedEvidence,
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
        got = align_content(words, ev) if len(words) >= 3 and words != s.content else None
        if got is not None and got[0] is not e and got[1] >= 0.6:
            check_modals(s, got[0], out, (m,))
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
                check_modals(s, x, out, (m,))


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


# "You can book a practical test only after you have passed your theory test." restated
# as "You cannot book your practical test before you've passed your theory." (checks v22)
_ONLY_AFTER = re.compile(r"\bonly\s+(?:after|once|when)\b(?P<cond>[^.;:!?,]*)", re.IGNORECASE)
_NOT_BEFORE = re.compile(r"\b(?:cannot|can['’]t|can\s+not|may\s+not|must\s+not|not)\b"
                         r"(?P<what>[^.;:!?]{0,60}?)\b(?:before|until)\b(?P<cond>[^.;:!?,]*)",
                         re.IGNORECASE)


def only_after_restated(s: SentInfo, e: SentInfo) -> bool:
    """Whether the claim denies before what the evidence permits only after: the same
    restriction, the other way round. The claim's condition ("before you've passed your
    theory") must be the evidence's ("only after you have passed your theory test"): every
    content word of it the evidence's condition's; and what it denies ("book your practical
    test") must be words of the evidence sentence."""
    after = _ONLY_AFTER.search(e.text)
    before = _NOT_BEFORE.search(s.text)
    if after is None or before is None:
        return False
    cond = _plain_words(before["cond"])
    return bool(cond) and cond <= _plain_words(after["cond"]) and \
        _plain_words(before["what"]) <= e.content


def _plain_words(text: str) -> frozenset[str]:
    """The content stems of ``text``, contracted pronouns ("you've") left out."""
    return frozenset(w for w in stems_of(text, STOP) if "'" not in w and "’" not in w)


def check_modals(s: SentInfo, e: SentInfo, out: list[Finding],
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
        if m.cls == "prohibition" and x.cls == "permission" and only_after_restated(s, e):
            continue
        kind: FindingKind = ("contradiction" if frozenset({m.cls, x.cls}) in CONTRADICTORY
                             else "ungrounded")
        out.append(Finding("modal_mismatch", kind,
                           f"the claim says {m.text!r} ({m.cls}) where the evidence says "
                           f"{x.text!r} ({x.cls})", m.text, x.text))

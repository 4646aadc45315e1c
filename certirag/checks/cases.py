"""``case_mismatch``: the asker's case answered with the rule the evidence gives another case.

"I'm in Hawaii and my order comes to $80. Do I have to pay for shipping?" answered "Orders
over $50 ship free, so your $80 order won't have any shipping charge." against "Orders over
$50 ship free within the contiguous United States. Orders shipped to Alaska and Hawaii are
charged a flat $12 regardless of order value." repeats the first sentence faithfully, and
our small model reads it as entailed (P(entailment) 0.50); but the evidence gives the
asker's case, Hawaii, its own rule. So does "Opened items can be returned within 14 days
for store credit only." beside "Unopened items can be returned within 30 days for a full
refund." when the asker opened the box, and "Non-refundable rates cannot be cancelled"
beside the Flexible rates' free cancellation when the asker booked a non-refundable rate.

:func:`check_cases` reads a claim that speaks to the asker ("you", "your": it applies a rule
to the asker's situation) after a question in which the asker says, in the first person,
something of their own situation ("I'm in Hawaii", "I booked …"). A ``case_mismatch`` is
found when

- a word or number of what the asker says that the claim leaves out (the asker's case: "Hawaii",
  "opened", "non-refundable", "I'm 17") opens an evidence sentence, in its subject (before
  its first auxiliary or modal verb, or its first verb in the present, within its first
  ten words),
- the claim is drawn from another sentence (the one that shares most of the claim's
  content words, two at least, and more than the case's sentence does) that never uses the
  word,
- the two sentences' subjects share a word (they partition one thing: orders, items,
  rates), and
- the case's sentence says something else of it: a value the claim's sentence does not
  give, or a negation it does not have.

A claim that names the asker's case itself ("You can return opened items within 14 days")
or does not speak to the asker is read as any other.

A claim that opens with a case of its own ("If a member dies after retirement, a lump sum
of three times annual salary is paid …") is read the same way without a question: it is a
``case_mismatch`` when the sentence it follows ("On the death of a member in service, a
lump sum …", which opens with a case of its own) does not use a word of the claim's
condition (names aside), and another sentence uses it with one more of the condition's
words, writes a two-word phrase of the condition with it ("after retirement"), and gives
none of the claim's outcome ("A spouse's pension … is payable on the member's death after
retirement.").
"""

from __future__ import annotations

import re
from collections.abc import Set
from functools import lru_cache
from typing import NamedTuple

from certirag.checks._text import COMMON, normalize, stem, tokens
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question, question_parts
from certirag.text.verbs import BASE_VERBS

__all__ = ["asked_exception", "check_cases"]

_LISTENER = frozenset({"you", "your", "yours", "yourself", "you'll", "you're", "you've",
                       "you'd", "you’ll", "you’re", "you’ve", "you’d"})
# where a sentence's subject ends: its first auxiliary or modal verb
_AUX = frozenset("""is are was were be been am can could must may might shall should will
would do does did has have had need needs cannot""".split())
_NEGATORS = frozenset({"not", "n't", "no", "never", "none", "nothing"})
_SUBJECT_WORDS = 10  # the longest subject read
_BARE_SUBJECT = 4  # a sentence with no auxiliary ("Orders over $50 ship free"): its first words
_MIN_SHARED = 2
_FIRST_PERSON = frozenset({"I", "I'm", "I’m", "my", "My", "we", "We", "our", "Our"})
_KEY = 6


def _key(stem_: str) -> str:
    """A stem cut to its first letters: the light stemmer leaves "cancell" of "cancelled"
    beside "cancel"."""
    return stem_[:_KEY]


def _word(text: str) -> bool:
    """A content word: not a function word, nor a contraction ("I'm"; a possessive is one)."""
    bare = text[:-2] if text.endswith(("'s", "’s")) else text
    return bare[:1].isalpha() and "'" not in bare and "’" not in bare \
        and text.lower() not in COMMON


def _content(s: SentInfo) -> set[str]:
    """A sentence's content words (as :func:`_key`) and its values."""
    return {_key(st) for st, t in zip(s.stems, s.toks, strict=True) if st and _word(t.text)
            } | _values(s)


def _subject(s: SentInfo) -> set[str]:
    """The content stems (and numbers) of a sentence's subject: its words before the first
    auxiliary or modal verb, else before its first verb in the present (within
    :data:`_SUBJECT_WORDS`), else its first few words."""
    low = [t.text.lower() for t in s.toks]
    end = next((i for i, w in enumerate(low[:_SUBJECT_WORDS + 1]) if w in _AUX), None)
    if end is None:  # "Members aged 16 or 17 pay …": a verb in the present ends it
        end = next((i for i, w in enumerate(low[:_SUBJECT_WORDS + 1])
                    if i and (w in BASE_VERBS or (w.endswith("s") and w[:-1] in BASE_VERBS))),
                   None)
    words = range(end if end is not None else min(_BARE_SUBJECT, len(low)))
    return {_key(s.stems[i] or "") for i in words if s.stems[i] and _word(s.toks[i].text)} | {
        s.toks[i].text for i in words if s.toks[i].text.isdigit()}


def _negated(s: SentInfo) -> bool:
    return any(t.text.lower() in _NEGATORS for t in s.toks)


def _values(s: SentInfo) -> set[str]:
    return {it.token for it in s.items}


@lru_cache(maxsize=1024)
def _asker_case(question: str) -> frozenset[str]:
    """The content words (as :func:`_key`) of what the asker says of their own situation:
    the sentences of the question that ask nothing and speak in the first person ("I'm in
    Hawaii and my order comes to $80.", "I booked a non-refundable rate."). Cached: a
    question is read for each claim of its answer."""
    out: set[str] = set()
    for part in question_parts(normalize(question)):
        toks = tokens(part)
        if part.rstrip().endswith("?") or not any(t.text in _FIRST_PERSON for t in toks):
            continue
        out |= {_key(stem(t.text)) for t in toks if _word(t.text)}
        out |= {t.text for t in toks if t.text.isdigit()}  # "I'm 17"
    return frozenset(out)


def _condition(c: Parsed) -> set[str]:
    """The content words (as :func:`_key`) of the condition a claim opens with ("If a member
    dies after retirement, …"), names left out (they say who, not which case); empty for a
    claim that opens with none."""
    if len(c.sentences) != 1:
        return set()
    s = c.sentences[0]
    low = [t.text.lower() for t in s.toks]
    if not low or low[0] != "if" or "," not in low:
        return set()
    end = low.index(",")
    return {_key(s.stems[i] or "") for i in range(1, end)
            if s.stems[i] and _word(s.toks[i].text) and s.toks[i].text[:1].islower()}


def check_cases(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    if ev.partial or not c.sentences:
        return
    claim = set().union(*(_content(s) for s in c.sentences))
    if len(claim) < _MIN_SHARED:
        return
    sents = ev.sentences
    contents, subjects = ev.derived("cases.sentences", _read)
    overlap = [len(claim & x) for x in contents]
    best = max(range(len(sents)), key=lambda i: overlap[i], default=None)
    if best is None or overlap[best] < _MIN_SHARED:
        return
    rivals = [_Rival(sents[i], contents[i], subjects[i]) for i in range(len(sents))
              if overlap[i] < overlap[best]]
    found = _askers_case(c, sents[best], subjects[best], rivals, question) or _claims_case(
        c, claim, sents[best], rivals)
    if found is None:
        crossed = _crossed_case(c, ev)
        if crossed is not None:
            case, rival, source = crossed
            out.append(Finding(
                "case_mismatch", "ungrounded",
                f"the claim gives its case ({case!r}) the outcome the evidence gives another "
                f"case: {source.text.strip()!r}; of the claim's case it says "
                f"{rival.text.strip()!r}", c.text, rival.text.strip()))
            return
    if found is None and (passed := _passed(c, sents[best], question)) is not None:
        out.append(Finding(
            "case_mismatch", "ungrounded",
            f"the evidence says it only {passed!r}, and the question says that has passed: "
            f"{sents[best].text.strip()!r}", c.text, sents[best].text.strip()))
        return
    exception = None if found is not None else _questions_exception(c, claim, ev, question)
    if exception is not None:
        word, s = exception
        out.append(Finding(
            "case_mismatch", "ungrounded",
            f"the question asks about a case ({word!r}) the evidence excepts from the rule the "
            f"claim gives: {s.text.strip()!r}", c.text, s.text.strip()))
    elif found is not None:
        word, s, whose = found
        out.append(Finding(
            "case_mismatch", "ungrounded",
            f"the {whose} case ({word!r}) has its own rule in the evidence: "
            f"{s.text.strip()!r}; the claim follows {sents[best].text.strip()!r}",
            c.text, s.text.strip()))


# an evidence sentence scoped to the time before an event: "Before exchange, either party
# may withdraw without penalty"
_BEFORE = re.compile(r"^\s*(?P<cue>(?:before|until|prior\s+to)\s+(?P<event>[^,;]{1,40})),",
                     re.IGNORECASE)
# the asker says the event has happened: "We've exchanged contracts", "I have already paid"
_DONE = re.compile(r"\b(?:I|we)(?:['’]ve|\s+have|['’]d|\s+had)?\s+(?:already\s+|just\s+|now\s+)?"
                   r"(?P<verb>[a-z]+ed)\b", re.IGNORECASE)
_STILL_BEFORE = re.compile(r"\b(?:before|until|prior\s+to|not\s+yet|up\s+to|after)\b",
                           re.IGNORECASE)


def _passed(c: Parsed, best: SentInfo, question: Question) -> str | None:
    """The scope ("Before exchange") of the evidence sentence ``best`` that the claim follows
    when the asker says its event has happened ("We've exchanged contracts — can we still
    pull out …?") and the claim keeps no such scope itself (checks v24)."""
    m = _BEFORE.match(best.text)
    if m is None or _STILL_BEFORE.search(c.text):
        return None
    event = {stem(w) for w in re.findall(r"[a-z]+", m["event"].lower())}
    done = {stem(d["verb"].lower()) for d in _DONE.finditer(question.text)}
    return m["cue"].strip() if event & done else None


class _Rival(NamedTuple):
    """An evidence sentence the claim follows less than its own, with its content words and
    the words of its subject (:func:`_content`, :func:`_subject`)."""

    sent: SentInfo
    content: set[str]
    subject: set[str]


def _read(ev: PreparedEvidence) -> tuple[list[set[str]], list[set[str]]]:
    """The content words and the subject words of every evidence sentence (read once per
    prepared evidence)."""
    return [_content(s) for s in ev.sentences], [_subject(s) for s in ev.sentences]


def _first(s: SentInfo, keys: Set[str]) -> str:
    return next((t.text for t, st in zip(s.toks, s.stems, strict=True)
                 if (st and _key(st) in keys) or t.text in keys), min(keys))


def _askers_case(c: Parsed, source: SentInfo, source_subject: set[str], rivals: list[_Rival],
                 question: Question) -> tuple[str, SentInfo, str] | None:
    """A reply to the asker that follows ``source`` where a rival sentence opens with the
    asker's own case and says something else."""
    if not question.text.strip() or not any(
            t.text.lower() in _LISTENER for s in c.sentences for t in s.toks):
        return None
    claim_stems = {_key(st) for s in c.sentences for st in s.stems if st}
    # a case word the claim's sentence uses too is no other case ("rate" of "Flexible rates")
    case_words = _asker_case(question.text) - claim_stems - {
        _key(st) for st in source.stems if st}
    if not case_words:
        return None
    for s, _, subject in rivals:
        case = case_words & subject
        if not case or not (subject - case) & source_subject:
            continue
        if not (_values(s) - _values(source)) and not (_negated(s) and not _negated(source)):
            continue  # (a heading that names the case states no rule of its own)
        return _first(s, case), s, "question's"
    return None


def _claims_case(c: Parsed, claim: set[str], source: SentInfo, rivals: list[_Rival]
                 ) -> tuple[str, SentInfo, str] | None:
    """A claim that opens with a condition ("If a member dies after retirement, a lump sum
    … is paid") and follows a sentence that states its outcome for another case ("On the
    death of a member in service, a lump sum …"), where a rival sentence names the claim's
    case with two of its words, one phrase of it word for word, and gives none of that
    outcome ("A spouse's pension … is payable on the member's death after retirement.").
    The sentence it follows must open with its own case, sharing a word with the claim's
    and saying another ("in service")."""
    condition = _condition(c)
    if not condition:
        return None
    said = {_key(st) for st in source.stems if st} | _values(source)
    main = claim - condition
    case_words = condition - said
    lead = _lead(source)
    if not case_words or len(main & said) * 2 < len(main) or not (
            lead & condition and lead - condition):
        return None  # (the claim's sentence must open with a case of its own that shares a
        # word with the claim's: "On the death of a member in service, …")
    cs = c.sentences[0]
    end = next(i for i, t in enumerate(cs.toks) if t.text == ",")
    phrases = _phrases(cs, 1, end, case_words)
    for s, content, _ in rivals:
        case = case_words & content
        if case and len(condition & content) >= _MIN_SHARED and not main & content \
                and phrases & _phrases(s, 0, len(s.toks), case_words):
            return _first(s, case), s, "claim's"
    return None


_OPENERS = frozenset("if on for in when where upon after before during unless".split())
_CASE_OPENERS = frozenset({"if", "when", "where"})


def _case_split(s: SentInfo) -> tuple[set[str], set[str]] | None:
    """The words (as :func:`_key`, a hyphenated word's parts apart: "change-of-mind") of the
    case a sentence opens with ("If you simply change your mind, …", "When it's a
    change-of-mind return, …") and of what it says of that case (after the case's comma),
    names and values aside; ``None`` when it opens with no such case."""
    low = [t.text.lower() for t in s.toks]
    if not low or low[0] not in _CASE_OPENERS or "," not in low:
        return None
    end = low.index(",")
    case: set[str] = set()
    said: set[str] = set()
    for i, t in enumerate(s.toks[1:], 1):
        if not t.text[:1].islower():
            continue
        for part in t.text.split("-"):
            if _word(part):
                (case if i < end else said).add(_key(stem(part)))
    return case, said


def _opened(ev: PreparedEvidence) -> list[tuple[SentInfo, tuple[set[str], set[str]]]]:
    """The evidence sentences that open with a case, each with :func:`_case_split` of it
    (read once per prepared evidence)."""
    return [(x, sp) for x in ev.sentences if (sp := _case_split(x)) is not None]


def _crossed_case(c: Parsed, ev: PreparedEvidence) -> tuple[str, SentInfo, SentInfo] | None:
    """A claim that opens with a case ("When it's a change-of-mind return, the seller covers
    the return shipping.") and gives it the outcome of a sentence that opens with another
    case ("If an item arrives damaged or not as described, the seller covers the cost of
    return shipping.": no word of the claim's case), where a third sentence opens with the
    claim's case (two of its words: "If you simply change your mind, you, the buyer, pay for
    return shipping.") and says something else of it: it lacks a word of the outcome that
    the first sentence shares with the claim and has one the claim does not. The sentence
    whose outcome shares most with the claim's is read; one that opens with the claim's
    case itself holds it. Returns the case word, the third sentence and the first."""
    if len(c.sentences) != 1:
        return None
    split = _case_split(c.sentences[0])
    if split is None:
        return None
    case, said = split
    if len(case) < _MIN_SHARED or len(said) < _MIN_SHARED:
        return None
    opened = ev.derived("cases.opened", _opened)
    if len(opened) < 2:
        return None
    source, (s_case, s_said) = max(opened, key=lambda o: len(said & o[1][1]))
    shared = said & s_said
    if len(shared) * 5 < len(said) * 3 or s_case & case:
        return None  # (the outcome's sentence must be another case's: no word of the claim's)
    for x, (x_case, x_said) in opened:
        if x is source or len(x_case & case) < _MIN_SHARED:
            continue
        if shared - x_said and x_said - said - s_said:
            return _first(x, x_case & case), x, source
    return None


def _lead(s: SentInfo) -> set[str]:
    """The content words (as :func:`_key`) of the case a sentence opens with, up to its
    first comma ("On the death of a member in service, …"); empty when it opens with
    none."""
    low = [t.text.lower() for t in s.toks]
    if not low or low[0] not in _OPENERS or "," not in low:
        return set()
    end = low.index(",")
    return {_key(s.stems[i] or "") for i in range(1, end) if s.stems[i]
            and _word(s.toks[i].text)}


def _phrases(s: SentInfo, lo: int, hi: int, keys: set[str]) -> set[tuple[str, str]]:
    """The two-word phrases of ``s`` (tokens ``lo`` to ``hi``, in lower case) with a word
    of ``keys`` in them ("after retirement")."""
    low = [t.text.lower() for t in s.toks[lo:hi]]
    stems = s.stems[lo:hi]
    return {(low[i], low[i + 1]) for i in range(len(low) - 1)
            if any(st and _key(st) in keys for st in stems[i:i + 2])}


# An exception a sentence makes inside itself: "… must give at least 90 days' notice, unless
# the property is being sold, in which case 42 days' notice is sufficient."
_EXCEPT = re.compile(r"\b(?:unless|except\s+(?:when|where|if|for))\b", re.IGNORECASE)
_EXCEPT_END = re.compile(r",|;|\bin\s+which\s+case\b|\bwhen\s+it\b|\bthen\b",
                         re.IGNORECASE)


def _exception(s: SentInfo) -> tuple[int, int, set[str]] | None:
    """Where the exception of ``s`` ("unless the property is being sold") starts and ends
    (offsets in the text ``s`` was parsed from) and its words (as :func:`_key`); ``None``
    when ``s`` makes none."""
    m = _EXCEPT.search(s.text)
    if m is None:
        return None
    stop = _EXCEPT_END.search(s.text, m.end())
    cut = s.start + m.start()
    end = s.start + (stop.start() if stop is not None else len(s.text))
    return cut, end, {_key(st) for t, st in zip(s.toks, s.stems, strict=True)
                      if st and cut <= t.start < end and _word(t.text)}


# A question that negates anything may negate the case ("… if the property isn't being
# sold?"): the exception is then not the asker's.
_NEGATED_CASE = re.compile(r"\b(?:not|no|never|without|neither|nor)\b|n['’]t\b", re.IGNORECASE)


def _exceptions(ev: PreparedEvidence) -> list[tuple[int, int, set[str]] | None]:
    return [_exception(s) for s in ev.sentences]


def asked_exception(c: Parsed, ev: PreparedEvidence, question: Question) -> SentInfo | None:
    """:func:`_asked_exception`, read once per claim (the figures and the sentence checks
    both ask)."""
    return question.read_once("cases.asked_exception", (c, ev),
                              lambda: _asked_exception(c, ev, question))


def _asked_exception(c: Parsed, ev: PreparedEvidence, question: Question) -> SentInfo | None:
    """The evidence sentence whose exception the question asks about and whose exception's
    own value the claim gives: "… because the property is being sold?" answered "The
    landlord must give 42 days' notice." from "… must give at least 90 days' notice, unless
    the property is being sold, in which case 42 days' notice is sufficient." Two words of
    the question the claim leaves out are words of the exception, every value of the claim
    is stated after it, and none before it. The claim then holds in the asker's case: the
    condition it leaves out is the question's, and the value before the exception is no
    rival (the claim gives the rule of the case asked)."""
    if not question.text.strip() or any(_EXCEPT.search(s.text) for s in c.sentences) or \
            _NEGATED_CASE.search(question.text):
        return None  # ("if the property is not being sold": the main rule's case)
    # a claim read with its question ("My landlord is selling. How much notice …? They need
    # to give you 42 days' notice."): the question's sentences are the case, not the claim
    said = [s for s in c.sentences if s.text.strip() not in question.text]
    values = {it.token for s in said for it in s.items}
    if not values:
        return None
    claim = set().union(*(_content(s) for s in said))
    case_words = _asked(question.text) - claim
    if len(case_words) < _MIN_SHARED:
        return None
    for s, span in zip(ev.sentences, ev.derived("cases.exceptions", _exceptions),
                       strict=True):
        if span is None:
            continue
        cut, end, excepted = span
        after = {it.token for it in s.items if it.start >= end}
        before = {it.token for it in s.items if it.start < cut}
        if len(case_words & excepted) >= _MIN_SHARED and values <= after and not (
                values & before):
            return s
    return None


@lru_cache(maxsize=1024)
def _asked(question: str) -> frozenset[str]:
    """The content words (as :func:`_key`) of the whole question. Cached: a question is
    read for each claim of its answer."""
    return frozenset(_key(stem(t.text)) for t in tokens(normalize(question)) if _word(t.text))


def _questions_exception(c: Parsed, claim: set[str], ev: PreparedEvidence, question: Question
                         ) -> tuple[str, SentInfo] | None:
    """The question's case ("… because the property is being sold?") made an exception
    ("unless the property is being sold, in which case 42 days' notice …") in the evidence
    sentence whose main clause gives the claim's value ("at least 90 days' notice"): two
    words of the question the claim leaves out are words of the exception, and after it
    the sentence gives another value of the same kind. The sentence read is the one, among
    those that state a value of the claim, that shares most words with the question. (A
    negated question is read too: "Can't I …?" negates no case, and a finding only
    withholds.)"""
    if not question.text.strip() or any(_EXCEPT.search(s.text) for s in c.sentences):
        return None
    asked = _asked(question.text)
    case_words = asked - claim
    values = {it.token: it.group for s in c.sentences for it in s.items}
    if len(case_words) < _MIN_SHARED or not values:
        return None
    holders = [s for s in ev.sentences if values.keys() & _values(s)]
    if not holders:
        return None
    s = max(holders, key=lambda x: len(_content(x) & asked))
    span = _exception(s)
    if span is None:
        return None
    cut, end, excepted = span
    stated = [it for it in s.items if it.token in values and it.start < cut]
    if not stated:
        return None  # the claim's value is the exception's own
    case = case_words & excepted
    groups = {it.group for it in stated}
    if len(case) < _MIN_SHARED or not any(
            it.start >= end and it.group in groups and it.token not in values
            for it in s.items):
        return None
    return _first(s, case), s

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
to the asker's situation) after a question. A ``case_mismatch`` is found when

- a word of the question that the claim leaves out (the asker's case: "Hawaii", "opened",
  "non-refundable") opens an evidence sentence, in its subject (before its first auxiliary
  or modal verb, within its first ten words),
- the claim is drawn from another sentence (the one that shares most of the claim's
  content words, two at least, and more than the case's sentence does) that never uses the
  word,
- the two sentences' subjects share a word (they partition one thing: orders, items,
  rates), and
- the case's sentence says something else of it: a value the claim's sentence does not
  give, or a negation it does not have (or the other way round).

A claim that names the asker's case itself ("You can return opened items within 14 days")
or does not speak to the asker is read as any other.
"""

from __future__ import annotations

import re

from certirag.checks._text import COMMON, normalize, stem, tokens
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_cases"]

_LISTENER = frozenset({"you", "your", "yours", "yourself"})
# where a sentence's subject ends: its first auxiliary or modal verb
_AUX = frozenset("""is are was were be been am can could must may might shall should will
would do does did has have had need needs cannot""".split())
_NEGATORS = frozenset({"not", "n't", "no", "never", "none", "nothing"})
_SUBJECT_WORDS = 10  # the longest subject read
_BARE_SUBJECT = 4  # a sentence with no auxiliary ("Orders over $50 ship free"): its first words
_MIN_SHARED = 2
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\]:\s*")
_FIRST_PERSON = frozenset({"I", "I'm", "I’m", "my", "My", "we", "We", "our", "Our", "me"})
_KEY = 6


def _key(stem_: str) -> str:
    """A stem cut to its first letters: the light stemmer leaves "cancell" of "cancelled"
    beside "cancel"."""
    return stem_[:_KEY]


def _word(text: str) -> bool:
    return text[:1].isalpha() and "'" not in text and "’" not in text \
        and text.lower() not in COMMON


def _content(s: SentInfo) -> set[str]:
    """A sentence's content words (as :func:`_key`) and its values."""
    return {_key(st) for st, t in zip(s.stems, s.toks, strict=True) if st and _word(t.text)
            } | _values(s)


def _subject(s: SentInfo) -> set[str]:
    """The content stems of a sentence's subject: its words before the first auxiliary or
    modal verb (at most :data:`_SUBJECT_WORDS`), else its first few words."""
    low = [t.text.lower() for t in s.toks]
    end = next((i for i, w in enumerate(low[:_SUBJECT_WORDS + 1]) if w in _AUX), None)
    words = range(end if end is not None else min(_BARE_SUBJECT, len(low)))
    return {_key(s.stems[i] or "") for i in words if s.stems[i] and _word(s.toks[i].text)}


def _negated(s: SentInfo) -> bool:
    return any(t.text.lower() in _NEGATORS for t in s.toks)


def _values(s: SentInfo) -> set[str]:
    return {it.token for it in s.items}


def _asker_case(question: str) -> set[str]:
    """The content words (as :func:`_key`) of what the asker says of their own situation:
    the sentences of the question that ask nothing and speak in the first person ("I'm in
    Hawaii and my order comes to $80.", "I booked a non-refundable rate.")."""
    out: set[str] = set()
    for part in _SENTENCE.split(normalize(question)):
        toks = tokens(part)
        if part.rstrip().endswith("?") or not any(t.text in _FIRST_PERSON for t in toks):
            continue
        out |= {_key(stem(t.text)) for t in toks if _word(t.text)}
    return out


def check_cases(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    if ev.partial or not question.text.strip():
        return
    if not any(t.text.lower() in _LISTENER for s in c.sentences for t in s.toks):
        return
    claim = set().union(*(_content(s) for s in c.sentences)) if c.sentences else set()
    claim_stems = {_key(st) for s in c.sentences for st in s.stems if st}
    if len(claim) < _MIN_SHARED:
        return
    case_words = _asker_case(question.text) - claim_stems
    if not case_words:
        return
    sents = ev.sentences
    overlap = [len(claim & _content(s)) for s in sents]
    best = max(range(len(sents)), key=lambda i: overlap[i], default=None)
    if best is None or overlap[best] < _MIN_SHARED:
        return
    source = sents[best]
    # a case word the claim's sentence uses too is no other case ("rate" of "Flexible rates")
    case_words -= {_key(st) for st in source.stems if st}
    source_subject = _subject(source)
    for i, s in enumerate(sents):
        if i == best or overlap[i] >= overlap[best]:
            continue
        subject = _subject(s)
        case = case_words & subject
        if not case or not (subject - case) & source_subject:
            continue
        if not (_values(s) - _values(source)) and _negated(s) == _negated(source):
            continue
        word = next(t.text for t, st in zip(s.toks, s.stems, strict=True)
                    if st and _key(st) in case)
        out.append(Finding(
            "case_mismatch", "ungrounded",
            f"the question's case ({word!r}) has its own rule in the evidence: "
            f"{s.text.strip()!r}; the claim follows {source.text.strip()!r}",
            c.text, s.text.strip()))
        return

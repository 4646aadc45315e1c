"""Prepared evidence and the question: what every rule of the claim check compares a
parsed claim with.

:class:`PreparedEvidence` parses evidence once and indexes its figures, dates, citations,
titles, sentences and names; :class:`Question` parses the question only when a rule needs
it. Build prepared evidence with :func:`certirag.checks.prepare_evidence` or
:meth:`certirag.checks.ClaimChecker.prepare`.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Literal, TypeVar, cast

from certirag.checks._text import normalize, stem, tokens
from certirag.checks.base import CheckOptions
from certirag.checks.citations import Citation
from certirag.checks.dates import DateRef
from certirag.checks.entities import EntityIndex
from certirag.checks.figures import Figure
from certirag.checks.modals import Modal
from certirag.checks.parse import Item, Parsed, SentInfo, listed_with, parse_text
from certirag.checks.swap import Segments, segments
from certirag.text.turns import to_listener

__all__ = ["PreparedEvidence", "Question", "parse_as", "question_parts"]

_T = TypeVar("_T")
# Words that name a span of weekdays (1 = Monday): what the evidence says of each day in it.
_WEEKDAY_SPANS = (
    (re.compile(r"\b(?:weekdays|every weekday|monday to friday|monday through friday|"
                r"monday-friday|mon-fri)\b"), range(1, 6)),
    (re.compile(r"\b(?:weekends|at the weekend|on the weekend|every weekend|saturday and sunday|"
                r"saturdays and sundays)\b"), range(6, 8)),
    (re.compile(r"\b(?:daily|every day|seven days a week|7 days a week|each day)\b"),
     range(1, 8)),
)


def parse_as(text: str, options: CheckOptions,
             role: Literal["claim", "evidence", "question"]) -> Parsed:
    """``text`` parsed with ``options`` in the given role."""
    return parse_text(text, date_locale=options.date_locale,
                      decimal_comma=options.decimal_comma, role=role)


def _hyphened_span(text: str, f: Figure) -> bool:
    """Whether ``f`` is a span or measure written with a hyphen ("six-week"), not an age
    ("15-year-old")."""
    return f.kind in ("duration", "measure") and "-" in f.text and \
        not text.startswith("-old", f.end)


class PreparedEvidence:
    """Evidence parsed once and indexed for checking many claims. Build it with
    :func:`certirag.checks.prepare_evidence` or :meth:`certirag.checks.ClaimChecker.prepare`."""

    def __init__(self, texts: Sequence[str], parsed: Sequence[Parsed], options: CheckOptions
                 ) -> None:
        self.texts = tuple(texts)
        self.options = options
        self.parsed = tuple(parsed)
        self.by_key: dict[tuple[object, ...], list[Figure]] = {}
        self.by_number: dict[Decimal, list[Figure]] = {}
        self.by_mantissa: dict[Decimal, list[Figure]] = {}
        self.by_dim: dict[str, list[Figure]] = {}
        self.numbers: set[Decimal] = set()
        #: the numbers only a sum of money gives ("£8 per person" counts no "eight people")
        self.money_numbers: set[Decimal] = set()
        #: the numbers only a hyphened span or measure gives ("a six-week course")
        self.hyphened_numbers: set[Decimal] = set()
        self.dates: list[DateRef] = []
        self.weekdays: set[int] = set()
        self.times: dict[int, str] = {}
        self.citations: list[Citation] = []
        self.titles: dict[str, set[int | None]] = {}
        self.sentences: list[SentInfo] = []
        self.stem_index: dict[str, list[int]] = {}
        # "No will shall be valid unless …": restricted subjects (stemmed) to the sentence
        # and its modal, for claims that share little more than the subject with it
        self.restrictions: dict[str, list[tuple[SentInfo, Modal]]] = {}
        self.occurrences: dict[tuple[object, ...], list[tuple[SentInfo, Item]]] = {}
        self._segments: dict[tuple[int, str], Segments | None] = {}
        self._listed: dict[tuple[int, str], bool] = {}
        self._derived: dict[str, object] = {}
        #: Only part of the evidence (a deciding span, :func:`certirag.bound.span_findings`):
        #: a rule that needs what no evidence sentence says (another source, a former value,
        #: another office holder) reads nothing here.
        self.partial = False
        lowered: list[str] = []
        for p in self.parsed:
            lowered.append(re.sub(r"\s+", " ", p.text.lower()))
            for f in p.figures:
                self.by_key.setdefault(f.key, []).append(f)
                self.by_number.setdefault(f.number, []).append(f)
                self.by_mantissa.setdefault(f.mantissa, []).append(f)
                self.by_dim.setdefault(f.dim, []).append(f)
                if f.kind != "ordinal":  # "a third guest" counts no "three guests"
                    self.numbers.add(f.number)
                    self.numbers.add(f.mantissa)
            for d in p.dates:
                self.dates.append(d)
                if d.weekday is not None:
                    self.weekdays.add(d.weekday)
                elif d.year is not None:
                    self.numbers.add(Decimal(d.year))
                    if d.month is not None and d.day is not None:
                        self.weekdays.add(_dt.date(d.year, d.month, d.day).isoweekday())
            for t in p.times:
                self.times.setdefault(t.minutes, t.text)
            self.citations.extend(p.citations)
            for ti in p.titles:
                self.titles.setdefault(ti.name, set()).add(ti.year)
            for s in p.sentences:
                idx = len(self.sentences)
                self.sentences.append(s)
                for st in s.content:
                    self.stem_index.setdefault(st, []).append(idx)
                for m in s.modals:
                    if m.restricts and m.condition and m.subject:
                        self.restrictions.setdefault(stem(m.subject), []).append((s, m))
                for it in s.items:
                    self.occurrences.setdefault(it.key, []).append((s, it))
        self.lower_text = " | ".join(lowered)
        money = {g for fs in self.by_number.values() for f in fs if f.kind == "money"
                 for g in (f.number, f.mantissa)}
        others = {g for fs in self.by_number.values() for f in fs
                  if f.kind not in ("money", "ordinal") for g in (f.number, f.mantissa)}
        years = {Decimal(d.year) for d in self.dates if d.year is not None}
        self.money_numbers = money - others - years
        # "a six-week course" counts no "six finished pieces": the numbers only a hyphened
        # span or measure gives (not an age: "the 15-year-old" is 15)
        hyphened: set[Decimal] = set()
        plain: set[Decimal] = set()
        for p in self.parsed:
            for f in p.figures:
                (hyphened if _hyphened_span(p.text, f) else plain).update((f.number, f.mantissa))
        self.hyphened_numbers = hyphened - plain - years
        self.entities = EntityIndex(s.toks for s in self.sentences)
        # "on weekdays", "at weekends", "daily": the weekdays a span of them names
        for pattern, days in _WEEKDAY_SPANS:
            if pattern.search(self.lower_text):
                self.weekdays.update(days)

    def __repr__(self) -> str:
        return f"PreparedEvidence({len(self.texts)} texts, {len(self.sentences)} sentences)"

    def derived(self, name: str, build: Callable[[PreparedEvidence], _T]) -> _T:
        """``build(self)``, built on the first call and kept under ``name``: an index a
        check reads for every claim (the sentences that state a plan, the ratios the
        evidence writes), built once per prepared evidence instead of once per claim.
        ``name`` must be unique to ``build`` (the check's module and what it indexes)."""
        if name not in self._derived:
            self._derived[name] = build(self)
        return cast(_T, self._derived[name])

    def segments(self, sent: SentInfo, group: str) -> Segments | None:
        """The value segments of an evidence sentence for ``group`` (cached)."""
        key = (id(sent), group)
        if key not in self._segments:
            self._segments[key] = segments(sent, group)
        return self._segments[key]

    def lists(self, sent: SentInfo, group: str) -> bool:
        """Whether an evidence sentence states two or more different values of ``group``."""
        key = (id(sent), group)
        got = self._listed.get(key)
        if got is None:
            got = len({it.key for it in sent.items if listed_with(group, it.group)}) > 1
            self._listed[key] = got
        return got


# a question a reply answers with yes or no: it opens with an auxiliary verb
_POLAR = re.compile(r"^(?:is|are|was|were|am|do|does|did|can|could|will|would|shall|should|"
                    r"may|might|must|has|have|had)(?:n['’]t)?\s", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\]:\s*")


# a question that compares or chooses between two things ("Are A and B both American?",
# "Was A or B released first?", "Does A contain more islands than B?"): its names are what
# the reply compares, not what it asserts; "the same" compares only two things named in
# the question ("Are A and B the same age?", "the same size as B"), not "on the same account"
_COMPARES = re.compile(r"\b(?:or|both|either|neither|true|than)\b|\bsame\b(?=.*\bas\b)|"
                       r"\band\b(?=.*\bsame\b)", re.IGNORECASE)
# what a "no" adds to the question's words ("Do US citizens need a visa?" → "… do not need …")
_NEGATORS = frozenset({"not", "n't", "n’t", "no", "never"})


def question_parts(text: str) -> tuple[str, ...]:
    """The sentences and chat turns of a question ("… Classic! [Human]: When did it come
    out?" gives three), as written."""
    return tuple(_SENTENCE_END.split(text))


@lru_cache(maxsize=1024)
def _polar(text: str) -> tuple[str, frozenset[str]]:
    """The last question of ``text`` when it asks yes or no and compares nothing, with the
    stems of its words (the asker's "I" and "my" as "you" and "your"); ``("", ∅)`` for any
    other question. Cached: a question is read for each claim of its answer."""
    last = next((p.strip() for p in reversed(question_parts(text)) if p.strip().endswith("?")),
                "")
    if not _POLAR.match(last) or _COMPARES.search(last):
        return "", frozenset()
    return last, frozenset(stem(to_listener(t.text)) for t in tokens(normalize(last))
                           if t.text[:1].isalnum())


_QUESTION_WORD = re.compile(r"[a-z][a-z'’-]+")


def _denies(claim: str) -> bool:
    """Whether ``claim`` has a word that negates."""
    return any(t.text.lower() in _NEGATORS for t in tokens(normalize(claim)))


class Question:
    """The question, parsed only if some claim figure, date or name needs it."""

    __slots__ = ("_asked", "_grounds", "_index", "_parsed", "_polar", "_read", "_stems",
                 "claim", "options", "text")

    def __init__(self, text: str, options: CheckOptions, claim: str = "") -> None:
        self.text = text
        self.options = options
        self.claim = claim
        self._parsed: Parsed | None = None
        self._index: EntityIndex | None = None
        self._asked: frozenset[str] | None = None
        self._polar = ""
        self._grounds: bool | None = None
        self._read: dict[str, tuple[tuple[object, ...], object]] = {}
        self._stems: frozenset[str] | None = None

    @property
    def word_stems(self) -> frozenset[str]:
        """The stems of the question's words of two letters or more: what a claim's added
        words are looked up in beside the evidence's."""
        if self._stems is None:
            self._stems = frozenset(stem(w) for w in _QUESTION_WORD.findall(self.text.lower()))
        return self._stems

    def read_once(self, name: str, of: tuple[object, ...], build: Callable[[], _T]) -> _T:
        """``build()``, kept under ``name`` for the objects ``of`` (the parsed claim and its
        prepared evidence): what two checks read of one claim with this question is read
        once. Another claim or evidence (by identity) builds it again."""
        got = self._read.get(name)
        if got is not None and len(got[0]) == len(of) and all(
                a is b for a, b in zip(got[0], of, strict=True)):
            return cast(_T, got[1])
        value = build()
        self._read[name] = (of, value)
        return value

    @property
    def grounds(self) -> bool:
        """Whether the names, figures and dates of the question count as grounded for the
        claim checked with it (``claim``): not when the claim only restates a yes/no
        question (:meth:`restated_by`), whose reply asserts them."""
        if self._grounds is None:
            self._grounds = not self.restated_by(self.claim)
        return self._grounds

    @property
    def denied(self) -> bool:
        """Whether the claim has a word that negates: a restatement the reply denies
        ("HeatSure will not replace your 12-year-old boiler" for "Will HeatSure replace my
        12-year-old boiler …? No: …") keeps the question's figures the asker's where the
        evidence's rule covers them (:mod:`certirag.checks.values`, checks v24)."""
        return _denies(self.claim)

    def _polar_words(self) -> frozenset[str]:
        """The stems of the content words of the last question when it asks yes or no
        (the asker's "I" and "my" as "you" and "your"); empty for any other question."""
        if self._asked is None:
            self._polar, self._asked = _polar(self.text)
        return self._asked

    @property
    def restated(self) -> str:
        """The yes/no question the claim restates (:meth:`restated_by`), or ``""``."""
        return "" if self.grounds else self._polar

    def restated_by(self, claim: str) -> bool:
        """Whether ``claim`` says again what the last question asks yes or no, and nothing
        more ("A 10-year-old can take Feverin." for "Can a 10-year-old take Feverin?"): the
        claim is then the question's own statement, and the names and figures it holds are
        what the reply asserts, which the question cannot ground."""
        asked = self._polar_words()
        if not asked:
            return False
        said = [stem(t.text) for t in tokens(normalize(claim)) if t.text[:1].isalnum()
                and t.text.lower() not in _NEGATORS]
        return bool(said) and all(w in asked for w in said)

    @property
    def parsed(self) -> Parsed | None:
        if not self.text.strip():
            return None
        if self._parsed is None:
            self._parsed = parse_as(self.text, self.options, "question")
        return self._parsed

    @property
    def entities(self) -> EntityIndex | None:
        if not self.text.strip():
            return None
        if self._index is None:
            self._index = EntityIndex([tokens(normalize(self.text))])
        return self._index

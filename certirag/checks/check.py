"""The claim check: compare what a claim states with what the evidence says.

:func:`prepare_evidence` parses evidence once (:class:`PreparedEvidence`); :func:`check_claim`
parses the claim and runs every rule against it. :class:`ClaimChecker` keeps a bounded cache
of parsed evidence strings for callers that check many claims against overlapping evidence.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Literal

from certirag.checks._text import normalize, stem, tokens
from certirag.checks.base import CheckOptions, Finding
from certirag.checks.citations import Citation
from certirag.checks.compare import (
    _check_citations,
    _check_dates,
    _check_entities,
    _check_figures,
    _check_sentences,
    _check_titles,
)
from certirag.checks.dates import DateRef
from certirag.checks.entities import EntityIndex
from certirag.checks.figures import Figure
from certirag.checks.modals import Modal
from certirag.checks.parse import Item, Parsed, SentInfo, parse_text
from certirag.checks.swap import Segments, segments
from certirag.errors import InputError

__all__ = ["ClaimChecker", "PreparedEvidence", "check_claim", "prepare_evidence"]

#: Longest text accepted (claim, question or one evidence string), in characters.
MAX_CHARS = 1_000_000


class PreparedEvidence:
    """Evidence parsed once and indexed for checking many claims. Build it with
    :func:`prepare_evidence` or :meth:`ClaimChecker.prepare`."""

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
        lowered: list[str] = []
        for p in self.parsed:
            lowered.append(re.sub(r"\s+", " ", p.text.lower()))
            for f in p.figures:
                self.by_key.setdefault(f.key, []).append(f)
                self.by_number.setdefault(f.number, []).append(f)
                self.by_mantissa.setdefault(f.mantissa, []).append(f)
                self.by_dim.setdefault(f.dim, []).append(f)
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
        self.entities = EntityIndex(s.toks for s in self.sentences)

    def __repr__(self) -> str:
        return f"PreparedEvidence({len(self.texts)} texts, {len(self.sentences)} sentences)"

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
            got = len({it.key for it in sent.items if it.group == group}) > 1
            self._listed[key] = got
        return got


def _validate_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{what} must be a string, not {type(value).__name__}")
    if len(value) > MAX_CHARS:
        raise InputError(f"{what} is longer than {MAX_CHARS:,} characters")
    return value


def _validate_evidence(evidence: object) -> list[str]:
    if isinstance(evidence, str | bytes):
        raise InputError("evidence must be a sequence of strings, not a single string")
    if not isinstance(evidence, Iterable):
        raise InputError(f"evidence must be a sequence of strings, not {type(evidence).__name__}")
    return [_validate_text(e, "each evidence item") for e in evidence]


def _parse(text: str, options: CheckOptions, role: Literal["claim", "evidence", "question"]
           ) -> Parsed:
    return parse_text(text, date_locale=options.date_locale,
                      decimal_comma=options.decimal_comma, role=role)


def prepare_evidence(evidence: Sequence[str], *, options: CheckOptions | None = None
                     ) -> PreparedEvidence:
    """Parse and index ``evidence`` once, for any number of :func:`check_claim` calls."""
    options = options or CheckOptions()
    texts = _validate_evidence(evidence)
    return PreparedEvidence(texts, [_parse(t, options, "evidence") for t in texts], options)


class ClaimChecker:
    """Checks claims with fixed options, caching parsed evidence strings (least recently
    used, at most ``cache_size``)."""

    def __init__(self, *, options: CheckOptions | None = None, cache_size: int = 4096) -> None:
        if cache_size < 0:
            raise InputError("cache_size must be at least 0")
        self.options = options or CheckOptions()
        self._cache: OrderedDict[str, Parsed] = OrderedDict()
        self._size = cache_size

    def prepare(self, evidence: Sequence[str]) -> PreparedEvidence:
        """Like :func:`prepare_evidence`, reusing cached parses."""
        texts = _validate_evidence(evidence)
        parsed: list[Parsed] = []
        for t in texts:
            p = self._cache.get(t)
            if p is None:
                p = _parse(t, self.options, "evidence")
                if self._size:
                    self._cache[t] = p
                    if len(self._cache) > self._size:
                        self._cache.popitem(last=False)
            else:
                self._cache.move_to_end(t)
            parsed.append(p)
        return PreparedEvidence(texts, parsed, self.options)

    def check(self, claim: str, evidence: Sequence[str] | PreparedEvidence, *,
              question: str = "") -> list[Finding]:
        """:func:`check_claim` with this checker's options and cache."""
        if not isinstance(evidence, PreparedEvidence):
            evidence = self.prepare(evidence)
        return check_claim(claim, evidence, question=question, options=self.options)


def check_claim(claim: str, evidence: Sequence[str] | PreparedEvidence, *, question: str = "",
                options: CheckOptions | None = None) -> list[Finding]:
    """Findings about ``claim`` against ``evidence`` (strings or :class:`PreparedEvidence`).

    An empty list means no rule found anything; it is not a verification. Figures and names
    stated in ``question`` count as grounded (citations and titles never do)."""
    _validate_text(claim, "claim")
    _validate_text(question, "question")
    if isinstance(evidence, PreparedEvidence):
        if options is not None and options != evidence.options:
            raise InputError("options differ from those the evidence was prepared with")
        ev = evidence
    else:
        ev = prepare_evidence(evidence, options=options)
    opts = ev.options
    c = _parse(claim, opts, "claim")
    q = _Question(question, opts)
    out: list[Finding] = []
    _check_answer(claim, out)
    _check_citations(c, ev, out)
    _check_titles(c, ev, out)
    _check_figures(c, ev, q, out)
    _check_dates(c, ev, q, out)
    _check_entities(c, ev, q, out)
    _check_sentences(c, ev, out)
    seen: set[tuple[str, str]] = set()
    unique: list[Finding] = []
    for f in out:
        k = (f.code, f.text)
        if k not in seen:
            seen.add(k)
            unique.append(f)
    return unique


_WH = re.compile(r"^\W*(?:how|what|when|where|who|whom|whose|which|why)\b", re.IGNORECASE)
_EMPTY_REPLY = re.compile(
    r"^(?:\s|[\W_]|\d{1,2}[.)](?=\s|$)|\b(?:yes|no|nope|yeah|yep|none|ok|okay|not|"
    r"the|answer|is|it)\b)*$", re.IGNORECASE)


def _check_answer(claim: str, out: list[Finding]) -> None:
    """A fragment read after its question ("How many days …? 1. No") whose own part
    answers nothing: the model would judge the question, not the reply."""
    q, sep, reply = claim.rpartition("?")
    if sep and _WH.match(q) and _EMPTY_REPLY.match(reply):
        out.append(Finding(code="no_answer", kind="ungrounded",
                           message="the reply gives no answer to the question",
                           text=reply.strip() or claim))


class _Question:
    """The question, parsed only if some claim figure, date or name needs it."""

    __slots__ = ("_index", "_parsed", "options", "text")

    def __init__(self, text: str, options: CheckOptions) -> None:
        self.text = text
        self.options = options
        self._parsed: Parsed | None = None
        self._index: EntityIndex | None = None

    @property
    def parsed(self) -> Parsed | None:
        if not self.text.strip():
            return None
        if self._parsed is None:
            self._parsed = _parse(self.text, self.options, "question")
        return self._parsed

    @property
    def entities(self) -> EntityIndex | None:
        if not self.text.strip():
            return None
        if self._index is None:
            self._index = EntityIndex([tokens(normalize(self.text))])
        return self._index

"""One pass over a text: everything the checks compare, extracted once.

:func:`parse_text` normalises the text (one code point for one, so offsets hold), then
takes, in this order so that no span is read twice: titles and cited provisions, dates and
times, figures (with bare years), and per sentence the tokens, content stems, negation,
antonyms, modals, hedges, conditions and the figure-like items used for value swaps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Literal

from certirag.checks._text import STOP, Spans, Token, normalize, stem, tokens
from certirag.checks.citations import Citation, Title, extract_citations, extract_titles
from certirag.checks.dates import DateRef, TimeRef, extract_dates, extract_times
from certirag.checks.entities import Entity, extract_entities
from certirag.checks.figures import Figure, extract_figures
from certirag.checks.modals import Modal, find_modals
from certirag.checks.polarity import Polarity, analyse_polarity
from certirag.checks.qualifiers import condition_cues, hedges
from certirag.text import split_sentences

__all__ = ["KIN_GROUPS", "MARKERS", "Item", "Parsed", "SentInfo", "content_words", "date_item",
           "figure_item", "listed_with", "parse_text", "time_item"]

ItemKey = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class Item:
    """A figure, date or time inside a sentence: ``group`` is what it can be swapped with
    (same dimension), ``key`` what makes two items the same value."""

    group: str
    key: ItemKey
    start: int
    end: int
    text: str
    token: str = ""  # the key as a word-like token; equal values give equal tokens

    @classmethod
    def of(cls, group: str, key: ItemKey, start: int, end: int, text: str) -> Item:
        """An item with its token computed from ``key``."""
        return cls(group, key, start, end, text, "#" + "|".join(_canon(k) for k in key))


def _canon(value: object) -> str:
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value.is_finite() else str(value)
    return str(value)


@dataclass(slots=True)
class SentInfo:
    """What one sentence says, in forms the checks compare."""

    start: int
    end: int
    text: str
    toks: list[Token]
    stems: list[str | None]
    content: frozenset[str]
    polarity: Polarity
    modals: list[Modal]
    hedges: list[str]
    conditions: list[tuple[int, int, str]]
    items: list[Item] = field(default_factory=list)

    def stems_between(self, lo: int, hi: int) -> set[str]:
        """The content stems of the tokens that start in ``[lo, hi)`` (absolute offsets)."""
        return {st for t, st in zip(self.toks, self.stems, strict=True)
                if st and lo <= t.start < hi}


@dataclass(slots=True)
class Parsed:
    """Everything extracted from one text (offsets into ``text``, the normalised text, are
    offsets into ``raw`` too)."""

    raw: str
    text: str
    figures: list[Figure]
    dates: list[DateRef]
    times: list[TimeRef]
    citations: list[Citation]
    titles: list[Title]
    entities: list[Entity]
    sentences: list[SentInfo]

    def src(self, start: int, end: int) -> str:
        """The original text at ``[start, end)``."""
        return self.raw[start:end]


#: Groups whose values one list gives together: a span of days or weeks and one of months
#: or years ("at 8, 10 and 12 weeks of age, followed by a booster at one year").
#: The binding rules read them as rivals too (:mod:`certirag.verifiers.anchors`).
KIN_GROUPS: dict[str, tuple[str, ...]] = {"days": ("days", "months"),
                                          "months": ("months", "days")}


#: How a member of :attr:`SentInfo.content` that is no word starts: a value's token ("#…")
#: or an antonym pair's marker ("~rise/fall").
MARKERS = ("~", "#")


def content_words(content: frozenset[str]) -> frozenset[str]:
    """The word stems of a sentence's ``content``: its values' tokens and antonym markers
    (:data:`MARKERS`) left out."""
    return frozenset(w for w in content if not w.startswith(MARKERS))


def listed_with(group: str, other: str) -> bool:
    """Whether a value of group ``other`` is an item of a list of ``group`` values."""
    return other == group or other in KIN_GROUPS.get(group, ())


def figure_item(f: Figure) -> Item:
    """A figure as an item (grouped by its dimension)."""
    return Item.of(f.dim, ("f", *f.key), f.start, f.end, f.text)


def date_item(d: DateRef) -> Item:
    """A date as an item."""
    return Item.of("date", ("d", d.year, d.month, d.day, d.weekday), d.start, d.end, d.text)


def time_item(t: TimeRef) -> Item:
    """A time of day as an item."""
    return Item.of("time", ("t", t.minutes), t.start, t.end, t.text)


def _content_stems(toks: list[Token]) -> list[str | None]:
    out: list[str | None] = []
    for t in toks:
        c = t.text[0]
        if not c.isalpha():
            out.append(None)
            continue
        low = t.text.lower()
        if low in STOP or len(low) < 2:
            out.append(None)
            continue
        out.append(stem(low))
    return out


def parse_text(raw: str, *, date_locale: Literal["dmy", "mdy"], decimal_comma: bool | None,
               role: Literal["claim", "evidence", "question"]) -> Parsed:
    """Parse ``raw`` as a claim, a piece of evidence or a question (a question yields only
    figures, dates and times)."""
    text = normalize(raw)
    claim = role == "claim"
    taken = Spans()
    titles = extract_titles(text, taken)
    citations = extract_citations(text, taken)
    dates = extract_dates(text, date_locale, taken)
    times = extract_times(text, taken)
    figures, years = extract_figures(text, taken, decimal_comma=decimal_comma, claim=claim)
    dates.extend(years)
    if role == "evidence":
        for t in titles:  # the year of a cited Act is a year the evidence states
            if t.year is not None:
                dates.append(DateRef(t.year, None, None, t.end - 4, t.end, str(t.year)))
    if text != raw:  # show the original characters (no-break spaces, curly quotes)
        figures = [replace(f, text=raw[f.start:f.end]) for f in figures]
        dates = [replace(d, text=raw[d.start:d.end]) if d.text == text[d.start:d.end] else d
                 for d in dates]
        times = [replace(t, text=raw[t.start:t.end]) for t in times]
        citations = [replace(c, text=raw[c.start:c.end]) for c in citations]
        titles = [replace(t, text=raw[t.start:t.end]) for t in titles]
    sentences: list[SentInfo] = []
    entities: list[Entity] = []
    if role != "question":
        sentences = _sentences(raw, text, figures, dates, times, claim)
    if claim:
        entities = extract_entities(text, taken, [t for s in sentences for t in s.toks])
        if text != raw:
            entities = [replace(e, text=raw[e.start:e.end]) for e in entities]
    return Parsed(raw, text, figures, dates, times, citations, titles, entities, sentences)


_GLUED_RE = re.compile(r"(?<=[^\W\d_]{2})\.(?=[A-Z][a-z])")


def _split(text: str) -> list[tuple[int, int]]:
    """Sentence spans, also cut at ``Word.Next`` with no space (a scraping artefact)."""
    out: list[tuple[int, int]] = []
    for s, e in split_sentences(text):
        start = s
        for m in _GLUED_RE.finditer(text, s, e):
            if m.start() + 1 - start > 1:
                out.append((start, m.start() + 1))
                start = m.start() + 1
        out.append((start, e))
    return out


def _sentences(raw: str, text: str, figures: list[Figure], dates: list[DateRef],
               times: list[TimeRef], claim: bool) -> list[SentInfo]:
    items = sorted([*(figure_item(f) for f in figures), *(date_item(d) for d in dates),
                    *(time_item(t) for t in times)], key=lambda it: it.start)
    out: list[SentInfo] = []
    for s, e in _split(text):
        sent = text[s:e]
        toks = tokens(sent, s)
        stems = _content_stems(toks)
        pol = analyse_polarity(toks, stems)
        modals = find_modals(sent, s, toks, stems)
        conds = [(a + s, b + s, c) for a, b, c in condition_cues(sent, claim=claim)]
        mine = [it for it in items if s <= it.start < e]
        content = {x for x in stems if x}
        content.update(it.token for it in mine)
        content.update("~" + pair for pair in pol.sides)
        info = SentInfo(s, e, raw[s:e], toks, stems, frozenset(content), pol, modals,
                        hedges(sent), conds)
        info.items = mine
        out.append(info)
    return out

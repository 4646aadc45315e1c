"""``ungrounded_figure`` for a ratio in words the evidence gives otherwise.

"Teralink is about twice the size of Corvane." against "Teralink is about half Corvane's
size." has no digit for the figure check to read; "Prices tripled." against "Prices
doubled." neither. A ratio word of the claim (half, a third, a quarter, twice, double,
triple, quadruple, tenfold, "three times") is a finding when an evidence sentence that
shares two content words with the claim gives another ratio word and no such sentence
gives the claim's (in any of its forms: "doubled" is "twice").
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_ratios", "ratios"]

_RATIO_WORDS: dict[str, str] = {
    "half": "1/2", "halved": "1/2", "halve": "1/2", "halves": "1/2",
    "third": "1/3", "quarter": "1/4",
    "twice": "2", "double": "2", "doubled": "2", "doubles": "2", "doubling": "2",
    "triple": "3", "tripled": "3", "triples": "3", "tripling": "3", "treble": "3",
    "trebled": "3", "threefold": "3",
    "quadruple": "4", "quadrupled": "4", "fourfold": "4",
    "fivefold": "5", "tenfold": "10",
}
_TIMES = {"two": "2", "three": "3", "four": "4", "five": "5", "ten": "10"}
_RATIO = re.compile(
    r"\b(?:(?P<n>two|three|four|five|ten)\s+times|(?P<w>" + "|".join(_RATIO_WORDS) + r"))\b",
    re.IGNORECASE)
# "half of the staff", "a third of voters", "a quarter past": shares, not ratios
_SHARE = re.compile(r"\s+(?:of|past|to)\b", re.IGNORECASE)
# "twice the size", "three times as many", "half Corvane's size": what a ratio compares
_COMPARES = re.compile(r"\s+(?:the|as|more|less|larger|bigger|higher|greater|faster|longer|"
                       r"smaller|lower|that|what|its|their|his|her|[A-Z][\w'’]*['’]s)\b")
# "twice a day", "four times weekly": frequencies (the frequency check's)
_OFTEN = re.compile(r"\s+(?:(?:a|an|per|each|every)\s|daily|weekly|monthly|yearly|annually"
                    r"|hourly|nightly|over\b|in\s+(?:a|one|the)\b)", re.IGNORECASE)


def ratios(text: str) -> dict[str, str]:
    """The ratios ``text`` states in words: value → the words."""
    out: dict[str, str] = {}
    for m in _RATIO.finditer(text):
        if m.group("w") and m.group("w").lower() in ("half", "third", "quarter") and \
                _SHARE.match(text, m.end()):
            continue
        if _OFTEN.match(text, m.end()):
            continue
        word = (m.group("w") or "").lower()
        if not word.endswith(("ed", "es", "ing", "fold")) and not _COMPARES.match(text, m.end()):
            continue  # "married three times", "a double room": a count, not a ratio
        value = _TIMES[m.group("n").lower()] if m.group("n") else _RATIO_WORDS[
            m.group("w").lower()]
        out.setdefault(value, m.group(0))
    return out


# "randomised 3:1": a ratio of two small numbers (a time has two digits after its colon)
_COLON = re.compile(r"(?<![\d:])(\d{1,2}):(\d)(?![\d:])(?!\s*(?:am|pm|a\.m|p\.m)\b)",
                    re.IGNORECASE)


def _colons(ev: PreparedEvidence) -> frozenset[str]:
    """The colon ratios the evidence writes."""
    return frozenset(m.group(0) for x in ev.sentences for m in _COLON.finditer(x.text))


def _worded(ev: PreparedEvidence) -> tuple[tuple[SentInfo, dict[str, str]], ...]:
    """The evidence sentences that state a ratio in words, each with :func:`ratios` of it."""
    return tuple((x, r) for x in ev.sentences if (r := ratios(x.text)))


def check_ratios(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> None:
    """``ungrounded_figure``: a ratio in words the evidence about the same thing gives
    otherwise (see the module docstring), or a ratio "a:b" the evidence writes only the
    other way round ("1:3" for "3:1")."""
    if ":" in c.text:
        colons = ev.derived("ratios.colons", _colons)
        for m in _COLON.finditer(c.text):
            turned = f"{m.group(2)}:{m.group(1)}"
            if m.group(0) not in colons and turned in colons and turned != m.group(0):
                out.append(Finding("ungrounded_figure", "ungrounded",
                                   f"the ratio {m.group(0)!r} is not in the evidence; the "
                                   f"evidence has {turned!r}", m.group(0), turned))
                return
    said_any = [(s, said) for s in c.sentences if (said := ratios(s.text))]
    if not said_any:
        return
    worded = ev.derived("ratios.worded", _worded)
    for s, said in said_any:
        given: dict[str, str] = {}
        for x, stated in worded:
            if len(s.content & x.content) >= 2:
                given.update(stated)
        for value, words in said.items():
            if given and value not in given:
                other = next(iter(given.values()))
                out.append(Finding("ungrounded_figure", "ungrounded",
                                   f"the ratio {words!r} is not in the evidence; the "
                                   f"evidence has {other!r}", words, other))
                return

"""One notation for what the model reads (scorer ``certirag.scorer.v3``).

Our small NLI model reads "20 per cent" and "20%" as different things: a claim written
"20%" scores P(entailment) 0.39 against its own sentence written "20 per cent", and 0.97
against the same sentence written "20%". The deterministic checks already treat such
spellings as one value; :func:`model_text` writes both sides of a model pair in one
notation, so the model compares what is said, not how it is typed:

* a percentage: ``20 per cent``, ``20 percent``, ``ten per cent``, ``20 %`` → ``20%``;
* a scale word: ``£1.5million``, ``$5m``, ``€2bn``, ``3,500,000`` → ``£1.5 million``,
  ``$5 million``, ``€2 billion``, ``3.5 million``;
* a unit written as its symbol, glued to its figure: ``70 mph``, ``70 miles per hour`` →
  ``70mph``; ``1.5 kilometres`` → ``1.5km``; ``15 stone`` → ``15st`` (also kg, cm, mm, ft,
  lb, ml); ``£10k`` → ``£10,000``;
* a country's short name: ``U.S.``, ``United States (of America)`` → ``US``; ``U.K.``,
  ``United Kingdom`` → ``UK``;
* an additive particle is left out: "also", and "too" or "as well" at a sentence's end
  ("Christopher Nolan also directed Interstellar." → "Christopher Nolan directed
  Interstellar."). It says that something else holds as well, which the answer's sentence
  before has already said; the model read it as a claim of its own that no evidence
  sentence states (`python benchmarks/chat_facts.py`: restatements with "also" reach τe
  3.3% of the time read as written, ``--as-written``, and 30.7% in this notation).

Only the model reads this text: evidence spans, claims and certificates keep the words as
written. Every rewrite keeps the value and what is asserted, so no claim's meaning changes;
the deterministic checks read the words as written.
"""

from __future__ import annotations

import re
from decimal import Decimal

from certirag.checks.numbers import SPELLED_RE, parse_spelled

__all__ = ["model_text"]

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_PERCENT_WORD = r"(?:per\s?cent|percent)\b"
_DIGIT_PERCENT = re.compile(rf"(?<![\w.,])({_NUM})\s*(?:{_PERCENT_WORD}|%)", re.IGNORECASE)
_SPELLED_PERCENT = re.compile(rf"({SPELLED_RE.pattern})\s+{_PERCENT_WORD}", re.IGNORECASE)
_SCALES = {"m": "million", "mn": "million", "mln": "million", "million": "million",
           "bn": "billion", "b": "billion", "billion": "billion",
           "tn": "trillion", "trillion": "trillion"}
_MONEY_SCALE = re.compile(rf"([£$€])\s?({_NUM})\s?(mn|mln|m|bn|b|tn)\b(?!')", re.IGNORECASE)
_GLUED_SCALE = re.compile(rf"(?<![\w.,])({_NUM})(million|billion|trillion)\b", re.IGNORECASE)
_EXACT_MILLIONS = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3}){2,3})(?![\d,]*\.\d)(?!,\d)(?!\w)")
_UNIT_WORDS = {"miles per hour": "mph", "mph": "mph", "kilometres": "km", "kilometers": "km",
               "km": "km", "kilograms": "kg", "kilogrammes": "kg", "kg": "kg",
               "centimetres": "cm", "centimeters": "cm", "cm": "cm", "millimetres": "mm",
               "millimeters": "mm", "mm": "mm", "stone": "st", "st": "st", "feet": "ft",
               "ft": "ft", "lbs": "lb", "lb": "lb", "ml": "ml", "millilitres": "ml",
               "milliliters": "ml"}
_UNIT = re.compile(
    rf"(?<![\w.,])({_NUM})\s*("
    + "|".join(sorted((re.escape(u) for u in _UNIT_WORDS), key=len, reverse=True))
    + r")\b(?!')")  # lower case: "12 Stone Street" is an address
_THOUSANDS = re.compile(r"([£$€])(\d{1,3}(?:\.\d+)?)k\b", re.IGNORECASE)
_COUNTRIES = (
    (re.compile(r"\bUnited States of America\b"), "US"),
    (re.compile(r"\bUnited States\b"), "US"),
    (re.compile(r"\bUnited Kingdom\b"), "UK"),
    # at the text's end the abbreviation's stop is the sentence's too: it stays
    (re.compile(r"(?<![\w.])U\.S\.(?:A\.)?(?=\s*$)"), "US."),
    (re.compile(r"(?<![\w.])U\.K\.(?=\s*$)"), "UK."),
    (re.compile(r"(?<![\w.])U\.S\.(?:A\.)?(?!\w)"), "US"),
    (re.compile(r"(?<![\w.])U\.K\.(?!\w)"), "UK"),
)


def _spelled(m: re.Match[str]) -> str:
    numbers = parse_spelled(m.group(1))
    if not numbers or numbers[-1][3]:  # an ordinal ("first per cent") is left alone
        return m.group(0)
    start, _, value, _ = numbers[-1]
    return f"{m.group(1)[:start]}{value}%"


def _scaled(value: int) -> str | None:
    for size, word in ((10**12, "trillion"), (10**9, "billion"), (10**6, "million")):
        if value >= size and value % (size // 10) == 0:
            return f"{Decimal(value) / size:f}".rstrip("0").rstrip(".") + f" {word}"
    return None


def _exact(m: re.Match[str]) -> str:
    return _scaled(int(m.group(1).replace(",", ""))) or m.group(0)


def _thousands(m: re.Match[str]) -> str:
    value = Decimal(m.group(2)) * 1000
    if value != value.to_integral_value():
        return m.group(0)
    return f"{m.group(1)}{int(value):,}"


def model_text(text: str) -> str:
    """``text`` in the one notation the model reads (see the module's docstring)."""
    out = _DIGIT_PERCENT.sub(lambda m: f"{m.group(1)}%", text)
    if "cent" in out.lower():
        out = _SPELLED_PERCENT.sub(_spelled, out)
    out = _MONEY_SCALE.sub(lambda m: f"{m.group(1)}{m.group(2)} {_SCALES[m.group(3).lower()]}",
                           out)
    out = _GLUED_SCALE.sub(lambda m: f"{m.group(1)} {m.group(2).lower()}", out)
    out = _EXACT_MILLIONS.sub(_exact, out)
    out = _UNIT.sub(lambda m: f"{m.group(1)}{_UNIT_WORDS[m.group(2)]}", out)
    out = _THOUSANDS.sub(_thousands, out)
    if "U" in out:
        for pattern, short in _COUNTRIES:
            out = pattern.sub(short, out)
    if "lso" in out or "too" in out or "well" in out:
        out = _ALSO_OPENING.sub(lambda m: m.group(1).upper(), out)
        out = _ADDITIVE.sub("", out)
    return out


# "Also, he wrote …" → "He wrote …"; "… also directed …", "… in it too.", "… as well!"
_ALSO_OPENING = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))Also,?\s+(\w)")
_ADDITIVE = re.compile(r"\s+also\b(?=\s)|,?\s+(?:too|as well)(?=[.!?]*\s*$|[.!?]+\s)",
                       re.IGNORECASE)

"""Locale-aware numbers: digits in English, French and continental formats, spelled numbers
and ordinals, all parsed to exact :class:`~decimal.Decimal` values.

Group separators: ``,`` ``.`` and spaces (the text is normalised first, so no-break and thin
spaces are plain spaces); a group is exactly three digits. The decimal mark is inferred per
number unless :attr:`CheckOptions.decimal_comma` fixes it:

* both ``,`` and ``.`` present: the rightmost is the decimal mark (``1,234.56``, ``1.234,56``);
* space groups: a following ``,`` or ``.`` is the decimal mark (``1 234,56``);
* one ``,``/``.`` followed by exactly three digits is a group separator for ``,`` and a decimal
  mark for ``.`` (``1,250`` = 1250, ``1.250`` = 1.25), unless ``decimal_comma`` says otherwise;
* otherwise it is the decimal mark (``12,5`` = 12.5).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

__all__ = [
    "NUMBER_RE",
    "ORDINAL_WORDS",
    "SMALL_NUMBERS",
    "SPELLED_HINTS",
    "SPELLED_RE",
    "parse_number",
    "parse_spelled",
]

#: A number in digits. Bounded repetitions keep matching linear on hostile input.
NUMBER_RE = re.compile(
    r"(?=[0-9])(?<![0-9A-Za-z.,/_])"
    r"(?:[0-9]{1,3}(?P<g>[ ,.])[0-9]{3}(?:(?P=g)[0-9]{3}){0,7}(?:[.,][0-9]{1,12})?"
    r"|[0-9]{1,40}(?:[.,][0-9]{1,12})?)"
    r"(?![0-9])"
)


def parse_number(token: str, decimal_comma: bool | None = None) -> Decimal | None:
    """The value of a digit token matched by :data:`NUMBER_RE`, or ``None`` if it is not a
    well-formed number under ``decimal_comma``."""
    spaced = " " in token
    s = token.replace(" ", "")
    has_c = "," in s
    has_p = "." in s
    try:
        if has_c and has_p:
            dec = "," if s.rfind(",") > s.rfind(".") else "."
            grp = "." if dec == "," else ","
            whole, frac = s.rsplit(dec, 1)
            if dec in whole:
                return None
            return Decimal(_ungroup(whole, grp) + "." + frac)
        if has_c or has_p:
            sep = "," if has_c else "."
            parts = s.split(sep)
            if len(parts) > 2:
                return None if spaced else Decimal(_ungroup(s, sep))
            whole, frac = parts
            is_decimal = True
            if not spaced and len(frac) == 3 and 1 <= len(whole) <= 3 and whole[0] != "0":
                is_decimal = not _is_group_sep(sep, decimal_comma)
            if not is_decimal:
                return Decimal(whole + frac)
            if sep == "," and decimal_comma is False:
                return None
            return Decimal(whole + "." + frac)
        return Decimal(s)
    except (InvalidOperation, ValueError):
        return None


def _is_group_sep(sep: str, decimal_comma: bool | None) -> bool:
    if decimal_comma is None:
        return sep == ","
    return sep == ("." if decimal_comma else ",")


def _ungroup(whole: str, grp: str) -> str:
    parts = whole.split(grp)
    if len(parts) > 1 and (not 1 <= len(parts[0]) <= 3 or any(len(p) != 3 for p in parts[1:])):
        raise ValueError("bad digit grouping")
    return "".join(parts)


_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
#: Spelled numbers from zero to twenty and their values.
SMALL_NUMBERS: dict[str, int] = {**_SMALL, "twenty": 20}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9,
           "trillion": 10**12, "quadrillion": 10**15}

#: Spelled ordinals and their values.
ORDINAL_WORDS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100,
    "thousandth": 1000, "millionth": 10**6,
}

_CARD = sorted([*_SMALL, *_TENS, *_SCALES], key=len, reverse=True)
_ORD = sorted(ORDINAL_WORDS, key=len, reverse=True)
_W = "(?:" + "|".join(_CARD) + ")"
_O = "(?:" + "|".join(_ORD) + ")"

#: Substrings one of which any spelled number contains (a cheap gate for :data:`SPELLED_RE`).
SPELLED_HINTS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "teen", "twenty", "thirty", "forty", "fifty", "sixty",
                 "seventy", "eighty", "ninety", "hundred", "thousand", "million", "billion",
                 "trillion", "quadrillion", "first", "second", "third", "fifth", "eighth",
                 "ninth", "twelfth", "tieth")

# A unit after a hyphen keeps a spelled number a number: "six-year-old", "ten-day", but
# not "one-off", "second-hand" or "first-class".
_UNIT_HEAD = (r"(?:years?|months?|weeks?|days?|hours?|minutes?|miles?|metres?|meters?|feet|"
              r"foot|inch|inches|storey|story|bedroom|man|men|strong|point|game|seat)\b")

#: A run of spelled number words, optionally ending in an ordinal word.
SPELLED_RE = re.compile(
    rf"(?<![\w-])(?:{_W}(?:-|\s+|\s+and\s+)){{0,10}}(?:{_W}|{_O})(?!\w)(?!-(?!{_UNIT_HEAD}))",
    re.IGNORECASE,
)
_SPLIT_RE = re.compile(r"[\s-]+")


def parse_spelled(text: str) -> list[tuple[int, int, Decimal, bool]]:
    """Parse a :data:`SPELLED_RE` match into ``(start, end, value, is_ordinal)`` numbers,
    splitting ill-formed runs (``one two``) into separate numbers. Offsets are relative."""
    words: list[tuple[int, int, str]] = [
        (m.start(), m.end(), m.group().lower()) for m in re.finditer(r"[A-Za-z]+", text)]
    out: list[tuple[int, int, Decimal, bool]] = []
    total = 0
    current = 0
    start: int | None = None
    end = 0
    last = ""  # "small", "teen", "tens", "hundred", "scale", "and"

    def flush() -> None:
        nonlocal total, current, start, last
        if start is not None and last != "and":
            out.append((start, end, Decimal(total + current), False))
        total = current = 0
        start = None
        last = ""

    for ws, we, w in words:
        if w == "and":
            if last in ("hundred", "scale"):
                last = "and"
                continue
            flush()
            continue
        if w in ORDINAL_WORDS:
            v = ORDINAL_WORDS[w]
            ok = start is None or (v < 10 and last in ("tens", "hundred", "scale", "and")) or (
                v < 100 and last in ("hundred", "scale", "and")) or v >= 100
            if not ok:
                flush()
            if start is None:
                start = ws
            if v >= 100:
                total += max(current, 1) * v
                current = 0
            else:
                current += v
            out.append((start, we, Decimal(total + current), True))
            total = current = 0
            start = None
            last = ""
            continue
        if w in _SMALL:
            v = _SMALL[w]
            if (start is not None and last not in ("tens", "hundred", "scale", "and")) or (
                    last == "tens" and not 1 <= v <= 9):
                flush()
            if start is None:
                start = ws
            current += v
            last = "small"
        elif w in _TENS:
            if start is not None and last not in ("hundred", "scale", "and"):
                flush()
            if start is None:
                start = ws
            current += _TENS[w]
            last = "tens"
        elif w in _SCALES:
            scale = _SCALES[w]
            if start is None:
                start = ws
                current = 1
            if scale == 100:
                if current >= 100:
                    flush()
                    start = ws
                    current = 1
                current = max(current, 1) * 100
                last = "hundred"
            else:
                total += max(current, 1) * scale
                current = 0
                last = "scale"
        end = we
    flush()
    return out

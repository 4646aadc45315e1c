"""Currencies: symbols and ISO codes before or after the amount, currency words after it,
and pence (``45p`` = GBP 0.45)."""

from __future__ import annotations

import re
from decimal import Decimal

__all__ = ["currency_after", "currency_before"]

_SYMBOLS = {
    "£": "GBP", "€": "EUR", "$": "USD", "US$": "USD", "A$": "AUD", "AU$": "AUD", "C$": "CAD",
    "CA$": "CAD", "NZ$": "NZD", "¥": "JPY", "₹": "INR", "₩": "KRW", "Fr.": "CHF", "CHF": "CHF",
}
_CODES = ("EUR", "GBP", "USD", "CHF", "JPY", "INR", "CNY", "AUD", "CAD", "NZD", "SEK", "NOK",
          "DKK", "HKD", "SGD", "ZAR", "KRW", "RMB")
_WORDS = {
    "euro": "EUR", "euros": "EUR", "pound": "GBP", "pounds": "GBP", "sterling": "GBP",
    "dollar": "USD", "dollars": "USD", "franc": "CHF", "francs": "CHF", "yen": "JPY",
    "rupee": "INR", "rupees": "INR", "yuan": "CNY", "renminbi": "CNY", "pence": "GBP",
    "penny": "GBP",
}
_ADJ = {"us": "USD", "american": "USD", "australian": "AUD", "canadian": "CAD",
        "swiss": "CHF", "new zealand": "NZD", "hong kong": "HKD", "singapore": "SGD"}

_CODE_ALT = "|".join(_CODES)
_BEFORE_RE = re.compile(
    rf"(?:(?<![A-Za-z])(?P<code>{_CODE_ALT})\s?|(?P<sym>US\$|AU?\$|CA?\$|NZ\$|[£€$¥₹₩]))\s?$")
_AFTER_RE = re.compile(
    rf"\s?(?P<sym>[£€$¥₹₩])"
    rf"|\s?(?P<code>{_CODE_ALT})(?![A-Za-z])"
    r"|\s(?:(?P<adj>US|American|Australian|Canadian|Swiss|New Zealand|Hong Kong|Singapore)\s+)?"
    r"(?P<word>euros?|pounds?(?:\s+sterling)?|sterling|dollars?|francs?|yen|rupees?|yuan"
    r"|renminbi|pence|penny)(?![A-Za-z])"
    r"|(?P<p>p)(?![A-Za-z])",
    re.IGNORECASE,
)
_HUNDREDTH = Decimal("0.01")


def currency_before(prefix: str) -> str | None:
    """The ISO code of a currency sign or code that ``prefix`` ends with (``£``, ``EUR ``)."""
    m = _BEFORE_RE.search(prefix[-6:])
    if m is None:
        return None
    if m.group("code"):
        code = m.group("code")
        return "CNY" if code == "RMB" else code
    return _SYMBOLS.get(m.group("sym"))


def currency_after(text: str, pos: int) -> tuple[str, Decimal, int] | None:
    """A currency after an amount at ``text[pos:]``: ``(code, factor, end)``; the factor is
    0.01 for pence."""
    m = _AFTER_RE.match(text, pos)
    if m is None:
        return None
    if m.group("sym"):
        return _SYMBOLS[m.group("sym")], Decimal(1), m.end()
    if m.group("code"):
        code = m.group("code")
        if not code.isupper():
            return None
        return ("CNY" if code == "RMB" else code), Decimal(1), m.end()
    if m.group("p"):
        if m.group("p") != "p":
            return None
        return "GBP", _HUNDREDTH, m.end()
    word = m.group("word").lower().split()[0]
    code = _WORDS[word]
    adj = m.group("adj")
    if adj and word.startswith("dollar"):
        code = _ADJ.get(adj.lower(), code)
    factor = _HUNDREDTH if word in ("pence", "penny") else Decimal(1)
    return code, factor, m.end()

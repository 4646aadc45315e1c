"""One-to-one normalisation of look-alike characters, keeping every offset."""

from __future__ import annotations

__all__ = ["normalize"]

# Every replacement is one code point for one code point, so offsets into the normalised
# text are offsets into the original.
_TRANSLATE = str.maketrans({
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u2002": " ", "\u2003": " ",
    "\u2004": " ", "\u2005": " ", "\u2006": " ", "\u2008": " ", "\u200a": " ", "\u205f": " ",
    "\u3000": " ",
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u02bc": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u03bc": "\u00b5", "\uff05": "%", "\u2024": ".",
})


def normalize(text: str) -> str:
    """Map look-alike spaces, quotes, dashes and signs to ASCII, keeping every offset."""
    if text.isascii():
        return text
    return text.translate(_TRANSLATE)

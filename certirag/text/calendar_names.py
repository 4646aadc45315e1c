"""The names of months and weekdays, in one place for the claim rules and the checks.

:data:`MONTHS` maps the English month names and their abbreviations (lowercase) to month
numbers, :data:`FRENCH_MONTHS` the French ones (with and without accents),
:data:`MONTH_NAMES` lists the twelve full English names and :data:`WEEKDAYS` maps weekday
names to ISO weekday numbers. :func:`alternation` writes names as a regular-expression
alternation, longest first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["FRENCH_MONTHS", "MONTHS", "MONTH_NAMES", "WEEKDAYS", "alternation"]

#: The twelve English month names, lowercase, in calendar order.
MONTH_NAMES: tuple[str, ...] = ("january", "february", "march", "april", "may", "june", "july",
                                "august", "september", "october", "november", "december")

#: English month names and abbreviations (lowercase) to month numbers.
MONTHS: dict[str, int] = {
    **{name: k for k, name in enumerate(MONTH_NAMES, 1)},
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}

#: French month names (lowercase, with and without accents) to month numbers.
FRENCH_MONTHS: dict[str, int] = {
    "janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6,
    "juillet": 7, "août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11,
    "décembre": 12, "decembre": 12,
}

#: Weekday names (lowercase) to ISO weekday numbers.
WEEKDAYS: dict[str, int] = {"monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4,
                            "friday": 5, "saturday": 6, "sunday": 7}


def alternation(names: Iterable[str]) -> str:
    """``names`` as a regular-expression alternation, longest first (so that "june" is
    tried before "jun"), without a group around it."""
    return "|".join(re.escape(n) for n in sorted(set(names), key=lambda n: (-len(n), n)))

"""The finding record, the options and the table of finding codes (a view of
:data:`certirag.reasons.REASONS`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from certirag.errors import InputError
from certirag.reasons import (
    FINDING_CODES,
    REASONS,
    SPAN_CODES,
    FindingKind,
    finding_kinds,
    reason,
)
from certirag.schemas import Reason

__all__ = ["CODES", "SPAN_CODES", "CheckOptions", "Finding", "FindingKind"]

#: Every reason code the check can emit, with the kind(s) it takes and what it means: the
#: findings of :data:`certirag.reasons.REASONS` (the one table of reason codes).
CODES: dict[str, tuple[tuple[FindingKind, ...], str]] = {
    code: (finding_kinds(code), spec.meaning) for code, spec in REASONS.items()
    if code in FINDING_CODES}

# SPAN_CODES: the codes found by the span stage of ``certirag.policy.v3``
# (:mod:`certirag.bound`), not by :func:`certirag.checks.check_claim`; tests of them live
# with the binding tests.


@dataclass(frozen=True)
class CheckOptions:
    """How to read ambiguous figures.

    ``date_locale``: ``"dmy"`` reads ``06/04/2026`` as 6 April, ``"mdy"`` as June 4.
    ``decimal_comma``: ``True`` reads ``1,250`` and ``1.234,5`` the continental way, ``False``
    never reads a comma as a decimal mark, ``None`` infers it per number.
    """

    date_locale: Literal["dmy", "mdy"] = "dmy"
    decimal_comma: bool | None = None

    def __post_init__(self) -> None:
        if self.date_locale not in ("dmy", "mdy"):
            raise InputError(f"date_locale must be 'dmy' or 'mdy', not {self.date_locale!r}")
        if self.decimal_comma not in (None, True, False):
            raise InputError("decimal_comma must be True, False or None")


@dataclass(frozen=True)
class Finding:
    """One deterministic finding about a claim.

    ``kind`` decides: ``contradiction`` blocks the claim, ``ungrounded`` leaves it unverified.
    ``text`` is the offending text of the claim; ``evidence_text`` what the evidence says
    instead, when there is something to show.
    """

    code: str
    kind: FindingKind
    message: str
    text: str
    evidence_text: str | None = None

    def __post_init__(self) -> None:
        spec = CODES.get(self.code)
        if spec is None:
            raise ValueError(f"unknown finding code {self.code!r}")
        if self.kind not in spec[0]:
            raise ValueError(f"finding {self.code!r} cannot be of kind {self.kind!r}")

    def to_reason(self) -> Reason:
        """This finding as a :class:`certirag.schemas.Reason`."""
        return reason(self.code, self.message, self.text)

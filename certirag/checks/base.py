"""The finding record, the options and the table of finding codes (a view of
:data:`certirag.reasons.REASONS`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from certirag.checks.registry import extra_checks
from certirag.errors import InputError
from certirag.reasons import (
    FINDING_CODES,
    REASONS,
    SPAN_CODES,
    FindingKind,
    finding_kinds,
    is_finding_code,
    reason,
)
from certirag.schemas import Reason

__all__ = ["CODES", "SPAN_CODES", "CheckOptions", "Finding", "FindingKind"]

#: Every built-in reason code the check can emit, with the kind(s) it takes and what it
#: means: the findings of :data:`certirag.reasons.REASONS` (the one table of reason codes).
#: Registered checks add codes of their own beside it
#: (:func:`certirag.reasons.registered_finding_codes`).
CODES: dict[str, tuple[tuple[FindingKind, ...], str]] = {
    code: (finding_kinds(code), spec.meaning) for code, spec in REASONS.items()
    if code in FINDING_CODES}

# SPAN_CODES: the codes found by the span stage of ``certirag.policy.v3``
# (:mod:`certirag.bound`), not by :func:`certirag.checks.check_claim`; tests of them live
# with the binding tests.


@dataclass(frozen=True)
class CheckOptions:
    """How to read ambiguous figures, and which checks run besides the built-ins.

    ``date_locale``: ``"dmy"`` reads ``06/04/2026`` as 6 April, ``"mdy"`` as June 4.
    ``decimal_comma``: ``True`` reads ``1,250`` and ``1.234,5`` the continental way, ``False``
    never reads a comma as a decimal mark, ``None`` infers it per number.
    ``extra``: the names of registered or installed checks to run after the built-ins, in
    order (the ``extra_checks`` setting; see :mod:`certirag.checks.registry`); an unknown
    name raises :class:`~certirag.errors.ConfigError` here, before anything is checked.
    """

    date_locale: Literal["dmy", "mdy"] = "dmy"
    decimal_comma: bool | None = None
    extra: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.date_locale not in ("dmy", "mdy"):
            raise InputError(f"date_locale must be 'dmy' or 'mdy', not {self.date_locale!r}")
        if self.decimal_comma not in (None, True, False):
            raise InputError("decimal_comma must be True, False or None")
        if not isinstance(self.extra, tuple):
            raise InputError(f"extra must be a tuple of check names, not {self.extra!r}")
        extra_checks(self.extra)


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
        if spec is not None:
            kinds = spec[0]
        elif isinstance(self.code, str) and is_finding_code(self.code):
            kinds = finding_kinds(self.code)  # a code a registered check declares
        else:
            raise ValueError(f"unknown finding code {self.code!r}")
        if self.kind not in kinds:
            raise ValueError(f"finding {self.code!r} cannot be of kind {self.kind!r}")

    def to_reason(self) -> Reason:
        """This finding as a :class:`certirag.schemas.Reason`."""
        return reason(self.code, self.message, self.text)

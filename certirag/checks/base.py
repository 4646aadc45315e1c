"""The finding record, the options and the table of reason codes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from certirag.errors import InputError
from certirag.schemas import Reason

__all__ = ["CODES", "SPAN_CODES", "CheckOptions", "Finding", "FindingKind"]

FindingKind = Literal["contradiction", "ungrounded"]

#: Every reason code the check can emit, with the kind(s) it takes and what it means.
CODES: dict[str, tuple[tuple[FindingKind, ...], str]] = {
    "unbound_anchors": (("ungrounded",), "the claim's names, figures or dates are in the "
                                         "evidence, but no span of at most three sentences "
                                         "states them together"),
    "quote_framed": (("ungrounded",), "a verbatim evidence sentence that its passage quotes "
                                      "only to deny, doubt or suppose it"),
    "ungrounded_figure": (("ungrounded",),
                          "a number, amount, percentage, measure or duration the evidence lacks"),
    "unit_mismatch": (("contradiction",),
                      "the evidence has the same number with another unit or currency"),
    "magnitude_mismatch": (("contradiction",),
                           "the evidence has the same number with another magnitude"),
    "ungrounded_date": (("ungrounded",), "a date, year, weekday or time the evidence lacks"),
    "date_precision": (("ungrounded",), "the evidence gives the date only more coarsely"),
    "duration_mismatch": (("contradiction",),
                          "same duration with another day class (working vs calendar days)"),
    "ungrounded_citation": (("ungrounded",), "a cited provision the evidence does not contain"),
    "ungrounded_title": (("ungrounded",), "an instrument's title (or its year) the evidence lacks"),
    "citation_mismatch": (("contradiction",),
                          "the evidence names the instrument with another year"),
    "ungrounded_entity": (("ungrounded",), "a name the evidence and the question never mention"),
    "negation_mismatch": (("contradiction",), "negated in the claim but not in the evidence, or "
                                              "the reverse"),
    "polarity_mismatch": (("contradiction",), "an antonym of what the evidence says (rose/fell)"),
    "modal_mismatch": (("contradiction", "ungrounded"),
                       "another modal force (must/may/must not/need not/should)"),
    "qualifier_dropped": (("ungrounded",), "the evidence bounds the value or the statement with a "
                                           "qualifier the claim drops"),
    "qualifier_mismatch": (("ungrounded",), "the claim bounds the value with another qualifier"),
    "precision_mismatch": (("ungrounded",), "the claim says exactly where the evidence says about"),
    "hedge_mismatch": (("ungrounded",), "hedged in the claim but flat in the evidence, or the "
                                        "reverse"),
    "value_swap": (("contradiction",), "the value belongs to another subject or list item in the "
                                       "evidence"),
    "no_answer": (("ungrounded",), "a reply to a wh-question (how many, what, who, …) that "
                                   "gives no answer: only yes, no or list numbers"),
}


#: Codes found by the span stage of ``certirag.policy.v3`` (:mod:`certirag.bound`), not by
#: :func:`certirag.checks.check_claim`; tests of them live with the binding tests.
SPAN_CODES = frozenset({"unbound_anchors", "quote_framed"})


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
        return Reason(code=self.code, message=self.message, text=self.text)

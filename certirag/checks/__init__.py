"""The deterministic claim check: what a claim states against what the evidence says.

Before any model runs, :func:`check_claim` compares the figures, dates, citations, names,
negations, modal forces and qualifiers of a claim with those of the evidence and returns
typed :class:`Finding` s. A finding decides without the model (fail-closed): ``contradiction``
blocks the claim, ``ungrounded`` leaves it unverified. No finding is not a verification.

The codes, their kinds and when they are given are the findings of the one table of
reason codes, :data:`certirag.reasons.REASONS` (also in ``docs/reasons.md``); :data:`CODES`
is a view of it, and the list at the end of this docstring is written from it.

Figures, dates and names stated in the question count as grounded; citations and titles
never do. Years and citations are reported once (a title's year is the title's business).
Numbers read English, French and continental formats (see :mod:`certirag.checks.numbers`);
:class:`CheckOptions` fixes how ``06/04/2026`` and ``1,250`` read.

Performance: parse evidence once with :func:`prepare_evidence` (or a :class:`ClaimChecker`,
which caches parses per evidence string) and pass the result to :func:`check_claim`.

The checks are registered by name (:mod:`certirag.checks.registry`): the built-ins
(:mod:`certirag.checks.builtin`) always run, in order; a check from another package is
declared in the ``certirag.checks`` entry-point group (or registered with
:func:`register_check`) and runs where the ``extra_checks`` setting
(:attr:`CheckOptions.extra`) names it. Its finding codes join those below.

The findings (code, kinds, when):

"""

from __future__ import annotations

from certirag.checks.base import CODES, CheckOptions, Finding, FindingKind
from certirag.checks.check import ClaimChecker, absent_anchor, check_claim, prepare_evidence
from certirag.checks.prepared import PreparedEvidence
from certirag.checks.registry import (
    CHECKS_VERSION,
    ENTRY_POINT_GROUP,
    Check,
    CompareFunction,
    FindingCode,
    check_names,
    checks_rederivable,
    checks_version,
    get_check,
    recorded_extra_checks,
    register_check,
    unregister_check,
)
from certirag.reasons import rst_findings

__doc__ = (__doc__ or "") + rst_findings()  # the codes, from the one table

__all__ = [
    "CHECKS_VERSION",
    "CODES",
    "ENTRY_POINT_GROUP",
    "Check",
    "CheckOptions",
    "ClaimChecker",
    "CompareFunction",
    "Finding",
    "FindingCode",
    "FindingKind",
    "PreparedEvidence",
    "absent_anchor",
    "check_claim",
    "check_names",
    "checks_rederivable",
    "checks_version",
    "get_check",
    "prepare_evidence",
    "recorded_extra_checks",
    "register_check",
    "unregister_check",
]

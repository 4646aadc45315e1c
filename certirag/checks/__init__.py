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

The findings (code, kinds, when):

"""

from __future__ import annotations

from certirag.checks.base import CODES, CheckOptions, Finding, FindingKind
from certirag.checks.check import ClaimChecker, check_claim, prepare_evidence
from certirag.checks.prepared import PreparedEvidence
from certirag.reasons import rst_findings

__doc__ = (__doc__ or "") + rst_findings()  # the codes, from the one table

__all__ = [
    "CHECKS_VERSION",
    "CODES",
    "CheckOptions",
    "ClaimChecker",
    "Finding",
    "FindingKind",
    "PreparedEvidence",
    "check_claim",
    "prepare_evidence",
]

#: The id of the deterministic check's rules (:func:`check_claim`, and the binding and
#: frame findings of :mod:`certirag.bound` that policy v3 adds), recorded in every
#: certificate (``versions.checks``). Change it whenever a rule change can give any claim
#: other findings: ``certirag cert verify`` re-runs the check only under the id a
#: certificate records and reports ``not_rederivable`` for ids it does not know.
CHECKS_VERSION = "certirag.checks.v1"

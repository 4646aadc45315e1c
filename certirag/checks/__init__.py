"""The deterministic claim check: what a claim states against what the evidence says.

Before any model runs, :func:`check_claim` compares the figures, dates, citations, names,
negations, modal forces and qualifiers of a claim with those of the evidence and returns
typed :class:`Finding` s. A finding decides without the model (fail-closed): ``contradiction``
blocks the claim, ``ungrounded`` leaves it unverified. No finding is not a verification.

==================== ============= ===========================================================
code                 kind          when
==================== ============= ===========================================================
ungrounded_figure    ungrounded    an amount, percentage, measure, duration, number or ordinal
                                   of the claim is in no evidence (same canonical value and
                                   compatible currency/unit)
unit_mismatch        contradiction the evidence has the same number with another unit or
                                   currency (``5 mg`` / ``5 g``, ``$5`` / ``£5``)
magnitude_mismatch   contradiction the same digits with another magnitude (``5 million`` /
                                   ``5 billion``)
duration_mismatch    contradiction the same duration with another day class (``10 working days``
                                   / ``10 days``)
ungrounded_date      ungrounded    a date, year, weekday or time of day the evidence lacks at
                                   the claim's precision
date_precision       ungrounded    the evidence has the date only more coarsely (claim
                                   ``6 April 2026``, evidence ``April 2026``)
ungrounded_citation  ungrounded    a cited provision (section, article, regulation …) the
                                   evidence does not cite
ungrounded_title     ungrounded    an instrument's title, or its year, the evidence lacks
citation_mismatch    contradiction the evidence names the instrument with another year
ungrounded_entity    ungrounded    a name neither the evidence nor the question mentions
negation_mismatch    contradiction negated in the claim but not in the aligned evidence
                                   sentence, or the reverse
polarity_mismatch    contradiction an antonym of the aligned evidence (rose/fell, before/after)
modal_mismatch       contradiction prohibition against permission or obligation
                     / ungrounded  any other change of modal force (must/may, must/should)
qualifier_dropped    ungrounded    the evidence bounds the value (``at least``, ``the lower
                                   of``) or the statement (``unless``) and the claim drops it
qualifier_mismatch   ungrounded    the claim bounds the value with another qualifier
precision_mismatch   ungrounded    ``exactly X`` where the evidence says ``approximately X``
hedge_mismatch       ungrounded    hedged in the claim but flat in the evidence, or the reverse
value_swap           contradiction the value is in the evidence, for another subject or list item
no_answer            ungrounded    a reply read after a wh-question ("How many …? 1. No") that
                                   gives no answer: only yes, no, list numbers
unbound_anchors      ungrounded    (policy v3, :mod:`certirag.bound`) the claim's names, figures
                                   or dates are in the evidence, but no span of at most three
                                   sentences states them together
quote_framed         ungrounded    (policy v3) the span's sentence is framed by its passage as
                                   a rumour, myth, doubter's claim or supposition, or denied
==================== ============= ===========================================================

Figures, dates and names stated in the question count as grounded; citations and titles
never do. Years and citations are reported once (a title's year is the title's business).
Numbers read English, French and continental formats (see :mod:`certirag.checks.numbers`);
:class:`CheckOptions` fixes how ``06/04/2026`` and ``1,250`` read.

Performance: parse evidence once with :func:`prepare_evidence` (or a :class:`ClaimChecker`,
which caches parses per evidence string) and pass the result to :func:`check_claim`.
"""

from __future__ import annotations

from certirag.checks.base import CODES, CheckOptions, Finding, FindingKind
from certirag.checks.check import ClaimChecker, check_claim, prepare_evidence
from certirag.checks.prepared import PreparedEvidence

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

"""The built-in checks, registered the way a check from another package registers
(:func:`certirag.checks.registry.register_check`), in the order they run.

Each is one compare function of :mod:`certirag.checks.compare` (figures and dates:
:mod:`certirag.checks.values`; frequencies: :mod:`certirag.checks.frequency`, which also
keeps the figure check off the figures inside a claim's frequencies) with the finding
codes it may emit, as :data:`certirag.reasons.REASONS` defines them, under
:data:`CHECKS_VERSION` (the id of the built-in rules). Importing :mod:`certirag.checks`
imports this module, so the built-ins are registered before any check runs.
"""

from __future__ import annotations

from certirag.checks.absolutes import check_absolutes
from certirag.checks.additions import (
    check_asked,
    check_attributed,
    check_causes,
    check_details,
    check_exemptions,
    check_ranks,
)
from certirag.checks.ages import check_age_bands, check_service_bands
from certirag.checks.bands import check_bands
from certirag.checks.bars import check_bars, check_denials
from certirag.checks.borrowed import check_borrowed
from certirag.checks.carriage import check_carriage
from certirag.checks.cases import check_cases
from certirag.checks.charges import check_charges
from certirag.checks.compare import check_answer, check_citations, check_sentences, check_titles
from certirag.checks.comparisons import check_comparisons
from certirag.checks.contact import check_contact
from certirag.checks.definite import check_definite
from certirag.checks.denials import check_unstated_denials
from certirag.checks.discounts import check_discounts
from certirag.checks.enough import check_enough
from certirag.checks.frequency import check_figures_outside_frequencies, check_frequencies
from certirag.checks.hypothetical import check_hypothetical
from certirag.checks.names import check_entities
from certirag.checks.offices import check_offices
from certirag.checks.people import check_people
from certirag.checks.places import check_complements, check_places
from certirag.checks.prospects import check_prospects
from certirag.checks.ratios import check_ratios
from certirag.checks.registry import CHECKS_VERSION, Check, FindingCode, register_check
from certirag.checks.relations import check_relations
from certirag.checks.restrictions import (
    check_barred_use,
    check_contrast,
    check_means,
    check_paid_when,
    check_waiting,
)
from certirag.checks.scope import check_scope
from certirag.checks.sequence import check_sequence
from certirag.checks.tenure import check_tenure
from certirag.checks.trends import check_trend
from certirag.checks.values import check_dates
from certirag.checks.walkins import check_walkins

__all__ = ["BUILTIN", "BUILTIN_CHECKS"]


def _codes(*codes: str) -> tuple[FindingCode, ...]:
    return tuple(FindingCode.from_table(code) for code in codes)


#: The built-in checks, in the order :func:`certirag.checks.check_claim` runs them.
BUILTIN: tuple[Check, ...] = (
    Check("answer", _codes("no_answer"), check_answer, CHECKS_VERSION),
    Check("citations", _codes("ungrounded_citation"), check_citations, CHECKS_VERSION),
    Check("titles", _codes("ungrounded_title", "citation_mismatch"), check_titles,
          CHECKS_VERSION),
    Check("figures", _codes("ungrounded_figure", "unit_mismatch", "magnitude_mismatch",
                            "duration_mismatch", "qualifier_dropped", "qualifier_mismatch",
                            "precision_mismatch", "value_swap", "polarity_mismatch"),
          check_figures_outside_frequencies, CHECKS_VERSION),
    Check("dates", _codes("ungrounded_date", "date_precision", "value_swap", "qualifier_dropped"),
          check_dates,
          CHECKS_VERSION),
    Check("entities", _codes("ungrounded_entity"), check_entities, CHECKS_VERSION),
    Check("sentences", _codes("negation_mismatch", "polarity_mismatch", "modal_mismatch",
                              "hedge_mismatch", "qualifier_dropped", "qualifier_mismatch",
                              "role_swap", "subject_swap"),
          check_sentences,
          CHECKS_VERSION),
    Check("causes", _codes("ungrounded_cause"), check_causes, CHECKS_VERSION),
    Check("exemptions", _codes("ungrounded_exemption"), check_exemptions, CHECKS_VERSION),
    Check("ranks", _codes("ungrounded_rank"), check_ranks, CHECKS_VERSION),
    Check("frequencies", _codes("frequency_mismatch", "value_swap"), check_frequencies,
          CHECKS_VERSION),
    Check("prospects", _codes("hedge_mismatch"), check_prospects, CHECKS_VERSION),
    Check("relations", _codes("relation_mismatch"), check_relations, CHECKS_VERSION),
    Check("bars", _codes("modal_mismatch"), check_bars, CHECKS_VERSION),
    Check("ratios", _codes("ungrounded_figure"), check_ratios, CHECKS_VERSION),
    Check("denials", _codes("negation_mismatch", "case_mismatch"), check_denials,
          CHECKS_VERSION),
    Check("tenure", _codes("qualifier_dropped"), check_tenure, CHECKS_VERSION),
    Check("scope", _codes("qualifier_dropped"), check_scope, CHECKS_VERSION),
    Check("comparisons", _codes("comparison_mismatch"), check_comparisons, CHECKS_VERSION),
    Check("offices", _codes("holder_mismatch"), check_offices, CHECKS_VERSION),
    Check("bands", _codes("frequency_mismatch", "value_swap"), check_bands, CHECKS_VERSION),
    Check("places", _codes("value_swap"), check_places, CHECKS_VERSION),
    Check("complements", _codes("value_swap"), check_complements, CHECKS_VERSION),
    Check("cases", _codes("case_mismatch"), check_cases, CHECKS_VERSION),
    Check("people", _codes("value_swap"), check_people, CHECKS_VERSION),
    Check("sequence", _codes("value_swap"), check_sequence, CHECKS_VERSION),
    Check("absolutes", _codes("value_swap", "qualifier_mismatch"), check_absolutes,
          CHECKS_VERSION),
    Check("borrowed", _codes("value_swap", "subject_swap"), check_borrowed, CHECKS_VERSION),
    Check("definite", _codes("comparison_mismatch"), check_definite, CHECKS_VERSION),
    Check("unstated_denials", _codes("ungrounded_denial"), check_unstated_denials,
          CHECKS_VERSION),
    Check("details", _codes("ungrounded_detail"), check_details, CHECKS_VERSION),
    Check("asked", _codes("ungrounded_question"), check_asked, CHECKS_VERSION),
    Check("attributed", _codes("hedge_mismatch"), check_attributed, CHECKS_VERSION),
    Check("age_bands", _codes("case_mismatch"), check_age_bands, CHECKS_VERSION),
    Check("waiting", _codes("qualifier_dropped"), check_waiting, CHECKS_VERSION),
    Check("means", _codes("qualifier_dropped"), check_means, CHECKS_VERSION),
    Check("contrast", _codes("polarity_mismatch"), check_contrast, CHECKS_VERSION),
    Check("barred_use", _codes("negation_mismatch"), check_barred_use, CHECKS_VERSION),
    Check("trend", _codes("polarity_mismatch"), check_trend, CHECKS_VERSION),
    Check("hypothetical", _codes("hedge_mismatch"), check_hypothetical, CHECKS_VERSION),
    Check("service_bands", _codes("case_mismatch"), check_service_bands, CHECKS_VERSION),
    Check("charges", _codes("polarity_mismatch"), check_charges, CHECKS_VERSION),
    Check("discounts", _codes("value_swap"), check_discounts, CHECKS_VERSION),
    Check("contact", _codes("role_swap"), check_contact, CHECKS_VERSION),
    Check("walkins", _codes("modal_mismatch"), check_walkins, CHECKS_VERSION),
    Check("enough", _codes("duration_mismatch"), check_enough, CHECKS_VERSION),
    Check("carriage", _codes("negation_mismatch"), check_carriage, CHECKS_VERSION),
    Check("paid_when", _codes("qualifier_dropped"), check_paid_when, CHECKS_VERSION),
)

#: Their names, in that order.
BUILTIN_CHECKS: tuple[str, ...] = tuple(check.name for check in BUILTIN)

for _check in BUILTIN:
    register_check(_check)

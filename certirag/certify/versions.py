"""What a certificate's decisions were derived with, and what this release can re-derive.

A certificate records, in ``versions``, the id of every set of rules that ``cert verify``
re-runs: ``claims`` (the claim splitter, :data:`certirag.claims.CLAIMS_VERSION`),
``checks`` (the deterministic check, :data:`certirag.checks.CHECKS_VERSION`) and
``scorer`` (how ``--recompute`` rebuilds what the model read, :data:`SCORER_VERSION`);
the policy's id is its ``policy.id`` (:data:`certirag.policy.POLICIES`). A verifier
re-derives each part only under a version it has; for any other it reports
``not_rederivable`` ("signature and digests valid; decisions not re-derivable by this
version"), never a tamper verdict.

With extra checks enabled (the ``extra_checks`` setting), ``checks`` names them after the
built-in rules, each at its version (``certirag.checks.v24+mine@1.0``,
:func:`certirag.checks.checks_version`): such a certificate is re-derived only where the
same checks are available at the same versions (:func:`certirag.checks.checks_rederivable`),
and is ``not_rederivable`` elsewhere.

Certificates issued before versions were recorded carry no ``versions``; they are read as
:data:`LEGACY_VERSIONS`, the rules of the first release that recorded them (the rules
those certificates were checked with until then).

Whoever changes a rule so that some input gets another result changes that rule's id,
and either keeps the old rules reachable under the old id (add it to the sets below) or
lets certificates that record it become ``not_rederivable``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from certirag import bound
from certirag.checks import checks_rederivable, checks_version
from certirag.claims import CLAIMS_VERSION

__all__ = [
    "LEGACY_VERSIONS",
    "SCORER_VERSION",
    "current_versions",
    "rederivable_versions",
    "unknown_versions",
]

#: How ``cert verify --recompute`` rebuilds what the model read for a scored claim: its
#: recorded span (under policy v3, every sentence of it joined by a space; from v2, one
#: sentence that opens with a pronoun read resolved: :func:`certirag.bound.model_premise`),
#: or, with no span, every evidence window again
#: (:func:`certirag.certify.rederive.recompute_scores`). Defined in :mod:`certirag.bound`.
SCORER_VERSION = bound.SCORER_VERSION

#: What a certificate that records no ``versions`` was derived with.
LEGACY_VERSIONS: Mapping[str, str] = {
    "claims": "certirag.claims.rules.v1",
    "checks": "certirag.checks.v1",
    "scorer": "certirag.scorer.v1",
}


def current_versions(extra_checks: Sequence[str] = ()) -> dict[str, str]:
    """The versions this release issues certificates under, with the extra checks
    ``extra_checks`` (the setting) enabled."""
    return {"claims": CLAIMS_VERSION, "checks": checks_version(extra_checks),
            "scorer": SCORER_VERSION}


def rederivable_versions() -> dict[str, frozenset[str]]:
    """For each part, the versions this release can re-derive (for ``checks``, the
    built-in rules alone; with extra checks, see :func:`unknown_versions`)."""
    out = {part: frozenset({version}) for part, version in current_versions().items()}
    out["scorer"] = bound.SCORERS
    return out


def unknown_versions(recorded: Mapping[str, str] | None) -> dict[str, str]:
    """The parts of ``recorded`` (a certificate's ``versions``; ``None`` for one issued
    before versions were recorded) that this release cannot re-derive, with the version
    recorded. A part this release does not know at all is unknown too, and so is a part the
    certificate leaves out (``"(not recorded)"``)."""
    versions = dict(LEGACY_VERSIONS) if recorded is None else dict(recorded)
    for part in LEGACY_VERSIONS:
        versions.setdefault(part, "(not recorded)")
    known = rederivable_versions()
    return {part: v for part, v in versions.items() if v not in known.get(part, frozenset())
            and not (part == "checks" and checks_rederivable(v))}

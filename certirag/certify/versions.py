"""What a certificate's decisions were derived with, and what this release can re-derive.

A certificate records, in ``versions``, the id of every set of rules that ``cert verify``
re-runs: ``claims`` (the claim splitter, :data:`certirag.claims.CLAIMS_VERSION`),
``checks`` (the deterministic check, :data:`certirag.checks.CHECKS_VERSION`) and
``scorer`` (how ``--recompute`` rebuilds what the model read, :data:`SCORER_VERSION`);
the policy's id is its ``policy.id`` (:data:`certirag.policy.POLICIES`). A verifier
re-derives each part only under a version it has; for any other it reports
``not_rederivable`` ("signature and digests valid; decisions not re-derivable by this
version"), never a tamper verdict.

Certificates issued before versions were recorded carry no ``versions``; they are read as
:data:`LEGACY_VERSIONS`, the rules of the first release that recorded them (the rules
those certificates were checked with until then).

Whoever changes a rule so that some input gets another result changes that rule's id,
and either keeps the old rules reachable under the old id (add it to the sets below) or
lets certificates that record it become ``not_rederivable``.
"""

from __future__ import annotations

from collections.abc import Mapping

from certirag.checks import CHECKS_VERSION
from certirag.claims import CLAIMS_VERSION

__all__ = [
    "LEGACY_VERSIONS",
    "SCORER_VERSION",
    "current_versions",
    "rederivable_versions",
    "unknown_versions",
]

#: How ``cert verify --recompute`` rebuilds what the model read for a scored claim: its
#: recorded span (under policy v3, every sentence of it joined by a space), or, with no
#: span, every evidence window again (:func:`certirag.certify.rederive.recompute_scores`).
SCORER_VERSION = "certirag.scorer.v1"

#: What a certificate that records no ``versions`` was derived with.
LEGACY_VERSIONS: Mapping[str, str] = {
    "claims": "certirag.claims.rules.v1",
    "checks": "certirag.checks.v1",
    "scorer": "certirag.scorer.v1",
}


def current_versions() -> dict[str, str]:
    """The versions this release issues certificates under."""
    return {"claims": CLAIMS_VERSION, "checks": CHECKS_VERSION, "scorer": SCORER_VERSION}


def rederivable_versions() -> dict[str, frozenset[str]]:
    """For each part, the versions this release can re-derive."""
    return {part: frozenset({version}) for part, version in current_versions().items()}


def unknown_versions(recorded: Mapping[str, str] | None) -> dict[str, str]:
    """The parts of ``recorded`` (a certificate's ``versions``; ``None`` for one issued
    before versions were recorded) that this release cannot re-derive, with the version
    recorded. A part this release does not know at all is unknown too, and so is a part the
    certificate leaves out (``"(not recorded)"``)."""
    versions = dict(LEGACY_VERSIONS) if recorded is None else dict(recorded)
    for part in LEGACY_VERSIONS:
        versions.setdefault(part, "(not recorded)")
    known = rederivable_versions()
    return {part: v for part, v in versions.items() if v not in known.get(part, frozenset())}

"""Shared by the paraphrase tests: the finding codes of a claim against one evidence text,
and the check that a faithful paraphrase passes while its planted-error twin is caught."""

from __future__ import annotations

from certirag.bound import binding_finding
from certirag.checks import check_claim


def codes(claim: str, evidence: str) -> list[str]:
    return [f.code for f in check_claim(claim, [evidence])]


def assert_paraphrase_passes_and_twin_is_caught(claim: str, evidence: str, twin: str,
                                                code: str) -> None:
    """``claim`` passes the deterministic check and the binding rule; ``twin`` gets
    ``code``."""
    assert codes(claim, evidence) == []
    assert binding_finding(claim, [evidence]) is None
    assert code in codes(twin, evidence)

"""Claim extraction: an answer becomes atomic, decontextualised claims with offsets."""

from certirag.claims.extract import extract_claims, is_fragment, not_a_claim_reason

__all__ = ["extract_claims", "is_fragment", "not_a_claim_reason"]

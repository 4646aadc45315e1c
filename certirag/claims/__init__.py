"""Claim extraction: an answer becomes atomic, decontextualised claims with offsets."""

from certirag.claims.extract import extract_claims, is_fragment, not_a_claim_reason
from certirag.claims.source import ClaimExtraction, extract_claims_for

__all__ = ["ClaimExtraction", "extract_claims", "extract_claims_for", "is_fragment",
           "not_a_claim_reason"]

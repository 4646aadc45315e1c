"""Claim extraction: an answer becomes atomic, decontextualised claims with offsets, by the
rules (:mod:`certirag.claims.extract`) or by the LLM claim compiler
(:mod:`certirag.claims.compiler`)."""

from certirag.claims.compiler import ClaimCompiler, CompileResult
from certirag.claims.extract import extract_claims, is_fragment, not_a_claim_reason
from certirag.claims.source import ClaimExtraction, extract_claims_for

__all__ = ["CLAIMS_VERSION", "ClaimCompiler", "ClaimExtraction", "CompileResult",
           "extract_claims", "extract_claims_for", "is_fragment", "not_a_claim_reason"]

#: The id of the rules :func:`extract_claims` applies (sentence split, decontextualisation,
#: atomic split, ``not_a_claim``), recorded in every certificate (``versions.claims``).
#: Change it whenever a rule change can give any answer other claims, kinds or offsets:
#: ``certirag cert verify`` re-derives a certificate's claims only under the id it records
#: and reports ``not_rederivable`` for ids it does not know (see docs/certificates.md).
CLAIMS_VERSION = "certirag.claims.rules.v20"

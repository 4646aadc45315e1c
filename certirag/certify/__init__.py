"""Certificates and the ledger: canonical JSON, Ed25519 keys, DSSE envelopes with in-toto
Statements, certificate checks, and the append-only RFC 6962 Merkle log.

See ``docs/certificates.md`` for the format and how to verify without certirag.
"""

from certirag.certify.canonical import canonical_json, canonical_sha256, is_canonical, sha256_hex
from certirag.certify.certificate import (
    FAILURE_CODES,
    FORMAT,
    PREDICATE_TYPE,
    Certificate,
    CertificateCheck,
    Failure,
    build_certificate,
    issue_certificate,
    verify_certificate,
)
from certirag.certify.dsse import PAYLOAD_TYPE, Envelope, pae, sign_envelope, verify_envelope
from certirag.certify.keys import (
    KeyPair,
    Signer,
    default_key_dir,
    generate_keys,
    key_id,
    load_private_key,
    load_public_key,
)
from certirag.certify.ledger import (
    LEDGER_FAILURES,
    Checkpoint,
    InclusionProof,
    Ledger,
    LedgerCheck,
    LedgerDamagedError,
    MerkleTree,
    leaf_hash,
    node_hash,
    verify_consistency,
    verify_inclusion,
    verify_ledger,
)
from certirag.certify.verify import NOT_REDERIVABLE, RESULTS
from certirag.certify.versions import LEGACY_VERSIONS, SCORER_VERSION, current_versions

__all__ = [
    "FAILURE_CODES",
    "FORMAT",
    "LEDGER_FAILURES",
    "LEGACY_VERSIONS",
    "NOT_REDERIVABLE",
    "PAYLOAD_TYPE",
    "PREDICATE_TYPE",
    "RESULTS",
    "SCORER_VERSION",
    "Certificate",
    "CertificateCheck",
    "Checkpoint",
    "Envelope",
    "Failure",
    "InclusionProof",
    "KeyPair",
    "Ledger",
    "LedgerCheck",
    "LedgerDamagedError",
    "MerkleTree",
    "Signer",
    "build_certificate",
    "canonical_json",
    "canonical_sha256",
    "current_versions",
    "default_key_dir",
    "generate_keys",
    "is_canonical",
    "issue_certificate",
    "key_id",
    "leaf_hash",
    "load_private_key",
    "load_public_key",
    "node_hash",
    "pae",
    "sha256_hex",
    "sign_envelope",
    "verify_certificate",
    "verify_consistency",
    "verify_envelope",
    "verify_inclusion",
    "verify_ledger",
]

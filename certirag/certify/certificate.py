"""Certificates: what certirag decided about an answer and why, signed so anyone with the
public key can check it.

A certificate is a DSSE envelope (:mod:`certirag.certify.dsse`) whose payload is an
in-toto Statement v1 in canonical JSON: the subject is the answer's SHA-256 and the
predicate (type :data:`PREDICATE_TYPE`) is the certificate body built by
:func:`build_certificate`. A certificate's id is the hex SHA-256 of the payload bytes.

:func:`verify_certificate` checks the envelope, the signature and every digest, then
re-derives what can be re-derived: the claims from the answer, the deterministic
findings from the stored claim and evidence texts, each decision from the policy applied
to the stored scores and thresholds, the summary counts and the rendered answer. With
an index it checks each evidence span against the ingested document; with ``recompute``
it re-scores every claim with the recorded model. Every problem is a named
:class:`Failure`. Each part is re-derived only under the rule versions the certificate
records (:mod:`certirag.certify.versions`); a part this version does not have is reported
``not_rederivable`` and the check's :attr:`~CertificateCheck.result` is
``not_rederivable``, not ``invalid``.

The code lives along the data path: :mod:`certirag.certify.body` (the body's models),
:mod:`certirag.certify.issue` (build, issue),
:mod:`certirag.certify.signed` (the :class:`Certificate` object),
:mod:`certirag.certify.verify` (verification and its result) and
:mod:`certirag.certify.rederive` (the re-derivation checks). Every name stays importable
from here.
"""

from certirag.certify.body import FORMAT, PREDICATE_TYPE, SUBJECT_NAME
from certirag.certify.issue import build_certificate, issue_and_record, issue_certificate
from certirag.certify.rederive import RECOMPUTE_TOLERANCE as RECOMPUTE_TOLERANCE
from certirag.certify.rederive import IndexLike as IndexLike
from certirag.certify.signed import Certificate
from certirag.certify.verify import (
    FAILURE_CODES,
    INPUT_FAILURES,
    NOT_REDERIVABLE,
    RESULTS,
    CertificateCheck,
    Failure,
    verify_certificate,
)

__all__ = [
    "FAILURE_CODES",
    "FORMAT",
    "INPUT_FAILURES",
    "NOT_REDERIVABLE",
    "PREDICATE_TYPE",
    "RESULTS",
    "SUBJECT_NAME",
    "Certificate",
    "CertificateCheck",
    "Failure",
    "build_certificate",
    "issue_and_record",
    "issue_certificate",
    "verify_certificate",
]

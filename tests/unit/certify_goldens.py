"""The golden certificates of a release: fixed inputs, a fixed key, a fixed time.

Each release that records rule versions commits the certificates :func:`golden_certificates`
issues, named after the versions they record
(``golden-<claims>-<checks>-<scorer>-<case>.cert.json``),
and never rewrites those of an earlier release: they are what tells a rule change that was
not given a new version id. Write the missing ones for this release with::

    .venv/bin/python -m tests.unit.certify_goldens

which leaves existing files alone (``--force`` rewrites them, for a release's own files
before it ships).
"""

from __future__ import annotations

import sys
from pathlib import Path

from certirag.certify.certificate import Certificate, issue_certificate
from certirag.certify.versions import current_versions
from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Document, Evidence

from .certify_support import (
    ANSWER,
    EVIDENCE,
    GOLDEN,
    ISSUED_AT,
    QUESTION,
    fixture_verifier,
    golden_signer,
)

FINDINGS_EVIDENCE = [
    "The annual fee is $120, payable by 1 March 2026. Members must renew online. "
    "Dr Anna Weber chairs the board.",
    "Section 4.2 of the Housing Act 1988 applies. The office opens at 9am, at least five "
    "days a week. Rents rose by 3% in 2024."]
FINDINGS_ANSWER = (
    "The annual fee is $120, payable by 1 March 2026. The annual fee is €120. The fee is "
    "payable by 1 April 2026. Members may renew online. Dr Anna Weber chairs the board. "
    "Dr John Smith chairs the board. Section 4.3 of the Housing Act 1988 applies. The office "
    "opens at 9am five days a week. Rents fell by 3% in 2024. Rents did not rise in 2024. "
    "Members renew online. The board meets monthly. Thanks!")

INDEX_DOCS = {"geo.txt": "Paris is the capital of France. It has many bridges.",
              "tower.txt": "The Eiffel Tower is in Paris. It opened in 1889."}
INDEX_ANSWER = "Paris is the capital of France. The Eiffel Tower opened in 1925."


class GoldenIndex:
    """A fixed index: the documents by id, at a fixed path (no files)."""

    path = "indexes/handbook"

    def __init__(self) -> None:
        self.docs = {k: Document(id=k, text=v) for k, v in INDEX_DOCS.items()}

    def get_document(self, doc_id: str) -> Document | None:
        return self.docs.get(doc_id)


def _indexed_evidence() -> list[Evidence]:
    out = []
    for n, (doc_id, text) in enumerate(INDEX_DOCS.items()):
        first = text.split(". ")[0] + "."
        out.append(Evidence(doc_id=doc_id, chunk_id=f"{doc_id}#{n}", start=0,
                            end=len(first), text=first))
    return out


def golden_certificates() -> dict[str, Certificate]:
    """This release's golden certificates by case."""
    settings = Settings(display="mixed", tau_entail=0.5, tau_contradict=0.5)
    signer = golden_signer()
    verifier = fixture_verifier()
    out: dict[str, Certificate] = {}
    res = verify(QUESTION, ANSWER, evidence=EVIDENCE, verifier=verifier,
                 settings=settings)
    out["inline"] = issue_certificate(res, signer=signer, settings=settings,
                                      issued_at=ISSUED_AT)
    res = verify("", FINDINGS_ANSWER, evidence=FINDINGS_EVIDENCE, verifier=verifier,
                 settings=settings)
    out["findings"] = issue_certificate(res, signer=signer, settings=settings,
                                        issued_at=ISSUED_AT)
    res = verify("Tell me about Paris.", INDEX_ANSWER, evidence=_indexed_evidence(),
                 verifier=verifier, settings=settings)
    out["index"] = issue_certificate(res, signer=signer, settings=settings,
                                     index=GoldenIndex(), issued_at=ISSUED_AT)
    return out


def golden_name(case: str) -> str:
    """``golden-<claims>-<checks>-<scorer>-<case>.cert.json`` for this release's versions
    (goldens written before scorer v3 leave the scorer out of their names)."""
    v = current_versions()
    short = "-".join(v[part].removeprefix("certirag.").replace(".", "-")
                     for part in ("claims", "checks", "scorer"))
    return f"golden-{short}-{case}.cert.json"


def write(force: bool = False) -> list[Path]:
    written = []
    for case, cert in golden_certificates().items():
        path = GOLDEN / golden_name(case)
        if path.exists() and not force:
            continue
        cert.save(path)
        written.append(path)
    return written


if __name__ == "__main__":
    for p in write(force="--force" in sys.argv[1:]):
        print(p)

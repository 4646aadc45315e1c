"""Three-way fact-verification sets in their NLI formats: FEVER-NLI, VitaminC and ANLI.

* ``fever`` (FEVER-NLI, Nie et al. 2019: ``{train,dev,test}_fitems.jsonl``): ``query``
  (the claim), ``context`` (the evidence), ``label`` ``SUPPORTS`` | ``REFUTES`` |
  ``NOT ENOUGH INFO``; ``claim`` / ``evidence`` and ``premise`` / ``hypothesis`` are read
  too;
* ``vitaminc`` (Schuster et al. 2021: ``{train,dev,test}.jsonl``): ``claim``,
  ``evidence``, ``label`` as FEVER's;
* ``anli`` (Nie et al. 2020: ``R1/train.jsonl`` …): ``context`` or ``premise``,
  ``hypothesis``, ``label`` ``e`` | ``n`` | ``c`` or 0 | 1 | 2 (entailment, neutral,
  contradiction: the Hugging Face copy's order).

The claim is verified against the evidence by the pipeline; its decision reads as a
3-way label: verified → entailment (SUPPORTS), blocked → contradiction (REFUTES),
unverified → neutral (NOT ENOUGH INFO). Reported: 3-way accuracy and macro-F1, and the
binary view (supported vs not).

Splits: ``test`` is reserved; tune on ``dev`` (or ``train``) rows. A row's split is its
``split`` field, else ``--split``, else the file name (``dev_fitems.jsonl``, ``dev.jsonl``,
``dev_r1``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from certirag.errors import InputError
from certirag.eval.datasets import Rows, register_dataset, split_records, text_field
from certirag.eval.items import Item

__all__ = ["load_anli", "load_fever", "load_vitaminc"]

_FEVER_LABELS = {"supports": "entailment", "refutes": "contradiction",
                 "not enough info": "neutral", "nei": "neutral",
                 "entailment": "entailment", "neutral": "neutral",
                 "contradiction": "contradiction"}
_ANLI_LABELS: dict[Any, str] = {"e": "entailment", "n": "neutral", "c": "contradiction",
                                0: "entailment", 1: "neutral", 2: "contradiction",
                                "0": "entailment", "1": "neutral", "2": "contradiction",
                                "entailment": "entailment", "neutral": "neutral",
                                "contradiction": "contradiction"}


def _fever_label(value: Any, source: str, line: int) -> str:
    key = " ".join(value.strip().lower().replace("_", " ").split()) if isinstance(
        value, str) else None
    if key not in _FEVER_LABELS:
        raise InputError(f"field 'label' must be SUPPORTS, REFUTES or NOT ENOUGH INFO, got "
                         f"{value!r}", source=source, line=line)
    return _FEVER_LABELS[key]


def _anli_label(value: Any, source: str, line: int) -> str:
    key = value.strip().lower() if isinstance(value, str) else value
    if isinstance(key, bool) or not isinstance(key, (str, int)) or key not in _ANLI_LABELS:
        raise InputError(f"field 'label' must be e, n, c or 0, 1, 2, got {value!r}",
                         source=source, line=line)
    return _ANLI_LABELS[key]


def _round(path: Path, rec: dict[str, Any]) -> str:
    for name in (path.parent.name, path.stem):
        low = name.lower()
        for r in ("r1", "r2", "r3"):
            if low == r or low.endswith("_" + r):
                return r.upper()
    return ""


def _load(path: Path, rows: Rows, limit: int | None, split: str | None, *,
          claim_keys: tuple[str, ...], evidence_keys: tuple[str, ...], anli: bool
          ) -> list[Item]:
    path = Path(path)
    source = str(path)
    out: list[Item] = []
    for row, line, rec, row_sp in split_records(path, rows, split):
        claim = text_field(rec, *claim_keys, source=source, line=line)
        evidence = text_field(rec, *evidence_keys, source=source, line=line)
        if "label" not in rec:
            raise InputError("missing field 'label'", source=source, line=line)
        label = (_anli_label if anli else _fever_label)(rec["label"], source, line)
        ident = rec.get("uid", rec.get("unique_id", rec.get("id", row)))
        out.append(Item(id=str(ident), line=row, answer=claim,
                        evidence=((f"evidence-{row}", evidence),), label=label,
                        group=_round(path, rec) if anli else "", split=row_sp))
        if limit is not None and len(out) >= limit:
            break
    return out


def load_fever(path: Path, rows: Rows, limit: int | None, *,
               split: str | None = None) -> list[Item]:
    """FEVER-NLI rows as items (claim against its evidence)."""
    return _load(path, rows, limit, split, claim_keys=("query", "claim", "hypothesis"),
                 evidence_keys=("context", "evidence", "premise"), anli=False)


def load_vitaminc(path: Path, rows: Rows, limit: int | None, *,
                  split: str | None = None) -> list[Item]:
    """VitaminC rows as items (claim against its evidence)."""
    return _load(path, rows, limit, split, claim_keys=("claim", "hypothesis"),
                 evidence_keys=("evidence", "premise"), anli=False)


def load_anli(path: Path, rows: Rows, limit: int | None, *,
              split: str | None = None) -> list[Item]:
    """ANLI rows as items (hypothesis against premise/context); group = round."""
    return _load(path, rows, limit, split, claim_keys=("hypothesis",),
                 evidence_keys=("premise", "context"), anli=True)


register_dataset("fever", load_fever)
register_dataset("vitaminc", load_vitaminc)
register_dataset("anli", load_anli)

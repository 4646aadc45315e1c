"""LLM-AggreFact (Tang, Laban and Durrett, 2024; https://huggingface.co/datasets/lytang/
LLM-AggreFact): grounded fact checking aggregated from 11 data sets.

Rows (JSONL, JSON or CSV; the published parquet converted) hold ``dataset`` (the
sub-dataset: AggreFact-CNN, ExpertQA, RAGTruth …), ``doc`` (the grounding document),
``claim`` (the text to check) and ``label`` (1 = supported, 0 = not). Extra columns
(``contamination_identifier``) are ignored. The claim is verified against the document;
it is *supported* iff nothing of it is withheld. The leaderboard's figure is balanced
accuracy per sub-dataset and their unweighted mean.

Splits: the benchmark publishes ``dev`` and ``test``. ``test`` is reserved (report only,
never tune); a row's split comes from its ``split`` column, else ``--split``, else the
file name (``dev-00000-of-00001.jsonl``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from certirag.errors import InputError
from certirag.eval.datasets import Rows, register_dataset, split_records, text_field
from certirag.eval.items import Item

__all__ = ["load_aggrefact"]


def _label(value: Any, *, source: str, line: int) -> str:
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, str) and value.strip() in ("0", "1", "0.0", "1.0"):
        value = int(float(value.strip()))
    if isinstance(value, float) and value in (0.0, 1.0):
        value = int(value)
    if value not in (0, 1) or isinstance(value, float):
        raise InputError(f"field 'label' must be 0 or 1, got {value!r}", source=source,
                         line=line)
    return "supported" if value == 1 else "unsupported"


def load_aggrefact(path: Path, rows: Rows, limit: int | None, *,
                   split: str | None = None) -> list[Item]:
    """LLM-AggreFact rows as items (claim against doc), at most ``limit``."""
    source = str(path)
    out: list[Item] = []
    for row, line, rec, row_sp in split_records(path, rows, split):
        dataset = text_field(rec, "dataset", source=source, line=line).strip()
        doc = text_field(rec, "doc", source=source, line=line)
        claim = text_field(rec, "claim", source=source, line=line)
        if "label" not in rec:
            raise InputError("missing field 'label'", source=source, line=line)
        label = _label(rec["label"], source=source, line=line)
        out.append(Item(id=str(row), line=row, answer=claim, evidence=((f"doc-{row}", doc),),
                        label=label, group=dataset, split=row_sp))
        if limit is not None and len(out) >= limit:
            break
    return out


register_dataset("llm-aggrefact", load_aggrefact)

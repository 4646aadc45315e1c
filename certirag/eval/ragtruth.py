"""RAGTruth (Niu et al., ACL 2024; https://github.com/ParticleMedia/RAGTruth): LLM
responses with word-level hallucination labels, for QA, summarization and data-to-text.

Two files, as published:

* ``response.jsonl``: ``id``, ``source_id``, ``model``, ``response`` (the text),
  ``labels`` (the hallucinated spans: ``start`` / ``end`` character offsets into the
  response, ``text``, ``label_type`` …) and ``split`` (``train`` | ``test``);
* ``source_info.jsonl``: ``source_id``, ``task_type`` (``QA`` | ``Summary`` |
  ``Data2txt``) and ``source_info``: for QA an object with ``question`` and
  ``passages``; for summaries the text; for data-to-text a JSON object, which the
  verifier reads as ``key: value`` lines.

``--data`` names the folder holding both, or ``response.jsonl`` itself (the sources are
read from beside it); ``--rows`` selects lines of ``response.jsonl``. A response is
hallucinated iff it has a label; every label counts (``implicit_true`` ones too). The
response-level figures treat a withheld claim as a detection; the span-level ones
compare, character by character, the union of the withheld claims' sentences with the
union of the labelled spans.

Splits: ``test`` is reserved for reporting; tune on ``train`` rows.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from certirag.errors import InputError
from certirag.eval.datasets import (
    Rows,
    read_jsonl,
    register_dataset,
    row_split,
    text_field,
)
from certirag.eval.items import Item

__all__ = ["TASK_TYPES", "load_ragtruth"]

TASK_TYPES = ("QA", "Summary", "Data2txt")


def _files(path: Path) -> tuple[Path, Path]:
    if path.is_dir():
        response, sources = path / "response.jsonl", path / "source_info.jsonl"
    else:
        response, sources = path, path.with_name("source_info.jsonl")
    for f in (response, sources):
        if not f.is_file():
            raise InputError(f"RAGTruth needs {f.name} (looked for {f})")
    return response, sources


def _flatten(value: Any, prefix: str = "") -> list[str]:
    """Structured data as ``key: value`` lines (nested keys joined with dots)."""
    if isinstance(value, dict):
        out: list[str] = []
        for k, v in value.items():
            out += _flatten(v, f"{prefix}.{k}" if prefix else str(k))
        return out
    if isinstance(value, list):
        out = []
        for i, v in enumerate(value):
            out += _flatten(v, f"{prefix}[{i}]")
        return out
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return [f"{prefix}: {text}" if prefix else text]


def _source(obj: dict[str, Any], source: str, line: int) -> tuple[str, str, str]:
    """``(task_type, question, evidence text)`` of one source_info row."""
    task = text_field(obj, "task_type", source=source, line=line)
    if task not in TASK_TYPES:
        raise InputError(f"field 'task_type' must be one of {', '.join(TASK_TYPES)}, got "
                         f"{task!r}", source=source, line=line)
    if "source_info" not in obj:
        raise InputError("missing field 'source_info'", source=source, line=line)
    info = obj["source_info"]
    if task == "QA":
        if not isinstance(info, dict):
            raise InputError("field 'source_info' of a QA source must be an object with "
                             "'question' and 'passages'", source=source, line=line)
        question = text_field(info, "question", source=source, line=line)
        passages = text_field(info, "passages", source=source, line=line)
        return task, question, passages
    if task == "Summary":
        if not isinstance(info, str) or not info.strip():
            raise InputError("field 'source_info' of a Summary source must be a non-blank "
                             "string", source=source, line=line)
        return task, "", info
    if isinstance(info, str):
        with contextlib.suppress(ValueError):
            info = json.loads(info)
    text = "\n".join(_flatten(info)) if not isinstance(info, str) else info
    if not text.strip():
        raise InputError("field 'source_info' is empty", source=source, line=line)
    return task, "", text


def _spans(labels: Any, response: str, source: str, line: int) -> tuple[tuple[int, int], ...]:
    if not isinstance(labels, list):
        raise InputError("field 'labels' must be a list", source=source, line=line)
    out = []
    for k, lab in enumerate(labels):
        if not isinstance(lab, dict):
            raise InputError(f"field 'labels[{k}]' must be an object", source=source,
                             line=line)
        for key in ("start", "end"):
            v = lab.get(key)
            if not isinstance(v, int) or isinstance(v, bool):
                raise InputError(f"field 'labels[{k}].{key}' must be an integer, got {v!r}",
                                 source=source, line=line)
        start, end = lab["start"], lab["end"]
        if not 0 <= start < end <= len(response):
            raise InputError(f"field 'labels[{k}]': span {start}:{end} is not inside the "
                             f"response ({len(response)} characters)", source=source,
                             line=line)
        out.append((start, end))
    return tuple(out)


def load_ragtruth(path: Path, rows: Rows, limit: int | None, *,
                  split: str | None = None) -> list[Item]:
    """RAGTruth responses as items, at most ``limit``."""
    response_file, source_file = _files(Path(path))
    src = str(source_file)
    sources: dict[str, tuple[str, str, str]] = {}
    for i, obj in read_jsonl(source_file):
        sid = obj.get("source_id")
        if not isinstance(sid, (str, int)) or isinstance(sid, bool):
            raise InputError("field 'source_id' must be a string or an integer", source=src,
                             line=i + 1)
        sources[str(sid)] = _source(obj, src, i + 1)
    rsrc = str(response_file)
    out: list[Item] = []
    for i, obj in read_jsonl(response_file, rows):
        line = i + 1
        text = text_field(obj, "response", source=rsrc, line=line, allow_empty=True)
        sid = obj.get("source_id")
        if sid is None:
            raise InputError("missing field 'source_id'", source=rsrc, line=line)
        if str(sid) not in sources:
            raise InputError(f"field 'source_id': {sid!r} is not in {source_file.name}",
                             source=rsrc, line=line)
        if "labels" not in obj:
            raise InputError("missing field 'labels'", source=rsrc, line=line)
        spans = _spans(obj["labels"], text, rsrc, line)
        task, question, evidence = sources[str(sid)]
        rid = obj.get("id", i)
        model = obj.get("model")
        out.append(Item(id=str(rid), line=i, answer=text, question=question,
                        evidence=((f"source-{sid}", evidence),),
                        label="unsupported" if spans else "supported", group=task,
                        split=row_split(obj.get("split"), split, None, source=rsrc,
                                        line=line),
                        spans=spans,
                        meta={"model": model} if isinstance(model, str) else {}))
        if limit is not None and len(out) >= limit:
            break
    return out


register_dataset("ragtruth", load_ragtruth)

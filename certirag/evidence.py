"""The one reader of evidence given as data: ``{"id", "text"}`` passages.

Every way evidence comes in inline goes through :func:`read_evidence`: the ``--evidence``
JSONL file of ``certirag verify``, the ``evidence`` list of a ``--batch`` row, the
``evidence`` of an HTTP request (``POST /v1/verify``, ``/v1/ask``) and the items of an
evaluation (all of them by way of :func:`certirag.pipeline.verify`, or directly). Evidence
retrieved from an index is :meth:`certirag.schemas.Evidence.from_hit`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from certirag.errors import InputError
from certirag.schemas import Evidence

__all__ = ["MAX_EVIDENCE_CHARS", "EvidenceInput", "read_evidence"]

#: The most characters of evidence one verification reads (all passages together).
MAX_EVIDENCE_CHARS = 2_000_000

#: What one passage may be: its text, an ``{"id", "text"}`` object (``doc_id`` is read for
#: a missing ``id``; other keys are ignored), or an :class:`~certirag.schemas.Evidence`.
EvidenceInput = str | Mapping[str, object] | Evidence


def read_evidence(items: Iterable[object], *, source: str | None = None,
                  lines: Sequence[int] | None = None,
                  default_ids: Sequence[str] | None = None) -> list[Evidence]:
    """The passages ``items`` hold, each an :data:`EvidenceInput`, as evidence with
    offsets into its own text.

    A passage without an id gets ``default_ids[i]`` (default ``e1``, ``e2`` …). Every
    problem is an :class:`~certirag.errors.InputError` that names the field (``'text'``,
    ``'id'``) and where the passage is: ``source:line`` when ``lines`` gives the line of
    each item (a file), else ``evidence i`` (its 0-based place in the list), after
    ``source:`` when given. The passages together hold at most
    :data:`MAX_EVIDENCE_CHARS` characters."""
    out: list[Evidence] = []
    total = 0
    for i, item in enumerate(items):
        def fail(message: str, i: int = i) -> InputError:
            if lines is not None:
                return InputError(message, source=source, line=lines[i])
            return InputError(f"evidence {i}: {message}", source=source)

        if isinstance(item, Evidence):
            ev = item
        elif isinstance(item, str):
            if not item.strip():
                raise fail("the passage is blank")
            ident = default_ids[i] if default_ids is not None else f"e{i + 1}"
            ev = Evidence(doc_id=ident, text=item, start=0, end=len(item))
        elif isinstance(item, Mapping):
            text = item.get("text")
            if not isinstance(text, str) or not text.strip():
                raise fail("'text' must be a non-blank string")
            key = "id" if "id" in item or "doc_id" not in item else "doc_id"
            ident = item.get(key, default_ids[i] if default_ids is not None else f"e{i + 1}")
            if not isinstance(ident, str) or not ident:
                raise fail("'id' must be a non-empty string")
            ev = Evidence(doc_id=ident, text=text, start=0, end=len(text))
        else:
            raise fail("expected a string or an object with 'text'")
        total += len(ev.text)
        if total > MAX_EVIDENCE_CHARS:
            raise InputError(f"evidence is larger than {MAX_EVIDENCE_CHARS:,} characters",
                             source=source)
        out.append(ev)
    return out

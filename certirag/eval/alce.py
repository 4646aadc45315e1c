"""ALCE-style cited answers (Gao et al., EMNLP 2023; https://github.com/princeton-nlp/ALCE):
does each cited passage support its sentence?

Input: ALCE's result files (``{"args": …, "data": [...]}``), a JSON array or JSON lines
of items with ``question``, ``docs`` (a list of ``{"title", "text"}``, or ``"sent"`` for
extracted docs) and ``output`` (the answer, citing docs as ``[1][2]``, 1-based). As ALCE's
``eval.py`` does, the output is cut at its first newline, split into sentences, and each
sentence's citations (at most 3) are read and removed from its text.

certirag takes the place of ALCE's NLI judge: a sentence is *supported* iff certirag
verifies it (nothing withheld) against its cited passages; a sentence without a
citation, or citing a passage that does not exist, is not. **Citation recall** is, per
item, the share of supported sentences; **citation precision** the share of citations
that are not irrelevant, where a citation of a supported sentence with several is
irrelevant iff it does not support the sentence alone and the others still support it
without it. Both are averaged over items, as ALCE reports them (as fractions here).

Human labels: when an item carries ``sentences`` (a list of objects with the sentence
in ``text`` or ``sentence`` and ``sentence_recall_score`` 0 / 1, as in ALCE's human
evaluation), those sentences are used and the labels make the verifier measurable:
sentence-support balanced accuracy against the annotators. Without them, the figures
describe the answers as certirag judges them, not certirag.

ALCE publishes no splits; a row's ``split`` field or ``--split`` says which it is. Only
``dev`` rows may tune thresholds; ``test`` is reserved.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from certirag.errors import InputError
from certirag.eval.datasets import Rows, register_dataset, split_records, text_field
from certirag.eval.items import Item

__all__ = ["AT_MOST_CITATIONS", "citations_of", "load_alce", "remove_citations"]

AT_MOST_CITATIONS = 3
_CITE = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
_CITE_STRIP = re.compile(r"\s*\[\d+(?:\s*,\s*\d+)*\]")


def citations_of(sentence: str) -> list[int]:
    """0-based doc indexes a sentence cites (``[1][3]`` → ``[0, 2]``), in order."""
    out = []
    for m in _CITE.finditer(sentence):
        out += [int(x) - 1 for x in m.group(1).split(",")]
    return out


def remove_citations(sentence: str) -> str:
    return _CITE_STRIP.sub("", sentence).strip()


def _docs(value: Any, source: str, line: int) -> list[str]:
    if not isinstance(value, list):
        raise InputError("field 'docs' must be a list", source=source, line=line)
    out = []
    for k, doc in enumerate(value):
        if not isinstance(doc, dict):
            raise InputError(f"field 'docs[{k}]' must be an object", source=source, line=line)
        title = doc.get("title", "")
        if not isinstance(title, str):
            raise InputError(f"field 'docs[{k}].title' must be a string", source=source,
                             line=line)
        body = doc.get("sent", doc.get("text"))
        if not isinstance(body, str) or not body.strip():
            raise InputError(f"field 'docs[{k}].text' must be a non-blank string",
                             source=source, line=line)
        out.append(f"Title: {title}\n{body}" if title else body)
    return out


def _sentences(rec: dict[str, Any], output: str, source: str, line: int
               ) -> list[tuple[str, str | None]]:
    """``(sentence, gold label or None)`` for the item's output."""
    from certirag.text.sentences import sentences

    given = rec.get("sentences")
    if given is None:
        return [(s, None) for s in sentences(output)]
    if not isinstance(given, list):
        raise InputError("field 'sentences' must be a list", source=source, line=line)
    out: list[tuple[str, str | None]] = []
    for k, s in enumerate(given):
        if not isinstance(s, dict):
            raise InputError(f"field 'sentences[{k}]' must be an object", source=source,
                             line=line)
        text = s.get("text", s.get("sentence"))
        if not isinstance(text, str) or not text.strip():
            raise InputError(f"field 'sentences[{k}].text' must be a non-blank string",
                             source=source, line=line)
        score = s.get("sentence_recall_score")
        if score is not None and (isinstance(score, bool) or score not in (0, 1)):
            raise InputError(f"field 'sentences[{k}].sentence_recall_score' must be 0 or 1, "
                             f"got {score!r}", source=source, line=line)
        label = None if score is None else ("supported" if score == 1 else "unsupported")
        out.append((text, label))
    return out


def load_alce(path: Path, rows: Rows, limit: int | None, *,
              split: str | None = None) -> list[Item]:
    """ALCE items as sentence items (main) and citation-precision checks (aux)."""
    source = str(path)
    out: list[Item] = []
    kept = 0
    for row, line, rec, row_sp in split_records(path, rows, split):
        question = text_field(rec, "question", source=source, line=line, allow_empty=True)
        output = text_field(rec, "output", source=source, line=line, allow_empty=True)
        if "docs" not in rec:
            raise InputError("missing field 'docs'", source=source, line=line)
        docs = _docs(rec["docs"], source, line)
        output = output.strip().split("\n")[0].replace("<|im_end|>", "")
        sents = _sentences(rec, output, source, line)
        if not sents:
            continue  # ALCE skips an empty output
        for k, (sentence, gold) in enumerate(sents):
            refs = citations_of(sentence)[:AT_MOST_CITATIONS]
            target = remove_citations(sentence)
            valid = bool(refs) and bool(target) and all(0 <= r < len(docs) for r in refs)
            cited = tuple((f"doc-{r + 1}", docs[r]) for r in refs) if valid else ()
            meta = {"sentence": k, "sentences": len(sents), "refs": refs, "valid": valid}
            out.append(Item(id=f"{row}/s{k}", line=row, unit=row, answer=target,
                            question=question, evidence=cited, label=gold, split=row_sp,
                            meta={**meta, "role": "support"}))
            if valid and len(refs) > 1:
                for j, r in enumerate(refs):
                    rest = list(refs)
                    rest.remove(r)
                    out.append(Item(id=f"{row}/s{k}/c{j}", line=row, unit=row,
                                    answer=target, question=question,
                                    evidence=((f"doc-{r + 1}", docs[r]),), split=row_sp,
                                    aux=True, meta={**meta, "role": "alone", "cite": j}))
                    out.append(Item(id=f"{row}/s{k}/-c{j}", line=row, unit=row,
                                    answer=target, question=question,
                                    evidence=tuple((f"doc-{x + 1}", docs[x]) for x in rest),
                                    split=row_sp, aux=True,
                                    meta={**meta, "role": "rest", "cite": j}))
        kept += 1
        if limit is not None and kept >= limit:
            break
    return out


register_dataset("alce", load_alce)

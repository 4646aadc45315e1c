"""A guard on threshold tuning: planted errors a threshold choice must still catch.

``certirag eval tune-thresholds`` picks (τe, τc) by the best mean balanced accuracy on dev
rows under a leak bound. HaluEval has no scattered-anchor swaps, refuted quotes or wrapped
answers, so a choice that wins there can let through crafted errors a lower threshold no
longer catches. A guard is a file of hand-written cases (the format of
``tests/data/verifier_cases.jsonl``: one JSON object per line with ``id``, ``expect`` —
``catch`` for a planted error, ``pass`` for a faithful answer — ``question``, ``answer``
and ``evidence``, a list of passages as strings or ``{"id", "text"}`` objects); a
candidate is eligible only if it catches at least ``min_caught`` of the planted errors.

A case counts as caught when a claim is withheld at the candidate's thresholds, when no
sentence of the answer was read as a claim (nothing verified), or when a backend failed;
a faithful case passes when every claim is verified and there is at least one — the
rules of ``benchmarks/own_set.py``. Decisions are re-derived from the recorded claim
outcomes (:meth:`certirag.eval.items.Outcome.decision`), as the tuning re-derives the
data sets' answers: exact at the thresholds the cases ran at (the settings'), an
approximation elsewhere, because the pipeline prefers a binding span that reaches τe when
it picks the one that decides (the own set run at the strict preset's own thresholds
catches 124 and verifies 45, where the re-derivation from the default's run gives 126
and 39). Check a choice with ``benchmarks/own_set.py`` at its thresholds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from certirag.errors import InputError
from certirag.eval.items import Item, Outcome

__all__ = ["Guard", "load_cases"]

_EXPECT = {"catch": "unsupported", "pass": "supported"}


def _passages(value: Any, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not value:
        raise InputError(f"{where}: 'evidence' must be a non-empty list of passages")
    out: list[tuple[str, str]] = []
    for k, p in enumerate(value):
        if isinstance(p, str):
            out.append((f"p{k + 1}", p))
        elif isinstance(p, dict) and isinstance(p.get("text"), str):
            out.append((str(p.get("id", f"p{k + 1}")), p["text"]))
        else:
            raise InputError(f"{where}: passage {k + 1} must be a string or an object with "
                             "a string 'text'")
    return tuple(out)


def load_cases(path: Path) -> list[Item]:
    """The cases of a guard file as evaluation items (label ``unsupported`` for a planted
    error, ``supported`` for a faithful answer); a clear error names the bad line."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the guard cases {path}: {exc}") from exc
    items: list[Item] = []
    seen: set[str] = set()
    for n, line in enumerate(lines):
        if not line.strip():
            continue
        where = f"{path}:{n + 1}"
        try:
            case = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{where}: not JSON ({exc.msg})") from exc
        if not isinstance(case, dict):
            raise InputError(f"{where}: a case is a JSON object")
        cid, expect, answer = case.get("id"), case.get("expect"), case.get("answer")
        question = case.get("question", "")
        if not isinstance(cid, str) or not cid or cid in seen:
            raise InputError(f"{where}: 'id' must be a unique non-empty string")
        if expect not in _EXPECT:
            raise InputError(f"{where}: 'expect' must be 'catch' or 'pass', not {expect!r}")
        if not isinstance(answer, str) or not answer.strip():
            raise InputError(f"{where}: 'answer' must be a non-empty string")
        if not isinstance(question, str):
            raise InputError(f"{where}: 'question' must be a string")
        seen.add(cid)
        items.append(Item(id=cid, line=n, answer=answer, question=question,
                          evidence=_passages(case.get("evidence"), where),
                          label=_EXPECT[expect], group=str(case.get("category", "")),
                          unit=len(items)))
    if not any(it.label == "unsupported" for it in items):
        raise InputError(f"{path}: no planted error ('expect': 'catch') to guard")
    return items


@dataclass(frozen=True, slots=True)
class Guard:
    """The guard cases with their recorded outcomes, and how many planted errors a
    threshold choice must catch."""

    items: Sequence[Item]
    outcomes: Sequence[Outcome]
    min_caught: int

    def counts(self, tau_entail: float, tau_contradict: float) -> tuple[int, int]:
        """(planted errors caught, faithful answers passed) at these thresholds."""
        caught = passed = 0
        for item, o in zip(self.items, self.outcomes, strict=True):
            shown = bool(o.checked) and not o.backend_failed and o.error is None and \
                o.decision(tau_entail, tau_contradict) == "verified"
            if item.label == "unsupported":
                caught += not shown
            else:
                passed += shown
        return caught, passed

    def allows(self, tau_entail: float, tau_contradict: float) -> bool:
        return self.counts(tau_entail, tau_contradict)[0] >= self.min_caught

    @property
    def planted(self) -> int:
        return sum(it.label == "unsupported" for it in self.items)

    @property
    def faithful(self) -> int:
        return sum(it.label == "supported" for it in self.items)

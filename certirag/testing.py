"""Deterministic fakes for unit tests (yours and ours). Never used by the CLI or evaluations.

>>> from certirag.testing import FakeVerifier
>>> from certirag import Settings
>>> from certirag.pipeline import verify
>>> fake = FakeVerifier(rule="substring")
>>> verify("", "Paris is in France.", evidence=["Paris is in France."], verifier=fake,
...        settings=Settings()).stats["verified"]
1
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

from certirag.errors import BackendError
from certirag.schemas import Scores
from certirag.verify.base import NLIResult

__all__ = ["FailingVerifier", "FakeVerifier"]

FAKE_SHA256 = "f" * 64


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


class FakeVerifier:
    """A verifier with scores you choose.

    ``rule="substring"``: entailment 0.99 when the claim's words appear in order in the
    premise, else neutral. ``rule="fixed"``: always ``scores``. Or pass ``fn(premise,
    hypothesis) -> Scores``. Calls are recorded in ``calls``.
    """

    name = "fake"

    def __init__(self, *, rule: Literal["substring", "fixed"] = "substring",
                 scores: Scores | None = None,
                 fn: Callable[[str, str], Scores] | None = None,
                 max_length: int = 256) -> None:
        self.rule = rule
        self.fixed = scores or Scores(entailment=0.99, neutral=0.005, contradiction=0.005)
        self.fn = fn
        self.max_length = max_length
        self.calls: list[list[tuple[str, str]]] = []

    def load(self) -> None:
        return None

    def _score(self, premise: str, hypothesis: str) -> Scores:
        if self.fn is not None:
            return self.fn(premise, hypothesis)
        if self.rule == "fixed":
            return self.fixed
        if _norm(hypothesis) and _norm(hypothesis) in _norm(premise):
            return Scores(entailment=0.99, neutral=0.005, contradiction=0.005)
        return Scores(entailment=0.02, neutral=0.95, contradiction=0.03)

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        self.calls.append(list(pairs))
        out = []
        for premise, hypothesis in pairs:
            s = self._score(premise, hypothesis)
            raw = {"entailment": s.entailment, "neutral": s.neutral or 0.0,
                   "contradiction": s.contradiction or 0.0}
            out.append(NLIResult(scores=s, raw=raw, window=premise, model_id="fake",
                                 model_sha256=FAKE_SHA256))
        return out


class FailingVerifier:
    """A verifier whose every call raises (to test fail-closed behaviour)."""

    name = "failing"
    max_length = 256

    def __init__(self, message: str = "backend is down") -> None:
        self.message = message

    def load(self) -> None:
        return None

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        raise BackendError(self.message)

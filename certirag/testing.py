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
from certirag.generate.base import Extension, digit_prefix_ok
from certirag.schemas import Scores
from certirag.verifiers.base import NLIResult

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


class FakeGenerator:
    """A scripted, deterministic :class:`certirag.generate.base.Generator`.

    ``script`` lists the answer's sentence slots; each slot lists alternative sentences.
    At a slot the fake writes the first alternative that the constraint allows (its first
    token not in ``ban_first``, no token in ``ban``, every number in ``allow_numbers``)
    and, after an ``inject`` segment, skips one alternative per injected passage; then it
    goes on with the following slots (so the engine sees real lookahead) and ends with
    end-of-sequence. Tokens are whitespace-led words; ids are given in order of first use.
    A one-sequence "cache" reports prefix hits like a KV cache. Calls are in ``calls``.

    >>> from certirag.generate.base import Segment
    >>> fake = FakeGenerator([["Paris is in France."], ["It is big."]])
    >>> fake.extend([Segment("Q:", kind="prompt")], max_tokens=50).text
    'Paris is in France. It is big.'
    """

    name = "fake"
    model_id = "fake-generator"
    capabilities = frozenset({"tokens", "ban", "ban_first", "allow", "logits"})

    def __init__(self, script: Sequence[Sequence[str]]) -> None:
        if not script or any(not slot for slot in script):
            raise ValueError("the script needs at least one slot, each with an alternative")
        self.script = [list(slot) for slot in script]
        self.vocab: dict[str, int] = {}
        self.pieces: dict[int, str] = {}
        self.calls: list[dict[str, object]] = []
        self._cache: list[int] = []
        for slot in self.script:
            for sentence in slot:
                self.encode(sentence)
                self.encode(" " + sentence)

    def load(self) -> None:
        return None

    def format_prompt(self, messages: Sequence[object]) -> str:
        return "".join(f"<{getattr(m, 'role', '')}>{getattr(m, 'content', '')}\n"
                       for m in messages) + "<assistant>"

    def encode(self, text: str) -> list[int]:
        out = []
        for piece in re.findall(r"\s*\S+|\s+", text):
            if piece not in self.vocab:
                self.vocab[piece] = len(self.vocab) + 1
                self.pieces[self.vocab[piece]] = piece
            out.append(self.vocab[piece])
        return out

    def decode(self, tokens: Sequence[int]) -> str:
        return "".join(self.pieces[t] for t in tokens)

    def _ok(self, ids: list[int], constraint: object, first: bool) -> bool:
        if constraint is None:
            return True
        ban_first: frozenset[int] = getattr(constraint, "ban_first", frozenset())
        ban: frozenset[int] = getattr(constraint, "ban", frozenset())
        allow = getattr(constraint, "allow_numbers", None)
        if first and ids and ids[0] in ban_first:
            return False
        if any(t in ban for t in ids):
            return False
        if allow is not None:
            text = ""
            for t in ids:
                if not digit_prefix_ok(text, self.pieces[t], allow):
                    return False
                text += self.pieces[t]
        return True

    def extend(self, prefix: Sequence[object], *, max_tokens: int,
               stop: Callable[[str], bool] | None = None,
               constraint: object = None) -> object:
        import time

        t0 = time.perf_counter()
        kinds = [getattr(s, "kind", "answer") for s in prefix]
        slot = sum(1 for k in kinds if k in ("answer", "refusal"))
        carried = "".join(getattr(s, "text", "") for s in prefix
                          if getattr(s, "kind", "") == "draft")
        injects = 0
        for k in reversed(kinds):
            if k in ("answer", "refusal"):
                break
            injects += k == "inject"
        lead = "" if slot == 0 else " "
        stream: list[int] = []
        for i in range(slot, len(self.script)):
            alts = self.script[i] if i > slot else self.script[i][injects:] or \
                [self.script[i][-1]]
            first_here = i == slot and not carried
            chosen = next((a for a in alts
                           if self._ok(self.encode(lead + a), constraint if i == slot else None,
                                       first_here)), None)
            if chosen is None:
                break
            stream.extend(self.encode(lead + chosen))
            lead = " "
        skip = len(self.encode(carried)) if carried else 0
        stream = stream[skip:]
        prefix_ids: list[int] = []
        for s in prefix:
            toks = getattr(s, "tokens", None)
            prefix_ids.extend(toks if toks is not None else self.encode(getattr(s, "text", "")))
        hit = 0
        while hit < min(len(self._cache), len(prefix_ids) - 1) and \
                self._cache[hit] == prefix_ids[hit]:
            hit += 1
        out: list[int] = []
        text = ""
        finish = "eos"  # unless the budget or ``stop`` ends it first
        for tok in stream:
            if len(out) >= max_tokens:
                finish = "length"
                break
            out.append(tok)
            text += self.pieces[tok]
            if stop is not None and stop(text):
                finish = "stop"
                break
        self._cache = prefix_ids + out
        self.calls.append({"slot": slot, "prefix_tokens": len(prefix_ids), "hit": hit,
                           "constraint": constraint, "text": text})
        dt = time.perf_counter() - t0
        return Extension(tokens=tuple(out), pieces=tuple(self.pieces[t] for t in out),
                         text=text, finish_reason=finish,  # type: ignore[arg-type]
                         cache_hit_tokens=hit, prompt_tokens=len(prefix_ids),
                         prefill_s=0.0, decode_s=dt, latency_s=dt)


__all__ += ["FakeGenerator"]

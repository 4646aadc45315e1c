"""What every evaluation verifies and what it records: items, claim outcomes, baselines.

An :class:`Item` is one answer (or claim) with its evidence and, when the data set has
one, a gold label: ``supported`` / ``unsupported`` for binary sets, ``entailment`` /
``neutral`` / ``contradiction`` for the NLI sets. Each system (a pipeline configuration
or a baseline) turns an item into an :class:`Outcome`: one :class:`ClaimOutcome` per claim,
with its span in the answer, its decision, its reason codes and the values the policy
compared with the thresholds, so that any threshold pair can be applied again without
re-running the model (:class:`Gates`).

An item is *withheld* iff at least one of its claims is (an item without claims passes:
nothing was withheld), and *blocked* iff at least one claim is blocked; this is the rule
the HaluEval evaluation has always used.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "BASELINES",
    "BINARY_LABELS",
    "NLI_LABELS",
    "ClaimOutcome",
    "Gates",
    "Item",
    "Outcome",
    "baseline_outcomes",
    "content_words",
    "gates_of",
]

BINARY_LABELS = ("supported", "unsupported")
NLI_LABELS = ("entailment", "neutral", "contradiction")
#: The parameter-free baselines every evaluation runs beside the pipeline.
BASELINES = ("word-overlap", "substring", "always-verify")

_STOP = frozenset(
    "a an the of to in on at by for and or is are was were be been being it its this that "
    "these those with as from he she they his her their which who whom what when where how "
    "i you we me my your our us do does did has have had not no yes so but if then than "
    "there here also very just can could would should will may might must shall about into "
    "over after before up down out s t".split()
)
_WORD = re.compile(r"[a-z0-9]+")
_SPACE = re.compile(r"\s+")
_EDGE = re.compile(r"^[\s\"'“”‘’(\[]+|[\s\"'“”‘’)\].,;:!?]+$")


@dataclass(frozen=True, slots=True)
class Item:
    """One thing to verify. ``line`` is the 0-based row of the source file; ``unit`` the
    row bootstrap intervals resample (a HaluEval row holds two items, an ALCE output
    several sentences); ``aux`` items only feed a data set's own metric (ALCE's citation
    precision checks) and stay out of item-level tables and plots. ``spans`` are gold
    hallucinated character spans of ``answer`` (RAGTruth)."""

    id: str
    line: int
    answer: str
    evidence: tuple[tuple[str, str], ...]
    question: str = ""
    label: str | None = None
    group: str = ""
    split: str | None = None
    spans: tuple[tuple[int, int], ...] = ()
    unit: int = -1
    aux: bool = False
    meta: Mapping[str, Any] = field(default_factory=dict)

    @property
    def supported(self) -> bool | None:
        """The binary gold label: ``entailment`` counts as supported."""
        if self.label is None:
            return None
        return self.label in ("supported", "entailment")

    @property
    def bootstrap_unit(self) -> int:
        return self.unit if self.unit >= 0 else self.line

    def evidence_dicts(self) -> list[dict[str, str]]:
        return [{"id": i, "text": t} for i, t in self.evidence]


@dataclass(frozen=True, slots=True)
class ClaimOutcome:
    """One claim as a system decided it. ``rule`` says how the decision depends on the
    thresholds: ``scored`` (blocked iff ``gate_c`` ≥ τc, else verified iff ``gate_e`` ≥ τe),
    ``quoted`` (a whole evidence sentence: passes at any τe, under policy v3 only while
    ``gate_c`` < τc; ``gate_c`` is None where P(contradiction) does not outweigh
    P(entailment), as the policy then never objects), ``fixed`` (a finding, a failure, no
    evidence: the decision stands at any thresholds) or ``none`` (not a claim)."""

    start: int
    end: int
    decision: str
    reasons: tuple[str, ...]
    rule: str
    entailment: float | None = None
    contradiction: float | None = None
    entailment_raw: float | None = None
    gate_e: float | None = None
    gate_c: float | None = None

    def decide(self, tau_entail: float, tau_contradict: float) -> str:
        if self.rule in ("fixed", "none"):
            return self.decision
        if self.gate_c is not None and self.gate_c >= tau_contradict:
            return "blocked"
        if self.gate_e is not None and self.gate_e < tau_entail:
            return "unverified"
        return "verified"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"start": self.start, "end": self.end,
                               "decision": self.decision, "reasons": list(self.reasons),
                               "rule": self.rule}
        for key in ("entailment", "contradiction", "entailment_raw", "gate_e", "gate_c"):
            value = getattr(self, key)
            if value is not None:
                out[key] = round(float(value), 6)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClaimOutcome:
        return cls(start=int(data["start"]), end=int(data["end"]),
                   decision=str(data["decision"]),
                   reasons=tuple(str(r) for r in data.get("reasons", ())),
                   rule=str(data["rule"]), entailment=data.get("entailment"),
                   contradiction=data.get("contradiction"),
                   entailment_raw=data.get("entailment_raw"), gate_e=data.get("gate_e"),
                   gate_c=data.get("gate_c"))


@dataclass(frozen=True, slots=True)
class Outcome:
    """A system's verdict on one item. ``score`` overrides the model score (baselines
    give a parameter-free one); ``error`` names an input the pipeline refused."""

    claims: tuple[ClaimOutcome, ...] = ()
    backend_failed: bool = False
    score_override: float | None = None
    error: str | None = None

    @property
    def checked(self) -> tuple[ClaimOutcome, ...]:
        return tuple(c for c in self.claims if c.rule != "none")

    def decision(self, tau_entail: float, tau_contradict: float) -> str:
        """``verified`` (nothing withheld), ``blocked`` (a claim blocked) or ``unverified``."""
        decided = [c.decide(tau_entail, tau_contradict) for c in self.checked]
        if "blocked" in decided:
            return "blocked"
        if "unverified" in decided:
            return "unverified"
        return "verified"

    def score(self, *, raw: bool = False) -> float:
        """The item's support score: the weakest claim's P(entailment); 0 when a claim is
        withheld whatever the thresholds; 1 when nothing was scored."""
        if self.score_override is not None:
            return self.score_override
        values = []
        for c in self.checked:
            if c.rule == "fixed":
                if c.decision != "verified":
                    return 0.0
                continue
            if c.rule == "quoted":
                values.append(1.0)
            else:
                e = c.entailment_raw if raw and c.entailment_raw is not None else c.gate_e
                values.append(1.0 if e is None else float(e))
        return min(values, default=1.0)

    def model_probability(self, *, raw: bool = False) -> float | None:
        """The weakest scored claim's P(entailment) (uncalibrated with ``raw``), or None
        when a claim is withheld whatever the model says, or no claim was scored."""
        if self.score_override is not None:
            return None
        values = []
        for c in self.checked:
            if c.rule == "fixed" and c.decision != "verified":
                return None
            if c.rule == "scored" and c.entailment is not None:
                e = c.entailment_raw if raw and c.entailment_raw is not None else c.entailment
                values.append(float(e))
        return min(values) if values else None

    def to_json(self, *, claims: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if claims:
            out["claims"] = [c.to_json() for c in self.claims]
        if self.backend_failed:
            out["backend_failed"] = True
        if self.score_override is not None:
            out["score"] = round(self.score_override, 6)
        if self.error is not None:
            out["error"] = self.error
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(claims=tuple(ClaimOutcome.from_json(c) for c in data.get("claims", ())),
                   backend_failed=bool(data.get("backend_failed", False)),
                   score_override=data.get("score"), error=data.get("error"))


@dataclass(frozen=True, slots=True)
class Gates:
    """Outcomes reduced to arrays, so that decisions at any thresholds are two numpy
    comparisons: an item is blocked iff ``fixed_blocked`` or ``max_c`` ≥ τc, and withheld
    iff blocked, ``fixed_withheld`` or ``min_e`` < τe."""

    fixed_blocked: np.ndarray
    fixed_withheld: np.ndarray
    min_e: np.ndarray
    max_c: np.ndarray

    def withheld(self, tau_entail: float, tau_contradict: float) -> np.ndarray:
        out: np.ndarray = (self.fixed_withheld | self.blocked(tau_contradict)
                           | (self.min_e < tau_entail))
        return out

    def blocked(self, tau_contradict: float) -> np.ndarray:
        out: np.ndarray = self.fixed_blocked | (self.max_c >= tau_contradict)
        return out

    def take(self, idx: np.ndarray) -> Gates:
        return Gates(self.fixed_blocked[idx], self.fixed_withheld[idx], self.min_e[idx],
                     self.max_c[idx])


def gates_of(outcomes: Sequence[Outcome]) -> Gates:
    import numpy as np

    n = len(outcomes)
    fb = np.zeros(n, dtype=bool)
    fw = np.zeros(n, dtype=bool)
    min_e = np.full(n, np.inf)
    max_c = np.full(n, -np.inf)
    for i, o in enumerate(outcomes):
        for c in o.checked:
            if c.rule == "fixed":
                fb[i] |= c.decision == "blocked"
                fw[i] |= c.decision == "unverified"
                continue
            if c.gate_e is not None:
                min_e[i] = min(min_e[i], c.gate_e)
            if c.gate_c is not None:
                max_c[i] = max(max_c[i], c.gate_c)
    return Gates(fb, fw, min_e, max_c)


# ------------------------------------------------------------------------- baselines

def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def _normal(text: str) -> str:
    return _SPACE.sub(" ", text.lower()).strip()


def _fixed(start: int, end: int, ok: bool, code: str) -> ClaimOutcome:
    return ClaimOutcome(start, end, "verified" if ok else "unverified", (code,), "fixed")


def baseline_outcomes(item: Item) -> dict[str, Outcome]:
    """The three baselines on ``item``, sentence by sentence (so that span metrics apply
    to them too):

    * ``word-overlap``: a sentence passes iff every content word of it occurs in the
      evidence or the question; score = the share of the answer's content words found;
    * ``substring``: a sentence passes iff it occurs verbatim in the evidence, as whole
      words (case and spacing aside, edge punctuation stripped: "Delhi." passes against
      "… head office in Delhi", "no" does not against "not"); score = the share of
      sentences found;
    * ``always-verify``: everything passes; score 1.
    """
    from certirag.text.sentences import split_sentences

    pool: set[str] = set(content_words(item.question))
    for _, text in item.evidence:
        pool |= content_words(text)
    haystack = " ".join(_normal(t) for _, t in item.evidence)
    spans = split_sentences(item.answer)
    overlap, substring, always = [], [], []
    found_sentences = 0
    for s, e in spans:
        sentence = item.answer[s:e]
        words = content_words(sentence)
        overlap.append(_fixed(s, e, words <= pool, "overlap" if words <= pool
                              else "missing_words"))
        needle = _EDGE.sub("", _normal(sentence))
        hit = bool(needle) and re.search(
            rf"(?<![a-z0-9]){re.escape(needle)}(?![a-z0-9])", haystack) is not None
        found_sentences += hit
        substring.append(_fixed(s, e, hit, "substring" if hit else "not_verbatim"))
        always.append(_fixed(s, e, True, "always"))
    words = content_words(item.answer)
    share = len(words & pool) / len(words) if words else 1.0
    return {
        "word-overlap": Outcome(tuple(overlap), score_override=share),
        "substring": Outcome(tuple(substring),
                             score_override=found_sentences / len(spans) if spans else 1.0),
        "always-verify": Outcome(tuple(always), score_override=1.0),
    }

"""HaluEval through the FULL pipeline (claims → checks → NLI → policy).

Each row gives a faithful and a hallucinated answer over the same evidence:

* ``halueval-qa``: evidence = ``knowledge``; question = ``question``;
* ``halueval-summarization``: evidence = ``document``; no question;
* ``halueval-dialogue``: evidence = ``knowledge`` and the ``dialogue_history``; the
  question is the last turn of the history.

The right answer *passes* iff no claim is withheld; the hallucinated one is *caught* iff
at least one claim is withheld. Balanced accuracy = (pass rate + catch rate) / 2, with
percentile-bootstrap 95% intervals over rows. A parameter-free word-overlap baseline runs
on the same rows: an answer passes iff every content word of it occurs in the evidence or
the question.

Row ranges are binding (see the data README): QA and summarization rows 8,000–9,999 and
all of dialogue are reserved for reporting; thresholds are tuned on rows below 8,000 only
(:func:`check_not_reserved` refuses reserved rows; :func:`certirag.eval.suite.tune` tunes).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certirag.config import Settings
from certirag.errors import InputError
from certirag.eval.datasets import Rows, read_jsonl, register_dataset, text_field
from certirag.eval.items import Item, Outcome, content_words
from certirag.progress import NullProgress, Progress

if TYPE_CHECKING:
    from certirag.result import VerificationResult

__all__ = [
    "RESERVED_FROM",
    "AnswerRecord",
    "HaluExample",
    "auroc",
    "halueval_items",
    "overlap_baseline",
    "record_from",
    "run_halueval",
    "split_triples",
]

RESERVED_FROM = {"halueval-qa": 8_000, "halueval-summarization": 8_000, "halueval-dialogue": 0}


@dataclass(frozen=True, slots=True)
class HaluExample:
    line: int
    question: str
    evidence: list[dict[str, str]]
    right: str
    hallucinated: str


def _texts(obj: dict[str, Any], path: Path, line: int, *keys: str) -> list[str]:
    """The string fields ``keys`` of the row at 0-based ``line``; a missing or non-string
    one raises :class:`InputError` naming the file, the (1-based) line and the field."""
    return [text_field(obj, key, source=str(path), line=line + 1, allow_empty=True)
            for key in keys]


def load_qa(path: Path, rows: Rows, limit: int | None) -> list[HaluExample]:
    out = []
    for line, obj in read_jsonl(path, rows):
        knowledge, question, right, hallu = _texts(obj, path, line, "knowledge", "question",
                                                   "right_answer", "hallucinated_answer")
        out.append(HaluExample(line, question, [{"id": f"knowledge-{line}", "text": knowledge}],
                               right, hallu))
        if limit is not None and len(out) >= limit:
            break
    return out


def load_summarization(path: Path, rows: Rows, limit: int | None) -> list[HaluExample]:
    out = []
    for line, obj in read_jsonl(path, rows):
        doc, right, hallu = _texts(obj, path, line, "document", "right_summary",
                                   "hallucinated_summary")
        out.append(HaluExample(line, "", [{"id": f"document-{line}", "text": doc}], right, hallu))
        if limit is not None and len(out) >= limit:
            break
    return out


def _last_turn(history: str) -> str:
    turns = [t.strip() for t in re.split(r"\[(?:Human|Assistant)\]:", history) if t.strip()]
    return turns[-1] if turns else ""


_MAX_NAME = 200  # the longest name a fact may end with, in characters
_WORD_AT = re.compile(r"[A-Z][a-z]+(?:\s+[A-Z][\w'’.-]*)?")
_CAMEL_LEFT = re.compile(r"(?<![A-Za-z])[A-Z]?[a-z]{3,}\Z")  # "Lauderdale|Lionel", not "Mc|C…"


def split_triples(knowledge: str) -> str:
    """The dialogue ``knowledge`` field with a sentence break between its facts.

    The field is a path of knowledge-graph facts written end to end with nothing between
    them, each fact's subject the object of the fact before: "Iron Man is starring Robert
    Downey Jr.Robert Downey Jr. starred in Zodiac (Crime Fiction Film)Zodiac (Crime Fiction
    Film) is starring Jake Gyllenhaal". Read as one text, "Jr.Robert" and "Film)Zodiac" are
    words no claim can ground. A fact ends where the name that ends it is written again with
    no space between: a break goes there (a stop, unless the name ends with one, and a
    blank line). A capital, digit or bracket must open the repeated name, and the name must
    open a word on its left, so "murmur" or "McConaughey" are never cut. A fact that does
    not chain is cut where a word of three lower-case letters or more runs into a capital
    whose word (with the one after it) the field also writes apart: "Fort
    LauderdaleLionel Messi was born in Rosario" after "Lionel Messi plays for …"."""
    cuts: list[int] = []
    start = 0
    for i in range(1, len(knowledge)):
        ch = knowledge[i]
        if knowledge[i - 1].isspace() or not (ch.isupper() or ch.isdigit() or ch in "(\"'"):
            continue
        for n in range(min(i - start, len(knowledge) - i, _MAX_NAME), 1, -1):
            left = i - n
            if (left == 0 or knowledge[left - 1].isspace()) and \
                    knowledge[left:i] == knowledge[i:i + n]:
                cuts.append(i)
                start = i
                break
        else:
            # a fact that does not chain: "… in Fort LauderdaleLionel Messi was born …",
            # where the word after the capital is written apart elsewhere in the field
            word = _WORD_AT.match(knowledge, i)
            if word is not None and _CAMEL_LEFT.search(knowledge, 0, i) and re.search(
                    r"(?:^|\s)" + re.escape(word.group(0)) + r"\b", knowledge):
                cuts.append(i)
                start = i
    if not cuts:
        return knowledge
    parts = [knowledge[a:b].strip() for a, b in zip([0, *cuts], [*cuts, len(knowledge)],
                                                     strict=True)]
    return "\n\n".join(p if p.endswith((".", "!", "?")) else p + "." for p in parts[:-1]) \
        + "\n\n" + parts[-1]


def load_dialogue(path: Path, rows: Rows, limit: int | None) -> list[HaluExample]:
    out = []
    for line, obj in read_jsonl(path, rows):
        knowledge, history, right, hallu = _texts(obj, path, line, "knowledge",
                                                  "dialogue_history", "right_response",
                                                  "hallucinated_response")
        evidence = [{"id": f"knowledge-{line}", "text": split_triples(knowledge)}]
        if history.strip():
            evidence.append({"id": f"history-{line}", "text": history})
        out.append(HaluExample(line, _last_turn(history), evidence, right, hallu))
        if limit is not None and len(out) >= limit:
            break
    return out


LOADERS: dict[str, tuple[str, Callable[[Path, Rows, int | None], list[HaluExample]]]] = {
    "halueval-qa": ("qa.jsonl", load_qa),
    "halueval-summarization": ("summarization.jsonl", load_summarization),
    "halueval-dialogue": ("dialogue.jsonl", load_dialogue),
}
for _name, (_file, _loader) in LOADERS.items():
    register_dataset(_name, _loader)


def overlap_baseline(answer: str, evidence: Sequence[str], question: str = "") -> bool:
    """True (pass) iff every content word of ``answer`` occurs in the evidence or question."""
    pool: set[str] = set()
    for text in (*evidence, question):
        pool |= content_words(text)
    return content_words(answer) <= pool


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """What the pipeline found per claim, enough to re-apply the policy at any thresholds:
    ``fixed`` claims are withheld whatever the thresholds (a finding, a failure, no
    evidence); the others carry (P(entailment), P(contradiction) or None)."""

    fixed_withheld: bool
    scored: tuple[tuple[float, float | None], ...]
    backend_failed: bool

    def score(self) -> float:
        """The answer's weakest claim: min P(entailment), 0 when a claim is withheld
        whatever the thresholds (1 when nothing is scored)."""
        if self.fixed_withheld:
            return 0.0
        return min((e for e, _ in self.scored), default=1.0)

    def withheld(self, tau_entail: float, tau_contradict: float) -> bool:
        if self.fixed_withheld:
            return True
        return any(e < tau_entail or (c is not None and c >= tau_contradict)
                   for e, c in self.scored)


def record_of(result: VerificationResult) -> AnswerRecord:
    """A verification result as an :class:`AnswerRecord` (through the evaluation's
    :func:`~certirag.eval.runner.outcome_of`, so both re-decide claims alike)."""
    from certirag.eval.runner import outcome_of

    return record_from(outcome_of(result))


@dataclass
class HaluRun:
    dataset: str
    lines: list[int] = field(default_factory=list)
    right: list[AnswerRecord] = field(default_factory=list)
    hallucinated: list[AnswerRecord] = field(default_factory=list)
    baseline_right: list[bool] = field(default_factory=list)
    baseline_hallucinated: list[bool] = field(default_factory=list)
    model: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    #: the (right, hallucinated) items, two per row, and the pipeline's outcomes on them
    items: list[Item] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)


def halueval_items(examples: Sequence[HaluExample], *, reserved_from: int | None = None
                   ) -> list[Item]:
    """Two items per row: the right answer (supported) and the hallucinated one. With
    ``reserved_from`` their split is ``dev`` below that row and ``test`` (reserved) from it."""
    out = []
    for ex in examples:
        split = (None if reserved_from is None
                 else "test" if ex.line >= reserved_from else "dev")
        evidence = tuple((e["id"], e["text"]) for e in ex.evidence)
        for role, answer in (("right", ex.right), ("hallucinated", ex.hallucinated)):
            out.append(Item(id=f"{ex.line}/{role}", line=ex.line, answer=answer,
                            evidence=evidence, question=ex.question,
                            label="supported" if role == "right" else "unsupported",
                            split=split, meta={"answer": role}))
    return out


def record_from(outcome: Outcome) -> AnswerRecord:
    """The :class:`AnswerRecord` of an evaluation :class:`Outcome` (as :func:`record_of`
    makes it from a verification result)."""
    fixed = any(c.rule == "fixed" and c.decision != "verified" for c in outcome.checked)
    scored = tuple((float(c.gate_e if c.gate_e is not None else 1.0), c.gate_c)
                   for c in outcome.checked if c.rule in ("scored", "quoted"))
    return AnswerRecord(fixed, scored, outcome.backend_failed)


def run_halueval(dataset: str, examples: Sequence[HaluExample], *, settings: Settings,
                 verifier: Any, progress: Progress | None = None, jobs: int = 1,
                 temperature: float = 1.0) -> HaluRun:
    """Verify both answers of every example with the full pipeline (the LLM judge too
    when ``judge_enabled``); ``jobs`` worker processes when > 1."""
    from certirag.eval.runner import run_items

    items = halueval_items(examples, reserved_from=RESERVED_FROM.get(dataset))
    mode = "judge" if settings.judge_enabled else "checks+nli"
    res = run_items(items, mode=mode, settings=settings, verifier=verifier, jobs=jobs,
                    progress=progress or NullProgress(), label=dataset,
                    temperature=temperature)
    run = HaluRun(dataset, model=res.model, seconds=res.seconds, items=items,
                  outcomes=res.outcomes)
    for k, ex in enumerate(examples):
        texts = [e["text"] for e in ex.evidence]
        run.lines.append(ex.line)
        run.right.append(record_from(res.outcomes[2 * k]))
        run.hallucinated.append(record_from(res.outcomes[2 * k + 1]))
        run.baseline_right.append(overlap_baseline(ex.right, texts, ex.question))
        run.baseline_hallucinated.append(overlap_baseline(ex.hallucinated, texts, ex.question))
    return run


def _rates(passed_right: Any, caught: Any, idx: Any) -> float:
    return float((passed_right[idx].mean() + caught[idx].mean()) / 2)


def metrics_of(run: HaluRun, tau_entail: float, tau_contradict: float, *,
               resamples: int = 1000) -> dict[str, Any]:
    import numpy as np

    from certirag.eval.metrics import bootstrap_ci

    n = len(run.lines)
    if n == 0:
        raise InputError("no rows to evaluate")
    passed = np.array([not r.withheld(tau_entail, tau_contradict) for r in run.right])
    caught = np.array([r.withheld(tau_entail, tau_contradict) for r in run.hallucinated])
    b_pass = np.array(run.baseline_right)
    b_caught = ~np.array(run.baseline_hallucinated)

    def ci(fn: Callable[[Any], float]) -> list[float]:
        return list(bootstrap_ci(fn, n, resamples=resamples))

    ba = _rates(passed, caught, slice(None))
    base = _rates(b_pass, b_caught, slice(None))
    return {
        "balanced_accuracy": ba,
        "balanced_accuracy_ci95": ci(lambda i: _rates(passed, caught, i)),
        "catch_rate": float(caught.mean()),
        "catch_rate_ci95": ci(lambda i: float(caught[i].mean())),
        "false_withhold_rate": float(1 - passed.mean()),
        "false_withhold_rate_ci95": ci(lambda i: float(1 - passed[i].mean())),
        "hallucinated_fully_verified": float(1 - caught.mean()),
        "answer_auroc": auroc([r.score() for r in run.right],
                              [r.score() for r in run.hallucinated]),
        "backend_failures": int(sum(r.backend_failed for r in (*run.right, *run.hallucinated))),
        "baseline": {
            "name": "word-overlap (every content word of the answer in evidence or question)",
            "balanced_accuracy": base,
            "balanced_accuracy_ci95": ci(lambda i: _rates(b_pass, b_caught, i)),
            "catch_rate": float(b_caught.mean()),
            "false_withhold_rate": float(1 - b_pass.mean()),
        },
        "margin_over_baseline": ba - base,
        "margin_ci95": ci(lambda i: _rates(passed, caught, i) - _rates(b_pass, b_caught, i)),
        "tau_entail": tau_entail,
        "tau_contradict": tau_contradict,
    }


def auroc(positive: Sequence[float], negative: Sequence[float]) -> float:
    """Area under the ROC curve: P(a positive scores above a negative), ties count half."""
    import numpy as np

    if not positive or not negative:
        return float("nan")
    pos = np.asarray(positive, dtype=np.float64)
    neg = np.sort(np.asarray(negative, dtype=np.float64))
    below = np.searchsorted(neg, pos, side="left")
    equal = np.searchsorted(neg, pos, side="right") - below
    return float((below + 0.5 * equal).sum() / (len(pos) * len(neg)))


def check_not_reserved(dataset: str, rows: Rows, *, purpose: str) -> None:
    if dataset not in RESERVED_FROM:
        raise InputError(f"unknown dataset {dataset!r}; choose from {', '.join(RESERVED_FROM)}")
    first_reserved = RESERVED_FROM[dataset]
    stop = rows.stop
    if stop is None or stop > first_reserved:
        raise InputError(
            f"{purpose} may only use {dataset} rows below {first_reserved:,} "
            f"(the rest is reserved for reporting); got --rows {rows}")

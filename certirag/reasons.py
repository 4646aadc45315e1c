"""Every reason code a claim's decision can carry, in one table.

A :class:`~certirag.schemas.Reason` names why a claim got its decision with a stable
lowercase ``code``. :data:`REASONS` lists every code the pipeline, the deterministic check,
the binding stage, the policy and the backends can write, each with

* ``stage``: where it comes from — ``claims`` (extraction), ``check`` (the deterministic
  claim check, :mod:`certirag.checks`), ``binding`` (the span stage of policy v3,
  :mod:`certirag.bound`), ``model`` (the NLI model's scores), ``policy`` (the decision rule,
  :mod:`certirag.policy`) or ``backend`` (a verifier or LLM server failed);
* ``kinds``: ``contradiction`` (blocks the claim), ``ungrounded`` (leaves it unverified),
  ``failure`` (something could not be carried out: the claim is withheld, never passed),
  ``pass`` (verifies it) or ``info`` (not a claim); one kind, except a finding that can be
  either (``modal_mismatch``);
* ``exit``: the exit code of ``certirag verify`` when this reason decides the answer: 0
  verified, 1 something withheld, 3 withheld because a backend failed, 4 no claims
  (:data:`OUTCOME_EXIT`).

The sets the rest of certirag works with are derived from it (:data:`FINDING_CODES`,
:data:`BACKEND_FAILURES` …), the finding table of :mod:`certirag.checks` is a view of it,
and ``docs/reasons.md`` is generated from it (``python -m certirag.reasons``). Codes are
never renamed: certificates record them.

Certificate checks (``certirag cert verify``) and the ledger name their failures in a
namespace of their own (:data:`certirag.certify.FAILURE_CODES`,
:data:`certirag.certify.LEDGER_FAILURES`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, cast

from certirag.schemas import Reason

__all__ = [
    "BACKEND_FAILURES",
    "FAILURES",
    "FINDING_CODES",
    "MODEL_CODES",
    "NOT_FINDINGS",
    "NOT_RETRIED",
    "OUTCOME_EXIT",
    "REASONS",
    "SPAN_CODES",
    "STAGES",
    "UNSCORED_FAILURES",
    "ExitCode",
    "FindingKind",
    "Kind",
    "ReasonCode",
    "Stage",
    "finding_kinds",
    "markdown",
    "reason",
    "rst_findings",
]

Stage = Literal["claims", "check", "binding", "model", "policy", "backend"]
FindingKind = Literal["contradiction", "ungrounded"]
Kind = Literal["contradiction", "ungrounded", "failure", "pass", "info"]
ExitCode = Literal[0, 1, 3, 4]

#: The stages, in the order of the data path.
STAGES: tuple[Stage, ...] = ("claims", "check", "binding", "model", "policy", "backend")

#: The exit code of ``certirag verify`` for each outcome of a verification
#: (:attr:`certirag.pipeline.VerificationResult.outcome`); 2 is bad input, never an outcome.
OUTCOME_EXIT: Mapping[str, ExitCode] = MappingProxyType(
    {"verified": 0, "withheld": 1, "backend_failed": 3, "no_claims": 4})


@dataclass(frozen=True, slots=True)
class ReasonCode:
    """One row of :data:`REASONS` (see the module docstring)."""

    code: str
    stage: Stage
    kinds: tuple[Kind, ...]
    exit: ExitCode
    meaning: str


def _rows(*rows: tuple[str, Stage, tuple[Kind, ...], ExitCode, str]
          ) -> Mapping[str, ReasonCode]:
    table: dict[str, ReasonCode] = {}
    for code, stage, kinds, exit_code, meaning in rows:
        assert code not in table, code
        table[code] = ReasonCode(code, stage, kinds, exit_code, meaning)
    return MappingProxyType(table)


_C: tuple[Kind, ...] = ("contradiction",)
_U: tuple[Kind, ...] = ("ungrounded",)
_F: tuple[Kind, ...] = ("failure",)
_P: tuple[Kind, ...] = ("pass",)

#: Every reason code, in the order of the data path.
REASONS: Mapping[str, ReasonCode] = _rows(
    # claims: extraction
    ("not_a_claim", "claims", ("info",), 4,
     "the sentence asserts nothing checkable (a greeting, a question, an offer of help); "
     "never withheld, shown as it is — exit 4 only when every sentence is one (outcome "
     "``no_claims``)"),
    ("unresolved_answer", "claims", _U, 1,
     "a yes/no reply (\"Yes.\", \"No, it can't.\") that no statement can be built from "
     "with the question"),
    ("compiler_error", "claims", _F, 3,
     "the LLM claim compiler (``claims: llm``) failed: every sentence is withheld, unchecked"),
    # check: the deterministic claim check
    ("ungrounded_figure", "check", _U, 1,
     "an amount, percentage, measure, duration, number or ordinal of the claim is in no "
     "evidence (same canonical value and compatible currency/unit)"),
    ("unit_mismatch", "check", _C, 1,
     "the evidence has the same number with another unit or currency (``5 mg`` / ``5 g``, "
     "``$5`` / ``£5``)"),
    ("magnitude_mismatch", "check", _C, 1,
     "the same digits with another magnitude (``5 million`` / ``5 billion``)"),
    ("duration_mismatch", "check", _C, 1,
     "the same duration with another day class (``10 working days`` / ``10 days``)"),
    ("ungrounded_date", "check", _U, 1,
     "a date, year, weekday or time of day the evidence lacks at the claim's precision"),
    ("date_precision", "check", _U, 1,
     "the evidence has the date only more coarsely (claim ``6 April 2026``, evidence "
     "``April 2026``)"),
    ("ungrounded_citation", "check", _U, 1,
     "a cited provision (section, article, regulation …) the evidence does not cite"),
    ("ungrounded_title", "check", _U, 1,
     "an instrument's title, or its year, the evidence lacks"),
    ("citation_mismatch", "check", _C, 1,
     "the evidence names the instrument with another year"),
    ("ungrounded_entity", "check", _U, 1,
     "a name neither the evidence nor the question mentions"),
    ("negation_mismatch", "check", _C, 1,
     "negated in the claim but not in the aligned evidence sentence, or the reverse"),
    ("polarity_mismatch", "check", _C, 1,
     "an antonym of the aligned evidence (rose/fell, before/after)"),
    ("modal_mismatch", "check", ("contradiction", "ungrounded"), 1,
     "another modal force: contradiction for prohibition against permission or "
     "obligation, ungrounded for any other change (must/may, must/should)"),
    ("qualifier_dropped", "check", _U, 1,
     "the evidence bounds the value (``at least``, ``the lower of``) or the statement "
     "(``unless``) and the claim drops it"),
    ("qualifier_mismatch", "check", _U, 1,
     "the claim bounds the value with another qualifier"),
    ("precision_mismatch", "check", _U, 1,
     "``exactly X`` where the evidence says ``approximately X``"),
    ("hedge_mismatch", "check", _U, 1,
     "hedged in the claim but flat in the evidence, or the reverse"),
    ("value_swap", "check", _C, 1,
     "the value is in the evidence, for another subject or list item"),
    ("no_answer", "check", _U, 1,
     "a reply read after a wh-question (\"How many …? 1. No\") that gives no answer: only "
     "yes, no, list numbers"),
    ("check_error", "check", _F, 1,
     "a deterministic rule (the claim check, binding or the span check) raised: the claim "
     "is withheld, unchecked"),
    # binding: the span stage of policy v3
    ("unbound_anchors", "binding", _U, 1,
     "(policy v3) the claim's names, figures or dates are in the evidence, but no span of "
     "at most three sentences states them together"),
    ("quote_framed", "binding", _U, 1,
     "(policy v3) the span's sentence is framed by its passage as a rumour, myth, "
     "doubter's claim or supposition, or denied"),
    # model: the NLI model's scores
    ("entailed", "model", _P, 0,
     "calibrated P(entailment) ≥ τe (and P(contradiction) < τc), no finding, no failure"),
    ("low_entailment", "model", _U, 1, "calibrated P(entailment) < τe"),
    ("model_contradiction", "model", _C, 1, "P(contradiction) ≥ τc: the claim is blocked"),
    ("evidence_truncated", "model", _F, 1,
     "the evidence window did not fit the model and was cut"),
    ("claim_too_long", "model", _F, 1,
     "the claim is longer than the NLI model takes (and quotes no evidence sentence): "
     "split the sentence"),
    # policy: the decision rule
    ("quoted", "policy", _P, 0,
     "(policies v2, v3) the claim is a whole evidence sentence, verbatim; under v3 only "
     "while the model finds no contradiction with it"),
    ("no_evidence", "policy", _U, 1,
     "no evidence was given, or no evidence span supports (under v3: binds) the claim"),
    ("not_scored", "policy", _U, 1, "the claim was not scored by a model"),
    # backend: a verifier or LLM server failed
    ("backend_error", "backend", _F, 3,
     "the NLI verifier failed (a model or server error)"),
    ("timeout", "backend", _F, 3,
     "the verifier did not answer within ``verify_timeout_s``"),
    ("judge_error", "backend", _F, 3,
     "the LLM judge failed on a claim in ``judge_band``"),
)


def _where(keep: Callable[[ReasonCode], bool]) -> frozenset[str]:
    return frozenset(r.code for r in REASONS.values() if keep(r))


#: Findings of the deterministic check and the binding stage (the table of
#: :data:`certirag.checks.CODES`): a finding decides without the model.
FINDING_CODES = _where(lambda r: r.stage in ("check", "binding") and "failure" not in r.kinds)
#: Findings of the span stage of policy v3 (:mod:`certirag.bound`), not of
#: :func:`certirag.checks.check_claim`.
SPAN_CODES = _where(lambda r: r.stage == "binding")
#: Codes that are no finding: what extraction, the model, the policy and the backends write.
NOT_FINDINGS = frozenset(REASONS) - FINDING_CODES
#: Something could not be carried out: the claim is withheld, never passed.
FAILURES = _where(lambda r: "failure" in r.kinds)
#: A backend could not give an answer: the outcome is ``backend_failed`` (exit 3).
BACKEND_FAILURES = _where(lambda r: r.exit == 3)
#: Failures of the machinery, not of the sentence: the in-flight engine does not retry
#: a sentence withheld with one of them (a retry cannot mend it) and stops.
NOT_RETRIED = _where(lambda r: "failure" in r.kinds and r.stage != "model")
#: Failures a claim can be recorded with unscored (``evidence_truncated`` comes with the
#: scores of the window that was cut).
UNSCORED_FAILURES = FAILURES - {"evidence_truncated"}
#: Decisions the NLI model's scores made (what a threshold sweep can move).
MODEL_CODES = _where(lambda r: r.stage == "model" and "failure" not in r.kinds)


def reason(code: str, message: str, text: str | None = None) -> Reason:
    """A :class:`~certirag.schemas.Reason` with a code of :data:`REASONS`; an unknown code
    is a programming error (``ValueError``), never user input."""
    if code not in REASONS:
        raise ValueError(f"unknown reason code {code!r}: add it to certirag.reasons.REASONS")
    return Reason(code=code, message=message, text=text)


def finding_kinds(code: str) -> tuple[FindingKind, ...]:
    """The kinds a finding ``code`` can take (``ValueError`` for a code that is no
    finding)."""
    if code not in FINDING_CODES:
        raise ValueError(f"{code!r} is not a finding code")
    return cast("tuple[FindingKind, ...]", REASONS[code].kinds)


def rst_findings() -> str:
    """The finding codes as a reStructuredText definition list (the table of
    :mod:`certirag.checks`' docstring)."""
    lines = []
    for code in sorted(FINDING_CODES, key=list(REASONS).index):
        spec = REASONS[code]
        lines += [f"``{code}`` ({' / '.join(spec.kinds)})",
                  textwrap.fill(spec.meaning, width=92, initial_indent="    ",
                                subsequent_indent="    "), ""]
    return "\n".join(lines)


def markdown() -> str:
    """``docs/reasons.md``: the table as Markdown."""
    def md(text: str) -> str:
        return text.replace("``", "`").replace("|", "\\|")

    out = [
        "# Reason codes",
        "",
        "<!-- generated from certirag/reasons.py by: python -m certirag.reasons > "
        "docs/reasons.md -->",
        "",
        "Every claim of `certirag verify --json` (and of a certificate's `claims`) carries "
        "`reasons`, each with a stable lowercase `code`. These are all the codes; they are "
        "never renamed.",
        "",
        "* **stage** — where the code comes from: `claims` (extraction), `check` (the "
        "deterministic claim check), `binding` (the span stage of policy v3), `model` (the "
        "NLI model's scores), `policy` (the decision rule) or `backend` (a verifier or LLM "
        "server failed);",
        "* **kind** — `contradiction` blocks the claim, `ungrounded` leaves it unverified, "
        "`failure` withholds it because something could not be carried out, `pass` "
        "verifies it, `info` marks a sentence that is not a claim;",
        "* **exit** — the exit code of `certirag verify` when this reason decides the "
        "answer: " + ", ".join(f"{code} {outcome.replace('_', ' ')}"
                               for outcome, code in OUTCOME_EXIT.items())
        + " (2 is bad input). A backend failure (exit 3) outranks everything else.",
        "",
        "| code | stage | kind | exit | meaning |",
        "|---|---|---|---|---|",
    ]
    for spec in REASONS.values():
        out.append(f"| `{spec.code}` | {spec.stage} | {' / '.join(spec.kinds)} | "
                   f"{spec.exit} | {md(spec.meaning)} |")
    def codes(names: frozenset[str]) -> str:
        return ", ".join(f"`{c}`" for c in REASONS if c in names)

    out += [
        "",
        "The sets certirag works with, derived from the table:",
        "",
        f"* a backend failed (outcome `backend_failed`, exit 3): {codes(BACKEND_FAILURES)};",
        "* a sentence withheld for one of these is not retried by the in-flight engine (the "
        f"machinery failed, not the sentence): {codes(NOT_RETRIED)};",
        f"* a claim recorded without scores may have failed with: {codes(UNSCORED_FAILURES)};",
        "* decided by the model's scores (what moving the thresholds changes): "
        f"{codes(MODEL_CODES)}.",
        "",
        "Certificate checks (`certirag cert verify`) and the ledger (`certirag log verify`) "
        "name their failures in a namespace of their own: see "
        "[certificates.md](certificates.md).",
        "",
    ]
    return "\n".join(out)


if __name__ == "__main__":
    print(markdown(), end="")

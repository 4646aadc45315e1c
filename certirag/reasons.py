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

A check registered from another package (:mod:`certirag.checks.registry`) may declare
finding codes of its own: :func:`register_finding_codes` adds them beside the table, each of
stage ``check``, kind ``contradiction`` and/or ``ungrounded`` and exit 1, like every other
finding. They never replace a code of :data:`REASONS`, which stays the one source of the
built-in codes (and of ``docs/reasons.md``); the lookups (:func:`reason`,
:func:`finding_kinds`, :func:`reason_spec`, :func:`is_finding_code`) read both.

Certificate checks (``certirag cert verify``) and the ledger name their failures in a
namespace of their own (:data:`certirag.certify.FAILURE_CODES`,
:data:`certirag.certify.LEDGER_FAILURES`).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
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
    "REGISTERED_EXIT",
    "REGISTERED_STAGE",
    "SPAN_CODES",
    "STAGES",
    "UNSCORED_FAILURES",
    "ExitCode",
    "FindingKind",
    "Kind",
    "ReasonCode",
    "Stage",
    "finding_kinds",
    "is_finding_code",
    "markdown",
    "reason",
    "reason_spec",
    "register_finding_codes",
    "registered_finding_codes",
    "rst_findings",
    "unregister_finding_codes",
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
     "negated in the claim but not in the aligned evidence sentence, or the reverse; or "
     "a use the claim allows in a condition an evidence sentence rules out (\"You can take "
     "Feraxol while pregnant.\" against \"should not be used during pregnancy\")"),
    ("polarity_mismatch", "check", _C, 1,
     "an antonym of the aligned evidence (rose/fell, before/after, cheaper/dearer, "
     "grew strongly/barely changed), or the polarity an evidence sentence gives the other "
     "of two cases it contrasts (\"not permitted in senior divisions but allowed in the "
     "under-12 division\")"),
    ("role_swap", "check", _C, 1,
     "the aligned evidence relates the claim's two names the other way round (\"Acme "
     "acquired Globex\" for \"Globex acquired Acme\")"),
    ("subject_swap", "check", _U, 1,
     "the aligned evidence says the same of another subject, and the claim's subject is "
     "named in another sentence (\"Managers pay approved claims\" where the evidence says "
     "\"The finance team pays approved claims\" and \"Managers approve expense claims\")"),
    ("modal_mismatch", "check", ("contradiction", "ungrounded"), 1,
     "another modal force: contradiction for prohibition against permission or "
     "obligation, ungrounded for any other change (must/may, must/should)"),
    ("qualifier_dropped", "check", _U, 1,
     "the evidence bounds the value (``at least``, ``the lower of``) or the statement "
     "(``unless``, ``at the time``) and the claim drops it (or says it holds ``still``); "
     "not when the question asks about the case an ``unless`` excepts and the claim gives "
     "that case's own value; a waiting period dropped (\"from your start date\" where "
     "it is not available during the first three months), or another means than the one "
     "the evidence allows (\"by air\" for \"only by sea freight\") or gives (\"launched by "
     "aerotow\" for \"launched by winch\")"),
    ("qualifier_mismatch", "check", _U, 1,
     "the claim bounds the value with another qualifier, or lifts a limit the evidence "
     "sets (\"as many times as you like\" where loans \"can be renewed twice\")"),
    ("precision_mismatch", "check", _U, 1,
     "``exactly X`` where the evidence says ``approximately X``"),
    ("hedge_mismatch", "check", _U, 1,
     "hedged in the claim but flat in the evidence, or the reverse (a plan given up or "
     "denied, someone's words in quotation marks stated as fact)"),
    ("comparison_mismatch", "check", _C, 1,
     "the claim compares two things (\"more common with A than with B\") the other way "
     "round from the two figures an evidence sentence gives them, or gives one named thing "
     "\"the lower\" (\"the highest\" …) of what the evidence's figures give another"),
    ("value_swap", "check", _C, 1,
     "the value (a figure, date, place, frequency, or \"unlimited\", \"24/7\", \"free of "
     "charge\") is in the evidence, for another subject or list item"),
    ("ungrounded_cause", "check", _U, 1,
     "the claim gives a cause or purpose (\"because …\", \"so that …\", \"which makes "
     "…\") where the evidence states none"),
    ("ungrounded_exemption", "check", _U, 1,
     "the claim frees its statement from something (\"without paying any penalty\", "
     "\"free of charge\") the evidence never mentions"),
    ("ungrounded_denial", "check", _U, 1,
     "the claim denies something (\"not\", \"never\", \"failed to\") where no evidence "
     "sentence about its subject or what it denies denies, excludes or limits anything"),
    ("ungrounded_question", "check", _U, 1,
     "the claim restates a yes/no question (a bare \"Yes.\" or \"No.\" read with it) whose "
     "last two content words, what it asks about, no evidence sentence uses"),
    ("ungrounded_detail", "check", _U, 1,
     "the claim adds a clause after a comma (\", when …\", \", where …\", \", which …\") "
     "with two or more content words of its own, none of which the evidence or the question "
     "uses, or an item with a word of its own to a list whose other items the evidence "
     "gives (\"… credit card or cheque\")"),
    ("ungrounded_rank", "check", _U, 1,
     "the claim ranks its subject (\"one of his best\", \"his finest performance\") with "
     "a word no evidence sentence uses"),
    ("frequency_mismatch", "check", ("contradiction", "ungrounded"), 1,
     "a frequency of the claim (\"twice a day\", \"weekly\", \"every two years\", "
     "\"one-off\") that the evidence does not state of the same thing in any wording "
     "(\"daily\" = \"once a day\", \"every 12 months\" = \"annually\"): contradiction where "
     "an evidence sentence about it states another, ungrounded where those sentences state "
     "none and it is more than a plain period (\"twice a week\", not \"weekly\")"),
    ("relation_mismatch", "check", _U, 1,
     "the claim credits two names with one relation (directing, acting, writing, "
     "producing, composing, designing, building) where every evidence sentence that "
     "relates them gives another (\"stars in\" for \"is directed by\")"),
    ("holder_mismatch", "check", _C, 1,
     "the claim gives an office one holder fills at a time (the capital of Y, the chief "
     "executive or the head of Y, a title before or after a name: \"exhibition manager "
     "Carol Penrose\") to a name where an evidence "
     "sentence gives it, in the same tense, to another name and none gives it to the "
     "claim's"),
    ("case_mismatch", "check", _U, 1,
     "the claim answers the asker's case (a word of the question: \"Hawaii\", \"opened\") "
     "with what one evidence sentence says, where another sentence gives that case a rule "
     "of its own (\"Orders shipped to Alaska and Hawaii are charged a flat $12\"), or "
     "an exception inside the claim's own sentence (\"… unless the property is being "
     "sold\"), or a claim that opens with a case and gives it the outcome of another case's "
     "sentence (\"When it's a change-of-mind return, the seller covers …\"), or an age "
     "the claim gives what an evidence sentence's age band rules out (\"My 8-year-old "
     "niece can visit\" where children under 12 are not permitted)"),
    ("no_answer", "check", _U, 1,
     "a reply read after a wh-question (\"How many …? 1. No\") that gives no answer: only "
     "yes, no, list numbers"),
    ("check_error", "check", _F, 1,
     "a deterministic rule (the claim check, binding or the span check) raised: the claim "
     "is withheld, unchecked"),
    # binding: the span stage of policy v3
    ("unbound_anchors", "binding", _U, 1,
     "(policy v3) the claim's names, figures or dates are in the evidence, but no span of "
     "at most three sentences states them together (a value the claim borrows from another "
     "sentence, or a predicate it gives two names that the evidence states of one)"),
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


# ------------------------------------------------- finding codes of registered checks

#: The stage and exit code every registered finding code gets (those of the built-in
#: findings of the check).
REGISTERED_STAGE: Stage = "check"
REGISTERED_EXIT: ExitCode = 1
_FINDING_KINDS: tuple[FindingKind, ...] = ("contradiction", "ungrounded")
_CODE = re.compile(r"[a-z][a-z0-9_]*")

# Finding codes declared by registered checks (:mod:`certirag.checks.registry`), beside the
# table. Like the check registry it holds declarations of code, never settings.
_REGISTERED: dict[str, ReasonCode] = {}


def register_finding_codes(codes: Mapping[str, tuple[Sequence[str], str]]
                           ) -> tuple[ReasonCode, ...]:
    """Add finding codes beside :data:`REASONS`: ``{code: (kinds, meaning)}``, each kind
    ``contradiction`` or ``ungrounded``. They get stage ``check`` and exit 1. All or none
    are added; a code of the table (a plugin cannot redefine a built-in code), a code
    already registered, a malformed code (lowercase letters, digits and ``_``), an unknown
    kind or an empty meaning raises ``ValueError``. Checks declare their codes through
    :func:`certirag.checks.registry.register_check`, which calls this."""
    rows: list[ReasonCode] = []
    for code, (kinds, meaning) in codes.items():
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            raise ValueError(f"bad finding code {code!r}: use lowercase letters, digits and _")
        builtin = REASONS.get(code)
        if builtin is not None:
            raise ValueError(f"{code!r} is a built-in reason code (stage {builtin.stage!r}): "
                             "a registered check cannot redefine it")
        if code in _REGISTERED:
            raise ValueError(f"finding code {code!r} is already registered")
        got = tuple(kinds)
        if not got or len(set(got)) != len(got) or not set(got) <= set(_FINDING_KINDS):
            raise ValueError(f"finding code {code!r}: kinds must be one or both of "
                             f"{', '.join(_FINDING_KINDS)}, not {list(got)}")
        if not isinstance(meaning, str) or not meaning.strip():
            raise ValueError(f"finding code {code!r} needs a meaning")
        rows.append(ReasonCode(code, REGISTERED_STAGE, cast("tuple[Kind, ...]", got),
                               REGISTERED_EXIT, meaning))
    for row in rows:
        _REGISTERED[row.code] = row
    return tuple(rows)


def unregister_finding_codes(codes: Iterable[str]) -> None:
    """Remove registered finding codes (all or none; ``ValueError`` for a code that is
    not registered, a code of :data:`REASONS` included)."""
    names = list(codes)
    missing = [c for c in names if c not in _REGISTERED]
    if missing:
        raise ValueError(f"finding code(s) not registered: {', '.join(map(repr, missing))}")
    for code in names:
        del _REGISTERED[code]


def registered_finding_codes() -> Mapping[str, ReasonCode]:
    """The finding codes registered beside :data:`REASONS` (a snapshot)."""
    return MappingProxyType(dict(_REGISTERED))


def reason_spec(code: str) -> ReasonCode:
    """The row of ``code``: from :data:`REASONS`, or a registered finding code
    (``ValueError`` for any other)."""
    spec = REASONS.get(code) or _REGISTERED.get(code)
    if spec is None:
        raise ValueError(f"unknown reason code {code!r}: add it to certirag.reasons.REASONS "
                         "(or declare it with a registered check)")
    return spec


def is_finding_code(code: str) -> bool:
    """Whether ``code`` is a finding: one of :data:`FINDING_CODES` or a registered one."""
    return code in FINDING_CODES or code in _REGISTERED


def reason(code: str, message: str, text: str | None = None) -> Reason:
    """A :class:`~certirag.schemas.Reason` with a code of :data:`REASONS` (or a registered
    finding code); an unknown code is a programming error (``ValueError``), never user
    input."""
    reason_spec(code)
    return Reason(code=code, message=message, text=text)


def finding_kinds(code: str) -> tuple[FindingKind, ...]:
    """The kinds a finding ``code`` (built-in or registered) can take (``ValueError`` for a
    code that is no finding)."""
    if not is_finding_code(code):
        raise ValueError(f"{code!r} is not a finding code")
    return cast("tuple[FindingKind, ...]", reason_spec(code).kinds)


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
        "A check from another package (entry-point group `certirag.checks`, see "
        "[architecture.md](architecture.md)) may declare finding codes of its own: stage "
        "`check`, kind `contradiction` or `ungrounded`, exit 1. They are not in this table, "
        "never reuse one of its codes with another meaning, and a certificate that records "
        "them names the check in `versions.checks`.",
        "",
        "Certificate checks (`certirag cert verify`) and the ledger (`certirag log verify`) "
        "name their failures in a namespace of their own: see "
        "[certificates.md](certificates.md).",
        "",
    ]
    return "\n".join(out)


if __name__ == "__main__":
    print(markdown(), end="")

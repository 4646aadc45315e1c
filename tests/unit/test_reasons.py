"""The one table of reason codes (:mod:`certirag.reasons`): every code written anywhere
in ``certirag/`` is in it, the sets derived from it are the ones certirag always used,
its views (the check's ``CODES``, ``docs/reasons.md``) follow it, and the thresholds and
settings are read from one place."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import certirag
from certirag import checks
from certirag.checks import CODES, Finding
from certirag.checks.base import SPAN_CODES
from certirag.reasons import (
    BACKEND_FAILURES,
    FAILURES,
    FINDING_CODES,
    MODEL_CODES,
    NOT_FINDINGS,
    NOT_RETRIED,
    OUTCOME_EXIT,
    REASONS,
    STAGES,
    UNSCORED_FAILURES,
    markdown,
    reason,
)

PACKAGE = Path(certirag.__file__).parent
DOCS = PACKAGE.parent / "docs"
#: Codes of the evaluation's own records, not reasons a claim's decision carries: an item
#: whose answer ``verify`` refused as bad input.
EVAL_ONLY = {"input_error"}


def _strings(node: ast.AST) -> Iterator[str]:
    """String constants of ``node``: itself, or the items of a list, tuple or set."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.List | ast.Tuple | ast.Set):
        for item in node.elts:
            yield from _strings(item)


def _is_code(node: ast.AST) -> bool:
    """``x.code`` or ``codes``: a reason's code, or a collection of reason codes."""
    return ((isinstance(node, ast.Attribute) and node.attr == "code")
            or (isinstance(node, ast.Name) and node.id == "codes"))


def _written_codes() -> dict[str, list[str]]:
    """Every reason code a module of certirag writes or tests for, with where: the code of
    ``reason(...)``, ``Reason(code=...)``, ``Finding(...)``, ``_withhold(claim, ...)``,
    ``ClaimOutcome(..., (codes), ...)``, a ``reason_code`` attribute, and the strings a
    reason's ``code`` (or a list of ``codes``) is compared with."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(PACKAGE.parent))
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            got: list[str] = []
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else (
                    func.attr if isinstance(func, ast.Attribute) else "")
                if name in ("reason", "Finding") and node.args:
                    got += _strings(node.args[0])
                if name == "_withhold" and len(node.args) > 1:
                    got += _strings(node.args[1])
                if name in ("Reason", "Finding", "reason"):
                    got += [s for k in node.keywords if k.arg == "code" for s in _strings(k.value)]
                if name == "ClaimOutcome":
                    got += [s for a in node.args if isinstance(a, ast.Tuple)
                            for s in _strings(a)]
            elif isinstance(node, ast.Assign):
                if any(isinstance(t, ast.Name) and t.id == "reason_code" for t in node.targets):
                    got += _strings(node.value)
            elif isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_is_code(s) for s in sides):
                    got += [s for side in sides for s in _strings(side)]
            for code in got:
                found.setdefault(code, []).append(f"{where}:{getattr(node, 'lineno', 0)}")
    return found


def test_every_code_written_anywhere_is_in_the_table() -> None:
    written = _written_codes()
    unknown = {c: w for c, w in written.items() if c not in REASONS and c not in EVAL_ONLY}
    assert not unknown, f"reason codes missing from certirag.reasons.REASONS: {unknown}"
    # the scan sees the codes of every stage, so it is reading the places that write them
    for code in ("not_a_claim", "unresolved_answer", "compiler_error", "ungrounded_figure",
                 "no_answer", "check_error", "unbound_anchors", "quote_framed", "entailed",
                 "low_entailment", "model_contradiction", "evidence_truncated",
                 "claim_too_long", "quoted", "no_evidence", "not_scored", "backend_error",
                 "timeout", "judge_error"):
        assert code in written, code


def test_the_table_is_well_formed() -> None:
    assert list(REASONS) == [r.code for r in REASONS.values()]
    assert [r.stage for r in REASONS.values()] == sorted(
        (r.stage for r in REASONS.values()), key=STAGES.index)  # in the data path's order
    for code, r in REASONS.items():
        assert code == code.lower() and code.replace("_", "").isalpha(), code
        assert r.kinds and r.meaning.strip(), code
        assert len(set(r.kinds)) == len(r.kinds), code
        if "pass" in r.kinds:
            assert r.exit == 0, code
        elif r.kinds == ("info",):
            assert r.exit == OUTCOME_EXIT["no_claims"], code
        elif r.exit == OUTCOME_EXIT["backend_failed"]:
            assert r.kinds == ("failure",), code
        else:
            assert r.exit == OUTCOME_EXIT["withheld"], code
    assert set(OUTCOME_EXIT.values()) == {r.exit for r in REASONS.values()}


def test_the_derived_sets_are_those_certirag_always_used() -> None:
    backend = {"backend_error", "timeout", "judge_error", "compiler_error"}
    unscored = backend | {"check_error", "claim_too_long"}
    written = {"entailed", "quoted", "low_entailment", "model_contradiction", "no_evidence",
               "not_scored", "evidence_truncated", "not_a_claim", "unresolved_answer"}
    expected = {
        "BACKEND_FAILURES": (BACKEND_FAILURES, backend),  # the pipeline's (exit 3)
        "NOT_RETRIED": (NOT_RETRIED, backend | {"check_error"}),  # the engine's
        "UNSCORED_FAILURES": (UNSCORED_FAILURES, unscored),  # the certificate check's
        "FAILURES": (FAILURES, unscored | {"evidence_truncated"}),
        "MODEL_CODES": (MODEL_CODES, {"entailed", "low_entailment", "model_contradiction"}),
        "SPAN_CODES": (SPAN_CODES, {"unbound_anchors", "quote_framed"}),
        "NOT_FINDINGS": (NOT_FINDINGS, unscored | written),
        "FINDING_CODES": (FINDING_CODES, set(REASONS) - unscored - written),
    }
    for name, (got, want) in expected.items():
        assert got == want, name


def test_every_failure_set_reads_the_table() -> None:
    from certirag import pipeline
    from certirag.cli.common import EXIT_BACKEND, EXIT_NO_CLAIMS, EXIT_OK, EXIT_WITHHELD

    exits = (EXIT_OK, EXIT_WITHHELD, EXIT_BACKEND, EXIT_NO_CLAIMS)
    assert pipeline.FAILURE_CODES is BACKEND_FAILURES
    assert exits == (0, 1, 3, 4)
    assert exits == tuple(OUTCOME_EXIT[o] for o in ("verified", "withheld", "backend_failed",
                                                    "no_claims"))
    # no module spells out a set of failure codes of its own any more
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "reasons.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Set | ast.List | ast.Tuple):
                names = set(_strings(node))
                assert len(names & FAILURES) < 2, f"{path}:{node.lineno} restates failures"


def test_the_check_codes_are_a_view_of_the_table() -> None:
    assert set(CODES) == FINDING_CODES
    for code, (kinds, meaning) in CODES.items():
        assert kinds == REASONS[code].kinds and meaning == REASONS[code].meaning
        assert code in (checks.__doc__ or "")
    assert CODES["modal_mismatch"][0] == ("contradiction", "ungrounded")
    with pytest.raises(ValueError, match="unknown finding code"):
        Finding("backend_error", "ungrounded", "x", "x")


def test_reason_refuses_a_code_not_in_the_table() -> None:
    r = reason("no_evidence", "no evidence was given")
    assert (r.code, r.message, r.text) == ("no_evidence", "no evidence was given", None)
    with pytest.raises(ValueError, match="REASONS"):
        reason("made_up", "x")


def test_docs_list_every_code_and_are_generated_from_the_table() -> None:
    page = (DOCS / "reasons.md").read_text("utf-8")
    assert page == markdown(), ("docs/reasons.md is stale: regenerate it with "
                                "python -m certirag.reasons > docs/reasons.md")
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    assert [line.split("`")[1] for line in rows] == list(REASONS)
    for r in REASONS.values():
        assert f"| `{r.code}` | {r.stage} | {' / '.join(r.kinds)} | {r.exit} |" in page
    assert "(reasons.md)" in (DOCS / "certificates.md").read_text("utf-8")


# ------------------------------------------------------------------- settings, once

def test_the_thresholds_are_written_once() -> None:
    from certirag.config import Settings, load_settings, preset_values

    default = preset_values("default")
    plain = Settings()
    assert (plain.tau_entail, plain.tau_contradict) == (default["tau_entail"],
                                                        default["tau_contradict"])
    config = ast.parse((PACKAGE / "config.py").read_text("utf-8"))
    for node in ast.walk(config):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and node.target.id.startswith("tau_"):
            assert isinstance(node.value, ast.Call)
            (default_arg,) = [k.value for k in node.value.keywords if k.arg == "default"]
            assert not isinstance(default_arg, ast.Constant), "config.py restates a threshold"
    for name in ("strict", "mixed"):
        values = preset_values(name)
        for key in ("tau_entail", "tau_contradict"):
            assert getattr(load_settings(preset=name), key) == values.get(key, default[key])
            assert key not in values or values[key] != default[key], (
                f"preset {name} restates the default's {key}")


def test_no_module_reads_settings_with_a_fallback() -> None:
    """``getattr(settings, "x", default)`` hides a misspelt or missing setting: settings are
    typed, and read as attributes."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and node.args):
                continue
            target = node.args[0]
            name = target.id if isinstance(target, ast.Name) else (
                target.attr if isinstance(target, ast.Attribute) else "")
            if "settings" in name and (node.func.id == "hasattr" or len(node.args) > 2):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not found, found

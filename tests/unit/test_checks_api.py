"""The public surface of certirag.checks: records, options, prepared evidence, errors,
robustness against hostile input and bounded running time."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import certirag.checks as checks
from certirag.checks import (
    CODES,
    CheckOptions,
    ClaimChecker,
    Finding,
    PreparedEvidence,
    check_claim,
    prepare_evidence,
)
from certirag.errors import InputError
from certirag.schemas import Reason


def test_all_exports_exist() -> None:
    for name in checks.__all__:
        assert hasattr(checks, name)


def test_codes_are_lowercase_with_valid_kinds() -> None:
    for code, (kinds, text) in CODES.items():
        assert code == code.lower() and code.replace("_", "").isalpha()
        assert kinds and set(kinds) <= {"contradiction", "ungrounded"} and text
    assert all(code in (checks.__doc__ or "") for code in CODES)


def test_finding_to_reason() -> None:
    f = Finding("ungrounded_figure", "ungrounded", "no £85,000 in the evidence", "£85,000")
    r = f.to_reason()
    assert isinstance(r, Reason)
    assert (r.code, r.message, r.text) == ("ungrounded_figure", f.message, "£85,000")


def test_finding_rejects_unknown_code_or_kind() -> None:
    with pytest.raises(ValueError, match="unknown"):
        Finding("no_such_code", "ungrounded", "m", "t")
    with pytest.raises(ValueError, match="kind"):
        Finding("value_swap", "ungrounded", "m", "t")


def test_options_are_validated() -> None:
    with pytest.raises(InputError):
        CheckOptions(date_locale="ymd")  # type: ignore[arg-type]
    with pytest.raises(InputError):
        CheckOptions(decimal_comma="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("evidence", ["a single string", b"bytes", 5, [1, "x"], None])
def test_bad_evidence_is_an_input_error(evidence: object) -> None:
    with pytest.raises(InputError):
        check_claim("The fee is £5.", evidence)  # type: ignore[arg-type]


def test_bad_claim_or_question_is_an_input_error() -> None:
    with pytest.raises(InputError):
        check_claim(5, ["x"])  # type: ignore[arg-type]
    with pytest.raises(InputError):
        check_claim("x", ["x"], question=None)  # type: ignore[arg-type]


def test_prepared_evidence_gives_the_same_findings() -> None:
    evidence = ["The fee is £58 and is due on 6 April 2026.", "Smith & Co. set it."]
    prepared = prepare_evidence(evidence)
    assert isinstance(prepared, PreparedEvidence) and prepared.texts == tuple(evidence)
    for claim in ["The fee is £85.", "The fee is due on 7 April 2026.", "Jones set it.",
                  "The fee is £58."]:
        assert check_claim(claim, prepared) == check_claim(claim, evidence)


def test_prepared_evidence_keeps_its_options() -> None:
    prepared = prepare_evidence(["Due 06/04/2026."], options=CheckOptions(date_locale="mdy"))
    assert check_claim("Due June 4, 2026.", prepared) == []
    with pytest.raises(InputError, match="options"):
        check_claim("Due June 4, 2026.", prepared, options=CheckOptions())


def test_claim_checker_caches_parses() -> None:
    checker = ClaimChecker(cache_size=2)
    ev = ["The fee is £58."]
    first = checker.prepare(ev)
    second = checker.prepare(ev)
    assert first.parsed[0] is second.parsed[0]
    assert checker.check("The fee is £85.", ev)[0].code == "ungrounded_figure"
    checker.prepare(["a"])
    checker.prepare(["b"])
    assert checker.prepare(ev).parsed[0] is not first.parsed[0]  # evicted
    with pytest.raises(InputError):
        ClaimChecker(cache_size=-1)


def test_empty_evidence_leaves_figures_ungrounded() -> None:
    assert [f.code for f in check_claim("The fee is £5.", [])] == ["ungrounded_figure"]
    assert check_claim("", []) == []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(claim=st.text(max_size=300), evidence=st.lists(st.text(max_size=400), max_size=3),
       question=st.text(max_size=100))
def test_hostile_text_never_crashes(claim: str, evidence: list[str], question: str) -> None:
    out = check_claim(claim, evidence, question=question)
    assert isinstance(out, list) and all(isinstance(f, Finding) for f in out)


_PIECES = st.sampled_from([
    "£", "€", "$", "1,234.56", "1 234,56", "1.234,56", "\u202f", "\u00a0", " ", "s. ", "124",
    "(1ZA)", "(a)", "Act", "1996", "April", "May", "6", "/", "-", ":", "10", "a.m.", "%",
    "per cent", "not", "must", "may", "at least", "the lower of", "and", "or", "unless",
    "Paris", "Smith's", "twenty-eight", "third", "working days", "mg", "km", ".", ",", "'",
    "whichever is lower", "bn", "m", "k", "noon", "Monday", "§", "Abs.", "Article", "\n",
])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(claim=st.lists(_PIECES, max_size=40).map("".join),
       evidence=st.lists(st.lists(_PIECES, max_size=60).map("".join), max_size=3))
def test_structured_noise_never_crashes(claim: str, evidence: list[str]) -> None:
    out = check_claim(claim, evidence, question=claim[:20])
    assert isinstance(out, list)


@pytest.mark.parametrize("evidence", [
    " ".join(str(i % 1000) for i in range(5000))[:20_000],
    ("1 " * 10_000)[:20_000],
    ("12345678901234567890 " * 1000)[:20_000],
    "1" * 20_000,
    ("s. " * 7000)[:20_000],
    ("1,234," * 4000)[:20_000],
    ("Section 1(a)(b)(c)(d)(e)(f)(g) " * 700)[:20_000],
    ("The Big Old Act " * 1300)[:20_000],
    ("one two three " * 1500)[:20_000],
    ("6 April 2026 " * 1600)[:20_000],
    ("Leave is paid at the statutory rate; bonus is paid at full salary. " * 300)[:20_000],
    ("died in Alpha Beta Gamma Delta near the town of Epsilon " * 400)[:20_000],
    ("First, Alpha Beta. Second, Gamma Delta. Third, Epsilon Zeta. " * 330)[:20_000],
    ("Sam Okafor scored in the 23rd minute after Leon Baptiste. " * 350)[:20_000],
    ("If members aged 16 or 17 pay £22, orders over $50 ship free. " * 330)[:20_000],
])
def test_bounded_time(evidence: str) -> None:
    # Guards against super-linear regex blow-ups (which take minutes on 20,000 characters),
    # not speed: the bound is loose so a loaded CI machine does not fail it. Speed is
    # measured in benchmarks/claimcheck.py.
    start = time.perf_counter()
    check_claim("The fee of £1,234 under s. 5 is due on 6 April 2026.", [evidence])
    check_claim(evidence, ["The fee is £5."])
    # a question that says much of the asker, and a claim that speaks to them
    check_claim("After Alpha Beta, you'll pay £22 a month.", [evidence],
                question="I'm 17 and my order is $80. " * 200 + "Can I get in?")
    assert time.perf_counter() - start < 15.0


@pytest.mark.parametrize(("claim", "flagged"), [
    ("How many days of annual leave do full-time employees get? 1. No", True),
    ("How many days of leave do I get? Yes.", True),
    ("What is the mileage rate? The answer is", True),
    ("How many days of annual leave do full-time employees get? 28 days", False),
    ("Do full-time employees get annual leave? No", False),  # a yes/no question: an answer
    ("Who founded the company? Nobody", False),
    ("Full-time employees get 28 days of annual leave.", False),
])
def test_a_reply_that_answers_nothing_is_withheld(claim: str, flagged: bool) -> None:
    evidence = ["Full-time employees are entitled to 28 days of paid annual leave per year."]
    codes = [f.code for f in checks.check_claim(claim, evidence)]
    assert ("no_answer" in codes) is flagged


def test_a_derived_index_is_built_once_per_prepared_evidence() -> None:
    calls: list[int] = []

    def build(ev: object) -> int:
        calls.append(1)
        return len(calls)

    first = checks.prepare_evidence(["The fee is £5."])
    assert first.derived("test.index", build) == 1
    assert first.derived("test.index", build) == 1  # kept: not built again
    second = checks.prepare_evidence(["The fee is £5."])
    assert second.derived("test.index", build) == 2  # another prepared evidence, its own
    assert len(calls) == 2

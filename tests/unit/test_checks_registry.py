"""The registry of deterministic checks (:mod:`certirag.checks.registry`): the built-ins
registered like any other check, extra checks enabled by name, their finding codes beside
the reason table, and the checks version certificates record."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from certirag import checks
from certirag.certify.certificate import Certificate, issue_certificate, verify_certificate
from certirag.certify.keys import Signer
from certirag.certify.versions import current_versions, unknown_versions
from certirag.checks import (
    CHECKS_VERSION,
    Check,
    CheckOptions,
    Finding,
    FindingCode,
    check_claim,
    check_names,
    checks_rederivable,
    checks_version,
    get_check,
    prepare_evidence,
    recorded_extra_checks,
    register_check,
    unregister_check,
)
from certirag.checks.builtin import BUILTIN, BUILTIN_CHECKS
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.registry import parse_checks_version
from certirag.config import Settings
from certirag.errors import ConfigError
from certirag.pipeline import verify
from certirag.reasons import (
    FINDING_CODES,
    REASONS,
    SPAN_CODES,
    finding_kinds,
    is_finding_code,
    markdown,
    reason,
    reason_spec,
    register_finding_codes,
    registered_finding_codes,
)
from certirag.schemas import Decision
from certirag.testing import FakeVerifier

from .certify_support import resign

EVIDENCE = ["Staff get 25 days of annual leave. Leave is booked with a manager."]
CLAIM = "Staff get 25 days of annual leave."


def _shouting(claim: Parsed, evidence: PreparedEvidence, question: Question,
              out: list[Finding]) -> None:
    """Flags a word in capitals (``ANNUAL``) that no evidence writes in capitals."""
    shouted = set(re.findall(r"\b[A-Z]{2,}\b", " ".join(evidence.texts)))
    for word in re.findall(r"\b[A-Z]{2,}\b", claim.raw):
        if word not in shouted:
            out.append(Finding("shouted_word", "ungrounded",
                               f"{word!r} is in capitals, the evidence is not", word))


def _leave(claim: Parsed, evidence: PreparedEvidence, question: Question,
           out: list[Finding]) -> None:
    """Finds every claim about leave contradicted (a check that decides something)."""
    if "leave" in claim.raw:
        out.append(Finding("leave_denied", "contradiction", "leave is denied", "leave"))


SHOUTING = Check("shouting", (FindingCode("shouted_word", ("ungrounded",),
                                          "a word in capitals the evidence does not shout"),),
                 _shouting, "1.0")
LEAVE = Check("leave", (FindingCode("leave_denied", ("contradiction",), "leave is denied"),),
              _leave, "2")


@pytest.fixture
def registered() -> Iterator[None]:
    """SHOUTING and LEAVE registered for one test."""
    register_check(SHOUTING)
    register_check(LEAVE)
    try:
        yield
    finally:
        for name in ("shouting", "leave"):
            if name in check_names():
                unregister_check(name)


def _settings(*extra: str) -> Settings:
    return Settings(extra_checks=list(extra))


# ---------------------------------------------------------------- the built-ins


def test_the_built_ins_are_registered_in_the_order_they_always_ran() -> None:
    assert BUILTIN_CHECKS == ("answer", "citations", "titles", "figures", "dates",
                              "entities", "sentences", "causes", "exemptions",
                              "ranks", "frequencies", "prospects",
                              "relations", "bars", "ratios",
                              "denials", "tenure", "scope", "comparisons",
                              "offices", "bands", "places", "complements",
                              "cases", "people", "sequence", "absolutes", "borrowed",
                              "definite", "unstated_denials", "details", "asked",
                              "attributed", "age_bands", "waiting", "means",
                              "contrast", "barred_use", "trend", "hypothetical",
                              "service_bands", "charges", "discounts", "contact",
                              "walkins", "enough", "carriage", "paid_when")  # new last
    assert check_names()[:len(BUILTIN_CHECKS)] == list(BUILTIN_CHECKS)
    for check in BUILTIN:
        assert get_check(check.name) is check and check.builtin
        assert check.version == CHECKS_VERSION
        for fc in check.codes:  # declared as the one table defines them
            assert (fc.kinds, fc.meaning) == (REASONS[fc.code].kinds, REASONS[fc.code].meaning)
    declared = {fc.code for check in BUILTIN for fc in check.codes}
    assert declared == FINDING_CODES - SPAN_CODES  # every finding of check_claim, no other


def test_built_ins_cannot_be_replaced_unregistered_or_named_as_extra() -> None:
    figures = get_check("figures")
    with pytest.raises(ConfigError, match="already registered"):
        register_check(figures)
    with pytest.raises(ConfigError, match="built-in check and cannot be replaced"):
        register_check(Check("figures", figures.codes, _leave, "9"), replace=True)
    with pytest.raises(ConfigError, match="cannot be unregistered"):
        unregister_check("figures")
    with pytest.raises(ConfigError, match="built-in checks always run"):
        CheckOptions(extra=("figures",))
    assert get_check("figures") is figures
    # the built-in version is certirag's own: its codes are rows of the table
    with pytest.raises(ConfigError, match="built-in codes are rows of the table"):
        register_check(Check("pretender", SHOUTING.codes, _shouting, CHECKS_VERSION))
    assert "pretender" not in check_names()


# ------------------------------------------------------- registering a check


def test_register_and_unregister_a_check_with_codes_of_its_own() -> None:
    assert not is_finding_code("shouted_word")
    with pytest.raises(ValueError, match="unknown finding code"):
        Finding("shouted_word", "ungrounded", "x", "x")
    register_check(SHOUTING)
    try:
        assert get_check("shouting") is SHOUTING and not SHOUTING.builtin
        assert check_names().index("shouting") > check_names().index("sentences")
        spec = reason_spec("shouted_word")  # a row beside the table, like a finding's
        assert (spec.stage, spec.kinds, spec.exit) == ("check", ("ungrounded",), 1)
        assert "shouted_word" not in REASONS and "shouted_word" in registered_finding_codes()
        assert finding_kinds("shouted_word") == ("ungrounded",)
        assert reason("shouted_word", "m", "t").code == "shouted_word"
        f = Finding("shouted_word", "ungrounded", "m", "t")
        assert f.to_reason().code == "shouted_word"
        with pytest.raises(ValueError, match="cannot be of kind"):
            Finding("shouted_word", "contradiction", "m", "t")
        assert "shouted_word" not in markdown()  # docs/reasons.md lists the built-ins only
        with pytest.raises(ConfigError, match="already registered"):
            register_check(SHOUTING)
        newer = Check("shouting", (FindingCode("shouted_word", ("ungrounded", "contradiction"),
                                               "a word in capitals"),), _shouting, "1.1")
        register_check(newer, replace=True)
        assert get_check("shouting") is newer
        assert finding_kinds("shouted_word") == ("ungrounded", "contradiction")
    finally:
        unregister_check("shouting")
    assert "shouting" not in check_names() and not is_finding_code("shouted_word")
    with pytest.raises(ValueError, match="unknown finding code"):
        Finding("shouted_word", "ungrounded", "x", "x")
    with pytest.raises(ConfigError, match="no check named 'shouting'"):
        unregister_check("shouting")


@pytest.mark.parametrize(("code", "kinds", "meaning", "error"), [
    ("entailed", ("ungrounded",), "x", "a built-in code of stage 'model'"),
    ("unbound_anchors", ("ungrounded",), "x", "a built-in code of stage 'binding'"),
    ("check_error", ("ungrounded",), "x", "built-in failure code of stage 'check'"),
    ("ungrounded_figure", ("ungrounded",), "a figure I dislike", "redefines the built-in"),
    ("ungrounded_figure", ("contradiction",), REASONS["ungrounded_figure"].meaning,
     "redefines the built-in"),
    ("Bad-Code", ("ungrounded",), "x", "bad finding code"),
    ("odd_kind", ("failure",), "x", "kinds must be one or both of"),
    ("no_meaning", ("ungrounded",), " ", "needs a meaning"),
])
def test_codes_that_clash_are_refused(code: str, kinds: tuple[str, ...], meaning: str,
                                      error: str) -> None:
    bad = Check("clashing", (FindingCode(code, kinds, meaning),), _leave, "1")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=re.escape(error)):
        register_check(bad)
    assert "clashing" not in check_names()
    assert set(registered_finding_codes()) == set()


def test_a_built_in_code_is_reused_only_as_the_table_defines_it(registered: None) -> None:
    reuse = Check("figures-too", (FindingCode.from_table("ungrounded_figure"),), _leave, "1")
    register_check(reuse)
    try:
        assert reason_spec("ungrounded_figure") is REASONS["ungrounded_figure"]
    finally:
        unregister_check("figures-too")
    assert reason_spec("ungrounded_figure") is REASONS["ungrounded_figure"]  # still there
    with pytest.raises(ConfigError, match="not a built-in finding code"):
        FindingCode.from_table("backend_error")
    # another check's code is that check's
    other = Check("other", (FindingCode("leave_denied", ("contradiction",), "leave is denied"),),
                  _leave, "1")
    with pytest.raises(ConfigError, match="a code of the check 'leave'"):
        register_check(other)
    # and the reason table itself never lets a code be redefined
    with pytest.raises(ValueError, match="cannot redefine"):
        register_finding_codes({"no_evidence": (("ungrounded",), "x")})
    with pytest.raises(ValueError, match="already registered"):
        register_finding_codes({"leave_denied": (("ungrounded",), "x")})


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"name": "Bad Name"}, "bad check name"),
    ({"version": "1+2"}, "bad version"),
    ({"version": ""}, "bad version"),
    ({"codes": ()}, "one FindingCode or more"),
    ({"codes": ("shouted_word",)}, "one FindingCode or more"),
    ({"codes": (SHOUTING.codes[0], SHOUTING.codes[0])}, "declares a code twice"),
    ({"compare": "not callable"}, "compare must be a function"),
])
def test_a_malformed_check_is_refused(kwargs: dict[str, object], error: str) -> None:
    fields: dict[str, object] = {"name": "x", "codes": SHOUTING.codes, "compare": _shouting,
                                 "version": "1"}
    fields.update(kwargs)
    with pytest.raises(ConfigError, match=error):
        Check(**fields)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"takes a certirag\.checks\.registry\.Check"):
        register_check("x")  # type: ignore[arg-type]


# ------------------------------------------------------------ running checks


def test_extra_checks_run_after_the_built_ins_in_the_order_named(registered: None) -> None:
    claim = "Staff get 30 days of ANNUAL leave."
    plain = [f.code for f in check_claim(claim, EVIDENCE)]
    assert plain == ["ungrounded_figure"]
    ev = prepare_evidence(EVIDENCE, options=CheckOptions(extra=("leave", "shouting")))
    assert [f.code for f in check_claim(claim, ev)] == [
        "ungrounded_figure", "leave_denied", "shouted_word"]
    ev = prepare_evidence(EVIDENCE, options=CheckOptions(extra=("shouting", "leave")))
    assert [f.code for f in check_claim(claim, ev)] == [
        "ungrounded_figure", "shouted_word", "leave_denied"]
    # the built-ins alone are what they always were
    assert check_claim(claim, EVIDENCE) == check_claim(claim, EVIDENCE,
                                                       options=CheckOptions())


def test_unknown_extra_checks_are_a_config_error_naming_the_known_ones() -> None:
    with pytest.raises(ConfigError, match=r"unknown check 'nosuch'; known checks: answer, "
                                          r"citations, .*sentences"):
        CheckOptions(extra=("nosuch",))
    with pytest.raises(ConfigError, match="name a check twice"):
        CheckOptions(extra=("x", "x"))
    verifier = FakeVerifier(rule="fixed")
    with pytest.raises(ConfigError, match="unknown check 'nosuch'"):
        verify("", CLAIM, evidence=EVIDENCE, settings=_settings("nosuch"), verifier=verifier)
    assert verifier.calls == []  # raised before anything was verified


def test_a_registered_check_decides_the_claim(registered: None) -> None:
    verifier = FakeVerifier(rule="fixed")  # entails everything
    res = verify("", "Staff get 25 days of ANNUAL leave.", evidence=EVIDENCE,
                 settings=Settings(), verifier=verifier)
    assert [c.decision for c in res.claims] == [Decision.VERIFIED]
    res = verify("", "Staff get 25 days of ANNUAL leave.", evidence=EVIDENCE,
                 settings=_settings("shouting"), verifier=verifier)
    (c,) = res.claims
    assert c.decision == Decision.UNVERIFIED and c.scores is None
    assert [r.code for r in c.reasons] == ["shouted_word"]
    assert res.outcome == "withheld" and res.exit_code() == 1
    res = verify("", CLAIM, evidence=EVIDENCE, settings=_settings("leave"), verifier=verifier)
    (c,) = res.claims
    assert c.decision == Decision.BLOCKED and [r.code for r in c.reasons] == ["leave_denied"]


def test_a_check_that_finds_a_code_it_does_not_declare_withholds_the_claim() -> None:
    def rogue(claim: Parsed, evidence: PreparedEvidence, question: Question,
              out: list[Finding]) -> None:
        out.append(Finding("ungrounded_entity", "ungrounded", "not mine", claim.raw))

    register_check(Check("rogue", SHOUTING.codes, rogue, "1"))
    try:
        res = verify("", CLAIM, evidence=EVIDENCE, settings=_settings("rogue"),
                     verifier=FakeVerifier(rule="fixed"))
    finally:
        unregister_check("rogue")
    (c,) = res.claims
    assert c.decision == Decision.UNVERIFIED and [r.code for r in c.reasons] == ["check_error"]
    assert "does not declare" in c.reasons[0].message


# ------------------------------------------------------- the checks version


def test_the_checks_version_names_the_extra_checks(registered: None) -> None:
    assert checks_version() == checks_version([]) == CHECKS_VERSION == "certirag.checks.v24"
    assert current_versions()["checks"] == CHECKS_VERSION  # unchanged without extra checks
    composed = checks_version(["shouting", "leave"])
    assert composed == "certirag.checks.v24+shouting@1.0+leave@2"
    assert current_versions(["shouting", "leave"])["checks"] == composed
    assert parse_checks_version(composed) == (CHECKS_VERSION, (("shouting", "1.0"),
                                                               ("leave", "2")))
    assert recorded_extra_checks({"checks": composed}) == ("shouting", "leave")
    assert recorded_extra_checks(None) == recorded_extra_checks({"checks": CHECKS_VERSION}) == ()
    assert checks_rederivable(CHECKS_VERSION) and checks_rederivable(composed)
    for other in ("certirag.checks.v24+shouting@1.1",  # another version of the check
                  "certirag.checks.v24+nosuch@1",  # a check this installation lacks
                  "certirag.checks.v99+shouting@1.0",  # other built-in rules
                  "certirag.checks.v24+figures@certirag.checks.v24",  # a built-in as extra
                  "certirag.checks.v24+shouting", "+", ""):  # not of the form
        assert not checks_rederivable(other), other
    assert unknown_versions({**current_versions(), "checks": composed}) == {}
    assert unknown_versions({**current_versions(), "checks": "certirag.checks.v24+x@1"}) == {
        "checks": "certirag.checks.v24+x@1"}


def test_certificates_rederive_only_with_the_same_checks(registered: None) -> None:
    signer = Signer.generate()
    settings = _settings("shouting")
    answer = "Staff get 25 days of ANNUAL leave. Leave is booked with a manager."
    res = verify("", answer, evidence=EVIDENCE, settings=settings,
                 verifier=FakeVerifier(rule="fixed"))
    assert [c.decision for c in res.claims] == [Decision.UNVERIFIED, Decision.VERIFIED]
    cert = issue_certificate(res, signer=signer, settings=settings)
    assert cert.body["versions"]["checks"] == "certirag.checks.v24+shouting@1.0"
    text = cert.to_json()

    def result() -> str:
        return verify_certificate(Certificate.from_json(text).envelope,
                                  signer.public_key).result

    assert result() == "valid"
    unregister_check("shouting")  # the check is not available here
    check = verify_certificate(text, signer.public_key)
    assert check.result == "not_rederivable", check.codes
    assert any("shouting@1.0" in f.message for f in check.failures)
    register_check(Check("shouting", SHOUTING.codes, _shouting, "1.1"))  # another version
    assert result() == "not_rederivable"
    unregister_check("shouting")
    register_check(SHOUTING)
    assert result() == "valid"
    # under the same checks, a record of no finding where the check finds one is tampering
    plain = issue_certificate(verify("", answer, evidence=EVIDENCE, settings=Settings(),
                                     verifier=FakeVerifier(rule="fixed")),
                              signer=signer, settings=Settings())
    assert plain.body["versions"]["checks"] == CHECKS_VERSION
    assert verify_certificate(plain.to_json(), signer.public_key).result == "valid"
    forged = resign(plain, lambda body: body["versions"].update(
        checks="certirag.checks.v24+shouting@1.0"), signer)
    check = verify_certificate(forged, signer.public_key)
    assert check.result == "invalid" and "check_mismatch" in check.codes


def test_the_package_exports_the_registry() -> None:
    for name in ("Check", "FindingCode", "register_check", "unregister_check", "check_names",
                 "get_check", "checks_version", "ENTRY_POINT_GROUP"):
        assert name in checks.__all__, name
    assert checks.ENTRY_POINT_GROUP == "certirag.checks"

"""``claims: llm``: the LLM claim compiler in the pipeline, on a scripted OpenAI-compatible
server on 127.0.0.1 (tests/integration runs it on a real llama.cpp server). Every failure
withholds every sentence with ``compiler_error``; certificates of both outcomes verify."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from certirag.certify.canonical import canonical_json
from certirag.certify.certificate import issue_certificate, verify_certificate
from certirag.certify.dsse import Envelope, sign_envelope
from certirag.certify.keys import Signer
from certirag.claims import extract_claims, extract_claims_for
from certirag.claims.compiler import COMPILER_PROMPT_SHA256, unlocated
from certirag.config import Settings, load_settings
from certirag.errors import ConfigError
from certirag.pipeline import VerificationResult, verify
from certirag.schemas import Decision
from certirag.testing import FakeVerifier

from ..conftest import ChatServer

EVIDENCE = ["Paris is the capital of France. The Eiffel Tower is in Paris."]
QUESTION = "Tell me about Paris."
ANSWER = "Paris is the capital and the largest city of France. Hello! It has the Eiffel Tower."
GOOD = json.dumps({"claims": [
    {"sentence": 1, "text": "Paris is the capital of France."},
    {"sentence": 1, "text": "Paris is the largest city of France."},
    {"sentence": 3, "text": "The Eiffel Tower is in Paris."}]})


def llm(url: str, **kw: Any) -> Settings:
    return Settings(claims="llm", llm_url=url, llm_retries=0, llm_timeout_s=5,
                    tau_entail=0.5, tau_contradict=0.5, display="mixed", **kw)


def run(replies: list[str | int], answer: str = ANSWER) -> tuple[VerificationResult, Settings,
                                                                  ChatServer]:
    srv = ChatServer(replies)
    with srv.running():
        settings = llm(srv.url)
        res = verify(QUESTION, answer, evidence=EVIDENCE, settings=settings,
                     verifier=FakeVerifier())
    return res, settings, srv


def codes(res: VerificationResult) -> list[list[str]]:
    return [[r.code for r in c.reasons] for c in res.claims]


# ------------------------------------------------------------------------ settings

def test_rules_are_the_default_and_record_nothing() -> None:
    assert Settings().claims == "rules"
    out = extract_claims_for(Settings(), ANSWER, question=QUESTION)
    assert out.claims == extract_claims(ANSWER, question=QUESTION) and out.model == {}
    assert load_settings(claims="llm", llm_url="http://127.0.0.1:9").claims == "llm"
    with pytest.raises(ConfigError):
        load_settings(claims="model")
    assert Settings(claims="llm").settings_hash() != Settings().settings_hash()


def test_llm_without_a_server_url_is_a_config_error_not_a_fallback() -> None:
    with pytest.raises(ConfigError, match="llm_url"):
        verify("", "Paris is big.", evidence=EVIDENCE, settings=Settings(claims="llm"),
               verifier=FakeVerifier())


# ------------------------------------------------------------------------ the pipeline

def test_compiled_claims_are_checked_with_their_sentence_offsets() -> None:
    res, _, srv = run([GOOD])
    texts = [c.claim.text for c in res.claims]
    assert texts == ["Paris is the capital of France.", "Paris is the largest city of France.",
                     "Hello!", "The Eiffel Tower is in Paris."]
    assert [c.decision for c in res.claims] == [Decision.VERIFIED, Decision.UNVERIFIED,
                                                Decision.NOT_A_CLAIM, Decision.VERIFIED]
    assert texts != [c.text for c in extract_claims(ANSWER, question=QUESTION)]
    first = res.claims[0].claim
    assert ANSWER[first.start:first.end] == ANSWER.split(" Hello!")[0]
    assert res.model["claims"] == "llm"
    assert res.model["compiler_prompt_sha256"] == COMPILER_PROMPT_SHA256
    assert "compiler_error" not in res.model and res.model["sha256"]  # the NLI model too
    (body,) = srv.bodies
    assert "<<<ANSWER>>>" in body["messages"][1]["content"]
    assert body["response_format"]["type"] == "json_object"


@pytest.mark.parametrize("replies", [
    pytest.param([503], id="server-error"),
    pytest.param(["nope", "[]", '{"claims": "x"}'], id="bad-json"),
    pytest.param(['{"claims": [{"sentence": 7, "text": "Paris is old."}]}'],
                 id="unknown-sentence"),
    pytest.param(['{"claims": [{"sentence": 1, "text": "Paris is the capital of Germany."}]}'],
                 id="unlocated-name"),
    pytest.param(['{"claims": [{"sentence": 3, "text": "Paris has 3 towers."}]}'],
                 id="invented-number"),
])
def test_every_compiler_failure_withholds_every_sentence(replies: list[str | int]) -> None:
    res, _, _ = run(replies)
    assert [c.claim.text for c in res.claims] == ["Paris is the capital and the largest city "
                                                  "of France.", "Hello!",
                                                  "It has the Eiffel Tower."]
    assert codes(res) == [["compiler_error"], ["not_a_claim"], ["compiler_error"]]
    assert [c.decision for c in res.claims] == [Decision.UNVERIFIED, Decision.NOT_A_CLAIM,
                                                Decision.UNVERIFIED]
    assert all(c.scores is None and not c.evidence for c in res.claims)
    assert res.outcome == "backend_failed" and res.exit_code() == 3
    assert res.model["compiler_error"] and res.model["claims"] == "llm"
    assert "the LLM claim compiler failed" in res.claims[0].reasons[0].message
    assert "sha256" not in res.model  # nothing reached the NLI model


def test_an_unreachable_server_withholds_every_sentence() -> None:
    srv = ChatServer([])
    url = srv.url  # bound, then closed: nothing listens
    srv._server.server_close()
    res = verify("", "Paris is the capital of France.", evidence=EVIDENCE,
                 settings=llm(url), verifier=FakeVerifier())
    assert codes(res) == [["compiler_error"]] and res.exit_code() == 3


def test_a_claim_that_drops_the_negation_is_never_verified() -> None:
    answer = "The Eiffel Tower is not in Paris."
    res, _, _ = run(['{"claims": [{"sentence": 1, "text": "The Eiffel Tower is in Paris."}]}'],
                    answer=answer)
    assert codes(res) == [["compiler_error"]]
    assert "negation" in res.model["compiler_error"]


# ------------------------------------------------------------------------ locating claims

@pytest.mark.parametrize(("sentence", "claims", "problem"), [
    ("It has 2 million people.", ["Paris has 2 million people."], None),
    ("It opened in 1889.", ["The Eiffel Tower opened in 1889."], None),
    ("She can't drive.", ["Ann cannot drive."], None),
    ("Leave may be carried over.", ["Leave can be carried over."], None),
    ("Marie Curie's lab was in Paris.", ["Marie Curie's lab was in Paris."], None),
    ("It has 2 million people.", ["Paris has 3 million people."], "holds 3"),
    ("Up to 10 days may be carried over.", ["Days may be carried over."], "leave out 10"),
    ("Acme was founded by Smith in Leeds.", ["Acme was founded in Leeds."], "leave out Smith"),
    ("Leave is not paid.", ["Leave is paid."], "negation"),
    ("Leave may be paid.", ["Leave is paid."], "modal"),
    ("Paris is big.", ["Berlin is a large city."], "shares no word"),
    ("Paris is big.", [], None),  # the sentence stands as its own claim
])
def test_unlocated(sentence: str, claims: list[str], problem: str | None) -> None:
    got = unlocated(sentence, claims)
    if problem is None:
        assert got is None
    else:
        assert got is not None and problem in got


def test_a_number_from_elsewhere_in_the_answer_may_be_brought_in() -> None:
    assert unlocated("It was 330 metres tall.", ["The 1889 tower was 330 metres tall."],
                     known_numbers={"1889"}) is None


# ------------------------------------------------------------------------ certificates

def _resign(text: str, signer: Signer, edit: Any) -> str:
    """Edit the certificate body and sign it again (the signature holds; the checks must
    catch the edit)."""
    statement = json.loads(Envelope.from_json(text).payload)
    edit(statement["predicate"])
    return sign_envelope(canonical_json(statement), signer).to_json()


def test_certificates_of_compiled_claims_verify_and_catch_tampering() -> None:
    signer = Signer.generate()
    res, settings, _ = run([GOOD])
    cert = issue_certificate(res, signer=signer, settings=settings)
    check = verify_certificate(cert, signer.public_key)
    assert check.valid, check.failures
    assert any("compiled by an LLM" in n for n in check.notes)
    text = cert.to_json()

    def unmark(body: dict[str, Any]) -> None:  # pass them off as rule claims
        del body["model"]["claims"]

    def move(body: dict[str, Any]) -> None:  # a claim off its sentence
        body["claims"][1]["start"] += 1

    def fail(body: dict[str, Any]) -> None:  # a compiler error where there was none
        body["claims"][1]["reasons"] = [{"code": "compiler_error", "message": "x",
                                         "text": None}]
        body["claims"][1]["scores"] = None
        body["claims"][1]["evidence"] = []
    for edit in (unmark, move, fail):
        bad = verify_certificate(_resign(text, signer, edit), signer.public_key)
        assert not bad.valid and "claims_mismatch" in bad.codes, (edit.__name__, bad.codes)


def test_certificates_of_a_failed_compiler_verify_and_cannot_be_relabelled() -> None:
    signer = Signer.generate()
    res, settings, _ = run([503])
    cert = issue_certificate(res, signer=signer, settings=settings)
    check = verify_certificate(cert, signer.public_key)
    assert check.valid, check.failures

    def flip(body: dict[str, Any]) -> None:
        claim = body["claims"][0]
        body["stats"]["unverified"] -= 1
        body["stats"]["verified"] += 1
        claim["decision"] = "verified"
    bad = verify_certificate(_resign(cert.to_json(), signer, flip), signer.public_key)
    assert not bad.valid and "decision_mismatch" in bad.codes

    def unmark(body: dict[str, Any]) -> None:  # a compiler error under the rules
        body["model"] = {}
    bad = verify_certificate(_resign(cert.to_json(), signer, unmark), signer.public_key)
    assert not bad.valid and "decision_mismatch" in bad.codes


# ------------------------------------------------------------------------ the CLI

def test_cli_verify_claims_llm(tmp_path: Any) -> None:
    from certirag.cli import app

    ev = tmp_path / "ev.jsonl"
    ev.write_text(json.dumps({"id": "geo", "text": EVIDENCE[0]}) + "\n", "utf-8")
    runner = CliRunner()
    srv = ChatServer([GOOD, 503])
    with srv.running():
        env = {"CERTIRAG_LLM_URL": srv.url, "CERTIRAG_LLM_RETRIES": "0"}
        ok = runner.invoke(app, ["verify", "-q", QUESTION, "-a", ANSWER, "--evidence", str(ev),
                                 "--claims", "llm", "--json"], env=env)
        assert ok.exit_code == 1, ok.output  # two claims verified, one withheld
        data = json.loads(ok.stdout)
        assert data["model"]["claims"] == "llm" and len(data["claims"]) == 4
        down = runner.invoke(app, ["verify", "-q", QUESTION, "-a", ANSWER, "--evidence",
                                   str(ev), "--claims", "llm", "--json"], env=env)
        assert down.exit_code == 3, down.output
        assert json.loads(down.stdout)["outcome"] == "backend_failed"
    bad = runner.invoke(app, ["verify", "-a", ANSWER, "--evidence", str(ev), "--claims", "x"])
    assert bad.exit_code == 2

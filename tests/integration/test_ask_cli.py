"""``certirag ask`` end to end on the sample corpus with the real embedding model and the
real deterministic checks; the generator and the NLI verdicts are scripted fakes so the run
is fast and deterministic. The same command with the real llama.cpp model runs in
test_llm_local.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from certirag.certify.certificate import verify_certificate
from certirag.certify.keys import generate_keys
from certirag.cli import app as main_app
from certirag.cli.generate import ask_command
from certirag.testing import FakeGenerator, FakeVerifier

from ..conftest import EXAMPLES

app = typer.Typer()
app.command("ask")(ask_command)
app.command("other")(lambda: None)  # a second command keeps "ask" a sub-command
runner = CliRunner()

QUESTION = "How much is the hotel allowance in London?"


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ask") / "index"
    res = runner.invoke(main_app, ["ingest", str(EXAMPLES), "--index", str(path)])
    assert res.exit_code == 0, res.output
    return path


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    made: dict[str, Any] = {}

    def create(settings: Any, *, backend: Any = None, model: Any = None,
               base_url: Any = None) -> FakeGenerator:
        made.update(backend=backend, model=model, base_url=base_url)
        gen = FakeGenerator(made["script"])
        made["gen"] = gen
        return gen

    monkeypatch.setattr("certirag.generate.create_generator", create)
    # the NLI verdicts are scripted too (substring rule); the deterministic checks are real
    monkeypatch.setattr("certirag.verifiers.create_verifier", lambda settings: FakeVerifier())
    return made


def grounded_sentence(index_dir: Path) -> str:
    res = runner.invoke(main_app, ["search", QUESTION, "--index", str(index_dir), "-k", "1",
                                   "--json"])
    text = json.loads(res.stdout)["hits"][0]["text"]
    from certirag.text.sentences import sentences

    return next(s for s in sentences(text) if "£150" in s)


def test_ask_streams_verified_sentences_and_signs_the_trace(
        index_dir: Path, scripted: dict[str, Any], tmp_path: Path) -> None:
    good = grounded_sentence(index_dir)
    scripted["script"] = [["London hotels are paid up to £900 a night.", good]]
    keys = generate_keys(tmp_path / "keys")
    cert_path = tmp_path / "answer.cert.json"
    res = runner.invoke(app, ["ask", QUESTION, "--index", str(index_dir), "--retry", "ban",
                              "--signing-key", str(keys.private_path), "--cert-out",
                              str(cert_path)])
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() == good
    assert "1 rollback(s)" in res.stderr and "certificate" in res.stderr
    check = verify_certificate(cert_path, keys.public_path)
    assert check.valid, check.failures
    body = json.loads(cert_path.read_text())
    assert body["payloadType"]


def test_ask_json_shape_and_withheld_exit_code(index_dir: Path,
                                               scripted: dict[str, Any]) -> None:
    scripted["script"] = [["The hotel allowance in London is £900 a night."]]
    res = runner.invoke(app, ["ask", QUESTION, "--index", str(index_dir), "--json",
                              "--max-retries", "0", "--generator", "local", "--model", "x.gguf"])
    assert res.exit_code == 1, res.output
    data = json.loads(res.stdout)
    assert set(data) >= {"question", "answer", "claims", "stats", "trace", "certificate"}
    assert data["certificate"] is None
    assert data["answer"] == "[Withheld: not verified.]"
    assert data["trace"]["sentences"][0]["outcome"] == "refused"
    assert set(data["trace"]["totals"]) >= {"prefix_cache_hit_tokens", "rollbacks"}
    assert scripted["backend"] == "local" and scripted["model"] == "x.gguf"


def test_ask_posthoc_and_bad_options(index_dir: Path, scripted: dict[str, Any]) -> None:
    scripted["script"] = [["The hotel allowance in London is £900 a night."]]
    res = runner.invoke(app, ["ask", QUESTION, "--index", str(index_dir), "--posthoc",
                              "--json"])
    assert json.loads(res.stdout)["trace"]["mode"] == "posthoc"
    for bad in (["--steering", "nope"], ["--generator", "cloud"], ["--display", "x"]):
        res = runner.invoke(app, ["ask", QUESTION, "--index", str(index_dir), *bad])
        assert res.exit_code == 2, res.output
    res = runner.invoke(app, ["ask", QUESTION, "--index", str(index_dir), "--openai-url",
                              "http://127.0.0.1:9"])
    assert scripted["backend"] == "openai" and scripted["base_url"] == "http://127.0.0.1:9"

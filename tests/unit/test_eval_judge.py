"""The "+ LLM judge" ablation row against a scripted OpenAI-compatible server on loopback:
with a judge URL the table gains the row, its figures come from the judge's replies, and
a judge that fails withholds every claim it was asked about (fail-closed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from certirag.config import Settings
from certirag.eval.items import Item
from certirag.eval.report import run_markdown
from certirag.eval.runner import SYSTEM_TITLES, Probe
from certirag.eval.suite import SPECS, evaluate
from certirag.reasons import BACKEND_FAILURES
from certirag.schemas import Scores
from certirag.testing import FakeVerifier

from ..conftest import ChatServer

DATA = Path(__file__).resolve().parent.parent / "data" / "eval"
EV = (("e1", "The Oberoi Group is a hotel company with its head office in Delhi. It was "
             "founded in 1934."),)
CLAIMS = [("The head office of the Oberoi Group is in Delhi.", "supported"),
          ("The Oberoi Group runs hotels.", "supported"),
          ("The Oberoi Group is a bank.", "unsupported"),
          ("The Oberoi Group sells cars.", "unsupported")]
ITEMS = [Item(str(k), k, claim, EV, label=label, group="G", split="dev")
         for k, (claim, label) in enumerate(CLAIMS)]
#: P(entailment) 0.5: inside the judge band (0.3, 0.7) and above τe, so the pipeline
#: verifies every claim and the judge re-decides each one
UNSURE = FakeVerifier(rule="fixed", scores=Scores(entailment=0.5, neutral=0.3,
                                                   contradiction=0.2))
PROBE = Probe("fake", "f" * 64, "identity", 1.0)


def _reply(label: str, confidence: float) -> str:
    return json.dumps({"label": label, "confidence": confidence})


def _run(replies: list[str | int]) -> tuple[dict[str, Any], ChatServer]:
    srv = ChatServer(replies)
    with srv.running():
        settings = Settings(llm_url=srv.url, llm_retries=0, judge_retries=0,
                            llm_timeout_s=5)
        doc = evaluate(SPECS["llm-aggrefact"], ITEMS, settings=settings, verifier=UNSURE,
                       probe=PROBE, ablate=True, resamples=50)
    return doc, srv


def _judged(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [entry["systems"]["judge"] for entry in doc["items"]]


def test_the_judge_row_takes_its_figures_from_the_replies() -> None:
    doc, srv = _run([_reply("entailment", 0.9), _reply("entailment", 0.9),
                     _reply("contradiction", 0.8), _reply("contradiction", 0.8)])
    assert len(srv.bodies) == 4  # one request per claim, from the judge row only
    sent = srv.bodies[0]["messages"][-1]["content"]
    assert CLAIMS[0][0] in sent and "EVIDENCE" in sent
    assert doc["skipped"] == []
    systems = doc["systems"]
    assert list(systems)[:4] == ["checks", "nli", "checks+nli", "judge"]
    # the pipeline verifies all four at P(entailment) 0.5; the judge sorts them out
    assert systems["checks+nli"]["value"] == 0.5
    assert systems["checks+nli"]["stats"]["catch_rate"] == 0.0
    judge = systems["judge"]
    assert judge["title"] == SYSTEM_TITLES["judge"]
    assert judge["value"] == 1.0 and judge["ci95"] == [1.0, 1.0]
    assert judge["stats"]["catch_rate"] == 1.0
    assert judge["stats"]["false_withhold_rate"] == 0.0
    assert judge["margin"] == pytest.approx(1.0 - systems["word-overlap"]["value"])
    assert judge["backend_failures"] == 0
    # the claims carry the judge's scores: the label gets the confidence
    got = [(s["decision"], s["claims"][0]["entailment"]) for s in _judged(doc)]
    assert got == [("verified", 0.9), ("verified", 0.9), ("blocked", pytest.approx(0.1)),
                   ("blocked", pytest.approx(0.1))]
    assert [s["claims"][0]["reasons"] for s in _judged(doc)] == [
        ["entailed"], ["entailed"], ["model_contradiction"], ["model_contradiction"]]
    assert judge["auroc"] == 1.0
    table = run_markdown(doc)  # the ablation table gains the row, with those figures
    assert f"| {SYSTEM_TITLES['judge']} | 1.000 [1.000, 1.000] | +0.250 " in table


@pytest.mark.parametrize("replies", [[500] * 4, [503] * 4, ["not json"] * 4,
                                     [_reply("certain", 2.0)] * 4])
def test_a_failing_judge_withholds_and_never_passes(replies: list[str | int]) -> None:
    doc, srv = _run(replies)
    assert len(srv.bodies) == 4 and doc["skipped"] == []
    judge = doc["systems"]["judge"]
    for entry in _judged(doc):
        assert entry["decision"] == "unverified"
        (claim,) = entry["claims"]
        assert claim["decision"] == "unverified" and claim["rule"] == "fixed"
        assert claim["reasons"] == ["judge_error"]
        assert set(claim["reasons"]) <= BACKEND_FAILURES  # a backend failure, exit 3
    assert judge["backend_failures"] == len(ITEMS)
    assert judge["stats"]["false_withhold_rate"] == 1.0  # nothing passes
    assert judge["stats"]["hallucinated_fully_verified"] == 0.0
    assert doc["systems"]["checks+nli"]["backend_failures"] == 0


def test_without_a_judge_url_the_row_is_skipped_with_the_reason() -> None:
    doc = evaluate(SPECS["llm-aggrefact"], ITEMS, settings=Settings(), verifier=UNSURE,
                   probe=PROBE, ablate=True, resamples=20)
    assert "judge" not in doc["systems"]
    (skipped,) = doc["skipped"]
    assert skipped["system"] == "judge" and "llm_url" in skipped["reason"]


_PARAPHRASE = {"dataset": "ExpertQA", "label": 1,
               "doc": "A reset link will be sent to your registered email address. The link "
                      "expires after 24 hours.",
               "claim": "The password reset link stays valid for 24 hours."}


def test_the_cli_adds_the_judge_row_when_the_url_is_set(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """``certirag eval llm-aggrefact --ablate`` with CERTIRAG_LLM_URL and the packaged
    model: every claim the model decides is judged (band 0–1) and verified by the
    scripted judge."""
    from certirag.cli.eval import eval_app

    out = tmp_path / "report.md"
    # the fixture, and one supported paraphrase our small model is unsure of
    data = tmp_path / "dev.jsonl"
    data.write_text((DATA / "llm-aggrefact" / "dev.jsonl").read_text(encoding="utf-8")
                    + json.dumps(_PARAPHRASE) + "\n", encoding="utf-8")
    cfg = tmp_path / "judge.yaml"
    cfg.write_text("judge_band: [0.0, 1.0]\nllm_retries: 0\njudge_retries: 0\n"
                   "llm_timeout_s: 5\n", encoding="utf-8")
    srv = ChatServer([_reply("entailment", 0.97)] * 64)
    with srv.running():
        monkeypatch.setenv("CERTIRAG_LLM_URL", srv.url)
        res = CliRunner().invoke(eval_app, [
            "llm-aggrefact", "--data", str(data),
            "--ablate", "--json", "--resamples", "20", "--config", str(cfg),
            "--out", str(out)])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert srv.bodies, "the judge was never asked"
    assert "judge" in doc["systems"] and doc["skipped"] == []
    scored = [c for s in _judged(doc) for c in s["claims"] if c["rule"] == "scored"]
    assert len(scored) == len(srv.bodies)
    assert all(c["entailment"] == 0.97 and c["decision"] == "verified" for c in scored)
    assert doc["systems"]["judge"]["backend_failures"] == 0
    # the judge lifts the supported claim the model was unsure of; findings stand
    by_system = {e["id"]: {k: v["decision"] for k, v in e["systems"].items()}
                 for e in doc["items"]}
    assert by_system["6"]["checks+nli"] == "unverified" and by_system["6"]["judge"] == "verified"
    for e in doc["items"]:
        if e["label"] == "unsupported":
            assert e["systems"]["judge"]["decision"] == "unverified"
            assert e["systems"]["judge"]["claims"][0]["rule"] == "fixed"
    assert doc["systems"]["judge"]["value"] == 1.0
    assert doc["systems"]["judge"]["value"] > doc["systems"]["checks+nli"]["value"]
    assert SYSTEM_TITLES["judge"] in out.read_text(encoding="utf-8")

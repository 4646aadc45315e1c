"""``VerificationResult`` (a pydantic model) and its JSON record: ``to_dict()`` is the
record ``certirag verify --json`` prints, the record's JSON Schema is exported as
``verification-result``, and real results (and the CLI's output) validate against it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError
from typer.testing import CliRunner

from certirag.cli import app
from certirag.config import Settings
from certirag.pipeline import VerificationResult, verify
from certirag.schemas import SCHEMA_KINDS, Scores, VerificationRecord
from certirag.testing import FailingVerifier, FakeVerifier

runner = CliRunner()
EVIDENCE = [{"id": "tower", "text": "The Eiffel Tower is in Paris. It opened in 1889."},
            {"id": "fee", "text": "The fee is £85 per year."}]
ANSWERS = ["The Eiffel Tower opened in 1889. It is 500 metres tall. Thanks for asking!",
           "The fee is £58 per year.", "Hello!", "The Eiffel Tower is in Paris."]


def _results() -> list[VerificationResult]:
    out = []
    for verifier in (FakeVerifier(), FakeVerifier(rule="fixed", scores=Scores(entailment=0.6)),
                     FailingVerifier()):
        for policy in ("certirag.policy.v3", "certirag.policy.v1"):
            settings = Settings(policy=policy, display="debug")
            out += [verify("When did the tower open?", a, evidence=EVIDENCE,
                           settings=settings, verifier=verifier) for a in ANSWERS]
    return out


def test_the_result_is_a_pydantic_model() -> None:
    res = _results()[0]
    assert isinstance(res, BaseModel)
    with pytest.raises(ValidationError):
        res.answer = "changed"  # type: ignore[misc]


def test_to_dict_round_trips_through_the_record() -> None:
    outcomes = set()
    for res in _results():
        data = res.to_dict()
        outcomes.add(data["outcome"])
        text = json.dumps(data, ensure_ascii=False, indent=2)
        record = VerificationRecord.model_validate_json(text)
        assert record.model_dump(mode="json", exclude=set(VerificationRecord.ADDED)) == data
        assert json.dumps(record.model_dump(mode="json", exclude=set(VerificationRecord.ADDED)),
                          ensure_ascii=False) == json.dumps(data, ensure_ascii=False)
        # what the CLI, the batch output and the server add validates too
        VerificationRecord.model_validate({"id": "row-1", **data, "certificate_id": "ab" * 32})
    assert outcomes == {"verified", "withheld", "backend_failed", "no_claims"}


def test_the_record_is_strict() -> None:
    data = _results()[0].to_dict()
    for bad in ({**data, "extra": 1}, {**data, "outcome": "maybe"},
                {**data, "stats": {**data["stats"], "total": "3"}},
                {k: v for k, v in data.items() if k != "rendered"},
                {**data, "claims": [{**data["claims"][0], "decision": "passed"}]}):
        with pytest.raises(ValidationError):
            VerificationRecord.model_validate_json(json.dumps(bad))


def test_the_exported_schema_describes_to_dict(tmp_path: Path) -> None:
    assert SCHEMA_KINDS["verification-result"] is VerificationRecord
    res = runner.invoke(app, ["schema", "export", str(tmp_path)])
    assert res.exit_code == 0, res.output
    schema = json.loads((tmp_path / "verification-result.schema.json").read_text("utf-8"))
    data = _results()[0].to_dict()
    assert set(schema["required"]) == set(data)
    assert set(schema["properties"]) == set(data) | VerificationRecord.ADDED
    assert schema["additionalProperties"] is False
    claim = schema["$defs"]["ClaimRecord"]
    assert set(claim["required"]) == set(data["claims"][0])


def test_schema_validate_accepts_a_verify_result_and_refuses_a_changed_one(
        tmp_path: Path) -> None:
    good = tmp_path / "result.json"
    good.write_text(json.dumps(_results()[0].to_dict(), indent=2), encoding="utf-8")
    res = runner.invoke(app, ["schema", "validate", str(good), "--kind", "verification-result"])
    assert res.exit_code == 0 and "1 valid verification-result" in res.output, res.output
    rows = tmp_path / "out.jsonl"
    rows.write_text("".join(json.dumps({"id": f"r{i}", **r.to_dict()}) + "\n"
                            for i, r in enumerate(_results()[:3])), encoding="utf-8")
    res = runner.invoke(app, ["schema", "validate", str(rows), "--kind", "verification-result"])
    assert res.exit_code == 0 and "3 valid" in res.output, res.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**_results()[0].to_dict(), "outcome": "fine"}), encoding="utf-8")
    res = runner.invoke(app, ["schema", "validate", str(bad), "--kind", "verification-result"])
    assert res.exit_code == 2 and "outcome" in res.output, res.output

"""``certirag schema validate --kind verification-result`` accepts what ``certirag verify
--json`` prints, with the real shipped NLI model."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from certirag.cli import app

runner = CliRunner()


def test_verify_json_validates_against_the_verification_result_schema(tmp_path: Path) -> None:
    ev = tmp_path / "ev.jsonl"
    ev.write_text(json.dumps({"id": "tower", "text": "The Eiffel Tower is in Paris. It opened "
                                                     "in 1889."}) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["verify", "-q", "When did the Eiffel Tower open?", "-a",
                              "The Eiffel Tower opened in 1889. It is 500 metres tall.",
                              "--evidence", str(ev), "--json"])
    assert res.exit_code == 1, res.output  # the height is withheld
    out = tmp_path / "result.json"
    out.write_text(res.stdout, encoding="utf-8")
    data = json.loads(res.stdout)
    assert data["claims"][0]["decision"] == "verified"
    assert data["model"]["id"]  # scored by the real model
    res = runner.invoke(app, ["schema", "validate", str(out), "--kind", "verification-result"])
    assert res.exit_code == 0, res.output
    assert "1 valid verification-result record(s)" in res.output

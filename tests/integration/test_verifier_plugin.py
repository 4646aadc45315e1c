"""A third-party verifier, installed as a package with an entry point, used from the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PLUGIN = '''
from certirag.schemas import Scores
from certirag.testing import FakeVerifier


def factory(settings):
    # entails whatever shares the word "leave" with its premise, nothing else
    def score(premise, hypothesis):
        if "leave" in premise and "leave" in hypothesis:
            return Scores(entailment=0.97, neutral=0.02, contradiction=0.01)
        return Scores(entailment=0.02, neutral=0.97, contradiction=0.01)

    return FakeVerifier(fn=score)
'''


def _install(site: Path) -> None:
    """What an installer writes for a one-module distribution declaring the entry point."""
    (site / "tiny_verifier.py").write_text(PLUGIN, "utf-8")
    info = site / "tiny_verifier-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-verifier\n"
                                   "Version: 0.1\n", "utf-8")
    (info / "entry_points.txt").write_text(
        "[certirag.verifiers]\ntiny = tiny_verifier:factory\n", "utf-8")
    (info / "RECORD").write_text("", "utf-8")


def _verify(tmp_path: Path, site: Path, backend: str, answer: str
            ) -> subprocess.CompletedProcess[str]:
    evidence = tmp_path / "ev.jsonl"
    evidence.write_text(json.dumps({"id": "hr", "text": "Staff get 25 days of annual leave."})
                        + "\n", "utf-8")
    config = tmp_path / "c.yaml"
    config.write_text(f"nli_backend: {backend}\n", "utf-8")
    env = {**os.environ, "PYTHONPATH": str(site), "CERTIRAG_HOME": str(tmp_path / "home")}
    return subprocess.run(
        [sys.executable, "-m", "certirag.cli", "verify", "--question", "How much leave?",
         "--answer", answer, "--evidence", str(evidence), "--config", str(config), "--json"],
        capture_output=True, text=True, env=env, timeout=120, check=False)


def test_an_installed_plugin_is_chosen_by_name_from_settings(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    _install(site)
    done = _verify(tmp_path, site, "tiny", "Staff get 25 days of annual leave.")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert [c["decision"] for c in result["claims"]] == ["verified"]
    # the plugin decided, not the built-in model: its scores and its model id are recorded
    (claim,) = result["claims"]
    assert claim["scores"]["entailment"] == 0.97
    assert "fake" in json.dumps(result["model"])
    # and it entails nothing without "leave"
    done = _verify(tmp_path, site, "tiny", "Staff get 25 days of annual holiday.")
    assert done.returncode == 1, done.stderr


def test_an_unknown_backend_names_the_installed_ones(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    _install(site)
    done = _verify(tmp_path, site, "nosuch", "Staff get 25 days of annual leave.")
    assert done.returncode == 2
    assert "unknown nli_backend 'nosuch'" in done.stderr and "tiny" in done.stderr


def test_a_broken_plugin_is_a_clear_error(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    _install(site)
    (site / "tiny_verifier.py").write_text("raise ImportError('no weights here')\n", "utf-8")
    done = _verify(tmp_path, site, "tiny", "Staff get 25 days of annual leave.")
    assert done.returncode == 2
    assert "cannot load 'tiny_verifier:factory'" in done.stderr
    assert "no weights here" in done.stderr and "Traceback" not in done.stderr

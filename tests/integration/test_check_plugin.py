"""A third-party check, installed as a package with an entry point, enabled by the
``extra_checks`` setting and used from the CLI; its certificates re-derive only where the
check is installed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from certirag.certify.keys import generate_keys

PLUGIN = '''
from certirag.checks import Check, Finding, FindingCode


def compare(claim, evidence, question, out):
    # doubts every claim about leave, whatever the evidence says
    if "leave" in claim.raw:
        out.append(Finding("tiny_doubt", "ungrounded", "the tiny check doubts leave",
                           "leave"))


CHECK = Check("tiny", (FindingCode("tiny_doubt", ("ungrounded",),
                                   "a claim about leave, which the tiny check doubts"),),
              compare, "0.1")
'''

ANSWER = "Staff get 25 days of annual leave."


def _install(site: Path) -> None:
    """What an installer writes for a one-module distribution declaring the entry point."""
    site.mkdir()
    (site / "tiny_check.py").write_text(PLUGIN, "utf-8")
    info = site / "tiny_check-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-check\nVersion: 0.1\n",
                                   "utf-8")
    (info / "entry_points.txt").write_text("[certirag.checks]\ntiny = tiny_check:CHECK\n",
                                           "utf-8")
    (info / "RECORD").write_text("", "utf-8")


def _run(tmp_path: Path, site: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CERTIRAG_HOME": str(tmp_path / "home")}
    env.pop("PYTHONPATH", None)
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-m", "certirag.cli", *args], capture_output=True,
                          text=True, env=env, timeout=300, check=False)


def _verify(tmp_path: Path, site: Path | None, config: str, *extra: str
            ) -> subprocess.CompletedProcess[str]:
    evidence = tmp_path / "ev.jsonl"
    evidence.write_text(json.dumps({"id": "hr", "text": ANSWER}) + "\n", "utf-8")
    path = tmp_path / "c.yaml"
    path.write_text(config, "utf-8")
    return _run(tmp_path, site, "verify", "--question", "How much leave?", "--answer", ANSWER,
                "--evidence", str(evidence), "--config", str(path), "--json", *extra)


def test_an_installed_check_is_enabled_by_the_setting(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _install(site)
    keys = generate_keys(tmp_path / "keys")
    cert = tmp_path / "answer.cert.json"
    done = _verify(tmp_path, site, "extra_checks: [tiny]\n", "--signing-key",
                   str(keys.private_path), "--cert-out", str(cert))
    assert done.returncode == 1, done.stderr
    (claim,) = json.loads(done.stdout)["claims"]
    assert claim["decision"] == "unverified" and claim["scores"] is None
    assert [r["code"] for r in claim["reasons"]] == ["tiny_doubt"]
    # the certificate names the check; it re-derives where the check is installed ...
    verified = _run(tmp_path, site, "cert", "verify", str(cert), "--public-key",
                    str(keys.public_path), "--json")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert json.loads(verified.stdout)["result"] == "valid"
    # ... and is not re-derivable (never a tamper verdict) where it is not
    elsewhere = _run(tmp_path, None, "cert", "verify", str(cert), "--public-key",
                     str(keys.public_path), "--json")
    assert elsewhere.returncode == 4, elsewhere.stdout + elsewhere.stderr
    report = json.loads(elsewhere.stdout)
    assert report["result"] == "not_rederivable"
    assert any("certirag.checks.v24+tiny@0.1" in f["message"] for f in report["failures"])

    # without the setting, the same claim is verified: the check runs only when named
    done = _verify(tmp_path, site, "display: strict\n")
    assert done.returncode == 0, done.stderr
    assert [c["decision"] for c in json.loads(done.stdout)["claims"]] == ["verified"]


def test_an_unknown_check_names_the_known_ones(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _install(site)
    done = _verify(tmp_path, site, "extra_checks: [nosuch]\n")
    assert done.returncode == 2
    assert "unknown check 'nosuch'" in done.stderr
    assert "figures" in done.stderr and "tiny" in done.stderr


def test_a_broken_check_plugin_is_a_clear_error(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _install(site)
    (site / "tiny_check.py").write_text("raise ImportError('no rules here')\n", "utf-8")
    done = _verify(tmp_path, site, "extra_checks: [tiny]\n")
    assert done.returncode == 2
    assert "cannot load 'tiny_check:CHECK'" in done.stderr
    assert "no rules here" in done.stderr and "Traceback" not in done.stderr
    # an entry point that names something other than a check
    (site / "tiny_check.py").write_text(PLUGIN, "utf-8")
    (site / "tiny_check-0.1.dist-info" / "entry_points.txt").write_text(
        "[certirag.checks]\ntiny = tiny_check:compare\n", "utf-8")
    done = _verify(tmp_path, site, "extra_checks: [tiny]\n")
    assert done.returncode == 2
    assert "'tiny_check:compare' is not a certirag.checks.registry.Check" in done.stderr

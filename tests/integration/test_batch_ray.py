"""``certirag verify --batch --engine ray`` against ``--engine local`` on a local two-CPU
Ray cluster with the built-in ONNX model: the same --out bytes, a killed or torn run
resumed, a verifier that does not load, and Ray missing (exit 2 naming the extra)."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from certirag.cli import app

from ..conftest import REPO

pytestmark = [pytest.mark.ray, pytest.mark.slow]

runner = CliRunner()

POLICY = [
    {"id": "hotels", "text": "Hotel stays are reimbursed up to £110 per night outside London. "
                             "In London the limit is £160 per night."},
    {"id": "meals", "text": "A meal allowance of £30 per day is paid for each full day away "
                            "from the usual place of work. Alcohol is not reimbursed."},
    {"id": "mileage", "text": "Employees who use their own car are paid 45p per mile for the "
                              "first 10,000 business miles in a tax year."},
    {"id": "claims", "text": "Claims must be submitted within 30 days of the expense. "
                             "Claims more than 90 days late will not be paid."},
]

ANSWERS = [
    "Hotel stays are reimbursed up to £110 per night outside London.",
    "In London the limit is £200 per night.",
    "A meal allowance of £30 per day is paid for each full day away. Alcohol is reimbursed.",
    "Thanks for asking! I hope this helps.",
    "Mileage is paid at 45p per mile for the first 10,000 business miles.",
    "Claims must be submitted within 30 days. Late claims are always paid.",
    "The café near the office serves breakfast — it opens at 8 am.",
    "Employees who use their own car are paid 45p per mile.",
    "Claims more than 90 days late will not be paid.",
    "Hotel stays in London are capped at £160 per night, and meals at £30 per day.",
]


def _rows() -> list[bytes]:
    rows = [json.dumps({"id": f"r{i:02d}", "question": "What can I claim?", "answer": a,
                        "evidence": POLICY}, ensure_ascii=False).encode()
            for i, a in enumerate(ANSWERS)]
    rows.insert(3, b"{not json")  # an error row decided by the driver
    rows.append(json.dumps({"id": "blank-evidence", "answer": ANSWERS[0],
                            "evidence": [{"id": "x", "text": " "}]}).encode())  # by an actor
    rows.append(rows[0])  # an identical repeat: verified once
    return rows


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.fixture
def batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CERTIRAG_HOME", str(tmp_path / "home"))
    path = tmp_path / "in.jsonl"
    path.write_bytes(b"".join(row + b"\n" for row in _rows()))
    return path


def _verify(batch: Path, out: Path, *options: str) -> Any:
    return runner.invoke(app, ["verify", "--batch", str(batch), "--out", str(out), *options])


@pytest.fixture
def local_out(batch: Path) -> bytes:
    out = batch.with_name("local.jsonl")
    res = _verify(batch, out)
    assert res.exit_code == 2, res.output  # the two error rows
    return out.read_bytes()


def test_ray_writes_the_same_bytes_as_local(cluster: Any, batch: Path,
                                            local_out: bytes) -> None:
    out = batch.with_name("ray.jsonl")
    res = _verify(batch, out, "--engine", "ray", "--workers", "2")
    assert res.exit_code == 2, res.output
    assert out.read_bytes() == local_out
    rows = [json.loads(line) for line in local_out.splitlines()]
    assert len(rows) == 12  # the repeat of r00 is verified once
    assert {r.get("outcome", "error") for r in rows} == {"verified", "withheld", "no_claims",
                                                         "error"}
    assert "13 rows" not in res.output and "12 rows:" in res.output


def _resumed_by_both(batch: Path, prefix: bytes) -> tuple[Any, bytes, bytes]:
    """Resume ``prefix`` (what a killed run left) with each engine: the ray result and
    both outputs."""
    local, ray_out = batch.with_name("resumed-local.jsonl"), batch.with_name("resumed.jsonl")
    local.write_bytes(prefix)
    ray_out.write_bytes(prefix)
    assert _verify(batch, local).exit_code == 2
    res = _verify(batch, ray_out, "--engine", "ray")
    return res, local.read_bytes(), ray_out.read_bytes()


def test_a_torn_output_is_resumed_like_local(cluster: Any, batch: Path,
                                             local_out: bytes) -> None:
    lines = local_out.splitlines(keepends=True)
    res, local, ray_out = _resumed_by_both(batch, b"".join(lines[:3]) + lines[3][:40])
    assert res.exit_code == 2, res.output
    assert "(3 kept from" in res.output
    assert ray_out == local == local_out  # a prefix before any error row: the same file
    # the error row on line 4 is redone, and (as in the local engine) written at the end
    res, local, ray_out = _resumed_by_both(batch, b"".join(lines[:5]) + lines[5][:40])
    assert "(4 kept from" in res.output
    assert ray_out == local
    assert sorted(ray_out.splitlines()) == sorted(local_out.splitlines())


def test_a_killed_ray_run_resumes_like_local(cluster: Any, batch: Path,
                                             local_out: bytes) -> None:
    out = batch.with_name("killed.jsonl")
    address = cluster.get_runtime_context().gcs_address
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "certirag.cli", "verify", "--batch", str(batch), "--out",
         str(out), "--engine", "ray", "--address", address, "--workers", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=REPO)
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if out.exists() and out.read_bytes().count(b"\n") >= 2:
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.005)
    _, stderr = proc.communicate(timeout=30)
    assert proc.returncode in (-signal.SIGKILL, 2), stderr.decode()
    prefix = out.read_bytes()
    assert local_out.startswith(prefix[: prefix.rfind(b"\n") + 1])  # whole rows, in order
    res, local, ray_out = _resumed_by_both(batch, prefix)
    assert res.exit_code == 2, res.output
    assert ray_out == local
    assert sorted(ray_out.splitlines()) == sorted(local_out.splitlines())


def test_a_verifier_that_does_not_load_is_exit_3_and_writes_nothing(
        cluster: Any, batch: Path, tmp_path: Path) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text(f"nli_model: {tmp_path / 'no-such-model'}\n", encoding="utf-8")
    out = tmp_path / "ray.jsonl"
    res = _verify(batch, out, "--engine", "ray", "--config", str(config))
    assert res.exit_code == 3, res.output
    assert f"model folder not found: {tmp_path / 'no-such-model'}" in res.output
    assert not out.exists()


def test_more_workers_than_cpus_is_exit_2(cluster: Any, batch: Path) -> None:
    res = _verify(batch, batch.with_name("ray.jsonl"), "--engine", "ray", "--workers", "3")
    assert res.exit_code == 2, res.output
    assert "--workers 3 is more than the 2 CPUs of the Ray cluster" in res.output


def test_without_ray_the_error_names_the_extra(batch: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    monkeypatch.setitem(sys.modules, "ray.data", None)
    out = batch.with_name("ray.jsonl")
    res = _verify(batch, out, "--engine", "ray")
    assert res.exit_code == 2, res.output
    assert "--engine ray needs Ray Data, which is not installed: " \
           "pip install 'certirag[ray]'" in res.output
    assert not out.exists()


def test_engine_options_are_checked(batch: Path) -> None:
    out = batch.with_name("out.jsonl")
    res = _verify(batch, out, "--engine", "spark")
    assert res.exit_code == 2 and "--engine must be local or ray, not 'spark'" in res.output
    res = _verify(batch, out, "--address", "auto")
    assert res.exit_code == 2 and "--address and --workers are for --engine ray" in res.output
    res = runner.invoke(app, ["verify", "-a", ANSWERS[0], "--engine", "ray"])
    assert res.exit_code == 2 and "are for --batch" in res.output
    assert not out.exists()


def test_importing_certirag_imports_no_ray() -> None:
    code = ("import sys, certirag, certirag.batch, certirag.cli.verify; "
            "assert 'ray' not in sys.modules, 'ray imported'")
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO)
    assert got.returncode == 0, got.stderr.decode()

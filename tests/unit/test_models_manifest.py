"""Every model folder shipped in the package matches its manifest."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from certirag.errors import BackendUnavailable
from certirag.models import MANIFEST, builtin_names, file_sha256, load_model_info, resolve

_MAX_FOLDER_BYTES = 30_000_000


def test_the_embedding_model_is_shipped() -> None:
    assert "minilm-l6-embed-int8" in builtin_names()


@pytest.mark.parametrize("name", builtin_names())
def test_builtin_folder_matches_its_manifest(name: str) -> None:
    path = resolve(f"builtin:{name}")
    info = load_model_info(path, check=True)
    assert {"model.onnx", "tokenizer.json", "config.json"} <= set(info.files)
    assert info.task in {"embedding", "nli"}
    card = (path / "MODEL_CARD.md").read_text("utf-8")
    assert info.weights_sha256 in card
    size = sum(p.stat().st_size for p in path.iterdir() if p.is_file())
    assert size < _MAX_FOLDER_BYTES


def test_embedding_manifest_describes_pooling() -> None:
    info = load_model_info(resolve("builtin:minilm-l6-embed-int8"))
    assert info.id == "certirag/minilm-l6-embed-int8"
    assert info.extra["dim"] == 384
    assert info.extra["pooling"] == "mean"
    assert info.extra["normalize"] is True
    assert info.extra["max_length"] == 256
    assert info.extra["base"] == "sentence-transformers/all-MiniLM-L6-v2"


@pytest.mark.parametrize("name", builtin_names())
def test_a_tampered_copy_fails_the_check(name: str, tmp_path: Path) -> None:
    src = resolve(f"builtin:{name}")
    dst = tmp_path / name
    shutil.copytree(src, dst)
    load_model_info(dst, check=True)  # an intact copy passes
    weights = dst / "model.onnx"
    data = bytearray(weights.read_bytes())
    data[len(data) // 2] ^= 0x01
    weights.write_bytes(bytes(data))
    assert file_sha256(weights) != file_sha256(src / "model.onnx")
    load_model_info(dst)  # without check the manifest alone still reads
    with pytest.raises(BackendUnavailable, match="does not match the manifest"):
        load_model_info(dst, check=True)


def test_a_copy_without_manifest_is_refused(tmp_path: Path) -> None:
    dst = tmp_path / "m"
    shutil.copytree(resolve("builtin:minilm-l6-embed-int8"), dst)
    (dst / MANIFEST).unlink()
    with pytest.raises(BackendUnavailable, match="missing or unreadable"):
        load_model_info(dst, check=True)

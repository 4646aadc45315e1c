"""certirag.train.soup: the weighted mean of two checkpoints' weights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from certirag.errors import InputError

pytestmark = pytest.mark.train

CONFIG = {"architectures": ["BertForSequenceClassification"], "hidden_size": 4,
          "num_hidden_layers": 1, "num_attention_heads": 1, "vocab_size": 10,
          "id2label": {"0": "entailment", "1": "neutral", "2": "contradiction"}}


def _folder(path: Path, value: float, *, config: dict[str, object] | None = None,
            extra: str | None = None) -> Path:
    torch = pytest.importorskip("torch")
    from safetensors.torch import save_file

    path.mkdir()
    (path / "config.json").write_text(json.dumps(config or CONFIG), "utf-8")
    (path / "tokenizer.json").write_text(json.dumps({"tokenizer": path.name}), "utf-8")
    tensors = {"w": torch.full((2, 3), value), "ids": torch.arange(3)}
    if extra:
        tensors[extra] = torch.zeros(1)
    save_file(tensors, str(path / "model.safetensors"))
    return path


def test_the_mix_is_the_weighted_mean(tmp_path: Path) -> None:
    from safetensors.torch import load_file

    from certirag.train.soup import main, soup

    a, b = _folder(tmp_path / "a", 1.0), _folder(tmp_path / "b", 3.0)
    report = soup(a, b, tmp_path / "out", alpha=0.25)
    mixed = load_file(str(tmp_path / "out" / "model.safetensors"))
    assert mixed["w"].tolist() == [[1.5] * 3] * 2  # 0.75 * 1 + 0.25 * 3
    assert mixed["ids"].tolist() == [0, 1, 2]
    assert report["alpha"] == 0.25 and report["tensors"] == 2
    assert report["a"]["sha256"] != report["b"]["sha256"]
    assert json.loads((tmp_path / "out" / "soup.json").read_text("utf-8")) == report
    # the tokenizer and config are the first folder's
    assert "a" in (tmp_path / "out" / "tokenizer.json").read_text("utf-8")
    # the ends are the inputs
    assert main([str(a), str(b), "--alpha", "1", "--out", str(tmp_path / "one")]) == 0
    assert load_file(str(tmp_path / "one" / "model.safetensors"))["w"].tolist() == [[3.0] * 3] * 2


def test_bad_inputs_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from certirag.train.soup import main, soup

    a = _folder(tmp_path / "a", 1.0)
    with pytest.raises(InputError, match="alpha"):
        soup(a, a, tmp_path / "o1", alpha=1.5)
    with pytest.raises(InputError, match="differ from both"):
        soup(a, a, a, alpha=0.5)
    wide = _folder(tmp_path / "wide", 1.0, config={**CONFIG, "hidden_size": 8})
    with pytest.raises(InputError, match="hidden_size"):
        soup(a, wide, tmp_path / "o2", alpha=0.5)
    more = _folder(tmp_path / "more", 1.0, extra="bias")
    with pytest.raises(InputError, match="different tensors"):
        soup(a, more, tmp_path / "o3", alpha=0.5)
    (tmp_path / "empty").mkdir()
    assert main([str(a), str(tmp_path / "empty"), "--alpha", "0.5",
                 "--out", str(tmp_path / "o4")]) == 2
    assert "not a Hugging Face folder" in capsys.readouterr().err
    assert not (tmp_path / "o4").exists()

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
import yaml

from certirag.config import PRESETS, Settings, load_settings
from certirag.errors import ConfigError


def test_defaults_and_home_expansion(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CERTIRAG_HOME", raising=False)
    s = load_settings()
    assert s.retrieval_mode == "hybrid"
    assert s.rrf_k == 5 and s.hybrid_weights == (1.0, 0.7)
    assert s.home == Path("~/.certirag").expanduser()


def test_precedence_init_over_env_over_yaml_over_preset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("top_k: 7\nrrf_k: 10\ncandidates: 11\n")
    s = load_settings(cfg, preset="strict")
    strict = yaml.safe_load(resources.files("certirag.presets").joinpath("strict.yaml")
                            .read_text("utf-8"))
    assert (s.top_k, s.rrf_k) == (7, 10)  # yaml over preset
    assert s.tau_entail == strict["tau_entail"] != Settings().tau_entail  # preset, yaml silent
    monkeypatch.setenv("CERTIRAG_TOP_K", "8")
    monkeypatch.setenv("CERTIRAG_RRF_K", "12")
    s = load_settings(cfg, preset="strict", rrf_k=13)
    assert s.top_k == 8  # env over yaml
    assert s.rrf_k == 13  # init over env
    assert s.candidates == 11


def test_unknown_yaml_key_is_named(tmp_path: Path) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text("top_k: 3\ntop_kk: 4\n")
    with pytest.raises(ConfigError, match="top_kk"):
        load_settings(cfg)


@pytest.mark.parametrize("text", ["- a\n- b\n", "top_k: [\n"])
def test_malformed_yaml(tmp_path: Path, text: str) -> None:
    cfg = tmp_path / "c.yaml"
    cfg.write_text(text)
    with pytest.raises(ConfigError):
        load_settings(cfg)


def test_bad_values_and_names() -> None:
    with pytest.raises(ConfigError, match="top_k"):
        load_settings(top_k=0)
    with pytest.raises(ConfigError, match="unknown setting"):
        load_settings(nonsense=1)
    with pytest.raises(ConfigError, match="unknown preset"):
        load_settings(preset="lenient")
    with pytest.raises(ConfigError, match="cannot read"):
        load_settings("/nonexistent/certirag.yaml")


def test_presets_load_and_differ() -> None:
    loaded = {name: load_settings(preset=name) for name in PRESETS}
    assert loaded["strict"].display == "strict"
    assert loaded["mixed"].display == "mixed"
    assert len({s.settings_hash() for s in loaded.values()}) == len(PRESETS)


def test_settings_hash_is_stable_and_ignores_home(tmp_path: Path) -> None:
    a = Settings(home=tmp_path / "a")
    b = Settings(home=tmp_path / "b")
    assert a.settings_hash() == b.settings_hash()
    assert a.settings_hash() != Settings(top_k=9).settings_hash()


def test_default_preset_matches_field_defaults() -> None:
    from certirag.config import preset_values

    plain = Settings()
    for key, value in preset_values("default").items():
        assert getattr(plain, key) == value, key

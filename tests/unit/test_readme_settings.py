"""The settings example in the README loads: every key exists and every value is valid."""

from __future__ import annotations

from pathlib import Path

from certirag.config import load_settings

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_settings_example_loads(tmp_path: Path) -> None:
    text = README.read_text("utf-8")
    block = text[text.index("# certirag.yaml"):]
    block = block[: block.index("```")]
    config = tmp_path / "certirag.yaml"
    config.write_text(block, "utf-8")
    settings = load_settings(config)
    assert settings.top_k == 8 and settings.hybrid_weights == (1.0, 0.7)
    assert settings.store is not None and settings.store.startswith("postgresql://")

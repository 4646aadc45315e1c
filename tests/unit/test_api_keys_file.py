"""The API key file is read with the strict JSON reader: a doctored file is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from certirag.errors import ConfigError
from certirag.server.auth import ApiKeyStore


@pytest.mark.parametrize("text", [
    '{"format": 1, "keys": [], "keys": []}',           # a duplicate key could hide entries
    '{"format": NaN, "keys": []}',
    '[' * 100 + ']' * 100,
])
def test_a_doctored_key_file_is_a_clear_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "api_keys.json"
    path.write_text(text, "utf-8")
    with pytest.raises(ConfigError, match=r"unreadable API key file|not a certirag API key"):
        ApiKeyStore(path).records()


def test_a_key_file_written_by_the_store_reads_back(tmp_path: Path) -> None:
    store = ApiKeyStore(tmp_path / "api_keys.json")
    _record, secret = store.create("reviewer")
    assert [r.name for r in ApiKeyStore(store.path).records()] == ["reviewer"]
    assert secret not in store.path.read_text("utf-8")

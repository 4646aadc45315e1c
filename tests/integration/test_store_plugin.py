"""A third-party store backend, installed as a package with an entry point, used from the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PLUGIN = '''
from pathlib import Path

from certirag.index.backends import LocalBackend


class CountingBackend(LocalBackend):
    """Folders, as the local store, below the path of a shelf:///path URL; it leaves a
    mark so that the test can tell it was used."""

    def store(self, name):
        (self.root / "used-by-shelf").touch()
        return super().store(name)


def backend(url, settings):
    root = Path(url.split("://", 1)[1])
    root.mkdir(parents=True, exist_ok=True)
    return CountingBackend(root)
'''


def _install(site: Path) -> None:
    (site / "shelf_store.py").write_text(PLUGIN, "utf-8")
    info = site / "shelf_store-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: shelf-store\nVersion: 0.1\n",
                                   "utf-8")
    (info / "entry_points.txt").write_text("[certirag.stores]\nshelf = shelf_store:backend\n",
                                           "utf-8")
    (info / "RECORD").write_text("", "utf-8")


def _cli(tmp_path: Path, site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site), "CERTIRAG_HOME": str(tmp_path / "home")}
    return subprocess.run([sys.executable, "-m", "certirag.cli", *args], capture_output=True,
                          text=True, env=env, timeout=300, check=False)


def test_an_installed_store_backend_is_chosen_by_its_url_scheme(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    _install(site)
    shelf = tmp_path / "shelf"
    url = f"shelf://{shelf}"
    done = _cli(tmp_path, site, "ingest", "examples/corpus", "--store", url, "--index",
                "handbook", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["documents"] > 0
    assert (shelf / "used-by-shelf").exists() and (shelf / "handbook" / "CURRENT").exists()
    found = _cli(tmp_path, site, "search", "annual leave", "--store", url, "--index",
                 "handbook", "--json")
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["hits"]
    unknown = _cli(tmp_path, site, "stats", "--store", "nosuch://x", "--index", "handbook")
    assert unknown.returncode == 2
    assert "unknown store backend 'nosuch'" in unknown.stderr and "shelf" in unknown.stderr

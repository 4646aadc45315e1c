"""``certirag.index.backends``: store URLs choose a backend (``file://``, ``postgresql://``,
or one registered by a third party), and ``Index.open`` names indexes in it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from certirag.config import Settings
from certirag.errors import ConfigError, IndexStoreError, InputError
from certirag.index import Index, LocalStore
from certirag.index.backends import (
    LocalBackend,
    StoreBackend,
    open_backend,
    register_store_backend,
    store_backend_schemes,
    unregister_store_backend,
)
from certirag.index.store import Store
from certirag.schemas import Document

from ..conftest import HashEmbedder

DOCS = [Document(id="leave", text="Employees get 25 days of annual leave."),
        Document(id="notice", text="The notice period is one month.")]


@pytest.mark.parametrize("url", [
    "", "not a url", "/srv/indexes", "file:/srv/indexes", "nosuchscheme://x/y",
    "file://relative/folder", "file://otherhost/srv/indexes", "file:///srv/x?mode=ro",
    "file:///srv/x#frag", "file://",
])
def test_a_bad_store_url_is_a_config_error(url: str) -> None:
    with pytest.raises(ConfigError):
        open_backend(url, Settings())


def test_unknown_scheme_lists_the_known_ones() -> None:
    with pytest.raises(ConfigError, match="postgresql") as exc:
        open_backend("nosuchscheme://x", Settings())
    assert "file" in str(exc.value)
    assert {"file", "postgres", "postgresql"} <= set(store_backend_schemes())


def test_file_url_lists_index_folders(tmp_path: Path, hash_embedder: HashEmbedder) -> None:
    root = tmp_path / "indexes with space"
    for name in ("two", "one"):
        Index.open(root / name, create=True, embedder=hash_embedder).ingest(DOCS)
    (root / "empty").mkdir()  # a folder without an index
    (root / "Bad_Name").mkdir()
    (root / "notes.txt").write_text("not an index", "utf-8")
    url = "file://" + str(root).replace(" ", "%20")
    backend = open_backend(url, Settings())
    assert isinstance(backend, LocalBackend) and isinstance(backend, StoreBackend)
    assert backend.location == str(root)
    assert backend.names() == ["one", "two"]
    assert open_backend("file://localhost" + str(root), Settings()).names() == ["one", "two"]
    assert backend.store("one").exists() and not backend.store("empty").exists()
    with pytest.raises(InputError):
        backend.store("../one")
    assert open_backend("file://" + str(tmp_path / "absent"), Settings()).names() == []

    index = Index.open("one", store=url, embedder=hash_embedder)
    assert index.path == root / "one"
    assert index.search("annual leave", k=1, mode="bm25").hits[0].doc_id == "leave"
    from_setting = Index.open("two", settings=Settings(store=url), embedder=hash_embedder)
    assert from_setting.stats().documents == 2
    with pytest.raises(IndexStoreError, match="no index"):
        Index.open("empty", store=url)
    with pytest.raises(InputError):
        Index.open("Bad_Name", store=url)


def test_postgres_url_opens_without_connecting() -> None:
    backend = open_backend("postgresql://alice:s3cr3t@db.invalid:5432/rag", Settings())
    assert backend.location == "postgresql://alice@db.invalid:5432/rag"
    store = backend.store("handbook")
    assert "s3cr3t" not in store.location and "handbook" in store.location
    with pytest.raises(InputError):
        backend.store("Not Valid")
    assert open_backend("postgres://db.invalid/rag", Settings()).location == \
        "postgres://db.invalid/rag"


class _MemoryBackend:
    """A third-party backend: indexes as local stores under one folder, recording calls."""

    def __init__(self, url: str, settings: Settings, root: Path) -> None:
        self.url = url
        self.settings = settings
        self.root = root
        self.asked: list[str] = []

    @property
    def location(self) -> str:
        return "mine:" + str(self.root)

    def names(self) -> list[str]:
        return sorted(p.name for p in self.root.iterdir() if LocalStore.exists_at(p))

    def store(self, name: str) -> Store:
        self.asked.append(name)
        return LocalStore(self.root / name)


@pytest.fixture
def mine(tmp_path: Path) -> Iterator[list[_MemoryBackend]]:
    made: list[_MemoryBackend] = []

    def factory(url: str, settings: Settings) -> StoreBackend:
        backend = _MemoryBackend(url, settings, tmp_path)
        made.append(backend)
        return backend

    register_store_backend("mine", factory)
    try:
        yield made
    finally:
        unregister_store_backend("mine")
    assert "mine" not in store_backend_schemes()
    with pytest.raises(ConfigError):
        open_backend("mine://x", Settings())


def test_a_registered_backend_is_used_by_index_open(mine: list[_MemoryBackend],
                                                    tmp_path: Path,
                                                    hash_embedder: HashEmbedder) -> None:
    assert "mine" in store_backend_schemes()
    settings = Settings(top_k=3)
    index = Index.open("handbook", store="mine://x", settings=settings, create=True,
                       embedder=hash_embedder)
    assert [(b.url, b.settings) for b in mine] == [("mine://x", settings)]
    assert mine[0].asked == ["handbook"]
    assert index.location == str(tmp_path / "handbook")
    assert index.ingest(DOCS).added == 2
    assert (tmp_path / "handbook").is_dir()
    assert index.search("notice period", k=1).hits[0].doc_id == "notice"

    again = Index.open("handbook", store="MINE://x", embedder=hash_embedder)  # scheme case
    assert again.stats().documents == 2 and len(mine) == 2
    assert Index.open("handbook", settings=Settings(store="mine://y"),
                      embedder=hash_embedder).stats().chunks == 2
    assert mine[-1].url == "mine://y"
    assert open_backend("mine://z", Settings()).names() == ["handbook"]
    with pytest.raises(IndexStoreError, match="no index"):
        Index.open("absent", store="mine://x")
    with pytest.raises(InputError):
        Index.open("../escape", store="mine://x")
    assert "../escape" not in [a for b in mine for a in b.asked]


def test_registering_a_scheme_twice_needs_replace(mine: list[_MemoryBackend]) -> None:
    def other(url: str, settings: Settings) -> StoreBackend:
        return LocalBackend("/nonexistent-root")

    with pytest.raises(ConfigError, match="already registered"):
        register_store_backend("mine", other)
    register_store_backend("mine", other, replace=True)
    assert isinstance(open_backend("mine://x", Settings()), LocalBackend)
    with pytest.raises(ConfigError):
        register_store_backend("Bad Scheme", other)
    with pytest.raises(ConfigError):
        unregister_store_backend("never-registered")

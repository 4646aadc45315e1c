"""The shared cache of loaded verifiers behind ``verify()`` without ``verifier=``."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

import certirag.verifiers.cache as cache
from certirag.config import Settings
from certirag.errors import BackendUnavailable, ConfigError
from certirag.pipeline import verify
from certirag.schemas import Decision
from certirag.testing import FakeVerifier
from certirag.verifiers import (
    clear_verifier_cache,
    register_verifier,
    shared_verifier,
    unregister_verifier,
)

BACKEND = "cache-test"
ANSWER = "Paris is in France."
EVIDENCE = ["Paris is in France."]


class CountingVerifier(FakeVerifier):
    """A fake that counts :meth:`load` calls; ``fail`` loads raise first."""

    def __init__(self, factory: Factory, settings: Settings) -> None:
        super().__init__(rule="substring")
        self.factory = factory
        self.settings = settings

    def load(self) -> None:
        with self.factory.lock:
            self.factory.loads += 1
            failing = self.factory.fail > 0
            if failing:
                self.factory.fail -= 1
        time.sleep(self.factory.load_delay_s)  # widens any race between threads
        if failing:
            raise BackendUnavailable("model not downloaded yet")


class Factory:
    """A registered verifier factory recording what it built."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.built: list[CountingVerifier] = []
        self.loads = 0
        self.fail = 0
        self.load_delay_s = 0.0

    def __call__(self, settings: Settings) -> CountingVerifier:
        v = CountingVerifier(self, settings)
        with self.lock:
            self.built.append(v)
        return v


@pytest.fixture
def factory() -> Iterator[Factory]:
    f = Factory()
    clear_verifier_cache()
    register_verifier(BACKEND, f)
    try:
        yield f
    finally:
        unregister_verifier(BACKEND)
        clear_verifier_cache()


@pytest.fixture
def builtin_like(factory: Factory, monkeypatch: pytest.MonkeyPatch) -> Factory:
    """The fake keyed like a built-in backend: by the settings the built-ins read."""
    monkeypatch.setattr(cache, "_BUILTINS", (*cache._BUILTINS, factory))
    return factory


def settings(**kw: Any) -> Settings:
    return Settings(nli_backend=BACKEND, **kw)


def test_repeated_verify_loads_once_and_uses_the_shared_verifier(factory: Factory) -> None:
    s = settings()
    for _ in range(3):
        result = verify("", ANSWER, evidence=EVIDENCE, settings=s)
        assert result.stats["verified"] == 1
    assert factory.loads == 1
    assert len(factory.built) == 1
    assert len(factory.built[0].calls) >= 3  # every verify() scored with the one instance


def test_an_explicit_verifier_bypasses_the_cache(factory: Factory) -> None:
    mine = FakeVerifier()
    result = verify("", ANSWER, evidence=EVIDENCE, settings=settings(), verifier=mine)
    assert result.stats["verified"] == 1
    assert mine.calls
    assert factory.built == []


def test_nothing_to_score_loads_nothing(factory: Factory) -> None:
    result = verify("", ANSWER, evidence=[], settings=settings())
    assert result.claims[0].decision == Decision.UNVERIFIED
    assert factory.built == []


def test_relevant_settings_give_different_instances(builtin_like: Factory) -> None:
    base = shared_verifier(settings())
    # settings a built-in factory does not read share the instance
    assert shared_verifier(settings(top_k=9, nli_windows=2, display="debug")) is base
    assert builtin_like.loads == 1
    for changed in (dict(nli_model="other"), dict(threads=2), dict(nli_batch_size=8),
                    dict(nli_max_length=128)):
        assert shared_verifier(settings(**changed)) is not base, changed
    assert builtin_like.loads == 5


def test_an_unknown_factory_is_keyed_by_every_setting(factory: Factory) -> None:
    base = shared_verifier(settings())
    assert shared_verifier(settings()) is base
    assert shared_verifier(settings(top_k=9)) is not base
    assert factory.loads == 2


def test_re_registering_a_backend_does_not_serve_the_old_factory(factory: Factory) -> None:
    old = shared_verifier(settings())
    other = Factory()
    register_verifier(BACKEND, other, replace=True)
    new = shared_verifier(settings())
    assert new is not old
    assert other.built == [new]


def test_the_bound_evicts_the_least_recently_used(builtin_like: Factory) -> None:
    first = [shared_verifier(settings(nli_model=f"m{i}")) for i in range(cache.MAX_ENTRIES)]
    assert shared_verifier(settings(nli_model="m0")) is first[0]  # m0 is now the newest
    shared_verifier(settings(nli_model="extra"))  # evicts m1, the least recently used
    assert builtin_like.loads == cache.MAX_ENTRIES + 1
    assert shared_verifier(settings(nli_model="m0")) is first[0]
    assert shared_verifier(settings(nli_model="m1")) is not first[1]
    assert builtin_like.loads == cache.MAX_ENTRIES + 2
    assert len(cache._cache) == cache.MAX_ENTRIES


def test_a_replaced_create_verifier_is_honoured_and_kept_apart(
        factory: Factory, monkeypatch: pytest.MonkeyPatch) -> None:
    real = shared_verifier(settings())
    fake = FakeVerifier()
    with monkeypatch.context() as patch:
        patch.setattr("certirag.verifiers.create_verifier", lambda s: fake)
        assert shared_verifier(settings()) is fake
    assert shared_verifier(settings()) is real
    assert factory.loads == 1


def test_clear_forgets_every_verifier(factory: Factory) -> None:
    s = settings()
    before = shared_verifier(s)
    clear_verifier_cache()
    assert shared_verifier(s) is not before
    assert factory.loads == 2


def test_a_failed_load_is_not_cached(factory: Factory) -> None:
    factory.fail = 1
    s = settings()
    with pytest.raises(BackendUnavailable):
        shared_verifier(s)
    loaded = shared_verifier(s)
    assert factory.loads == 2
    assert shared_verifier(s) is loaded


def test_verify_fails_closed_on_a_failed_load_and_retries_next_call(factory: Factory) -> None:
    factory.fail = 1
    s = settings()
    failed = verify("", ANSWER, evidence=EVIDENCE, settings=s)
    assert failed.claims[0].decision == Decision.UNVERIFIED
    assert failed.backend_failed
    assert "not downloaded" in failed.claims[0].reasons[0].message
    ok = verify("", ANSWER, evidence=EVIDENCE, settings=s)
    assert ok.stats["verified"] == 1
    assert factory.loads == 2


def test_an_unknown_backend_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown nli_backend"):
        verify("", ANSWER, evidence=EVIDENCE, settings=Settings(nli_backend="no-such"))


def test_concurrent_callers_share_one_load(factory: Factory) -> None:
    factory.load_delay_s = 0.05
    s = settings()
    n = 8
    barrier = threading.Barrier(n)
    got: list[Any] = [None] * n

    def call(i: int) -> None:
        barrier.wait()
        got[i] = shared_verifier(s)

    threads = [threading.Thread(target=call, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert factory.loads == 1
    assert all(v is got[0] for v in got)
    assert got[0] is not None

"""A small shared cache of loaded verifiers, so that :func:`certirag.verify` called in a
loop without ``verifier=`` loads the NLI model once, not on every call.

:func:`certirag.verifiers.shared_verifier` is the entry point: it builds through the
package's ``create_verifier``, so code that replaces ``certirag.verifiers.create_verifier``
(a test's fake) is honoured. The cache is keyed by that function, the registered factory
and the settings it reads (for the built-in backends: ``nli_backend``, ``nli_model``,
``threads``, ``nli_batch_size`` and ``nli_max_length``; for any other factory, or a
replaced ``create_verifier``, every setting). It holds at most :data:`MAX_ENTRIES`
verifiers, dropping the least recently used. Only verifiers whose
:meth:`~certirag.verifiers.base.Verifier.load` succeeded are kept, so a failed load is
tried again on the next call. Threads asking for the same key wait for one load.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from certirag.verifiers.base import Verifier, VerifierFactory, create_verifier, verifier_factory
from certirag.verifiers.builtin import BUILTIN_FACTORIES, BUILTIN_FIELDS

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["MAX_ENTRIES", "cached_verifier", "clear_verifier_cache"]

MAX_ENTRIES = 4

_BUILTINS = BUILTIN_FACTORIES

_lock = threading.Lock()  # guards _cache and _loading
_cache: OrderedDict[Hashable, Verifier] = OrderedDict()
_loading: dict[Hashable, threading.Lock] = {}


def _key(create: Callable[[Settings], Verifier], factory: VerifierFactory,
         settings: Settings) -> Hashable:
    if create is create_verifier and factory in _BUILTINS:
        values: tuple[object, ...] = tuple(getattr(settings, f) for f in BUILTIN_FIELDS)
    else:  # code of unknown needs: every setting counts
        values = (settings.model_dump_json(),)
    return (create, factory, values)


def _lookup(key: Hashable) -> Verifier | None:
    """The cached verifier for ``key`` (marked recently used), or ``None``; hold ``_lock``."""
    hit = _cache.get(key)
    if hit is not None:
        _cache.move_to_end(key)
    return hit


def cached_verifier(settings: Settings, create: Callable[[Settings], Verifier]) -> Verifier:
    """A loaded verifier for ``settings`` built by ``create``, shared with earlier calls
    with the same key (see the module docstring).

    Raises :class:`~certirag.errors.ConfigError` for an unknown backend and whatever
    :meth:`load` raises (e.g. :class:`~certirag.errors.BackendUnavailable`); nothing is
    cached then.
    """
    key = _key(create, verifier_factory(settings.nli_backend), settings)
    with _lock:
        hit = _lookup(key)
        if hit is not None:
            return hit
        key_lock = _loading.setdefault(key, threading.Lock())
    with key_lock:
        with _lock:
            hit = _lookup(key)
            if hit is not None:
                return hit
        try:
            verifier = create(settings)
            verifier.load()
            with _lock:
                _cache[key] = verifier
                while len(_cache) > MAX_ENTRIES:
                    _cache.popitem(last=False)
        finally:
            with _lock:
                _loading.pop(key, None)
    return verifier


def clear_verifier_cache() -> None:
    """Forget every cached verifier (the next :func:`shared_verifier` loads anew)."""
    with _lock:
        _cache.clear()

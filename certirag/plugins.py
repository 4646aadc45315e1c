"""Named extension points: built-ins and installed packages register the same way.

A :class:`Registry` maps names to objects (factories, checks, store backends). Built-ins
register in code; an installed package declares its objects in a Python entry-point
group (``[project.entry-points."certirag.stores"] mine = "my_package:factory"``), loaded
on first use of the name. A broken plugin is a :class:`~certirag.errors.ConfigError`
that names it, never a crash of the caller.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from importlib import metadata
from typing import Generic, TypeVar

from certirag.errors import ConfigError

__all__ = ["EntryPoints", "Registry"]

T = TypeVar("T")

_NAME = re.compile(r"[a-z][a-z0-9_\-]*")


class EntryPoints:
    """The objects installed packages declare in one entry-point group, loaded by name."""

    def __init__(self, group: str, what: str) -> None:
        self.group = group
        self.what = what

    def all(self) -> dict[str, metadata.EntryPoint]:
        return {ep.name: ep for ep in metadata.entry_points(group=self.group)}

    def names(self) -> list[str]:
        return sorted(self.all())

    def load(self, name: str, known: Callable[[], list[str]] | None = None) -> object:
        """The object declared as ``name``; an unknown name (``known`` lists the valid
        ones for the message) or one that fails to import is a :class:`ConfigError`."""
        point = self.all().get(name) if isinstance(name, str) else None
        if point is None:
            names = known() if known is not None else self.names()
            raise ConfigError(f"unknown {self.what} {name!r}; known {self.what}s: "
                              f"{', '.join(names) or 'none'}")
        try:
            return point.load()
        except Exception as exc:  # a broken plugin must name itself
            raise ConfigError(f"{self.what} {name!r}: cannot load {point.value!r} from the "
                              f"{self.group} entry points: {exc}") from exc

    def value(self, name: str) -> str:
        """What the entry point ``name`` points at (``module:attr``), for messages."""
        point = self.all().get(name)
        return point.value if point is not None else name


class Registry(Generic[T]):
    """Objects of one kind by name, from code and from the entry points of ``group``.

    ``what`` names the kind in messages ("store backend"); ``check`` validates a loaded
    entry point's object (raise ``TypeError`` with the reason to refuse it)."""

    def __init__(self, group: str, what: str, *, check: Callable[[object], T]) -> None:
        self.group = group
        self.what = what
        self.entry_points = EntryPoints(group, what)
        self._check = check
        self._items: dict[str, T] = {}
        self._lock = threading.Lock()

    def register(self, name: str, item: T, *, replace: bool = False) -> None:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise ConfigError(f"bad {self.what} name {name!r}: use lowercase letters, digits, "
                              "- and _, starting with a letter")
        if name in self._items and not replace:
            raise ConfigError(f"a {self.what} named {name!r} is already registered")
        self._items[name] = item

    def unregister(self, name: str) -> None:
        if name not in self._items:
            raise ConfigError(f"no {self.what} named {name!r} is registered")
        del self._items[name]

    def names(self) -> list[str]:
        """Registered names and those installed packages declare, sorted."""
        return sorted(set(self._items) | set(self.entry_points.all()))

    def get(self, name: str) -> T:
        """The object registered as ``name``, loading an installed package's entry point on
        first use; an unknown name is a :class:`ConfigError` listing the known ones."""
        found = self._items.get(name)
        if found is not None:
            return found
        with self._lock:
            found = self._items.get(name)  # loaded meanwhile by another thread
            if found is not None:
                return found
            loaded = self.entry_points.load(name, self.names)
            try:
                item = self._check(loaded)
            except TypeError as exc:
                raise ConfigError(f"{self.what} {name!r}: {self.entry_points.value(name)!r} "
                                  f"{exc}") from exc
            self._items[name] = item
            return item

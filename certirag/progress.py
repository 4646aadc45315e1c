"""Progress reporting for long work, kept free of any terminal library.

Library code reports through a :class:`Progress`; the command line passes one that draws
a rich progress bar on stderr; the default does nothing.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["NullProgress", "Progress"]


class Progress(Protocol):
    def start(self, stage: str, total: int | None) -> None:
        """Begin a stage of ``total`` steps (``None`` when unknown)."""
        ...

    def advance(self, n: int = 1) -> None: ...

    def finish(self) -> None: ...


class NullProgress:
    """A :class:`Progress` that reports nothing."""

    def start(self, stage: str, total: int | None) -> None:
        return None

    def advance(self, n: int = 1) -> None:
        return None

    def finish(self) -> None:
        return None

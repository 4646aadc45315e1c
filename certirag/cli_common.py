"""Pieces shared by the command modules: exit codes, options, errors, progress, JSON."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from certirag.errors import (
    BackendError,
    BackendUnavailable,
    CertiragError,
    ConfigError,
    IndexStoreError,
    InputError,
)

__all__ = ["EXIT_BACKEND", "EXIT_INPUT", "EXIT_OK", "EXIT_WITHHELD", "ConfigOpt", "JsonOpt",
           "PresetOpt", "RichProgress", "err", "errors_to_exit_codes", "print_json",
           "settings_from"]

EXIT_OK, EXIT_WITHHELD, EXIT_INPUT, EXIT_BACKEND = 0, 1, 2, 3

ConfigOpt = Annotated[Path | None, typer.Option("--config", help="YAML settings file.",
                                                dir_okay=False)]
PresetOpt = Annotated[str | None, typer.Option("--preset", help="default, strict or mixed.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]


def err(message: str) -> None:
    typer.echo(f"certirag: {message}", err=True)


@contextlib.contextmanager
def errors_to_exit_codes() -> Iterator[None]:
    """Turn certirag errors into a message on stderr and the documented exit code."""
    try:
        yield
    except (InputError, ConfigError, IndexStoreError) as exc:
        err(f"error: {exc}")
        raise typer.Exit(EXIT_INPUT) from exc
    except (BackendUnavailable, BackendError) as exc:
        err(f"backend error: {exc}")
        raise typer.Exit(EXIT_BACKEND) from exc
    except CertiragError as exc:
        err(f"error: {exc}")
        raise typer.Exit(EXIT_INPUT) from exc


def settings_from(config: Path | None, preset: str | None, **overrides: Any) -> Any:
    from certirag.config import load_settings

    return load_settings(config, preset=preset,
                         **{k: v for k, v in overrides.items() if v is not None})


class RichProgress:
    """A :class:`certirag.progress.Progress` drawn with rich on stderr."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                             TimeElapsedColumn(), console=Console(stderr=True), transient=True)
        self._task: Any = None

    def __enter__(self) -> RichProgress:
        self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bar.stop()

    def start(self, stage: str, total: int | None) -> None:
        self.finish()
        self._task = self._bar.add_task(stage, total=total)

    def advance(self, n: int = 1) -> None:
        if self._task is not None:
            self._bar.advance(self._task, n)

    def finish(self) -> None:
        if self._task is not None:
            self._bar.remove_task(self._task)
            self._task = None


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")

"""Pieces shared by the command modules: exit codes, options, errors, progress, JSON."""

from __future__ import annotations

import contextlib
import json
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from certirag.batch.common import read_bounded
from certirag.config import Settings, load_settings
from certirag.errors import (
    BackendError,
    BackendUnavailable,
    CertiragError,
    ConfigError,
    IndexStoreError,
    InputError,
)
from certirag.reasons import OUTCOME_EXIT

if TYPE_CHECKING:
    from certirag.eval.runner import Probe

__all__ = ["EXIT_BACKEND", "EXIT_INPUT", "EXIT_NO_CLAIMS", "EXIT_OK", "EXIT_WITHHELD",
           "MAX_INPUT_FILE_BYTES", "ConfigOpt", "JsonOpt", "PresetOpt", "RichProgress",
           "argv_text", "command_line", "err", "errors_to_exit_codes", "prepare_verifier",
           "print_json", "read_input_bytes", "read_stdin_text", "settings_from", "write_outputs"]

# the exit codes of the outcomes come from the reason table; 2 is bad input
EXIT_OK, EXIT_WITHHELD, EXIT_BACKEND, EXIT_NO_CLAIMS = (
    OUTCOME_EXIT[o] for o in ("verified", "withheld", "backend_failed", "no_claims"))
EXIT_INPUT = 2

MAX_INPUT_FILE_BYTES = 1 << 30
"""The most bytes read from one file named on the command line (1 GiB), so that a path such
as ``/dev/zero`` is refused instead of filling memory. Pipes (``/dev/stdin``, ``<(cmd)``)
are read like files."""

ConfigOpt = Annotated[Path | None, typer.Option("--config", help="YAML settings file.",
                                                dir_okay=False)]
PresetOpt = Annotated[str | None, typer.Option("--preset", help="default, strict or mixed.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]
IndexOpt = Annotated[str, typer.Option(
    "--index", help="Index folder, or the index's name in the store given by --store.")]
StoreOpt = Annotated[str | None, typer.Option(
    "--store", help="Store URL (file:///folder, postgresql://…); --index then names an index "
                    "in it. Default: the store setting (CERTIRAG_STORE), else --index is a "
                    "folder.")]


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


def read_input_bytes(path: Path, *, limit: int = MAX_INPUT_FILE_BYTES) -> bytes:
    """The bytes of ``path`` (at most ``limit``); ``InputError`` naming it otherwise."""
    return read_bounded(path, limit=limit)


def _first_bad_byte(text: str) -> tuple[int, str] | None:
    """Index and description of the first character of ``text`` that is not UTF-8 text."""
    for i, ch in enumerate(text):
        if "\ud800" <= ch <= "\udfff":
            code = ord(ch)
            # os.fsencode's surrogateescape maps the undecodable byte b to U+DC00 + b
            what = (f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF
                    else f"unpaired surrogate U+{code:04X}")
            return i, what
    return None


def argv_text(value: str, option: str) -> str:
    """``value`` of a command-line option, refused when its bytes were not UTF-8.

    Python hands undecodable ``argv`` bytes over as lone surrogates; they are no text and
    would fail later with a traceback."""
    bad = _first_bad_byte(value)
    if bad is not None:
        raise InputError(f"{option} is not valid UTF-8 ({bad[1]} at character {bad[0]})")
    return value


def read_stdin_text(option: str) -> str:
    """All of standard input, decoded as strict UTF-8 whatever the locale says."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes underneath (an embedding host)
        text = sys.stdin.read()
        argv_text(text, f"{option} (standard input)")
        return text
    data = stream.read()
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"standard input for {option} is not valid UTF-8 (byte "
                         f"0x{data[exc.start]:02x} at offset {exc.start})") from exc


def settings_from(config: Path | None, preset: str | None, **overrides: Any) -> Settings:
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


# eval commands ------------------------------------------------------------------------

def command_line(name: str, options: list[tuple[str, object]]) -> str:
    """The command as typed, rebuilt from its options (so a run names what produced it)."""
    parts = ["certirag", "eval", name]
    for flag, value in options:
        if value is None or value is False:
            continue
        parts += [flag] if value is True else [flag, str(value)]
    return shlex.join(parts)


def prepare_verifier(settings: Settings) -> tuple[Any, Probe]:
    """The configured verifier, loaded, and its probe (model id, sha256, temperature)."""
    from certirag.eval.runner import probe
    from certirag.verifiers import create_verifier

    verifier = create_verifier(settings)
    verifier.load()
    return verifier, probe(verifier)


def write_outputs(doc: dict[str, Any], markdown: str, *, as_json: bool,
                  out: Path | None, run: Path | None) -> None:
    if run is not None:
        blob = (json.dumps(doc, ensure_ascii=False) + "\n").encode("utf-8")
        if run.suffix == ".gz":
            import gzip

            blob = gzip.compress(blob, mtime=0)
        run.write_bytes(blob)
        typer.echo(f"run document written to {run}", err=True)
    if out is not None:
        out.write_text(markdown, "utf-8")
        typer.echo(f"report written to {out}", err=True)
    if as_json:
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        typer.echo(markdown)

"""``certirag eval …``: measure the configured verifier on labelled data sets.

Reports go to stdout (``--json``) or a Markdown file (``--out``); progress and messages go
to stderr. Exit codes follow the main command line: 2 bad input, 3 a backend failed.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["eval_app"]

eval_app = typer.Typer(help="Measure models and the pipeline on datasets.",
                       no_args_is_help=True, add_completion=False,
                       pretty_exceptions_enable=False)


@eval_app.callback()
def _group() -> None:
    """Measure models and the pipeline on datasets."""


def _snli_file(data: Path) -> Path:
    from certirag.errors import InputError

    path = data / "snli" / "test.jsonl" if data.is_dir() else data
    if not path.is_file():
        raise InputError(f"SNLI file not found: {path}")
    return path


@eval_app.command("snli")
def snli(
    data: Annotated[Path, typer.Option(
        "--data", help="SNLI JSONL file, or a data folder holding snli/test.jsonl.")],
    rows: Annotated[str | None, typer.Option(
        "--rows", help="Half-open 0-based line range A:B of the file.")] = None,
    limit: Annotated[int | None, typer.Option(
        "--limit", help="Score at most N labelled pairs.", min=1)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Write a Markdown report here.", dir_okay=False)] = None,
    config: Annotated[Path | None, typer.Option(
        "--config", help="YAML settings file.", dir_okay=False)] = None,
) -> None:
    """Accuracy, macro-F1 and ECE of the configured NLI verifier on SNLI pairs
    (gold label '-' skipped)."""
    from certirag.cli_common import RichProgress, errors_to_exit_codes
    from certirag.config import load_settings
    from certirag.eval.datasets import parse_rows
    from certirag.eval.snli import run_snli
    from certirag.verifiers.base import create_verifier

    with errors_to_exit_codes():
        selection = parse_rows(rows)
        path = _snli_file(data)
        settings = load_settings(config)
        verifier = create_verifier(settings)
        verifier.load()
        command = _command(path, rows, limit, config)
        with RichProgress() as progress:
            report = run_snli(verifier, path, rows=selection, limit=limit,
                              settings_hash=settings.settings_hash(), command=command,
                              progress=progress)
        if out is not None:
            out.write_text(report.to_markdown(), "utf-8")
        m = report.metrics
        if as_json:
            sys.stdout.write(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n")
        else:
            typer.echo(f"snli rows {report.rows}: n={report.n} accuracy={m['accuracy']:.4f} "
                       f"macro_f1={m['macro_f1']:.4f} ece={m['ece']:.4f} "
                       f"model={report.model_id} sha256={report.model_sha256[:12]}")
        if out is not None:
            typer.echo(f"report written to {out}", err=True)


def _command(path: Path, rows: str | None, limit: int | None, config: Path | None) -> str:
    parts = ["certirag", "eval", "snli", "--data", str(path)]
    if rows:
        parts += ["--rows", rows]
    if limit is not None:
        parts += ["--limit", str(limit)]
    if config is not None:
        parts += ["--config", str(config)]
    return shlex.join(parts)


def _register_halueval() -> None:
    from certirag.cli_halueval import register

    register(eval_app)


_register_halueval()

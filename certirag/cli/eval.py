"""``certirag eval …``: measure the configured verifier on labelled data sets.

Reports go to stdout (``--json``) or a Markdown file (``--out``); progress and messages go
to stderr. Exit codes follow the main command line: 2 bad input, 3 a backend failed.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
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
    from certirag.cli.common import RichProgress, errors_to_exit_codes
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


SUITE = ("llm-aggrefact", "ragtruth", "fever", "vitaminc", "anli", "alce")
_HELP = {
    "llm-aggrefact": "LLM-AggreFact (JSONL/CSV rows: dataset, doc, claim, label 1 = "
                     "supported): balanced accuracy per sub-dataset and their mean.",
    "ragtruth": "RAGTruth (a folder with response.jsonl and source_info.jsonl): "
                "response- and span-level precision, recall and F1.",
    "fever": "FEVER-NLI (query/context/label SUPPORTS|REFUTES|NOT ENOUGH INFO): 3-way "
             "accuracy and macro-F1.",
    "vitaminc": "VitaminC (claim/evidence/label): 3-way accuracy and macro-F1.",
    "anli": "ANLI (premise or context/hypothesis/label e|n|c or 0|1|2): 3-way accuracy and "
            "macro-F1.",
    "alce": "ALCE-style cited answers (question, docs, output with [1][2]): citation recall "
            "and precision with certirag as the judge.",
}

RowsOpt = Annotated[str | None, typer.Option(
    "--rows", help="Half-open 0-based row range A:B (records of the file).")]
LimitOpt = Annotated[int | None, typer.Option("--limit", min=1, help="At most N examples.")]
SplitOpt = Annotated[str | None, typer.Option(
    "--split", help="The split these rows belong to (dev, test, train) when the rows and "
                    "the file name do not say.")]
AblateOpt = Annotated[bool, typer.Option(
    "--ablate", help="Also run checks only, NLI only and (with llm_url) the LLM judge.")]
RunOpt = Annotated[Path | None, typer.Option(
    "--run", help="Write the run document (RUN.json: items, scores, reasons, provenance) "
                  "here, for certirag eval report (gzipped if it ends in .gz).",
    dir_okay=False)]
JobsOpt = Annotated[int, typer.Option("--jobs", min=1, help="Worker processes.")]
ResamplesOpt = Annotated[int, typer.Option(
    "--resamples", min=10, help="Bootstrap resamples for the 95% intervals.")]


def _suite(name: str, data: Path, rows: str | None, limit: int | None, split: str | None,
           config: Path | None, preset: str | None, ablate: bool, jobs: int,
           resamples: int, as_json: bool, out: Path | None, run: Path | None) -> None:
    from certirag.cli.common import (
        RichProgress,
        command_line,
        errors_to_exit_codes,
        prepare_verifier,
        settings_from,
        write_outputs,
    )
    from certirag.eval.datasets import parse_rows
    from certirag.eval.report import run_markdown
    from certirag.eval.suite import evaluate, find_data, get_spec, load_items

    command = command_line(name, [("--data", data), ("--rows", rows), ("--limit", limit),
                                  ("--split", split), ("--config", config),
                                  ("--preset", preset), ("--ablate", ablate),
                                  ("--jobs", jobs if jobs > 1 else None)])
    with errors_to_exit_codes():
        settings = settings_from(config, preset)
        spec = get_spec(name)
        selection = parse_rows(rows)
        path = find_data(spec, data)
        items = load_items(spec, path, selection, limit, split=split)
        verifier, probed = prepare_verifier(settings)
        with RichProgress() as progress:
            doc = evaluate(spec, items, settings=settings, verifier=verifier,
                           probe=probed, ablate=ablate, jobs=jobs,
                           progress=progress, resamples=resamples,
                           provenance={"source": str(path), "rows": str(selection),
                                       "limit": limit, "split": split, "command": command,
                                       "preset": preset or "default",
                                       "config": str(config) if config else None,
                                       "jobs": jobs})
        write_outputs(doc, run_markdown(doc), as_json=as_json, out=out, run=run)


def _make(name: str) -> Callable[..., None]:
    def command(
        data: Annotated[Path, typer.Option("--data", help="The data set's file (RAGTruth: "
                                                          "its folder).")],
        rows: RowsOpt = None, limit: LimitOpt = None, split: SplitOpt = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the run as JSON.")
                           ] = False,
        out: Annotated[Path | None, typer.Option("--out", help="Write a Markdown report.",
                                                 dir_okay=False)] = None,
        run: RunOpt = None, ablate: AblateOpt = False, jobs: JobsOpt = 1,
        resamples: ResamplesOpt = 1000,
        config: Annotated[Path | None, typer.Option("--config", help="YAML settings file.",
                                                    dir_okay=False)] = None,
        preset: Annotated[str | None, typer.Option("--preset",
                                                   help="default, strict or mixed.")] = None,
    ) -> None:
        _suite(name, data, rows, limit, split, config, preset, ablate, jobs, resamples,
               as_json, out, run)

    command.__doc__ = _HELP[name]
    return command


for _name in SUITE:
    eval_app.command(_name)(_make(_name))


@eval_app.command("report")
def report(
    runs: Annotated[list[Path], typer.Argument(help="Run documents (--run FILE).",
                                               exists=True, dir_okay=False)],
    out: Annotated[Path, typer.Option("--out", help="Folder for report.md, report.html "
                                                    "and the figures.", file_okay=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print what was written.")] = False,
) -> None:
    """Markdown and a self-contained HTML report, with reliability, ROC / PR, τe-sweep and
    reasons figures, from one or more run documents."""
    from certirag.cli.common import errors_to_exit_codes, print_json
    from certirag.eval.report import write_report

    command = shlex.join(["certirag", "eval", "report", *map(str, runs), "--out", str(out)])
    with errors_to_exit_codes():
        written = write_report(runs, out, command=command)
    if as_json:
        print_json(written)
    else:
        typer.echo(f"{written['markdown']}, {written['html']} and {len(written['figures'])} "
                   "figures written")


def _register_halueval() -> None:
    from certirag.cli.halueval import register

    register(eval_app)


_register_halueval()

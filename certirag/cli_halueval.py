"""``certirag eval halueval-qa | halueval-summarization | halueval-dialogue`` and
``certirag eval tune-thresholds``: the full pipeline on HaluEval."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from certirag.cli_common import (
    ConfigOpt,
    PresetOpt,
    RichProgress,
    err,
    errors_to_exit_codes,
    print_json,
    settings_from,
)
from certirag.errors import InputError

DataOpt = Annotated[Path, typer.Option("--data", help="HaluEval folder, or the data folder "
                                                      "that holds halueval/.")]
RowsOpt = Annotated[str | None, typer.Option("--rows", help="A:B, half-open, 0-based lines.")]
LimitOpt = Annotated[int | None, typer.Option("--limit", min=1, help="At most N rows.")]


def _file(data: Path, name: str) -> Path:
    from certirag.eval.halueval import LOADERS

    fname = LOADERS[name][0]
    for cand in (data, data / fname, data / "halueval" / fname):
        if cand.is_file() and cand.name == fname:
            return cand
    raise InputError(f"cannot find {fname} under {data} (pass --data DIR)")


def _load(name: str, data: Path, rows: str | None, limit: int | None) -> tuple[Any, list[Any]]:
    from certirag.eval.datasets import get_dataset, parse_rows

    r = parse_rows(rows)
    examples = get_dataset(name)(_file(data, name), r, limit)
    if not examples:
        raise InputError(f"no rows selected from {name} (--rows {r})")
    return r, examples


def _markdown(report: dict[str, Any]) -> str:
    m = report["metrics"]
    b = m["baseline"]

    def ci(v: list[float]) -> str:
        return f"[{v[0]:.3f}, {v[1]:.3f}]"

    return "\n".join([
        f"# {report['dataset']} — rows {report['rows']} (n = {report['n']})", "",
        f"Command: `{report['command']}`", "",
        f"Model: {report['model'].get('id')} (sha256 {report['model'].get('sha256')})  ",
        f"Thresholds: τe = {m['tau_entail']}, τc = {m['tau_contradict']}; settings hash "
        f"{report['settings_hash'][:16]}", "",
        "| system | balanced accuracy (95% CI) | catch rate | false-withhold rate | leak | "
        "answer AUROC |",
        "|---|---|---|---|---|---|",
        f"| certirag | {m['balanced_accuracy']:.3f} {ci(m['balanced_accuracy_ci95'])} | "
        f"{m['catch_rate']:.3f} | {m['false_withhold_rate']:.3f} | "
        f"{m['hallucinated_fully_verified']:.3f} | {m['answer_auroc']:.3f} |",
        f"| word-overlap baseline | {b['balanced_accuracy']:.3f} "
        f"{ci(b['balanced_accuracy_ci95'])} | {b['catch_rate']:.3f} | "
        f"{b['false_withhold_rate']:.3f} | {1 - b['catch_rate']:.3f} | |", "",
        "Leak: hallucinated answers fully verified. Answer AUROC: the answer's weakest "
        "claim P(entailment) (0 when a finding withholds it), right vs hallucinated.", "",
        f"Margin over the baseline: {m['margin_over_baseline']:+.3f} "
        f"{ci(m['margin_ci95'])}; {report['seconds']:.0f} s.", ""])


def _halueval(name: str, data: Path, rows: str | None, limit: int | None,
              config: Path | None, preset: str | None, as_json: bool, out: Path | None) -> None:
    from certirag.eval.halueval import metrics_of, run_halueval
    from certirag.verifiers import create_verifier

    with errors_to_exit_codes():
        settings = settings_from(config, preset)
        r, examples = _load(name, data, rows, limit)
        verifier = create_verifier(settings)
        verifier.load()
        with RichProgress() as progress:
            run = run_halueval(name, examples, settings=settings, verifier=verifier,
                               progress=progress)
        metrics = metrics_of(run, settings.tau_entail, settings.tau_contradict)
    command = "certirag eval " + " ".join(shlex.quote(a) for a in sys.argv[2:])
    report = {"dataset": name, "n": len(run.lines), "rows": str(r), "limit": limit,
              "metrics": metrics, "model": run.model, "settings_hash": settings.settings_hash(),
              "seconds": run.seconds, "command": command}
    if out is not None:
        out.write_text(_markdown(report), "utf-8")
    if as_json:
        print_json(report)
    else:
        typer.echo(_markdown(report))


def _make(name: str) -> Any:
    def command(data: DataOpt = Path("../shared/data"), rows: RowsOpt = None,
                limit: LimitOpt = None, config: ConfigOpt = None, preset: PresetOpt = None,
                as_json: Annotated[bool, typer.Option("--json")] = False,
                out: Annotated[Path | None, typer.Option("--out", help="Markdown report.")
                               ] = None) -> None:
        _halueval(name, data, rows, limit, config, preset, as_json, out)

    command.__doc__ = (f"The full pipeline on HaluEval {name.split('-', 1)[1]}: right "
                       "answers must pass, hallucinated ones must be caught.")
    return command


def register(eval_app: typer.Typer) -> None:
    """Add the HaluEval commands to ``certirag eval``."""
    for name in ("halueval-qa", "halueval-summarization", "halueval-dialogue"):
        eval_app.command(name)(_make(name))
    eval_app.command("tune-thresholds")(tune_command)


def _bounds(text: str) -> list[float]:
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        try:
            value = float(part)
        except ValueError:
            raise InputError(f"--max-hallucinated-verified: {part!r} is not a number") from None
        if not 0.0 <= value <= 1.0:
            raise InputError(f"--max-hallucinated-verified: {value} is not in [0, 1]")
        out.append(value)
    if not out:
        raise InputError("--max-hallucinated-verified: give at least one bound")
    return out


def tune_command(
    data: DataOpt = Path("../shared/data"),
    rows: Annotated[str, typer.Option("--rows", help="Dev rows, below 8,000.")] = "7000:8000",
    limit: LimitOpt = None,
    datasets: Annotated[str, typer.Option(
        "--datasets", help="Comma-separated NAME or NAME:LIMIT (LIMIT overrides --limit).")
    ] = "halueval-qa,halueval-summarization",
    max_leak: Annotated[str, typer.Option(
        "--max-hallucinated-verified",
        help="Leak bound(s), comma-separated (e.g. 0.05,0.02 for the default and strict "
             "presets); one choice per bound from the same runs.")] = "0.05",
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Choose τe/τc on HaluEval dev rows (never reserved rows): best balanced accuracy with
    at most 5% of hallucinated answers fully verified."""
    from certirag.eval.datasets import parse_rows
    from certirag.eval.halueval import (
        check_not_reserved,
        metrics_of,
        run_halueval,
        tune_thresholds,
    )
    from certirag.verifiers import create_verifier

    with errors_to_exit_codes():
        settings = settings_from(config, preset)
        bounds = _bounds(max_leak)
        picked: list[tuple[str, int | None]] = []
        for item in (d.strip() for d in datasets.split(",") if d.strip()):
            name, _, lim = item.partition(":")
            if lim and not lim.isdigit():
                raise InputError(f"--datasets: bad limit in {item!r}")
            picked.append((name, int(lim) if lim else limit))
        for name, _ in picked:
            check_not_reserved(name, parse_rows(rows), purpose="threshold tuning")
        verifier = create_verifier(settings)
        verifier.load()
        runs = []
        with RichProgress() as progress:
            for name, cap in picked:
                _, examples = _load(name, data, rows, cap)
                runs.append(run_halueval(name, examples, settings=settings, verifier=verifier,
                                         progress=progress))
        result = tune_thresholds(runs, max_hallucinated_verified=bounds[0])
        if len(bounds) > 1:
            result["choices"] = {str(b): tune_thresholds(runs, max_hallucinated_verified=b)
                                 for b in bounds}
    for chosen in (result.get("choices") or {"": result}).values():
        c = chosen["choice"]
        chosen["per_dataset"] = {
            run.dataset: {k: v for k, v in metrics_of(run, c["tau_entail"], c["tau_contradict"],
                                                      resamples=200).items()
                          if k in ("balanced_accuracy", "balanced_accuracy_ci95", "catch_rate",
                                   "false_withhold_rate", "hallucinated_fully_verified",
                                   "answer_auroc")}
            for run in runs}
    result["datasets"] = {run.dataset: len(run.lines) for run in runs}
    result["rows"] = rows
    result["model"] = runs[0].model if runs else {}
    if as_json:
        print_json(result)
    else:
        for bound, chosen in (result.get("choices") or {str(bounds[0]): result}).items():
            typer.echo(f"max leak {bound}: {json.dumps(chosen['choice'])}")
            for name, m in chosen["per_dataset"].items():
                typer.echo(f"  {name}: balanced accuracy {m['balanced_accuracy']:.3f}, leak "
                           f"{m['hallucinated_fully_verified']:.3f}, false-withhold "
                           f"{m['false_withhold_rate']:.3f}, answer AUROC "
                           f"{m['answer_auroc']:.3f}")
        if not result["constraint_met"]:
            err("no threshold pair meets the constraint; the least leaky one is shown")

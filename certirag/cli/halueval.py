"""``certirag eval halueval-qa | halueval-summarization | halueval-dialogue`` and
``certirag eval tune-thresholds``: the full pipeline on HaluEval."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from certirag.cli.common import (
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
    from certirag.eval.suite import find_data, get_spec

    return find_data(get_spec(name), data)


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
              config: Path | None, preset: str | None, as_json: bool, out: Path | None,
              *, ablate: bool = False, run_out: Path | None = None, jobs: int = 1,
              resamples: int = 1000) -> None:
    from certirag.cli.common import command_line, prepare_verifier, write_outputs
    from certirag.eval.halueval import metrics_of, run_halueval
    from certirag.eval.report import run_markdown
    from certirag.eval.suite import evaluate, get_spec

    command = command_line(name, [("--data", data), ("--rows", rows), ("--limit", limit),
                                  ("--config", config), ("--preset", preset),
                                  ("--ablate", ablate), ("--jobs", jobs if jobs > 1 else None)])
    with errors_to_exit_codes():
        settings = settings_from(config, preset)
        r, examples = _load(name, data, rows, limit)
        verifier, probed = prepare_verifier(settings)
        with RichProgress() as progress:
            run = run_halueval(name, examples, settings=settings,
                               verifier=None if jobs > 1 else verifier, progress=progress,
                               jobs=jobs, temperature=probed.temperature)
            metrics = metrics_of(run, settings.tau_entail, settings.tau_contradict,
                                 resamples=resamples)
            doc = evaluate(get_spec(name), run.items, settings=settings, verifier=verifier,
                           probe=probed, ablate=ablate, jobs=jobs, progress=progress,
                           resamples=resamples, outcomes=run.outcomes, seconds=run.seconds,
                           model=run.model,
                           provenance={"source": str(_file(data, name)), "rows": str(r),
                                       "limit": limit, "command": command,
                                       "preset": preset or "default",
                                       "config": str(config) if config else None,
                                       "jobs": jobs})
    report = {"dataset": name, "n": len(run.lines), "rows": str(r), "limit": limit,
              "metrics": metrics, "model": doc["model"], "settings_hash": settings.settings_hash(),
              "seconds": run.seconds, "command": command}
    doc.update(report)
    markdown = _markdown(report) + "\n## Systems\n\n" + run_markdown(doc, heading=False)
    write_outputs(doc, markdown, as_json=as_json, out=out, run=run_out)


def _make(name: str) -> Any:
    def command(data: DataOpt = Path("../shared/data"), rows: RowsOpt = None,
                limit: LimitOpt = None, config: ConfigOpt = None, preset: PresetOpt = None,
                as_json: Annotated[bool, typer.Option("--json")] = False,
                out: Annotated[Path | None, typer.Option("--out", help="Markdown report.")
                               ] = None,
                run: Annotated[Path | None, typer.Option(
                    "--run", help="Write the run document (RUN.json) here.",
                    dir_okay=False)] = None,
                ablate: Annotated[bool, typer.Option(
                    "--ablate", help="Also run checks only, NLI only and (with llm_url) "
                                     "the LLM judge.")] = False,
                jobs: Annotated[int, typer.Option("--jobs", min=1,
                                                  help="Worker processes.")] = 1,
                resamples: Annotated[int, typer.Option(
                    "--resamples", min=10, help="Bootstrap resamples.")] = 1000) -> None:
        _halueval(name, data, rows, limit, config, preset, as_json, out, ablate=ablate,
                  run_out=run, jobs=jobs, resamples=resamples)

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


HALUEVAL_DEV_ROWS = "7000:8000"


def parse_datasets(text: str, limit: int | None) -> list[tuple[str, int | None, Path | None]]:
    """``NAME[:LIMIT][=PATH]`` items, comma-separated (LIMIT overrides --limit; PATH
    overrides --data for that data set)."""
    out: list[tuple[str, int | None, Path | None]] = []
    for item in (d.strip() for d in text.split(",") if d.strip()):
        head, eq, path = item.partition("=")
        name, _, lim = head.partition(":")
        if lim and not lim.isdigit():
            raise InputError(f"--datasets: bad limit in {item!r}")
        if eq and not path.strip():
            raise InputError(f"--datasets: no path after '=' in {item!r}")
        out.append((name.strip(), int(lim) if lim else limit,
                    Path(path.strip()) if eq else None))
    if not out:
        raise InputError("--datasets: name at least one data set")
    return out


def tune_command(
    data: DataOpt = Path("../shared/data"),
    rows: Annotated[str | None, typer.Option(
        "--rows", help="Dev rows (HaluEval: below 8,000; default 7000:8000 for HaluEval, "
                       "every row otherwise).")] = None,
    limit: LimitOpt = None,
    datasets: Annotated[str, typer.Option(
        "--datasets", help="Comma-separated NAME, NAME:LIMIT or NAME[:LIMIT]=PATH (LIMIT "
                           "overrides --limit, PATH --data); any data set of certirag eval "
                           "with a dev split.")
    ] = "halueval-qa,halueval-summarization",
    max_leak: Annotated[str, typer.Option(
        "--max-hallucinated-verified",
        help="Leak bound(s), comma-separated (e.g. 0.05,0.02 for the default and strict "
             "presets); one choice per bound from the same runs.")] = "0.05",
    split: Annotated[str | None, typer.Option(
        "--split", help="The split of the rows when they and the file name do not say "
                        "(only dev/train rows may tune; test is reserved).")] = None,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Worker processes.")] = 1,
    guard_cases: Annotated[Path | None, typer.Option(
        "--guard", dir_okay=False,
        help="Hand-written cases (the format of tests/data/verifier_cases.jsonl): a "
             "choice must still catch --guard-min-caught of their planted errors.")] = None,
    guard_min_caught: Annotated[int | None, typer.Option(
        "--guard-min-caught", min=0,
        help="Planted errors of --guard a choice must catch (default: as many as the "
             "settings' own thresholds catch).")] = None,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Choose τe/τc on dev rows (never reserved rows): the best mean primary figure
    (HaluEval: balanced accuracy) with at most 5% of unsupported answers fully verified
    in every data set; with --guard, among the pairs that catch no fewer of the guard's
    planted errors than --guard-min-caught."""
    from certirag.cli.common import prepare_verifier
    from certirag.eval.datasets import parse_rows
    from certirag.eval.guard import Guard, load_cases
    from certirag.eval.halueval import metrics_of, run_halueval
    from certirag.eval.runner import run_items
    from certirag.eval.scoring import auroc_of, bootstrap_table, frame_of
    from certirag.eval.suite import TuneRun, check_tunable, find_data, get_spec, load_items
    from certirag.eval.suite import tune as tune_runs

    with errors_to_exit_codes():
        settings = settings_from(config, preset)
        bounds = _bounds(max_leak)
        if guard_min_caught is not None and guard_cases is None:
            raise InputError("--guard-min-caught needs --guard CASES")
        cases = load_cases(guard_cases) if guard_cases is not None else None
        picked = parse_datasets(datasets, limit)
        plans = []
        checked = []
        for name, cap, path in picked:  # every refusal before any file is read
            if name == "snli":
                raise InputError("snli: test.jsonl is reserved for reporting, and SNLI "
                                 "scores the model alone (no thresholds to tune)")
            spec = get_spec(name)
            r = parse_rows(rows if rows is not None else
                           HALUEVAL_DEV_ROWS if spec.kind == "halueval" else None)
            check_tunable(spec, r, purpose="threshold tuning")  # HaluEval: by rows
            checked.append((name, cap, path, spec, r))
        for name, cap, path, spec, r in checked:
            if spec.kind == "halueval":
                _, examples = _load(name, path or data, str(r), cap)
                plans.append((spec, r, examples))
            else:
                items = load_items(spec, find_data(spec, path or data), r, cap, split=split)
                check_tunable(spec, r, items, purpose="threshold tuning")
                plans.append((spec, r, items))
        verifier, probed = prepare_verifier(settings)
        runs: list[TuneRun] = []
        halu: dict[str, Any] = {}
        guard: Guard | None = None
        with RichProgress() as progress:
            if cases is not None:
                res = run_items(cases, mode="checks+nli", settings=settings,
                                verifier=None if jobs > 1 else verifier,
                                temperature=probed.temperature, jobs=jobs,
                                progress=progress, label="guard")
                at_settings = Guard(cases, res.outcomes, 0).counts(settings.tau_entail,
                                                                     settings.tau_contradict)
                floor = at_settings[0] if guard_min_caught is None else guard_min_caught
                guard = Guard(cases, res.outcomes, floor)
            for spec, _, got in plans:
                if spec.kind == "halueval":
                    hr = run_halueval(spec.name, got, settings=settings,
                                      verifier=None if jobs > 1 else verifier,
                                      progress=progress, jobs=jobs,
                                      temperature=probed.temperature)
                    halu[spec.name] = hr
                    runs.append(TuneRun(spec, hr.items, hr.outcomes))
                else:
                    res = run_items(got, mode="checks+nli", settings=settings,
                                    verifier=None if jobs > 1 else verifier,
                                    temperature=probed.temperature, jobs=jobs,
                                    progress=progress, label=spec.name)
                    runs.append(TuneRun(spec, got, res.outcomes))
        result = tune_runs(runs, max_hallucinated_verified=bounds[0], guard=guard)
        if len(bounds) > 1:
            result["choices"] = {str(b): tune_runs(runs, max_hallucinated_verified=b,
                                                   guard=guard)
                                 for b in bounds}
        if guard is not None:
            result["guard"] = {
                "cases": str(guard_cases), "planted": guard.planted,
                "faithful": guard.faithful, "min_caught": guard.min_caught,
                "at_settings": {"tau_entail": settings.tau_entail,
                                "tau_contradict": settings.tau_contradict,
                                "caught": at_settings[0], "passed": at_settings[1]}}
    keep = ("balanced_accuracy", "balanced_accuracy_ci95", "catch_rate",
            "false_withhold_rate", "hallucinated_fully_verified", "answer_auroc")
    for chosen in (result.get("choices") or {"": result}).values():
        c = chosen["choice"]
        te, tc = c["tau_entail"], c["tau_contradict"]
        chosen["per_dataset"] = {}
        for run in runs:
            if run.spec.name in halu:
                m = metrics_of(halu[run.spec.name], te, tc, resamples=200)
                chosen["per_dataset"][run.spec.name] = {k: v for k, v in m.items()
                                                        if k in keep}
                continue
            frame = frame_of(run.spec.kind, run.items, run.outcomes, te, tc)
            row = bootstrap_table({"x": frame}, baselines=(), resamples=200)["x"]
            st = row["stats"]
            chosen["per_dataset"][run.spec.name] = {
                "primary": row["metric"], row["metric"]: row["value"],
                f"{row['metric']}_ci95": row["ci95"],
                **{k: st[k] for k in keep if k in st},
                "answer_auroc": auroc_of(run.items, run.outcomes)}
    result["datasets"] = {run.spec.name: sum(not it.aux for it in run.items) for run in runs}
    result["rows"] = rows if rows is not None else {
        spec.name: str(r) for spec, r, _ in plans}
    result["model"] = {"id": probed.model_id, "sha256": probed.model_sha256,
                       **(next(iter(halu.values())).model if halu else {})}
    if as_json:
        print_json(result)
    else:
        for bound, chosen in (result.get("choices") or {str(bounds[0]): result}).items():
            typer.echo(f"max leak {bound}: {json.dumps(chosen['choice'])}")
            if "guard_caught" in chosen["choice"] and "guard" in result:
                g = result["guard"]
                typer.echo(f"  guard: {chosen['choice']['guard_caught']}/{g['planted']} "
                           f"planted errors caught (at least {g['min_caught']}), "
                           f"{chosen['choice']['guard_passed']}/{g['faithful']} faithful "
                           "answers verified")
            for name, m in chosen["per_dataset"].items():
                key = m.get("primary", "balanced_accuracy")
                typer.echo(f"  {name}: {key.replace('_', ' ')} {m[key]:.3f}, leak "
                           f"{m['hallucinated_fully_verified']:.3f}, false-withhold "
                           f"{m['false_withhold_rate']:.3f}, answer AUROC "
                           f"{m['answer_auroc']:.3f}")
        if not result["constraint_met"]:
            err("no threshold pair meets the constraint; the least leaky one is shown")

"""The evaluation suite: which data sets, how each is found and split, how a run goes
(the pipeline, the ablation rows, the baselines) and what it writes (``RUN.json``).

A run verifies every item with the configured pipeline (and, with ``ablate``, the
other systems of :mod:`certirag.eval.runner`), runs the three baselines of
:mod:`certirag.eval.items` on the same items, scores every system with the data set's
own figures (:mod:`certirag.eval.scoring`) at the settings' thresholds, and returns one
JSON document: provenance (command, data, rows, model and sha256, calibration,
thresholds, settings hash), the figures with bootstrap 95% intervals and the margin over
the best baseline, and every item's outcome per system (claims with spans, decisions,
reasons and scores), from which ``certirag eval report`` draws its plots.

Reserved data: HaluEval rows 8,000 and up (QA, summarization) and all of dialogue, SNLI
test, and every data set's ``test`` split are for reporting only;
:func:`check_tunable` refuses them for threshold tuning, as it refuses rows whose split
it cannot tell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from certirag.config import Settings
from certirag.errors import InputError
from certirag.eval.datasets import Rows
from certirag.eval.guard import Guard
from certirag.eval.halueval import LOADERS, RESERVED_FROM, check_not_reserved, halueval_items
from certirag.eval.items import BASELINES, Item, Outcome, baseline_outcomes, gates_of
from certirag.eval.runner import SYSTEM_TITLES, Probe, run_items
from certirag.eval.scoring import (
    PRIMARY_TITLES,
    auroc_of,
    bootstrap_table,
    frame_of,
    stats_of,
)
from certirag.progress import NullProgress, Progress

__all__ = ["RUN_SCHEMA", "SPECS", "DatasetSpec", "check_tunable", "evaluate", "find_data",
           "load_items", "outcome_from_doc", "tune"]

RUN_SCHEMA = "certirag.eval.run.v1"
JUDGE_SKIPPED = ("no LLM judge configured: set llm_url (CERTIRAG_LLM_URL) to an "
                 "OpenAI-compatible server to add this row")


@dataclass(frozen=True, slots=True)
class DatasetSpec:
    """A data set of the suite. ``reserved_splits`` are for reporting only; only
    ``tunable_splits`` may choose thresholds. ``reserved_from`` (HaluEval): rows from
    this line on are reserved whatever their split."""

    name: str
    kind: str
    title: str
    reserved_splits: frozenset[str] = frozenset({"test"})
    tunable_splits: frozenset[str] = frozenset({"dev"})
    reserved_from: int | None = None
    file: str | None = None


def _spec(name: str, kind: str, title: str, **kw: Any) -> DatasetSpec:
    return DatasetSpec(name, kind, title, **kw)


SPECS: dict[str, DatasetSpec] = {s.name: s for s in (
    *(_spec(name, "halueval", title, reserved_from=RESERVED_FROM[name],
            reserved_splits=frozenset(), tunable_splits=frozenset(), file=LOADERS[name][0])
      for name, title in (("halueval-qa", "HaluEval QA"),
                          ("halueval-summarization", "HaluEval summarization"),
                          ("halueval-dialogue", "HaluEval dialogue"))),
    _spec("llm-aggrefact", "aggrefact", "LLM-AggreFact"),
    _spec("ragtruth", "ragtruth", "RAGTruth", tunable_splits=frozenset({"train", "dev"})),
    _spec("fever", "nli3", "FEVER-NLI", tunable_splits=frozenset({"train", "dev"})),
    _spec("vitaminc", "nli3", "VitaminC", tunable_splits=frozenset({"train", "dev"})),
    _spec("anli", "nli3", "ANLI", tunable_splits=frozenset({"train", "dev"})),
    _spec("alce", "alce", "ALCE cited answers"),
)}


def get_spec(name: str) -> DatasetSpec:
    try:
        return SPECS[name]
    except KeyError:
        raise InputError(f"unknown dataset {name!r}; choose from {', '.join(SPECS)}") from None


def find_data(spec: DatasetSpec, data: Path) -> Path:
    """The file (RAGTruth: the file or folder) ``--data`` names for ``spec``."""
    data = Path(data)
    if spec.kind == "halueval":
        assert spec.file is not None
        for cand in (data, data / spec.file, data / "halueval" / spec.file):
            if cand.is_file() and cand.name == spec.file:
                return cand
        raise InputError(f"cannot find {spec.file} under {data} (pass --data DIR)")
    if spec.kind == "ragtruth":
        if data.is_dir() or data.is_file():
            return data
    elif data.is_file():
        return data
    raise InputError(f"{spec.title}: --data {data} is not a file"
                     + (" or folder" if spec.kind == "ragtruth" else ""))


def load_items(spec: DatasetSpec, path: Path, rows: Rows, limit: int | None, *,
               split: str | None = None) -> list[Item]:
    """The items of ``spec`` from ``path`` (rows, then at most ``limit`` examples)."""
    from certirag.eval.aggrefact import load_aggrefact
    from certirag.eval.alce import load_alce
    from certirag.eval.nli_sets import load_anli, load_fever, load_vitaminc
    from certirag.eval.ragtruth import load_ragtruth

    if limit is not None and limit < 1:
        raise InputError(f"--limit must be at least 1, got {limit}")
    if spec.kind == "halueval":
        if split is not None:
            raise InputError(f"{spec.name} has no splits; its rows decide (see the data "
                             "README)")
        items = halueval_items(LOADERS[spec.name][1](path, rows, limit),
                               reserved_from=spec.reserved_from)
    else:
        loaders: dict[str, Callable[..., list[Item]]] = {
            "llm-aggrefact": load_aggrefact, "ragtruth": load_ragtruth, "fever": load_fever,
            "vitaminc": load_vitaminc, "anli": load_anli, "alce": load_alce}
        items = loaders[spec.name](path, rows, limit, split=split)
    if not any(not it.aux for it in items):
        raise InputError(f"no examples selected from {spec.name} (--rows {rows})")
    return items


def check_tunable(spec: DatasetSpec, rows: Rows, items: Sequence[Item] | None = None, *,
                  purpose: str = "threshold tuning") -> None:
    """Refuse reserved rows for ``purpose``: HaluEval rows past ``reserved_from``, and
    any item whose split is reserved or unknown."""
    if spec.reserved_from is not None:
        check_not_reserved(spec.name, rows, purpose=purpose)
        return
    for it in items or ():
        if it.split in spec.reserved_splits:
            raise InputError(f"{purpose} may not use {spec.name} split {it.split!r} (row "
                             f"{it.line}): it is reserved for reporting; use the "
                             f"{' or '.join(sorted(spec.tunable_splits))} split")
        if it.split not in spec.tunable_splits:
            what = "cannot tell" if it.split is None else f"does not accept split {it.split!r} of"
            raise InputError(
                f"{purpose} {what} {spec.name} row {it.line}: only "
                f"{' or '.join(sorted(spec.tunable_splits))} rows may tune (give the rows a "
                "'split' field, name the file after its split, or pass --split)")


# ------------------------------------------------------------------------------ runs

def main_system(settings: Settings) -> str:
    return "judge" if settings.judge_enabled else "checks+nli"


def evaluate(spec: DatasetSpec, items: Sequence[Item], *, settings: Settings,
             verifier: Any, probe: Probe, ablate: bool = False, jobs: int = 1,
             progress: Progress | None = None, resamples: int = 1000,
             provenance: dict[str, Any] | None = None,
             outcomes: Sequence[Outcome] | None = None, seconds: float = 0.0,
             model: dict[str, str] | None = None) -> dict[str, Any]:
    """Run (or take, via ``outcomes``) the main system, the ablation rows with
    ``ablate`` and the baselines on ``items``; returns the run document."""
    progress = progress or NullProgress()
    te, tc = settings.tau_entail, settings.tau_contradict
    main = main_system(settings)
    systems: dict[str, list[Outcome]] = {}
    info: dict[str, dict[str, Any]] = {}
    skipped: list[dict[str, str]] = []
    order = ["checks", "nli", "checks+nli", "judge"] if ablate else [main]
    run_model = dict(model or {})
    for name in order:
        if name == main and outcomes is not None:
            systems[name] = list(outcomes)
            info[name] = {"seconds": round(seconds, 3)}
            continue
        if name == "judge" and not settings.llm_url:
            skipped.append({"system": name, "title": SYSTEM_TITLES[name],
                            "reason": JUDGE_SKIPPED})
            continue
        res = run_items(items, mode=name, settings=settings,
                        verifier=None if jobs > 1 else verifier,
                        temperature=probe.temperature, jobs=jobs, progress=progress,
                        label=f"{spec.name}: {SYSTEM_TITLES[name]}")
        systems[name] = res.outcomes
        info[name] = {"seconds": round(res.seconds, 3)}
        if name == main:
            run_model.update(res.model)
    progress.start(f"{spec.name}: baselines", len(items))
    base: dict[str, list[Outcome]] = {b: [] for b in BASELINES}
    for it in items:
        for b, o in baseline_outcomes(it).items():
            base[b].append(o)
        progress.advance()
    progress.finish()
    systems.update(base)
    frames = {s: frame_of(spec.kind, items, outs, te, tc) for s, outs in systems.items()}
    table = bootstrap_table(frames, baselines=BASELINES, resamples=resamples)
    for s, row in table.items():
        row["title"] = SYSTEM_TITLES[s]
        row["auroc"] = auroc_of(items, systems[s])
        row.update(info.get(s, {}))
        row["backend_failures"] = sum(o.backend_failed for o in systems[s])
        row["input_errors"] = sum(o.error is not None for o in systems[s])
    primary = table[main]
    run_model.setdefault("id", probe.model_id)
    run_model.setdefault("sha256", probe.model_sha256)
    from certirag import __version__

    doc: dict[str, Any] = {
        "schema": RUN_SCHEMA,
        "certirag_version": __version__,
        "dataset": spec.name,
        "kind": spec.kind,
        "title": spec.title,
        **(provenance or {}),
        "n": frames[main].n,
        "n_items": sum(not it.aux for it in items),
        "splits": _splits(items),
        "model": run_model,
        "calibration": {"method": probe.calibration, "temperature": probe.temperature},
        "thresholds": {"tau_entail": te, "tau_contradict": tc},
        "policy": settings.policy,
        "settings_hash": settings.settings_hash(),
        "main_system": main,
        "primary": {"system": main, "metric": primary["metric"],
                    "title": PRIMARY_TITLES.get(primary["metric"], primary["metric"]),
                    "value": primary["value"], "ci95": primary["ci95"],
                    "best_baseline": primary.get("best_baseline"),
                    "margin": primary.get("margin"),
                    "margin_ci95": primary.get("margin_ci95")},
        "systems": table,
        "ablation": ablate,
        "skipped": skipped,
        "seconds": round(sum(i.get("seconds", 0.0) for i in info.values()), 3),
        "items": [_item_doc(it, {s: systems[s][k] for s in systems}, te, tc, main)
                  for k, it in enumerate(items)],
    }
    cleaned: dict[str, Any] = _clean(doc)
    return cleaned


def _splits(items: Sequence[Item]) -> dict[str, int]:
    out: dict[str, int] = {}
    for it in items:
        if not it.aux:
            key = it.split or "unknown"
            out[key] = out.get(key, 0) + 1
    return out


def _item_doc(it: Item, outs: dict[str, Outcome], te: float, tc: float, main: str
              ) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": it.id, "line": it.line}
    for key, value in (("unit", it.unit if it.unit >= 0 else None), ("group", it.group),
                       ("split", it.split), ("label", it.label)):
        if value not in (None, ""):
            entry[key] = value
    if it.aux:
        entry["aux"] = True
    if it.spans:
        entry["spans"] = [list(s) for s in it.spans]
    if it.meta:
        entry["meta"] = dict(it.meta)
    systems = {}
    for s, o in outs.items():
        d = o.to_json(claims=s not in BASELINES)
        d["decision"] = o.decision(te, tc)
        d["score"] = round(o.score(), 6)
        if s == main:
            p, r = o.model_probability(), o.model_probability(raw=True)
            if p is not None:
                d["p_entail"] = round(p, 6)
            if r is not None:
                d["p_entail_raw"] = round(r, 6)
        systems[s] = d
    entry["systems"] = systems
    return entry


def _clean(value: Any) -> Any:
    """NaN and infinities as null, so that the document is strict JSON."""
    import math

    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def outcome_from_doc(entry: dict[str, Any]) -> Outcome:
    """An item's outcome for one system, back from a run document."""
    from certirag.eval.items import ClaimOutcome

    if "claims" in entry:
        return Outcome.from_json(entry)
    decision = str(entry.get("decision", "unverified"))
    return Outcome((ClaimOutcome(0, 0, decision, (), "fixed"),),
                   score_override=entry.get("score"))


def item_from_doc(entry: dict[str, Any]) -> Item:
    return Item(id=str(entry["id"]), line=int(entry["line"]), answer="", evidence=(),
                label=entry.get("label"), group=str(entry.get("group", "")),
                split=entry.get("split"),
                spans=tuple((int(a), int(b)) for a, b in entry.get("spans", ())),
                unit=int(entry.get("unit", -1)), aux=bool(entry.get("aux", False)),
                meta=dict(entry.get("meta", {})))


# ----------------------------------------------------------------------------- tuning

GRID_E = tuple(round(0.05 + 0.01 * k, 3) for k in range(95))
GRID_C = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0)


@dataclass
class TuneRun:
    spec: DatasetSpec
    items: list[Item]
    outcomes: list[Outcome]


_LEAK_EPS = 1e-9  # the leak is a share of whole answers: a bound met exactly is met


def tune(runs: Sequence[TuneRun], *, max_hallucinated_verified: float = 0.05,
         guard: Guard | None = None) -> dict[str, Any]:
    """Grid-search (τe, τc) for the best mean primary figure over ``runs`` (each data
    set's own: balanced accuracy, mean balanced accuracy, response F1, macro-F1) such
    that at most ``max_hallucinated_verified`` of unsupported items come out fully
    verified in every run: the rule (and the grid) the presets were chosen by. With a
    ``guard`` (:class:`certirag.eval.guard.Guard`) a pair is eligible only if it also
    catches ``guard.min_caught`` of the guard's planted errors; the choice then records
    how many it catches and how many faithful guard answers it passes."""
    import numpy as np

    gates = [gates_of(r.outcomes) for r in runs]
    primaries: set[str] = set()
    best: dict[str, Any] | None = None
    fallback: dict[str, Any] | None = None
    for te in GRID_E:
        for tc in GRID_C:
            values, leaks = [], []
            for run, g in zip(runs, gates, strict=True):
                frame = frame_of(run.spec.kind, run.items, run.outcomes, te, tc, spans=False,
                                 withheld=g.withheld(te, tc), blocked=g.blocked(tc))
                st = stats_of(frame, groups=False)
                values.append(st[frame.primary])
                primaries.add(frame.primary)
                leaks.append(st["hallucinated_fully_verified"])
            cand = {"tau_entail": te, "tau_contradict": tc,
                    "objective": float(np.nanmean(values)),
                    "hallucinated_fully_verified": float(np.nanmax(leaks))}
            if len(primaries) == 1:  # one figure for all: name it (balanced_accuracy …)
                cand[next(iter(primaries))] = cand["objective"]
            if fallback is None or cand["hallucinated_fully_verified"] < \
                    fallback["hallucinated_fully_verified"]:
                fallback = cand
            # "at most 5%" holds for 30 of 600 exactly: 1 - 0.95 is 0.05000000000000004
            if cand["hallucinated_fully_verified"] <= max_hallucinated_verified + _LEAK_EPS \
                    and (best is None or cand["objective"] > best["objective"]) \
                    and (guard is None or guard.allows(te, tc)):
                best = cand
    assert fallback is not None
    choice = best or fallback
    if guard is not None:
        choice["guard_caught"], choice["guard_passed"] = guard.counts(
            choice["tau_entail"], choice["tau_contradict"])
    return {"choice": choice, "constraint_met": best is not None,
            "max_hallucinated_verified": max_hallucinated_verified}

"""Each data set's own figures, from a system's decisions, with bootstrap intervals.

A *kind* of data set turns items and one system's outcomes into a :class:`Frame` of
per-unit arrays (a unit is what the bootstrap resamples: a HaluEval row, an ALCE item,
otherwise an item), and computes its statistics on any resample of units:

* ``halueval``: balanced accuracy = (pass rate of right answers + catch rate of
  hallucinated ones) / 2;
* ``aggrefact``: balanced accuracy per sub-dataset, and their mean (the leaderboard's);
* ``ragtruth``: response-level precision / recall / F1 of hallucination detection and
  span-level (character) precision / recall / F1;
* ``nli3``: 3-way accuracy and macro-F1 (verified → entailment, blocked → contradiction,
  unverified → neutral);
* ``alce``: citation recall and precision, and — with human labels — sentence-support
  balanced accuracy.

Every kind also gives the binary view (catch rate: unsupported items withheld; false-
withhold rate: supported items withheld; leak: unsupported items fully verified). Every
primary figure is higher-is-better.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from certirag.errors import InputError
from certirag.eval.items import NLI_LABELS, Item, Outcome, gates_of

if TYPE_CHECKING:
    import numpy as np

__all__ = ["KINDS", "PRIMARY_TITLES", "Frame", "bootstrap_table", "frame_of", "stats_of"]

KINDS = ("halueval", "aggrefact", "ragtruth", "nli3", "alce")
PRIMARY_TITLES = {
    "balanced_accuracy": "balanced accuracy",
    "mean_balanced_accuracy": "mean balanced accuracy over sub-datasets",
    "response_f1": "response-level F1 (hallucination detection)",
    "macro_f1": "3-way macro-F1",
    "sentence_balanced_accuracy": "sentence-support balanced accuracy (vs human labels)",
    "citation_recall": "citation recall (as certirag judges it; no human labels)",
}


@dataclass
class Frame:
    """Per-unit arrays of one system's decisions on one data set."""

    kind: str
    n: int
    arrays: dict[str, Any]
    groups: list[str] = field(default_factory=list)
    primary: str = "balanced_accuracy"


def _nan() -> float:
    return float("nan")


def _ratio(a: float, b: float) -> float:
    return float(a / b) if b else _nan()


def _binary(pos_pass: float, pos_n: float, neg_caught: float, neg_n: float
            ) -> dict[str, float]:
    import numpy as np

    pass_rate = _ratio(pos_pass, pos_n)
    catch = _ratio(neg_caught, neg_n)
    parts = [x for x in (pass_rate, catch) if not np.isnan(x)]
    return {"balanced_accuracy": float(np.mean(parts)) if parts else _nan(),
            "catch_rate": catch, "false_withhold_rate": 1 - pass_rate,
            "hallucinated_fully_verified": 1 - catch}


def _f1(p: float, r: float) -> float:
    return float(2 * p * r / (p + r)) if p + r > 0 else 0.0


def _main(items: Sequence[Item]) -> list[int]:
    return [i for i, it in enumerate(items) if not it.aux]


def _chars(spans: Sequence[tuple[int, int]]) -> set[int]:
    out: set[int] = set()
    for s, e in spans:
        out.update(range(s, e))
    return out


def frame_of(kind: str, items: Sequence[Item], outcomes: Sequence[Outcome],
             tau_entail: float, tau_contradict: float, *, spans: bool = True,
             withheld: np.ndarray | None = None, blocked: np.ndarray | None = None
             ) -> Frame:
    """The frame of ``outcomes`` (aligned with ``items``) at the given thresholds.
    ``withheld`` / ``blocked`` may be passed precomputed (threshold search)."""
    import numpy as np

    if len(items) != len(outcomes):
        raise InputError(f"{len(items)} items but {len(outcomes)} outcomes")
    if withheld is None or blocked is None:
        gates = gates_of(outcomes)
        withheld = gates.withheld(tau_entail, tau_contradict)
        blocked = gates.blocked(tau_contradict)
    if kind == "halueval":
        right: dict[int, bool] = {}
        hallu: dict[int, bool] = {}
        for i, it in enumerate(items):
            (right if it.supported else hallu)[it.bootstrap_unit] = bool(withheld[i])
        units = sorted(right)
        if set(units) != set(hallu):
            raise InputError("HaluEval items must come in (right, hallucinated) pairs")
        return Frame(kind, len(units), {"rw": np.array([right[u] for u in units]),
                                        "hw": np.array([hallu[u] for u in units])})
    if kind == "alce":
        return _alce_frame(items, withheld)
    main = [i for i in _main(items) if items[i].label is not None]
    if not main:
        raise InputError("no labelled items to score")
    gold = np.array([bool(items[i].supported) for i in main])
    w = withheld[main]
    groups = sorted({items[i].group for i in main})
    codes = np.array([groups.index(items[i].group) for i in main])
    arrays: dict[str, Any] = {"gold": gold, "w": w, "g": codes}
    if kind == "aggrefact":
        return Frame(kind, len(main), arrays, groups, "mean_balanced_accuracy")
    if kind == "ragtruth":
        if spans:
            pred_n, gold_n, over_n = [], [], []
            for i in main:
                pred = _chars([(c.start, c.end) for c in outcomes[i].checked
                               if c.decide(tau_entail, tau_contradict) != "verified"])
                g = _chars(items[i].spans)
                pred_n.append(len(pred))
                gold_n.append(len(g))
                over_n.append(len(pred & g))
            arrays.update(pc=np.array(pred_n), gc=np.array(gold_n), oc=np.array(over_n))
        return Frame(kind, len(main), arrays, groups, "response_f1")
    if kind == "nli3":
        arrays["gold3"] = np.array([NLI_LABELS.index(str(items[i].label)) for i in main])
        arrays["pred3"] = np.where(~w, 0, np.where(blocked[main], 2, 1))
        return Frame(kind, len(main), arrays, groups, "macro_f1")
    raise InputError(f"unknown kind {kind!r}; choose from {', '.join(KINDS)}")


def _alce_frame(items: Sequence[Item], withheld: np.ndarray) -> Frame:
    import numpy as np

    by_unit: dict[int, list[int]] = {}
    for i, it in enumerate(items):
        by_unit.setdefault(it.bootstrap_unit, []).append(i)
    units = sorted(by_unit)
    rec, prec, pp, pn, nc, nn = [], [], [], [], [], []
    for u in units:
        idx = by_unit[u]
        support = {items[i].meta["sentence"]: i for i in idx
                   if items[i].meta.get("role") == "support"}
        checks: dict[tuple[int, int, str], int] = {
            (items[i].meta["sentence"], items[i].meta["cite"], items[i].meta["role"]): i
            for i in idx if items[i].aux}
        flags, entail_prec, total = [], 0, 0
        counts = [0, 0, 0, 0]
        for k in sorted(support):
            i = support[k]
            meta = items[i].meta
            refs = list(meta["refs"])
            flag = bool(meta["valid"]) and not bool(withheld[i])
            flags.append(flag)
            if meta["valid"]:
                total += len(refs)
            if flag and len(refs) > 1:
                for j in range(len(refs)):
                    alone = not withheld[checks[(k, j, "alone")]]
                    rest = not withheld[checks[(k, j, "rest")]]
                    entail_prec += 1 if alone or not rest else 0
            elif flag:
                entail_prec += 1
            sup = items[i].supported
            if sup is True:
                counts[0] += flag
                counts[1] += 1
            elif sup is False:
                counts[2] += not flag
                counts[3] += 1
        rec.append(float(np.mean(flags)) if flags else 0.0)
        prec.append(entail_prec / total if total else 0.0)
        pp.append(counts[0])
        pn.append(counts[1])
        nc.append(counts[2])
        nn.append(counts[3])
    arrays = {"rec": np.array(rec), "prec": np.array(prec), "pp": np.array(pp),
              "pn": np.array(pn), "nc": np.array(nc), "nn": np.array(nn)}
    labelled = bool(arrays["pn"].sum() + arrays["nn"].sum())
    return Frame("alce", len(units), arrays, [],
                 "sentence_balanced_accuracy" if labelled else "citation_recall")


def stats_of(frame: Frame, idx: np.ndarray | None = None, *, groups: bool = True
             ) -> dict[str, float]:
    """The frame's statistics on the units ``idx`` (all when None)."""
    import numpy as np

    a = frame.arrays
    def sel(x: Any) -> Any:
        return x if idx is None else x[idx]

    if frame.kind == "halueval":
        rw, hw = sel(a["rw"]), sel(a["hw"])
        return _binary(float((~rw).sum()), len(rw), float(hw.sum()), len(hw))
    if frame.kind == "alce":
        out = {"citation_recall": float(np.mean(sel(a["rec"]))),
               "citation_precision": float(np.mean(sel(a["prec"])))}
        b = _binary(float(sel(a["pp"]).sum()), float(sel(a["pn"]).sum()),
                    float(sel(a["nc"]).sum()), float(sel(a["nn"]).sum()))
        out.update(b)
        out["sentence_balanced_accuracy"] = b["balanced_accuracy"]
        return out
    gold, w, g = sel(a["gold"]), sel(a["w"]), sel(a["g"])
    out = _binary(float((gold & ~w).sum()), float(gold.sum()), float((~gold & w).sum()),
                  float((~gold).sum()))
    if frame.kind == "aggrefact":
        per = []
        for k, name in enumerate(frame.groups):
            m = g == k
            ba = _binary(float((gold & ~w & m).sum()), float((gold & m).sum()),
                         float((~gold & w & m).sum()), float((~gold & m).sum())
                         )["balanced_accuracy"]
            per.append(ba)
            if groups:
                out[f"balanced_accuracy[{name}]"] = ba
        vals = [x for x in per if not np.isnan(x)]
        out["mean_balanced_accuracy"] = float(np.mean(vals)) if vals else _nan()
    elif frame.kind == "ragtruth":
        h = ~gold
        tp, fp, fn = float((w & h).sum()), float((w & ~h).sum()), float((~w & h).sum())
        p, r = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
        out.update(response_precision=p, response_recall=r,
                   response_f1=_f1(0.0 if np.isnan(p) else p, 0.0 if np.isnan(r) else r))
        if "pc" in a:
            oc, pc, gc = float(sel(a["oc"]).sum()), float(sel(a["pc"]).sum()), \
                float(sel(a["gc"]).sum())
            sp, sr = _ratio(oc, pc), _ratio(oc, gc)
            out.update(span_precision=sp, span_recall=sr,
                       span_f1=_f1(0.0 if np.isnan(sp) else sp, 0.0 if np.isnan(sr) else sr))
        if groups:
            for k, name in enumerate(frame.groups):
                m = g == k
                tp_k = float((w & h & m).sum())
                p_k = _ratio(tp_k, float((w & m).sum()))
                r_k = _ratio(tp_k, float((h & m).sum()))
                out[f"response_f1[{name}]"] = _f1(0.0 if np.isnan(p_k) else p_k,
                                                  0.0 if np.isnan(r_k) else r_k)
    elif frame.kind == "nli3":
        from certirag.eval.metrics import macro_f1_codes

        t, p3 = sel(a["gold3"]), sel(a["pred3"])
        out["accuracy"] = float((t == p3).mean())
        out["macro_f1"] = macro_f1_codes(t, p3, 3)
    return out


def bootstrap_table(frames: dict[str, Frame], *, baselines: Sequence[str],
                    resamples: int = 1000, seed: int = 0, level: float = 0.95
                    ) -> dict[str, dict[str, Any]]:
    """For every system: its primary figure with a percentile-bootstrap interval, and its
    margin over the best baseline (by point estimate) with a paired interval (the same
    resampled units for both). Frames must share units."""
    import numpy as np

    names = list(frames)
    if not names:
        return {}
    first = frames[names[0]]
    n, key = first.n, first.primary
    if any(f.n != n for f in frames.values()):
        raise InputError("systems were scored on different units")
    points = {s: stats_of(frames[s]) for s in names}
    base = [b for b in baselines if b in frames]
    best = max(base, key=lambda b: _finite(points[b][key])) if base else None
    rng = np.random.default_rng(seed)
    draws: dict[str, list[float]] = {s: [] for s in names}
    margins: dict[str, list[float]] = {s: [] for s in names}
    for _ in range(resamples):
        idx = rng.integers(0, n, size=n)
        values = {s: stats_of(frames[s], idx, groups=False)[key] for s in names}
        for s in names:
            draws[s].append(values[s])
            if best is not None:
                margins[s].append(values[s] - values[best])
    alpha = (1 - level) / 2

    def ci(xs: list[float]) -> list[float]:
        arr = np.asarray(xs, dtype=np.float64)
        arr = arr[~np.isnan(arr)]
        if not len(arr):
            return [_nan(), _nan()]
        return [float(np.quantile(arr, alpha)), float(np.quantile(arr, 1 - alpha))]

    out: dict[str, dict[str, Any]] = {}
    for s in names:
        row: dict[str, Any] = {"metric": key, "value": points[s][key], "ci95": ci(draws[s]),
                               "stats": points[s]}
        if best is not None:
            row["best_baseline"] = best
            row["margin"] = points[s][key] - points[best][key]
            row["margin_ci95"] = ci(margins[s])
        out[s] = row
    return out


def _finite(x: float) -> float:
    import math

    return x if math.isfinite(x) else -math.inf


def auroc_of(items: Sequence[Item], outcomes: Sequence[Outcome],
             score: Callable[[Outcome], float] | None = None) -> float:
    """AUROC of the item score (supported high) over labelled main items."""
    from certirag.eval.halueval import auroc

    pos: list[float] = []
    neg: list[float] = []
    for it, o in zip(items, outcomes, strict=True):
        if it.aux or it.supported is None:
            continue
        (pos if it.supported else neg).append(score(o) if score else o.score())
    return auroc(pos, neg)

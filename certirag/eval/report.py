"""``certirag eval report``: Markdown and a self-contained HTML page from run documents.

Per run: the provenance, the systems table (the pipeline, the ablation rows, the
baselines: the data set's primary figure with its bootstrap 95% interval and the margin
over the best baseline) and four figures, each captioned with the command and the model
sha256 that produced it:

* reliability diagram of P(entailment) before and after calibration (items a finding
  withholds whatever the model says carry no model probability and are left out);
* ROC and precision-recall curves of hallucination detection (score: 1 − the item's
  weakest claim P(entailment), 0 for an item withheld by a finding);
* catch rate against false-withhold rate as τe moves (τc fixed), the settings' point
  marked, the other systems as points;
* the reasons of withheld claims, for supported and for unsupported items.

Plots are drawn by matplotlib's Agg renderer on figure objects (no pyplot state, no
display); the extra is ``certirag[eval]``.
"""

from __future__ import annotations

import base64
import html
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from certirag.errors import BackendUnavailable, InputError
from certirag.eval.items import BASELINES, Item, Outcome
from certirag.eval.runner import SYSTEM_TITLES
from certirag.eval.suite import RUN_SCHEMA, item_from_doc, outcome_from_doc

__all__ = ["load_run", "write_report"]

_ORDER = ("checks", "nli", "checks+nli", "judge", *BASELINES)


def load_run(path: Path) -> dict[str, Any]:
    """A run document (``--run FILE``, gzipped when it ends in ``.gz``, or the ``--json``
    output of ``certirag eval``)."""
    import gzip
    import json

    path = Path(path)
    try:
        raw = path.read_bytes()
        if path.suffix == ".gz":
            raw = gzip.decompress(raw)
        doc = json.loads(raw.decode("utf-8"))
    except (OSError, EOFError) as exc:  # gzip.BadGzipFile is an OSError
        raise InputError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}"
                         ) from exc
    except ValueError as exc:  # bad JSON or bad UTF-8
        raise InputError(f"not valid JSON: {exc}", source=str(path)) from exc
    if not isinstance(doc, dict) or doc.get("schema") != RUN_SCHEMA:
        raise InputError(f"not a run document of schema {RUN_SCHEMA} (write one with "
                         "certirag eval NAME --run FILE)", source=str(path))
    for key in ("dataset", "items", "systems", "main_system", "thresholds", "model"):
        if key not in doc:
            raise InputError(f"missing field {key!r}", source=str(path))
    return doc


# --------------------------------------------------------------------- document model

@dataclass
class _Block:
    kind: str  # h1 h2 h3 p table figure list
    text: str = ""
    rows: list[list[str]] | None = None
    path: str = ""


def _fmt(x: Any, digits: int = 3) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.{digits}f}"
    return str(x)


def _ci(v: Any) -> str:
    if not v or v[0] is None:
        return ""
    return f" [{v[0]:.3f}, {v[1]:.3f}]"


def _signed(x: Any) -> str:
    return "–" if x is None else f"{x:+.3f}"


def _systems_table(doc: dict[str, Any]) -> list[list[str]]:
    rows = [["system", f"{doc['primary']['metric']} (95% CI)",
             f"margin over best baseline ({doc['primary'].get('best_baseline') or '–'})",
             "catch", "false-withhold", "leak", "AUROC"]]
    for s in _ORDER:
        row = doc["systems"].get(s)
        if row is None:
            continue
        st = row.get("stats", {})
        name = SYSTEM_TITLES.get(s, s) + (" ◀" if s == doc["main_system"] else "")
        rows.append([name, f"{_fmt(row['value'])}{_ci(row.get('ci95'))}",
                     f"{_signed(row.get('margin'))}{_ci(row.get('margin_ci95'))}",
                     _fmt(st.get("catch_rate")), _fmt(st.get("false_withhold_rate")),
                     _fmt(st.get("hallucinated_fully_verified")), _fmt(row.get("auroc"))])
    for sk in doc.get("skipped", []):
        rows.append([sk["title"], f"skipped: {sk['reason']}", "", "", "", "", ""])
    return rows


def _kind_table(doc: dict[str, Any]) -> list[list[str]] | None:
    st = doc["systems"][doc["main_system"]]["stats"]
    kind = doc.get("kind")
    if kind == "aggrefact":
        rows = [["sub-dataset", "balanced accuracy"]]
        rows += [[k[len("balanced_accuracy["):-1], _fmt(v)] for k, v in st.items()
                 if k.startswith("balanced_accuracy[")]
        rows.append(["mean", _fmt(st.get("mean_balanced_accuracy"))])
        return rows
    if kind == "ragtruth":
        rows = [["level", "precision", "recall", "F1"],
                ["response", _fmt(st.get("response_precision")),
                 _fmt(st.get("response_recall")), _fmt(st.get("response_f1"))],
                ["span (characters)", _fmt(st.get("span_precision")),
                 _fmt(st.get("span_recall")), _fmt(st.get("span_f1"))]]
        rows += [[f"response, {k[len('response_f1['):-1]}", "", "", _fmt(v)]
                 for k, v in st.items() if k.startswith("response_f1[")]
        return rows
    if kind == "nli3":
        return [["3-way accuracy", "3-way macro-F1", "binary balanced accuracy"],
                [_fmt(st.get("accuracy")), _fmt(st.get("macro_f1")),
                 _fmt(st.get("balanced_accuracy"))]]
    if kind == "alce":
        return [["citation recall", "citation precision",
                 "sentence-support balanced accuracy (human labels)"],
                [_fmt(st.get("citation_recall")), _fmt(st.get("citation_precision")),
                 _fmt(st.get("sentence_balanced_accuracy"))]]
    return None


# ---------------------------------------------------------------------------- figures

def _figure(width: float = 6.0, height: float = 4.0) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise BackendUnavailable("certirag eval report draws with matplotlib: "
                                 "pip install 'certirag[eval]'") from exc
    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _save(fig: Any, path: Path) -> None:
    """PNG with a 256-colour palette (plots have few colours: a third of the bytes)."""
    import io

    from PIL import Image  # matplotlib's own dependency

    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    with Image.open(buf) as im:
        small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
        small.save(path, format="PNG", optimize=True)


@dataclass
class _Run:
    doc: dict[str, Any]
    items: list[Item]
    outcomes: dict[str, list[Outcome]]
    probs: list[tuple[float, float, bool]]  # (calibrated, raw, supported) of main items


def _prepare(doc: dict[str, Any]) -> _Run:
    items: list[Item] = []
    outcomes: dict[str, list[Outcome]] = {s: [] for s in doc["systems"]}
    probs = []
    main = doc["main_system"]
    for entry in doc["items"]:
        it = item_from_doc(entry)
        items.append(it)
        for s in outcomes:
            outcomes[s].append(outcome_from_doc(entry["systems"].get(s, {})))
        m = entry["systems"].get(main, {})
        if not it.aux and it.supported is not None and "p_entail" in m:
            probs.append((float(m["p_entail"]), float(m.get("p_entail_raw", m["p_entail"])),
                          bool(it.supported)))
    return _Run(doc, items, outcomes, probs)


def _labelled(run: _Run) -> list[int]:
    return [i for i, it in enumerate(run.items) if not it.aux and it.supported is not None]


def _ece(p: Any, y: Any, bins: int) -> float:
    import numpy as np

    edges = np.linspace(0, 1, bins + 1)
    total = 0.0
    for k in range(bins):
        m = (p >= edges[k]) & ((p < edges[k + 1]) if k < bins - 1 else (p <= 1))
        if m.any():
            total += m.mean() * abs(y[m].mean() - p[m].mean())
    return float(total)


def _reliability(run: _Run, path: Path) -> str | None:
    import numpy as np

    if len(run.probs) < 2:
        return None
    arr = np.array([(c, r, float(s)) for c, r, s in run.probs])
    y = arr[:, 2]
    fig = _figure(5.2, 4.2)
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], color="0.6", lw=1, ls="--", label="perfect calibration")
    bins = 10
    edges = np.linspace(0, 1, bins + 1)
    temp = run.doc.get("calibration", {}).get("temperature")
    for col, name, style in ((1, "before (T = 1)", "o-"),
                             (0, f"after (T = {_fmt(temp, 2)})", "s-")):
        p = arr[:, col]
        xs, ys = [], []
        for k in range(bins):
            m = (p >= edges[k]) & ((p < edges[k + 1]) if k < bins - 1 else (p <= 1))
            if m.sum() >= 1:
                xs.append(p[m].mean())
                ys.append(y[m].mean())
        ax.plot(xs, ys, style, ms=4, label=f"{name}, ECE {_ece(p, y, bins):.3f}")
    ax.set_xlabel("weakest claim's P(entailment)")
    ax.set_ylabel("share of items supported")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(loc="upper left", fontsize=8)
    ax.set_title(f"Reliability ({len(run.probs)} items with a model score)", fontsize=10)
    _save(fig, path)
    return (f"Reliability diagram (10 equal-width bins) of the pipeline's P(entailment) "
            f"before and after temperature scaling, over the {len(run.probs)} labelled "
            f"items whose decision the model made")


def _roc_pr(run: _Run, path: Path) -> str | None:
    import numpy as np
    from sklearn.metrics import auc as area
    from sklearn.metrics import average_precision_score, precision_recall_curve, roc_curve

    idx = _labelled(run)
    y = np.array([not run.items[i].supported for i in idx], dtype=int)  # 1 = hallucinated
    if len(set(y.tolist())) < 2:
        return None
    fig = _figure(9.0, 4.0)
    roc, pr = fig.subplots(1, 2)
    roc.plot([0, 1], [0, 1], color="0.7", lw=1, ls="--")
    main = run.doc["main_system"]
    best = run.doc.get("primary", {}).get("best_baseline") or "word-overlap"
    for s in dict.fromkeys((main, "checks", "nli", best, "word-overlap")):
        if s not in run.outcomes:
            continue
        score = np.array([1.0 - run.outcomes[s][i].score() for i in idx])
        fpr, tpr, _ = roc_curve(y, score)
        auc = float(area(fpr, tpr))
        label = SYSTEM_TITLES.get(s, s)
        roc.plot(fpr, tpr, lw=1.5 if s == main else 1, label=f"{label} (AUROC {auc:.3f})")
        prec, rec, _ = precision_recall_curve(y, score)
        ap = average_precision_score(y, score)
        pr.plot(rec, prec, lw=1.5 if s == main else 1, label=f"{label} (AP {ap:.3f})")
    pr.axhline(y.mean(), color="0.7", lw=1, ls="--")
    roc.set_xlabel("false positive rate (supported items flagged)")
    roc.set_ylabel("true positive rate (unsupported items flagged)")
    pr.set_xlabel("recall (unsupported items flagged)")
    pr.set_ylabel("precision")
    for ax in (roc, pr):
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.02)
        ax.legend(loc="lower right", fontsize=7)
    roc.set_title("ROC", fontsize=10)
    pr.set_title("Precision-recall", fontsize=10)
    _save(fig, path)
    return (f"ROC and precision-recall curves of hallucination detection over {len(idx)} "
            "labelled items (score: 1 − the item's weakest claim P(entailment), 1 when a "
            "finding withholds it; baselines' scores are the share of content words, or "
            "of sentences, found)")


def _sweep(run: _Run, path: Path) -> str | None:
    import numpy as np

    from certirag.eval.items import gates_of

    idx = _labelled(run)
    sup = np.array([bool(run.items[i].supported) for i in idx])
    if sup.all() or not sup.any():
        return None
    te0 = float(run.doc["thresholds"]["tau_entail"])
    tc = float(run.doc["thresholds"]["tau_contradict"])
    main = run.doc["main_system"]
    gates = gates_of([run.outcomes[main][i] for i in idx])
    grid = np.round(np.arange(0.0, 1.0001, 0.01), 3)
    fw, catch = [], []
    for te in grid:
        w = gates.withheld(float(te), tc)
        fw.append(w[sup].mean())
        catch.append(w[~sup].mean())
    fig = _figure(5.6, 4.4)
    ax = fig.add_subplot()
    ax.plot(fw, catch, "-", lw=1.5, label=f"{SYSTEM_TITLES[main]}, τe 0 → 1 (τc = {tc})")
    for te_mark in (0.25, 0.5, 0.75, 0.9):
        k = round(te_mark * 100)
        ax.annotate(f"{te_mark}", (fw[k], catch[k]), fontsize=7, color="0.4",
                    textcoords="offset points", xytext=(4, -8))
    w0 = gates.withheld(te0, tc)
    preset = run.doc.get("preset") or "default"
    ax.plot([w0[sup].mean()], [w0[~sup].mean()], "*", ms=14, color="tab:red",
            label=f"preset {preset}: τe = {te0}")
    for s, marker in (("checks", "D"), ("nli", "v"), ("word-overlap", "o"),
                      ("substring", "s"), ("always-verify", "^")):
        if s not in run.outcomes:
            continue
        dec = np.array([run.outcomes[s][i].decision(te0, tc) != "verified" for i in idx])
        ax.plot([dec[sup].mean()], [dec[~sup].mean()], marker, ms=6, ls="none",
                label=SYSTEM_TITLES[s])
    ax.set_xlabel("false-withhold rate (supported items withheld)")
    ax.set_ylabel("catch rate (unsupported items withheld)")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.legend(loc="lower right", fontsize=7)
    ax.set_title("Catch vs false-withhold as τe moves", fontsize=10)
    _save(fig, path)
    return (f"Catch rate against false-withhold rate as τe moves from 0 to 1 (labels mark "
            f"τe), τc = {tc}; the star is the run's setting; other systems at the same "
            "thresholds as points")


def _reasons(run: _Run, path: Path) -> str | None:
    main = run.doc["main_system"]
    te = float(run.doc["thresholds"]["tau_entail"])
    tc = float(run.doc["thresholds"]["tau_contradict"])
    counts: dict[str, Counter[str]] = {"supported": Counter(), "unsupported": Counter(),
                                       "unlabelled": Counter()}
    for it, o in zip(run.items, run.outcomes[main], strict=True):
        if it.aux:
            continue
        key = ("unlabelled" if it.supported is None
               else "supported" if it.supported else "unsupported")
        for c in o.checked:
            if c.decide(te, tc) != "verified":
                for code in set(c.reasons) - {"entailed", "quoted"} or {c.decide(te, tc)}:
                    counts[key][code] += 1
    total = sum(counts.values(), Counter())
    if not total:
        return None
    codes = [c for c, _ in total.most_common(12)][::-1]
    fig = _figure(6.4, 0.8 + 0.32 * len(codes))
    ax = fig.add_subplot()
    import numpy as np

    ypos = np.arange(len(codes))
    shown = [k for k in ("supported", "unsupported", "unlabelled") if counts[k]]
    height = 0.8 / len(shown)
    for j, k in enumerate(shown):
        ax.barh(ypos + (j - (len(shown) - 1) / 2) * height, [counts[k][c] for c in codes],
                height=height, label=f"claims of {k} items")
    ax.set_yticks(ypos, codes, fontsize=8)
    ax.set_xlabel("withheld claims")
    ax.legend(loc="lower right", fontsize=7)
    ax.set_title("Why claims were withheld", fontsize=10)
    _save(fig, path)
    return ("Reason codes of the withheld claims (a claim can carry several), for items "
            "whose gold label is supported (false withholds) and unsupported (catches)")


_FIGURES = (("reliability", _reliability), ("roc-pr", _roc_pr), ("tau-sweep", _sweep),
            ("reasons", _reasons))


# ----------------------------------------------------------------------------- report

def _slug(doc: dict[str, Any]) -> str:
    rows = str(doc.get("rows", "")).replace(":", "-").strip("-")
    return re.sub(r"[^a-z0-9\-]+", "-", f"{doc['dataset']}-{rows}".lower()).strip("-")


def _caption(doc: dict[str, Any], what: str) -> str:
    model = doc.get("model", {})
    return (f"{what}. {doc.get('title', doc['dataset'])}, rows {doc.get('rows', '?')}, "
            f"n = {doc.get('n')}. Command: `{doc.get('command', '?')}`. Model "
            f"`{model.get('id', '?')}`, sha256 `{model.get('sha256', '?')}`.")


def _summary(docs: Sequence[dict[str, Any]]) -> list[list[str]]:
    rows = [["data set", "rows", "n", "primary figure", "value (95% CI)",
             "margin over best baseline (95% CI)", "catch", "false-withhold", "leak",
             "AUROC"]]
    for d in docs:
        p = d["primary"]
        st = d["systems"][d["main_system"]]
        s = st.get("stats", {})
        rows.append([d.get("title", d["dataset"]), str(d.get("rows", "")), str(d.get("n")),
                     str(p.get("metric")), f"{_fmt(p.get('value'))}{_ci(p.get('ci95'))}",
                     f"{_signed(p.get('margin'))}{_ci(p.get('margin_ci95'))} vs "
                     f"{p.get('best_baseline')}",
                     _fmt(s.get("catch_rate")), _fmt(s.get("false_withhold_rate")),
                     _fmt(s.get("hallucinated_fully_verified")), _fmt(st.get("auroc"))])
    return rows


def build_blocks(docs: Sequence[dict[str, Any]], out: Path, command: str = ""
                 ) -> list[_Block]:
    drawn = f" Drawn by `{command}`." if command else ""
    blocks = [_Block("h1", "certirag evaluation report"),
              _Block("p", "Each figure and table names the command and the model (with its "
                          "sha256) that produced its data. Intervals are percentile-bootstrap "
                          "95% intervals over rows; margins are paired (the same resampled "
                          "rows for the system and the best baseline)." + drawn),
              _Block("table", rows=_summary(docs))]
    used: set[str] = set()
    for doc in docs:
        slug = _slug(doc)
        base, k = slug, 2
        while slug in used:
            slug, k = f"{base}-{k}", k + 1
        used.add(slug)
        run = _prepare(doc)
        th = doc["thresholds"]
        model = doc["model"]
        blocks += [
            _Block("h2", f"{doc.get('title', doc['dataset'])} — rows {doc.get('rows')} "
                         f"(n = {doc.get('n')})"),
            _Block("list", rows=[[f"command: `{doc.get('command', '?')}`"],
                                 [f"data: `{doc.get('source', '?')}`, rows "
                                  f"`{doc.get('rows', '?')}`, splits {doc.get('splits', {})}"],
                                 [f"model: `{model.get('id')}`, sha256 `{model.get('sha256')}`"
                                  f"; calibration {doc.get('calibration', {})}"],
                                 [f"preset `{doc.get('preset') or 'default'}`, τe = "
                                  f"{th['tau_entail']}, τc = {th['tau_contradict']}, policy "
                                  f"`{doc.get('policy')}`, settings hash "
                                  f"`{str(doc.get('settings_hash', ''))[:16]}`"]]),
            _Block("p", f"Primary figure: {doc['primary'].get('title')}. ◀ marks the "
                        "configured pipeline. Catch: unsupported items withheld; "
                        "false-withhold: supported items withheld; leak: unsupported items "
                        "fully verified."),
            _Block("table", rows=_systems_table(doc)),
        ]
        extra = _kind_table(doc)
        if extra:
            blocks.append(_Block("table", rows=extra))
        for name, draw in _FIGURES:
            path = out / f"{slug}-{name}.png"
            what = draw(run, path)
            if what is None:
                blocks.append(_Block("p", f"({name}: not drawn — this run has no labelled "
                                          "items of both kinds with the scores it needs.)"))
                continue
            blocks.append(_Block("figure", text=_caption(doc, what), path=path.name))
    return blocks


def _md_inline(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(blocks: Sequence[_Block]) -> str:
    lines: list[str] = []
    for b in blocks:
        if b.kind in ("h1", "h2", "h3"):
            lines += ["#" * int(b.kind[1]) + " " + b.text, ""]
        elif b.kind == "p":
            lines += [b.text, ""]
        elif b.kind == "list":
            lines += [f"- {r[0]}" for r in b.rows or []] + [""]
        elif b.kind == "table" and b.rows:
            head, *body = b.rows
            lines.append("| " + " | ".join(_md_inline(c) for c in head) + " |")
            lines.append("|" + "---|" * len(head))
            lines += ["| " + " | ".join(_md_inline(c) for c in r) + " |" for r in body]
            lines.append("")
        elif b.kind == "figure":
            lines += [f"![{b.path}]({b.path})", "", f"*{b.text}*", ""]
    return "\n".join(lines)


def _html_inline(text: str) -> str:
    parts = re.split(r"(`[^`]*`)", text)
    return "".join(f"<code>{html.escape(p[1:-1])}</code>" if p.startswith("`") and
                   p.endswith("`") and len(p) > 1 else html.escape(p) for p in parts)


_CSS = ("body{font-family:system-ui,sans-serif;max-width:70em;margin:2em auto;padding:0 1em;"
        "color:#222}table{border-collapse:collapse;margin:1em 0;font-size:.9em}"
        "td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}th{background:#f3f3f3}"
        "figure{margin:1.5em 0}figcaption{font-size:.85em;color:#555;max-width:60em}"
        "code{background:#f5f5f5;padding:0 .2em;font-size:.9em}img{max-width:100%}")


def to_html(blocks: Sequence[_Block], folder: Path) -> str:
    out = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>certirag evaluation report</title>", f"<style>{_CSS}</style></head><body>"]
    for b in blocks:
        if b.kind in ("h1", "h2", "h3"):
            out.append(f"<{b.kind}>{_html_inline(b.text)}</{b.kind}>")
        elif b.kind == "p":
            out.append(f"<p>{_html_inline(b.text)}</p>")
        elif b.kind == "list":
            out.append("<ul>" + "".join(f"<li>{_html_inline(r[0])}</li>"
                                        for r in b.rows or []) + "</ul>")
        elif b.kind == "table" and b.rows:
            head, *body = b.rows
            out.append("<table><thead><tr>" + "".join(f"<th>{_html_inline(c)}</th>"
                                                      for c in head) + "</tr></thead><tbody>")
            out += ["<tr>" + "".join(f"<td>{_html_inline(c)}</td>" for c in r) + "</tr>"
                    for r in body]
            out.append("</tbody></table>")
        elif b.kind == "figure":
            data = base64.b64encode((folder / b.path).read_bytes()).decode("ascii")
            out.append(f'<figure><img alt="{html.escape(b.path)}" '
                       f'src="data:image/png;base64,{data}"><figcaption>'
                       f"{_html_inline(b.text)}</figcaption></figure>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_report(paths: Sequence[Path], out: Path, *, command: str = "") -> dict[str, Any]:
    """Write ``report.md``, ``report.html`` and the figures' PNGs into ``out``
    (``command``: the command line that draws it, quoted in the report)."""
    if not paths:
        raise InputError("give at least one run document")
    docs = [load_run(p) for p in paths]
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    blocks = build_blocks(docs, out, command)
    (out / "report.md").write_text(to_markdown(blocks), "utf-8")
    (out / "report.html").write_text(to_html(blocks, out), "utf-8")
    figures = [b.path for b in blocks if b.kind == "figure"]
    return {"markdown": str(out / "report.md"), "html": str(out / "report.html"),
            "figures": [str(out / f) for f in figures]}


def run_markdown(doc: dict[str, Any], *, heading: bool = True) -> str:
    """One run's provenance and tables as Markdown (no figures: no matplotlib needed)."""
    th, model = doc["thresholds"], doc["model"]
    blocks: list[_Block] = []
    if heading:
        blocks.append(_Block("h1", f"{doc.get('title', doc['dataset'])} — rows "
                                   f"{doc.get('rows')} (n = {doc.get('n')})"))
    blocks += [
        _Block("list", rows=[[f"command: `{doc.get('command', '?')}`"],
                             [f"model: `{model.get('id')}`, sha256 `{model.get('sha256')}`"],
                             [f"τe = {th['tau_entail']}, τc = {th['tau_contradict']}, "
                              f"splits {doc.get('splits', {})}"]]),
        _Block("p", f"Primary figure: {doc['primary'].get('title')} (bootstrap 95% CI; "
                    "◀ the configured pipeline)."),
        _Block("table", rows=_systems_table(doc)),
    ]
    extra = _kind_table(doc)
    if extra:
        blocks.append(_Block("table", rows=extra))
    return to_markdown(blocks)

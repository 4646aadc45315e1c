"""Export Hugging Face encoders to ONNX and quantise them to int8 (extra ``[train]``).

Two steps, each writing a model folder (``model.onnx``, ``tokenizer.json``,
``config.json``) that :mod:`certirag.models` can then stamp with a manifest:

* :func:`export_onnx` traces the torch model into an fp32 graph and checks the
  graph against torch with onnxruntime before returning.
* :func:`quantize_int8` turns an fp32 folder into one with dynamically
  quantised int8 weights.

Both work for the sentence embedder (``task="embedding"``, output
``last_hidden_state``) and for an NLI cross-encoder (``task="nli"``, output
``logits``). :func:`embedding_parity` measures how close an exported embedder
is to the sentence-transformers original, on :func:`parity_sentences`.

torch, transformers, onnx and sentence-transformers are imported inside the
functions; importing this module is cheap.
"""

from __future__ import annotations

import inspect
import logging
import random
import shutil
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from certirag.errors import BackendError, BackendUnavailable, ConfigError
from certirag.models import MANIFEST

__all__ = [
    "INPUT_NAMES",
    "OUTPUT_NAMES",
    "Parity",
    "embedding_parity",
    "export_onnx",
    "parity_sentences",
    "quantize_int8",
]

log = logging.getLogger("certirag.train.export")

Task = Literal["embedding", "nli"]

INPUT_NAMES = ("input_ids", "attention_mask", "token_type_ids")
"""Graph inputs, all int64 of shape (batch, sequence); ``token_type_ids`` only
when the model's forward takes it."""

OUTPUT_NAMES: dict[str, str] = {"embedding": "last_hidden_state", "nli": "logits"}
"""The single graph output for each task."""

# Largest |onnxruntime - torch| accepted for the fp32 graph (observed: ~1e-5).
_EXPORT_ATOL = 1e-3

_INSTALL_TRAIN = "pip install 'certirag[train]'"


def _require_train() -> tuple[Any, Any]:
    try:
        import torch
        import transformers
    except ImportError as exc:
        raise BackendUnavailable(
            f"exporting a model needs torch and transformers: {_INSTALL_TRAIN}"
        ) from exc
    return torch, transformers


def _require_ort() -> Any:
    try:
        import onnxruntime
    except ImportError as exc:
        raise BackendUnavailable(f"onnxruntime is missing: {_INSTALL_TRAIN}") from exc
    return onnxruntime


def export_onnx(
    model_dir: Path,
    out_dir: Path,
    *,
    task: Task,
    opset: int = 17,
    max_length: int = 256,
) -> Path:
    """Export the Hugging Face model in ``model_dir`` to ``out_dir/model.onnx`` (fp32).

    ``task="embedding"`` loads ``AutoModel`` and exposes ``last_hidden_state``
    (batch, sequence, hidden); ``task="nli"`` loads
    ``AutoModelForSequenceClassification`` and exposes ``logits`` (batch, labels).
    Inputs are :data:`INPUT_NAMES` (int64, dynamic batch and sequence axes).

    ``model_dir`` must hold the weights, ``config.json`` and the tokenizer files
    (``save_pretrained`` of both). ``out_dir`` also receives ``config.json``
    (copied; it carries ``id2label``)
    and ``tokenizer.json`` (the fast tokenizer, with truncation at
    ``max_length`` and padding switched off, since callers pad per batch).

    The graph is run with onnxruntime on batches of several shapes, up to
    ``max_length`` tokens, and compared with torch; a difference above 1e-3
    raises :class:`BackendError`. Returns ``out_dir``.
    """
    if task not in OUTPUT_NAMES:
        raise ConfigError(f"unknown export task {task!r} (expected one of {sorted(OUTPUT_NAMES)})")
    if max_length < 8:
        raise ConfigError(f"max_length must be at least 8, got {max_length}")
    model_dir = Path(model_dir)
    out_dir = Path(out_dir)
    if not (model_dir / "config.json").is_file():
        raise BackendUnavailable(f"not a Hugging Face model folder (no config.json): {model_dir}")
    torch, transformers = _require_train()

    auto = (
        transformers.AutoModel
        if task == "embedding"
        else transformers.AutoModelForSequenceClassification
    )
    try:
        tokenizer = transformers.AutoTokenizer.from_pretrained(str(model_dir), use_fast=True)
        # Eager attention: plain MatMul/Softmax nodes, which trace and quantise predictably.
        model = auto.from_pretrained(str(model_dir), attn_implementation="eager")
    except (OSError, ValueError) as exc:
        raise BackendUnavailable(
            f"{model_dir}: cannot load the model and its tokenizer "
            f"(the folder needs both): {exc}"
        ) from exc
    if not getattr(tokenizer, "is_fast", False):
        raise BackendUnavailable(f"{model_dir}: no fast tokenizer; tokenizer.json cannot be made")
    model.eval()
    limit = getattr(model.config, "max_position_embeddings", None)
    if isinstance(limit, int) and max_length > limit:
        raise ConfigError(f"max_length {max_length} exceeds the model's {limit} positions")

    takes_types = "token_type_ids" in inspect.signature(model.forward).parameters
    input_names = list(INPUT_NAMES if takes_types else INPUT_NAMES[:2])
    output_name = OUTPUT_NAMES[task]
    graph = _wrap(torch, model, output_name, takes_types)

    out_dir.mkdir(parents=True, exist_ok=True)
    onnx_path = out_dir / "model.onnx"
    sample = tokenizer(
        ["A short sentence.", "A somewhat longer sentence, so that the batch needs padding."],
        padding=True, truncation=True, max_length=max_length, return_tensors="pt",
    )
    dynamic_axes: dict[str, dict[int, str]] = {n: {0: "batch", 1: "sequence"} for n in input_names}
    dynamic_axes[output_name] = {0: "batch", 1: "sequence"} if task == "embedding" else {0: "batch"}
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")  # tracer chatter about shapes; the check below decides
        torch.onnx.export(
            graph,
            tuple(sample[n] for n in input_names),
            str(onnx_path),
            input_names=input_names,
            output_names=[output_name],
            dynamic_axes=dynamic_axes,
            opset_version=opset,
            do_constant_folding=True,
            dynamo=False,
        )
    model.eval()  # the TorchScript exporter can leave the module in training mode

    _save_tokenizer(model_dir, tokenizer, out_dir / "tokenizer.json", max_length)
    if model_dir.resolve() != out_dir.resolve():
        shutil.copyfile(model_dir / "config.json", out_dir / "config.json")

    diff = _check_export(torch, model, output_name, onnx_path, tokenizer, input_names,
                         max_length)
    log.info("exported %s (%s): max |onnx - torch| = %.2e", onnx_path, task, diff)
    return out_dir


def _wrap(torch: Any, model: Any, output_name: str, takes_types: bool) -> Any:
    """A module with positional int64 inputs and one tensor output.

    The padding mask is turned into the additive (batch, 1, 1, sequence) float
    mask here, with traceable tensor ops, so the graph does not depend on the
    library's mask helpers, which branch in Python on shapes.
    """

    class _Graph(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids: Any, attention_mask: Any, *rest: Any) -> Any:
            dtype = self.model.dtype
            blocked = 1.0 - attention_mask[:, None, None, :].to(dtype)
            additive = blocked * torch.finfo(dtype).min
            kwargs = {"input_ids": input_ids, "attention_mask": additive}
            if takes_types:
                kwargs["token_type_ids"] = rest[0]
            return getattr(self.model(**kwargs), output_name)

    return _Graph().eval()


def _save_tokenizer(model_dir: Path, hf_tokenizer: Any, dest: Path, max_length: int) -> None:
    from tokenizers import Tokenizer

    source = model_dir / "tokenizer.json"
    tok = Tokenizer.from_file(str(source)) if source.is_file() else hf_tokenizer.backend_tokenizer
    tok.no_padding()
    tok.enable_truncation(max_length=max_length)
    tok.save(str(dest), pretty=False)


def _check_export(
    torch: Any,
    model: Any,
    output_name: str,
    onnx_path: Path,
    tokenizer: Any,
    input_names: list[str],
    max_length: int,
) -> float:
    """Largest |onnxruntime - torch| over unpadded positions; raises above the tolerance.

    The reference is the unwrapped model fed the 2-D padding mask, so a mistake
    in the exported mask handling shows up here too.
    """
    import numpy as np

    ort = _require_ort()
    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    singles = [
        ["Paris is the capital of France.", "word " * (2 * max_length), "Short."],
        ["One sentence alone, with no padding at all."],
        ["Three", "identical-length", "lines"],
    ]
    pair = (["The hearing was adjourned until March.", "Fine."],
            ["The hearing took place in March.", "word " * max_length])
    worst = 0.0
    for enc in [
        *(tokenizer(b, padding=True, truncation=True, max_length=max_length,
                    return_tensors="pt") for b in singles),
        tokenizer(*pair, padding=True, truncation=True, max_length=max_length,
                  return_tensors="pt"),
    ]:
        with torch.no_grad():
            expected = getattr(model(**{n: enc[n] for n in input_names}), output_name).numpy()
        got = session.run(None, {n: enc[n].numpy().astype(np.int64) for n in input_names})[0]
        if got.shape != expected.shape:
            raise BackendError(
                f"{onnx_path}: output shape {got.shape}, torch gives {expected.shape}"
            )
        delta = np.abs(got - expected)
        if delta.ndim == 3:  # hidden states: padded positions are not compared
            delta = delta[enc["attention_mask"].numpy().astype(bool)]
        worst = max(worst, float(delta.max()))
    if not worst <= _EXPORT_ATOL:
        raise BackendError(
            f"{onnx_path}: the ONNX graph diverges from torch (max abs diff {worst:.3g} "
            f"> {_EXPORT_ATOL})"
        )
    return worst


def quantize_int8(
    fp32_dir: Path,
    out_dir: Path,
    *,
    per_channel: bool = True,
    reduce_range: bool = True,
    unsigned: bool = False,
) -> Path:
    """Quantise ``fp32_dir/model.onnx`` into ``out_dir/model.onnx`` (dynamic, int8 weights).

    Weights of MatMul and Gather nodes (linear layers, embedding tables) become
    int8; activations are quantised on the fly at run time. ``per_channel``
    gives each output column its own scale (much better fidelity, same size).
    ``reduce_range`` stores 7-bit weights so that CPUs without VNNI (whose int8
    kernels can saturate) keep the same quality; on VNNI CPUs it costs almost
    nothing (all-MiniLM-L6-v2: mean cosine to fp32 0.991 with it, 0.992 without;
    without ``per_channel``: 0.867 and 0.961).

    ``unsigned`` stores 8-bit unsigned weights with a zero point per column (uint8 ×
    uint8 kernels, which cannot saturate, so ``reduce_range`` is not needed and is
    ignored). For the NLI model it is much the more faithful: on HaluEval dev pairs of a
    fine-tuned stage the arg-max agreed with fp32 on 97.3% of voice-change pairs and 97.6%
    of summarization pairs, against 38.3% and 81.3% with 7-bit signed weights, whose
    coarser grid rounds a short fine-tuning stage back to the weights it started from
    (``benchmarks/quantisation.py``).
    Every other file of ``fp32_dir`` except the manifest is copied. Returns ``out_dir``.
    """
    fp32_dir = Path(fp32_dir)
    out_dir = Path(out_dir)
    source = fp32_dir / "model.onnx"
    if not source.is_file():
        raise BackendUnavailable(f"no model.onnx in {fp32_dir}")
    if fp32_dir.resolve() == out_dir.resolve():
        raise ConfigError("quantize_int8 needs an output folder other than its input")
    _require_ort()
    from onnxruntime.quantization import QuantType, quantize_dynamic

    out_dir.mkdir(parents=True, exist_ok=True)
    quantize_dynamic(
        source,
        out_dir / "model.onnx",
        weight_type=QuantType.QUInt8 if unsigned else QuantType.QInt8,
        per_channel=per_channel,
        reduce_range=reduce_range and not unsigned,
        op_types_to_quantize=["MatMul", "Gather"],
    )
    for path in sorted(fp32_dir.iterdir()):
        if path.is_file() and path.name not in {"model.onnx", MANIFEST}:
            shutil.copyfile(path, out_dir / path.name)
    return out_dir


# --- parity with sentence-transformers ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Parity:
    """Cosine similarity between two embedders' vectors for the same sentences."""

    n: int
    mean: float
    min: float


def embedding_parity(onnx_dir: Path, st_dir: Path, sentences: Sequence[str]) -> Parity:
    """Compare an ONNX embedding folder (with a manifest) against sentence-transformers.

    Embeds ``sentences`` with :class:`certirag.index.embed.OnnxEmbedder` on
    ``onnx_dir`` and with ``SentenceTransformer(st_dir)`` in fp32, and returns
    the mean and minimum cosine similarity of matching vectors.
    """
    import numpy as np

    from certirag.index.embed import OnnxEmbedder  # imports numpy too: kept with it

    if not sentences:
        raise ConfigError("embedding_parity needs at least one sentence")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise BackendUnavailable(f"sentence-transformers is missing: {_INSTALL_TRAIN}") from exc
    ours = OnnxEmbedder(str(onnx_dir), threads=1).embed(sentences)
    reference = SentenceTransformer(str(st_dir), device="cpu").encode(
        list(sentences), batch_size=64, convert_to_numpy=True, normalize_embeddings=True,
        show_progress_bar=False,
    )
    reference = np.asarray(reference, dtype=np.float32)
    cos = np.sum(ours * reference, axis=1) / (
        np.linalg.norm(ours, axis=1) * np.linalg.norm(reference, axis=1)
    )
    return Parity(n=len(sentences), mean=float(cos.mean()), min=float(cos.min()))


_SUBJECTS = [
    "The central bank", "A nurse in Lagos", "Our quarterly report", "The Supreme Court",
    "This Python function", "The river", "Marie Curie", "The committee", "A small bakery",
    "The new vaccine", "The spacecraft", "My landlord", "The 2019 census", "The algorithm",
    "Local farmers", "The defendant", "The museum", "A migrating flock", "The startup",
    "The city council",
]
_PREDICATES = [
    "raised interest rates by 0.25 percentage points", "did not approve the merger",
    "may have underestimated the risk", "was founded in 1887", "returns None on empty input",
    "flooded three villages after the storm", "won two Nobel prizes",
    "postponed the vote until next Tuesday", "sells sourdough for €4.50 a loaf",
    "reduced hospital admissions by 38%", "reached orbit eleven minutes after launch",
    "refuses to repair the heating", "counted 8.2 million residents",
    "ranks documents by BM25 score", "switched to drought-resistant maize",
    "pleaded not guilty to all charges", "reopened after a two-year renovation",
    "travels roughly 4,000 km each autumn", "laid off a third of its staff",
    "banned cars from the old town",
]
_TAILS = [
    "", " according to officials", " last year", ", sources said", " despite protests",
    " for the first time", " in a statement on Monday", ", which surprised analysts",
    " without explanation", " as expected",
]
_FIXED = [
    "What is the capital of Australia?",
    "How do I reset my password?",
    "No.",
    "ok",
    "Paris",
    "The patient shows no signs of infection.",
    "The patient shows signs of infection.",
    "Il pleut depuis trois jours à Bordeaux.",
    "Der Vertrag wurde am 3. Mai 2021 unterzeichnet.",
    "東京は日本の首都です。",
    "Температура воды составляет 18 градусов.",
    "def add(a, b):\n    return a + b",
    "SELECT name FROM users WHERE age > 30 ORDER BY name;",
    "Revenue: $12.4M (Q3 2023), up 7% YoY; EBITDA margin 18.2%.",
    "See https://example.org/docs?id=42 for details.",
    "Call +1 (555) 010-9999 before 5 p.m.",
    "!!! ??? ... ---",
    "emoji test 🙂🚀 with mixed text",
    "   leading and trailing spaces   ",
    "Section 4.2(b) of the Act applies only to contracts signed after 1 January 2020.",
]


def parity_sentences(n: int = 300, *, seed: int = 0) -> list[str]:
    """A fixed, varied set of ``n`` sentences for parity checks (same ``seed``, same list).

    Mixes generated factual sentences (numbers, dates, negations, modals), questions,
    fragments, code, other languages and scripts, and a few passages longer than
    256 tokens so that truncation is exercised.
    """
    if n < 1:
        raise ConfigError(f"parity_sentences needs n >= 1, got {n}")
    rng = random.Random(seed)
    out = list(_FIXED)
    while len(out) < n:
        kind = rng.random()
        if kind < 0.8:
            out.append(
                f"{rng.choice(_SUBJECTS)} {rng.choice(_PREDICATES)}{rng.choice(_TAILS)}."
            )
        elif kind < 0.95:
            parts = [
                f"{rng.choice(_SUBJECTS)} {rng.choice(_PREDICATES)}{rng.choice(_TAILS)}."
                for _ in range(rng.randint(3, 8))
            ]
            out.append(" ".join(parts))
        else:
            parts = [
                f"{rng.choice(_SUBJECTS)} {rng.choice(_PREDICATES)}{rng.choice(_TAILS)}."
                for _ in range(40)
            ]
            out.append(" ".join(parts))  # > 256 tokens: truncated by both sides
    return out[:n]

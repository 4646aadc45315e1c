"""NLI with a transformers sequence classifier (extra ``[hf]``: torch + transformers).

Loads ``AutoModelForSequenceClassification`` from a local folder or a hub id; with
``HF_HUB_OFFLINE=1`` only the local cache is consulted. Labels come from the model's own
``config.id2label`` and are mapped as in :func:`certirag.verifiers.base.canonical_labels`.
A ``calibration.json`` in a local model folder is applied; otherwise identity.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certirag.errors import BackendError, BackendUnavailable, ConfigError, InputError
from certirag.models import file_sha256
from certirag.verifiers.base import (
    NLIResult,
    canonical_labels,
    check_backend_args,
    results_from_logits,
)
from certirag.verifiers.calibration import Calibration, load_calibration

if TYPE_CHECKING:
    import numpy as np

__all__ = ["HFNLIVerifier"]

_EXTRA = "pip install 'certirag[hf]'"
_WEIGHTS = ("model.safetensors", "pytorch_model.bin")


def _offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}


def _looks_like_path(model: str) -> bool:
    return (model.startswith(("/", "./", "../", "~", "\\")) or model.count("/") > 1
            or (len(model) > 1 and model[1] == ":"))


class HFNLIVerifier:
    """NLI with a transformers model on ``device`` (``"cpu"``, ``"cuda"``, ``"cuda:1"`` …).
    The constructor is cheap; :meth:`load` imports torch and reads the model."""

    name = "hf"

    def __init__(self, model: str, *, device: str = "cpu", batch_size: int = 32,
                 max_length: int = 256) -> None:
        if not model or not model.strip():
            raise ConfigError("the hf backend needs a model: a local folder or a hub id")
        check_backend_args(batch_size=batch_size, max_length=max_length)
        self.model = model
        self.device = device
        self.batch_size = batch_size
        self.max_length = max_length
        self._state: dict[str, Any] | None = None

    @property
    def labels(self) -> tuple[str, ...]:
        """Canonical labels by class id (loads the model)."""
        labels: tuple[str, ...] = self._ensure()["labels"]
        return labels

    @property
    def model_id(self) -> str:
        return str(self._ensure()["model_id"])

    @property
    def model_sha256(self) -> str:
        return str(self._ensure()["sha256"])

    def load(self) -> None:
        """Import torch/transformers and load the model and tokenizer."""
        if self._state is not None:
            return
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
        except ImportError as exc:
            raise BackendUnavailable(
                f"the hf NLI backend needs torch and transformers: {_EXTRA}"
            ) from exc
        path = Path(self.model).expanduser()
        local = path.is_dir()
        if not local and _looks_like_path(self.model):
            raise BackendUnavailable(f"model folder not found: {path}")
        source = str(path) if local else self.model
        try:
            device = torch.device(self.device)
        except (RuntimeError, ValueError) as exc:
            raise ConfigError(f"bad device {self.device!r}: {exc}") from exc
        try:
            tokenizer = AutoTokenizer.from_pretrained(source, local_files_only=_offline())
            model = AutoModelForSequenceClassification.from_pretrained(
                source, local_files_only=_offline()
            )
        except (OSError, ValueError) as exc:
            where = f"folder {path}" if local else f"hub model {self.model!r}"
            hint = (" (HF_HUB_OFFLINE is set, so only the local cache was searched)"
                    if _offline() and not local else "")
            raise BackendUnavailable(f"cannot load NLI {where}{hint}: {exc}") from exc
        labels = canonical_labels(dict(model.config.id2label))
        try:
            model.to(device)
        except (RuntimeError, AssertionError) as exc:
            raise BackendUnavailable(f"cannot move the model to {self.device!r}: {exc}") from exc
        model.eval()
        calibration = load_calibration(path) if local else Calibration()
        positions = getattr(model.config, "max_position_embeddings", None)
        if isinstance(positions, int) and 0 < positions < self.max_length:
            self.max_length = positions  # the model cannot read further
        self._state = {
            "torch": torch,
            "model": model,
            "tokenizer": tokenizer,
            "device": device,
            "labels": labels,
            "calibration": calibration,
            "model_id": str(path) if local else self.model,
            "sha256": _weights_sha256(path if local else None, self.model),
        }

    def _ensure(self) -> dict[str, Any]:
        self.load()
        assert self._state is not None
        return self._state

    def _encode(self, pairs: Sequence[tuple[str, str]]) -> tuple[list[dict[str, list[int]]],
                                                                  list[bool]]:
        tok = self._ensure()["tokenizer"]
        premises = [p for p, _ in pairs]
        claims = [h for _, h in pairs]
        try:
            enc = tok(premises, claims, truncation="only_first", max_length=self.max_length)
        except Exception as exc:
            raise InputError(
                f"a claim does not fit the model's {self.max_length} tokens; shorten or split it"
                f" ({exc})"
            ) from exc
        full = tok(premises, claims, truncation=False)["input_ids"]
        keys = [k for k in ("input_ids", "attention_mask", "token_type_ids") if k in enc]
        rows = [{k: list(enc[k][i]) for k in keys} for i in range(len(pairs))]
        cut = [len(full[i]) > len(rows[i]["input_ids"]) for i in range(len(pairs))]
        return rows, cut

    def logits(self, pairs: Sequence[tuple[str, str]]) -> tuple[np.ndarray, list[bool]]:
        """Raw logits ``(n, classes)`` and per-pair truncation flags."""
        import numpy as np

        st = self._ensure()
        torch = st["torch"]
        n_classes = len(st["labels"])
        if not pairs:
            return np.zeros((0, n_classes), dtype=np.float32), []
        rows, cut = self._encode(pairs)
        pad = st["tokenizer"].pad_token_id or 0
        out = np.zeros((len(pairs), n_classes), dtype=np.float32)
        order = sorted(range(len(rows)), key=lambda i: len(rows[i]["input_ids"]))
        with torch.inference_mode():
            for k in range(0, len(order), self.batch_size):
                idx = order[k : k + self.batch_size]
                width = max(len(rows[i]["input_ids"]) for i in idx)
                batch = {}
                for key in rows[idx[0]]:
                    fill = pad if key == "input_ids" else 0
                    t = torch.full((len(idx), width), fill, dtype=torch.long)
                    for r, i in enumerate(idx):
                        vals = rows[i][key]
                        t[r, : len(vals)] = torch.tensor(vals, dtype=torch.long)
                    batch[key] = t.to(st["device"])
                try:
                    logits = st["model"](**batch).logits.float().cpu().numpy()
                except (RuntimeError, IndexError) as exc:
                    raise BackendError(f"the hf model failed on a batch of {len(idx)}: {exc}"
                                       ) from exc
                out[idx] = logits
        return out, cut

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        """Calibrated NLI results, one per ``(premise, hypothesis)`` pair, in order."""
        st = self._ensure()
        logits, cut = self.logits(pairs)
        return results_from_logits(logits, [p for p, _ in pairs], labels=st["labels"],
                                   calibration=st["calibration"], model_id=st["model_id"],
                                   model_sha256=st["sha256"], truncated=cut)

    def __repr__(self) -> str:
        return f"HFNLIVerifier(model={self.model!r}, device={self.device!r})"


def _weights_sha256(folder: Path | None, model: str) -> str:
    """sha256 of the weights file (local folder, or the hub cache); "" when unknown."""
    if folder is not None:
        for name in _WEIGHTS:
            if (folder / name).is_file():
                return file_sha256(folder / name)
        return ""
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:  # pragma: no cover - transformers depends on it
        return ""
    for name in _WEIGHTS:
        found = try_to_load_from_cache(model, name)
        if isinstance(found, str) and Path(found).is_file():
            return file_sha256(Path(found))
    return ""

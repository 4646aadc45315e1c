"""The default NLI backend: an ONNX cross-encoder run by onnxruntime, tokenised by
`tokenizers`. No torch at run time.

The model folder (``builtin:NAME`` or a path) holds ``model.onnx``, ``tokenizer.json``,
``config.json`` (whose ``id2label`` fixes the label order), optionally
``calibration.json`` and the ``certirag_model.json`` manifest.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from certirag.config import DEFAULT_NLI_MODEL
from certirag.errors import BackendError, BackendUnavailable, InputError
from certirag.models import MANIFEST, file_sha256, load_model_info, resolve
from certirag.verifiers.base import (
    NLIResult,
    canonical_labels,
    check_backend_args,
    results_from_logits,
)
from certirag.verifiers.calibration import Calibration, load_calibration

if TYPE_CHECKING:
    import numpy as np

__all__ = ["OnnxNLIVerifier"]

DEFAULT_MODEL = DEFAULT_NLI_MODEL


@dataclass(frozen=True, slots=True)
class _Loaded:
    """Everything :meth:`OnnxNLIVerifier.load` builds."""

    session: Any
    tokenizer: Any
    input_names: list[str]
    labels: tuple[str, ...]
    calibration: Calibration
    model_id: str
    sha256: str
    pad_id: int


class OnnxNLIVerifier:
    """NLI with an ONNX model. The constructor only stores settings; :meth:`load`
    (or the first :meth:`score_pairs`) opens the model.

    ``threads`` is onnxruntime's intra-op thread count (0 = its default). Pairs are
    encoded with the premise truncated to ``max_length`` tokens (``only_first``), grouped
    into batches of similar length, and run ``batch_size`` at a time. The default, one
    pair at a time, makes every score a function of its pair alone: the int8 model
    quantizes activations with one scale per batch, so a pair scored next to others can
    move by a few hundredths, and a certificate's scores could not be recomputed. On CPU
    it is also as fast (``benchmarks/nli_speed.py``).
    """

    name = "onnx"

    def __init__(self, model: str = DEFAULT_MODEL, *, threads: int = 0, batch_size: int = 1,
                 max_length: int = 256) -> None:
        check_backend_args(batch_size=batch_size, max_length=max_length, threads=threads)
        self.model = model
        self.threads = threads
        self.batch_size = batch_size
        self.max_length = max_length
        self._loaded: _Loaded | None = None

    # ------------------------------------------------------------------ loading

    @property
    def labels(self) -> tuple[str, ...]:
        """Canonical labels by class id (loads the model)."""
        return self._ensure().labels

    @property
    def model_id(self) -> str:
        return self._ensure().model_id

    @property
    def model_sha256(self) -> str:
        return self._ensure().sha256

    @property
    def calibration(self) -> Calibration:
        return self._ensure().calibration

    def load(self) -> None:
        """Open the model folder; raises :class:`BackendUnavailable` naming what is missing."""
        if self._loaded is not None:
            return
        folder = resolve(self.model)
        for needed in ("model.onnx", "tokenizer.json", "config.json"):
            if not (folder / needed).is_file():
                raise BackendUnavailable(f"{folder}: missing {needed}")
        if (folder / MANIFEST).is_file():
            info = load_model_info(folder, check=True)
            if info.task != "nli":
                raise BackendUnavailable(f"{folder}: a {info.task!r} model, not an NLI model")
            model_id, sha = info.id, info.weights_sha256
        else:
            model_id, sha = str(folder), file_sha256(folder / "model.onnx")
        labels = canonical_labels(_read_id2label(folder / "config.json"))
        calibration = load_calibration(folder)
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:  # pragma: no cover - core dependencies
            raise BackendUnavailable(
                f"onnxruntime and tokenizers are needed for the onnx backend: {exc}"
            ) from exc
        try:
            tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        except Exception as exc:
            raise BackendUnavailable(f"{folder}/tokenizer.json: cannot load: {exc}") from exc
        padding = tokenizer.padding
        pad_id = padding["pad_id"] if padding else tokenizer.token_to_id("[PAD]")
        tokenizer.no_padding()
        tokenizer.enable_truncation(self.max_length, strategy="only_first")
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = self.threads
        opts.inter_op_num_threads = 1
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        try:
            session = ort.InferenceSession(str(folder / "model.onnx"), sess_options=opts,
                                           providers=["CPUExecutionProvider"])
        except Exception as exc:
            raise BackendUnavailable(f"{folder}/model.onnx: cannot load: {exc}") from exc
        names = [i.name for i in session.get_inputs()]
        unknown = set(names) - {"input_ids", "attention_mask", "token_type_ids"}
        if "input_ids" not in names or unknown:
            raise BackendUnavailable(f"{folder}/model.onnx: unexpected inputs {names}")
        self._loaded = _Loaded(session=session, tokenizer=tokenizer, input_names=names,
                               labels=labels, calibration=calibration, model_id=model_id,
                               sha256=sha, pad_id=0 if pad_id is None else int(pad_id))

    def _ensure(self) -> _Loaded:
        self.load()
        assert self._loaded is not None
        return self._loaded

    # ------------------------------------------------------------------ scoring

    def _encode(self, pairs: Sequence[tuple[str, str]]) -> tuple[list[list[int]],
                                                                  list[list[int]], list[bool]]:
        m = self._ensure()
        for i, (premise, hypothesis) in enumerate(pairs):
            if not isinstance(premise, str) or not isinstance(hypothesis, str):
                raise InputError(f"pair {i}: premise and hypothesis must be strings")
        try:
            encs = m.tokenizer.encode_batch([(p, h) for p, h in pairs])
        except Exception:
            encs = []
            for i, (p, h) in enumerate(pairs):
                try:
                    encs.append(m.tokenizer.encode(p, h))
                except Exception as exc:
                    raise InputError(
                        f"pair {i}: the claim does not fit the model's {self.max_length} "
                        f"tokens ({len(h)} chars); shorten or split it"
                    ) from exc
        ids = [list(e.ids) for e in encs]
        types = [list(e.type_ids) for e in encs]
        cut = [bool(e.overflowing) for e in encs]
        return ids, types, cut

    def logits(self, pairs: Sequence[tuple[str, str]]) -> tuple[np.ndarray, list[bool]]:
        """Raw logits ``(n, classes)`` for ``pairs`` (before softmax and calibration),
        and whether each premise was truncated."""
        import numpy as np

        m = self._ensure()
        n_classes = len(m.labels)
        if not pairs:
            return np.zeros((0, n_classes), dtype=np.float32), []
        ids, types, cut = self._encode(pairs)
        out = np.zeros((len(pairs), n_classes), dtype=np.float32)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        for k in range(0, len(order), self.batch_size):
            idx = order[k : k + self.batch_size]
            width = max(len(ids[i]) for i in idx)
            input_ids = np.full((len(idx), width), m.pad_id, dtype=np.int64)
            token_types = np.zeros((len(idx), width), dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            for row, i in enumerate(idx):
                n = len(ids[i])
                input_ids[row, :n] = ids[i]
                token_types[row, :n] = types[i]
                mask[row, :n] = 1
            feed = {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": token_types}
            try:
                result = m.session.run(None, {k2: feed[k2] for k2 in m.input_names})[0]
            except Exception as exc:
                raise BackendError(f"onnxruntime failed on a batch of {len(idx)}: {exc}") from exc
            arr = np.asarray(result)
            if arr.shape != (len(idx), n_classes):
                raise BackendError(
                    f"model output has shape {arr.shape}, expected ({len(idx)}, {n_classes})"
                )
            out[idx] = arr
        return out, cut

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        """Calibrated NLI results, one per ``(premise, hypothesis)`` pair, in order."""
        m = self._ensure()
        logits, cut = self.logits(pairs)
        return results_from_logits(logits, [p for p, _ in pairs], labels=m.labels,
                                   calibration=m.calibration, model_id=m.model_id,
                                   model_sha256=m.sha256, truncated=cut)

    def __repr__(self) -> str:
        return f"OnnxNLIVerifier(model={self.model!r}, threads={self.threads})"


def _read_id2label(path: Path) -> dict[str, Any]:
    try:
        config = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise BackendUnavailable(f"{path}: unreadable config: {exc}") from exc
    id2label = config.get("id2label") if isinstance(config, dict) else None
    if not isinstance(id2label, dict) or not id2label:
        raise BackendUnavailable(f"{path}: no id2label; cannot tell which class is entailment")
    return id2label

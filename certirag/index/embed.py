"""Sentence embeddings with an ONNX encoder on onnxruntime.

A model folder (see :mod:`certirag.models`) holds ``model.onnx`` with output
``last_hidden_state``, ``tokenizer.json`` and a manifest whose extra keys say
how to pool: ``pooling`` (only ``"mean"``), ``normalize`` (default true),
``dim`` and ``max_length``.

>>> emb = OnnxEmbedder()                       # cheap: nothing is loaded yet
>>> emb.embed(["a sentence", "another"]).shape  # doctest: +SKIP
(2, 384)
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from certirag.config import Settings

from certirag.errors import BackendError, BackendUnavailable, ConfigError, InputError
from certirag.models import ModelInfo, load_model_info, resolve

__all__ = ["DEFAULT_EMBED_MODEL", "OnnxEmbedder"]

DEFAULT_EMBED_MODEL = "builtin:minilm-l6-embed-int8"

_OUTPUT = "last_hidden_state"


class OnnxEmbedder:
    """Mean-pooled, L2-normalised sentence embeddings from an ONNX encoder.

    ``model`` is ``builtin:NAME`` or a model folder. ``threads`` sets
    onnxruntime's intra-op threads (0 = the runtime's default). Texts are cut at
    ``max_length`` tokens and run ``batch_size`` at a time, grouped by length so
    that little padding is computed; results come back in input order.

    The constructor only validates its arguments; the manifest is read on first
    use of :attr:`info` / :attr:`dim` and the model on :meth:`load` or the first
    :meth:`embed`. Loading checks the sha256 of every file listed in the manifest.

    With a dynamically quantised model (the built-in one) activations are scaled
    per batch, so a text's vector varies slightly with the texts batched with it
    (built-in model: mean cosine 0.991 between alone and batched); the same
    inputs with the same ``batch_size`` always give identical vectors.
    """

    @classmethod
    def from_settings(cls, settings: Settings) -> OnnxEmbedder:
        """The embedder ``settings`` name (``embed_model``, ``threads``,
        ``embed_batch_size``); nothing is loaded yet."""
        return cls(settings.embed_model, threads=settings.threads,
                   batch_size=settings.embed_batch_size)

    def __init__(
        self,
        model: str = DEFAULT_EMBED_MODEL,
        *,
        threads: int = 0,
        batch_size: int = 64,
        max_length: int = 256,
    ) -> None:
        if not isinstance(model, str) or not model:
            raise ConfigError("embedding model must be a non-empty string")
        if threads < 0:
            raise ConfigError(f"threads must be >= 0, got {threads}")
        if batch_size < 1:
            raise ConfigError(f"batch_size must be >= 1, got {batch_size}")
        if max_length < 2:
            raise ConfigError(f"max_length must be >= 2 (room for the special tokens), "
                              f"got {max_length}")
        self.model = model
        self.threads = threads
        self.batch_size = batch_size
        self.max_length = max_length
        self._info: ModelInfo | None = None
        self._session: Any = None
        self._tokenizer: Any = None
        self._input_names: list[str] = []
        self._normalize = True
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return (f"OnnxEmbedder({self.model!r}, threads={self.threads}, "
                f"batch_size={self.batch_size}, max_length={self.max_length})")

    # ---- metadata ---------------------------------------------------------------------
    @property
    def info(self) -> ModelInfo:
        """The model's manifest (``info.weights_sha256`` identifies the weights)."""
        if self._info is None:
            info = load_model_info(resolve(self.model))
            if info.task != "embedding":
                raise ConfigError(f"{self.model}: a {info.task!r} model, not an embedding model")
            pooling = info.extra.get("pooling", "mean")
            if pooling != "mean":
                raise ConfigError(f"{self.model}: pooling {pooling!r} is not supported "
                                  f"(only 'mean')")
            dim = info.extra.get("dim")
            if not isinstance(dim, int) or dim < 1:
                raise BackendUnavailable(f"{info.path}: the manifest has no valid 'dim'")
            self._info = info
        return self._info

    @property
    def dim(self) -> int:
        """Length of each embedding vector."""
        return int(self.info.extra["dim"])

    # ---- loading ----------------------------------------------------------------------
    def load(self) -> OnnxEmbedder:
        """Load the tokenizer and the ONNX session (once); returns ``self``."""
        with self._lock:
            if self._session is None:
                self._load()
        return self

    def _load(self) -> None:
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise BackendUnavailable(
                "the ONNX embedder needs onnxruntime and tokenizers: pip install certirag"
            ) from exc
        info = self.info
        load_model_info(info.path, check=True)  # sha256 of every listed file (~30 ms)
        self._check_length(info.path)
        self._normalize = bool(info.extra.get("normalize", True))

        tokenizer = Tokenizer.from_file(str(info.path / "tokenizer.json"))
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=self.max_length)

        options = ort.SessionOptions()
        options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        try:
            session = ort.InferenceSession(str(info.path / "model.onnx"), options,
                                           providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own exception types
            raise BackendUnavailable(f"{info.path / 'model.onnx'}: cannot be loaded: {exc}"
                                     ) from exc
        outputs = [o.name for o in session.get_outputs()]
        if _OUTPUT not in outputs:
            raise BackendUnavailable(f"{info.path / 'model.onnx'}: no {_OUTPUT!r} output "
                                     f"(outputs: {outputs})")
        names = [i.name for i in session.get_inputs()]
        unknown = set(names) - {"input_ids", "attention_mask", "token_type_ids"}
        if unknown or "input_ids" not in names or "attention_mask" not in names:
            raise BackendUnavailable(f"{info.path / 'model.onnx'}: unexpected inputs {names}")
        self._input_names = names
        self._tokenizer = tokenizer
        self._session = session

    def _check_length(self, path: Path) -> None:
        try:
            config = json.loads((path / "config.json").read_text("utf-8"))
        except (OSError, ValueError):
            return  # positions unknown; the model itself fails on overlong input
        limit = config.get("max_position_embeddings")
        if isinstance(limit, int) and self.max_length > limit:
            raise ConfigError(f"max_length {self.max_length} exceeds the {limit} positions of "
                              f"{self.model}")

    # ---- embedding --------------------------------------------------------------------
    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts``: float32 array of shape ``(len(texts), dim)``, rows in input order."""
        if isinstance(texts, str | bytes):
            raise InputError("embed() takes a sequence of strings, not a single string")
        items = list(texts)
        for i, text in enumerate(items):
            if not isinstance(text, str):
                raise InputError(f"embed(): item {i} is {type(text).__name__}, not str")
        if not items:
            return np.zeros((0, self.dim), dtype=np.float32)
        self.load()
        encodings = self._tokenizer.encode_batch(items, add_special_tokens=True)
        order = sorted(range(len(items)), key=lambda i: len(encodings[i].ids))
        out = np.empty((len(items), self.dim), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            rows = order[start: start + self.batch_size]
            out[rows] = self._run([encodings[i] for i in rows])
        return out

    def _run(self, encodings: list[Any]) -> np.ndarray:
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        types = np.zeros_like(ids)
        for row, enc in enumerate(encodings):
            n = len(enc.ids)
            ids[row, :n] = enc.ids
            mask[row, :n] = 1
            types[row, :n] = enc.type_ids
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        try:
            (hidden,) = self._session.run([_OUTPUT], {k: feeds[k] for k in self._input_names})
        except Exception as exc:  # onnxruntime raises its own exception types
            raise BackendError(f"embedding model {self.model} failed: {exc}") from exc
        hidden = np.asarray(hidden, dtype=np.float32)
        if hidden.ndim != 3 or hidden.shape[2] != self.dim:
            raise BackendError(f"embedding model {self.model} returned shape {hidden.shape}, "
                               f"expected (batch, sequence, {self.dim})")
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1.0)
        if self._normalize:
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            pooled = pooled / np.maximum(norms, 1e-12)
        result: np.ndarray = pooled.astype(np.float32, copy=False)
        return result

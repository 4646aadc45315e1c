"""The verifier contract: results, the protocol, label mapping, the registry, and
:func:`verify_claims`, which turns claims × evidence into one batched call.

A verifier scores (premise, hypothesis) pairs, where the premise is evidence and the
hypothesis is a claim. Every backend implements the single batch method
:meth:`Verifier.score_pairs`; everything else (windowing, picking the best window) is
shared here.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from certirag.errors import BackendError, BackendUnavailable, ConfigError, InputError
from certirag.plugins import Registry
from certirag.schemas import Scores
from certirag.verifiers.calibration import Calibration, softmax
from certirag.verifiers.windows import select_windows

if TYPE_CHECKING:
    import numpy as np

    from certirag.config import Settings

__all__ = [
    "ENTAILMENT",
    "ENTRY_POINT_GROUP",
    "NOT_ENTAILMENT",
    "NLIResult",
    "Verifier",
    "VerifierFactory",
    "canonical_labels",
    "check_backend_args",
    "create_verifier",
    "register_verifier",
    "results_from_logits",
    "unregister_verifier",
    "verifier_factory",
    "verifier_names",
    "verify_claims",
]

ENTAILMENT = "entailment"
NEUTRAL = "neutral"
CONTRADICTION = "contradiction"
NOT_ENTAILMENT = "not_entailment"

# Chars per WordPiece token used to size evidence windows; English averages above 4, so
# 3.5 keeps most windows inside the model's length.
_CHARS_PER_TOKEN = 3.5


@dataclass(frozen=True, slots=True)
class NLIResult:
    """The outcome of scoring one (evidence, claim) pair.

    ``scores`` are calibrated (``neutral``/``contradiction`` are ``None`` for a 2-class
    model); ``raw`` holds the uncalibrated probabilities keyed by canonical label
    (``entailment``, ``neutral``, ``contradiction`` or ``not_entailment``). ``window`` is
    the evidence text that was scored; ``evidence_index``/``start``/``end`` locate it in
    the evidence passed to :func:`verify_claims` (``None`` from a bare ``score_pairs``).
    ``truncated`` is true when the premise did not fit the model and was cut.
    """

    scores: Scores
    raw: dict[str, float]
    window: str
    model_id: str
    model_sha256: str
    calibration: str = "identity"
    temperature: float = 1.0
    truncated: bool = False
    evidence_index: int | None = None
    start: int | None = None
    end: int | None = None


@runtime_checkable
class Verifier(Protocol):
    """An NLI backend. Constructors are cheap; :meth:`load` loads the model (and is
    called by :meth:`score_pairs` when needed)."""

    name: str

    def load(self) -> None:
        """Load the model now; raises :class:`BackendUnavailable` naming the fix."""
        ...

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        """Score ``(premise, hypothesis)`` pairs: premise = evidence, hypothesis = claim.
        Returns one result per pair, in order."""
        ...


# --------------------------------------------------------------------------- labels

_ENTAIL_NAMES = {"entailment", "entail", "entails", "entailed", "supported", "support",
                 "supports", "consistent"}
_CONTRA_NAMES = {"contradiction", "contradict", "contradicts", "contradicted"}
_NEUTRAL_NAMES = {"neutral"}
_NOT_ENTAIL_NAMES = {"not entailment", "not entailed", "non entailment", "not supported",
                     "unsupported", "not consistent", "inconsistent", "not entail"}


def _norm_label(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", str(name).strip().lower())


def canonical_labels(id2label: Mapping[Any, Any]) -> tuple[str, ...]:
    """Map a model config's ``id2label`` to canonical names, indexed by class id.

    Names match case-insensitively: entailment/entail/supported/consistent →
    ``entailment``; contradiction/contradict → ``contradiction``; ``neutral``. A 2-class
    model pairs ``entailment`` with a negative label (not_entailment, not supported,
    inconsistent, …) → ``not_entailment``. Anything else raises
    :class:`BackendUnavailable`, because guessing a label order would be unsafe.
    """
    try:
        items = sorted((int(k), str(v)) for k, v in id2label.items())
    except (TypeError, ValueError) as exc:
        raise BackendUnavailable(f"id2label has non-integer class ids: {dict(id2label)}") from exc
    if [k for k, _ in items] != list(range(len(items))) or len(items) not in (2, 3):
        raise BackendUnavailable(
            f"id2label must number 2 or 3 classes 0..n-1, got {dict(items)}"
        )
    out: list[str] = []
    for _, name in items:
        norm = _norm_label(name)
        if norm in _ENTAIL_NAMES:
            out.append(ENTAILMENT)
        elif norm in _CONTRA_NAMES:
            out.append(CONTRADICTION)
        elif norm in _NEUTRAL_NAMES:
            out.append(NEUTRAL)
        elif norm in _NOT_ENTAIL_NAMES:
            out.append(NOT_ENTAILMENT)
        else:
            raise BackendUnavailable(
                f"cannot map label {name!r} of id2label {dict(items)} to entailment, neutral "
                "or contradiction; name the classes in the model's config.json "
                "(e.g. entailment / neutral / contradiction)"
            )
    wanted = ({ENTAILMENT, NOT_ENTAILMENT} if len(out) == 2
              else {ENTAILMENT, NEUTRAL, CONTRADICTION})
    if set(out) != wanted:
        raise BackendUnavailable(
            f"id2label {dict(items)} does not name exactly the classes {sorted(wanted)}"
        )
    return tuple(out)


def results_from_logits(
    logits: np.ndarray,
    premises: Sequence[str],
    *,
    labels: Sequence[str],
    calibration: Calibration,
    model_id: str,
    model_sha256: str,
    truncated: Sequence[bool] | None = None,
) -> list[NLIResult]:
    """Turn a ``(n, classes)`` logit matrix into results: softmax for ``raw``,
    calibration for ``scores``. Shared by the built-in backends."""
    import numpy as np

    arr = np.asarray(logits, dtype=np.float64)
    if arr.ndim != 2 or arr.shape != (len(premises), len(labels)):
        raise BackendError(
            f"model returned logits of shape {arr.shape}, expected ({len(premises)}, {len(labels)})"
        )
    if not np.all(np.isfinite(arr)):
        raise BackendError("model returned non-finite logits")
    raw = softmax(arr)
    cal = calibration.apply(arr)
    cut = list(truncated) if truncated is not None else [False] * len(premises)
    out: list[NLIResult] = []
    for i, premise in enumerate(premises):
        rp = {lab: float(raw[i, j]) for j, lab in enumerate(labels)}
        cp = {lab: min(1.0, max(0.0, float(cal[i, j]))) for j, lab in enumerate(labels)}
        scores = Scores(entailment=cp[ENTAILMENT], neutral=cp.get(NEUTRAL),
                        contradiction=cp.get(CONTRADICTION))
        out.append(NLIResult(scores=scores, raw=rp, window=premise, model_id=model_id,
                             model_sha256=model_sha256, calibration=calibration.method,
                             temperature=calibration.temperature, truncated=bool(cut[i])))
    return out


def check_backend_args(*, batch_size: int, max_length: int, threads: int = 0) -> None:
    """Validate the sizes a built-in backend's constructor takes; raises :class:`InputError`."""
    if threads < 0:
        raise InputError(f"threads must be >= 0, got {threads}")
    if batch_size < 1:
        raise InputError(f"batch_size must be >= 1, got {batch_size}")
    if max_length < 16:
        raise InputError(f"max_length must be >= 16, got {max_length}")


# ------------------------------------------------------------------------- registry

VerifierFactory = Callable[["Settings"], Verifier]

def _factory(obj: object) -> VerifierFactory:
    if not callable(obj):
        raise TypeError("is not a factory (a callable taking the settings)")
    return obj  # type: ignore[return-value]


#: The entry-point group an installed package declares its verifier factories in, as
#: ``[project.entry-points."certirag.verifiers"] mine = "my_package:factory"``.
ENTRY_POINT_GROUP = "certirag.verifiers"

# Backend factories, keyed by ``settings.nli_backend``. It holds code, not settings:
# factories get the settings object passed in. The built-in backends register here like
# any other (:mod:`certirag.verifiers.builtin`).
_REGISTRY: Registry[VerifierFactory] = Registry(ENTRY_POINT_GROUP, "nli_backend",
                                                check=_factory)


def register_verifier(name: str, factory: VerifierFactory, *, replace: bool = False) -> None:
    """Register a backend factory (``factory(settings) -> Verifier``) under ``name``."""
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_\-]*", name):
        raise ConfigError(f"bad verifier name {name!r}: use lowercase letters, digits, - and _")
    try:
        _REGISTRY.register(name, factory, replace=replace)
    except ConfigError:
        raise ConfigError(f"a verifier named {name!r} is already registered") from None


def unregister_verifier(name: str) -> None:
    """Remove a registered backend; unknown names raise :class:`ConfigError`."""
    try:
        _REGISTRY.unregister(name)
    except ConfigError:
        raise ConfigError(f"no verifier named {name!r} is registered") from None


def verifier_names() -> list[str]:
    """Names of the registered backends and of those installed packages declare, sorted."""
    return _REGISTRY.names()


def verifier_factory(name: str) -> VerifierFactory:
    """The factory registered under ``name``, or the one an installed package declares
    under that name in the ``certirag.verifiers`` entry-point group (loaded and registered
    on first use); unknown names raise :class:`ConfigError`."""
    return _REGISTRY.get(name)


def create_verifier(settings: Settings) -> Verifier:
    """Build the backend named by ``settings.nli_backend`` (not loaded yet)."""
    return verifier_factory(settings.nli_backend)(settings)


# -------------------------------------------------------------------- verify_claims

def _window_chars(verifier: Verifier, claim: str) -> int:
    """Characters of evidence that fit beside ``claim`` in the verifier's input."""
    max_length = getattr(verifier, "max_length", None)
    if not isinstance(max_length, int) or max_length <= 0:
        max_length = 256
    claim_tokens = math.ceil(len(claim) / 3.0) + 1
    return max(80, int((max_length - 3 - claim_tokens) * _CHARS_PER_TOKEN))


def verify_claims(
    verifier: Verifier,
    claims: Sequence[str],
    evidence: Sequence[str],
    *,
    windows: int,
    max_chars: int | None = None,
) -> list[NLIResult]:
    """Score every claim against the evidence; one result per claim, in order.

    Each evidence text is split into windows (single sentences, adjacent pairs, and the
    whole text when it fits ``max_chars``, by default sized from the verifier's
    ``max_length``); the ``windows`` most relevant to each claim are scored in ONE
    ``score_pairs`` call across all claims, and the window with the highest entailment
    is kept (ties go to the more relevant window). The result carries the window's
    evidence index and char offsets.
    """
    if windows < 1:
        raise InputError(f"windows must be at least 1, got {windows}")
    if not claims:
        return []
    for i, claim in enumerate(claims):
        if not claim or not claim.strip():
            raise InputError(f"claim {i} is blank")
    if not any(text and text.strip() for text in evidence):
        raise InputError("no evidence text to verify against")

    chosen = []
    for claim in claims:
        budget = max_chars if max_chars is not None else _window_chars(verifier, claim)
        picked = select_windows(claim, evidence, top=windows, max_chars=budget)
        if not picked:  # unreachable with non-blank evidence; kept as a guard
            raise InputError("no evidence window could be built")
        chosen.append(picked)
    pairs = [(w.text, claim) for claim, ws in zip(claims, chosen, strict=True) for w in ws]
    results = verifier.score_pairs(pairs)
    if len(results) != len(pairs):
        raise BackendError(
            f"verifier {getattr(verifier, 'name', '?')!r} returned {len(results)} results "
            f"for {len(pairs)} pairs"
        )
    out: list[NLIResult] = []
    k = 0
    for ws in chosen:
        block = results[k : k + len(ws)]
        k += len(ws)
        best = max(range(len(ws)), key=lambda j: (block[j].scores.entailment, -j))
        w = ws[best]
        out.append(dataclasses.replace(block[best], window=w.text, evidence_index=w.source,
                                       start=w.start, end=w.end))
    return out

"""Batch verification: a JSON Lines file of ``{id, question, answer, evidence}`` rows
verified into an output file, one row per id, resumable.

Two engines write the same bytes for the same input: ``local`` (one process,
:mod:`certirag.batch.local`) and ``ray`` (an actor pool on a Ray cluster,
:mod:`certirag.batch.ray_engine`, extra ``[ray]``). Both read the batch with
:func:`plan_batch` and make every output line with the same function; importing this
package imports no Ray.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from certirag.batch.common import (
    MAX_BATCH_LINE,
    BatchLine,
    BatchPlan,
    BatchSummary,
    parse_batch,
    plan_batch,
)
from certirag.batch.local import run_local
from certirag.errors import InputError

if TYPE_CHECKING:
    from certirag.config import Settings
    from certirag.progress import Progress

__all__ = ["ENGINES", "MAX_BATCH_LINE", "BatchLine", "BatchPlan", "BatchSummary", "Engine",
           "parse_batch", "plan_batch", "run_batch", "run_local"]

Engine = Literal["local", "ray"]
ENGINES: tuple[Engine, ...] = ("local", "ray")


def run_batch(batch: Path, out: Path, settings: Settings, *, engine: str = "local",
              address: str | None = None, workers: int | None = None,
              progress: Progress | None = None) -> BatchSummary:
    """Verify every row of ``batch`` into ``out`` on ``engine``; keep the finished rows
    already in ``out`` and redo its error rows. ``address`` and ``workers`` are for
    ``engine="ray"`` only (see :func:`certirag.batch.ray_engine.run_ray`).
    ``summary.exit_code`` is the exit code of the worst row."""
    if engine not in ENGINES:
        raise InputError(f"--engine must be local or ray, not {engine!r}")
    if engine == "local" and (address is not None or workers is not None):
        raise InputError("--address and --workers are for --engine ray")
    plan = plan_batch(batch, out)
    if engine == "ray":
        from certirag.batch.ray_engine import run_ray

        return run_ray(plan, settings, address=address, workers=workers, progress=progress)
    return run_local(plan, settings, progress=progress)

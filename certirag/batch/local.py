"""The local batch engine: one process, one verifier, the rows one after another."""

from __future__ import annotations

from typing import TYPE_CHECKING

from certirag.batch.common import BatchPlan, BatchSummary, BatchWriter, verify_row
from certirag.progress import NullProgress, Progress

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["run_local"]


def run_local(plan: BatchPlan, settings: Settings, *,
              progress: Progress | None = None) -> BatchSummary:
    """Verify the pending rows of ``plan`` into ``plan.out`` with one verifier, built by
    :func:`certirag.verifiers.create_verifier` and loaded before anything is written."""
    from certirag.verifiers import create_verifier

    progress = progress or NullProgress()
    verifier = create_verifier(settings)
    verifier.load()
    pending = plan.pending
    with BatchWriter(plan) as writer:
        progress.start("verifying", len(plan.lines))
        progress.advance(writer.summary.kept)
        for line in pending:
            writer.write(*verify_row(line, plan.source, settings, verifier))
            progress.advance()
        progress.finish()
    return writer.summary

"""The Ray batch engine: the pending rows of a batch on a pool of Ray actors, one loaded
verifier per actor, the results written in input order as they arrive.

The driver reads and validates the batch with the same strict reader as the local engine
(:func:`certirag.batch.common.plan_batch`); only rows that parsed and are not done yet go
to Ray, as ``{pos, number, ident, obj}`` records (``obj`` is the row's JSON text, so Ray's
own type inference never touches it) through :func:`ray.data.from_items`. ``map_batches``
runs :class:`VerifyRows` on an actor pool of ``workers`` actors: each builds one verifier
with :func:`certirag.verifiers.create_verifier` and loads it once, then makes each output
line with :func:`certirag.batch.common.verify_row`, the function the local engine uses.
The dataset preserves order, so the driver appends each line to the output as it comes,
in input order: a killed run leaves a prefix that a rerun resumes from.

Ray is imported only here, and only when a batch runs on it; without it the engine raises
:class:`~certirag.errors.ConfigError` naming the extra.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from certirag.batch.common import (
    BatchLine,
    BatchPlan,
    BatchSummary,
    BatchWriter,
    in_order,
    verify_row,
)
from certirag.errors import (
    BackendError,
    BackendUnavailable,
    CertiragError,
    ConfigError,
    InputError,
)
from certirag.jsonio import loads
from certirag.progress import NullProgress, Progress

if TYPE_CHECKING:
    from certirag.config import Settings

__all__ = ["LOAD_FAILED", "RAY_EXTRA", "ROWS_PER_CALL", "VerifyRows", "load_ray", "run_ray"]

RAY_EXTRA = "pip install 'certirag[ray]'"
"""The command that installs what ``--engine ray`` needs."""

ROWS_PER_CALL = 4
"""Rows an actor verifies per call: few, so that the actors of a short batch share it
evenly and results reach the output soon."""

LOAD_FAILED = "load_failed"
"""The outcome :class:`VerifyRows` gives every row when its verifier did not load (the
line is then ``ErrorClass: message``): the driver raises that error, as the local engine
does, instead of Ray retrying the actor's construction."""

_LOAD_ERRORS: dict[str, type[CertiragError]] = {
    cls.__name__: cls for cls in (BackendUnavailable, BackendError, ConfigError, InputError)}

Result = tuple[int, str, str]
"""``(position among the pending lines, outcome, output line)``."""


def load_ray() -> Any:
    """The ``ray`` module with Ray Data, or :class:`ConfigError` naming the extra."""
    try:
        import ray
        import ray.data
    except ImportError as exc:
        raise ConfigError(f"--engine ray needs Ray Data, which is not installed: {RAY_EXTRA}"
                          f" ({exc})") from exc
    return ray


class VerifyRows:
    """The ``map_batches`` class: one verifier per actor, built and loaded when the actor
    starts, through the same settings → verifier path as the local engine."""

    def __init__(self, settings: Settings, source: str) -> None:
        from certirag.verifiers import create_verifier

        self.settings = settings
        self.source = source
        self.failure: str | None = None
        self.verifier = create_verifier(settings)
        try:
            self.verifier.load()
        except CertiragError as exc:
            self.failure = f"{type(exc).__name__}: {exc}"

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[Any]]:
        positions: list[int] = []
        outcomes: list[str] = []
        texts: list[str] = []
        for pos, number, ident, obj in zip(batch["pos"], batch["number"], batch["ident"],
                                           batch["obj"], strict=True):
            if self.failure is not None:
                outcome, text = LOAD_FAILED, self.failure
            else:
                line = BatchLine(int(number), str(ident), loads(str(obj)), None, "")
                outcome, text = verify_row(line, self.source, self.settings, self.verifier)
            positions.append(int(pos))
            outcomes.append(outcome)
            texts.append(text)
        return {"pos": positions, "outcome": outcomes, "text": texts}


def _load_failure(text: str) -> CertiragError:
    """The error that a :data:`LOAD_FAILED` line names."""
    name, _, message = text.partition(": ")
    return _LOAD_ERRORS.get(name, BackendUnavailable)(message)


def _records(pending: list[BatchLine]) -> list[dict[str, Any]]:
    return [{"pos": pos, "number": line.number, "ident": line.ident,
             "obj": json.dumps(line.obj, ensure_ascii=False)}
            for pos, line in enumerate(pending) if line.obj is not None]


def _connect(ray: Any, address: str | None) -> bool:
    """Join the cluster at ``address`` or start a local one; ``True`` when this call
    connected (and so disconnects at the end), ``False`` when Ray was already up."""
    if ray.is_initialized():
        return False
    kwargs: dict[str, Any] = {"logging_level": logging.WARNING}
    if address is None:
        kwargs["include_dashboard"] = False
    try:
        ray.init(address=address, **kwargs)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray cluster"
        raise ConfigError(f"cannot start or join {where}: {exc}") from exc
    return True


def _pool_size(ray: Any, workers: int | None) -> int:
    """``workers``, or the cluster's CPUs; one CPU an actor. Counted from the cluster's
    resources, not its free ones: the actors of a batch that just ended take a moment to
    go, and Ray queues a pool that has to wait for CPUs."""
    cpus = int(ray.cluster_resources().get("CPU", 0))
    if workers is None:
        if cpus < 1:
            raise ConfigError("the Ray cluster has no CPU for a worker")
        return cpus
    if workers > cpus:
        raise InputError(f"--workers {workers} is more than the {cpus} CPUs of the Ray "
                         "cluster (one a worker)")
    return workers


def _ray_errors(ray: Any, rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """``rows``, with a failure of Ray itself (a worker that cannot import certirag, a
    lost node) turned into :class:`~certirag.errors.BackendError` (exit 3)."""
    try:
        yield from rows
    except ray.exceptions.RayError as exc:
        lines = [x for x in str(exc).strip().splitlines() if x.strip()]
        raise BackendError(f"the Ray job failed: {lines[-1] if lines else type(exc).__name__}"
                           ) from exc


def _results(ray: Any, records: list[dict[str, Any]], settings: Settings, source: str,
             workers: int) -> Generator[Result, None, None]:
    """A :data:`Result` for each record, in order (lazy: nothing runs before the first
    ``next``)."""
    ds = ray.data.from_items(records,
                             override_num_blocks=max(1, min(len(records), workers * 4)))
    ctx = ds.context
    ctx.execution_options.preserve_order = True
    ctx.enable_progress_bars = False
    ctx.print_on_execution_start = False
    mapped = ds.map_batches(
        VerifyRows, batch_size=ROWS_PER_CALL, batch_format="numpy",
        compute=ray.data.ActorPoolStrategy(size=workers), num_cpus=1,
        fn_constructor_kwargs={"settings": settings, "source": source})
    rows = mapped.iter_rows()
    try:
        for row in _ray_errors(ray, rows):
            if row["outcome"] == LOAD_FAILED:
                raise _load_failure(str(row["text"]))
            yield int(row["pos"]), str(row["outcome"]), str(row["text"])
    finally:
        close = getattr(rows, "close", None)
        if callable(close):
            close()


def _chain(first: list[Result], rest: Iterator[Result] | None) -> Iterator[Result]:
    yield from first
    if rest is not None:
        yield from rest


def run_ray(plan: BatchPlan, settings: Settings, *, address: str | None = None,
            workers: int | None = None, progress: Progress | None = None) -> BatchSummary:
    """Verify the pending rows of ``plan`` into ``plan.out`` on Ray (see the module
    docstring). ``address`` goes to :func:`ray.init` (``None`` starts a local cluster, or
    uses the one this process has already joined); ``workers`` is the actor pool size
    (default: the cluster's CPUs, one each). Writes the same bytes as
    :func:`certirag.batch.local.run_local` for the same input; nothing is written before
    an actor has loaded its verifier."""
    from certirag.verifiers import create_verifier

    ray = load_ray()
    if workers is not None and workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    create_verifier(settings)  # an unknown backend is refused here, before Ray starts
    progress = progress or NullProgress()
    pending = plan.pending
    records = _records(pending)
    connected = _connect(ray, address) if records else False
    logger = logging.getLogger("ray.data")
    level = logger.level
    logger.setLevel(logging.ERROR)  # its notices would break the progress bar
    verified: Generator[Result, None, None] | None = None
    try:
        first: list[Result] = []
        if records:
            size = _pool_size(ray, workers)
            progress.start(f"starting {size} Ray worker{'s' if size > 1 else ''}", None)
            verified = _results(ray, records, settings, plan.source, size)
            first = [next(verified)]  # before writing: an actor has loaded its verifier
        with BatchWriter(plan) as writer:
            progress.start("verifying", len(plan.lines))
            progress.advance(writer.summary.kept)
            for outcome, text in in_order(pending, _chain(first, verified), plan.source):
                writer.write(outcome, text)
                progress.advance()
            progress.finish()
        if verified is not None and next(verified, None) is not None:
            raise RuntimeError("Ray returned more batch results than rows were sent")
    finally:
        if verified is not None:
            verified.close()
        logger.setLevel(level)
        if connected:
            ray.shutdown()
    return writer.summary

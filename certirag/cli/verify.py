"""``certirag verify``: one answer, or a batch file, checked claim by claim."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from certirag import batch as batch_engine
from certirag.batch import MAX_BATCH_LINE, BatchLine, parse_batch
from certirag.batch.common import json_error
from certirag.cli.common import (
    ConfigOpt,
    PresetOpt,
    RichProgress,
    StoreOpt,
    argv_text,
    err,
    errors_to_exit_codes,
    print_json,
    read_input_bytes,
    read_stdin_text,
    settings_from,
)
from certirag.config import Settings
from certirag.errors import InputError
from certirag.evidence import read_evidence
from certirag.index import Index
from certirag.jsonio import decode_utf8, jsonl_lines, loads
from certirag.schemas import Evidence

if TYPE_CHECKING:
    from certirag.result import VerificationResult

# Lazy by design: the library stacks (certirag.certify, certirag.pipeline,
# certirag.verifiers, certirag.generate) are imported inside the commands that use them.
# typer imports every command module on every run; importing them here would add ~170 ms
# to each `certirag` invocation (`certirag.cli` imports in ~150 ms, ~300 ms with them).

__all__ = ["MAX_BATCH_LINE", "MAX_EVIDENCE_FILE_BYTES", "BatchLine", "parse_batch",
           "read_evidence_file", "run_batch", "verify_command"]

MAX_EVIDENCE_FILE_BYTES = 64 << 20
"""The largest ``--evidence`` file read (64 MiB; the evidence itself is capped at
:data:`certirag.evidence.MAX_EVIDENCE_CHARS` characters)."""


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def read_evidence_file(path: Path) -> list[Evidence]:
    """JSONL of ``{"id", "text"}`` passages, or any other file as one plain-text passage.

    JSON Lines end at ``\\n`` only (a BOM and ``\\r\\n`` are accepted); each line is read
    with :func:`certirag.jsonio.loads` and its passage with
    :func:`certirag.evidence.read_evidence` (a passage without an id is ``FILE:LINE``).
    Every problem is an ``InputError`` naming the file and line."""
    source = str(path)
    data = read_input_bytes(path, limit=MAX_EVIDENCE_FILE_BYTES)
    if path.suffix != ".jsonl":
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"not valid UTF-8 (byte 0x{data[exc.start]:02x})", source=source,
                             line=_line_of(data, exc.start)) from exc
        if not text.strip():
            raise InputError("the evidence file is empty", source=source)
        return read_evidence([{"id": path.name, "text": text}], source=source)
    objects: list[dict[str, Any]] = []
    lines: list[int] = []
    for n, raw in jsonl_lines(data):
        try:
            obj = loads(decode_utf8(raw))
        except ValueError as exc:
            raise InputError(json_error(exc), source=source, line=n) from exc
        if not isinstance(obj, dict):
            raise InputError("expected an object with a non-blank 'text'", source=source,
                             line=n)
        objects.append(obj)
        lines.append(n)
    if not objects:
        raise InputError("the evidence file is empty", source=source)
    return read_evidence(objects, source=source, lines=lines,
                         default_ids=[f"{path.name}:{n}" for n in lines])


def _issue(result: VerificationResult, settings: Settings, signing_key: Path | None,
           cert_out: Path | None, index: Index | None) -> str | None:
    from certirag.certify.issue import issue_and_record

    cert = issue_and_record(result, settings=settings, signing_key=signing_key,
                            cert_out=cert_out, index=index)
    return cert.id if cert is not None else None


def verify_command(
    question: Annotated[str | None, typer.Option("--question", "-q",
                                                 help="The question that was asked.")] = None,
    answer: Annotated[str | None, typer.Option(
        "--answer", "-a", help="The answer to check ('-' reads stdin, as UTF-8).")] = None,
    evidence: Annotated[Path | None, typer.Option(
        "--evidence", help="JSONL of {id, text} passages, or a plain-text file.")] = None,
    index: Annotated[str | None, typer.Option(
        "--index", help="Retrieve evidence from this index instead (a folder, or a name in "
                        "the store given by --store).")] = None,
    store: StoreOpt = None,
    display: Annotated[str | None, typer.Option(
        "--display", help="strict (verified only), mixed (all, labelled) or debug.")] = None,
    claims: Annotated[str | None, typer.Option(
        "--claims", help="rules (default) or llm: the LLM claim compiler on llm_url; if it "
                         "fails, every sentence is withheld (compiler_error).")] = None,
    batch: Annotated[Path | None, typer.Option(
        "--batch", help="JSONL of {id, question, answer, evidence}, one row an id. Two lines "
                        "with the same id and different contents are refused (exit 2) before "
                        "anything is verified; identical repeats are verified once.")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Batch output JSONL, one row per id: the result, or {id, error} for a "
                      "line that could not be verified. Resumable: a rerun keeps the results "
                      "already there and retries the error rows, replacing them.")] = None,
    engine: Annotated[str, typer.Option(
        "--engine", help="Batch engine: local (one process) or ray (an actor pool on a Ray "
                         "cluster, one model per actor; extra \\[ray]). Both write the same "
                         "--out file.")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", help="With --engine ray: the cluster to join (auto, HOST:PORT or "
                          "ray://HOST:10001); default: start a local cluster.")] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", help="With --engine ray: actors in the pool, one CPU each (default: "
                          "the cluster's CPUs).")] = None,
    signing_key: Annotated[Path | None, typer.Option(
        "--signing-key", help="Sign a certificate with this key and append it to the ledger.")
    ] = None,
    cert_out: Annotated[Path | None, typer.Option("--cert-out", help="Write the certificate.")
                        ] = None,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")] = False,
) -> None:
    """Check an answer claim by claim against evidence; show only what is verified.

    Exit codes: 0 verified (at least one claim, none withheld), 1 something withheld, 2 bad
    input, 3 a claim was withheld because a backend failed or timed out, 4 no claims (every
    sentence is not a claim).

    With --batch the worst row of the whole --out file for the batch's ids decides (rows
    kept from an earlier run count too): 3 if a backend failed on any row, else 2 if any
    line is an error row, else 1 if any row withheld something, else 4 if any row had no
    claims, else 0 (every row verified). A batch that cannot start (no rows, duplicate ids,
    --out holding other answers for an id) exits 2 and writes nothing. --engine ray runs
    the rows on a Ray cluster and writes the same --out bytes as --engine local; without
    Ray installed it exits 2 naming the extra."""
    from certirag.pipeline import verify

    with errors_to_exit_codes():
        if display is not None and display not in ("strict", "mixed", "debug"):
            raise InputError(f"--display must be strict, mixed or debug, not {display!r}")
        if claims is not None and claims not in ("rules", "llm"):
            raise InputError(f"--claims must be rules or llm, not {claims!r}")
        settings = settings_from(config, preset, display=display, claims=claims, store=store)
        if batch is not None:
            if out is None:
                raise InputError("--batch needs --out FILE")
            if answer is not None or evidence is not None:
                raise InputError("--batch takes its questions, answers and evidence from the "
                                 "file; drop --answer/--evidence")
            code = run_batch(batch, out, settings, engine=engine, address=address,
                             workers=workers)
            raise typer.Exit(code)
        if engine != "local" or address is not None or workers is not None:
            raise InputError("--engine, --address and --workers are for --batch")
        if answer is None:
            raise InputError("--answer is required (or --batch)")
        question = argv_text(question, "--question") if question is not None else None
        answer = read_stdin_text("--answer") if answer == "-" else argv_text(answer, "--answer")
        if (evidence is None) == (index is None):
            raise InputError("pass exactly one of --evidence FILE or --index DIR|NAME")
        idx = None
        if index is not None:
            idx = Index.open(index, settings=settings)
            result = verify(question or "", answer, index=idx, settings=settings)
        else:
            assert evidence is not None
            result = verify(question or "", answer, evidence=read_evidence_file(evidence),
                            settings=settings)
        cert_id = _issue(result, settings, signing_key, cert_out, idx)
    data = result.to_dict()
    if cert_id is not None:
        data["certificate_id"] = cert_id
    if as_json:
        print_json(data)
    else:
        typer.echo(result.rendered)
        s = result.stats
        err(f"{s['verified']} verified, {s['unverified']} unverified, {s['blocked']} blocked, "
            f"{s['not_a_claim']} not a claim"
            + (f"; certificate {cert_id}" if cert_id else ""))
    raise typer.Exit(result.exit_code())


def run_batch(batch: Path, out: Path, settings: Settings, *, engine: str = "local",
              address: str | None = None, workers: int | None = None) -> int:
    """Verify every row of ``batch`` into ``out`` (:func:`certirag.batch.run_batch`) with a
    progress bar on stderr, then print the summary there. Returns the exit code of the
    worst row (see ``verify --help``)."""
    with RichProgress() as progress:
        summary = batch_engine.run_batch(batch, out, settings, engine=engine, address=address,
                                         workers=workers, progress=progress)
    err(summary.describe(out))
    return summary.exit_code

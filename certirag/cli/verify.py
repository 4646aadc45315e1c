"""``certirag verify``: one answer, or a batch file, checked claim by claim."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from certirag.cli.common import (
    EXIT_INPUT,
    ConfigOpt,
    PresetOpt,
    RichProgress,
    argv_text,
    err,
    errors_to_exit_codes,
    print_json,
    read_input_bytes,
    read_stdin_text,
    settings_from,
)
from certirag.config import Settings
from certirag.errors import BackendError, BackendUnavailable, CertiragError, InputError
from certirag.evidence import read_evidence
from certirag.index import Index
from certirag.jsonio import JSONInputError, decode_utf8, jsonl_lines, loads
from certirag.reasons import OUTCOME_EXIT
from certirag.schemas import Evidence

if TYPE_CHECKING:
    from certirag.result import VerificationResult

# Lazy by design: the library stacks (certirag.certify, certirag.pipeline,
# certirag.verifiers, certirag.generate) are imported inside the commands that use them.
# typer imports every command module on every run; importing them here would add ~170 ms
# to each `certirag` invocation (`certirag.cli` imports in ~150 ms, ~300 ms with them).

MAX_BATCH_LINE = 5_000_000
"""The longest line of a ``--batch`` file, in bytes; a longer one is an error row."""

MAX_EVIDENCE_FILE_BYTES = 64 << 20
"""The largest ``--evidence`` file read (64 MiB; the evidence itself is capped at
:data:`certirag.evidence.MAX_EVIDENCE_CHARS` characters)."""


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _json_error(exc: ValueError) -> str:
    """The message for a line that :func:`decode_utf8` or :func:`loads` refused."""
    if isinstance(exc, json.JSONDecodeError):
        return f"invalid JSON: {exc.msg} (column {exc.colno})"
    if isinstance(exc, JSONInputError) and str(exc).startswith("not valid UTF-8"):
        return str(exc)
    return f"invalid JSON: {exc}"


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
            raise InputError(_json_error(exc), source=source, line=n) from exc
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
    index: Annotated[Path | None, typer.Option(
        "--index", help="Retrieve evidence from this index instead.")] = None,
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
    --out holding other answers for an id) exits 2 and writes nothing."""
    from certirag.pipeline import verify

    with errors_to_exit_codes():
        if display is not None and display not in ("strict", "mixed", "debug"):
            raise InputError(f"--display must be strict, mixed or debug, not {display!r}")
        if claims is not None and claims not in ("rules", "llm"):
            raise InputError(f"--claims must be rules or llm, not {claims!r}")
        settings = settings_from(config, preset, display=display, claims=claims)
        if batch is not None:
            if out is None:
                raise InputError("--batch needs --out FILE")
            if answer is not None or evidence is not None:
                raise InputError("--batch takes its questions, answers and evidence from the "
                                 "file; drop --answer/--evidence")
            code = run_batch(batch, out, settings)
            raise typer.Exit(code)
        if answer is None:
            raise InputError("--answer is required (or --batch)")
        question = argv_text(question, "--question") if question is not None else None
        answer = read_stdin_text("--answer") if answer == "-" else argv_text(answer, "--answer")
        if (evidence is None) == (index is None):
            raise InputError("pass exactly one of --evidence FILE or --index DIR")
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


_ROW_EXIT: dict[str, int] = {**OUTCOME_EXIT, "error": EXIT_INPUT}
_SEVERITY = ("verified", "no_claims", "withheld", "error", "backend_failed")  # worst last


@dataclass(frozen=True, slots=True)
class _Line:
    """One non-blank line of a batch file, parsed: a row to verify or an error row."""

    number: int
    ident: str
    obj: dict[str, Any] | None
    error: str | None
    digest: str


def _parse_line(number: int, raw: bytes) -> _Line:
    """Parse one batch line; every problem becomes an error row, never an exception."""
    ident = f"line-{number}"
    digest = hashlib.sha256(raw).hexdigest()
    if len(raw) > MAX_BATCH_LINE:
        return _Line(number, ident, None, f"line too long ({len(raw):,} bytes; the limit is "
                                          f"{MAX_BATCH_LINE:,})", digest)
    try:
        obj = loads(decode_utf8(raw))
    except ValueError as exc:
        return _Line(number, ident, None, _json_error(exc), digest)
    if not isinstance(obj, dict):
        return _Line(number, ident, None, "expected a JSON object", digest)
    digest = hashlib.sha256(json.dumps(obj, sort_keys=True, ensure_ascii=False)
                            .encode("utf-8")).hexdigest()
    got = obj.get("id", ident)
    if not isinstance(got, str) or not got:
        return _Line(number, ident, None, "'id' must be a non-empty string", digest)
    q, a, ev = obj.get("question", ""), obj.get("answer"), obj.get("evidence")
    if not isinstance(q, str) or not isinstance(a, str):
        return _Line(number, got, None, "'question' and 'answer' must be strings", digest)
    if not isinstance(ev, list):
        return _Line(number, got, None, "'evidence' must be a list of {id, text}", digest)
    return _Line(number, got, obj, None, digest)


def parse_batch(data: bytes, source: str) -> list[_Line]:
    """The lines of a batch file in order, identical repeats of an id dropped.

    Raises ``InputError`` when there are no rows or an id is on two lines with different
    contents (the output is keyed by id, so one of them would be lost)."""
    first: dict[str, _Line] = {}
    rows: list[_Line] = []
    for number, raw in jsonl_lines(data):
        row = _parse_line(number, raw)
        prior = first.get(row.ident)
        if prior is None:
            first[row.ident] = row
            rows.append(row)
        elif prior.digest != row.digest:
            raise InputError(f"id {row.ident!r} is on line {prior.number} and again on line "
                             f"{row.number} with different contents; ids must be unique",
                             source=source, line=row.number)
    if not rows:
        raise InputError("the batch file has no rows", source=source)
    return rows


def _done_rows(out: Path) -> tuple[dict[str, dict[str, Any]], list[bytes] | None]:
    """The finished rows of ``out`` by id, and the lines to keep when ``out`` holds error rows
    or a torn last line (left by a killed run), which are to be redone (``None`` when there
    is nothing to drop). Other lines are kept as they are."""
    if not out.exists():
        return {}, None
    data = read_input_bytes(out)
    parts = data.split(b"\n")
    keep: list[bytes] = []
    done: dict[str, dict[str, Any]] = {}
    dropped = parts[-1] != b""  # a torn last line
    for raw in parts[:-1]:
        try:
            obj = loads(raw, duplicates="last")
        except ValueError:
            keep.append(raw)  # not a row of ours: kept, never counted as done
            continue
        if isinstance(obj, dict) and isinstance(obj.get("id"), str):
            if "error" in obj:
                dropped = True
                continue
            done[obj["id"]] = obj
        keep.append(raw)
    return done, (keep if dropped else None)


def _rewrite(out: Path, keep: list[bytes]) -> None:
    """Replace ``out`` by ``keep`` atomically (a kill leaves the old file or the new one)."""
    tmp = out.with_name(f".{out.name}.tmp")
    with tmp.open("wb") as fh:
        fh.write(b"".join(line + b"\n" for line in keep))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, out)


def _outcome(row: dict[str, Any]) -> str:
    got = row.get("outcome")
    return got if isinstance(got, str) and got in _ROW_EXIT else "withheld"  # fail closed


def run_batch(batch: Path, out: Path, settings: Settings) -> int:
    """Verify every row of ``batch`` into ``out``; keep the finished rows already there and
    redo the error rows. Returns the exit code of the worst row (see ``verify --help``)."""
    from certirag.pipeline import verify
    from certirag.verifiers import create_verifier

    source = str(batch)
    if out.exists() and batch.exists() and os.path.samefile(batch, out):
        raise InputError("--out is the --batch file; write the results to another file")
    lines = parse_batch(read_input_bytes(batch), source)
    done, keep = _done_rows(out)
    for line in lines:
        prior = done.get(line.ident)
        if line.obj is not None and prior is not None and (
                prior.get("question") != line.obj.get("question", "")
                or prior.get("answer") != line.obj.get("answer")):
            raise InputError(f"id {line.ident!r} is already in {out} with another question or "
                             f"answer; remove that row from {out} or write to a new --out",
                             source=source, line=line.number)
    verifier = create_verifier(settings)
    verifier.load()
    if keep is not None:
        _rewrite(out, keep)
    outcomes: dict[str, int] = dict.fromkeys(_SEVERITY, 0)
    kept = 0
    with out.open("a", encoding="utf-8") as sink, RichProgress() as progress:
        progress.start("verifying", len(lines))
        for line in lines:
            progress.advance()
            if line.ident in done:
                outcomes[_outcome(done[line.ident])] += 1
                kept += 1
                continue
            row: dict[str, Any]
            if line.obj is None:
                outcome, row = "error", {"id": line.ident,
                                         "error": f"{source}:{line.number}: {line.error}"}
            else:
                obj = line.obj
                try:
                    result = verify(obj.get("question", ""), obj["answer"],
                                    evidence=obj["evidence"], settings=settings,
                                    verifier=verifier)
                    outcome, row = result.outcome, {"id": line.ident, **result.to_dict()}
                except CertiragError as exc:
                    failed = isinstance(exc, BackendError | BackendUnavailable)
                    outcome = "backend_failed" if failed else "error"
                    row = {"id": line.ident, "error": f"{source}:{line.number}: {exc}"}
            sink.write(json.dumps(row, ensure_ascii=False) + "\n")
            sink.flush()
            outcomes[outcome] += 1
    err(f"{len(lines)} rows: {outcomes['verified']} verified, {outcomes['withheld']} withheld, "
        f"{outcomes['no_claims']} no claims, {outcomes['backend_failed']} backend failed, "
        f"{outcomes['error']} errors" + (f" ({kept} kept from {out})" if kept else ""))
    worst = max((o for o, count in outcomes.items() if count), key=_SEVERITY.index)
    return _ROW_EXIT[worst]

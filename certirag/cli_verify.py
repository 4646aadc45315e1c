"""``certirag verify``: one answer, or a batch file, checked claim by claim."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from certirag.cli_common import (
    EXIT_BACKEND,
    EXIT_INPUT,
    EXIT_OK,
    ConfigOpt,
    PresetOpt,
    RichProgress,
    err,
    errors_to_exit_codes,
    print_json,
    settings_from,
)
from certirag.errors import CertiragError, InputError

MAX_BATCH_LINE = 5_000_000


def read_evidence_file(path: Path) -> list[dict[str, str]]:
    """JSONL of ``{"id", "text"}`` passages, or any other file as one plain-text passage."""
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            text = fh.read()
    except UnicodeDecodeError as exc:
        raise InputError("not valid UTF-8", source=str(path)) from exc
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=str(path)) from exc
    if not text.strip():
        raise InputError("the evidence file is empty", source=str(path))
    if path.suffix != ".jsonl":
        return [{"id": path.name, "text": text}]
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg}", source=str(path), line=n) from exc
        if not isinstance(obj, dict) or not isinstance(obj.get("text"), str) \
                or not obj["text"].strip():
            raise InputError("expected an object with a non-blank 'text'", source=str(path),
                             line=n)
        ident = obj.get("id", f"{path.name}:{n}")
        if not isinstance(ident, str) or not ident:
            raise InputError("'id' must be a non-empty string", source=str(path), line=n)
        out.append({"id": ident, "text": obj["text"]})
    return out


def _issue(result: Any, settings: Any, signing_key: Path | None, cert_out: Path | None,
           index: Any) -> str | None:
    from certirag.certify.certificate import issue_and_record

    cert = issue_and_record(result, settings=settings, signing_key=signing_key,
                            cert_out=cert_out, index=index)
    return cert.id if cert is not None else None


def verify_command(
    question: Annotated[str | None, typer.Option("--question", "-q",
                                                 help="The question that was asked.")] = None,
    answer: Annotated[str | None, typer.Option("--answer", "-a",
                                               help="The answer to check ('-' reads stdin).")
                      ] = None,
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
        "--batch", help="JSONL of {id, question, answer, evidence}.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Batch output JSONL (resumable).")
                   ] = None,
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
    sentence is not a claim)."""
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
        if answer == "-":
            answer = sys.stdin.read()
        if (evidence is None) == (index is None):
            raise InputError("pass exactly one of --evidence FILE or --index DIR")
        idx = None
        if index is not None:
            from certirag.index import Index

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


def _done_ids(out: Path) -> set[str]:
    done: set[str] = set()
    if not out.exists():
        return done
    with out.open(encoding="utf-8") as fh:
        for line in fh:
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue  # a torn last line from an interrupted run is redone
            if isinstance(obj, dict) and isinstance(obj.get("id"), str):
                done.add(obj["id"])
    return done


def run_batch(batch: Path, out: Path, settings: Any) -> int:
    """Verify every line of ``batch`` into ``out``; skip ids already there. Exit code."""
    from certirag.pipeline import verify
    from certirag.verifiers import create_verifier

    try:
        lines = batch.read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read: {exc}", source=str(batch)) from exc
    done = _done_ids(out)
    verifier = create_verifier(settings)
    verifier.load()
    bad = backend = False
    if out.exists() and out.stat().st_size:
        with out.open("rb+") as fh:  # drop a torn last line left by a killed run
            data = fh.read()
            if not data.endswith(b"\n"):
                fh.seek(0)
                fh.truncate(data.rfind(b"\n") + 1)
    with out.open("a", encoding="utf-8") as sink, RichProgress() as progress:
        progress.start("verifying", len(lines))
        for n, line in enumerate(lines, start=1):
            progress.advance()
            if not line.strip():
                continue
            ident: Any = f"line-{n}"
            try:
                if len(line) > MAX_BATCH_LINE:
                    raise InputError("line too long")
                obj = json.loads(line)
                if not isinstance(obj, dict):
                    raise InputError("expected a JSON object")
                ident = obj.get("id", ident)
                if not isinstance(ident, str) or not ident:
                    raise InputError("'id' must be a non-empty string")
                if ident in done:
                    continue
                q, a, ev = obj.get("question", ""), obj.get("answer"), obj.get("evidence")
                if not isinstance(q, str) or not isinstance(a, str):
                    raise InputError("'question' and 'answer' must be strings")
                if not isinstance(ev, list):
                    raise InputError("'evidence' must be a list of {id, text}")
                result = verify(q, a, evidence=ev, settings=settings, verifier=verifier)
                row = {"id": ident, **result.to_dict()}
                backend = backend or result.backend_failed
            except (json.JSONDecodeError, CertiragError) as exc:
                bad = True
                row = {"id": ident, "error": f"{batch}:{n}: {exc}"}
            sink.write(json.dumps(row, ensure_ascii=False) + "\n")
            sink.flush()
            done.add(str(ident))
    if backend:
        return EXIT_BACKEND
    return EXIT_INPUT if bad else EXIT_OK

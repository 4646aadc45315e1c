"""The ``certirag`` command line: a thin layer over the library.

Data goes to stdout (``--json`` on every command that reads), progress and messages
to stderr. Exit codes: 0 success, 1 something withheld, 2 bad input, 3 a backend failed,
4 no claims (nothing checkable in the answer).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from certirag import __version__
from certirag.cli.cert import cert_app, keys_app, log_app
from certirag.cli.common import (
    ConfigOpt,
    IndexOpt,
    JsonOpt,
    PresetOpt,
    RichProgress,
    StoreOpt,
    err,
    errors_to_exit_codes,
    print_json,
    read_input_bytes,
    settings_from,
)
from certirag.cli.eval import eval_app
from certirag.cli.generate import ask_command
from certirag.cli.serve import api_keys_app, serve_command
from certirag.cli.verify import verify_command
from certirag.errors import InputError
from certirag.index import Index
from certirag.jsonio import jsonl_lines, loads
from certirag.schemas import SCHEMA_KINDS

app = typer.Typer(
    name="certirag",
    help="Fail-closed verification for retrieval-augmented generation.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
schema_app = typer.Typer(help="Export and check the JSON Schemas of certirag's records.",
                         no_args_is_help=True)
app.add_typer(schema_app, name="schema")
app.add_typer(keys_app, name="keys", help="Create signing keys.")
app.add_typer(cert_app, name="cert", help="Check certificates.")
app.add_typer(log_app, name="log", help="The append-only ledger of certificates.")
app.command("verify")(verify_command)
app.command("ask")(ask_command)
app.command("serve")(serve_command)
keys_app.add_typer(api_keys_app, name="api", help="API keys for the HTTP service.")

# errors_to_exit_codes and settings_from are re-exported for command modules
__all__ = ["app", "errors_to_exit_codes", "main", "settings_from"]


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(__version__)


@app.command()
def ingest(
    paths: Annotated[list[Path], typer.Argument(help="JSONL, .txt or .md files, or folders.")],
    index: Annotated[str, typer.Option(
        "--index", help="Index folder, or the index's name with --store (created if missing).")],
    store: StoreOpt = None,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Ingest documents into an index (incremental, all or nothing)."""
    with errors_to_exit_codes():
        settings = settings_from(config, preset, store=store)
        idx = Index.open(index, settings=settings, create=True)
        with RichProgress() as progress:
            report = idx.ingest(paths, progress=progress)
    if as_json:
        print_json({"index": idx.location, **report.to_dict()})
    else:
        typer.echo(f"{report.added} added, {report.updated} updated, {report.unchanged} "
                   f"unchanged; {report.documents} documents, {report.chunks} chunks in "
                   f"{idx.location} ({report.seconds:.1f}s)")


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="The question or query text.")],
    index: IndexOpt,
    k: Annotated[int | None, typer.Option("-k", "--top-k", min=1, max=1000,
                                          help="Number of hits.")] = None,
    mode: Annotated[str | None, typer.Option("--mode", help="bm25, dense or hybrid.")] = None,
    store: StoreOpt = None,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Search an index: hybrid (BM25 + dense, reciprocal rank fusion) by default."""
    with errors_to_exit_codes():
        if mode is not None and mode not in ("bm25", "dense", "hybrid"):
            raise InputError(f"--mode must be bm25, dense or hybrid, not {mode!r}")
        settings = settings_from(config, preset, store=store)
        result = Index.open(index, settings=settings).search(query, k=k, mode=mode)  # type: ignore[arg-type]
    if as_json:
        print_json({"query": result.query, "mode": result.mode,
                     "hits": [h.model_dump(mode="json") for h in result.hits]})
        return
    if not result.hits:
        err("no hits")
    for rank, hit in enumerate(result.hits, start=1):
        typer.echo(f"{rank}. [{hit.chunk_id} {hit.start}:{hit.end}] score={hit.score:.4f}")
        flat = " ".join(hit.text.split())
        typer.echo(f"   {flat if len(flat) <= 400 else flat[:399] + '…'}")


@app.command()
def stats(
    index: IndexOpt,
    store: StoreOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show what an index holds."""
    with errors_to_exit_codes():
        idx = Index.open(index, settings=settings_from(config, None, store=store))
        st = idx.stats()
    data = {"index": idx.location, "documents": st.documents, "chunks": st.chunks, "dim": st.dim,
            "embed_model": st.meta.get("embed_model"), "embed_sha256": st.meta.get("embed_sha256"),
            "chunk_max_chars": st.meta.get("chunk_max_chars")}
    if as_json:
        print_json(data)
    else:
        for key, value in data.items():
            typer.echo(f"{key}: {value}")


@schema_app.command("export")
def schema_export(
    out_dir: Annotated[Path, typer.Argument(help="Folder to write KIND.schema.json files into.")],
) -> None:
    """Write the JSON Schema of every record kind."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for kind, model in SCHEMA_KINDS.items():
        path = out_dir / f"{kind}.schema.json"
        path.write_text(json.dumps(model.model_json_schema(), indent=2) + "\n", "utf-8")
        typer.echo(str(path))


@schema_app.command("validate")
def schema_validate(
    file: Annotated[Path, typer.Argument(help="A JSON file, or JSONL with one record a line.")],
    kind: Annotated[str, typer.Option("--kind", help="Record kind, e.g. document, claim.")],
) -> None:
    """Check a JSON or JSONL file against one record kind; exit 2 when invalid.

    JSON Lines end at \\n only; every record is first read with the strict JSON reader
    (no nesting deeper than 64 levels, no NaN, no duplicate keys), then validated."""
    from pydantic import ValidationError

    with errors_to_exit_codes():
        model = SCHEMA_KINDS.get(kind)
        if model is None:
            raise InputError(f"unknown kind {kind!r}; choose one of {', '.join(SCHEMA_KINDS)}")
        data = read_input_bytes(file)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"cannot read: not valid UTF-8 (byte 0x{data[exc.start]:02x})",
                             source=str(file),
                             line=data.count(b"\n", 0, exc.start) + 1) from exc
        records = list(jsonl_lines(text)) if file.suffix == ".jsonl" else [(1, text)]
        if not records:
            raise InputError("no records", source=str(file))
        for n, raw in records:
            line = n if len(records) > 1 or file.suffix == ".jsonl" else None
            try:
                loads(raw)
            except json.JSONDecodeError as exc:
                raise InputError(f"invalid JSON: {exc.msg} (column {exc.colno})",
                                 source=str(file), line=line) from exc
            except ValueError as exc:
                raise InputError(f"invalid JSON: {exc}", source=str(file), line=line) from exc
            try:
                model.model_validate_json(raw)
            except ValidationError as exc:
                first = exc.errors()[0]
                loc = ".".join(str(x) for x in first["loc"]) or "record"
                raise InputError(f"not a valid {kind}: {loc}: {first['msg']}",
                                 source=str(file), line=line) from exc
    typer.echo(f"{file}: {len(records)} valid {kind} record(s)")


app.add_typer(eval_app, name="eval", help="Measure models and the pipeline on datasets.")


def main() -> None:
    app()


"""``certirag serve`` (the HTTP service and web page) and ``certirag keys api …`` (its
API keys). FastAPI and uvicorn are imported only when the server starts (extra
``[server]``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from certirag.cli.common import (
    ConfigOpt,
    JsonOpt,
    PresetOpt,
    err,
    errors_to_exit_codes,
    print_json,
    settings_from,
)
from certirag.errors import BackendUnavailable

if TYPE_CHECKING:
    from certirag.server.auth import ApiKeyStore

__all__ = ["api_keys_app", "serve_command"]

api_keys_app = typer.Typer(help="API keys for certirag serve.", no_args_is_help=True,
                           add_completion=False, pretty_exceptions_enable=False)

KeysFileOpt = Annotated[Path | None, typer.Option(
    "--file", dir_okay=False, help="Key file (default: $CERTIRAG_HOME/api_keys.json).")]


@api_keys_app.callback()
def _api_keys() -> None:
    """API keys for certirag serve."""


def _store(config: Path | None, file: Path | None) -> ApiKeyStore:
    from certirag.server.auth import (  # certirag.server imports fastapi (extra [server])
        ApiKeyStore,
        default_keys_path,
    )

    return ApiKeyStore(file if file is not None else default_keys_path(settings_from(config,
                                                                                      None)))


@api_keys_app.command("create")
def api_keys_create(
    name: Annotated[str, typer.Option("--name", help="A name for the key (who uses it).")],
    file: KeysFileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Create an API key and print it on stdout, once; only its SHA-256 is stored."""
    with errors_to_exit_codes():
        store = _store(config, file)
        record, secret = store.create(name)
    typer.echo(secret)
    err(f"created API key {record.name!r} (id {record.id}) in {store.path}; it is shown only "
        "this once")


@api_keys_app.command("list")
def api_keys_list(file: KeysFileOpt = None, config: ConfigOpt = None,
                  as_json: JsonOpt = False) -> None:
    """List the API keys (names, ids and dates; never the keys)."""
    with errors_to_exit_codes():
        store = _store(config, file)
        keys = [k.public() for k in store.records()]
    if as_json:
        print_json({"file": str(store.path), "keys": keys})
        return
    if not keys:
        err(f"no API keys in {store.path}")
    for k in keys:
        typer.echo(f"{k['id']}  {k['created_at']}  {k['name']}")


@api_keys_app.command("revoke")
def api_keys_revoke(
    name: Annotated[str, typer.Argument(help="The key's name or id.")],
    file: KeysFileOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Delete an API key; a running server refuses it from its next request."""
    with errors_to_exit_codes():
        store = _store(config, file)
        record = store.revoke(name)
    err(f"revoked API key {record.name!r} (id {record.id})")


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port.")] = 8080,
    store: Annotated[str | None, typer.Option(
        "--store", help="Store URL of the named indexes (file:///folder, postgresql://…); "
                        "default: the store setting, else $CERTIRAG_HOME/indexes.")] = None,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
) -> None:
    """Run the HTTP API and web page (needs the \\[server] extra). Every route except
    /healthz, the page and /openapi.json needs an API key: certirag keys api create."""
    with errors_to_exit_codes():
        try:
            import uvicorn

            from certirag.server import create_app
        except ImportError as exc:
            raise BackendUnavailable(f"the server needs the [server] extra: pip install "
                                     f"'certirag[server]' ({exc.name} is missing)") from exc
        settings = settings_from(config, preset, store=store)
        app = create_app(settings)
        if not app.state.certirag.keys.records():
            err("no API key exists yet; every request will get 401 until you run: "
                "certirag keys api create --name NAME")
        try:  # load the NLI model now, so that the first request does not wait for it
            app.state.certirag.verifier.load()
        except BackendUnavailable as exc:
            err(f"warning: {exc}; until this is fixed /v1/verify withholds every claim "
                "(reason backend_error)")
        if host not in ("127.0.0.1", "localhost", "::1"):
            err(f"listening on {host}: put TLS in front of it (keys travel in headers)")
    uvicorn.run(app, host=host, port=port, log_level="info", server_header=False,
                proxy_headers=False)

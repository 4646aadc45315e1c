"""``certirag keys …``, ``certirag cert …`` and ``certirag log …``: signing keys,
certificate checks and the ledger.

Results go to stdout (``--json`` for machines), messages to stderr. ``cert verify`` and
``log verify`` exit 0 when valid, 1 when invalid (each failure named; for ``log verify``
also a file that is not a ledger, ``damaged``), 2 on bad input (an unreadable file,
something that is not a certificate, a missing key or ledger), 3 when the ledger's
database cannot be reached. ``cert verify`` exits 4
when the signature and digests are valid but the certificate records claim, check,
scorer or policy rules this version does not have (``not_rederivable``): not a sign of
tampering, and not a pass.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from certirag.cli.common import errors_to_exit_codes, settings_from
from certirag.errors import InputError

if TYPE_CHECKING:
    from certirag.certify.ledger_base import BaseLedger
    from certirag.config import Settings

# Lazy by design: the library stacks (certirag.certify, certirag.pipeline,
# certirag.verifiers, certirag.generate) are imported inside the commands that use them.
# typer imports every command module on every run; importing them here would add ~170 ms
# to each `certirag` invocation (`certirag.cli` imports in ~150 ms, ~300 ms with them).
__all__ = ["cert_app", "keys_app", "log_app"]

keys_app = typer.Typer(help="Create Ed25519 signing keys.", no_args_is_help=True,
                       add_completion=False, pretty_exceptions_enable=False)
cert_app = typer.Typer(help="Check signed certificates.", no_args_is_help=True,
                       add_completion=False, pretty_exceptions_enable=False)
log_app = typer.Typer(help="The append-only ledger of issued certificates.",
                      no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False)

EXIT_VALID, EXIT_INVALID, EXIT_INPUT, EXIT_NOT_REDERIVABLE = 0, 1, 2, 4
#: ``cert verify``'s exit code for each :data:`certirag.certify.RESULTS` result.
CERT_EXIT = {"valid": EXIT_VALID, "invalid": EXIT_INVALID, "bad_input": EXIT_INPUT,
             "not_rederivable": EXIT_NOT_REDERIVABLE}

ConfigOpt = Annotated[Path | None, typer.Option("--config", help="YAML settings file.",
                                                dir_okay=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")]
PublicKeyOpt = Annotated[Path | None, typer.Option(
    "--public-key", dir_okay=False,
    help="PEM public key (default: beside the signing key, or $CERTIRAG_HOME/keys).")]
LedgerOpt = Annotated[str | None, typer.Option(
    "--ledger", metavar="PATH|URL",
    help="Ledger file or postgresql:// URL (default: the ledger setting, or "
         "$CERTIRAG_HOME/ledger.db). Prefer PGPASSWORD or ~/.pgpass to a password in "
         "the URL.")]


@keys_app.callback()
def _keys() -> None:
    """Create Ed25519 signing keys."""


@cert_app.callback()
def _cert() -> None:
    """Check signed certificates."""


@log_app.callback()
def _log() -> None:
    """The append-only ledger of issued certificates."""


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _settings(config: Path | None, preset: str | None = None) -> Settings:
    return settings_from(config, preset)


# ------------------------------------------------------------------------- keys

@keys_app.command("generate")
def keys_generate(
    directory: Annotated[Path | None, typer.Option(
        "--dir", file_okay=False,
        help="Folder for certirag.key and certirag.pub (default: $CERTIRAG_HOME/keys).")] = None,
    passphrase_env: Annotated[str | None, typer.Option(
        "--passphrase-env", metavar="VAR",
        help="Encrypt the private key with the passphrase in environment variable VAR.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace existing keys.")] = False,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Write a new Ed25519 key pair: DIR/certirag.key (PEM PKCS#8, mode 0600) and
    DIR/certirag.pub."""
    from certirag.certify.keys import default_key_dir, generate_keys

    with errors_to_exit_codes():
        passphrase = None
        if passphrase_env is not None:
            passphrase = os.environ.get(passphrase_env)
            if not passphrase:
                raise InputError(f"environment variable {passphrase_env} is unset or empty")
        folder = directory if directory is not None else default_key_dir(_settings(config))
        pair = generate_keys(folder, passphrase=passphrase, overwrite=force)
    if as_json:
        _print_json({"private_key": str(pair.private_path), "public_key": str(pair.public_path),
                     "key_id": pair.key_id, "encrypted": passphrase is not None})
        return
    typer.echo(f"private key: {pair.private_path}")
    typer.echo(f"public key:  {pair.public_path}")
    typer.echo(f"key id:      {pair.key_id}")


# ------------------------------------------------------------------------- cert

@cert_app.command("verify")
def cert_verify(
    file: Annotated[Path, typer.Argument(help="Certificate file (a DSSE envelope).",
                                         dir_okay=False)],
    public_key: PublicKeyOpt = None,
    index: Annotated[Path | None, typer.Option(
        "--index", file_okay=False,
        help="Also check every evidence span against this index's documents.")] = None,
    recompute: Annotated[bool, typer.Option(
        "--recompute", help="Re-score every claim with the recorded model.")] = False,
    config: ConfigOpt = None,
    preset: Annotated[str | None, typer.Option("--preset",
                                               help="default, strict or mixed.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Check a certificate: envelope, signature, digests, claims, findings and decisions
    (and with --index the documents, with --recompute the scores). Exit 0 valid,
    1 invalid, 2 bad input, 4 signature and digests valid but decisions not re-derivable
    by this version."""
    from certirag.certify.keys import default_public_key
    from certirag.certify.verify import verify_certificate

    with errors_to_exit_codes():
        settings = _settings(config, preset)
        key_path = default_public_key(settings, public_key)
        try:
            data = file.read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror}", source=str(file)) from exc
        check = verify_certificate(data, key_path, index=index, recompute=recompute,
                                   settings=settings)
    code = CERT_EXIT[check.result]
    if as_json:
        _print_json({"file": str(file), "public_key": str(key_path), **check.to_dict()})
    else:
        state = {"valid": "valid", "not_rederivable": "NOT RE-DERIVABLE (signature and "
                 "digests valid; decisions not re-derivable by this version)"}.get(
                     check.result, "INVALID")
        ident = f" certificate {check.certificate_id}" if check.certificate_id else ""
        typer.echo(f"{file}: {state}{ident} (key {(check.key_id or '')[:16]}; checked "
                   f"{', '.join(check.checked) or 'nothing'})")
        for f in check.failures:
            where = f" [{f.claim_id}]" if f.claim_id else ""
            typer.echo(f"  {f.code}{where}: {f.message}")
        for note in check.notes:
            typer.echo(f"note: {note}", err=True)
    raise typer.Exit(code)


@cert_app.command("show")
def cert_show(
    file: Annotated[Path, typer.Argument(help="Certificate file.", dir_okay=False)],
) -> None:
    """Print a certificate's statement as JSON WITHOUT checking it (use cert verify)."""
    from certirag.certify.signed import Certificate

    with errors_to_exit_codes():
        cert = Certificate.load(file)
        statement = cert.statement
    typer.echo("certirag: not verified; run: certirag cert verify", err=True)
    _print_json({"certificate_id": cert.id, "statement": statement})


# ------------------------------------------------------------------------- log

def _open_ledger(ledger: str | None, settings: Settings) -> BaseLedger:
    from certirag.certify.ledger import open_ledger

    return open_ledger(settings, ledger=ledger, readonly=True)


@log_app.command("verify")
def log_verify(
    since: Annotated[Path | None, typer.Option(
        "--since", dir_okay=False, metavar="CHECKPOINT",
        help="A checkpoint exported earlier: prove the log extends it.")] = None,
    public_key: PublicKeyOpt = None,
    ledger: LedgerOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Recompute the whole Merkle tree and check every entry, signed checkpoint and the
    checkpoint file beside the ledger, without writing to it; with --since, check
    consistency with an earlier checkpoint. Says what that proves and what it does not.
    Exit 0 valid, 1 invalid or damaged, 2 bad input, 3 the ledger's database cannot be
    reached."""
    from certirag.certify.keys import default_public_key, load_public_key
    from certirag.certify.ledger import Checkpoint, verify_ledger

    with errors_to_exit_codes():
        settings = _settings(config)
        key = load_public_key(default_public_key(settings, public_key))
        earlier = None
        if since is not None:
            try:
                earlier = Checkpoint.parse(since.read_text("utf-8"))
            except (OSError, UnicodeDecodeError) as exc:
                raise InputError(f"cannot read the checkpoint: {exc}", source=str(since)) from exc
        path, check = verify_ledger(ledger, key, since=earlier, settings=settings)
        where = str(path)
    if as_json:
        _print_json({"ledger": where, **check.to_dict()})
    else:
        if "damaged" in check.codes:
            typer.echo(f"{where}: INVALID; not a ledger (damaged)")
        else:
            state = "valid" if check.valid else "INVALID"
            typer.echo(f"{where}: {state}; {check.size} entries, root "
                       f"{check.root_hash.hex()}")
        for code, message in check.failures:
            typer.echo(f"  {code}: {message}")
        for line in check.proven:
            typer.echo(f"proven: {line}")
        for line in check.not_proven:
            typer.echo(f"not proven: {line}")
        for note in check.notes:
            typer.echo(f"note: {note}", err=True)
    raise typer.Exit(EXIT_VALID if check.valid else EXIT_INVALID)


@log_app.command("proof")
def log_proof(
    cert_id: Annotated[str, typer.Argument(
        metavar="CERT_ID", help="Certificate id (hex sha256 of its payload) or its file.")],
    ledger: LedgerOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Print the inclusion proof of a certificate against the latest signed checkpoint."""
    from certirag.certify.signed import Certificate

    with errors_to_exit_codes():
        settings = _settings(config)
        ident = cert_id.strip().lower()
        if not (len(ident) == 64 and all(ch in "0123456789abcdef" for ch in ident)):
            ident = Certificate.load(Path(cert_id)).id
        with _open_ledger(ledger, settings) as log:
            proof = log.inclusion_proof(ident)
    if not proof.verify():
        typer.echo("certirag: the stored tree does not prove this entry; run: "
                   "certirag log verify", err=True)
        raise typer.Exit(EXIT_INVALID)
    if as_json:
        _print_json(proof.to_dict())
        return
    typer.echo(f"certificate {proof.cert_id}")
    typer.echo(f"leaf {proof.leaf_index} of {proof.tree_size}; leaf hash {proof.leaf_hash.hex()}")
    typer.echo(f"root {proof.root_hash.hex()}")
    for n, h in enumerate(proof.path):
        typer.echo(f"  path[{n}] {h.hex()}")
    typer.echo("checkpoint:")
    typer.echo(proof.checkpoint, nl=False)


@log_app.command("checkpoint")
def log_checkpoint(
    out: Annotated[Path | None, typer.Option(
        "--out", dir_okay=False, help="Write the signed checkpoint to this file.")] = None,
    ledger: LedgerOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Export the latest signed checkpoint (tree size + root hash) to publish."""
    with errors_to_exit_codes():
        settings = _settings(config)
        with _open_ledger(ledger, settings) as log:
            cp = log.checkpoint()
        if cp is None:
            raise InputError("the ledger is empty: there is no checkpoint yet")
        if out is not None:
            try:
                out.write_text(cp.note, "utf-8")
            except OSError as exc:
                raise InputError(f"cannot write: {exc.strerror}", source=str(out)) from exc
    if as_json:
        _print_json({**cp.to_dict(), "file": str(out) if out else None})
    elif out is not None:
        typer.echo(f"checkpoint of {cp.tree_size} entries written to {out}", err=True)
    else:
        typer.echo(cp.note, nl=False)

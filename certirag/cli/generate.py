"""``certirag ask`` (alias ``run``): retrieve, generate with in-flight verification,
certify, and show each verified sentence as soon as it is verified."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from certirag.cli.common import (
    ConfigOpt,
    IndexOpt,
    PresetOpt,
    StoreOpt,
    err,
    errors_to_exit_codes,
    print_json,
    settings_from,
)
from certirag.errors import InputError
from certirag.index import Index
from certirag.schemas import Evidence

# Lazy by design: the library stacks (certirag.certify, certirag.pipeline,
# certirag.verifiers, certirag.generate) are imported inside the commands that use them.
# typer imports every command module on every run; importing them here would add ~170 ms
# to each `certirag` invocation (`certirag.cli` imports in ~150 ms, ~300 ms with them).
__all__ = ["ask_command"]


def ask_command(
    question: Annotated[str, typer.Argument(help="The question to answer.")],
    index: IndexOpt,
    generator: Annotated[str | None, typer.Option(
        "--generator", help="local (llama.cpp in process) or openai (a server).")] = None,
    base_url: Annotated[str | None, typer.Option(
        "--base-url", "--openai-url",
        help="OpenAI-compatible server root, e.g. http://127.0.0.1:8000 (implies openai).")
    ] = None,
    model: Annotated[str | None, typer.Option(
        "--model", help="GGUF file (local; default the embedded SmolLM2) or the server's "
                        "model name (openai).")] = None,
    steering: Annotated[str | None, typer.Option(
        "--steering", "--retry", help="How a failed sentence is retried: ban, allow or "
                                      "inject.")] = None,
    max_retries: Annotated[int | None, typer.Option(
        "--max-retries", min=0, max=20, help="Retries per sentence (default 3).")] = None,
    max_tokens: Annotated[int | None, typer.Option(
        "--max-tokens", min=1, max=8192, help="Tokens generated per answer at most.")] = None,
    posthoc: Annotated[bool, typer.Option(
        "--posthoc", help="Generate the whole answer first, then verify it.")] = False,
    top_k: Annotated[int | None, typer.Option("-k", "--top-k", min=1, max=100,
                                              help="Evidence passages to retrieve.")] = None,
    display: Annotated[str | None, typer.Option(
        "--display", help="strict (verified only), mixed or debug (for the final answer).")
    ] = None,
    signing_key: Annotated[Path | None, typer.Option(
        "--signing-key", help="Sign a certificate with this key and append it to the "
                              "ledger.")] = None,
    cert_out: Annotated[Path | None, typer.Option("--cert-out", help="Write the certificate.")
                        ] = None,
    store: StoreOpt = None,
    config: ConfigOpt = None,
    preset: PresetOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")] = False,
) -> None:
    """Answer a question from an index, verifying every sentence as it is generated.

    A sentence that fails is rolled back to its start (the model's cached prefix is kept)
    and retried with a steer; after the retries the point is withheld. Exit codes: 0 all
    verified, 1 something withheld, 2 bad input, 3 a backend failed, 4 no claims."""
    from certirag.certify.issue import issue_and_record
    from certirag.generate import create_generator
    from certirag.generate.engine import InflightEngine, SentenceEvent, config_from_settings

    streamed: list[str] = []

    def show(event: SentenceEvent) -> None:
        text = event.text.strip()
        sys.stdout.write(("" if not streamed else " ") + text)
        sys.stdout.flush()
        streamed.append(text)

    with errors_to_exit_codes():
        if display is not None and display not in ("strict", "mixed", "debug"):
            raise InputError(f"--display must be strict, mixed or debug, not {display!r}")
        if steering is not None and steering not in ("ban", "allow", "inject"):
            raise InputError(f"--steering must be ban, allow or inject, not {steering!r}")
        if generator is not None and generator not in ("local", "openai"):
            raise InputError(f"--generator must be local or openai, not {generator!r}")
        if generator == "local" and base_url is not None:
            raise InputError("--base-url is for --generator openai")
        if not question.strip():
            raise InputError("the question is empty")
        settings = settings_from(config, preset, display=display, top_k=top_k, store=store)
        backend = generator or ("openai" if base_url else None)
        idx = Index.open(index, settings=settings)
        hits = idx.search(question, k=settings.top_k).hits
        if not hits:
            raise InputError("the index returned no passages for this question: there is "
                             "nothing to verify an answer against")
        passages = [Evidence.from_hit(h) for h in hits]
        gen = create_generator(settings, backend=backend, model=model, base_url=base_url)
        engine = InflightEngine(gen, settings=settings,
                                config=config_from_settings(settings, steering=steering,
                                                            max_retries=max_retries,
                                                            max_tokens=max_tokens,
                                                            posthoc=posthoc or None))
        out = engine.run(question, passages, on_sentence=None if as_json else show)
        cert = issue_and_record(out.result, settings=settings, signing_key=signing_key,
                                cert_out=cert_out, index=idx, trace=out.trace)
    result = out.result
    if as_json:
        data: dict[str, Any] = out.to_dict()
        if cert is None:
            data["certificate"] = None
        elif cert_out is not None:
            data["certificate"] = {"id": cert.id, "path": str(cert_out)}
        else:
            data["certificate"] = json.loads(cert.to_json())
        print_json(data)
    else:
        if streamed:
            sys.stdout.write("\n")
        t = out.trace["totals"]
        s = result.stats
        err(f"{s['verified']} verified, {s['unverified']} unverified, {s['blocked']} blocked, "
            f"{s['not_a_claim']} not a claim; {t['rollbacks']} rollback(s), "
            f"{t['refusals']} withheld point(s), prefix-cache hits {t['prefix_cache_hit_tokens']}"
            f" tokens; stop: {out.stop_reason}"
            + (f"; certificate {cert.id}" if cert is not None else ""))
    raise typer.Exit(result.exit_code())

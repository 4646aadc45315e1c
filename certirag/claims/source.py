"""Which extractor turns an answer into claims: the rules (``claims: rules``, the default)
or the LLM claim compiler (``claims: llm``) on the OpenAI-compatible server the ``llm_*``
settings name (the client the judge uses).

The compiler fails closed: when the server cannot be reached, its reply is not usable
JSON, or a claim it returns cannot be located in the answer (see
:mod:`certirag.claims.compiler`), every sentence of the answer becomes a claim of kind
``compiler_error``, which the pipeline withholds with reason ``compiler_error`` without
checking it. Sentences the rules call not a claim (greetings, questions) stay
``not_a_claim``, as they would with the rules. Nothing falls back to the rules.

:attr:`ClaimExtraction.model` goes into the result's ``model`` record (and so into a
certificate): ``claims: llm``, the compiler's prompt hash and, on failure, the error.
With the rules it is empty.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, NamedTuple

from certirag.claims.compiler import ClaimCompiler
from certirag.claims.extract import extract_claims
from certirag.errors import ConfigError
from certirag.llm.client import create_client
from certirag.schemas import Claim

if TYPE_CHECKING:
    from certirag.config import Settings
    from certirag.llm.json_reply import ChatClient

__all__ = ["ClaimExtraction", "extract_claims_for"]

log = logging.getLogger(__name__)

class ClaimExtraction(NamedTuple):
    """The claims, and what to record of how they were made (``model`` entries)."""

    claims: list[Claim]
    model: dict[str, str]


def extract_claims_for(settings: Settings, answer: str, *, question: str = "",
                       client: ChatClient | None = None) -> ClaimExtraction:
    """The claims of ``answer`` by the extractor ``settings.claims`` names. ``client``
    replaces the chat client built from the ``llm_*`` settings (tests). Raises
    :class:`~certirag.errors.ConfigError` when ``claims: llm`` has no ``llm_url``."""
    if settings.claims == "rules":
        return ClaimExtraction(extract_claims(answer, question=question), {})
    if client is None:
        if not settings.llm_url:
            raise ConfigError("claims: llm needs the claim compiler's server: set llm_url "
                              "(an OpenAI-compatible base URL), or use claims: rules")
        client = create_client(settings)
    result = ClaimCompiler(client).compile(answer, question=question)
    model = {"claims": "llm", "compiler_prompt_sha256": result.prompt_sha256}
    if result.error is None:
        return ClaimExtraction(result.claims, model)
    log.warning("claim compiler failed: %s", result.error)
    model["compiler_error"] = result.error[:500]
    claims = [c if c.kind == "not_a_claim" else c.model_copy(update={"kind": "compiler_error"})
              for c in result.claims]
    return ClaimExtraction(claims, model)

"""One settings object for everything.

Precedence, highest first: constructor / keyword arguments, environment variables
``CERTIRAG_*``, a YAML file (``--config FILE``), a preset (``default``, ``strict``,
``mixed``), then the defaults below. An unknown key in a YAML file is an error that
names the key.
"""

from __future__ import annotations

import hashlib
import json
import math
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_settings import (
    BaseSettings,
    EnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from certirag.errors import ConfigError

__all__ = ["DEFAULT_NLI_MODEL", "PRESETS", "Settings", "load_settings"]

PRESETS = ("default", "strict", "mixed")


def _preset_file(name: str) -> dict[str, Any]:
    """The mapping a built-in preset file holds, unchecked."""
    text = resources.files("certirag.presets").joinpath(f"{name}.yaml").read_text("utf-8")
    data = yaml.safe_load(text)
    return data if isinstance(data, dict) else {}


# The decision thresholds are tuned (see presets/default.yaml for the run that chose them)
# and written once, in the default preset: the defaults of the fields are read from it.
_TUNED = _preset_file("default")


#: The NLI model a default setting loads (the onnx backend's default too).
DEFAULT_NLI_MODEL = "builtin:nli-minilm-l6-para-int8"


class Settings(BaseSettings):
    """All of certirag's settings. Build one with :func:`load_settings`, or directly."""

    model_config = SettingsConfigDict(
        env_prefix="CERTIRAG_", extra="forbid", frozen=True, validate_default=True
    )

    home: Path = Field(default=Path("~/.certirag"),
                       description="user state: keys, ledger, named indexes")

    # ingestion
    chunk_max_chars: int = Field(default=600, ge=50, le=20_000,
                                 description="sentences are packed into chunks up to this size")

    # embeddings and retrieval
    embed_model: str = Field(default="builtin:minilm-l6-embed-int8",
                             description="'builtin:NAME' or a folder with model.onnx and "
                                         "tokenizer.json")
    embed_batch_size: int = Field(default=64, ge=1, le=4096)
    threads: int = Field(default=0, ge=0, le=256,
                         description="onnxruntime intra-op threads (0 = runtime default)")
    retrieval_mode: Literal["bm25", "dense", "hybrid"] = "hybrid"
    top_k: int = Field(default=5, ge=1, le=1000)
    # rrf_k and hybrid_weights: weighted reciprocal rank fusion chosen on HaluEval QA
    # training questions (rows 0-6,999) by benchmarks/retrieval.py; README "Retrieval"
    rrf_k: int = Field(default=5, ge=1)
    candidates: int = Field(default=50, ge=1, le=10_000,
                            description="hits taken from each mode before fusion")
    rerank_model: str | None = Field(default=None,
                                     description="cross-encoder for reranking (off when unset)")
    store: str | None = Field(default=None,
                              description="where named indexes live: file:///folder or "
                                          "postgresql://… (unset: --index is a folder; the "
                                          "server uses $CERTIRAG_HOME/indexes)")
    pg_bm25_max_scored: int = Field(
        default=20_000, ge=100, description="PostgreSQL store: the most chunks one BM25 "
                                            "query scores (exact below it; past it, chunks "
                                            "holding only the query's commonest terms are "
                                            "not scored)")
    hybrid_weights: tuple[float, float] = Field(
        default=(1.0, 0.7), description="weights of the (bm25, dense) rankings in "
                                        "reciprocal rank fusion")

    # verification
    nli_backend: str = Field(default="onnx", pattern=r"^[a-z][a-z0-9_\-]*$",
                             description="a registered verifier: onnx, hf, or your own")
    nli_model: str = Field(default=DEFAULT_NLI_MODEL,
                           description="'builtin:NAME', a local folder, or a hub id (hf backend)")
    nli_batch_size: int = Field(default=1, ge=1, le=1024)
    nli_max_length: int = Field(default=256, ge=16, le=4096)
    nli_windows: int = Field(default=8, ge=1, le=256,
                             description="evidence windows scored per claim")
    # chosen on HaluEval dev rows 7,000-7,999: the values and the command are in
    # presets/default.yaml, the one place they are written
    tau_entail: float = Field(default=_TUNED["tau_entail"], ge=0.0, le=1.0,
                              description="τe: a claim passes at calibrated "
                                          "P(entailment) ≥ τe (default: presets/default.yaml)")
    tau_contradict: float = Field(default=_TUNED["tau_contradict"], ge=0.0, le=1.0,
                                  description="τc: a claim is blocked at P(contradiction) ≥ "
                                              "τc (default: presets/default.yaml)")
    policy: Literal["certirag.policy.v3", "certirag.policy.v2", "certirag.policy.v1"] = Field(
        default="certirag.policy.v3",
        description="the decision rule: v2 verifies a claim that is a whole evidence "
                    "sentence verbatim (quoted); v1 leaves every claim to the model")
    display: Literal["strict", "mixed", "debug"] = "strict"
    verify_timeout_s: float | None = Field(default=None, gt=0,
                                           description="claims still unscored then are "
                                                       "withheld with reason 'timeout'")
    date_locale: Literal["dmy", "mdy"] = Field(default="dmy",
                                               description="how 06/04/2026 reads")
    extra_checks: list[str] = Field(
        default_factory=list,
        description="checks to run after the built-in ones, by name: registered, or "
                    "declared by installed packages in the 'certirag.checks' entry points; "
                    "certificates record them in versions.checks")

    # generation, the LLM judge and the claim compiler (one OpenAI-compatible client)
    llm_backend: Literal["local", "openai"] = "local"
    llm_model: str = Field(default="builtin:smollm2",
                           description="'builtin:smollm2', a GGUF path, or the server's model")
    llm_url: str | None = Field(default=None, description="OpenAI-compatible base URL")
    llm_api_key_env: str | None = Field(default=None,
                                        description="name of the env variable holding the key")
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_retries: int = Field(default=2, ge=0, le=10)
    llm_n_ctx: int = Field(default=4096, ge=256, le=1_048_576)
    llm_chat_template: str = "chatml"
    llm_schema_format: Literal["json_object", "json_schema", "none"] = Field(
        default="json_object",
        description="how the judge and compiler send their reply schema: 'json_object' "
                    "({type: json_object, schema}: llama.cpp), 'json_schema' (OpenAI "
                    "structured outputs, vLLM) or 'none' (JSON mode without a schema)")
    gen_temperature: float = Field(default=0.0, ge=0.0, le=5.0)
    gen_seed: int = 0
    gen_max_tokens: int = Field(default=256, ge=1, le=100_000)
    gen_max_sentence_tokens: int = Field(default=96, ge=8, le=10_000)
    retry_mode: Literal["ban", "allow", "inject"] = "ban"
    max_retries: int = Field(default=3, ge=0, le=20)
    max_retries_answer: int = Field(default=8, ge=0, le=100)
    refusal_text: str = "[Withheld: not verified.]"
    judge_enabled: bool = Field(default=False,
                                description="ask the LLM judge about claims in judge_band")
    judge_band: tuple[float, float] = (0.3, 0.7)
    judge_retries: int = Field(default=2, ge=0, le=10)
    claims: Literal["rules", "llm"] = Field(
        default="rules",
        description="how an answer becomes claims: 'rules' (certirag.claims, offline) or "
                    "'llm' (the LLM claim compiler on the llm_url server; when it fails, "
                    "every sentence is withheld with reason compiler_error)")

    # HTTP service
    server_api_keys_file: Path | None = Field(default=None,
                                              description="default $CERTIRAG_HOME/api_keys.json")
    rate_limit_per_minute: int = Field(default=600, ge=0, description="per API key; 0 = off")
    max_body_bytes: int = Field(default=4 * 1024 * 1024, ge=1024)
    max_evidence_chars: int = Field(default=1_000_000, ge=1)
    body_read_timeout_s: float = Field(default=30.0, gt=0,
                                       description="seconds a client has to send its whole "
                                                   "request body; then 408, connection closed")
    cors_origins: list[str] = Field(default_factory=list)

    # certificates
    signing_key: Path | None = Field(default=None,
                                     description="Ed25519 private key (PEM) that signs "
                                                 "certificates")
    ledger_path: Path | None = Field(default=None,
                                     description="ledger database (default $CERTIRAG_HOME/"
                                                 "ledger.db)")
    ledger: str | None = Field(default=None, repr=False,
                               description="the ledger: a file, or a postgresql:// URL "
                                           "(credentials from the URL or the PG* "
                                           "variables); instead of ledger_path, not with it")

    @field_validator("ledger")
    @classmethod
    def _one_ledger(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and info.data.get("ledger_path") is not None:
            raise ValueError("set ledger (a file or a postgresql:// URL) or ledger_path, "
                             "not both")
        return value

    @field_validator("hybrid_weights")
    @classmethod
    def _weights(cls, value: tuple[float, float]) -> tuple[float, float]:
        if min(value) < 0 or max(value) <= 0 or not all(map(math.isfinite, value)):
            raise ValueError("hybrid_weights are two finite weights >= 0, not both 0")
        return value

    @field_validator("home", "signing_key", "ledger_path", "server_api_keys_file")
    @classmethod
    def _expand(cls, value: Path | None) -> Path | None:
        return value.expanduser() if value is not None else None

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings)

    def settings_hash(self) -> str:
        """SHA-256 of the settings that affect results (paths of state excluded)."""
        data = self.model_dump(mode="json", exclude={"home", "signing_key", "ledger_path",
                                                         "ledger", "server_api_keys_file",
                                                         "store"})
        blob = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _read_yaml(text: str, origin: str) -> dict[str, Any]:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{origin}: not valid YAML: {exc}") from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{origin}: expected a mapping of setting names to values")
    unknown = sorted(set(map(str, data)) - set(Settings.model_fields))
    if unknown:
        raise ConfigError(f"{origin}: unknown setting(s): {', '.join(unknown)}")
    return data


def preset_values(name: str) -> dict[str, Any]:
    """The settings a preset names (a setting it does not name has its default)."""
    if name not in PRESETS:
        raise ConfigError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
    text = resources.files("certirag.presets").joinpath(f"{name}.yaml").read_text("utf-8")
    return _read_yaml(text, f"preset {name}")


def load_settings(config: str | Path | None = None, *, preset: str | None = None,
                  **overrides: Any) -> Settings:
    """Build :class:`Settings` from (lowest first) defaults, a preset (``default`` when
    none is named), a YAML file, ``CERTIRAG_*`` environment variables and ``overrides``."""
    layered: dict[str, Any] = dict(preset_values(preset or "default"))
    if config is not None:
        path = Path(config)
        try:
            text = path.read_text("utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot read config file {path}: {exc.strerror}") from exc
        layered.update(_read_yaml(text, str(path)))
    unknown = sorted(set(overrides) - set(Settings.model_fields))
    if unknown:
        raise ConfigError(f"unknown setting(s): {', '.join(unknown)}")
    layered.update(EnvSettingsSource(Settings)())  # CERTIRAG_* over the file and preset
    layered.update(overrides)
    try:
        return Settings.model_validate(layered)
    except ValidationError as exc:
        raise ConfigError(_describe(exc)) from exc


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"]) or "settings"
        parts.append(f"{loc}: {err['msg']}")
    return "invalid settings: " + "; ".join(parts)

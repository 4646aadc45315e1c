"""Engine configuration: the limits and steering mode of the in-flight engine, from settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from certirag.config import Settings
from certirag.errors import ConfigError
from certirag.text.sentences import sentences

__all__ = ["STEERING", "EngineConfig", "Steering", "config_from_settings"]

Steering = Literal["ban", "allow", "inject"]
STEERING: tuple[Steering, ...] = ("ban", "allow", "inject")


@dataclass(frozen=True)
class EngineConfig:
    """Limits and steering of the engine (see the module docstring)."""

    steering: Steering = "ban"
    max_retries: int = 3
    max_retries_answer: int = 8
    max_tokens: int = 256
    max_sentence_tokens: int = 96
    refusal: str = "[Withheld: not verified.]"
    posthoc: bool = False

    def __post_init__(self) -> None:
        if self.steering not in STEERING:
            raise ConfigError(f"steering must be one of {', '.join(STEERING)}, "
                              f"not {self.steering!r}")
        if not 0 <= self.max_retries <= 20 or not 0 <= self.max_retries_answer <= 100:
            raise ConfigError("max_retries must be 0..20 and max_retries_answer 0..100")
        if self.max_tokens < 1 or self.max_sentence_tokens < 1:
            raise ConfigError("max_tokens and max_sentence_tokens must be positive")
        if not self.refusal.strip():
            raise ConfigError("the refusal text must not be blank")
        probe = sentences(f"It is. {self.refusal.strip()} It is.")
        if probe != ["It is.", self.refusal.strip(), "It is."]:
            raise ConfigError(f"the refusal text {self.refusal!r} must read as a sentence of "
                              "its own: start it with a capital and end it with a stop, "
                              "e.g. '[Withheld: not verified.]'")


def config_from_settings(settings: Settings, **overrides: Any) -> EngineConfig:
    """An :class:`EngineConfig` from settings (names ``retry_mode``, ``max_retries``,
    ``max_retries_answer``, ``gen_max_tokens``, ``gen_max_sentence_tokens``,
    ``refusal_text``), then ``overrides`` (``None`` values ignored)."""
    values: dict[str, Any] = {
        "steering": settings.retry_mode,
        "max_retries": settings.max_retries,
        "max_retries_answer": settings.max_retries_answer,
        "max_tokens": settings.gen_max_tokens,
        "max_sentence_tokens": settings.gen_max_sentence_tokens,
        "refusal": settings.refusal_text,
    }
    values.update({k: v for k, v in overrides.items() if v is not None})
    return EngineConfig(**values)

"""The exception tree of certirag.

Every error the library raises on purpose derives from :class:`CertiragError`::

    CertiragError
    ├── ConfigError          bad settings, unknown keys, bad preset
    ├── InputError           bad user input: documents, answers, files (names file and line)
    ├── BackendUnavailable   a model, extra or server is missing (names the fix)
    ├── BackendError         a backend failed while running
    ├── IndexStoreError      an index folder is missing, corrupt or of another version
    ├── VerificationError    a verification could not be carried out
    └── CertificateError     a certificate is malformed or does not verify

The command line maps them to exit codes: ``InputError``/``ConfigError``/``IndexStoreError``
exit 2, ``BackendUnavailable``/``BackendError`` exit 3.
"""

from __future__ import annotations

__all__ = [
    "BackendError",
    "BackendUnavailable",
    "CertificateError",
    "CertiragError",
    "ConfigError",
    "IndexStoreError",
    "InputError",
    "VerificationError",
]


class CertiragError(Exception):
    """Base class of every error certirag raises on purpose."""


class ConfigError(CertiragError):
    """Settings are invalid: an unknown key, a bad value or a missing preset."""


class InputError(CertiragError):
    """User input is invalid. ``source`` and ``line`` locate it when known."""

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None) -> None:
        self.source = source
        self.line = line
        where = ""
        if source is not None:
            where = f"{source}:{line}: " if line is not None else f"{source}: "
        super().__init__(f"{where}{message}")


class BackendUnavailable(CertiragError):  # noqa: N818 - the documented name
    """A configured backend cannot be loaded; the message names the extra or command to fix it."""


class BackendError(CertiragError):
    """A backend failed while running (a model error, a server error, a timeout)."""


class IndexStoreError(CertiragError):
    """An index folder is missing, corrupt, or written by an incompatible version."""


class VerificationError(CertiragError):
    """A verification could not be carried out."""


class CertificateError(CertiragError):
    """A certificate is malformed, or its digest or signature does not verify."""

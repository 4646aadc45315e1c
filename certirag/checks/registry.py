"""The registry of deterministic checks: what each check may find and the function that
finds it, by name.

A :class:`Check` is a name, the finding codes it may emit (each with its kinds and
meaning), a compare function ``compare(claim, evidence, question, out)`` that appends
:class:`~certirag.checks.Finding` s to ``out``, and a version. The built-in checks register
here through :func:`register_check` (:mod:`certirag.checks.builtin`) and always run, in
the order they were registered; they carry :data:`CHECKS_VERSION`, the id of the built-in
rules. Any other check runs only where the ``extra_checks`` setting (``CheckOptions.extra``)
names it, after the built-ins, and certificates record it in their checks version
(:func:`checks_version`: ``certirag.checks.v24+name@version``), so that ``certirag cert
verify`` re-derives their findings only where the same checks are available.

A package declares its checks in the entry-point group :data:`ENTRY_POINT_GROUP`, each
naming a :class:`Check` whose name is the entry point's::

    [project.entry-points."certirag.checks"]
    mine = "my_package:CHECK"

They are loaded on first use; a plugin that cannot be loaded is a
:class:`~certirag.errors.ConfigError` that names it. The codes a check declares that are
not in :data:`certirag.reasons.REASONS` are registered beside it
(:func:`certirag.reasons.register_finding_codes`); a built-in code may be declared only as
the table defines it, and only if it is a finding of the check.

The registry holds code, never settings (settings choose checks by name).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from certirag.errors import ConfigError
from certirag.plugins import EntryPoints
from certirag.reasons import (
    REASONS,
    FindingKind,
    register_finding_codes,
    unregister_finding_codes,
)

if TYPE_CHECKING:
    from certirag.checks.base import Finding
    from certirag.checks.parse import Parsed
    from certirag.checks.prepared import PreparedEvidence, Question

__all__ = [
    "CHECKS_VERSION",
    "ENTRY_POINT_GROUP",
    "Check",
    "CompareFunction",
    "FindingCode",
    "check_names",
    "checks_rederivable",
    "checks_version",
    "extra_checks",
    "get_check",
    "parse_checks_version",
    "recorded_extra_checks",
    "register_check",
    "unregister_check",
]

#: The id of the deterministic check's built-in rules (:func:`certirag.checks.check_claim`,
#: and the binding and frame findings of :mod:`certirag.bound` that policy v3 adds),
#: recorded in every certificate (``versions.checks``), followed by ``+name@version`` for
#: each extra check enabled (:func:`checks_version`). Change it whenever a rule change can
#: give any claim other findings: ``certirag cert verify`` re-runs the check only under the
#: id a certificate records and reports ``not_rederivable`` for ids it does not know.
CHECKS_VERSION = "certirag.checks.v24"

#: The entry-point group an installed package declares its checks in, as
#: ``[project.entry-points."certirag.checks"] mine = "my_package:CHECK"``.
ENTRY_POINT_GROUP = "certirag.checks"

#: ``compare(claim, evidence, question, out)``: append the findings about the parsed claim
#: against the prepared evidence (figures, dates and names of the question count as
#: grounded) to ``out``; return nothing.
CompareFunction = Callable[["Parsed", "PreparedEvidence", "Question", "list[Finding]"], None]

_NAME = re.compile(r"[a-z][a-z0-9_\-]*")
_VERSION = re.compile(r"[A-Za-z0-9][A-Za-z0-9._\-]*")


@dataclass(frozen=True, slots=True)
class FindingCode:
    """A finding code a check may emit: its kinds (``contradiction`` blocks the claim,
    ``ungrounded`` leaves it unverified) and what it means."""

    code: str
    kinds: tuple[FindingKind, ...]
    meaning: str

    def __post_init__(self) -> None:
        if isinstance(self.kinds, str) or not isinstance(self.kinds, Sequence):
            raise ConfigError(f"finding code {self.code!r}: kinds are a tuple of kinds, not "
                              f"{self.kinds!r}")
        object.__setattr__(self, "kinds", tuple(self.kinds))

    @classmethod
    def from_table(cls, code: str) -> FindingCode:
        """A built-in finding code as :data:`certirag.reasons.REASONS` defines it."""
        spec = REASONS.get(code)
        if spec is None or spec.stage != "check" or "failure" in spec.kinds:
            raise ConfigError(f"{code!r} is not a built-in finding code of the check")
        return cls(code, cast("tuple[FindingKind, ...]", spec.kinds), spec.meaning)


@dataclass(frozen=True, slots=True)
class Check:
    """One deterministic check (see the module docstring). ``codes`` are the finding codes
    ``compare`` may emit; a finding with any other code fails the check (the claim is
    withheld with ``check_error``)."""

    name: str
    codes: tuple[FindingCode, ...]
    compare: CompareFunction
    version: str
    #: the declared codes, as a set
    declared: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise ConfigError(f"bad check name {self.name!r}: use lowercase letters, digits, "
                              "- and _")
        if not isinstance(self.version, str) or not _VERSION.fullmatch(self.version):
            raise ConfigError(f"check {self.name!r}: bad version {self.version!r} (letters, "
                              "digits, '.', '-' and '_')")
        if not callable(self.compare):
            raise ConfigError(f"check {self.name!r}: compare must be a function "
                              "(claim, evidence, question, out) -> None")
        codes = tuple(self.codes) if isinstance(self.codes, Sequence) else ()
        if not codes or not all(isinstance(c, FindingCode) for c in codes):
            raise ConfigError(f"check {self.name!r}: codes must be one FindingCode or more")
        names = [c.code for c in codes]
        if len(set(names)) != len(names):
            raise ConfigError(f"check {self.name!r} declares a code twice: {names}")
        object.__setattr__(self, "codes", codes)
        object.__setattr__(self, "declared", frozenset(names))

    @property
    def builtin(self) -> bool:
        """Whether this is one of certirag's own checks (versioned by
        :data:`CHECKS_VERSION`): those always run and are never named as extra checks."""
        return self.version == CHECKS_VERSION


# Registered checks by name, in the order they were registered.
_REGISTRY: dict[str, Check] = {}
# Held while an entry point is loaded and registered (servers check in many threads).
_LOADING = threading.RLock()


def _new_codes(check: Check, replacing: Check | None) -> dict[str, tuple[Sequence[str], str]]:
    """The codes ``check`` declares beyond the table, after checking every declared code
    against the table and the other registered checks."""
    fresh: dict[str, tuple[Sequence[str], str]] = {}
    for fc in check.codes:
        spec = REASONS.get(fc.code)
        if spec is None and check.builtin:
            raise ConfigError(f"check {check.name!r} has the built-in version "
                              f"{CHECKS_VERSION!r} but declares {fc.code!r}, which is not in "
                              "certirag.reasons.REASONS: built-in codes are rows of the table")
        if spec is not None:
            if spec.stage != "check" or "failure" in spec.kinds:
                raise ConfigError(f"check {check.name!r} declares {fc.code!r}, a built-in "
                                  f"{'failure ' if 'failure' in spec.kinds else ''}code of "
                                  f"stage {spec.stage!r}: a check declares finding codes")
            if (tuple(fc.kinds), fc.meaning) != (spec.kinds, spec.meaning):
                raise ConfigError(f"check {check.name!r} redefines the built-in finding code "
                                  f"{fc.code!r}: declare it as certirag.reasons.REASONS does "
                                  "(FindingCode.from_table), or give the finding a code of "
                                  "its own")
            continue
        owner = next((other.name for other in _REGISTRY.values()
                      if other is not replacing and fc.code in other.declared), None)
        if owner is not None:
            raise ConfigError(f"check {check.name!r} declares {fc.code!r}, a code of the "
                              f"check {owner!r}")
        fresh[fc.code] = (fc.kinds, fc.meaning)
    return fresh


def _own_codes(check: Check) -> list[str]:
    return [c.code for c in check.codes if c.code not in REASONS]


def register_check(check: Check, *, replace: bool = False) -> None:
    """Register ``check`` under its name; its codes that are not in
    :data:`certirag.reasons.REASONS` become registered finding codes. A name already
    taken, a built-in check replaced, or a code that clashes (a built-in code of another
    stage, a built-in code redefined, another check's code) raises :class:`ConfigError`.
    The version :data:`CHECKS_VERSION` marks certirag's own checks
    (:mod:`certirag.checks.builtin`): a check of another package has a version of its own."""
    if not isinstance(check, Check):
        raise ConfigError(f"register_check takes a certirag.checks.registry.Check, not "
                          f"{type(check).__name__}")
    old = _REGISTRY.get(check.name)
    if old is not None:
        if not replace:
            raise ConfigError(f"a check named {check.name!r} is already registered")
        if old.builtin:
            raise ConfigError(f"{check.name!r} is a built-in check and cannot be replaced")
    fresh = _new_codes(check, old)
    if old is not None:
        unregister_finding_codes(_own_codes(old))
    try:
        register_finding_codes(fresh)
    except ValueError as exc:
        if old is not None:
            register_finding_codes({c.code: (c.kinds, c.meaning) for c in old.codes
                                    if c.code not in REASONS})
        raise ConfigError(f"check {check.name!r}: {exc}") from exc
    _REGISTRY[check.name] = check


def unregister_check(name: str) -> None:
    """Remove a registered check and its own finding codes; an unknown name or a built-in
    check raises :class:`ConfigError`."""
    check = _REGISTRY.get(name)
    if check is None:
        raise ConfigError(f"no check named {name!r} is registered")
    if check.builtin:
        raise ConfigError(f"{name!r} is a built-in check and cannot be unregistered")
    unregister_finding_codes(_own_codes(check))
    del _REGISTRY[name]


_PLUGINS = EntryPoints(ENTRY_POINT_GROUP, "check")


def check_names() -> list[str]:
    """The registered checks in the order they were registered (the built-ins first, in
    the order they run), then those installed packages declare and that are not loaded
    yet, sorted."""
    return [*_REGISTRY, *sorted(set(_PLUGINS.names()) - set(_REGISTRY))]


def get_check(name: str) -> Check:
    """The check registered under ``name``, or the one an installed package declares under
    that name in the ``certirag.checks`` entry-point group (loaded and registered on first
    use); an unknown name or a plugin that cannot be loaded raises :class:`ConfigError`."""
    check = _REGISTRY.get(name)
    if check is not None:
        return check
    with _LOADING:
        check = _REGISTRY.get(name)  # loaded meanwhile by another thread
        return check if check is not None else _load(name)


def _load(name: str) -> Check:
    loaded = _PLUGINS.load(name, check_names)
    value = _PLUGINS.value(name)
    if not isinstance(loaded, Check):
        raise ConfigError(f"check {name!r}: {value!r} is not a "
                          "certirag.checks.registry.Check")
    if loaded.name != name or loaded.builtin:
        raise ConfigError(f"check {name!r}: {value!r} is the check {loaded.name!r} "
                          f"version {loaded.version!r}; an entry point names a check of its "
                          f"own name and version (not {CHECKS_VERSION!r})")
    if _REGISTRY.get(name) is loaded:  # the module registered it itself when imported
        return loaded
    try:
        register_check(loaded)
    except ConfigError as exc:
        raise ConfigError(f"{exc} (entry point {value!r} of {ENTRY_POINT_GROUP})"
                          ) from exc
    return loaded


def extra_checks(names: Sequence[str]) -> tuple[Check, ...]:
    """The extra checks ``names`` enable, in order: each a registered or installed check
    that is not built-in, named once; anything else raises :class:`ConfigError`."""
    if isinstance(names, str) or not all(isinstance(n, str) for n in names):
        raise ConfigError(f"extra checks are a list of check names, not {names!r}")
    if len(set(names)) != len(names):
        raise ConfigError(f"extra checks name a check twice: {list(names)}")
    out = tuple(get_check(n) for n in names)
    builtin = [c.name for c in out if c.builtin]
    if builtin:
        raise ConfigError(f"{', '.join(map(repr, builtin))}: built-in checks always run; "
                          "extra checks name checks of other packages")
    return out


def checks_version(names: Sequence[str] = ()) -> str:
    """The checks version a certificate records for the extra checks ``names``:
    :data:`CHECKS_VERSION`, then ``+name@version`` for each, in order
    (``certirag.checks.v24+mine@1.0``); without extra checks, :data:`CHECKS_VERSION`."""
    return CHECKS_VERSION + "".join(f"+{c.name}@{c.version}" for c in extra_checks(names))


def parse_checks_version(version: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A checks version split into the built-in rules' id and the ``(name, version)`` of
    each extra check; :class:`ValueError` when it is not of that form."""
    base, *parts = version.split("+")
    extra: list[tuple[str, str]] = []
    for part in parts:
        name, at, ver = part.partition("@")
        if not at or not _NAME.fullmatch(name) or not _VERSION.fullmatch(ver):
            raise ValueError(f"{part!r} of checks version {version!r} is not name@version")
        extra.append((name, ver))
    if not base:
        raise ValueError(f"checks version {version!r} names no rules")
    return base, tuple(extra)


def checks_rederivable(version: str) -> bool:
    """Whether the findings recorded under ``version`` can be re-derived here: the built-in
    rules are :data:`CHECKS_VERSION` and every extra check it names is available (registered
    or installed, loading it if needed) at the version recorded."""
    try:
        base, extra = parse_checks_version(version)
        checks = extra_checks([name for name, _ in extra])
    except (ValueError, ConfigError):
        return False
    return base == CHECKS_VERSION and all(
        c.version == ver for c, (_, ver) in zip(checks, extra, strict=True))


def recorded_extra_checks(versions: Mapping[str, str] | None) -> tuple[str, ...]:
    """The names of the extra checks a certificate's ``versions`` record (none for a
    certificate issued before versions were recorded, or a version not of that form)."""
    if not versions or "checks" not in versions:
        return ()
    try:
        return tuple(name for name, _ in parse_checks_version(versions["checks"])[1])
    except ValueError:
        return ()

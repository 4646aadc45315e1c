"""The claim check: compare what a claim states with what the evidence says.

:func:`prepare_evidence` parses evidence once
(:class:`~certirag.checks.prepared.PreparedEvidence`); :func:`check_claim` parses the claim
and runs the built-in checks (:mod:`certirag.checks.builtin`), then the extra checks its
options name (:mod:`certirag.checks.registry`), against it. :class:`ClaimChecker`
keeps a bounded cache of parsed evidence strings for callers that check many claims
against overlapping evidence.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence

from certirag.checks.base import CheckOptions, Finding
from certirag.checks.builtin import BUILTIN_CHECKS
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question, parse_as
from certirag.checks.registry import Check, extra_checks, get_check
from certirag.errors import InputError, VerificationError
from certirag.text.conjuncts import conjuncts

__all__ = ["ClaimChecker", "absent_anchor", "check_claim", "prepare_evidence"]

#: Longest text accepted (claim, question or one evidence string), in characters.
MAX_CHARS = 1_000_000


def _validate_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{what} must be a string, not {type(value).__name__}")
    if len(value) > MAX_CHARS:
        raise InputError(f"{what} is longer than {MAX_CHARS:,} characters")
    return value


def _validate_evidence(evidence: object) -> list[str]:
    if isinstance(evidence, str | bytes):
        raise InputError("evidence must be a sequence of strings, not a single string")
    if not isinstance(evidence, Iterable):
        raise InputError(f"evidence must be a sequence of strings, not {type(evidence).__name__}")
    return [_validate_text(e, "each evidence item") for e in evidence]


def prepare_evidence(evidence: Sequence[str], *, options: CheckOptions | None = None
                     ) -> PreparedEvidence:
    """Parse and index ``evidence`` once, for any number of :func:`check_claim` calls."""
    options = options or CheckOptions()
    texts = _validate_evidence(evidence)
    return PreparedEvidence(texts, [parse_as(t, options, "evidence") for t in texts], options)


class ClaimChecker:
    """Checks claims with fixed options, caching parsed evidence strings (least recently
    used, at most ``cache_size``)."""

    def __init__(self, *, options: CheckOptions | None = None, cache_size: int = 4096) -> None:
        if cache_size < 0:
            raise InputError("cache_size must be at least 0")
        self.options = options or CheckOptions()
        self._cache: OrderedDict[str, Parsed] = OrderedDict()
        self._size = cache_size

    def prepare(self, evidence: Sequence[str]) -> PreparedEvidence:
        """Like :func:`prepare_evidence`, reusing cached parses."""
        texts = _validate_evidence(evidence)
        parsed: list[Parsed] = []
        for t in texts:
            p = self._cache.get(t)
            if p is None:
                p = parse_as(t, self.options, "evidence")
                if self._size:
                    self._cache[t] = p
                    if len(self._cache) > self._size:
                        self._cache.popitem(last=False)
            else:
                self._cache.move_to_end(t)
            parsed.append(p)
        return PreparedEvidence(texts, parsed, self.options)

    def check(self, claim: str, evidence: Sequence[str] | PreparedEvidence, *,
              question: str = "") -> list[Finding]:
        """:func:`check_claim` with this checker's options and cache."""
        if not isinstance(evidence, PreparedEvidence):
            evidence = self.prepare(evidence)
        return check_claim(claim, evidence, question=question, options=self.options)


#: A finding another one of the same claim says more precisely: a denial the evidence
#: contradicts (``negation_mismatch``) needs no second finding that nothing grounds it.
_SUBSUMED: dict[str, frozenset[str]] = {"ungrounded_denial": frozenset({"negation_mismatch"})}


def check_claim(claim: str, evidence: Sequence[str] | PreparedEvidence, *, question: str = "",
                options: CheckOptions | None = None) -> list[Finding]:
    """Findings about ``claim`` against ``evidence`` (strings or :class:`PreparedEvidence`).

    An empty list means no rule found anything; it is not a verification. Figures and names
    stated in ``question`` count as grounded (citations and titles never do), unless the
    claim only restates a yes/no question (:meth:`Question.restated_by`)."""
    _validate_text(claim, "claim")
    _validate_text(question, "question")
    if isinstance(evidence, PreparedEvidence):
        if options is not None and options != evidence.options:
            raise InputError("options differ from those the evidence was prepared with")
        ev = evidence
    else:
        ev = prepare_evidence(evidence, options=options)
    opts = ev.options
    c = parse_as(claim, opts, "claim")
    q = Question(question, opts, claim)
    out: list[Finding] = []
    for check in (*map(get_check, BUILTIN_CHECKS), *extra_checks(opts.extra)):
        out.extend(_run(check, c, ev, q))
    out.extend(_clause_findings(claim, ev, q, out))
    codes = {f.code for f in out}
    seen: set[tuple[str, str]] = set()
    unique: list[Finding] = []
    for f in out:
        k = (f.code, f.text)
        if k not in seen and not _SUBSUMED.get(f.code, frozenset()) & codes:
            seen.add(k)
            unique.append(f)
    return unique



#: What the sentence rules find of one clause of a claim that joins clauses: a clause that
#: says the opposite of its own evidence sentence ("Smoking is banned on the platforms, but
#: e-cigarettes are permitted." against "… E-cigarettes are also banned."). Not a negation:
#: a clause read alone loses the other clause's "not" or "refused" ("Wilcox said 'shoot
#: me', but the cop refused." has no "shoot" the evidence negates).
_CLAUSE_CODES = frozenset({"polarity_mismatch"})


def _clause_findings(claim: str, ev: PreparedEvidence, q: Question,
                     found: Sequence[Finding]) -> list[Finding]:
    """The sentence rules' antonyms of each clause of ``claim`` that ``found`` (the whole
    claim's findings) does not have already. The rules align a claim with one
    evidence sentence, and a claim that joins two statements is aligned with one of them
    only; each clause is aligned with its own."""
    parts = conjuncts(claim)
    if len(parts) < 2:
        return []
    sentences = get_check("sentences")
    have = {(f.code, f.text) for f in found}
    out: list[Finding] = []
    for part in parts:
        for f in _run(sentences, parse_as(part, ev.options, "claim"), ev, q):
            if f.code in _CLAUSE_CODES and (f.code, f.text) not in have:
                have.add((f.code, f.text))
                out.append(f)
    return out


_UNGROUNDED = frozenset({"ungrounded_entity", "ungrounded_figure", "ungrounded_date"})


def absent_anchor(findings: Iterable[Finding], evidence: str) -> Finding | None:
    """The first of ``findings`` (of a claim against ``evidence``) that is a name, figure
    or date ``evidence`` does not contain at all, not even as text: a fact no wording of
    the evidence supports, whatever a data set's label says of the claim."""
    low = evidence.lower()
    for f in findings:
        text = (f.text or "").lower().strip(" .'\"")
        if f.code in _UNGROUNDED and text and text not in low:
            return f
    return None


def _run(check: Check, claim: Parsed, evidence: PreparedEvidence, question: Question
         ) -> list[Finding]:
    """The findings of one check; a finding it does not declare fails the check."""
    found: list[Finding] = []
    check.compare(claim, evidence, question, found)
    for f in found:
        if not isinstance(f, Finding) or f.code not in check.declared:
            raise VerificationError(
                f"check {check.name!r} found {getattr(f, 'code', f)!r}, which it does not "
                f"declare (it declares {', '.join(sorted(check.declared))})")
    return found

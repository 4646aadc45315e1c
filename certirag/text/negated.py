"""Positive readings of negated claims (scorer ``certirag.scorer.v5``).

Our small NLI model reads a negation in a claim as a sign of contradiction: "The CHEM 210
final is not open-book." scores P(contradiction) 0.93 against "The final exam for CHEM 210
is closed-book.", and "the council had not considered how the closure would affect …"
0.98 against "the council had failed to consider the impact …". Where the evidence span
states the opposite word, :func:`positive_reading` gives the model the claim with its
negated phrase written as that word:

* a state after a form of *be*: "is not open" → "is closed", "wasn't accepted" → "was
  rejected", "is not lighter" → "is heavier";
* an action after *do*: "did not win" → "lost", "does not include" → "excludes";
* a failure: "had not considered" → "had failed to consider", "did not pay" → "failed to
  pay".

Each replacement says at least what the negation says (what is closed is not open; a
team that lost did not win; who failed to consider did not consider), so a false claim
is not read as a true one: when the evidence entails the reading, it entails the claim.
Only a word the span itself uses is written in, so the model reads the evidence's own
word. Only the model reads this text: the deterministic checks, the certificate and
the rendered answer keep the claim as written, and the negation check still holds the
written negation against the evidence.
"""

from __future__ import annotations

import re

from certirag.text.verbs import third_person
from certirag.verifiers.windows import terms

__all__ = ["no_form", "positive_reading"]

# A state and the words that each say it does not hold.
_STATES: dict[str, tuple[str, ...]] = {
    "open": ("closed", "shut"), "closed": ("open",), "shut": ("open",),
    "open-book": ("closed-book",), "closed-book": ("open-book",),
    "allowed": ("prohibited", "banned", "forbidden"),
    "permitted": ("prohibited", "banned", "forbidden"),
    "included": ("excluded",), "covered": ("excluded",),
    "available": ("unavailable",), "required": ("optional",),
    "mandatory": ("optional", "voluntary"), "compulsory": ("optional", "voluntary"),
    "legal": ("illegal",), "lawful": ("unlawful",), "safe": ("unsafe", "dangerous"),
    "eligible": ("ineligible",), "valid": ("invalid",), "possible": ("impossible",),
    "refundable": ("non-refundable",), "alive": ("dead",), "present": ("absent",),
    "true": ("false",), "false": ("true",), "able": ("unable",), "aware": ("unaware",),
    "successful": ("unsuccessful",), "likely": ("unlikely",), "fair": ("unfair",),
    "accepted": ("rejected", "refused", "declined"), "approved": ("rejected", "refused"),
    "granted": ("refused", "denied", "rejected"),
    "lighter": ("heavier",), "heavier": ("lighter",), "higher": ("lower",),
    "lower": ("higher",), "larger": ("smaller",), "bigger": ("smaller",),
    "smaller": ("larger", "bigger"), "longer": ("shorter",), "shorter": ("longer",),
    "older": ("younger",), "younger": ("older",), "faster": ("slower",),
    "slower": ("faster",), "earlier": ("later",), "later": ("earlier",),
    "cheaper": ("more expensive",), "wider": ("narrower",), "narrower": ("wider",),
}

# An action and the actions that each say it was not done: (base, third person, past).
_Forms = tuple[str, str, str]
_REJECT: tuple[_Forms, ...] = (("reject", "rejects", "rejected"),
                               ("refuse", "refuses", "refused"))
_BAN: tuple[_Forms, ...] = (("prohibit", "prohibits", "prohibited"),
                            ("ban", "bans", "banned"), ("forbid", "forbids", "forbade"))
_ACTIONS: dict[str, tuple[_Forms, ...]] = {
    "accept": (*_REJECT, ("decline", "declines", "declined")),
    "approve": _REJECT,
    "win": (("lose", "loses", "lost"),),
    "pass": (("fail", "fails", "failed"),),
    "include": (("exclude", "excludes", "excluded"),),
    "cover": (("exclude", "excludes", "excluded"),),
    "allow": _BAN,
    "permit": _BAN,
    "support": (("oppose", "opposes", "opposed"),),
    "agree": (("disagree", "disagrees", "disagreed"),),
    "survive": (("die", "dies", "died"),),
    "remember": (("forget", "forgets", "forgot"),),
}

_NOT = r"(?:\s+not\b|n['’]t\b)"
_STATE = re.compile(
    r"\b(?P<aux>is|are|was|were|be|been|am)" + _NOT + r"\s+(?P<word>"
    + "|".join(sorted(map(re.escape, _STATES), key=len, reverse=True)) + r")(?![\w-])",
    re.IGNORECASE)
_ACTION = re.compile(r"\b(?P<aux>do|does|did)" + _NOT + r"\s+(?P<word>"
                     + "|".join(_ACTIONS) + r")\b", re.IGNORECASE)
# "had not considered", "did not pay", "has not paid": a verb the span says was failed
_FAILED = re.compile(r"\b(?P<aux>did|had|has|have)" + _NOT + r"\s+(?P<word>[a-z]+)\b",
                     re.IGNORECASE)
_FAILED_TO = re.compile(r"\b(?:fail(?:ed|s)?|failing) to (?P<verb>[a-z]+)\b", re.IGNORECASE)


def _said(word: str, premise: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", premise,
                     re.IGNORECASE) is not None


def _keep_case(old: str, new: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


def _state(m: re.Match[str], premise: str) -> str:
    opposite = next((w for w in _STATES[m.group("word").lower()] if _said(w, premise)), None)
    if opposite is None:
        return m.group(0)
    aux = m.group("aux")
    return f"{aux} {opposite}"


def _action(m: re.Match[str], premise: str) -> str:
    aux = m.group("aux").lower()
    for forms in _ACTIONS[m.group("word").lower()]:
        if any(_said(f, premise) for f in forms):
            form = forms[2] if aux == "did" else forms[1] if aux == "does" else forms[0]
            return _keep_case(m.group("aux"), form)
    return m.group(0)


def positive_reading(claim: str, premise: str) -> str:
    """``claim`` with each negated phrase whose opposite ``premise`` states written as that
    opposite (see the module's docstring); ``claim`` itself when there is none."""
    if "not" not in claim.lower() and "n't" not in claim and "n’t" not in claim:
        return claim
    text = _STATE.sub(lambda m: _state(m, premise), claim)
    text = _ACTION.sub(lambda m: _action(m, premise), text)
    failed = {t: m.group("verb") for m in _FAILED_TO.finditer(premise)
              for t in terms(m.group("verb"))}
    if failed:
        def fail(m: re.Match[str]) -> str:
            stem = terms(m.group("word"))
            verb = failed.get(stem[0]) if stem else None
            if verb is None:
                return m.group(0)
            aux = m.group("aux")
            lead = "" if aux.lower() == "did" else f"{aux} "
            return _keep_case(aux, f"{lead}failed to {verb.lower()}")
        text = _FAILED.sub(fail, text)
    return text


# "does not charge a fee" and "charges no fee", "there is not a fee" and "there is no fee":
# one denial written two ways. The model reads "not" against "no" as a contradiction
# ("The Harbourline Current Account does not charge a monthly fee." scores
# P(contradiction) 0.97 against "The Harbourline Current Account has no monthly fee.",
# and P(entailment) 0.82 written "charges no monthly fee"): :func:`no_form` writes both
# sides of a model pair with the denial of a thing in its "no" form (scorer
# ``certirag.scorer.v7``).
_NOT_THERE = re.compile(r"\b(?P<be>there\s+(?:is|are|was|were))\s+not\s+(?:a|an|any)\s+(?=\w)",
                        re.IGNORECASE)
_NOT_DO = re.compile(r"\b(?P<aux>do|does)\s+not\s+(?P<verb>[a-z]+)\s+(?:(?:a|an|any)\s+)?"
                     r"(?=(?P<next>[a-z][a-z-]*)\b)")
# What may follow the verb for its object to be a thing denied: not a determiner that names
# one thing, a pronoun, a preposition, an adverb or a quantifier.
_NOT_AN_OBJECT = frozenset("""the this that these those his her its their my your our it them
him me us you to for on in at by with from until unless if when before after about into out
up down off over under anything anyone anybody nothing much more most all every each both
either neither only just even yet always ever really necessarily usually normally currently
also so too very well as than how what which who whom whose where why whether
enough same other another such one no not any""".split())
# Adjectives shaped like an adverb: "a monthly fee".
_PERIODIC = frozenset("hourly daily nightly weekly fortnightly monthly quarterly yearly".split())
# Verbs whose object a "no" may deny: they take a thing as object.
_NO_VERBS = frozenset("""have charge offer include need require accept pay get receive give
provide contain cover allow permit take carry sell serve list show use make issue
support""".split())


def _no_do(m: re.Match[str]) -> str:
    verb, following = m.group("verb"), m.group("next")
    if verb not in _NO_VERBS or following in _NOT_AN_OBJECT or (
            following.endswith("ly") and following not in _PERIODIC):
        return m.group(0)
    form = third_person(verb) if m.group("aux").lower() == "does" else verb
    return f"{form} no "


def no_form(text: str) -> str:
    """``text`` with each denial of a thing written in its "no" form: "does not charge a
    fee" → "charges no fee", "do not have any pets" → "have no pets", "there is not a
    fee" → "there is no fee" (a transitive verb of a closed list, its object an indefinite
    or bare noun phrase). The two forms say the same."""
    if "not" not in text:
        return text
    out = _NOT_THERE.sub(lambda m: f"{m.group('be')} no ", text)
    return _NOT_DO.sub(_no_do, out)

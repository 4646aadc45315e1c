"""Atomic pieces of a sentence with a non-restrictive clause about its subject.

``Maria Lindqvist, who joined Arcadia in 2011, manages the depot.`` states two things: that
Maria Lindqvist manages the depot and that she joined Arcadia in 2011. Checked as one, the
claim needs one span that states both; checked as two, each piece is bound by its own
sentence. Nothing is dropped: every piece must be verified for the sentence to be shown. A
clause between commas after the subject — ``who`` / ``which`` + a verb phrase, or a past
participle (``founded in Leeds in 2005``) — is split off; a restrictive clause (no commas)
and any other shape is kept whole.
"""

from __future__ import annotations

import re

from certirag.text.subjects import NAME_RUN

__all__ = ["split_subject_clause"]

_NAME = rf"(?:The\s+|A\s+|An\s+)?{NAME_RUN}"
_THING = r"(?:The|This|That)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}"
_PARTICIPLE = (r"[a-z]{3,}ed|born|built|known|run|led|made|written|sold|held|won|given|taken"
               r"|chosen|drawn|shown|grown|set\s+up")
# a phrase that opens with a preposition is no subject ("From May, unlimited monthly passes
# will include …": claims rules v18)
_NOT_SUBJECT = (r"(?!(?:From|In|On|At|After|Before|During|Since|Until|Till|For|By|With|Without|"
                r"Under|Over|Between|Across|Throughout|Within|Following|Upon|Into|"
                r"Through|Towards?|Beyond|Despite|Unlike|Like|As|If|When|Once)\b)")
_RELATIVE_RE = re.compile(
    rf"^{_NOT_SUBJECT}(?P<subj>{_NAME}|{_THING}),\s+(?:(?P<rel>who|which)\s+(?P<clause>[^,;:()\"“”]{{3,}}?)"
    rf"|(?P<part>{_PARTICIPLE})\s+(?P<pclause>[^,;:()\"“”]{{2,}}?)),\s+"
    r"(?P<rest>[a-z][^;:()\"“”]*?)(?P<stop>[.!]?)$")
# "is" for a state that still holds ("based in", "known as"), "was" for an event
_STATE = frozenset({"based", "known", "owned", "run", "led", "headquartered", "located",
                    "priced", "valued", "rated"})
# The first word of what follows the clause must be a verb for the rest to be a predicate.
_VERBISH = re.compile(r"^(?:[a-z]+(?:ed|es|s)|is|are|was|were|has|have|had|will|would|can|could"
                      r"|may|might|must|shall|should|does|did|do|went|won|lost|made|took|got|gave"
                      r"|became|began|left|led|ran|said|told|met|saw|came|found|held|kept|sold"
                      r"|paid|spent|built|bought|brought|wrote|grew|fell|rose|now|also|still"
                      r"|later|then|never|once|only|first|recently)\b")


def split_subject_clause(sentence: str) -> list[str]:
    """``[main, clause]`` for a sentence whose subject carries a clause between commas
    (module docstring), else ``[sentence]``."""
    m = _RELATIVE_RE.match(sentence.strip())
    if m is None or not _VERBISH.match(m["rest"]) or len(m["rest"].split()) < 2:
        return [sentence]
    subj, stop = m["subj"], m["stop"] or "."
    main = f"{subj} {m['rest']}{stop}"
    if m["rel"]:
        clause = f"{subj} {m['clause'].strip()}."
    else:
        be = "is" if m["part"] in _STATE else "was"
        clause = f"{subj} {be} {m['part']} {m['pclause'].strip()}."
    return [main, clause]

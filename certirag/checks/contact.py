"""Who gets in touch with whom: the asker or the service.

"You'll need to phone the mechanic for a quote before they'll do any work over £40."
against "Our mechanic will inspect it the same morning and will phone you with a quote
before carrying out any work costing more than £40." holds every figure and most words
of its evidence, and our small model reads it as entailed (P(entailment) 0.60): the
claim has the asker make the call the evidence says the mechanic makes.

:func:`check_contact` finds a claim that has the asker ("you") phone, call, ring, email,
text or contact a party ("the mechanic", "us", "them") where an evidence sentence has
that party do it to the asker ("our mechanic will phone you", "we will call you") and no
evidence sentence has anyone contact anyone but the asker ("call us on …", "you can phone
the office" leave it to the model): ``role_swap``.
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_contact"]

_VERB = r"(?:phone|call|ring|e-?mail|text|contact|message)"
# the asker does it: "you'll need to phone the mechanic", "you should contact us"
_ASKER_DOES = re.compile(
    r"\byou(?:['’]ll|['’]d|\s+will|\s+would|\s+can|\s+may|\s+must|\s+should|\s+need\s+to|"
    r"\s+have\s+to|['’]ll\s+(?:need|have)\s+to|\s+will\s+(?:need|have)\s+to)?\s+"
    r"(?:(?:first|then|just)\s+)?" + _VERB + r"\s+(?P<party>us|them|him|her|"
    r"(?:the|your|our)\s+(?P<noun>[a-z]+))\b", re.IGNORECASE)
# the party does it to the asker: "our mechanic will … phone you", "we'll call you"
_PARTY_DOES = re.compile(
    r"\b(?:(?P<we>we|they)|(?:the|your|our)\s+(?P<noun>[a-z]+))(?:['’]ll)?\s+"
    r"(?:[a-z]+\s+){0,8}?" + _VERB + r"(?:s|es|ed|d)?\s+you\b", re.IGNORECASE)
# anyone contacting anyone but the asker, or a way to get in touch: "call us on 0161 …",
# "phone the office", "contact NHS 111", "reach us", "get in touch", an address or a number
_ASKER_ANY = re.compile(r"\b" + _VERB + r"(?:s|es|ed|d|ing)?\s+(?!you\b)[\w@(+]|"
                        r"\b(?:reach|write\s+to|drop)\s+us\b|\bget\s+in\s+touch\b|"
                        r"\w@\w|\b0\d{2,4}[\s-]?\d{3}", re.IGNORECASE)
_PRONOUNS = {"us": "we", "them": "they"}


def check_contact(c: Parsed, ev: PreparedEvidence, q: Question,
                  out: list[Finding]) -> None:
    """``role_swap``: the claim has the asker contact a party that, in the evidence,
    contacts the asker, and never the other way (see the module docstring)."""
    del q
    if not any(_ASKER_DOES.search(s.text) for s in c.sentences):
        return
    if ev.derived("contact.other_way", lambda e: any(
            _ASKER_ANY.search(x.text) for x in e.sentences)):
        return  # (someone else is contacted somewhere in the evidence: the model's to read)
    for s in c.sentences:
        if s.polarity.negated:
            continue
        for m in _ASKER_DOES.finditer(s.text):
            party = (m["noun"] or _PRONOUNS.get(m["party"].lower(), "")).lower()
            for x in ev.sentences:
                for y in _PARTY_DOES.finditer(x.text):
                    if party and (y["noun"] or y["we"] or "").lower() == party:
                        out.append(Finding(
                            "role_swap", "contradiction",
                            f"the evidence says {y[0].strip()!r}, not that you get in touch "
                            f"({m[0].strip()!r}): {x.text.strip()!r}", m[0].strip(),
                            x.text.strip()))
                        return

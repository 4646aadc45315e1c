"""A charge the evidence waives: ``polarity_mismatch``.

"Yes, there's a charge for each session." (restated: "Your dad does have to pay for the day
therapy sessions.") against "All day therapy services are free of charge, and transport
can be arranged …" says the opposite of the evidence, and our small model reads it as
entailed (P(entailment) 0.75): the two share the words of the thing and differ only in who
pays. :func:`check_charges` reads a claim sentence that says something must be paid for
("have to pay", "there's a charge", "is charged", "costs extra", "pay the standard tariff";
not denied, not hedged). A ``polarity_mismatch`` when an evidence sentence that holds two
of the content words of the claim and its question (those the evidence uses; the pay words
aside: "do I have to pay to park in Car Park B?" names what "Yep, volunteers pay the
standard tariff." is about) states the thing at no charge ("free of charge", "entitled to
free parking")
(:func:`certirag.checks.absolutes.absolutes_in`), and the evidence states no amount of
money and no charge of its own ("free for members; others pay £5" is left alone): what the
evidence prices at all, it prices at nothing.
"""

from __future__ import annotations

import re

from certirag.checks._text import token_stems
from certirag.checks.absolutes import PRICE_WORD, absolutes_in
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed, content_words
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["NO_CHARGE", "check_charges"]

# what says a thing must be paid for
_PAY = re.compile(
    r"\b(?:(?:have|has|had|need|needs|needed|will)\s+(?:\w+\s+)?to\s+pay|(?:must|will)\s+pay|"
    r"there(?:'s|’s|\s+is|\s+are|\s+will\s+be)\s+(?:an?\s+)?(?:\w+\s+)?(?:charges?|fees?)|"
    r"(?:is|are|be|being|get|gets)\s+charged|costs?\s+extra|(?:isn't|is\s+not|aren't|are\s+not)"
    r"\s+free|paid[\s-]for|"
    # "volunteers pay the standard tariff"
    r"pays?\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,2}?(?:tariffs?|fees?|charges?|rates?|prices?|fares?))\b",
    re.IGNORECASE)
#: "free of charge", "no fee", "at no extra cost": no charge.
NO_CHARGE = re.compile(r"\b(?:free\s+of|no|without|at\s+no(?:\s+extra)?)\s+(?:charges?|"
                       r"costs?|fees?)\b", re.IGNORECASE)
_HEDGED = re.compile(r"\b(?:may|might|could|if|unless|only|except)\b", re.IGNORECASE)
_MIN_SHARED = 2
_INSTEAD = re.compile(r"\b(?:rather\s+than|instead\s+of)\b", re.IGNORECASE)


def check_charges(c: Parsed, ev: PreparedEvidence, question: Question,
                  out: list[Finding]) -> None:
    """``polarity_mismatch`` (see the module docstring)."""
    for cs in c.sentences:
        m = _PAY.search(cs.text)
        if m is None or (cs.polarity.negated and "free" not in m.group(0).lower()) \
                or _HEDGED.search(cs.text):
            continue
        if any(s.items and any(it.group.startswith("money") for it in s.items)
               for s in ev.sentences) or any(
                PRICE_WORD.search(NO_CHARGE.sub(" ", s.text)) for s in ev.sentences):
            return  # (the evidence prices something: which price is the model's to read)
        if _INSTEAD.search(cs.text, 0, m.start()):
            continue  # "Rather than pay the standard tariff, volunteers park free."
        # the question names the thing too ("do I have to pay to park in Car Park B?" for
        # "Yep, volunteers pay the standard tariff."), the claim who pays
        own = (content_words(cs.content) & ev.stem_index.keys()) - token_stems(m.group(0))
        words = own | ((content_words(question.word_stems) & ev.stem_index.keys())
                       - token_stems(m.group(0)))
        for s in ev.sentences:
            if len(words & s.content) >= _MIN_SHARED and own & s.content and any(
                    name == "at no charge" for name, _, _ in absolutes_in(s.text)):
                out.append(Finding(
                    "polarity_mismatch", "contradiction",
                    f"the claim says a charge applies ({m.group(0)!r}); the evidence says "
                    f"it is free: {s.text.strip()!r}", m.group(0), s.text.strip()))
                return

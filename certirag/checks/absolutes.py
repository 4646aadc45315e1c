"""An absolute value the evidence gives one thing, given to another: ``value_swap``.

"Yes, the Team plan has unlimited projects." against "The Team plan allows 20 projects and
100 GB of storage. The Enterprise plan has unlimited projects and 1 TB of storage." and
"Phone support runs 24/7." against "Live chat is available 24/7. Phone support is
available Monday to Friday, 9 am to 5 pm." borrow a value that is no figure ("unlimited",
"24/7", "free of charge") from the sentence about another plan or channel; our small model
reads both as near even (P(entailment) 0.46 and 0.39), so a rule states it.

:func:`check_absolutes` reads the absolute values of a claim sentence (:data:`_ABSOLUTE`:
no limit, at all hours, at no charge, each in its usual wordings). What the claim says it
*of* are its other content words that the evidence uses (a word it never uses is a
rewording: "runs" for "is available"); two at least. A ``value_swap`` is found when

- no evidence sentence that states the value (in any of its wordings) holds all of those
  words (the value is stated only of other things), and
- another evidence sentence holds all of them and gives a value of its own of the kind
  that rivals the absolute one (a count, measure or duration for no limit: "20 projects";
  a day or a time for all hours: "9 am to 5 pm"; an amount for no charge: "£4.99").

Where no evidence sentence states the value at all and such a sentence gives the claim's
thing a value ("Loans can be renewed as many times as you like." against "Loans … can be
renewed twice."), the finding is ``qualifier_mismatch``: the claim lifts a limit the
evidence sets.
Where no evidence sentence frees anything of charge in any words ("free", "no fee",
"waived", "included") and one gives a price ("We ask for a flat fee of £30 per
collection."), "free of charge" is a ``qualifier_mismatch`` too: the claim says the
opposite of the only price the evidence gives, whatever its words.

A claim whose words the evidence does not bring together, and a hedged one ("may let him
leave for free"), are the model's to read. The rule
reads what no evidence sentence says, so it reads only the whole evidence (not a deciding
span, :attr:`~certirag.checks.prepared.PreparedEvidence.partial`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from certirag.checks._text import stem, token_stems
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed, SentInfo, content_words
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["PRICE_WORD", "absolutes_in", "check_absolutes"]

#: Each absolute value and its wordings.
_ABSOLUTE: dict[str, str] = {
    "no limit": r"unlimited|unrestricted|without\s+(?:any\s+)?limits?|any\s+number\s+of\s+times"
                r"|as\s+(?:many\s+times|often)\s+as\s+(?:you|they|we)\s+(?:like|want|wish|need)",
    "at all hours": r"24/7|24x7|(?:a)?round[\s-]the[\s-]clock|day\s+and\s+night"
                    # "through live chat in the app 24 hours a day" (checks v22)
                    r"|(?:24|twenty[\s-]four)\s+hours\s+a\s+day(?!,?\s+(?:on\s+)?(?:mon|tue|"
                    r"wed|thu|fri|sat|sun|week|except|from|between|during|in\s+term))",
    "at no charge": r"free\s+of\s+charge|for\s+free|at\s+no\s+(?:extra\s+)?(?:cost|charge)|"
                    r"(?:is|are|was|were|be|go|goes|went|travels?|ride|rides)\s+free"
                    r"(?!\s+(?:to|of|from)\b)|"
                    # "entitled to free parking": a service given free
                    r"free\s+(?:parking|entry|admission|access|delivery|travel|transport|"
                    r"collection|replacement|installation|servicing|tickets?)",
}
#: The kind of value that gives each absolute a rival ("9 am to 5 pm" for "24/7", "£4.99" for
#: "free of charge"; a count, measure or duration for "unlimited").
_RIVALS: dict[str, Callable[[str], bool]] = {
    "no limit": lambda group: group not in ("date", "time"),
    "at all hours": lambda group: group in ("date", "time"),
    "at no charge": lambda group: group.startswith("money"),
}
_FORMS = [(name, re.compile(rf"(?<![\w/])(?:{pattern})(?![\w/])", re.IGNORECASE))
          for name, pattern in _ABSOLUTE.items()]
_MIN_WORDS = 2
_MAYBE = re.compile(r"\b(?:may|might|could)\b", re.IGNORECASE)


# what frees a thing of charge in other words than :data:`_ABSOLUTE`'s ("no fee", "waived",
# "included in the price")
_UNCHARGED = re.compile(r"\b(?:free|no\s+(?:\w+\s+)?(?:fees?|charges?|costs?)|waive[ds]?|"
                        r"complimentary|without\s+(?:\w+\s+)?(?:charge|cost|fee)|includ\w*|"
                        r"nothing|refund\w*)\b", re.IGNORECASE)
#: A word that prices something: "a fee of", "costs", "pay".
PRICE_WORD = re.compile(r"\b(?:pay|pays|paid|payable|fees?|costs?|costing|price[sd]?|charges?|"
                        r"charged|chargeable)\b", re.IGNORECASE)


# the word an absolute value names right after it: "free installation"
_NEXT_WORD = re.compile(r"\s+([a-z][a-z-]{2,})\b")


def _said_alone(text: str, start: int, end: int, holders: list[SentInfo],
                own: SentInfo) -> bool:
    """Whether an evidence sentence gives the value to the thing the claim's value names
    ("installation" of "free installation"), and to nothing else: "Installation is free."
    holds no word but the thing's and the value's (not "Installation is free for Fibre
    900 only.", nor "Fibre 900 comes with free installation."); and the sentence that
    gives the claim's subject its own value (``own``) says nothing of the thing ("Weekend
    visitors pay £5 for parking." against "Parking is free.")."""
    words = re.findall(r"[A-Za-z][\w-]*", text[start:end])
    after = _NEXT_WORD.match(text, end)
    thing = words[-1] if len(words) > 1 else after[1] if after is not None else None
    if thing is None:
        return False
    stemmed = stem(thing.lower())
    if stemmed in own.content:
        return False
    for s in holders:
        value = frozenset().union(*(token_stems(s.text[a:b]) for _, a, b in absolutes_in(s.text)))
        if stemmed in s.content and not content_words(frozenset(s.content)) - {stemmed} - value:
            return True
    return False


def _priced(ev: PreparedEvidence) -> SentInfo | None:
    """The first evidence sentence that prices something ("We ask for a flat fee of £30 per
    collection."), where no evidence sentence frees anything of charge: a claim that the
    thing is free of charge says what the evidence does not, and the opposite of what it
    says of the only price it gives."""
    if _UNCHARGED.search(" ".join(ev.texts)):
        return None
    return next((s for s in ev.sentences if PRICE_WORD.search(s.text)
                 and any(it.group.startswith("money") for it in s.items)), None)


def absolutes_in(text: str) -> list[tuple[str, int, int]]:
    """The absolute values ``text`` states: ``(value, start, end)`` of each wording."""
    out = [(name, m.start(), m.end()) for name, form in _FORMS for m in form.finditer(text)]
    return sorted(out, key=lambda x: x[1])


def _stated(ev: PreparedEvidence) -> list[set[str]]:
    """The absolute values each evidence sentence states (read once per prepared
    evidence)."""
    return [{name for name, _, _ in absolutes_in(s.text)} for s in ev.sentences]


def check_absolutes(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial:
        return
    for cs in c.sentences:
        found = absolutes_in(cs.text)
        if not found or cs.hedges or _MAYBE.search(cs.text):
            continue  # ("may let him leave for free": a possibility, not the value)
        stated = ev.derived("absolutes.stated", _stated)
        for name, start, end in found:
            words = (content_words(cs.content) & ev.stem_index.keys()) \
                - token_stems(cs.text[start:end])
            if len(words) < _MIN_WORDS:
                continue
            holders = [s for s, names in zip(ev.sentences, stated, strict=True)
                       if name in names]
            if any(words <= s.content for s in holders):
                continue
            rival = _RIVALS[name]
            own = next((s for s, names in zip(ev.sentences, stated, strict=True)
                        if name not in names and words <= s.content
                        and any(rival(it.group) for it in s.items)), None)
            if own is not None and _said_alone(cs.text, start, end, holders, own):
                continue  # "with free installation" for "Installation is free." (checks v24)
            if own is None and not holders and name == "at no charge":
                own = _priced(ev)
            if own is None:
                continue
            phrase = cs.text[start:end]
            if holders:
                out.append(Finding(
                    "value_swap", "contradiction",
                    f"the evidence says {phrase!r} ({name}) of something else: "
                    f"{holders[0].text.strip()!r}; of what the claim speaks of it says "
                    f"{own.text.strip()!r}", phrase, own.text.strip()))
            else:  # the evidence states it of nothing, and gives the claim's thing a value
                out.append(Finding(
                    "qualifier_mismatch", "ungrounded",
                    f"the claim says {phrase!r} ({name}); the evidence gives a value: "
                    f"{own.text.strip()!r}", phrase, own.text.strip()))
            return

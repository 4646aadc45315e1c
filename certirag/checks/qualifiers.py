"""Qualifiers that bound a value (``at least 26 weeks``, ``the lower of £X and Y``), conditions
that bound a statement (``unless``, ``except``, ``provided that``, ``only if``, ``subject to``)
and hedges (``might``, ``probably``, ``is thought to``).

Value qualifiers fall into classes, so paraphrases agree: ``min`` (at least, not less than, a
minimum of, or more), ``gt`` (more than, higher than, over, above, in excess of, upwards of),
``max`` (at most, no more than, up to, a maximum of, or less), ``lt`` (less than, fewer than,
lower than, under, below), ``approx``
(approximately, about, around, roughly, nearly, almost, circa, some), ``exact`` (exactly,
precisely), ``lower_of`` and ``higher_of``.
"""

from __future__ import annotations

import re

from certirag.checks._text import has_any

__all__ = [
    "CLASS_NAMES",
    "age_group_bound",
    "condition_cues",
    "could_verbs",
    "deadline_qualifier",
    "future",
    "hedges",
    "possible",
    "qualified",
    "qualifier_after",
    "qualifier_before",
    "reported",
    "reportive",
    "up_to_deadline",
]

_BEFORE: list[tuple[str, str]] = [
    ("min", r"at\s+least|not\s+less\s+than|no\s+less\s+than|not\s+fewer\s+than"
            # "a minimum age of 18", "a minimum stay of two nights"
            r"|(?:a\s+)?minimum\s+(?:[a-z]+\s+){1,2}?of"
            r"|no\s+shorter\s+than|not\s+shorter\s+than"
            r"|no\s+fewer\s+than|a\s+minimum\s+of|minimum\s+of|minimum|a\s+min\.?\s+of|min\.|≥"
            # "at least a grade 4", "at least level 3"
            r"|at\s+least(?:\s+an?)?\s+(?:grade|level|band|score|mark|rating)"),
    ("max", r"at\s+most|not\s+more\s+than|no\s+more\s+than|not\s+exceeding|no\s+greater\s+than"
            r"|no\s+longer\s+than|not\s+longer\s+than"
            r"|(?:shall|must|may|will|should|does|do|did|cannot|can't|can)\s+(?:not\s+)?exceed"
            r"|not\s+to\s+exceed|(?:shall|must|may)\s+not\s+be\s+more\s+than"
            r"|not\s+greater\s+than|up\s+to|as\s+(?:many|much)\s+as|a\s+maximum\s+of"
            r"|maximum\s+of|maximum|(?:a\s+)?maximum\s+(?:[a-z]+\s+){1,2}?of"
            r"|a\s+max\.?\s+of|max\.|capped\s+at|limited\s+to|≤|(?:for\s+)?as\s+long\s+as"),
    ("gt", r"more\s+than|greater\s+than|higher\s+than|in\s+excess\s+of|upwards?\s+of"
           r"|(?:over|above)\s+the\s+age\s+of"
           r"|exceeding|over|above|older\s+than(?!\s+(?:the|a|an)\b)|>"),
    ("lt", r"less\s+than|fewer\s+than|lower\s+than|under\s+the\s+age\s+of|under|below"
           r"|younger\s+than(?!\s+(?:the|a|an)\b)|<"
           # an age not yet reached: "before the age of 18", "before they were 18" (checks v21)
           r"|before\s+(?:reaching\s+)?(?:the\s+)?age\s+(?:of\s+)?"
           # (not "a day before he turns 39": the day, not a bound)
           r"|before\s+(?:they|he|she|I|we|you)\s+(?:were|was)"),
    ("approx", r"approximately|approx\.?|about|around|roughly|nearly|almost|circa|c\.|ca\."
               r"|some|an\s+estimated|estimated|~|≈"),
    ("exact", r"exactly|precisely|just"),
    ("lower_of", r"the\s+(?:lower|lesser|smaller)\s+of"),
    ("higher_of", r"the\s+(?:higher|greater|larger)\s+of"),
]
_BEFORE_RE = re.compile(
    r"(?:(?<![\w-])(?:" + "|".join(f"(?P<{name}>{alts})" for name, alts in _BEFORE) + r"))"
    r"(?:\s+(?:the|a|an))?"
    r"\s*(?:US\$|AU?\$|CA?\$|[£€$¥₹]|EUR\s|GBP\s|USD\s|CHF\s)?$",
    re.IGNORECASE,
)
# "the £20 daily maximum": a bound of each period
_PERIODIC = r"(?:(?:daily|weekly|monthly|annual|yearly|nightly)\s+)?"
_AFTER_RE = re.compile(
    r"(?:'s?)?\s*(?:\((?:or\s+)?)?(?:(?P<min>or\s+more|or\s+above|or\s+over|and\s+over|and\s+above"
    r"|or\s+greater|or\s+longer|or\s+higher|or\s+older|or\s+better|and\s+up(?:wards)?(?!\s+to\b)"
    r"|at\s+least|" + _PERIODIC + r"minimum)|(?P<max>or\s+less|or\s+fewer"
    r"|or\s+below|or\s+under|or\s+shorter|or\s+lower|or\s+younger|at\s+most|"
    + _PERIODIC + r"maximum|at\s+the\s+most)"
    r"|(?P<approx>or\s+so))(?![\w])",
    re.IGNORECASE,
)
_PHRASAL_RE = re.compile(
    r"\b(?:carr(?:y|ies|ied|ying)|spread|roll(?:s|ed)?|hand(?:s|ed)?|turn(?:s|ed)?|tak(?:e|es|en)"
    r"|took|pa(?:y|ys|id)|payable|repa(?:y|id)|stretch(?:ed|es)?|split|divided|run(?:s)?|ran)\s+$",
    re.IGNORECASE)
_WHICHEVER_RE = re.compile(
    r"(?:[^;.!?]|\.(?=[0-9])){0,90}?\bwhichever\s+is\s+(?:the\s+)?"
    r"(?P<c>lower|less|lesser|smaller|higher|greater|more|larger)\b",
    re.IGNORECASE)
_OF_RE = re.compile(
    r"the\s+(?P<c>lower|lesser|smaller|higher|greater|larger)\s+of\s+(?:\S+\s+){0,4}\S+$",
    re.IGNORECASE)
_LIST_OF_RE = re.compile(
    r"the\s+(?P<c>lower|lesser|smaller|higher|greater|larger)\s+of\s*[—–:-]*\s*"
    r"\((?:[a-h]|i{1,3}|iv|v|1|2)\)\s*(?:US\$|AU?\$|CA?\$|[£€$¥₹])?$", re.IGNORECASE)
_NOUN_BOUND_RE = re.compile(
    r"\b(?:(?P<max>maximum)|(?P<min>minimum))\s+(?:[a-z]+\s+){1,3}"
    r"(?:(?:of|for)\s+(?:the\s+)?[A-Z][\w-]*\s+)?(?:is|are|was|will\s+be"
    r"|shall\s+be)\s+(?:US\$|AU?\$|CA?\$|[£€$¥₹])?$", re.IGNORECASE)
#: "over a seven-year period", "under the two-week window": the span a thing happened in.
_PERIOD_RE = re.compile(
    r"[\w.,]+[\s-]+(?:year|month|week|day|hour|minute|decade|century)s?[\s-]+"
    r"(?:period|span|stretch|spell|window|timeframe|time\s+frame)\b", re.IGNORECASE)
_ARTICLE_END_RE = re.compile(r"\s(?:the|a|an)\s*$", re.IGNORECASE)
_AND_RE = re.compile(r"\s+(?:and|or)\s+(?:the\s+)?$", re.IGNORECASE)

#: Readable names of the qualifier classes.
CLASS_NAMES = {
    "min": "at least", "max": "at most", "gt": "more than", "lt": "less than",
    "approx": "approximately", "exact": "exactly", "lower_of": "the lower of",
    "higher_of": "the higher of",
}


_TURN_RE = re.compile(r"\b(?:turns?|turned|turning)\s+$", re.IGNORECASE)
_BY_RE = re.compile(r"\S*\s+(?:years?\s+(?:of\s+age\s+|old\s+)?)?by\b", re.IGNORECASE)


def qualifier_before(text: str, start: int) -> str | None:
    """The class of a qualifier right before ``text[start:]`` (a figure), if any. The second
    operand of ``the lower of X and Y`` is bound too."""
    listed = _LIST_OF_RE.search(text, max(0, start - 48), start)
    if listed is not None:  # "the lower of— (a) £123,543, and (b) …"
        return "lower_of" if listed["c"].lower() in ("lower", "lesser", "smaller") else "higher_of"
    noun = _NOUN_BOUND_RE.search(text, max(0, start - 48), start)
    if noun is not None:  # "the maximum daily dose is 4 g"
        return "max" if noun["max"] else "min"
    window = text[max(0, start - 32):start]
    if _TURN_RE.search(window) and _BY_RE.match(text, start):
        return "min"  # "you have to turn 16 by 31 August": an age reached by then, and kept
    tail = window.rstrip(" £€$¥₹")
    if not tail or not (tail[-1].isalpha() or tail[-1] in ".~≈≥≤<>"):
        return None
    m = _BEFORE_RE.search(window)
    if m is not None and m.lastgroup in ("gt", "lt") and _DENIED.search(window, 0, m.start()):
        # "shouldn't go over three tablets", "never take more than 40 mg": a denied
        # "more than" is at most; "not under 18" at least
        return "max" if m.lastgroup == "gt" else "min"
    if m is not None:
        if m.lastgroup in ("gt", "lt") and _PHRASAL_RE.search(window, 0, m.start()):
            return None  # "carry over 5 days", "spread over 3 years"
        if m.lastgroup in ("gt", "lt") and _ARTICLE_END_RE.search(m.group(0)) \
                and _PERIOD_RE.match(text, start):
            return None  # "over a seven-year period": when, not how long
        return m.lastgroup
    am = _AND_RE.search(window)
    if am is not None:  # "the lower of £X and 52 ..." binds the second operand
        prior = text[max(0, start - 120):start - (len(window) - am.start())]
        pm = _OF_RE.search(prior)
        if pm is not None:
            return "lower_of" if pm["c"].lower() in ("lower", "lesser", "smaller") else "higher_of"
    return None


# a denial right before a "more than" or "less than": "shouldn't go over", "never take
# more than", "do not go above", "must not be under"
_DENIED = re.compile(r"(?:\b(?:not|never)|n['’]t)\s+(?:(?:be|go|take|use|give|have|drink|"
                     r"eat|drive|spend|pay|charge|carry|bring|exceed|rise|fall|drop|get)\s+)?$",
                     re.IGNORECASE)


# "no later than 24 hours before" is "at least 24 hours before"; "no earlier than 3 days
# before" is at most; after the event the other way round
_DEADLINE_RE = re.compile(r"(?<![\w-])(?:no|not)\s+(?P<w>later|earlier|sooner)\s+than\s*$",
                          re.IGNORECASE)
_BEFORE_EVENT_RE = re.compile(r"\s+(?:before|prior\s+to|ahead\s+of|in\s+advance)\b",
                              re.IGNORECASE)
_AFTER_EVENT_RE = re.compile(r"\s+(?:after|from|following|of)\b", re.IGNORECASE)


def deadline_qualifier(text: str, start: int, end: int) -> str | None:
    """The bound a deadline puts on the duration ``text[start:end]``: "no later than 24
    hours before surgery" is at least 24 hours before it (``min``), "no later than 14 days
    after" at most 14 days after (``max``); "no earlier than" the reverse. None when the
    duration is no such deadline."""
    m = _DEADLINE_RE.search(text, max(0, start - 24), start)
    if m is None:
        return None
    later = m["w"].lower() == "later"
    if _BEFORE_EVENT_RE.match(text, end):
        return "min" if later else "max"
    if _AFTER_EVENT_RE.match(text, end):
        return "max" if later else "min"
    return None


# "you can swap your booking … up to 48 hours before the show": the last moment to change
# or cancel, so at least 48 hours before it (checks v24); not "symptoms can start up to 3
# days before the rash", a span of time that nobody acts in, nor "rooms can be booked up to
# 4 weeks in advance", a window to book in
_UP_TO_END = re.compile(r"\bup\s+(?:to|until)\s+$", re.IGNORECASE)
_ACT_BEFORE = re.compile(
    r"\b(?:cancel\w*|swap\w*|chang\w*|amend\w*|transfer\w*|move[sd]?|moving|re-?book\w*|"
    r"reschedul\w*|withdr[ae]w\w*|opt(?:s|ed|ing)?\s+out|switch\w*)\b[^.;:!?,]{0,60}$",
    re.IGNORECASE)


def up_to_deadline(text: str, start: int, end: int) -> bool:
    """Whether the duration ``text[start:end]`` after "up to" is the last moment to act
    before an event ("you can cancel up to 24 hours before your appointment"): at least
    that long before it, as "no later than 24 hours before" says."""
    return _UP_TO_END.search(text, max(0, start - 12), start) is not None \
        and _BEFORE_EVENT_RE.match(text, end) is not None \
        and _ACT_BEFORE.search(text, max(0, start - 90), start) is not None


# an age group: "Under-16s", "over-60s", and one member of it, "an over-65"
_AGE_GROUP_BEFORE = re.compile(r"(?<![\w-])(?:[Uu]nder|[Oo]ver)-$")
_AGE_GROUP = re.compile(r"s(?![\w'’-])")
_A_BEFORE = re.compile(r"\ban?\s+$", re.IGNORECASE)


def age_group_bound(text: str, start: int, pos: int, *, claim: bool) -> str | None:
    """``lt`` or ``gt``: the bound an age group puts on the number at ``text[start:pos]``.
    The evidence's group, "Under-16s", "over-60s" (the age that bounds it, read as its
    words: "over 60" is "over-60s"); a claim's one member of a group, "an over-65", "an
    under-16" (checks v24). A claim's group itself ("Over-65s get …") is no figure, and a
    name is a plain number ("the UEFA Under-19 Youth League"): ``None``."""
    got = _AGE_GROUP_BEFORE.search(text, max(0, start - 7), start)
    if got is None:
        return None
    plural = _AGE_GROUP.match(text, pos) is not None
    if plural == claim or (claim and not _A_BEFORE.search(text, max(0, got.start() - 4),
                                                          got.start())):
        return None
    return "lt" if got[0][0] in "Uu" else "gt"


def qualifier_after(text: str, end: int) -> str | None:
    """The class of a qualifier right after a figure ending at ``end`` (``26 weeks or more``,
    ``£184.03 or 90% of earnings, whichever is lower``)."""
    m = _AFTER_RE.match(text, end)
    if m is not None:
        return m.lastgroup
    if "whichever" in text[end:end + 120]:
        w = _WHICHEVER_RE.match(text, end)
        if w is not None:
            low = w["c"].lower() in ("lower", "less", "smaller", "lesser")
            return "lower_of" if low else "higher_of"
    return None


_CONDITION_RE = re.compile(
    # ("provided" after a comma or before "that": "England provided 12 of the 20
    # semi-finalists" is a verb)
    r"\b(?:unless|except(?:\s+(?:for|where|when|that|if))?|excluding|(?<=, )provided(?:\s+that)?"
    r"|provided\s+that|providing\s+that|only\s+(?:if|where|when)|subject\s+to|as\s+long\s+as"
    r"|on\s+condition\s+that|save\s+(?:that|where|for))\b"
    # a sentence that opens with its condition: "If an employee resigns …, they must …"
    r"|^\W*(?:if|in\s+the\s+event\s+that)\b",
    re.IGNORECASE,
)
_CLAIM_CONDITION_RE = re.compile(
    r"\b(?:unless|except|excluding|provided|providing|only|subject\s+to|as\s+long\s+as|if"
    r"|where|when|whenever|(?:on|as\s+a)\s+(?:the\s+)?condition|other\s+than|apart\s+from"
    r"|but\s+not|save)\b",
    re.IGNORECASE,
)


_CONDITION_HINTS = ("unless", "except", "excluding", "provid", "only", "subject to", "as long as",
                    "condition", "save ", "if", "in the event")
_CLAIM_CONDITION_HINTS = (*_CONDITION_HINTS, "if", "where", "when", "other than", "apart from",
                          "but not")


def condition_cues(text: str, *, claim: bool = False) -> list[tuple[int, int, str]]:
    """Conditions that bound a statement: ``(start, end, cue)``. For a claim any conditional
    wording counts (``if``, ``when``, ``other than`` …), so a rephrased condition is kept."""
    rx = _CLAIM_CONDITION_RE if claim else _CONDITION_RE
    if not has_any(text.lower(), _CLAIM_CONDITION_HINTS if claim else _CONDITION_HINTS):
        return []
    return [(m.start(), m.end(), m.group()) for m in rx.finditer(text)]


_HEDGE_RE = re.compile(
    # "more likely to regret … than men", "twice as likely", "the most likely to": a
    # comparison of rates, no hedge ("will most likely close" is one)
    # "you might enjoy …" suggests what the listener may like: no hedge of a fact
    r"\b(?:might(?!\s+(?:also\s+|really\s+)?(?:enjoy|like|love|want)\b)"
    r"|may\s+(?:possibly|well|have)|possibly|probably|(?<!un)(?<!more\s)(?<!less\s)(?<!\bas\s)(?<!least\s)(?<!most\s)likely|(?<=most\s)likely(?!\s+to\b)|perhaps|maybe"
    r"|reportedly|allegedly|apparent|apparently|presumably|supposedly|arguably|could\s+(?:possibly|be)"
    r"|(?:is|are|was|were)\s+(?:thought|believed|said|reported|alleged|estimated|presumed)\s+to"
    r"|(?:appears?|appeared|seems?|seemed)\s+to|it\s+is\s+possible\s+that|suggests?\s+that"
    r"|is\s+suspected|are\s+suspected)\b",
    re.IGNORECASE,
)
_FUTURE_RE = re.compile(r"\b(?:will|would|shall|going\s+to|'ll|’ll|could|may|might)\b",
                        re.IGNORECASE)


def future(text: str) -> bool:
    """Whether ``text`` speaks of what will or may happen ("will", "going to", "could")."""
    return _FUTURE_RE.search(text) is not None


_HEDGE_HINTS = ("might", "may ", "possib", "probab", "likely", "perhaps", "maybe", "reported",
                "alleged", "apparent", "presum", "suppos", "could", "thought to", "believed to",
                "said to", "estimated to", "presumed to", "appear", "seem", "suggest",
                "suspected")


def hedges(text: str) -> list[str]:
    """Hedging words in ``text`` (``might``, ``probably``, ``is thought to`` …)."""
    if not has_any(text.lower(), _HEDGE_HINTS):
        return []
    return [m.group() for m in _HEDGE_RE.finditer(text)]


# Hedges that say a statement is someone's report, not the writer's own.
_REPORTIVE_RE = re.compile(
    r"\b(?:reportedly|allegedly|supposedly|(?:is|are|was|were)\s+(?:(?:said|reported|alleged"
    r"|claimed|believed|thought)\s+to|suspected))\b", re.IGNORECASE)
# A statement given as someone's words, belief or fear ("police said", "according to the
# study", "she fears", "is accused of"), or a speaker's label ("Police: …").
_REPORTED_RE = re.compile(
    r"\b(?:according\s+to|(?:say|says|said|saying|tell|tells|told|report|reports|reported"
    r"|claim|claims|claimed|allege|alleges|alleged|accuse[sd]?|suspects?|suspected|believes?"
    r"|believed|thinks?|thought|fears?|feared|worr(?:y|ies|ied)|warns?|warned|argues?"
    r"|argued|insists?|insisted|expects?|expected|cites?|cited|estimates?|estimated"
    r"|describes?|described|writes|wrote|suggests?|suggested)\b)"
    r"|^\W*(?-i:(?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w.'’-]*):\s", re.IGNORECASE)
# A verb of possibility: the statement is not made flatly ("attacks could draw ire").
_POSSIBLE_RE = re.compile(r"\b(?:could|may|might|would|can)\b", re.IGNORECASE)


# "could" before the verb it puts as a possibility ("water levels could rise further"): a
# statement the evidence makes only as a possibility. Not a denial ("could not"), nor a past
# ability of the senses ("could see the smoke", "could only watch"); through "have been"
# and an adverb to the verb ("could potentially help", "could have caused").
_COULD_RE = re.compile(
    r"\bcould\s+(?!not\b|never\b|n't|only\b|barely\b|hardly\b|scarcely\b)"
    r"(?:(?:also|potentially|possibly|well|soon|still|even|easily|eventually|yet|now|then)"
    r"\s+)?(?:have\s+(?:been\s+)?|be\s+)?(?P<verb>[a-z]{3,})\b", re.IGNORECASE)
_SENSES = frozenset("see hear feel smell tell".split())


# Before "could", a question it answers or a purpose it serves: "confused as to how he could
# fall ill", "so an air ambulance could land".
_ASKED = re.compile(r"\b(?:how|why|whether|what|where|when|if|so)\s+(?:\S+\s+){0,3}$",
                    re.IGNORECASE)


def could_verbs(text: str) -> list[str]:
    """The verbs ``text`` puts as a possibility with "could" ("could rise" → ``rise``)."""
    if "could" not in text.lower():
        return []
    return [m["verb"].lower() for m in _COULD_RE.finditer(text)
            if m["verb"].lower() not in _SENSES
            and not _ASKED.search(text, max(0, m.start() - 40), m.start())]


def reportive(found: list[str]) -> bool:
    """Whether the hedges ``found`` (from :func:`hedges`) are all reports ("reportedly",
    "is said to"): what a sentence that attributes its statement says too."""
    return bool(found) and all(_REPORTIVE_RE.fullmatch(h) for h in found)


def reported(text: str) -> bool:
    """Whether ``text`` gives its statement as someone's report, belief or fear."""
    return _REPORTED_RE.search(text) is not None


def possible(text: str) -> bool:
    """Whether ``text`` says something with a verb of possibility (``could``, ``may``)."""
    return _POSSIBLE_RE.search(text) is not None


def qualified(text: str) -> bool:
    """Whether ``text`` states nothing flatly: a report (:func:`reported`) or a verb of
    possibility (``could``, ``may``, ``would``)."""
    return reported(text) or possible(text)

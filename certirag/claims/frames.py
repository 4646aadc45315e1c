"""Pleasantries, opinion markers and question frames around a statement.

:func:`core_span` finds the part of a sentence that states something once the frame around
it is removed: "Thanks for asking: the hotel allowance is £500." → "the hotel allowance is
£500."; "Did you know that the fine is £500?" → "the fine is £500"; "In my opinion, the
fine is £400." → "the fine is £400."; "The fine is £400, right?" → "The fine is £400".
:func:`has_checkable` says whether text holds something a check can test (a figure, a date,
a name, a title or a citation), so that a pleasantry that carries one ("Let me know if the
£500 allowance is not enough") stays a claim. Offsets are code points into the sentence.
"""

from __future__ import annotations

import re

from certirag.text.calendar_names import FRENCH_MONTHS, MONTHS, alternation

__all__ = ["SOURCE_HEDGE", "core_span", "has_checkable", "has_strong_checkable"]

_SEP = r"\s*(?:[,:;!.]+|\s[—–-]+)\s*"
#: The speaker's reading of the sources before what they say: "As far as I can tell from
#: the handbook, …", "If I've understood correctly, …", "From what I can see, …" (a
#: pattern, lower case, no anchors; the yes/no reader lets it stand before a "yes").
SOURCE_HEDGE = (
    r"(?:as far as i (?:know|can (?:tell|see))(?: from (?:the|this|that|your) (?:\w+ ){0,2}?\w+)?"
    r"|from what i (?:can (?:see|tell)|(?:have |'ve )?read)"
    r"(?: (?:in|from) (?:the|this|that|your) (?:\w+ ){0,2}?\w+)?"
    r"|if i(?:'ve| have)? (?:understood|understand|read) (?:(?:this|that|it|you|the \w+) )?"
    r"(?:correctly|right|rightly)|if i'?m not mistaken)")
_LEADING = [re.compile(p, re.IGNORECASE) for p in (
    # greetings and thanks, ended by punctuation
    r"^(?:hi|hello|hey|greetings|good (?:morning|afternoon|evening)|dear [^,:;!.?]{1,40}"
    r"|thanks?(?: you)?(?: (?:so|very) much)?(?: for [^,:;!.?]{1,60})?"
    r"|thank you(?: (?:so|very) much)?(?: for [^,:;!.?]{1,60})?"
    r"|(?:that'?s a |what a )?(?:great|good|excellent|interesting|fair) question"
    r"|sure(?: thing)?|of course|certainly|absolutely|okay|ok|well|yes|yeah|no|nope|indeed"
    # interjections: "Oh, …", "Ha, …", "Eek, …", "Oh yes, …"
    r"|(?:oh|ooh|ah|aah|ha|haha|hah|wow|eek|aw|aww|yay|ugh|hmm|um|uh|omg|gosh|gee|whoa|"
    r"yikes|phew)(?: (?:yes|yeah|no|wow|man|boy|my|my god|gosh))?"
    r"|happy to help|glad to help|glad you asked|(?:i )?hope (?:this|that) helps"
    r"|just so you know|fyi|fun fact|good news|in short|to be honest|honestly|frankly"
    r"|heads[- ]up|quick note|a quick heads[- ]up|just a heads[- ]up|bad news|sadly"
    r"|don['’]?t (?:panic|worry)|no need to (?:panic|worry)"
    r"|in my (?:opinion|view|experience)|personally"
    r"|" + SOURCE_HEDGE +
    r"|to (?:the best of )?my knowledge|if i (?:remember|recall) (?:correctly|rightly)"
    r"|if memory serves(?: me)?(?: (?:right|correctly|well))?|unless i'?m mistaken|as i recall"
    r"|i think so|if i'?m reading (?:this|that|it|the \w+) (?:right|correctly)"
    r"|i believe so|from what i (?:know|understand)"
    # an attribution to the sources the answer is checked against: "According to the
    # handbook, …", "Based on the documents provided, …", "As per the policy, …"
    r"|(?:according to|based on|as (?:per|stated in|set out in|described in|noted in)|per|"
    r"from|going by) (?:the|this|that|your|our) (?:\w+ ){0,2}?(?:documents?|handbook|"
    r"polic(?:y|ies)|articles?|passages?|texts?|evidence|sources?|reports?|guide|guidance|"
    r"manual|context|pages?|contract|records?|information|materials?|excerpts?|leaflet|"
    r"label|website|brochure|faq|terms|specs|specifications|listing)"
    r"(?: (?:provided|given|available|above|you shared|i have))?)" + _SEP,
    # opinion and attention markers followed by the statement itself
    r"^(?:i (?:really |honestly |personally )?(?:think|believe|guess|feel|reckon|suppose|"
    r"understand|recall|remember|heard(?! (?:so much |a lot of |many )?(?:great|good|"
    r"amazing|nice) things))|i (?:read|saw) that|i'?d say|i would say|"
    r"i'?m (?:pretty |fairly |quite )?(?:sure|certain|confident)|it seems(?: to me)?|"
    r"it appears|(?:please )?note|"
    r"(?:please )?remember|keep in mind|bear in mind|be aware)(?: that)?[\s,:]+(?=\S)",
    # the speaker's attitude to what follows: "Unfortunately drops aren't covered …"
    r"^(?:unfortunately|fortunately|luckily|thankfully|regrettably|sadly|"
    r"basically|actually|in fact)[\s,:]+(?=\S)",
    # the speaker's doubt or their own experience, then "but" and the statement: "I'm not
    # sure, but it was filmed in Paris.", "I haven't seen it, but it stars Guy Pearce."
    r"^(?:(?:(?:i'?m|i am) )?not (?:(?:entirely|completely|totally|quite|really|100%) )?"
    r"(?:sure|certain|positive)(?: (?:about|of) (?:that|this|it|the \w+))?"
    r"|i (?:don'?t|do not) (?:really |actually )?(?:know|remember|recall)(?: (?:for sure|"
    r"for certain|exactly|much|a lot|that much|the details))?(?: about (?:it|that|this|them|"
    r"him|her|the \w+))?"
    r"|i (?:could|may|might) be (?:wrong|mistaken)|correct me if i'?m (?:wrong|mistaken)"
    # a disclaimer: "I'm not a medical professional, so please check with a pharmacist, but"
    r"|(?:i'?m|i am) not an? (?:\w+ ){0,2}?(?:professional|expert|doctor|lawyer|pharmacist|"
    r"specialist|nurse|accountant|adviser|advisor)(?:,? so (?:please )?[^,;.!?]{1,60})?"
    r"|i (?:(?:don'?t|do not) have|(?:couldn'?t|could not|can'?t|cannot) find) (?:any |much |"
    r"more )?(?:information|info|details|anything)(?: (?:on|about) (?:it|that|this|them|"
    r"the \w+))?"
    r"|i (?:haven'?t|have not|have never|never|didn'?t|did not) (?:seen|read|watched|heard|"
    r"listened to|see|watch|hear|listen to)(?: (?:it|that|this|them|the \w+))?"
    r"(?: (?:yet|myself|personally|either))?)"
    r"\s*,?\s*(?:but|though|although)\s+(?=\S)",
    # question frames around a statement: "Did you know that X?"
    r"^(?:did|do) you know(?: that)?[\s,:]+(?=\S)|^are you aware(?: that)?[\s,:]+(?=\S)"
    # what the speaker knew or did not know (factive): "Didn't know RDJ was in it."
    r"|^(?:i )?(?:didn'?t|did not|never) know(?: that)?[\s,:]+(?=\S)"
    r"|^i (?:had|have) no idea(?: that)?[\s,:]+(?=\S)"
    r"|^i (?:did |do )?(?:already )?kn[eo]w(?: that)?[\s,:]+(?=\S)"
    r"|^(?:isn'?t it|is it not) (?:true|the case) that\s+(?=\S)",
)]
# Tag questions after a statement ask the listener to agree with it; the statement is
# still made: "He plays for Barcelona, isn't he?", "…, isn't that great?", "…, is that
# true?".
_AUX = (r"(?:is|are|was|were|do|does|did|has|have|had|will|would|can|could|should|"
        r"shall|must|might|may)")
_TAG = (r"(?:" + _AUX + r"(?:n'?t| not)?|ain'?t|won'?t|shan'?t) "
        r"(?:it|he|she|they|there|that|this|we|you|i)"
        r"(?: (?:so |really |pretty |just )?(?:great|cool|amazing|awesome|interesting|nice|"
        r"something|crazy|wild|funny|sad|true|right|correct|incredible|impressive))?")
_TRAILING = re.compile(
    r"(?:,\s*(?:i think|i believe|i guess|in my (?:opinion|view)|right|correct|no|eh|huh|"
    r"yeah|don'?t you think|wouldn'?t you say|did you know|you know|as far as i know|"
    + _TAG + r")"
    r"|\s+(?:i think|i believe)"
    # a suggestion to the listener after a dash: "… in 2003 — give it a go and let me know
    # what you think!"
    r"|\s+[—–]\s+(?:(?:give it a (?:go|try|listen|watch|read)|let me know|check it out|"
    r"trust me|highly recommend(?:ed)?|you(?:['’]ll| will) love it)\b[^.!?]*))\s*[.!?]*$",
    re.IGNORECASE)
_QUESTION_FRAME = re.compile(r"^(?:did|do) you know|^are you aware|^(?:isn'?t it|is it not) ",
                             re.IGNORECASE)

_MONTHS = alternation([*MONTHS, *FRENCH_MONTHS])
_STRONG = re.compile(
    r"\d|[£$€¥₹%§]|\b(?:" + _MONTHS + r")\b\s*\d|\b\d|\b(?:monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)s?\b|\b(?:act|regulations?|section|article|directive|order|"
    r"code|statute|rule|schedule)\s+\d|\b[A-Z][a-z]+ Act\b|\b(?:two|three|four|five|six|"
    r"seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|"
    r"billion)\b",
    re.IGNORECASE)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+")


def has_strong_checkable(text: str) -> bool:
    """A figure, a date, a weekday, a citation or a title in ``text``."""
    return _STRONG.search(text) is not None


def has_checkable(text: str) -> bool:
    """:func:`has_strong_checkable`, or a capitalised name after the first word."""
    if has_strong_checkable(text):
        return True
    s = text.strip()
    return any(m.group(0) not in {"I", "I'm", "Im"} for m in _NAME.finditer(s))


def core_span(sentence: str) -> tuple[int, int]:
    """The span of ``sentence`` left when its frame is removed; the whole (trimmed)
    sentence when there is no frame or nothing but a frame ("Thanks for asking!")."""
    a, b = 0, len(sentence)
    while a < b and sentence[a].isspace():
        a += 1
    while b > a and sentence[b - 1].isspace():
        b -= 1
    a0, b0 = a, b
    framed_question = False
    changed = True
    while changed and a < b:
        changed = False
        for rx in _LEADING:
            m = rx.match(sentence[a:b])  # (on the rest: "^" holds only at its start)
            if m is not None and m.end() > 0:
                if _QUESTION_FRAME.match(sentence[a:b]):
                    framed_question = True
                a += m.end()
                changed = True
                break
    t = _TRAILING.search(sentence, a, b)
    if t is not None and t.start() > a:
        b = t.start()
    elif framed_question:
        while b > a and sentence[b - 1] in "?!":
            b -= 1
    while b > a and sentence[b - 1].isspace():
        b -= 1
    if _TRIVIAL.match(sentence[a:b]):  # "Did you know that?", "Thanks!": nothing is left
        return a0, b0
    return a, b


_TRIVIAL = re.compile(r"^[\W_]*(?:(?:that|this|it|so|them|these|those)[\W_]*)?$",
                      re.IGNORECASE)

"""The name a question is about: what a pronoun opening the answer stands for.

"When did Marie Curie die? She died in 1934." reads "Marie Curie died in 1934."; in a chat
the question asked last decides ("Have you seen Harbour of Glass? What else can you tell me
about Tomasz Wielgus's involvement?" → "Tomasz Wielgus").
"""

from __future__ import annotations

import re

from certirag.claims.answers import ADJ_SUFFIX, last_question
from certirag.text.calendar_names import MONTH_NAMES, WEEKDAYS
from certirag.text.subjects import NAME_RUN

__all__ = ["named_alone", "question_subject"]

# question words, auxiliaries and prepositions a name run may open with ("Did Marie …")
_WH = frozenset("who whom whose what which when where why how is are was were do does did can "
                "could will would should has have had in on at for of by".split())
_NAME_RUN = re.compile(NAME_RUN)
_CLAUSE_SUBJECT = re.compile(r"\s+(?:is|was|has|had|\w+ed|blew|came|won|made|took|left|went)\b")
_ADVERBS = frozenset("just only still also even ever never already so then now".split())
_DETERMINERS = frozenset("the a an this that these those".split())
_ABBREVIATIONS = frozenset("jr sr st dr mr mrs ms mt ft co inc ltd no vs u.s u.k".split())
# capitalised, never what a pronoun stands for
_CALENDAR = frozenset(WEEKDAYS) | frozenset(MONTH_NAMES)
# a last question about someone named before it
# a capitalised word said alone that names nothing ("Thanks. Is it open?")
_INTERJECTIONS = frozenset("yes yeah yep no nope thanks ok okay great sure cool hi hello hey "
                           "please sorry wow nice lovely right well fine perfect awesome good "
                           "excellent brilliant interesting really oh ah hmm".split())
_NAME_ALONE = re.compile(r"(?:^|[.!?]\s+)(?P<name>" + NAME_RUN + r")[.!]?$")
# A determiner, a noun and a preposition of place just before a name: the name is where the
# noun is ("the museum in Leeds", "my landlord in Veloria"), not what a pronoun stands for.
_PLACE_OF = re.compile(r"\b(?:my|our|your|his|her|their|the|this|that)\s+[a-z]+\s+"
                       r"(?:in|at|near|outside)\s+$", re.IGNORECASE)
_NUMBERED = re.compile(r"\s+\d")  # "Grade 4", "Year 9"
_LEVELS = frozenset("grade year level stage form class band group".split())
_PRONOUN = re.compile(r"\b(?:he|she|it|they|him|her|his|its|their|them)\b", re.IGNORECASE)
# a capitalised pronoun with a verb contracted onto it ("It's", "I'm", "We've")
_SPEAKER = re.compile(r"(?:I|It|He|She|We|You|They|That|There|This)['’](?:s|m|re|ve|ll|d)")


# "Have you read Winter at Hollin Fell?": the whole title a question about the listener's
# experience ends with, small words inside it ("at", "in", "over") and all
_EXPERIENCED = re.compile(
    r"^(?:(?:have|did|do)\s+you\s+(?:ever\s+|already\s+)?|ever\s+)(?:seen|watched|read|"
    r"heard|listened\s+to|played|see|watch|hear|listen\s+to|play)\s+(?:the\s+(?:film|movie|"
    r"book|novel|show|series|album|song|game)\s+)?(?P<work>(?-i:[A-Z])[\w'’.-]*(?:\s+(?:(?-i:at|in|"
    r"on|of|over|under|for|to|from|with|and|the|a|an)\s+)*(?-i:[A-Z])[\w'’.-]*)*)\s*\?$",
    re.IGNORECASE)


def question_subject(question: str) -> str | None:
    """The first proper name of the question's last question, or else of the whole
    question ("When did Marie Curie die?" → "Marie Curie"; "Have you seen Harbour of
    Glass? What else can you tell me about Tomasz Wielgus's involvement?" → "Tomasz
    Wielgus": the answer's "He" answers the question asked last); a work a question about
    the listener's experience ends with, whole ("Have you read Winter at Hollin Fell?" →
    "Winter at Hollin Fell")."""
    last = last_question(question)
    work = _EXPERIENCED.match(last.strip())
    if work is not None and work["work"][:1].isupper():
        return work["work"]
    got = _first_name(last) if last.strip() != question.strip() and \
        not _PRONOUN.search(last) else None  # "Messi. Does he play in …?": he is Messi
    return got or named_alone(question) or _first_name(question)


def named_alone(question: str) -> str | None:
    """A name said alone just before a last question with a pronoun, what that pronoun
    asks about ("I'm going to Australia. Canberra. Is it the biggest city?" → "Canberra");
    ``None`` otherwise, and for a word that names nothing ("Thanks.", "Beautiful.")."""
    last = last_question(question)
    if not _PRONOUN.search(last) or last not in question:
        return None
    alone = _NAME_ALONE.search(question[:question.rfind(last)].rstrip())
    name = alone.group("name").rstrip(".") if alone is not None else ""
    if not name or name == "I" or name.lower() in _WH | _DETERMINERS | _INTERJECTIONS or \
            name.rstrip("s") in _CALENDAR or (" " not in name and _adjective(name.lower())):
        return None
    return name


def _adjective(word: str) -> bool:
    """A word said alone with an adjective's ending: an opinion, not a name ("Beautiful.",
    "Magical.")."""
    return ADJ_SUFFIX.match(word) is not None or re.fullmatch(r"[a-z]+al", word) is not None


def _first_name(question: str) -> str | None:
    """The first proper name in ``question``, without a possessive "'s"."""
    for m in _NAME_RUN.finditer(question):
        words = m.group(0).split()
        stop = next((k for k, w in enumerate(words[:-1]) if w.endswith(".") and len(w) > 2
                     and w[:-1].lower() not in _ABBREVIATIONS), None)  # not "St. Louis"
        words = words if stop is None else [*words[:stop], words[stop][:-1]]  # "Canada. How"
        if words and words[-1].endswith(".") and len(words[-1]) > 2 \
                and words[-1][:-1].lower() not in _ABBREVIATIONS:
            words = [*words[:-1], words[-1][:-1]]  # "… the Brennock Arts Fellowship."
        while words and (words[0].lower() in _WH or _SPEAKER.fullmatch(words[0])):
            words.pop(0)  # "It's November now - can I …?": "It's" opens no name
        if (words[-1:] == ["I"] and all(w.lower() in _INTERJECTIONS for w in words[:-1])) or (
                len(words) == 1 and words[0].lower() in _DETERMINERS | _INTERJECTIONS):
            # the asker ("I", "No I haven't …"), never what a pronoun of the answer names
            # ("I Stand Alone" is); a
            # capitalised article alone opens a name the run cannot follow ("The 2021 …");
            # "Thanks." names nothing
            continue
        if len(words) == 1 and words[0] == m.group(0) and not question[:m.start()].strip() \
                and (words[0].lower() in _ADVERBS or words[0].endswith("ly")
                     or not _CLAUSE_SUBJECT.match(question, m.end())):
            continue  # one word opening the question: "Tell me about …", not "Parasite won …"
        if len(words) == 1 and words[0].lower() in _LEVELS and _NUMBERED.match(question, m.end()):
            continue  # a level, not a name: "has Grade 4 cello", "in Year 9" (claims rules v17)
        if _PLACE_OF.search(question, 0, m.start()) is not None:
            continue  # the place of a thing named before it: "My landlord in Veloria is
            # selling. How much notice do they need to give?": they are the landlord
        if words and not all(w.lower().rstrip("s") in _CALENDAR for w in words):
            return re.sub(r"['’]s$", "", " ".join(words))
    return None

"""The subject a sentence opens with, and what a pronoun opening the next sentence names.

Claims and binding spans both need it: "His cars are popular" after "Neil Tuckett's newest
model is 90 years old" is a claim about Neil Tuckett's cars, and "It is 330 metres tall"
after "The Eiffel Tower is a lattice tower in Paris" is evidence about the Eiffel Tower.
A subject is a run of capitalised words (a name: "Maria Lindqvist", "The Eiffel Tower",
possessive dropped) or, for "It"/"Its" only, a common noun phrase before an auxiliary
("The flu vaccine is offered …"). Rules only; deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from certirag.text.verbs import ADVERBS, BASE_VERBS, IRREGULAR_PAST, MODAL_VERBS

__all__ = ["DEMONYM", "NAME_RUN", "NAME_SUBJECT", "PRESENTING", "PRONOUN_START", "expletive_it",
           "leading_subject", "name_pronoun", "object_pronoun", "resolve_pronoun",
           "sentence_subjects", "singular_subject", "thing_subject"]

#: A run of capitalised words with the connectors names have ("Bank of England",
#: "Ludwig van Beethoven", "The Remains of the Day"), as a pattern to embed.
NAME_RUN = (r"[A-Z][\w'’.-]*(?:\s+(?:(?:of|and|de|van|von|der|la|le|du|da|&)\s+(?:the\s+)?)?"
            r"[A-Z][\w'’.-]*)*")

#: A capitalised word with a nationality's ending ("American", "Japanese", "Irish"); also
#: some names ("Morgan"), so a reader of it gives up a name rather than take a nationality.
DEMONYM = re.compile(r"^[A-Z][a-z]+(?:an|ese|ish|ic|i)$")

#: A sentence that opens with a pronoun (group 1).
# (not the people a phrase names: "Those in client-facing roles must …", "Those who …")
PRONOUN_START = re.compile(r"^(He|She|It|They|His|Her|Its|Their|This|These|"
                           r"Those(?!\s+(?:who|whom|whose|in|with|without|aged|under|over|on|"
                           r"at|from|of)\b))\b")
_SUBJECT_PRONOUNS = frozenset({"He", "She", "It", "They"})
_PERSON_PRONOUNS = frozenset({"He", "She", "His", "Her"})
# A name "he" or "she" cannot stand for: a club, firm, body or place by its last word, or a
# name behind "The" ("The Beatles", "The Dark Knight"; not "The Goulburn man").
_NOT_A_PERSON = re.compile(
    r"^The(?:\s+[A-Z][\w'’.-]*)+$|\b(?:FC|CF|AFC|SC|AC|Inc|Ltd|LLC|PLC|plc|Corp|Co|Company|Club|United|City|"
    r"Rovers|Athletic|University|College|School|Band|Group|Party|Council|Ministry|"
    r"Department|Agency|Bank|Airlines?|Records|Studios?|Fund|Foundation|Association|Society|"
    r"Team|Church|Hospital|Museum|Street|Road|Island|River|Mountains?|Lake|Park|Stadium)"
    r"\.?$")
_POSSESSIVES = frozenset({"His", "Her", "Its", "Their"})
# A verb contracted onto a subject pronoun ("It's", "They're", "He'll"); "'s" before
# "been" or "got" is "has".
_CONTRACTION = re.compile(r"['’](s|re|ll|ve|d)\b(?=(\s+(?:been|got)\b)?)", re.IGNORECASE)
_CONTRACTED = {"s": "is", "re": "are", "ll": "will", "ve": "have", "d": "would"}
_PERFECT = {"s": "has", "d": "had"}  # before "been" or "got"

#: A run of capitalised words opening a sentence, followed by a space or comma (group 1).
NAME_SUBJECT = re.compile(
    r"^((?:The |A |An )?(?:[A-Z][\w'’.-]*(?:\s+(?:of|and|de|van|von|der|la|le|du|da|the|&)"
    r"\s+|\s+))*[A-Z][\w'’.-]*)[\s,]"
)
_POSSESSIVE_END = re.compile(r"(?:['’]s|(?<=s)['’])$")
_NOT_SUBJECT = frozenset("who whom whose what which when where why how is are was were do does "
                         "did can could will would should has have had in on at for of by "
                         "i we you there our my your their its this these those that some "
                         "many most all each every no any both either neither another such "
                         "according however meanwhile after before while if although despite "
                         "during since until unless when once because though with without from "
                         "into under over as like unlike following amid among across through "
                         "within against between beyond upon near behind besides whilst whereas "
                         "also then now still yet so but and or nor not only even just here"
                         .split())
_AUX = (r"is|are|was|were|has|have|had|will|would|can|could|may|must|shall|should|does|did"
        r"|remains|became")
_THING_SUBJECT = re.compile(
    # "The flu vaccine is", "The company went", "The policy requires": the shortest noun
    # phrase before a verb; "Influenza vaccination is": a capitalised noun and one more
    # word, before an auxiliary only
    rf"^(?:((?:The|This|That|Our|Your|My|Its|Their|His|Her)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?)\s+(?:{_AUX}|went|made"
    r"|took|won|lost|grew|fell|rose|began|[a-z]{3,}ed|[a-z]{3,}[^s\W]s)"
    rf"|([A-Z][a-z]+\s+[a-z][a-z-]+)\s+(?:{_AUX}))\b")


# A headline's opening verb, never its subject ("Took part in the attack.").
_OPENING_VERB = re.compile(
    r"(?:[A-Z][a-z]{2,}ed|Took|Made|Won|Lost|Gave|Got|Went|Came|Said|Told|Left|Led|Ran|Saw"
    r"|Found|Held|Kept|Sold|Paid|Spent|Built|Bought|Brought|Wrote|Became|Began|Fell|Rose"
    r"|Grew|Met|Sent|Shot|Struck|Stole|Broke|Drove|Flew|Threw|Fought|Caught|Taught|Thought)")
_NAMES_IN_ED = frozenset({"Ahmed", "Mohammed", "Mohamed", "Hamed", "Alfred", "Manfred",
                          "Winifred", "Jared", "Fred", "Ted", "Ned", "Reed", "Creed"})
# A role between an organisation and a person's full name: "NFL | cornerback | Will Allen".
_ROLES = ("leader|chief|executive|officer|director|spokesman|spokeswoman|spokesperson|"
          "minister|secretary|manager|coach|boss|star|captain|owner|founder|president|"
          "chairman|chairwoman|actor|actress|singer|striker|midfielder|defender|winger|"
          "goalkeeper|forward|quarterback|cornerback|receiver|player|editor|presenter|"
          "reporter|correspondent|analyst|governor|mayor|senator|congressman|congresswoman|"
          "general|commander|judge|lawyer|attorney|prosecutor|detective|inspector|"
          "superintendent|professor|scientist|researcher|doctor|surgeon|nurse|chef|"
          "designer|model|writer|author|comedian|host|head|deputy|vice|former|ex")
_TITLED = re.compile(rf"\s+((?:[a-z][a-z-]+\s+)?(?:{_ROLES}))\s+"
                     r"([A-Z][\w'’-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][\w'’-]+)+)(?=[\s,.;:]|$)")
# A lowercase word after "The <Name>" that is a verb, not the head noun ("The UN says").
_VERB_NEXT = re.compile(rf"(?:{_AUX}|[a-z]+(?:ed|s))\b")


# "Autistic teenager Kimberly Greenberg went …": a noun before a full name is the person's
_NOUN_BEFORE_NAME = re.compile(r"\s+(?:[a-z][a-z-]+\s+){1,3}"
                               r"([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+)(?=[\s,.;:]|$)")


# A plural noun of people before its verb, not a verb ("researchers gave", "officials say").
_AGENT_NOUN = ("ers", "ors", "ists", "ians", "ees", "ants", "ents")
# A phrase a sentence may open with before its subject and a comma.
_OPENING_PHRASE = frozenset("""despite after before during following since until when while
although though once because as with without amid in on at by for from under over""".split())


# Words after a name that go on with its phrase ("Helen Marsh of the Evening Post called").
_FUNCTION = frozenset("""of in at on for from with to by and or nor but as the a an who which
whose that whom where when than""".split())


# Endings of adverbs, never of a name ("Allegedly", "Eventually"; not "Kelly", "Emily").
_ADVERB_END = ("ally", "edly", "ently", "antly", "ously", "ively", "ately", "fully", "ingly")
_CONJUNCTIONS = frozenset({"But", "And", "So", "Yet", "Or"})
# Time words a sentence opens with before its subject ("Last week he …").
_TIME_WORDS = frozenset("""last next earlier later every early late yesterday today tomorrow
tonight""".split())
# Verbs of saying in the base form, after a plural subject ("Police allege …").
_SAYING = frozenset("""say tell allege warn fear insist suggest estimate hope admit add state
reveal accuse urge believe""".split())


def _verb_like(word: str) -> bool:
    """What may follow a name that is the subject: a verb, a modal, an adverb ("Obama won",
    "Smith will", "Bowie also wrote"); any other lower-case word makes the name a modifier
    of a noun ("New order allows …", "St. Tammany Parish police say …")."""
    return (_VERB_NEXT.fullmatch(word) is not None or word in IRREGULAR_PAST
            or word in BASE_VERBS or word in _SAYING or word in MODAL_VERBS or word in ADVERBS
            or word.endswith("ly"))


#: The words that present a person: "That's Jonah Castell, …", "This is Mara Deene, …".
PRESENTING = r"(?:That|This|It|Here)(?:['’]s|\s+is)\s+"
_PRESENTED = re.compile(PRESENTING + r"(?=[A-Z])")


def leading_subject(text: str) -> str | None:
    """The name a sentence opens with ("Neil Tuckett's newest model …" → "Neil Tuckett"),
    or ``None`` (a pronoun, a question word, "I", "There", a bare article, a headline's
    opening verb). A name after an article is a modifier of the noun after it: "The
    Goulburn man was …" opens with "The Goulburn man"; one before a role and a full name
    is the person's: "Former NFL cornerback Will Allen and …"."""
    shown = _PRESENTED.match(text)
    if shown is not None:  # "That's Jonah Castell, a forward …": the sentence is about him
        person = leading_subject(text[shown.end():])
        return person if person is not None and " " in person else None
    m = NAME_SUBJECT.match(text + " ")
    if m is None:
        return None
    subj = _POSSESSIVE_END.sub("", m.group(1).strip())
    first = subj.split(" ", 1)[0]
    if first in {"The", "A", "An"} and len(subj.split()) == 1:
        return None
    if first in _CONJUNCTIONS and " " in text:
        return leading_subject(text.split(" ", 1)[1])  # "But Natural England has …"
    if first.lower() in _OPENING_PHRASE and (comma := text.find(", ")) > 0:
        # "Despite the threat, Silverthorn proceeded …": the subject after the phrase
        return leading_subject(text[comma + 2:])
    if PRONOUN_START.match(subj) or first.lower() in _NOT_SUBJECT or \
            _CONTRACTION.sub("", first).lower() in _NOT_SUBJECT:
        return None  # (and "You'll get a pack …": "You" with a verb contracted onto it)
    if " " not in subj and _OPENING_VERB.fullmatch(subj) and subj not in _NAMES_IN_ED:
        return None
    if subj == m.group(1).strip() and (
            title := _TITLED.match(text, m.end(1))) is not None:
        return f"{subj} {title.group(1)} {title.group(2)}"  # "Former NFL cornerback Will Allen"
    if first in {"The", "A", "An"} and subj == m.group(1).strip():
        head = re.match(r"\s*([a-z][a-z-]+)\b", text[m.end(1):])
        if head is not None and not _VERB_NEXT.fullmatch(head.group(1)):
            return f"{subj} {head.group(1)}"
        return subj
    if " " not in subj and (first.lower() in _TIME_WORDS or first.lower().endswith(_ADVERB_END)):
        return None  # "Last week he was told …", "Allegedly dismembered her body."
    head = re.match(r"((?: [a-z][a-z-]+){1,3})\b", text[m.end(1):])
    if head is None:
        return subj
    words = head.group(1).split()
    noun = words[0]
    if noun in _FUNCTION:
        return subj
    if not _verb_like(noun):
        # "Autistic teenager Kimberly Greenberg went …", "Australia's favourite rock star
        # Peter Garrett has …": the person; "New order allows …", "Dallas club manager
        # refuted …": a noun phrase the name only modifies; "Police allege they …": the
        # name, before its verb
        named = _NOUN_BEFORE_NAME.match(text, m.end(1))
        if named is not None and not any(
                _verb_like(w) or w in _FUNCTION for w in named.group(0).split()[:-1]
                if w[:1].islower()):
            return named.group(1)
        if subj == m.group(1).strip() and any(_verb_like(w) for w in words[1:]):
            return None
    elif subj == m.group(1).strip() and noun.endswith(_AGENT_NOUN) and len(words) > 1 \
            and _verb_like(words[1]):
        return None  # "University of Illinois researchers gave …"
    return subj


def thing_subject(text: str) -> str | None:
    """The common noun phrase a sentence opens with before its verb ("The flu vaccine is
    offered …" → "The flu vaccine", "Influenza vaccination is …" → "Influenza
    vaccination", "The policy requires …" → "The policy"): what a following "It" or "Its"
    names."""
    m = _THING_SUBJECT.match(text.strip())
    return (m.group(1) or m.group(2)) if m else None


def sentence_subjects(text: str) -> tuple[str | None, str | None]:
    """``(name, thing)``: the name a sentence opens with and, when it is longer, the common
    noun phrase ("Influenza vaccination", not "Influenza"), which only "It" and "Its"
    name."""
    name = leading_subject(text)
    thing = thing_subject(text)
    if thing is not None and name is not None and len(thing) <= len(name):
        thing = None
    return name, thing


# An "it" that names nothing: "It is hoped (that) …", "It is unclear whether …", "It
# seems that …" (not "It is thought to date back …", which says something of a thing).
_EXPLETIVE = re.compile(
    r"(?:\s+(?:is|was|has\s+been|had\s+been|remains|remained)|['’]s)\s+(?:not\s+|now\s+|also\s+)?"
    r"(?:(?:hoped|believed|thought|understood|feared|said|claimed|reported|expected|estimated"
    r"|alleged|rumou?red|suggested|known|assumed|announced|confirmed)\s+(?:that|whether|if|how"
    r"|why|what|when|who|the|a|an|he|she|they|his|her|their|this|these|those|[A-Z])"
    r"|(?:clear|unclear|likely|unlikely|possible|impossible|important|necessary|true|certain"
    r"|uncertain|understood|believed|thought)\s+(?:that|whether|if|how|why|what|when|who))\b"
    r"|\s+(?:seems|seemed|appears|appeared)\s+(?:that|as\s+if|likely)\b"
    r"|\s+(?:comes|came)\s+(?:as|after|amid|just|only|days|weeks|months|hours|a|the)\b"
    # advice with "it" before its subject (claims rules v17): "It's best to arrive …", "It
    # would also help to clear …", "It's fine to keep it frozen …" (not where "it" may be the
    # thing: "It's easy to set up", "It's safe for dogs", "It's fine to freeze")
    r"|(?:\s+(?:is|will\s+be|would\s+be)|['’]s)\s+(?:also\s+|usually\s+|always\s+|really\s+)?"
    r"(?:best|wise|advisable|worth\s+\w+ing|a\s+good\s+idea|essential|important|necessary)"
    r"\s+to\s+[a-z]+\b"
    r"|(?:\s+(?:is|will\s+be|would\s+be)|['’]s)\s+(?:perfectly\s+|absolutely\s+|totally\s+)?"
    r"(?:fine|ok|okay)\s+to\s+[a-z]+\s+(?:it|them)\b"
    r"|\s+(?:would|will|might|could)\s+(?:also\s+|really\s+)?help\s+to\s+[a-z]+\b")


def expletive_it(sentence: str) -> bool:
    """Whether ``sentence`` opens with an "It" that names nothing ("It is hoped that …",
    "It's fine to keep it frozen …", "It would also help to clear …")."""
    m = PRONOUN_START.match(sentence)
    return m is not None and m.group(1) == "It" and _EXPLETIVE.match(sentence, m.end()) is not None


# A person's pronoun after the opening one: the name it stands for is no "it".
_PERSON_LATER = re.compile(r"\b(?:she|he|her|his|him|herself|himself)\b", re.IGNORECASE)


def name_pronoun(sentence: str, name: str | None, thing: str | None, *,
                 people: bool = False) -> str | None:
    """``sentence`` with the pronoun it opens with replaced by the subject it names: "It"
    and "Its" the ``thing`` when there is one, else the ``name``; "He", "She", "They" and
    their possessives the ``name``. ``None`` when it opens with no such pronoun or there is
    nothing to name. With ``people``, an "It" whose sentence goes on about "her" or "his"
    names no ``name`` ("It was her second marathon" after "Orla Denning won …": the race,
    not the runner)."""
    m = PRONOUN_START.match(sentence)
    if m is None or m.group(1) not in _SUBJECT_PRONOUNS | _POSSESSIVES:
        return None
    word = m.group(1)
    if word == "It" and _EXPLETIVE.match(sentence, m.end()):
        return None  # "It is hoped the power will …": "it" names nothing
    if people and word in ("It", "Its") and thing is None \
            and _PERSON_LATER.search(sentence, m.end()):
        return None
    subject = (thing or name) if word in ("It", "Its") else name
    if subject is None:
        return None
    if word in _PERSON_PRONOUNS and _NOT_A_PERSON.search(subject):
        return None  # "Inter Miami CF, which … . He was born in Rosario."
    repl = subject if word in _SUBJECT_PRONOUNS else f"{subject}'s"
    rest = sentence[m.end():]
    if word in _SUBJECT_PRONOUNS and (c := _CONTRACTION.match(rest)) is not None:
        # "It's a film" is "The Matrix is a film", not "The Matrix's a film"
        low = c.group(1).lower()
        verb = (_PERFECT.get(low) if c.group(2) else None) or _CONTRACTED[low]
        return f"{repl} {verb}{rest[c.end(1):]}"
    return repl + rest


# A subject's verb in the singular: "They" cannot name it ("Copper Lanterns is an album,
# and they recorded it …": the band, not the album).
_SINGULAR_VERB = re.compile(r"\s*(?:['’]s\b|(?:is|was|has|does)\b)")


def singular_subject(text: str) -> bool:
    """Whether the name ``text`` opens with is followed by a verb in the singular."""
    subject = leading_subject(text)
    return subject is not None and text.startswith(subject) \
        and _SINGULAR_VERB.match(text, len(subject)) is not None


def resolve_pronoun(antecedent: str, sentence: str) -> str | None:
    """``sentence`` with the pronoun it opens with replaced by the subject of the sentence
    before it (``antecedent``): "It is 330 metres tall." after "The Eiffel Tower is a
    lattice tower." is "The Eiffel Tower is 330 metres tall."; ``None`` when the sentence
    opens with no such pronoun or the antecedent has no subject to give it. A common noun
    phrase resolves only "It" and "Its"."""
    return name_pronoun(sentence, *sentence_subjects(antecedent))


_OBJECT_PRONOUNS = frozenset({"me", "us", "him", "them"})
# words an object pronoun may follow inside a subject: "people like me", "anyone near us"
_GOVERNS_OBJECT = frozenset("of in on at near from with for under over to by about like as "
                            "than".split())


def object_pronoun(words: Sequence[str], end: int) -> int | None:
    """Where an object pronoun ("me", "us", "him", "them") stands among ``words[2:end]``,
    the words read as a question's subject ("my driving instructor pick me up"), with no
    preposition before it ("people like me" is a subject): the verb ends the subject
    before it. ``None`` when none does."""
    return next((k for k in range(2, min(end, len(words)))
                 if words[k].lower() in _OBJECT_PRONOUNS
                 and words[k - 1].lower() not in _GOVERNS_OBJECT), None)

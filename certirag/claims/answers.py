"""Short replies read with their question into a full statement.

* A yes/no reply ("Yes.", "No.", "Yes, it can.", "No, they aren't.") to a yes/no question
  ("Is the office open on Sundays?") becomes the question's statement or its negation
  ("The office is open on Sundays." / "The office is not open on Sundays.").
* A cleft reply ("It was Christopher Nolan.") and an object "it" are read by
  :mod:`certirag.claims.replies`.
* A fragment ("Delhi.") to a wh-question of a known shape is read by
  :mod:`certirag.claims.fragments`, which uses :func:`last_question` and
  :func:`capitalise` of this module.

Each function returns ``None`` when it cannot build a statement; the caller decides what
that means (:func:`certirag.claims.extract_claims` withholds a yes/no reply it cannot read
with reason ``unresolved_answer``). Pure :mod:`re`, no model.
"""

from __future__ import annotations

import re

from certirag.claims.asked import AUX as _AUX
from certirag.claims.asked import last_question
from certirag.claims.frames import SOURCE_HEDGE
from certirag.text.subjects import DEMONYM, object_pronoun
from certirag.text.verbs import BASE_VERBS as _BASE
from certirag.text.verbs import MODAL_VERBS, PAST_PARTICIPLES, third_person

__all__ = ["ADJ_SUFFIX", "DETERMINERS", "asks_the_listener", "capitalise", "is_yes_no_question",
           "last_question", "wh_thing", "yes_no_lead", "yes_no_polarity", "yes_no_statement",
           "yes_no_subject"]

_YES = (r"yes|yeah|yep|yup|correct|that's right|that is right|true|indeed|affirmative"
        # an assurance: "You should be fine!", "Sounds like it!"
        r"|you(?:['’]ll| will| should| would)? be (?:fine|ok|okay|all good|all set)"
        r"|you(?:['’]re| are) (?:fine|ok|okay|all good|all set)|(?:sounds|looks|seems) like it")
# a no said with regret or force: "Unfortunately not.", "I'm afraid not, …", "Certainly not."
_REGRET = r"(?:unfortunately|sadly|regrettably|i'm afraid|i’m afraid|i am afraid)"
_NO = (rf"(?:{_REGRET},?\s+)?(?:no|nope|nah|incorrect|false|not at all|negative)"
       rf"|(?:{_REGRET}|afraid|certainly|definitely|absolutely|of course),?\s+not|not really")
_PRON = r"it|he|she|they|we|you|i|there|that|this"
_REPLY = re.compile(
    rf"^(?P<word>{_YES}|{_NO})\b[\s,.!;:—–-]*"
    rf"(?:(?P<pron>{_PRON})(?:\s+(?P<aux>{_AUX})|(?P<contr>'s|’s|'re|’re|'m|’m))?"
    r"(?P<neg>n't|n’t|\s+not)?(?:\s+(?:at all|really|indeed))?)?[\s.!]*$",
    re.IGNORECASE)
_NEG_CONTRACTED = re.compile(r"^(?:(?:" + _PRON + r")\s+)?(?:isn't|aren't|wasn't|weren't|don't|"
                             r"doesn't|didn't|can't|cannot|couldn't|won't|wouldn't|shouldn't|"
                             r"mustn't|hasn't|haven't|hadn't)\b", re.IGNORECASE)

# an echo without the word: "It is.", "They don't.", "It's not.", "She did not."
_ECHO = re.compile(
    rf"^(?:{_PRON})(?:\s+(?P<aux>{_AUX})(?P<neg>n't|n’t|\s+not)?|(?:'s|’s|'re|’re)\s+not"
    rf"|\s+(?:isn't|aren't|wasn't|weren't|don't|doesn't|didn't|can't|cannot|couldn't|won't"
    r"|wouldn't|shouldn't|hasn't|haven't|hadn't))(?:\s+(?:at all|really|indeed))?[\s.!]*$",
    re.IGNORECASE)


def yes_no_polarity(reply: str) -> bool | None:
    """``True`` for a bare yes ("Yes.", "Yes, it can.", "It is."), ``False`` for a bare no
    ("No.", "No, it isn't.", "It doesn't."), ``None`` when ``reply`` says more than yes or
    no."""
    s = reply.strip()
    m = _REPLY.match(s)
    if m is None and (echo := _ECHO.match(s)) is not None:
        return bool(echo.group("aux")) and not echo.group("neg")
    if m is None:
        rest = re.match(rf"^(?:{_YES}|{_NO})\b[\s,.!;:—–-]*(.*)$", s, re.IGNORECASE)
        if rest is None or not _NEG_CONTRACTED.match(rest.group(1)) or \
                len(rest.group(1).split()) > 2:
            return None
        return False
    positive = re.fullmatch(_NO, m.group("word"), re.IGNORECASE) is None
    if m.group("neg"):
        return False
    return positive


_STOPS = r"(?:\s*[,;:!—–-]+|\.(?=\s))\s*"
# yes or no, a stop, and its echo ("Yes, it does —") before the rest of the reply
_YES_NO_LEAD = re.compile(
    rf"^\W*(?:(?:ah|oh|ooh|hmm|well|aw|aww|eek|um|hm)[,!]?\s+(?=(?:{_REGRET}|afraid|no|nope)\b))?"
    rf"(?:{SOURCE_HEDGE}\s*,\s*)?"
    rf"(?P<word>{_YES}|{_NO}){_STOPS}(?:(?:{_PRON})\s+(?:{_AUX})(?:n't|n’t|\s+not)?{_STOPS})?"
    r"(?=\w)", re.IGNORECASE)


# an echo of the question's verb before a dash or a colon, then the rest ("It does —
# breakfast is included …"); not before a comma: "It is, however, closed" says no yes
_ECHO_LEAD = re.compile(
    rf"^\W*(?:{_PRON})\s+(?:{_AUX})(?P<neg>n't|n’t|\s+not)?(?P<word>)\s*[—–:]+\s*(?=\w)",
    re.IGNORECASE)


def yes_no_lead(reply: str) -> tuple[bool, int, int] | None:
    """A reply that opens with yes or no and then says more ("Correct, it fell.", "No, the
    office opens at 9am."): ``(positive, end of the word, start of the rest)``; ``None``
    for a bare yes or no (:func:`yes_no_polarity`) and for any other reply. The word must
    stand alone before a stop or a comma: "No fee is charged." says no "no"."""
    if yes_no_polarity(reply) is not None:
        return None
    m = _YES_NO_LEAD.match(reply)
    if m is None:
        echo = _ECHO_LEAD.match(reply)
        if echo is None:
            return None
        return not echo.group("neg"), echo.start("word"), echo.end()
    positive = re.fullmatch(_NO, m.group("word"), re.IGNORECASE) is None
    return positive, m.end("word"), m.end()


_YN_Q = re.compile(rf"^(?P<aux>{_AUX})(?P<nt>n't|n’t)?\s+(?P<rest>.+?)\s*\?+\s*$",
                   re.IGNORECASE | re.DOTALL)
_NEG_FORM = {"is": "is not", "are": "are not", "was": "was not", "were": "were not",
             "am": "am not", "do": "do not", "does": "does not", "did": "did not",
             "can": "cannot", "could": "could not", "will": "will not", "would": "would not",
             "shall": "shall not", "should": "should not", "may": "may not",
             "might": "might not", "must": "must not", "has": "has not", "have": "have not",
             "had": "had not"}
#: Words that open a noun phrase before its noun.
DETERMINERS = frozenset("the a an this that these those my your our their his her its any "
                        "every each some all no".split())
_PRONOUNS = {"it": "it", "he": "he", "she": "she", "they": "they", "we": "you", "you": "you",
             "i": "you", "there": "there", "this": "this", "that": "that"}
_QUANT = frozenset("both all either neither".split())
_STOP = frozenset(
    """
    of in on at by for to from with within without under over after before during between into
    than as about against per via and or but not still also both always ever never currently
    already only just really actually open closed free available valid required allowed
    be been being have get become remain
    entitled eligible liable able legal illegal true false possible necessary mandatory
    optional same different equal similar located based known famous used older younger
    larger smaller bigger higher lower longer shorter better worse more less most least
    """.split())
#: A lowercase word with an adjective's ending ("available", "careful", "statically").
ADJ_SUFFIX = re.compile(r"^[a-z]+(?:able|ible|ful|ous|ive|ed|ing|less|ic|ary|ent|ant|ly)$")
_CONNECT = frozenset("of and & for de des la le du da van von der den the y 's".split())
_WORDS = re.compile(r"\S+")


def _is_cap(word: str) -> bool:
    return word[:1].isupper() or word[:1].isdigit()


def _subject_end(words: list[str], *, compound: bool = True, bare: bool = False
                 ) -> int | None:
    """How many of ``words`` form the subject of a yes/no question's clause, leaving at
    least one word for the predicate. ``compound``: a noun may be followed by more nouns
    ("the hotel allowance"); not after do/does/did, where a verb follows the subject.
    ``bare``: after do/does/did, a bare noun before its verb is the subject too ("Did
    revenue rise …?"); a bare yes is not read so (our model entails "Contractors do receive
    the bonus." from "Contractors are not eligible for the bonus."), only what follows it."""
    if bare and not compound and len(words) > 2 and words[0].isalpha() \
            and words[0].islower() and words[0] not in _STOP | DETERMINERS | set(_PRONOUNS) \
            and words[1].isalpha() and words[1].islower() and words[1] not in _STOP:
        return 1
    end = _subject_end_raw(words, compound=compound)
    if end is not None and end >= len(words) > 1 and end > 1 and _is_cap(words[end - 1]):
        end -= 1  # "Is the capital of France Paris?"
    return end


def _subject_end_raw(words: list[str], *, compound: bool) -> int | None:
    i = 0
    if words and words[0].lower() in _QUANT and len(words) > 2 and (
            _is_cap(words[1]) or (words[1].lower() in DETERMINERS and _is_cap(words[2]))):
        i = 1  # "both Holcus and …", "both the Foals and …"
    if i >= len(words):
        return None
    first = words[i]
    low = first.lower()
    if (low in _PRONOUNS or low in _INDEFINITE) and i == 0:
        return 1
    if low not in DETERMINERS and not _is_cap(first) and i + 1 < len(words) and \
            _is_cap(words[i + 1]) and first.isalpha():
        i += 1  # "Do musicians Robert Fleischman and Jimmy Barnes ..."
        first, low = words[i], words[i].lower()
    if low in DETERMINERS or _is_cap(first):
        if low in DETERMINERS:
            i += 1
            if i + 1 < len(words) and words[i].lower() == "of":
                i += 1  # "all of the staff", "each of Meridian's instruments"
                if words[i].lower() in DETERMINERS:
                    i += 1
                if i + 1 < len(words) and _is_cap(words[i]) and words[i].endswith(("'s", "’s")):
                    i += 1  # a possessive name before the head noun
                first = words[i]
        if i < len(words) and _is_cap(words[i]):
            # a name run: capitalised words joined by connectors ("Jane and First for Women")
            j = i + 1
            while j < len(words):
                w = words[j]
                if _is_cap(w) and DEMONYM.match(w) and j + 1 < len(words) and \
                        words[j + 1][:1].islower() and words[j + 1].lower() not in _CONNECT:
                    break  # "Kings of Leon American rock bands": the predicate begins
                if _is_cap(w) or (w.lower() in _CONNECT and j + 1 < len(words) and (
                        _is_cap(words[j + 1]) or (words[j + 1].lower() in DETERMINERS
                                                  and j + 2 < len(words)
                                                  and _is_cap(words[j + 2])))):
                    j += 1
                else:
                    break
            if _MEASURE.match(words[j - 1]):  # "the 90-day notice rule": its nouns follow
                while j + 1 < len(words) and _common_noun(words[j]) and \
                        words[j] not in _Q_VERBS:
                    j += 1
            elif j + 2 < len(words) and _BAND_WORD.fullmatch(words[j]) and \
                    _common_noun(words[j + 1]):  # "a Wessmoor under-12 team": its nouns
                j += 1
                while j + 1 < len(words) and _common_noun(words[j]) and \
                        words[j] not in _Q_VERBS:
                    j += 1
            elif j + 2 < len(words) and re.fullmatch(r"[a-z]+['’]s", words[j]) and \
                    _common_noun(words[j + 1]):
                j += 2  # "the Lumen kettle's filter"
            elif j + 2 < len(words) and words[j - 1][:1].isdigit() and \
                    re.fullmatch(r"[a-z]+s['’]", words[j]) and _common_noun(words[j + 1]):
                j += 2  # a measure's noun: "42 days' notice"
            elif words[j - 1].endswith(("'s", "’s")):
                # a possessive name's nouns: "Was Meridian's budget larger?", "St. John's
                # water dog"; a participle is the predicate ("Lear's published in …")
                while j + 1 < len(words) and _common_noun(words[j]) and \
                        words[j] not in _Q_VERBS and words[j] not in PAST_PARTICIPLES and \
                        not words[j].endswith("ed"):
                    j += 1
            return j
        if i >= len(words) or i == 0:
            return None
        j = i + 1  # the head noun, then more nouns ("the hotel allowance")
        while j < len(words):
            w = words[j].lower().strip(",")
            if w == "of" and j + 1 < len(words):  # "the capital of France"
                k = j + 1
                if words[k].lower() in DETERMINERS:
                    k += 1
                if k < len(words) and words[k][:1].isalpha():
                    k += 1
                    while k < len(words) and _is_cap(words[k]):
                        k += 1
                    j = k
                    continue
                break
            if (w in _STOP or w in DETERMINERS or not w.isalpha() or ADJ_SUFFIX.match(w)
                    or w in PAST_PARTICIPLES or w in _PREDICATIVE or words[j][:1].isupper()
                    or not compound or (w in _PLACE_PREP and j + 1 < len(words) and (
                        words[j + 1].lower() in DETERMINERS or _is_cap(words[j + 1])))):
                break  # (a place after the noun: "the footpath round Hallam Reservoir")
            j += 1
        return j
    return None


_MODALS = MODAL_VERBS | {"do", "does", "did"}
#: Base forms a yes/no question's verb may take besides the shared list: common verbs of
#: questions put to documents ("Can tenants withhold rent …?"). Words as often nouns after a
#: name ("the Hollins & Pike name", "the Standard rate") are left out.
_Q_VERBS = _BASE | frozenset("""
appeal ban charge collect combine complete count damage differ disappear download drop
email exchange exclude finish forbid freeze guarantee ignore injure insure install interact
launch limit lower match mean merge mix order overpay permit print publish raise register
reopen repay restrict ship shut sign spend submit swim switch upgrade waive withhold
""".split())
#: Indefinite pronouns: a subject of one word ("Was anyone injured …?").
_INDEFINITE = frozenset("""anyone anybody anything someone somebody something everyone
everybody everything nobody nothing""".split())
_PREPOSITIONS = frozenset("of in on at near from with for under over to by about".split())
#: An age band or a measure in one token after a name: "a Wessmoor under-12 team".
_BAND_WORD = re.compile(r"(?:under|over|u)-?\d+s?|\d+-[a-z]+(?:-[a-z]+)*")
#: A number with its unit in one token before a noun: "the 90-day notice rule".
_MEASURE = re.compile(r"^(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|"
                      r"twelve|twenty|thirty|fifty|hundred)-[a-z]+$")
_PLACE_PREP = frozenset("on in at near from round around by beside along behind opposite "
                        "outside inside".split())
# A preposition that opens a subject's phrase of place or kind ("the parties in a …").
_TAIL_PREP = _PLACE_PREP | {"with", "of", "under", "for"}
# Predicate adjectives after a form of be ("Is support available …?").
_PREDICATIVE = frozenset("""
available open closed free required allowed permitted included covered valid eligible
entitled refundable mandatory optional necessary possible safe legal illegal
""".split())


def _bare_subject_end(words: list[str], aux: str) -> int | None:
    """The end of a subject with no determiner ("patients with severe kidney disease" of
    "Can patients with severe kidney disease take …?", "support" of "Is support available
    …?"): lowercase words up to the predicate — a base-form verb after a modal or do, a
    predicate adjective ("available", "required") after a form of be. ``None`` when no
    such predicate follows within six words."""
    if not words or not words[0].isalpha() or not words[0].islower() or \
            words[0] in DETERMINERS or words[0] in _PRONOUNS:
        return None
    for k in range(1, min(len(words), 7)):
        w = words[k]
        if not w.isalpha():
            return None
        if not w.islower():  # a place in the subject: "staff in London"
            if words[k - 1] in _PLACE_PREP or _is_cap(words[k - 1]):
                continue
            return None
        if aux in _MODALS and w in _Q_VERBS:
            return k
        if aux not in _MODALS and w in ("a", "an", "the") and words[k - 1] not in _PREPOSITIONS:
            return k  # "Is redundancy a valid reason …?": the complement begins
        if aux not in _MODALS and w in _PREDICATIVE:
            return k
    return None



def capitalise(text: str) -> str:
    """``text`` with its first letter upper-case."""
    return text[:1].upper() + text[1:]


# a question asked under a condition: "If my landlord never protected my deposit, could I …?"
_CONDITIONED = re.compile(r"^(?P<if>(?:if|when|once|after|before)\s[^,?]{3,80}),\s*(?P<q>[^,]+\?)$",
                          re.IGNORECASE)
# the words a statement may open with that are no name, in lower case after a condition
_OPENING_WORDS = frozenset("You Your The A An It Its They Their There This That These Those "
                           "Some No Not Nobody Everyone Anyone Someone".split())

def _yes_no_match(question: str) -> re.Match[str] | None:
    """The last question of ``question``, past its lead-in, read as a yes/no question."""
    return _YN_Q.match(last_question(question))


def asks_the_listener(question: str) -> bool:
    """Whether a yes/no question asks about the one it is put to ("Do you know …?", "Have
    you seen …?", "Did you like it?"): a yes to it says nothing about the evidence."""
    m = _yes_no_match(question)
    if m is not None and re.match(r"you\b", m.group("rest"), re.IGNORECASE) is not None:
        return True
    # a chat turn that asks inside a statement, unpunctuated: "Yes i like him too did you
    # know he also was in Zodiac."
    return m is None and _ASKS_YOU.search(question) is not None


_ASKS_YOU = re.compile(r"\b(?:did|do|have|had) you (?:ever )?(?:know|hear|see|seen|watch|"
                       r"watched|read|like|enjoy|try|tried)\b", re.IGNORECASE)


def yes_no_subject(question: str) -> str | None:
    """The subject of a yes/no question ("revenue" of "Did revenue rise in 2023?"), or
    ``None`` when it is a pronoun or this cannot read the question."""
    m = _yes_no_match(question)
    if m is None:
        return None
    words = _WORDS.findall(m.group("rest"))
    end = _subject_end(words, compound=m.group("aux").lower() not in {"do", "does", "did"},
                       bare=True)
    if end is None or end >= len(words) or (end == 1 and words[0].lower() in _PRONOUNS):
        return None
    return " ".join(words[:end])


# the asking words of a wh-question before its auxiliary ("How long does …", "Why was …")
_WH_LEAD = re.compile(r"^(?:why|when|where|how(?:\s+(?:long|often|much|far|old|soon))?|"
                      r"what\s+time)\s+(?=(?:" + _AUX + r")\s)", re.IGNORECASE)
_OWNER = {"my": "your", "our": "your"}
_WH_PREPOSITIONS = frozenset("in on at for to with after before during from by if when "
                             "without within per".split())
_PARTICLES = frozenset("out up off back down in on".split())
_NOT_ONE = frozenset("all every each any some no these those both".split())


def _plural(word: str) -> bool:
    w = word.lower()
    return w.endswith("s") and not w.endswith(("ss", "us", "is", "'s", "’s"))


def wh_thing(question: str) -> str | None:
    """The common noun phrase a wh-question asks about, what an answer's "It" names ("the
    fine" of "Why was the fine lower than first proposed?", "your password reset link" of
    "How long does my password reset link work?"); ``None`` for a name, a pronoun or a
    question this cannot read."""
    q = last_question(question)
    m = _WH_LEAD.match(q)
    if m is None:
        return None
    rest = q[m.end():]
    aux, _, tail = rest.partition(" ")
    if aux.lower() in ("do", "does", "did"):  # "does my password reset link work?"
        words = _WORDS.findall(tail.rstrip(" ?"))
        end = next((i for i, w in enumerate(words) if w.lower() in _WH_PREPOSITIONS),
                   len(words))
        while end > 1 and words[end - 1].lower() in _PARTICLES:
            end -= 1  # "come out"
        words = words[:end - 1] if end > 1 and words[end - 1].lower() in _BASE else []
    else:
        subject = yes_no_subject(capitalise(rest))
        words = subject.split() if subject else []
    if len(words) < 2 or words[0].lower() not in DETERMINERS | {"my", "our"} \
            or words[0].lower() in _NOT_ONE or _plural(words[-1]):
        return None  # a plural, a quantifier: no "It" names it
    return " ".join([_OWNER.get(words[0].lower(), words[0].lower()), *words[1:]])


def is_yes_no_question(question: str) -> bool:
    """Whether the last question of ``question`` asks yes or no ("Did revenue rise?")."""
    return _yes_no_match(question) is not None


def yes_no_statement(question: str, positive: bool) -> str | None:
    """The statement a yes (``positive``) or no answers to ``question``, or ``None``
    when ``question`` is not a yes/no question this can read. A question asked under a
    condition keeps it ("If my landlord never protected my deposit, could I get
    compensation?" "Yes." → "If your landlord never protected your deposit, you could get
    compensation.")."""
    m = _yes_no_match(question)
    if m is None:
        cond = _CONDITIONED.match(last_question(question))
        if cond is None or _yes_no_match(cond["q"]) is None:
            return None
        stated = yes_no_statement(cond["q"], positive)
        if stated is None:
            return None
        first = stated.split(" ", 1)[0]
        if first in _OPENING_WORDS:  # "You could …" after the condition: "…, you could …"
            stated = first.lower() + stated[len(first):]
        condition = _to_listener(cond["if"][:1].lower() + cond["if"][1:])
        return f"{capitalise(condition)}, {stated}"
    aux = m.group("aux").lower()
    if m.group("nt"):  # "Isn't the office open?" asks the same as "Is the office open?"
        pass
    words = _WORDS.findall(m.group("rest"))
    end = _subject_end(words, compound=aux not in {"do", "does", "did"})
    if end is None and (aux not in {"do", "does", "did"} or not positive):
        # after do only for a no: a bare yes to "Do contractors receive …?" reads
        # "Contractors do receive …", which our model entails from "Contractors are not
        # eligible …"; a no reads "Contractors do not receive …", whose negation the
        # negation check holds against the evidence
        end = _bare_subject_end(words, aux)
    elif end is not None and aux in _MODALS:
        # the verb ends the subject: "Can the tenant end the lease?", and nouns after a
        # name belong to it: "Will the Oslo office close?"
        end = next((k for k in range(1, end) if _verb_at(words, k)), end)
        verb_at = next((k for k in range(end, min(end + 8, len(words))) if _verb_at(words, k)),
                       None)
        if verb_at is not None and _subject_tail(words[end:verb_at]):
            end = verb_at
    if end is not None and aux in _BE and _is_cap(words[end - 1]):
        # nouns after a name, then the adjective: "Is the CHEM 210 final open-book?", "Is
        # the Halden Tower car park open overnight?"
        # (two nouns only of one thing: "Are the Corvel X2 headphones splash resistant?")
        end += next((k for k in ((1, 2) if aux in ("is", "was") else (1,))
                     if len(words) - end >= k + 1
                     and _common_noun(words[end]) and all(
                         w.isalpha() and w.islower() and w not in _STOP and w not in DETERMINERS
                         for w in words[end + 1:end + k])  # ("park" is a verb too)
                     and _adjectival(words[end + k])), 0)
    if end is not None and aux in {"are", "were"} and len(words) - end >= 2 and \
            _is_cap(words[end - 1]) and _common_noun(words[end]) and \
            re.fullmatch(r"[a-z]+[^s]s", words[end]) is not None and \
            words[end + 1].lower() not in _STOP | DETERMINERS | _PREPOSITIONS:
        end += 1  # a plural noun after a name: "Are the Corvel X2 headphones splash resistant?"
    if end is not None and aux in _BE:
        end = _place_tail(words, end)  # "Is the museum in Leeds free?"
    if end is not None and (obj := object_pronoun(words, end)) is not None:
        end = obj - 1  # "Can my instructor pick me up?": "me" follows the verb (rules v16)
    if end is None or end >= len(words):
        return None
    subject = words[:end]
    predicate = words[end:]
    if predicate[0].lower() in {"and", "or", "of", "than", "as"}:
        return None
    low = subject[0].lower()
    if len(subject) == 1 and low in _PRONOUNS:
        subject = [_PRONOUNS[low]]
        if low in {"i", "we"}:
            aux = {"am": "are", "was": "were"}.get(aux, aux)
    elif len(subject) > 1 and low in {"my", "our"}:
        subject = ["your", *subject[1:]]  # "Can my 10yo get …?": your 10yo can
    pred = " ".join(predicate)
    if positive:  # "Is there ever free entry …?" "Yes": there is free entry
        pred = re.sub(r"^ever\s+", "", pred)
    pred = _to_listener(pred)
    verb = aux if positive else _NEG_FORM[aux]
    if not positive and len(subject) > 1 and subject[0].lower() == "both":
        # "Were both A and B formed in 2002?" "No": not both, which is not "neither"
        subject, verb = subject[1:], f"{verb} both"
    if len(subject) == 1 and low in _ANY:
        # "Did anyone vote for a cut?" "Yes": someone did; "No": no one did
        if positive:
            subject = [_ANY[low]]
        else:
            return f"{_NONE[low]} {_to_listener(_affirmed(aux, predicate))}."
    if not positive and subject[0].lower() in _UNIVERSAL:
        # "Does everyone have to …?" "No": not everyone does, which is not "no one"
        return f"Not {' '.join(subject)[:1].lower()}{' '.join(subject)[1:]} " \
               f"{_to_listener(_affirmed(aux, predicate))}."
    subj = " ".join(subject)
    subj = capitalise(subj)
    return f"{subj} {verb} {pred}."


_BE = frozenset("is are was were".split())
_FIRST_PERSON = re.compile(r"\bI(?:(?P<c>['’](?:ve|m|d|ll))|\s+(?P<be>am|was)\b)?(?![\w'’])")


def _to_listener(pred: str) -> str:
    """The asker's words in a question's predicate as the answer's ("… if I've changed my
    mind" → "… if you've changed your mind")."""
    pred = re.sub(r"\b(?:my|our)\b", "your", pred)
    pred = re.sub(r"\b(?:me|us)\b", "you", pred)

    def sub(m: re.Match[str]) -> str:
        before = pred[:m.start()].split()
        if before and before[-1][:1].isupper() and before[-1].isalpha():
            return m.group(0)  # a numeral after a name: "World War I", "Henry I"
        if c := m.group("c"):  # "I've" → "you've", "I'm" → "you're"
            return "you" + (c[0] + "re" if c[1:] == "m" else c)
        if m.group("be"):
            return "you " + ("are" if m.group("be") == "am" else "were")
        return "you"
    return _FIRST_PERSON.sub(sub, pred)


def _verb_at(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` can be the base-form verb after do or a modal: a verb of
    :data:`_Q_VERBS` that no determiner or possessive puts in a noun phrase ("the reset")."""
    before = words[k - 1].lower() if k else ""
    return words[k] in _Q_VERBS and before not in DETERMINERS and \
        not before.endswith(("'s", "’s"))


def _subject_tail(between: list[str]) -> bool:
    """Whether the words between a subject's head and its verb belong to the subject: up
    to two nouns ("the Pike name"), then a phrase of place or kind ("the library on Mill
    Lane", "the parties in a Veloria tenancy dispute")."""
    k = 0
    while k < min(2, len(between)) and between[k].isalpha() and between[k].islower() and \
            between[k] not in _STOP:
        k += 1
    if k == len(between):
        return True
    return between[k] in _TAIL_PREP and all(
        w.isalpha() and (_is_cap(w) or w not in _STOP) for w in between[k + 1:])


def _common_noun(word: str) -> bool:
    return word.isalpha() and word.islower() and word not in _STOP and \
        word not in DETERMINERS and word not in _BASE and not word.endswith("ly")


def _adjectival(word: str) -> bool:
    """A predicate adjective: "open", "unanimous", "open-book", "statically"."""
    return word in _PREDICATIVE or bool(ADJ_SUFFIX.match(word)) or \
        re.fullmatch(r"[a-z]+-[a-z]+", word) is not None


# Words that open a predicate after a form of be, besides predicate adjectives.
_PREDICATE_OPENERS = frozenset("""worth cheaper dearer better worse bigger smaller larger
busier quieter still""".split())


def _predicate_start(word: str) -> bool:
    low = word.lower()
    return word.isalpha() and word.islower() and (
        _adjectival(low) or low in _PREDICATE_OPENERS or low in PAST_PARTICIPLES)


def _place_tail(words: list[str], end: int) -> int:
    """``end`` moved over a phrase of place that belongs to the subject ("Is the museum
    in Leeds free?": "the museum in Leeds"), when a predicate word follows the phrase; as
    it was when the phrase is the predicate ("Is the museum in Leeds?")."""
    if end + 2 >= len(words) or words[end].lower() not in _PLACE_PREP:
        return end
    k = end + 1
    if _is_cap(words[k]):
        while k < len(words) and _is_cap(words[k]):
            k += 1
    elif words[k].lower() in DETERMINERS:
        k += 1
        nouns = 0
        while k < len(words) and nouns < 2 and _common_noun(words[k]) \
                and not _predicate_start(words[k]):
            k += 1
            nouns += 1
        if not nouns:
            return end
    else:
        return end
    return k if k < len(words) and _predicate_start(words[k]) else end


_UNIVERSAL = frozenset("everyone everybody everything all every each".split())
_ANY = {"anyone": "someone", "anybody": "somebody", "anything": "something"}
_NONE = {"anyone": "No one", "anybody": "Nobody", "anything": "Nothing"}


def _affirmed(aux: str, predicate: list[str]) -> str:
    """The predicate after ``aux`` in the affirmative, "do" and "does" folded into the verb
    ("does" + "have to prove" → "has to prove")."""
    pred = " ".join(predicate)
    if aux == "do" and predicate[0] in _BASE:
        return pred
    if aux == "does" and predicate[0] in _BASE:
        return " ".join([third_person(predicate[0]), *predicate[1:]])
    return f"{aux} {pred}"

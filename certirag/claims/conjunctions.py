"""Atomic halves of a sentence joined by "and" (step 2 of :mod:`certirag.claims.extract`).

"Paris is the capital and the largest city of France" gives "Paris is the capital of
France" and "Paris is the largest city of France"; "He was born in 1900 and died in 1950"
gives two claims with the subject repeated; ", and" or "and" between two clauses that each
have a subject ("No arrests have been made and investigators are still looking …") gives
each clause as written. A sentence whose halves share no readable subject ("Last week he
…", "Mr Barnes' daughter …"), whose verb after "and" may be a reported clause's ("Doctors
say she has … and will …") or needs the "to" before it ("… expected to recover and be
home") stays whole. Also the word shapes the claim rules share (a verb, a clause).
Rules only; deterministic.
"""

from __future__ import annotations

import re

from certirag.claims.fragments import RELATIVE as _WH_WORD
from certirag.text.subjects import NAME_SUBJECT as _SUBJECT
from certirag.text.subjects import PRONOUN_START as _PRONOUN_START
from certirag.text.subjects import leading_subject, resolve_pronoun, singular_subject
from certirag.text.verbs import (
    ADVERBS,
    IRREGULAR_PAST,
    LIMITING_WORDS,
    NOT_A_SUBJECT,
    PAST_PARTICIPLES,
)
from certirag.text.verbs import BASE_VERBS as _BASE_VERBS
from certirag.text.verbs import (
    CLAUSE_VERBS as VERBS,
)

__all__ = ["NOT_A_SUBJECT", "VERBS", "VERB_SUFFIX", "WORD", "opens_predicate",
           "split_conjunction", "strip_stop"]

WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d[\d.,]*")

VERB_SUFFIX = re.compile(r"^[a-z]{2,}(?:ed|es|s)$")

_DETERMINERS = frozenset("the a an its his her their this that these those one".split())
_COPULA = re.compile(r"\b(is|are|was|were|has|have|had|remains|became|becomes)\b")
_NAME_AND = re.compile(r"\b[A-Z][\w'’-]*\s+(?:and|&)\s+[A-Z][\w'’-]*")


def strip_stop(text: str) -> str:
    """``text`` without its closing full stop, "!", ";" or ":"."""
    return text.strip().rstrip(".!;:").strip()


def split_conjunction(sentence: str) -> list[str]:
    """Atomic halves of ``sentence`` when both are full claims; else ``[sentence]``.

    Never split: a list's last item ("Portugal, Ireland, Greece, and Spain, four EU
    states …"), a sentence that opens with a phrase rather than its subject ("After the
    military …", "Based on X and inspired by Y …"), a bare determiner as the subject ("The
    series premiered … and featured …" repeats "The series", never "The")."""
    body = strip_stop(sentence)
    if re.search(r"\bbecause\b|\bso that\b|\bsince\b", body):
        return [sentence]
    # a contrast between two clauses: "The Aurora 5 has a 6.1-inch screen, while the Aurora
    # 5 Pro's screen is 6.7 inches." states two things, each bound by its own sentence;
    # the second opens with a noun phrase ("while playing …" is no clause of its own)
    m = re.search(r",\s+(?:while|whereas)\s+", body)
    if m:
        left, right = body[: m.start()], body[m.end():]
        first = right.split(" ", 1)[0]
        if _has_clause(left) and _has_clause(right) and (
                first.lower() in _NP_OPENERS or first[:1].isupper()):
            return [left.rstrip(" ,;") + ".", right[0].upper() + right[1:] + "."]
    # ", and" between two clauses that each have a subject and a verb.
    m = re.search(r",\s+and\s+", body)
    if m:
        left, right = body[: m.start()], body[m.end():]
        rs = _SUBJECT.match(right + " ")
        if _has_clause(left) and _has_clause(right) and rs is not None \
                and opens_predicate(right[rs.end(1):]):
            return [left.rstrip(" ,;") + ".", right[0].upper() + right[1:] + "."]
        if _has_clause(left) and (body.count(" and ") == 1 or _NP_CLAUSE.match(right)
                                  or _bare_np_clause(right)):
            second = _second_clause(left, right)
            if second is not None:  # "…, and she used to cook at X", "…, and the film won"
                return [left.rstrip(" ,;") + ".", second]
    if " and " not in body or body.count(" and ") != 1:
        return [sentence]
    left, right = body.split(" and ", 1)
    if _NAME_AND.search(left.rsplit(" ", 1)[-1] + " and " + right.split(" ", 1)[0]):
        return [sentence]  # "Procter and Gamble", "Marks & Spencer"
    subj = _conjunct_subject(left)
    if subj is None:
        return [sentence]
    first_right = right.split(" ", 1)[0]
    if _own_subject(right) and _has_clause(left) and _clause_end(left):
        # "No arrests have been made and investigators are still looking …": the right
        # half is a clause with its own subject; it shares nothing with the left one
        return [left.rstrip(" ,;") + ".", right[0].upper() + right[1:] + "."]
    if _REPORTED.search(left):
        return [sentence]  # "Doctors say she has X and will never walk": whose verb?
    # "X was born in 1900 and died in 1950": right half opens with a verb.
    if _own_subject(right) or first_right == "be" or (
            first_right in _BASE_VERBS and _INFINITIVE_CHAIN.search(left)):
        # "30 riders and hounds were chasing …": a noun before its auxiliary, no verb;
        # "is expected to recover and be home …": the bare verb needs what came before
        return [sentence]
    second_right = right.split()[1].lower() if len(right.split()) > 1 else ""
    if first_right[:1].islower() and first_right.endswith("s") and second_right in _BASE_VERBS \
            and _has_clause(left):
        # "…, and dogs travel free": a plural noun and its verb, a clause of its own
        return [left.rstrip(" ,;") + ".", right[0].upper() + right[1:] + "."]
    if first_right[:1].islower() and _is_verb(first_right) and _shared_participles(left, right):
        # "Bikes bought online and collected in store carry a two-year warranty": two
        # participles of one subject, whose verb comes after both
        return [sentence]
    if first_right[:1].islower() and _is_verb(first_right):
        rel = _RELATIVE.search(left)
        if rel is not None:  # "X wrote Harbour of Glass, which starred Y and came out …"
            subj = rel["ante"] or None  # the relative's verb, its subject
        adjective = first_right.endswith("ed") and len(right.split()) == 2 \
            and right.split()[1].endswith("s")  # "swimwear and personalised items"
        if subj is not None and _limited(subj):
            return [sentence]  # "The clinic seldom opens … and closes at 6 pm": the
            # second half would not be "seldom closes" (claims rules v16)
        if subj is not None and _has_clause(left) and len(right.split()) >= 2 \
                and not adjective:
            return [left.rstrip(" ,;") + ".", f"{subj} {right}."]
        return [sentence]
    first_right = first_right.lower()
    # "Paris is the capital and the largest city of France": shared copula, two noun phrases.
    cop = _COPULA.search(left)
    if cop and first_right in _DETERMINERS and cop.start() >= len(subj):
        head = left[: cop.end()]
        x = left[cop.end():].strip()
        y = right.strip()
        if not x or x.split(" ", 1)[0].lower() not in _DETERMINERS:
            return [sentence]
        own = _conjunct_subject(y)
        if x.endswith(",") and own is not None and not _WH_WORD.search(own):
            # "was the producer, and the mixing was done by Y": the right half has its
            # own subject and verb, and shares no copula
            return [left.rstrip(" ,;") + ".", y[0].upper() + y[1:] + "."]
        if x.endswith(","):  # "was a farmer, and the father of X": no shared tail
            return [f"{head} {x.rstrip(' ,')}.", f"{head} {y}."]
        tail = re.search(r"\s((?:of|in|at|for|on)\s.+)$", y)
        x_full = f"{x} {tail.group(1)}" if tail and not re.search(r"\s(?:of|in|at|for|on)\s",
                                                                    " " + x) else x
        return [f"{head} {x_full}.", f"{head} {y}."]
    return [sentence]


# a clause after ", and" that opens with a pronoun or a common noun phrase and its verb
_PRONOUN_CLAUSE = re.compile(r"^(?:he|she|they)(?:['’](?:s|re)\b|\s+(?:is|are|was|were|has|"
                             r"have|had|will|would|can|could|used|[a-z]+(?:ed|s)\b))",
                             re.IGNORECASE)
# "you" and "we" name the same people in both halves: the clause stands as written
_LISTENER_CLAUSE = re.compile(r"^(?:you|we)(?:['’](?:ll|re|ve|d)\b|\s+[a-z]+\b)",
                              re.IGNORECASE)
# a reply word that opens the clause after ", and" ("and yes, he has …")
_INTERJECTION = re.compile(r"^(?:yes|no|indeed|of\s+course),\s+(?=(?:he|she|they|you|we)\b)",
                           re.IGNORECASE)
_NP_CLAUSE = re.compile(r"^(?:the|its|his|her|their|a|an)\s+(?:[a-z][\w'’-]*\s+){0,3}?"
                        r"(?:(?:usually|often|also|now|still|only|always|normally|typically)\s+)?"
                        r"(?:is|are|was|were|has|have|had|will|can|must|may|takes|runs|costs|"
                        r"lasts|opens|closes|starts|ends|needs|requires|covers|includes)\s+\S",
                        re.IGNORECASE)


_THERE_OPENS = re.compile(r"there(?:['’]s|['’]ll|['’]re|['’]d|\s+(?:is|are|was|were|will))\s+\S",
                          re.IGNORECASE)
# what in a "there" clause may lean on the clause before it: a value, spelled too, or a
# word pointing back
_THERE_LEANS = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                          r"twelve|twenty|thirty|forty|fifty|hundred|thousand|half|that|them|"
                          r"it|this|those|these|on\s+top|extra|too|also|as\s+well)\b",
                          re.IGNORECASE)


def _second_clause(left: str, right: str) -> str | None:
    """The clause after ", and" as a claim of its own, its pronoun named by the subject of
    ``left`` ("Marta Kowalski is the head chef, and she used to cook at X" → "Marta
    Kowalski used to cook at X."); ``None`` when it opens otherwise or its pronoun names
    nothing. "It" is left whole: "Revenue grew 6%, and it expects …" names the company."""
    right = _INTERJECTION.sub("", right, count=1)  # "…, and yes, he has won …"
    if _THERE_OPENS.match(right) and (_THERE_LEANS.search(right) or len(right.split()) < 3):
        return None  # "…, and there's a mileage charge of 22p per mile on top": a value
        # (or "that", "them") may be the left clause's subject's (claims rules v18)
    if _LISTENER_CLAUSE.match(right) and len(right.split()) >= 3:
        return right[0].upper() + right[1:] + "."  # "…, and you'll still have access …"
    if _PRONOUN_CLAUSE.match(right):
        if right[:4].lower() == "they" and singular_subject(left):
            return None  # "X is an album, and they recorded it …": "they" is not X
        named = resolve_pronoun(left + ".", right[0].upper() + right[1:] + ".")
        return named if named is not None and not named.startswith(right[:1].upper()) else None
    if _NP_CLAUSE.match(right) or _bare_np_clause(right) or _THERE_OPENS.match(right):
        # ("…, and there's free parking …" as "…, and there is …": claims rules v18)
        return right[0].upper() + right[1:] + "."
    return None


# (with the other modals, "…, and sessions should be kept to 15 minutes": claims rules v19)
_BARE_NP_AUX = frozenset("are were is was have has had will can must may should would could "
                         "might shall cannot".split())


def _bare_np_clause(right: str) -> bool:
    """Whether the clause after ", and" opens with a bare noun phrase of one or two
    lower-case words and its auxiliary: "…, and phone calls are allowed while …"."""
    words = right.split()
    for n in (1, 2):
        if len(words) > n + 1 and words[n].lower() in _BARE_NP_AUX:
            head = [w.lower() for w in words[:n]]
            return all(w.isalpha() and w not in VERBS and w not in _AUX_AFTER
                       and w not in _DETERMINERS and w not in _PREDICATE_OPENERS
                       and w not in NOT_A_SUBJECT and w not in _NOT_OWN_SUBJECT
                       and not w.endswith("ly") and not w.endswith("ed")
                       for w in head) and words[0][:1].islower()
    return False


# ", which starred …" open at the end of the left half: its name, if it has one
_RELATIVE = re.compile(r"(?:(?P<ante>[A-Z][\w'’&.-]*(?:\s+(?:of|the|and|&)?\s*[A-Z][\w'’&.-]*)*)"
                       r"|\S+),\s+(?:which|who)\s+[^,]+$")


_NP_OPENERS = _DETERMINERS - {"one"} | {"our", "my"}
# A quantifier opens a noun phrase too: "No arrests have been made and …" shares "No arrests"
_ALONE = frozenset("both all some many most several few each".split())  # a subject alone
_QUANTIFIERS = frozenset("no some many most all several few both each every any".split())
# Not verbs, though shaped like one ("his", "this", "its", "Jared").
_NOT_VERBS = frozenset("his this its as us thus plus gas bus yes".split())


# What the verb after "and" may share with a reported clause rather than with the subject.
_REPORTED = re.compile(r"\b(?:(?:says?|said|claims?|claimed|believes?|believed|thinks?|thought|"
                       r"reports?|reported|insists?|insisted|fears?|feared)\s+(?:that\s+)?"
                       r"|that\s+)(?:he|she|they|it|we|I|[A-Z][\w'’-]*)\s+[a-z]")
# Auxiliaries after a right half's first word that make that word its subject.
_AUX_AFTER = frozenset("""is are was were has have had will would can could should may might
must do does did""".split())
_ADVERBS = frozenset("just only still also even never already so then now".split())
# Not a subject of its own after "and": a pronoun reads back to the left half ("and it was
# first released …" stays whole), and "aged 75 and over are sent …" continues a phrase.
_NOT_OWN_SUBJECT = frozenset("""he she it they we you i this that these those who which
over above older younger up more less beyond below""".split())
# Words that open a predicate after "and", never a subject ("and later was found").
_PREDICATE_OPENERS = _ADVERBS | ADVERBS


# What a bare verb after "and" continues: "to", a modal or "do" in the left half.
_INFINITIVE_CHAIN = re.compile(r"\b(?:to|will|would|can|could|should|may|might|must|shall"
                               r"|do|does|did)\b", re.IGNORECASE)
_OBJECT_PRONOUNS = frozenset("him her them it us me you".split())


def _clause_end(left: str) -> bool:
    """Whether ``left`` ends where no noun could join the next word in one subject ("30
    riders and hounds were chasing …"): on a verb form, an adverb, an object pronoun or a
    number ("have been made", "was arrested", "in 2004")."""
    last = left.rstrip(" ,;").rsplit(" ", 1)[-1]
    low = last.lower()
    return (low.endswith("ed") or low in IRREGULAR_PAST or low in PAST_PARTICIPLES
            or low in VERBS or low.endswith("ly") or low in _PREDICATE_OPENERS
            or low in _OBJECT_PRONOUNS or re.match(r"[£$€]?\d", last) is not None)


def _own_subject(right: str) -> bool:
    """Whether the half after "and" opens with a subject of its own and its auxiliary:
    "investigators are still looking …", "charges were dropped" (a lower-case noun or a
    pronoun, never a verb, an adverb or an auxiliary)."""
    words = right.split()
    if len(words) < 3:
        return False
    first, second = words[0].rstrip(",").lower(), words[1].lower()
    return (second in _AUX_AFTER and words[0][:1].islower() and first.isalpha()
            and first not in VERBS and first not in _AUX_AFTER and first not in _DETERMINERS
            and first not in _PREDICATE_OPENERS and first not in NOT_A_SUBJECT
            and first not in _NOT_OWN_SUBJECT and not first.endswith("ly"))


_PRONOUN_WORDS = frozenset("this its his hers theirs ours yours us".split())
_PREPOSITIONS = frozenset("""for to of in on at by with from into onto about over under after
before during against without within""".split())
# words after which a verb-like word is a noun ("a share", "per visit")
_NOUN_BEFORE = frozenset("a an the its his her their our your my per each every this that".split())
_FINITE_AUX = frozenset("""is are was were has have had will would can could may might must
shall should do does did""".split())


def _participle(word: str) -> bool:
    w = word.lower()
    return (w.endswith("ed") and len(w) > 4) or w in PAST_PARTICIPLES


def _shared_participles(left: str, right: str) -> bool:
    """Whether ``left`` is a plural subject with a participle phrase and no verb of its own
    ("Bikes bought online") and ``right`` another participle phrase followed by the
    sentence's verb ("collected in store carry a two-year warranty")."""
    lwords = [w.lower().strip(",") for w in left.split()]
    rwords = [w.lower().strip(",") for w in right.split()]
    if len(lwords) < 2 or not rwords or not _participle(rwords[0]) or any(
            w in _FINITE_AUX for w in lwords):
        return False
    first = next((k for k, w in enumerate(lwords) if k and _participle(w)), None)
    # the participle follows a plural noun ("Bikes bought", "Pieces glazed"): "He arranged",
    # "Norvik earned" are a subject and its verb
    if first is None or first > 3 or not lwords[first - 1].endswith("s") \
            or lwords[first - 1].endswith("ss") or lwords[first - 1] in _PRONOUN_WORDS:
        return False
    # the plural subject's own verb: an auxiliary, or a bare verb after a noun ("… in store
    # carry"), not after a determiner, a preposition or a figure ("a share", "for smoke")
    return any(w in _FINITE_AUX or (
        w in _BASE_VERBS and rwords[k - 1] not in _NOUN_BEFORE
        and rwords[k - 1] not in _PREPOSITIONS and rwords[k - 1][:1].isalpha())
        for k, w in enumerate(rwords[1:], start=1))


def _is_verb(word: str) -> bool:
    w = word.lower()
    if w in _NOT_VERBS or w in _DETERMINERS:
        return False
    return w.endswith("ed") or w in VERBS or w in IRREGULAR_PAST or \
        VERB_SUFFIX.match(w) is not None


def opens_predicate(rest: str) -> bool:
    """Whether ``rest`` (what follows a subject) opens with a verb, an auxiliary or an adverb
    before one, not a comma, a relative pronoun or another conjunction ("Rick Moranis, the
    film …", "Russell Tovey and …", "General who …")."""
    words = rest.split()
    while words and words[0].lower() in _ADVERBS:
        words = words[1:]
    return bool(words) and (words[0].lower() in ("has", "had") or (
        words[0][:1].islower() and _is_verb(words[0].rstrip(",.;"))))


def _limited(subject: str) -> bool:
    """Whether a word of ``subject`` (the words before its verb) denies or limits the verb
    ("The clinic seldom", "The café no longer"), not a noun ("The only bus")."""
    words = subject.lower().split()
    return any(w in LIMITING_WORDS and words[i - 1] not in _DETERMINERS
               for i, w in enumerate(words) if i)


def _conjunct_subject(left: str) -> str | None:
    """The subject a verb after "and" shares with ``left``: a name at its start, or a noun
    phrase of up to four words before its first verb ("The series premiered …"); ``None``
    when ``left`` opens with a phrase that is not its subject."""
    words = left.split()
    if not words or words[0].lower() in NOT_A_SUBJECT or (
            words[0][:1].isupper() and words[0].lower().endswith(("ing", "ed"))
            and words[0].lower() not in VERBS):
        return None  # "Starring X …", "Sponsored by …", "Based on …"
    if words[0].lower() in _NP_OPENERS or words[0].lower() in _QUANTIFIERS:
        def strong(w: str) -> bool:  # a verb, or an adverb before one
            return w in VERBS or w in IRREGULAR_PAST or (w.endswith("ed") and len(w) > 3) \
                or (w.endswith("ly") and len(w) > 4)
        for k in range(1, min(5, len(words))):
            w = words[k].lower().rstrip(",")
            after = words[k + 1].lower() if k + 1 < len(words) else ""
            # "warranty lasts two years", not "the company's shares fell"
            third = k > 1 and VERB_SUFFIX.match(w) is not None and not strong(after) \
                and w not in _NOT_VERBS
            if strong(w) or third:  # "Both (miraculously) recovered": "Both" alone
                return " ".join(words[:k]) if k > 1 or words[0].lower() in _ALONE else None
            if not re.fullmatch(r"[£$€]?[\w'’-]+", words[k]):  # "A gift over £50 has …"
                return None
        return None
    subject = _SUBJECT.match(left + " ")
    if subject is None or re.search(r"['’]s?$", subject.group(1)):
        return None  # "Mr Barnes' daughter Debbie stepped in …": the name is no subject
    name = subject.group(1)
    if not _PRONOUN_START.match(name) and leading_subject(left) is None:
        return None  # "Last week he …", "But a year later they …", "NYPD officers …"
    head, _, rest = name.partition(" ")
    return rest if head in ("But", "And", "So", "Yet", "Or") and rest else name


def _has_clause(text: str) -> bool:
    # a verb after the first word is lower-case: "Arizona, Texas, Montana, Missouri" is a
    # list of names, not a clause
    words = WORD.findall(text)
    return len(words) >= 3 and any(w in VERBS or w in IRREGULAR_PAST
                                   or (VERB_SUFFIX.match(w) is not None) for w in words[1:])

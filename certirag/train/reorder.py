"""Rewordings that move or drop words without changing what a sentence says (``--reorder``).

The shipped model read a sentence with its time phrase moved to the front as contradicted:
"John Smith opened the bakery on Main Street in 2002." against "In 2002 John Smith opened
the bakery on Main Street." gets P(contradiction) 0.89, and a summary sentence that
restates its article in the summary's order ("In 2002 he gunned down …", "Dr Oz is vice
chairman …" for "Dr Oz, 54, is the vice chairman …") is withheld as
``model_contradiction``. Every synthetic positive of the earlier recipes kept the
evidence's word order while the negatives (an anchor swapped, two names exchanged) edited
it, so the model learnt that a changed order is a changed fact. These edits are the
positives that say it is not:

* :func:`front_time`: a closing time phrase moved to the front ("… in 2002." →
  "In 2002, …"), and :func:`back_time` the other way round;
* :func:`drop_age`: an age in commas after a name ("Dr Oz, 54, is" → "Dr Oz is");
* :func:`drop_label`: a caption's heading ("Death row: Kent Sprouse …" → "Kent Sprouse …");
* :func:`drop_modifier`: an adjective ("a freelance rebel fighter" → "a rebel fighter"),
  which the model read as a contradiction (P 0.79 for that summary sentence).

:func:`certirag.train.bind_data.reorder_pairs` pairs each reworded sentence with its own
hard negatives, so that neither the order nor a dropped word decides: an anchor swapped
and a negation (from ``bind_data``), and from here a detail of another document added
(:func:`add_detail`), one word substituted (:func:`substitute`) and a quantifier or modal
widened (:func:`widen`). Every edit is a pure function of its sentences (and, where it
chooses, of a generator).
"""

from __future__ import annotations

import random
import re

from certirag.text.calendar_names import MONTH_NAMES, WEEKDAYS
from certirag.text.verbs import BE_FORMS

__all__ = ["add_detail", "back_time", "drop_age", "drop_label", "drop_modifier",
           "front_time", "substitute", "time_phrase", "widen"]

_MONTH = "|".join(m.capitalize() for m in MONTH_NAMES)
_DAY = "|".join(sorted({d.capitalize() for d in WEEKDAYS if len(d) > 3}, key=len,
                       reverse=True))
_ORD = r"\d{1,2}(?:st|nd|rd|th)?"
#: A time phrase as a sentence ends or starts with it: "in 2002", "on April 10",
#: "in March 2015", "on Sunday night", "last week", "earlier this year", "yesterday".
time_phrase = (
    rf"(?:(?:in|on|during|by) (?:(?:early|late|mid-)\s?)?"
    rf"(?:(?:{_MONTH})(?: {_ORD})?(?:,? (?:1[89]|20)\d\d)?|(?:1[89]|20)\d\d"
    rf"|{_ORD} (?:of )?(?:{_MONTH})(?: (?:1[89]|20)\d\d)?"
    rf"|(?:{_DAY})(?: (?:morning|afternoon|evening|night))?)"
    rf"|last (?:week|month|year|night|weekend|season|summer|winter|spring|autumn)"
    rf"|earlier this (?:week|month|year)|this (?:week|month|year|morning)"
    rf"|yesterday|today)")
_QUOTES = re.compile(r"[\"“”‘]|(?:^|\s)'")
_TAIL = re.compile(rf"^(?P<body>[A-Z][^,]{{0,3}}.{{15,}}?),? (?P<t>{time_phrase})\.$")
_HEAD = re.compile(rf"^(?P<t>{time_phrase}),? (?P<body>[A-Za-z].{{15,}})\.$", re.IGNORECASE)
#: Sentence openers that are no name and are written lowercase after a fronted phrase.
_LOWER = frozenset("the a an he she it they we his her their its this that these those "
                   "there one two three four five six seven eight nine ten some many most "
                   "several both all police officials".split())
#: A participle or gerund the time phrase may date instead of the main verb ("the record
#: set in 2001", "accused of killing her in 2000").
_PARTICIPLE = re.compile(r"^(?:\w+ed|born|set|made|built|held|won|lost|done|seen|given|"
                         r"taken|written|shown|sold|paid|found|known|told|put|led)$",
                         re.IGNORECASE)
_GERUND = re.compile(r"\b(?:of|for|by|from|about|without) \w+ing\b", re.IGNORECASE)
_SAYING = re.compile(r"\b(?:said|says|added|adds|told|tells|wrote|writes|explained|"
                     r"explains|continued|continues|insisted|claimed|admitted)$")
_AGE = re.compile(r"(\b[A-Z][a-z]{1,20}), \d{1,3}, (?=[a-z])")
_LABEL = re.compile(r"^[A-Z][a-z']{2,15}(?: [a-z']{2,15}){0,2}: (?=[A-Z])")
#: A second clause or a reported one: a time phrase moved across it could change what it
#: dates ("He said the attack was in 2002" is not "In 2002 he said the attack was").
_CLAUSE = re.compile(r"[:;,]|\b(?:that|said|says|told|tells|after|before|when|while|until|"
                     r"because|since|who|whom|which|where|if|as|and|but|or|to)\b",
                     re.IGNORECASE)
_MODIFIED = re.compile(r"\b(?P<det>[Aa]n?|[Tt]he|his|her|their|its)"
                       r" (?P<adj>[a-z][a-z-]{2,}) (?P<noun>[a-z][a-z-]{2,})\b")
#: Adjectives by their ending, and common ones that have no telling ending.
_ADJECTIVE = re.compile(r"^(?:\w+(?:ous|ful|ive|ic|ical|able|ible|ish|less)|military"
                        r"|young|old|new|big|small|large|little|great|huge|tiny|elderly|"
                        r"beautiful|famous|popular|local|unnamed|hefty|massive|brutal|"
                        r"dramatic|rare|busy|quiet|remote|wealthy|rich|poor|"
                        r"married|retired|unemployed|talented|shocking|stunning|"
                        r"terrifying|horrific|bizarre|top|senior|junior|veteran)$")
#: Adjectives that take back what their noun says, or only guess at it.
_PRIVATIVE = frozenset("former fake false alleged suspected supposed apparent presumed "
                       "purported so-called would-be mock pseudo artificial counterfeit "
                       "imitation virtual potential possible likely probable imaginary "
                       "fictional fictitious hypothetical ex late dead unsuccessful failed "
                       "attempted planned proposed intended expected prospective "
                       "different other same only sole first last next previous".split())
#: Words that follow a determiner and an adjective without being its noun.
_NOT_A_NOUN = frozenset("and or but of to in on at for with from by as than that which who "
                        "is are was were be been has have had also will would can could may "
                        "might should must does did do during after before into over under "
                        "about through since until while when where".split())
#: A negation, a quantifier or a condition: narrowing a noun phrase under one of these
#: does not keep the sentence true.
_DOWNWARD = re.compile(r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without|only|"
                       r"few|fewer|less|every|all|each|any|if|unless|whether|cannot|"
                       r"lack\w*|fail\w*|den(?:y|ied|ies)|refus\w*|reject\w*)\b|n't\b",
                       re.IGNORECASE)
#: A lowercase word, with the determiner before it if there is one.
_CONTENT = re.compile(r"(?:(?P<det>\b(?:the|a|an|his|her|their|its) ))?\b(?P<w>[a-z][a-z-]+)\b")
#: Words :func:`substitute` leaves alone: function words and the ones whose change is no
#: change of fact.
_STOP = frozenset("that this these those there their them they then than when where which "
                  "while with without from into onto upon about after before during "
                  "being been have having said says also still even just only very more "
                  "most much many some such other another same each every both either "
                  "neither what whom whose will would could should might must shall "
                  "need used based according including".split())
#: What :func:`widen` makes of a word, in this order: quantifiers (also capitalised at a
#: sentence's start), then modals and plans (lowercase only: "May" is a month, "Will" a
#: name).
_QUANTIFIERS = (("some of the", "all of the"), ("some", "all"), ("several", "all"),
                ("many", "all"), ("most", "all"), ("a few", "all"), ("often", "always"),
                ("sometimes", "always"), ("usually", "always"))
_MODALS = (("may", "must"), ("might", "will"), ("could", "will"), ("can", "must"),
           ("plans to", "has agreed to"), ("hopes to", "is certain to"),
           ("is expected to", "is certain to"))
_WIDER: tuple[tuple[re.Pattern[str], str], ...] = (
    *((re.compile(rf"(?:^{a[0].upper()}{a[1:]}|\b{a})\b"), b) for a, b in _QUANTIFIERS),
    *((re.compile(rf"\b{a}\b"), b) for a, b in _MODALS))
#: A closing phrase of a sentence that adds a circumstance: "… while sleeping on a beach."
_DETAIL = re.compile(r" (?P<phrase>(?:while|after|before|with|without|for|near|during|"
                     r"because of|due to|despite|amid) [a-z][^,.;:\"“”]{6,50})\.$")
#: What a heading stands before: a two-word name or "The …" ("Goodacre: There are …" is
#: a speaker's line, not a caption).
_NAMED = re.compile(r"(?:[A-Z][a-z'-]+ [A-Z]|The )")
_FIRST_PERSON = re.compile(r"\b(?:I|we|We|my|our|me|us)\b")


def _quoted(s: str) -> bool:
    return bool(_QUOTES.search(s))


def _lower_first(s: str) -> str:
    word = s.split(" ", 1)[0].split("'", 1)[0]
    return s[:1].lower() + s[1:] if word.lower() in _LOWER else s


def _dates_another(body: str) -> bool:
    """Whether a closing time phrase could date something other than the main verb: a
    participle just before it that no form of *be* governs, or a gerund."""
    words = body.split()
    last = words[-1] if words else ""
    if _PARTICIPLE.match(last) and (len(words) < 2 or words[-2].lower() not in BE_FORMS):
        return True
    return bool(_GERUND.search(body))


def front_time(s: str, rng: random.Random) -> str | None:
    """"John Smith opened the shop in 2002." → "In 2002, John Smith opened the shop."
    (the comma at random); ``None`` when the sentence does not end with a time phrase, has
    a second clause the phrase could date instead, or quotes anyone."""
    m = _TAIL.match(s)
    if not m or _quoted(s) or _CLAUSE.search(m.group("body")) or \
            _dates_another(m.group("body")):
        return None
    t = m.group("t")
    comma = "," if rng.random() < 0.5 else ""
    return f"{t[:1].upper()}{t[1:]}{comma} {_lower_first(m.group('body'))}."


def back_time(s: str) -> str | None:
    """"In 2002, John Smith opened the shop." → "John Smith opened the shop in 2002."."""
    m = _HEAD.match(s)
    if not m or _quoted(s) or _CLAUSE.search(m.group("body")) or \
            _GERUND.search(m.group("body")):  # "accused of killing her in 2000"
        return None
    t, body = m.group("t"), m.group("body")  # every time phrase opens with a common word
    return f"{body[:1].upper()}{body[1:]} {t[:1].lower()}{t[1:]}."


def drop_age(s: str) -> str | None:
    """"Dr Oz, 54, is the vice chairman." → "Dr Oz is the vice chairman."."""
    new = _AGE.sub(r"\1 ", s, count=1)
    return new if new != s else None


def _article(det: str, word: str) -> str:
    """``det`` as it stands before ``word``: "a"/"an" by the word's first letter, any other
    determiner as it is."""
    if det.lower() not in ("a", "an"):
        return det
    return det[0] + "n" if word[0] in "aeiou" else det[0]


def drop_modifier(s: str) -> str | None:
    """An adjective between a determiner and its noun dropped ("in the hands of a freelance
    rebel fighter" → "of a rebel fighter", "to an unnamed buyer" → "to a buyer"); not
    an adjective that takes back what its noun says ("former", "fake", "alleged" …), nor
    in a sentence with a negation, a quantifier or a condition, where a narrower noun
    phrase is not implied by a wider one ("all dangerous dogs" is not "all dogs")."""
    if _DOWNWARD.search(s):
        return None
    for m in _MODIFIED.finditer(s):
        adj, noun = m.group("adj"), m.group("noun")
        if adj.lower() in _PRIVATIVE or noun in _NOT_A_NOUN or noun.endswith(("ed", "ly")) \
                or not _ADJECTIVE.match(adj):
            continue
        return s[: m.start()] + f"{_article(m.group('det'), noun)} {noun}" + s[m.end():]
    return None


def add_detail(s: str, donor: str) -> str | None:
    """``s`` with a detail of another document's sentence ``donor`` added, which the
    evidence of ``s`` does not state: its closing phrase ("… while sleeping on a beach.")
    appended, else its first adjective put before the first noun of ``s`` that a
    determiner opens ("a rebel fighter" → "a notorious rebel fighter"). The negatives of
    the moves: a reworded sentence is entailed, the same with more in it is not."""
    tail = _DETAIL.search(donor)
    if tail and s.endswith(".") and not _quoted(s):
        return f"{s[:-1]} {tail.group('phrase')}."
    adj = next((m.group("adj") for m in _MODIFIED.finditer(donor)
                if _ADJECTIVE.match(m.group("adj")) and m.group("adj") not in _PRIVATIVE
                and m.group("noun") not in _NOT_A_NOUN), None)
    if adj is None:
        return None
    for m in _MODIFIED.finditer(s):
        if m.group("adj") in _NOT_A_NOUN:
            continue
        # the determiner fitted to the adjective, then the adjective, then the rest
        return s[: m.start()] + f"{_article(m.group('det'), adj)} {adj}" + \
            s[m.start("adj") - 1:]
    return None


def substitute(s: str, donor: str, rng: random.Random) -> str | None:
    """``s`` with one content word replaced by a word of the same form from another
    document's sentence ``donor`` (a past verb for a past verb, an "-ing" form, a noun a
    determiner opens for one): "The airline cancelled 120 flights" → "The airline ordered
    120 flights". The one-word change a reworded sentence must not hide."""
    mine = [(m, _form(m)) for m in _CONTENT.finditer(s)]
    theirs: dict[str, list[str]] = {}
    for m in _CONTENT.finditer(donor):
        form = _form(m)
        if form:
            theirs.setdefault(form, []).append(m.group("w"))
    options = [(m, w) for m, form in mine if form for w in theirs.get(form, ())
               if w.lower() != m.group("w").lower()]
    if not options or _quoted(s):
        return None
    m, w = rng.choice(options)
    return s[: m.start("w")] + w + s[m.end("w"):]


def _form(m: re.Match[str]) -> str:
    w = m.group("w")
    if w.lower() in _STOP or len(w) < 4:
        return ""
    if w.endswith("ed"):
        return "past"
    if w.endswith("ing"):
        return "ing"
    return "noun" if m.group("det") else ""


def widen(s: str) -> str | None:
    """``s`` saying more than it did: a quantifier widened ("some" → "all"), a permission
    or a possibility made a duty or a certainty ("may" → "must", "might" → "will"), a
    plan stated as done ("plans to" → "has agreed to"). The errors a model taught the
    moves let through (a stage trained without them read "All six of Meridian's
    instruments are working." and "… will inspect the damage for every claim." as
    entailed)."""
    for pattern, repl in _WIDER:
        m = pattern.search(s)
        if m:
            return s[: m.start()] + _case_like(m.group(), repl) + s[m.end():]
    return None


def _case_like(old: str, new: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


def drop_label(s: str) -> str | None:
    """A caption's heading dropped: "Death row: Kent Sprouse was …" → "Kent Sprouse was
    …", when what follows starts with a two-word name or "The", does not speak in the
    first person and asks nothing, and the heading is no verb of saying."""
    m = _LABEL.match(s)
    if not m:
        return None
    rest = s[m.end():]
    if not _NAMED.match(rest) or _FIRST_PERSON.search(rest) or len(rest.split()) < 6 \
            or rest.rstrip().endswith("?") or _SAYING.search(m.group().rstrip(": ")):
        return None
    return rest

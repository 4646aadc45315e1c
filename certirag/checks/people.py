"""``value_swap``: a name borrowed from another sentence for what the evidence says of
another name.

"Sam Okafor scored a penalty for Dunmore in the 23rd minute." against "Dunmore took the
lead in the 23rd minute through a penalty by striker Leon Baptiste. Falcons equalised just
before half-time when midfielder Sam Okafor headed in a corner." holds every anchor of the
claim in a span of two sentences, and our small model reads it as entailed (P(entailment)
0.88): the scorer's name is borrowed from the sentence about the equaliser.

:func:`check_people` reads each name of two capitalised words or more in a claim (not a
place after "in", "at" or "near": :mod:`certirag.checks.places` reads those). What the
claim says of the name is its content words other than its names and values. A
``value_swap`` is found when

- the evidence names the name (a word of it), but no sentence that does says any word of
  what the claim says of it (the name is named only about other things),
- another sentence holds the claim's other names and every value of the claim (it has
  one at least: a number, an amount, a date), and half of what the claim says of the name
  (two words at least; one, when the claim has other names that sentence holds), and
  names another name of two capitalised words that shares no word with the claim's names
  and neither opens the sentence nor follows a preposition or an article (a place, a work
  or a body: "in South Korea", "the Oval Office") nor names a body, a contest or a building
  ("Super League", "White House"); the sentence does not open with a description ("A New
  York City detective …") and has no personal pronoun ("he will appear …"): either may be
  the claim's name, and
- no sentence names both (that would be one person in two words).

Two names joined by "and", a name that owns what the claim speaks of ("Pep Guardiola's
side"), a name the claim compares with or plays against ("faster than X", "beat X"), a
claim with "also" and a claim without a value are not read. A name no evidence
sentence names is the entity check's to withhold.
"""

from __future__ import annotations

import re

from certirag.checks.base import Finding
from certirag.checks.entities import Entity
from certirag.checks.parse import Parsed, SentInfo
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_people", "names_in"]

# two capitalised words or more, each with a lower-case letter after its capital
_NAME = re.compile(r"(?<![\w'’])[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*)+")
# before a place ("in Seoul", "at the club's Academy Stadium"), an epithet ("the Black
# Cats", "the Northern Irishman") or a name the claim measures its own against ("faster
# than Sachin Tendulkar", "beat Aston Villa")
_PLACE_BEFORE = re.compile(r"(?:\b(?:in|at|near)\s+(?:the\s+)?|\bthe\s+|['’]s\s+"
                           r"|\b(?:than|like|as|after|before|over|against|beat|beating)\s+)$",
                           re.IGNORECASE)
# a name after a preposition or an article names a place, a work or a body, not a person
_NOT_A_PERSON = re.compile(r"\b(?:in|at|on|of|from|to|into|near|the|a|an)\s+$", re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:he|she|him|his|her|hers|they|them|their)\b", re.IGNORECASE)
# a word that makes a name a body, a contest or a building, not a person
_BODY = re.compile(r"\b(?:League|Cup|City|United|Club|House|Council|Court|University|College|"
                   r"School|Party|Company|Group|Bank|Championship|Series|Games|Association|"
                   r"Stadium|Park|Street|Road|Square|Hall|Office|Committee|Department|"
                   r"Ministry|Agency|Service|Force|Army|Police|Hospital|Airport|Festival|"
                   r"Awards?|Prize|Open|Trophy|Tour|Olympics)\b")
_DESCRIBED = re.compile(r"\W*(?:a|an|the)\s", re.IGNORECASE)
_ALSO = re.compile(r"\b(?:also|too|as well)\b", re.IGNORECASE)
_MAX_NAMES = 6  # names read in one claim sentence (hostile text stays cheap)
_MIN_SAID = 2


def _bare(word: str) -> str:
    return re.sub(r"['’]s?$", "", word).lower()


def _names_at(text: str) -> list[tuple[int, str]]:
    """Each name of two capitalised words or more in ``text``, as written, with its
    offset."""
    return [(m.start(), m.group()) for m in _NAME.finditer(text)]


def names_in(text: str) -> list[str]:
    """The names of two capitalised words or more in ``text``, a possessive's "'s" off
    ("striker Leon Baptiste's boot" → "Leon Baptiste")."""
    return [re.sub(r"['’]s?$", "", name) for _, name in _names_at(text)]


def _sentence_words(ev: PreparedEvidence) -> list[frozenset[str]]:
    """The words of each evidence sentence, in lower case, possessives off (read once per
    prepared evidence)."""
    return [frozenset(_bare(t.text) for t in s.toks) for s in ev.sentences]


def _said(s: SentInfo) -> frozenset[str]:
    """What the claim sentence ``s`` says: the stems of its content words in lower case
    (no name, value or derived marker)."""
    return frozenset(st for t, st in zip(s.toks, s.stems, strict=True)
                     if st and len(st) > 2 and t.text[:1].islower() and st in s.content)


def _people(c: Parsed, cs: SentInfo) -> list[Entity]:
    """The names of two words or more of one claim sentence: not a place or an epithet
    after "the", not two names
    ("Andrew Chan and Myuran Sukumaran"), not one that names what it owns ("Pep
    Guardiola's side": an epithet of a team)."""
    return [e for e in c.entities if cs.start <= e.start < cs.end and len(e.words) >= 2
            and "and" not in e.words and not e.text.endswith(("'s", "’s"))
            and not _PLACE_BEFORE.search(c.text[cs.start:e.start])][:_MAX_NAMES]


def check_people(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial:
        return
    words = ev.derived("people.words", _sentence_words)
    for cs in c.sentences:
        # every capitalised word is a name's ("Haaland" opening the sentence too)
        all_names = {_bare(t.text) for t in cs.toks if t.text[:1].isupper()} | {
            w for e in c.entities if cs.start <= e.start < cs.end for w in e.words}
        said = _said(cs)
        values = {it.token for it in cs.items}
        if len(said) < _MIN_SAID or not values or "?" in cs.text or _ALSO.search(cs.text):
            continue  # (values place the claim; "Who …? X" is the question's part; "also"
            # says the claim's name did as another did)
        for name in _people(c, cs):
            own = set(name.words)
            others = all_names - own
            naming = [i for i, w in enumerate(words) if own & w]
            if not naming or any(said & ev.sentences[i].content for i in naming):
                continue
            for i, s in enumerate(ev.sentences):
                if i in naming or not others <= words[i] or _DESCRIBED.match(s.text) or \
                        not values <= {it.token for it in s.items}:
                    continue  # (a sentence that opens with a description, "A New York City
                    # detective …", may describe the claim's name)
                shared = len(said & s.content)
                if shared < max(_MIN_SAID, (len(said) + 1) // 2) and not (
                        shared and values and others):
                    continue  # (the claim's values and other names place it: one word will do)
                if _PRONOUN.search(s.text):
                    continue  # ("he will appear …": the pronoun may be the claim's name)
                rival = next((name for at, name in _names_at(s.text)
                              if not {w.lower() for w in name.split()} & all_names
                              and at > 0 and not _BODY.search(name)
                              and not _NOT_A_PERSON.search(s.text[:at])), None)
                if rival is None or any(_bare(rival.split()[-1]) in words[j] for j in naming):
                    continue  # (a sentence that names both speaks of one person in two words)
                out.append(Finding(
                    "value_swap", "contradiction",
                    f"the evidence names {name.text!r} only about other things; what the "
                    f"claim says of {name.text!r} it says of {rival!r}", name.text, s.text))
                return

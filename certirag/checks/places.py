"""A place or a complement the evidence gives for one thing, given to another thing the
evidence places elsewhere: a value borrowed from another sentence.

"Two people died in Bouillon." against "The river Semois rose to 4.8 metres at Bouillon,
its highest level since 1993. Two people have died, both in the town of Herbeumont." holds
every anchor of the claim in a span of two adjacent sentences, and our small model reads
it as entailed (P(entailment) 0.94): the place is borrowed from the sentence about the
river gauge.

:func:`check_places` reads the places a claim puts something at ("in Bouillon", "at
Eastgate Stadium", "near the town of Dinant": a capitalised name after ``in``, ``at`` or
``near``, a possessive's "'s" off). What the claim says *of* the place is its content
words other than the place's. A ``value_swap`` is found when

- the evidence names the place, but no evidence sentence that names it says any word of
  what the claim says of it (the place is named only about other things),
- an evidence sentence says all of it (every content word), names no part of the claim's
  place, and puts it at another place with the same preposition, and
- no evidence sentence names both places (that would be one place in two words: "… at
  Anfield, Liverpool's ground"), and the two are not spelt alike ("Tipico" / "Tiplico").

A claim whose place no evidence sentence names is the entity check's to withhold; a place
named beside what the claim says, anywhere in the evidence, is read as the model reads it.

:func:`check_complements` reads the same borrowing where the complement is no name: "Shared
parental leave is paid at full salary." against "Shared parental leave … is paid at the
statutory rate." (full salary is what enhanced maternity pay is paid at). A verb and its
preposition (``at``, ``to``, ``by``, ``from``, ``with``: "paid at", "appeal a refusal to")
open a complement: a noun phrase of two
content words or more, up to a verb, a clause or a preposition. A ``value_swap`` is found
when

- an evidence sentence holds every other content word of the claim and the same verb and
  preposition with another complement that shares no word with the claim's, and none of
  the claim's complement's words (a name against a common noun is not read: "admitted to
  the emergency room" may name part of "the Children's Healthcare of Atlanta"),
- another sentence holds the claim's complement word for word (it is borrowed), and
- none that does holds a word of the other complement too (two words for one thing:
  "Patrick Vieira's side" in a sentence about City), or half of the claim's other words,
  and
  the sentence that gives the other complement gives it as the one ("was also charged
  with …" gives one of several).

A complement the question names (what it presupposes), a list ("linked with Manchester
City and Arsenal": one of several), one after "to" that is a verb ("failed to score") and
words the evidence never uses (a rewording) are the model's to read.

The rules read what no evidence sentence says, so they read only the whole evidence (not a
deciding span, :attr:`~certirag.checks.prepared.PreparedEvidence.partial`).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import NamedTuple

from certirag.checks._text import STOP, stem
from certirag.checks.base import Finding
from certirag.checks.parse import MARKERS, Parsed, SentInfo, content_words
from certirag.checks.polarity import clause_bounds
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.text.calendar_names import MONTH_NAMES, WEEKDAYS
from certirag.text.verbs import (
    BASE_VERBS,
    BE_FORMS,
    IRREGULAR_PAST,
    MODAL_VERBS,
    PAST_PARTICIPLES,
)

__all__ = ["Complement", "check_complements", "check_places", "complements_in", "places_in"]

_KINDS = ("town", "city", "village", "county", "region", "district", "province", "state",
          "country", "port", "island", "borough", "parish", "municipality")
# a capitalised name of one to four words after "in", "at" or "near" ("in the town of X")
_PLACE = re.compile(
    r"(?<![\w'’])(?:[Ii]n|[Aa]t|[Nn]ear)\s+(?:the\s+(?:" + "|".join(_KINDS) + r")\s+of\s+)?"
    r"(?P<place>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})")
_CALENDAR = frozenset(w.lower() for w in (*MONTH_NAMES, *WEEKDAYS))
# capitalised words after "in"/"at" that name no place
_NOT_PLACES = frozenset("""the a an this that these those his her their its our my your
english french german spanish first second third last least most all any each some""".split())
_MAX_PLACES = 8  # places read in one claim sentence (hostile text stays cheap)
_ALIKE = 0.8  # names this alike (difflib's ratio) are one name misspelt


def places_in(text: str) -> list[str]:
    """The places ``text`` puts something at, as written ("Bouillon", "Eastgate Stadium")."""
    return [place for _, place in _located(text)]


def _located(text: str) -> list[tuple[str, str]]:
    """``(preposition, place)`` for each place of ``text``, a possessive's "'s" off."""
    out: list[tuple[str, str]] = []
    for m in _PLACE.finditer(text):
        place = re.sub(r"['’]s?$", "", m.group("place"))
        first = place.split()[0].lower()
        if first in _CALENDAR or first in _NOT_PLACES:
            continue
        out.append((m.group(0).split(None, 1)[0].lower(), place))
    return out


def _places_of(ev: PreparedEvidence) -> list[list[tuple[str, str]]]:
    """The places of each evidence sentence (read once per prepared evidence)."""
    return [_located(s.text) for s in ev.sentences]


def _spelled_alike(a: str, b: str) -> bool:
    """Whether two names differ by no more than a slip ("Tipico" / "Tiplico")."""
    return SequenceMatcher(None, a.lower(), b.lower()).ratio() >= _ALIKE


def _names(s: SentInfo, place: str) -> bool:
    return re.search(r"(?<![\w'’])" + re.escape(place) + r"(?![\w'’])", s.text) is not None


def _words(place: str) -> frozenset[str]:
    return frozenset(w.lower() for w in re.findall(r"[\w'’-]+", place))


# verbs that only put a thing at its place ("will be held at", "takes place at", "runs at"):
# what the claim says of the place is the thing, whatever verb the evidence puts it with
_PLACING = frozenset(stem(w) for w in """held hold holds hosted host hosts staged stage stages
located based situated run runs take takes took taking place""".split())


def _said(s: SentInfo, place: str) -> frozenset[str]:
    """What the claim sentence ``s`` says of ``place``: its content stems, less the place's
    words, the verbs that only place a thing (``_PLACING``), values and derived markers."""
    words = _words(place)
    return content_words(s.content) - words - _PLACING


def check_places(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial:
        return
    for cs in c.sentences:
        for prep, place in _located(cs.text)[:_MAX_PLACES]:
            said = _said(cs, place)
            naming = [s for s in ev.sentences if _names(s, place)]
            if not said or not naming:
                continue
            if any(said & s.content for s in naming):
                continue  # the evidence says some of it of the place ("no future at Anfield"
                # where another sentence puts the striker at Anfield: one place, two names)
            words = _words(place)
            located = ev.derived("places.located", _places_of)
            for s, at in zip(ev.sentences, located, strict=True):
                if not said <= s.content or words & s.content:
                    continue
                # the same preposition: "died in Bouillon" / "died, both in … Herbeumont"
                # (not "fraud at UNC" / "scandal in NCAA history")
                other = next((p for q, p in at if q == prep
                              and not _words(p) & words and not _spelled_alike(p, place)),
                             None)
                if other is not None and not any(_names(x, other) for x in naming):
                    # (a sentence that names both speaks of one place in two words:
                    # "Liverpool … at Anfield")
                    out.append(Finding(
                        "value_swap", "contradiction",
                        f"the evidence names {place!r} for something else; what the claim "
                        f"says of it is at {other!r}", place, s.text))
                    return


# a verb, its preposition (at most three words, its object, between them: "appeal a refusal
# to") and the complement after it, up to a clause boundary; the prepositions of a
# recipient, an agent, a source or a rate ("in", "on" and "for" name as often a time, a
# manner or a purpose: "in a series of operations", "for six weeks")
# (a lookahead, so that one complement does not hide the verbs inside it)
_COMPLEMENT = re.compile(r"(?<![\w'’])(?=(?P<verb>[A-Za-z][a-z'’-]+)"
                         r"(?:\s+(?!(?:at|in|on|to|from|for|by|with|within|until)\s)"
                         r"[A-Za-z][\w'’-]*){0,3}?\s+"
                         r"(?P<prep>at|to|by|from|with)\s+"
                         r"(?P<obj>[^,;:.!?()\[\]\"“”]{2,80}))")
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
# verbs of a request's path, beside the shared base forms
_ROUTE_VERBS = frozenset("appeal submit complain refer escalate forward address post "
                         "lodge file".split())
_VERBS = BASE_VERBS | _ROUTE_VERBS
_LEADING = frozenset("the a an your their his her its our my this that these those".split())
_OBJ_END = BE_FORMS | MODAL_VERBS | frozenset("""at in on to from for by with within until under
over after before during into onto through without against between among since across and or
but nor that which who whom whose where when while unless if because although has have had
does do did""".split())
_MAX_COMPLEMENTS = 6


def _verb(word: str) -> bool:
    low = word.lower()
    if low in IRREGULAR_PAST or low in PAST_PARTICIPLES or low in _VERBS:
        return True
    if low.endswith("ed") and len(low) > 4:
        return True
    return low.endswith("s") and (low[:-1] in _VERBS or low[:-2] in _VERBS)


class Complement(NamedTuple):
    """A verb, its preposition, the content stems of the noun phrase after it, and those of
    the rest of its clause ("studied at the Curtis Institute of Music in Philadelphia":
    ``studied``, ``at``, {curti, institut, music}, {philadelphia})."""

    verb: str
    prep: str
    obj: frozenset[str]
    tail: frozenset[str]
    phrase: str  # the complement as written, without its determiner ("Curtis Institute of
    # Music")


def complements_in(text: str) -> list[Complement]:
    """The complements of the verbs of ``text`` that a preposition follows."""
    out: list[Complement] = []
    for m in _COMPLEMENT.finditer(text):
        if not m.group("verb")[0].islower() or not _verb(m.group("verb")):
            continue  # a capitalised word opens a sentence or a name: no verb ("Calls for")
        obj: set[str] = set()
        tail: set[str] = set()
        said: list[str] = []
        found = _WORD.findall(m.group("obj"))
        if m.group("prep") == "to" and found and found[0].lower() in BASE_VERBS:
            continue  # "set to sign", "failed to score": an infinitive, no complement
        for w in found:
            low = w.lower()
            if not tail and low not in _OBJ_END and (said or low not in _LEADING):
                said.append(w)
            if low in _OBJ_END:
                # the complement is a noun phrase: it ends at a verb, a clause, a preposition
                # ("water escaping | from …", "City | under …"); the rest of the clause is
                # the tail
                tail.add(low)
            elif low not in STOP:
                (tail if tail else obj).add(stem(low))
        if obj:
            out.append(Complement(m.group("verb").lower(), m.group("prep"), frozenset(obj),
                                  frozenset(tail), " ".join(said)))
    return out


_LISTING = frozenset({"and", "or"})
# a sentence that gives one of several: "was also charged with …", "among them …"
_ADDITIVE = re.compile(r"\b(?:also|among|including|as\s+well\s+as|too|other)\b", re.IGNORECASE)


class _Unit(NamedTuple):
    """A clause of a sentence: its text, content stems and complements."""

    text: str
    content: frozenset[str]
    complements: list[Complement]


def _clauses(s: SentInfo) -> list[_Unit]:
    """The clauses of ``s``; one, the sentence, when it has no cut."""
    out: list[_Unit] = []
    for a, b in clause_bounds(s.toks):
        if a >= b:
            continue
        lo = s.toks[a].start - s.start
        hi = s.toks[b].start - s.start if b < len(s.toks) else len(s.text)
        text = s.text[lo:hi]
        content = frozenset(x for x in s.stems[a:b] if x and not x.startswith(MARKERS))
        out.append(_Unit(text, content, complements_in(text)))
    return out


def _units(ev: PreparedEvidence) -> list[_Unit]:
    """The clauses of every evidence sentence (read once per prepared evidence)."""
    return [u for s in ev.sentences for u in _clauses(s)]


def _named(phrase: str) -> bool:
    """Whether ``phrase`` is a name: each of its words capitalised but for the small words
    inside ("Children's Healthcare of Atlanta"; not "HR director")."""
    words = [w for w in _WORD.findall(phrase) if w.lower() not in STOP]
    return bool(words) and all(w[:1].isupper() for w in words)


def _holds(text: str, phrase: str) -> bool:
    """Whether ``text`` holds ``phrase`` word for word (any case)."""
    return re.search(r"(?<![\w'’])" + re.escape(phrase) + r"(?![\w’])", text,
                     re.IGNORECASE) is not None


def check_complements(c: Parsed, ev: PreparedEvidence, question: Question,
                      out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial:
        return
    units = ev.derived("places.clauses", _units)
    asked = question.parsed
    asked_words = frozenset().union(*(s.content for s in asked.sentences)) if asked else frozenset()
    for cs in c.sentences:
        for claim in _clauses(cs):
            if "?" in claim.text:  # "Who made X? Penrith Logistics": the question's part
                continue
            for comp in claim.complements[:_MAX_COMPLEMENTS]:
                found = _borrowed(claim.content, comp, units, asked_words)
                if found is not None:
                    out.append(Finding(
                        "value_swap", "contradiction",
                        f"the evidence says {comp.verb!r} {comp.prep} something else here; "
                        f"the claim's {comp.phrase!r} comes from another sentence",
                        claim.text.strip(), found))
                    return


def _borrowed(content: frozenset[str], comp: Complement, units: list[_Unit],
              asked_words: frozenset[str]) -> str | None:
    """The evidence clause that gives ``comp``'s verb and preposition another complement,
    when the claim's is borrowed from another clause (see the module docstring)."""
    verb, prep, obj, tail, phrase = comp
    rest = content - obj - tail
    # a phrase of two words or more ("full salary", "line manager"): one word ("defeat"
    # for "the loss") is more often a summary's rewording than a swap; the question's own
    # words are what it presupposes
    if len(rest) < 2 or len(obj) < 2 or obj <= asked_words or tail & _LISTING:
        return None  # (a list, "linked with Manchester City and Arsenal": one of several)
    holds = None  # the clauses that hold the claim's complement word for word (read once)
    for u in units:
        if not rest <= u.content or _ADDITIVE.search(u.text):
            continue  # "was also charged with …": one of several, not the one
        # another complement that shares no word with the claim's ("statutory rate" / "full
        # salary"; not "Lee" / "Lee Wan-koo")
        rival = next((x for x in u.complements
                      if x.verb == verb and x.prep == prep and not obj & x.obj), None)
        if rival is None or obj & u.content or (_named(rival.phrase) and not _named(phrase)):
            continue  # (a common noun may name a part or a kind of a named thing: "admitted
            # to the emergency room" / "to the Children's Healthcare of Atlanta")
        # the claim's complement is borrowed: another clause holds all of it, none that does
        # holds the other complement too (two words for one thing) or half of the rest
        if holds is None:
            holds = [x for x in units if obj <= x.content and _holds(x.text, phrase)]
        holding = [x for x in holds if x is not u]
        if holding and not any(rival.obj & x.content or 2 * len(rest & x.content) >= len(rest)
                               for x in holding):
            return u.text.strip()
    return None

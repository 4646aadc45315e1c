"""A value the evidence states of another named thing, given to the claim's: ``value_swap``.

"Abbey Road was released in 1970." against "Abbey Road was released in 1969. Let It Be was
released in 1970." holds every anchor of the claim in the evidence (the year is there, and
so is the album), and in a long passage the two sentences may sit in one span the model
reads as a whole: the year is borrowed from the sentence about the other album.

:func:`check_borrowed` reads each value (a figure, a date) of a claim sentence that names
something (its capitalised words; the first word too, unless it is a common word). A
``value_swap`` is found when

- every evidence sentence that states the value has no name of the claim and names
  something else (a capitalised word the claim does not have), and nothing in it may
  stand for the claim's name: a pronoun ("It was remastered in 2009") or a description it
  opens with ("The uncapped Wasps centre, 22, …"),
- another evidence sentence holds every name of the claim and a value of the same kind
  that is not the claim's (and not the claim's value itself), and every content word of the
  claim that the evidence uses, and
- that sentence and one that states the claim's value say the same of their names: they
  share a content word besides names and values ("released"), so the two are one fact of
  two named things.

The claim's first word is a name only where the next word is capitalised too ("Abbey
Road", not "Woman emerged …"), and a name that owns what the claim speaks of ("John Haase's
associate") is not the claim's. A claim that names nothing, a value the evidence states of
the claim's name anywhere, and
a value no evidence sentence states (the figure and date checks' to withhold) are left
alone. The rule reads what no evidence sentence says, so it reads only the whole evidence
(not a deciding span, :attr:`~certirag.checks.prepared.PreparedEvidence.partial`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from decimal import Decimal

from certirag.checks._text import stem
from certirag.checks.ages import AGE_AFTER
from certirag.checks.base import Finding
from certirag.checks.entities import PERSON_TITLES
from certirag.checks.named import (
    CALENDAR,
    described,
    evidence_names,
    named,
    named_before,
    pairs,
    points_back,
    pronoun,
)
from certirag.checks.parse import Item, Parsed, SentInfo, content_words, listed_with
from certirag.checks.phrases import borrowed_phrase, by_swap, slot_swap
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.qualifiers import qualifier_after, qualifier_before
from certirag.checks.swap import same_value
from certirag.text.calendar_names import WEEKDAYS

__all__ = ["check_borrowed"]

def _states(s: SentInfo, item: Item) -> bool:
    return any(listed_with(item.group, it.group) and same_value(item.key, it.key)
               for it in s.items)


def check_borrowed(c: Parsed, ev: PreparedEvidence, question: Question,
                   out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial:
        return
    for cs in c.sentences:
        names, name_words = named(cs, owned=False)
        if cs.polarity.negated or cs.polarity.scopes:
            continue  # (a negated claim, "X wasn't born in 1951", denies the value)
        found = _code_row(cs, ev) if ev.sentences else None
        if found is None and not cs.items:
            found = borrowed_phrase(cs, ev) or slot_swap(cs, ev) or by_swap(cs, ev)
            if found is not None:
                out.append(found)
                return
            continue
        found = found or _borrowed_by_words(cs, ev) or _borrowed_by_alignment(cs, ev, question) \
            or _borrowed_schedule(cs, ev) or slot_swap(cs, ev) or by_swap(cs, ev)
        if found is not None:
            out.append(found)
            return
        if not names - CALENDAR:  # a month or a weekday names no thing
            continue
        # a spelled value ("sleeps five") is a value, not a word every sentence must share
        spelled = {stem(w.lower()) for it in cs.items for w in re.findall(r"[A-Za-z]+", it.text)}
        said = (content_words(cs.content) - names - spelled) & ev.stem_index.keys()
        by_id = ev.derived("borrowed.names", evidence_names)
        for item in cs.items:
            held = [(k, s) for k, s in enumerate(ev.sentences) if _states(s, item)]
            holders = [s for _, s in held]
            if not holders or any(names & s.content for s in holders):
                continue  # (a sentence with a name of the claim may state it of that name)
            if not all(_names_another(ev, k, s, name_words, by_id) for k, s in held):
                continue  # (each holder must name another thing, and nothing in it may
                # stand for the claim's name: a pronoun, a description)
            # (a holder that points back is one fact with the sentence before it: the
            # claim's words may be its own, "Dorm beds there start at £22 a night")
            told = frozenset().union(*(s.content for s in holders if points_back(s)
                                       and not pronoun(s) and not by_id[id(s)][1] - name_words))
            for own in ev.sentences:
                if not names <= own.content or not said <= own.content | told or \
                        (said and not said & own.content) or _states(own, item):
                    continue
                rival = next((it for it in own.items if listed_with(item.group, it.group)),
                             None)
                if rival is None:
                    continue
                facts = content_words(own.content) - names
                holder = next((s for s in holders if (facts & content_words(s.content))
                               - by_id[id(s)][0]), None)
                if holder is None:
                    continue
                out.append(Finding(
                    "value_swap", "contradiction",
                    f"the evidence gives {item.text!r} of something else: "
                    f"{holder.text.strip()!r}; of what the claim names it gives "
                    f"{rival.text!r}: {own.text.strip()!r}", item.text, own.text.strip()))
                return


def _names_another(ev: PreparedEvidence, k: int, s: SentInfo, name_words: frozenset[str],
                   by_id: dict[int, tuple[frozenset[str], frozenset[str]]]) -> bool:
    """Whether holder ``s`` (sentence ``k``) names another thing than the claim's and
    nothing in it may stand for the claim's name: it has no pronoun and opens with no
    description, and it names another thing, or it names nothing and its "there" points
    back ("Dorm beds there start at £22") to a sentence of its passage that names another
    thing and nothing of the claim's."""
    if described(s) or pronoun(s):
        return False  # (a pronoun, beside another name too, may stand for the claim's)
    own = by_id[id(s)][1] - name_words
    if own or not points_back(s):
        return bool(own)
    before = named_before(ev, k, by_id)
    # (a holder's own other name beside a pronoun says nothing of what the pronoun is)
    return bool(before - name_words) and not before & name_words


_MIN_OWN_WORDS = 2
_MAX_ITEMS = 12  # values read in one claim sentence (hostile text stays cheap)
_MAX_CHARS = 2000  # characters of a sentence read for codes
# words between two clauses of one sentence: "… on 28 April - you can switch it on …"
_CLAUSE_BREAKS = frozenset({"-", "–", "—", ";", ":", "but", "whereas", "while", "though",
                            "although"})


def _clause_starts(cs: SentInfo) -> list[int]:
    """The token indexes where the clauses of ``cs`` break (a dash, a semicolon, "but",
    "though" or ", and")."""
    toks = cs.toks
    return [k for k, t in enumerate(toks) if t.text.lower() in _CLAUSE_BREAKS
            or (t.text.lower() == "and" and k and toks[k - 1].text == ",")]


def _clause_bounds(cs: SentInfo, item: Item, breaks: list[int]) -> tuple[int, int]:
    """The token indexes that bound the clause of ``cs`` holding ``item`` (``breaks``:
    :func:`_clause_starts`), both outside it."""
    toks = cs.toks
    k = bisect_left([toks[b].start for b in breaks], item.start)
    lo = breaks[k - 1] if k else -1
    hi = next((b for b in breaks[k:] if toks[b].start >= item.end), len(toks))
    return lo, hi


def _lower_words(ev: PreparedEvidence) -> frozenset[str]:
    """The words the evidence writes in lower case (read once per prepared evidence)."""
    return frozenset(re.findall(r"\b[a-z][a-z'’-]*\b", " ".join(ev.texts)))


def _clause_words(cs: SentInfo, item: Item, breaks: list[int], lower: frozenset[str]
                  ) -> tuple[frozenset[str], frozenset[tuple[str, str]]] | None:
    """The content words of the clause of ``cs`` that holds ``item`` (``breaks``:
    :func:`_clause_starts`), and the pairs of them written one after the other ("dark
    mode"); ``None`` when the clause names something (a capitalised word, the sentence's
    first one too unless the evidence writes it in lower case, ``lower``; a month or a
    weekday aside): the name rule reads it."""
    toks = cs.toks
    lo, hi = _clause_bounds(cs, item, breaks)
    if any(toks[n].text[:1].isupper() and cs.stems[n] not in CALENDAR
           and (n > 0 or toks[n].text.lower() not in lower) for n in range(lo + 1, hi)):
        return None
    words = content_words(frozenset(str(cs.stems[n]) for n in range(lo + 1, hi)
                                    if cs.stems[n]) & cs.content)
    return words, pairs(cs, words, lo + 1, hi)


def _borrowed_by_words(cs: SentInfo, ev: PreparedEvidence) -> Finding | None:
    """The same borrowing for a claim clause that names nothing ("Dark mode arrived in
    version 4.4." against "Version 4.3, released on 17 March, added dark mode. … Version
    4.4, released on 28 April, added two-factor authentication."): the words that stand
    for its thing are the claim's content words that no sentence stating the value has
    (two or more, each one the evidence uses, two of them written together in the claim
    and in the sentence: "dark mode"); a bare number counts too many things to be read.
    A ``value_swap`` when every sentence
    stating the value names nothing that may stand for the claim's thing (no pronoun, no
    description it opens with), and another sentence holds all those words with another
    value of the same kind and says the same as one that states the value: the two share
    two content words besides those and the values ("version", "released"), and that one
    says two things the claim does not ("two-factor authentication"): one fact of two
    things."""
    breaks = _clause_starts(cs)
    for item in cs.items[:_MAX_ITEMS]:
        if item.group == "number":
            continue  # (a bare number counts too many things to be one thing's value)
        clause = _clause_words(cs, item, breaks, ev.derived("borrowed.lower", _lower_words))
        if clause is None:
            continue
        claim_words, claim_pairs = clause
        holders = [s for s in ev.sentences if _states(s, item)]
        if not holders or any(pronoun(s) or described(s) for s in holders):
            continue
        # (words the evidence never uses are a rewording: the model's to read)
        own = (claim_words - frozenset().union(*(s.content for s in holders))) \
            & ev.stem_index.keys()
        if len(own) < _MIN_OWN_WORDS:
            continue
        own_pairs = {p for p in claim_pairs if set(p) <= own}
        if not own_pairs:
            continue  # (the thing's words written together: "dark mode")
        for s in ev.sentences:
            if not own <= s.content or _states(s, item) or not own_pairs & pairs(s, own):
                continue
            rival = next((it for it in s.items if listed_with(item.group, it.group)
                          and not any(same_value(x.key, it.key) for x in cs.items)), None)
            if rival is None:  # (a value the claim states too is no rival)
                continue
            facts = content_words(s.content) - own
            holder = next((h for h in holders if len(facts & content_words(h.content)) >= 2
                           and len(content_words(h.content) - claim_words - facts) >= 2),
                          None)
            if holder is not None:
                return _swap(item.text, holder, rival.text, s)
    return None


def _swap(value: str, holder: SentInfo, rival: str, own: SentInfo) -> Finding:
    """The ``value_swap`` of a ``value`` that ``holder`` states of something else, where
    ``own``, which speaks of the claim's thing, gives ``rival``."""
    return Finding("value_swap", "contradiction",
                   f"the evidence gives {value!r} of something else: "
                   f"{holder.text.strip()!r}; of what the claim speaks of it gives "
                   f"{rival!r}: {own.text.strip()!r}", value, own.text.strip())


_ALIGNED_MIN = 3  # claim words a sentence shares to be the one that speaks of its thing
# values read by the alignment: a price, a share, a measure or a duration (a bare number or
# an ordinal counts or ranks too many things in one report: scores, ages, places; a date
# or a time may be when a report was made)
_ALIGNED_SKIP = frozenset({"date", "time", "number", "ordinal"})
_CLOSE = Decimal("0.05")  # values this near are one value rounded ("£18,000" for "£17,604")
_SCALE = 10  # values this far apart measure different things ("40p" beside "£41,865")
_BOUNDED = re.compile(r"\b(?:inside|within)\s*$", re.IGNORECASE)


def _borrowed_by_alignment(cs: SentInfo, ev: PreparedEvidence, question: Question
                           ) -> Finding | None:
    """The same borrowing read by the words each sentence shares with the claim: one
    sentence speaks of the claim's thing ("Thomas Rudd's 'Portrait of a Ferryman' is
    insured for £1.1 million during its loan to the Kunsthalle Bremen." against "Thomas
    Rudd's 'Portrait of a Ferryman' is lent to the Kunsthalle Bremen from 1 March to 30
    June, with an insurance value of £850,000.") and gives it another value of the kind,
    while every sentence that states the claim's value speaks of something else ("The
    bronze 'Seated Weaver' … is insured for £1.1 million."). The claim words (those the
    evidence uses, its values aside) of the value's clause that a sentence holds are its
    share. A ``value_swap`` when every sentence that states the value shares one at most,
    and another, which does not state it, shares three or more and two more than they do
    and gives a value of the kind that the claim does not state, unbounded ("almost
    $130,000", "inside 20 minutes" may be the claim's value put roughly), not within 5% of
    the claim's (a rounding) and not ten times larger or smaller (another quantity).
    A stating sentence with a pronoun may speak of the claim's thing, and a value the
    question states is the asker's: both left alone."""
    breaks = _clause_starts(cs)
    for item in cs.items[:_MAX_ITEMS]:
        if item.group in _ALIGNED_SKIP or _asked(item, question) or AGE_AFTER.match(
                cs.text, item.end - cs.start):
            continue  # (an age names a person in a report: "The 26-year-old sought …")
        holders = [s for s in ev.sentences if _states(s, item)]
        if not holders or any(pronoun(s) for s in holders):
            continue
        row = _list_row(cs, item, holders, ev)
        if row is not None:
            return row
        words = _value_clause(cs, item, breaks) & ev.stem_index.keys()
        held = [words & content_words(s.content) for s in holders]
        most = max(len(h) for h in held)
        if most > 1:
            continue
        shared = frozenset().union(*held)
        for s in ev.sentences:
            own = words & content_words(s.content)
            if len(own) < max(_ALIGNED_MIN, most + 2) or len(shared - own) > 1 \
                    or _states(s, item):
                continue
            rival = next((it for it in s.items if listed_with(item.group, it.group)
                          and not any(same_value(x.key, it.key) for x in cs.items)
                          and _rivals(item, it, s)), None)
            if rival is not None:
                return _swap(item.text, holders[0], rival.text, s)
    return None


_FRAME = 2  # words before a value that make two sentences rows of one list


def _frame(s: SentInfo, start: int) -> tuple[str, ...]:
    """The lower-cased words of ``s`` right before the offset ``start``."""
    before = [t.text.lower() for t in s.toks if t.end <= start]
    return tuple(before[-_FRAME:])


def _subject(s: SentInfo) -> str | None:
    """The stem of the first word of ``s`` that is a content word."""
    return next((str(st) for st in s.stems if st and st in s.content), None)


def _subjects(ev: PreparedEvidence) -> dict[int, str | None]:
    """:func:`_subject` of each evidence sentence, by ``id`` (read once per prepared
    evidence)."""
    return {id(s): _subject(s) for s in ev.sentences}


def _list_row(cs: SentInfo, item: Item, holders: list[SentInfo], ev: PreparedEvidence
              ) -> Finding | None:
    """A value taken from another row of a list the evidence writes as sentences of one
    shape ("Japanese is charged at €0.16 per word. Finnish is charged at €0.14 per
    word." against "Finnish into English is charged at €0.16 per word."): the words
    right before the value are the same in the claim, in every sentence that states it
    and in one that does not, and that one opens with the claim's subject, which no
    stating sentence has."""
    subject = _subject(cs)
    subjects = ev.derived("borrowed.subjects", _subjects)
    frame = _frame(cs, item.start)
    if subject is None or len(frame) < _FRAME or any(
            subject in h.content or _frame(h, next(
                it.start for it in h.items if listed_with(item.group, it.group)
                and same_value(item.key, it.key))) != frame for h in holders):
        return None
    for s in ev.sentences:
        if subjects[id(s)] != subject or _states(s, item):
            continue
        rival = next((it for it in s.items if listed_with(item.group, it.group)
                      and _frame(s, it.start) == frame and _rivals(item, it, s)), None)
        if rival is not None:
            return _swap(item.text, holders[0], rival.text, s)
    return None


# a code that names a room, a gate, a platform or a bay: "Room G9", "Gate B12", "Bay 4A"
_CODE_RE = re.compile(r"(?<![\w-])(?:[A-Z]{1,2}\d{1,4}[A-Z]?|\d{1,3}[A-Z])(?![\w-])")


def _codes(s: SentInfo) -> list[tuple[str, tuple[str, ...]]]:
    """The codes of ``s`` (:data:`_CODE_RE`), each with the words right before it."""
    return [(m.group(0), _frame(s, s.start + m.start()))
            for m in _CODE_RE.finditer(s.text[:_MAX_CHARS])]


def _code_row(cs: SentInfo, ev: PreparedEvidence) -> Finding | None:
    """:func:`_list_row` for a code ("The dermatology clinic … is held on Thursdays in Room
    G9." against "… The dermatology clinic … meets on Thursdays in Room G7. … The
    ophthalmology clinic … takes place on Wednesdays in Room G9."): the code of another
    row, the rival a code of the same letters after the same words."""
    subject = _subject(cs)
    if subject is None:
        return None
    subjects = ev.derived("borrowed.subjects", _subjects)
    for code, frame in _codes(cs)[:_MAX_ITEMS]:
        if len(frame) < _FRAME:
            continue
        holders = [(h, f) for h in ev.sentences if code in h.text
                   for c, f in _codes(h) if c == code]
        if not holders or any(subject in h.content or f != frame for h, f in holders):
            continue
        letters = code.rstrip("0123456789")[:1] if code[:1].isalpha() else ""
        for s in ev.sentences:
            if subjects[id(s)] != subject or code in s.text:
                continue
            rival = next((c for c, f in _codes(s) if f == frame and c[:1].isalpha()
                          == bool(letters) and (not letters or c[:1] == letters)), None)
            if rival is not None:
                return _swap(code, holders[0][0], rival, s)
    return None


def _amount(item: Item) -> Decimal | None:
    """The positive amount of a figure item (``("f", group, amount, …)``), else ``None``
    (a time, a date, a range)."""
    key = item.key
    amount = key[2] if len(key) > 2 and key[0] == "f" else None
    return amount if isinstance(amount, Decimal) and amount > 0 else None


def _rivals(item: Item, other: Item, s: SentInfo) -> bool:
    """Whether ``other`` (in ``s``) is another value of what ``item`` measures: stated flatly,
    not a rounding of it and of its scale."""
    a, b = _amount(item), _amount(other)
    if a is None or b is None:
        return False
    at = other.start - s.start
    if qualifier_before(s.text, at) or _BOUNDED.search(s.text, 0, at) \
            or qualifier_after(s.text, other.end - s.start):
        return False
    return abs(a - b) > _CLOSE * max(a, b) and max(a, b) < _SCALE * min(a, b)


def _asked(item: Item, question: Question) -> bool:
    """Whether the question states the value of ``item`` as it is written."""
    text = item.text.strip(" .,;:")
    return bool(text) and re.search(rf"(?<![\w.]){re.escape(text)}(?![\w])", question.text,
                                    re.IGNORECASE) is not None


def _value_clause(cs: SentInfo, item: Item, breaks: list[int]) -> frozenset[str]:
    """The content word stems of the clause of ``cs`` that holds ``item``."""
    toks = cs.toks
    lo, hi = _clause_bounds(cs, item, breaks)
    values = [(it.start, it.end) for it in cs.items]
    return content_words(frozenset(
        str(cs.stems[n]) for n in range(lo + 1, hi) if cs.stems[n]
        and not any(a <= toks[n].start < b for a, b in values)) & cs.content)


# A title before a name is no name of its own: "Dr Reilly" and "Dr Kowalczyk" name two people.
_TITLE_WORDS = PERSON_TITLES
_TITLES = frozenset(stem(w) for w in _TITLE_WORDS)


def _schedule_key(item: Item) -> tuple[object, ...] | None:
    """The kind of a weekday or a clock time (``("d",)``, ``("t",)``), or ``None`` for any
    other value (a date with a day, month or year is the date rules')."""
    key = item.key
    if item.group == "time" and key[:1] == ("t",):
        return ("t",)
    if item.group == "date" and len(key) == 5 and key[0] == "d" and key[1:4] == (None,) * 3 \
            and key[4] is not None:
        return ("d",)
    return None


_DAY = r"(?:" + "|".join(w.capitalize() for w in WEEKDAYS) + r")"
# A weekly timetable, not a day of news ("on Tuesday night"): "Tuesdays", "Saturday
# mornings", "every Monday", "Monday to Thursday"
_RECURRING = re.compile(rf"\b{_DAY}s\b|\b{_DAY}\s+(?:mornings|afternoons|evenings|nights)\b|"
                        rf"\b(?:every|each)\s+{_DAY}\b|\b{_DAY}\s*(?:to|through|until|–|-)\s*{_DAY}\b")


_RANGE = re.compile(rf"\b({_DAY})s?\s*(?:to|through|until|–|-)\s*({_DAY})s?\b")
_WEEKDAY_NUMBER = {w.capitalize(): n for w, n in WEEKDAYS.items()}


def _in_a_range(s: SentInfo, item: Item) -> bool:
    """Whether ``s`` states the weekday of ``item`` inside a run of days ("works Monday to
    Thursday" states Tuesday)."""
    day = item.key[4]
    if not isinstance(day, int):
        return False
    for m in _RANGE.finditer(s.text):
        a, b = _WEEKDAY_NUMBER[m[1].capitalize()], _WEEKDAY_NUMBER[m[2].capitalize()]
        if (a <= day <= b) if a <= b else (day >= a or day <= b):
            return True
    return False


def _borrowed_schedule(cs: SentInfo, ev: PreparedEvidence) -> Finding | None:
    """A weekday or a clock time the evidence states only of another named thing, where a
    sentence that names the claim clause's thing gives it other days or times: "Dr Reilly
    works Monday to Thursday." against "Dr Kowalczyk … works Monday to Thursday. Dr Tomás
    Reilly … sees patients on Tuesdays, Wednesdays and Saturday mornings." The two
    sentences need share no other word ("works" / "sees patients"): a timetable of two
    named things is read by its names. Both must read as a weekly timetable ("Tuesdays",
    "Saturday mornings", "Monday to Thursday"), not as days of news ("on Tuesday night")."""
    if not _RECURRING.search(cs.text):
        return None
    breaks = _clause_starts(cs)
    named = ev.derived("borrowed.names", evidence_names)
    first = 0 if len(cs.toks) > 1 and cs.toks[1].text[:1].isupper() else 1  # (as named() reads it)
    for item in cs.items[:_MAX_ITEMS]:
        kind = _schedule_key(item)
        if kind is None:
            continue
        lo, hi = _clause_bounds(cs, item, breaks)
        names = frozenset(str(cs.stems[n]) for n in range(max(lo + 1, first), hi)
                          if cs.toks[n].text[:1].isupper() and cs.stems[n]) - CALENDAR - _TITLES
        if not names:
            continue
        words = {t.text.lower() for t in cs.toks[lo + 1:hi]}
        holders = [s for s in ev.sentences if _states(s, item)]
        if not holders or any(names & s.content for s in holders) or any(
                not (named[id(s)][1] - words - _TITLE_WORDS) or pronoun(s)
                or described(s) for s in holders):
            continue  # (stated of the claim's thing, or of nothing named apart from it)
        for own in ev.sentences:
            if not names <= own.content or _states(own, item) or not _RECURRING.search(own.text) \
                    or (kind == ("d",) and _in_a_range(own, item)):
                continue
            rival = next((it for it in own.items if _schedule_key(it) == kind), None)
            if rival is not None:
                return _swap(item.text, holders[0], rival.text, own)
    return None

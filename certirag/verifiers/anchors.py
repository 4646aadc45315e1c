"""Anchors: what a claim must find stated (names, figures, money, dates, times), and what
one evidence sentence states of them — the facts binding spans are planned from
(:mod:`certirag.verifiers.binding`).

An anchor's *context* is the content word on each side of it in the claim; a value of
the same kind in an evidence sentence is a *rival in place* when it shares such a word
("the Hamburg office" for "the Oslo office"). Pure Python over :mod:`certirag.checks`
parses; deterministic for a given input.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from certirag.checks.dates import DateRef
from certirag.checks.entities import NAME_HEADS
from certirag.checks.name_tables import aliases
from certirag.checks.parse import KIN_GROUPS, Parsed, figure_item, parse_text, time_item
from certirag.text.predicates import SAME_PREDICATE, one_predicate
from certirag.verifiers.windows import terms

__all__ = ["KIN", "NAME_STOP", "PRONOUN_LEAD", "RELATIVE_LEAD", "THE_NOUN_LEAD", "Anchor", "Facts",
           "claim_anchors", "drop_longer_names", "holds", "holds_here", "opening_name",
           "predicate_terms", "rival_in_place", "sentence_facts", "word_set"]

# A sentence led by a pronoun: the pronoun within its first four words, after lowercase
# words or openers only ("After adding that his wife …", not "Nelms said that he …").
_OPENER = (r"(?:After|Before|But|And|When|Then|Now|So|Yet|Although|Though|While|As|If|Since|"
           r"Because|Later|Meanwhile|However|Also|Still|Today|Yesterday|Earlier|Once|Instead|"
           r"Here|There|In|At|On|For|With|Despite|During|Until|Asked|Speaking|The|A|An)")
PRONOUN_LEAD = re.compile(
    r"^\W*(?:(?:" + _OPENER + r"|[a-z0-9][\w'’-]*)\W+){0,3}?"
    r"(?i:(he|she|they|it|his|her|hers|their|its|him|them|this|these|those))\b")

#: The words for a person's relation to another (a pattern, singular; a plural adds "s").
KIN = (r"(?:ex-|step|grand|great-grand)?(?:brother|sister|son|daughter|husband|wife|mother|"
       r"father|mum|mom|dad|parent|sibling|twin|cousin|uncle|aunt|nephew|niece|partner|"
       r"fianc[eé]e?|girlfriend|boyfriend|spouse|widow|widower|child|children|friend|colleague|"
       r"assistant|deputy|successor|predecessor)")

#: A sentence about someone's relative: "Her brother, Rui Silva, was born …", "His eldest
#: daughter joined …" (``kin`` the relation, ``phrase`` the words that name the relative).
RELATIVE_LEAD = re.compile(
    r"^\W*(?:(?:" + _OPENER + r"|[a-z0-9][\w'’-]*)\W+){0,3}?(?P<phrase>(?i:his|her|their)\s+"
    r"(?:[a-z][\w-]*\s+)?(?i:(?P<kin>" + KIN + r")s?))\b")

#: A sentence that opens with "The <noun>" (group 1): it may speak of the thing the
#: sentence before introduced as "a/an … <noun>", as a pronoun would.
THE_NOUN_LEAD = re.compile(r"^\W*The\s+([a-z]{3,})(?:['’]s)?\b")

#: Words a name anchor leaves out of its key ("Bank of England" is ``("bank", "england")``).
NAME_STOP = frozenset("the a an of and for in on at to de la le von van der".split())


@dataclass(frozen=True, slots=True)
class Anchor:
    """Something a claim must find stated: a name (``kind == "name"``, ``key`` its
    lowercase words) or a figure, date or time (``kind`` its dimension, ``key`` its
    canonical value)."""

    kind: str
    key: tuple[object, ...]
    text: str
    context: frozenset[str] = frozenset()  # content words next to it in the claim



@lru_cache(maxsize=4096)
def _parse(text: str, locale: str) -> Parsed:
    return parse_text(text, date_locale=locale,  # type: ignore[arg-type]
                      decimal_comma=None, role="claim")


def _date_tokens(d: DateRef) -> set[tuple[object, ...]]:
    """Every precision at which the evidence states ``d`` (a year, a month of a year …)."""
    if d.weekday is not None:
        return {("w", d.weekday)}
    out: set[tuple[object, ...]] = set()
    if d.year is not None:
        out.add(("d", d.year, None, None))
        if d.month is not None:
            out.add(("d", d.year, d.month, None))
            if d.day is not None:
                out.add(("d", d.year, d.month, d.day))
    if d.month is not None:
        out.add(("d", None, d.month, None))
        if d.day is not None:
            out.add(("d", None, d.month, d.day))
    return out


def _claim_date_key(d: DateRef) -> tuple[object, ...]:
    if d.weekday is not None:
        return ("w", d.weekday)
    return ("d", d.year, d.month, d.day)


@dataclass(frozen=True, slots=True)
class Facts:
    """The anchors a sentence states, keyed the way claim anchors are."""

    values: frozenset[tuple[object, ...]]  # (kind, *key) of figures, dates, times
    kinds: dict[str, dict[tuple[object, ...], tuple[str, frozenset[str]]]]
    # kind -> value key -> (text, the content words next to it)
    words: frozenset[str]  # lowercase words, possessives dropped
    names: tuple[tuple[tuple[str, ...], frozenset[str]], ...]  # (name words, context)
    lead: frozenset[str]  # the context of a leading pronoun (what an inherited name does)
    twice: frozenset[tuple[object, ...]] = frozenset()  # (kind, *key) of values stated twice
    # names the sentence gives one person ("Ronnie Jones … known professionally as Anthony
    # Armstrong Jones"), each pair once
    aliases: frozenset[frozenset[tuple[str, ...]]] = frozenset()


def word_set(text: str) -> frozenset[str]:
    out = set()
    for w in re.findall(r"[\w'’.-]+", text.lower()):
        w = w.replace("’", "'")
        if w.endswith("'s"):
            w = w[:-2]
        w = w.strip("'.-")
        if w:
            out.add(w)
            if "-" in w:  # "San Francisco-based" states San Francisco
                out.update(p for p in w.split("-") if p)
    return frozenset(out)


_CTX_WORDS = 1  # content words on each side that make an anchor's context


#: Words that give a person's other name right after them: "known professionally as",
#: "better known as", "born", "née", "stage name", "a.k.a.".
_ALIAS_CUE = re.compile(
    r"(?:\bknown(?:\s+\w+)?\s+as|\ba\.?k\.?a\.?|\bborn|\bn[ée]e|\b(?:stage|real|birth|pen|"
    r"maiden)\s+name(?:\s+is|\s+was)?|\balso\s+called|\bnicknamed)[\s,:'\"‘“]*$",
    re.IGNORECASE)

# A capitalised run right before an opening bracket: the name a bracketed name after it
# tells apart ("Zodiac (Crime Fiction Film)", "Mercury (Planet)").
_DISAMBIGUATED = re.compile(r"(?<![\w'’.-])([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)\s*\(\s*\Z")


def _context(text: str, start: int, end: int) -> frozenset[str]:
    """The content words (stemmed) nearest to ``text[start:end]`` on each side, a word of
    one predicate read as another (:data:`certirag.text.predicates.SAME_PREDICATE`)."""
    left = terms(one_predicate(text[max(0, start - 80):start]))[-_CTX_WORDS:]
    right = terms(one_predicate(text[end:end + 80]))[:_CTX_WORDS]
    return frozenset(SAME_PREDICATE.get(w, w) for w in left + right)


@lru_cache(maxsize=8192)
def predicate_terms(text: str) -> frozenset[str]:
    """The terms of ``text`` (:func:`certirag.verifiers.windows.terms`), a word of one
    predicate read as another (:data:`certirag.text.predicates.SAME_PREDICATE`, "came out"
    as "released"): what a claim and a sentence say alike in other words."""
    return frozenset(SAME_PREDICATE.get(w, w) for w in terms(one_predicate(text)))


@lru_cache(maxsize=8192)
def sentence_facts(text: str, locale: str) -> Facts:
    p = _parse(text, locale)
    t = p.text
    values: set[tuple[object, ...]] = set()
    kinds: dict[str, dict[tuple[object, ...], tuple[str, frozenset[str]]]] = {}
    twice: set[tuple[object, ...]] = set()

    def note(kind: str, key: tuple[object, ...], text: str, start: int, end: int) -> None:
        # a value stated twice has the places of both ("Office 18 … has 18 staff")
        slot = kinds.setdefault(kind, {})
        old = slot.get(key)
        if old is not None:
            twice.add((kind, *key))
        ctx = _context(t, start, end)
        slot[key] = (old[0], old[1] | ctx) if old else (text, ctx)

    for f in p.figures:
        it = figure_item(f)
        values.add((it.group, *it.key))
        note(it.group, it.key, f.text, f.start, f.end)
        age = _age_key(it.group, it.key, f.text)
        if age is not None:  # "a 15-year-old son" states the 15 of "a son aged 15"
            values.add(("number", *age))
            note("number", age, f.text, f.start, f.end)
    for d in p.dates:
        for tok in _date_tokens(d):
            values.add(("date", *tok))
        note("date", _claim_date_key(d), d.text, d.start, d.end)
    for tm in p.times:
        it = time_item(tm)
        values.add(("time", *it.key))
        note("time", it.key, tm.text, tm.start, tm.end)
    names: list[tuple[tuple[str, ...], frozenset[str]]] = []
    aliases: set[frozenset[tuple[str, ...]]] = set()
    last_end = -1
    for e in p.entities:
        words = tuple(w for w in e.words if w and w not in NAME_STOP)
        head = _DISAMBIGUATED.search(t, 0, e.start) if t[e.end:].startswith(")") else None
        if words and head is not None:
            # "Zodiac (Crime Fiction Film)": which Zodiac; one name with it, not another
            # (the name before the bracket may open the sentence, where it is no entity)
            if names and last_end == head.end(1):
                names.pop()
            whole = tuple(w.lower().rstrip(".") for w in head.group(1).split()) + words
            names.append((whole, _context(t, head.start(1), e.end + 1)))
            last_end = e.end
            continue
        if words:
            if names and _ALIAS_CUE.search(t, max(0, e.start - 40), e.start):
                # the sentence's first name, or an earlier one of the same surname
                aliases.update(frozenset((n, words)) for k, (n, _) in enumerate(names)
                               if len(n) > 1 and (k == 0 or n[-1] == words[-1]))
            names.append((words, _context(t, e.start, e.end)))
            last_end = e.end
    m = PRONOUN_LEAD.match(t)
    lead = _context(t, m.start(1), m.end(1)) if m else frozenset()
    if m is None and (m := THE_NOUN_LEAD.match(t)) is not None:
        lead = _context(t, m.start(1), m.end())  # "The band's | members"
    return Facts(frozenset(values), kinds, word_set(text), tuple(names), lead,
                 frozenset(twice), frozenset(aliases))


# "…, The Anderson Platoon or Saigon, U.S.A.? The Anderson Platoon": a question that offers
# two choices, answered by one of them
_COMPARING = re.compile(
    r"\b(?:\w+est|most|least|more|less|fewer|first|last|earlier|later|older|younger|newer|"
    r"longer|shorter|taller|larger|bigger|smaller|higher|lower|greater|faster|slower|"
    r"further|farther|before|after|than)\b", re.I)
_CHOICE = re.compile(r"[,:]\s*([^,:?]+?)\s+or\s+([^?]+?)\s*\?\s+(\S.*)\Z", re.S)


def _unchosen(claim: str) -> str | None:
    """The choice a "question + fragment" claim's answer did not pick, or ``None``."""
    m = _CHOICE.search(claim)
    if m is None or _COMPARING.search(claim[:m.start(3)]):
        return None  # "Who is older, A or B?" needs both
    first, second, answer = (" ".join(g.lower().strip(" .\"'").split()) for g in m.groups())
    if answer and (answer in first) != (answer in second):
        return m.group(2) if answer in first else m.group(1)
    return None


def claim_anchors(claim: str, *, locale: str = "dmy") -> list[Anchor]:
    """The anchors of ``claim``: its names, figures, dates and times, once each. In a
    question that offers two choices, the one the answer did not pick is no anchor."""
    unchosen = _unchosen(claim)
    if unchosen is not None:
        claim = claim.replace(unchosen, "", 1)
    p = _parse(claim, locale)
    out: list[Anchor] = []
    seen: set[tuple[str, tuple[object, ...]]] = set()

    def add(kind: str, key: tuple[object, ...], text: str, context: frozenset[str]) -> None:
        if (kind, key) not in seen:
            seen.add((kind, key))
            out.append(Anchor(kind, key, text, context))

    t = p.text
    for f in p.figures:
        it = figure_item(f)
        add(it.group, it.key, f.text, _context(t, f.start, f.end))
    for d in p.dates:
        add("date", _claim_date_key(d), d.text, _context(t, d.start, d.end))
    for tm in p.times:
        it = time_item(tm)
        add("time", it.key, tm.text, _context(t, tm.start, tm.end))
    for e in p.entities:
        words = tuple(w for w in e.words if w and w not in NAME_STOP)
        if words:
            add("name", words, e.text, _context(t, e.start, e.end))
    return out


# "Starter gives you 100 GB": a capitalised first word followed by a lower-case one
_OPENING = re.compile(r"^[\"'“‘(]*(?P<w>[A-Z][a-z]{2,})\s+[a-z]")
_NOT_A_NAME = frozenset("""the this that these those there then they their it its he she we
you his her our your my all any each every some most many much more no not yes both either
neither one two three four five six seven eight nine ten when where what which who why how
if after before during while since until once also only just even still yet but and or so
as at by for from in into of on to with without under over about above below between
please sure yes no well thanks thank great good happy""".split())


def opening_name(claim: str, texts: Sequence[str], facts: Sequence[Facts],
                 kinds: frozenset[str]) -> Anchor | None:
    """The claim's first word as a name anchor when an evidence sentence (``texts``, with
    their ``facts``) writes that word with a capital inside it and states a value of one of
    ``kinds`` (the claim's values): "Starter gives you 100 GB" against "The Starter plan
    allows 5 GB. The Team plan allows 100 GB." A sentence's first word has a capital
    whatever it is, so the claim alone cannot tell that it is a name, and without it the
    name the value belongs to is missing from the binding."""
    m = _OPENING.match(claim)
    if m is None or m["w"].lower() in _NOT_A_NAME:
        return None
    word = m["w"]
    # after a word in lower case, or after a sentence's opening determiner ("The Starter
    # plan"); not after another capitalised word ("Erling Haaland")
    inside = re.compile(rf"(?:\b[a-z][\w'’-]*[,;:)]?|(?:^|[.!?]\s+)(?:The|A|An|This|That|"
                        rf"Its|Their|Our|Your))\s+{re.escape(word)}\b")
    if not any(inside.search(t) and any(k in f.kinds for k in kinds)
               for t, f in zip(texts, facts, strict=True)):
        return None
    return Anchor("name", (word.lower(),), word, _context(claim, m.start("w"), m.end("w")))


def _name_in(words: tuple[object, ...], have: frozenset[str], last: str | None = None) -> bool:
    """A name is stated when all its words are, or its last word (a surname) is, or all
    the words of one of its aliases (``Kenya`` for ``Kenyan``). The last word of an
    institution or place ("Tribunal" of "the Housing Tribunal") is no surname. Given the
    ``last`` word of another name that ``have`` holds, the surname must be that word."""
    ws = [str(w) for w in words]
    if all(w in have for w in ws) or (len(ws) > 1 and ws[-1] in have and ws[-1] not in
                                      NAME_HEADS and (last is None or ws[-1] == last)):
        return True
    return any(all(w in have for w in a.split()) for a in aliases(" ".join(ws)))


def _one_name(short: tuple[object, ...], full: tuple[object, ...]) -> bool:
    """Whether the name ``short`` may name what ``full`` names (:func:`_name_in` against
    ``full``'s words, the surname ending both): "Best Use of Data" is not "Northern Data
    Trust" for their common "Data"."""
    return _name_in(short, frozenset(str(w) for w in full), last=str(full[-1]))


_YEAR_OLD = re.compile(r"-years?\Z|-year-old", re.IGNORECASE)
_HYPHENED = re.compile(r"-(?:years?|months?|weeks?|days?)\Z|-old\b", re.IGNORECASE)


def _age_key(kind: str, key: tuple[object, ...], text: str) -> tuple[object, ...] | None:
    """The plain number of an age written "N-year-old" (a figure of N × 12 months), the
    way "aged N" and "Harley Hicks, N," state it; ``None`` for any other figure."""
    if kind != "months" or not _YEAR_OLD.search(text) or len(key) != 4:
        return None
    months = key[2]
    if not isinstance(months, Decimal) or months % 12:
        return None
    return ("f", "number", months / 12, "")


def holds(anchor: Anchor, facts: Facts, inherited: frozenset[str]) -> bool:
    age = _age_key(anchor.kind, anchor.key, anchor.text)
    if age is not None and ("number", *age) in facts.values:
        return True  # "the 19-year-old" for "Harley Hicks, 19,"
    if anchor.kind == "name":
        return _name_in(anchor.key, facts.words | inherited)
    return (anchor.kind, *anchor.key) in facts.values


def _namesakes(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Two full names of one surname whose other words differ: two people ("Ana Silva" and
    her brother "Rui Silva"), not one named twice."""
    x, y = [str(w) for w in a], [str(w) for w in b]
    return (len(x) > 1 and len(y) > 1 and x[-1] == y[-1] and not set(x[:-1]) & set(y[:-1])
            and all(len(w) > 1 for w in x[:-1] + y[:-1]))


def _another_of_the_surname(anchor: Anchor, facts: Facts, inherited: frozenset[str]) -> bool:
    """Whether ``facts`` hold a person ``anchor`` by their surname alone while naming
    another person of that surname, one whose other words are none of the anchor's:
    "Priya Keane plays for …" states nothing of Mara Keane ("Scott Andrew Frost" is Scott
    Frost, "Great Manchester Police Chadderton" Greater Manchester Police Chadderton)."""
    ws = tuple(str(w) for w in anchor.key)
    have = facts.words | inherited
    return anchor.kind == "name" and len(ws) > 1 and not all(w in have for w in ws) and (any(
        len(n) > 1 and n[-1] == ws[-1] and not set(n[:-1]) & set(ws[:-1])
        for n, _ in facts.names) or (
        # the person a pronoun stands for: "She …" after "Ana Silva …" is not Rui Silva (a
        # pronoun that names one person inherits that name's few words; one that inherits
        # a whole sentence, more than four, names no one person)
        ws[-1] in inherited and not set(ws[:-1]) & inherited and len(inherited) <= 4))


def _kin(facts: Facts, kind: str) -> list[tuple[tuple[object, ...], tuple[str, frozenset[str]]]]:
    """The values of ``kind`` and of its kin (:data:`~certirag.checks.parse.KIN_GROUPS`:
    "one week" rivals "one month" though they do not convert exactly)."""
    return [item for k in KIN_GROUPS.get(kind, (kind,))
            for item in facts.kinds.get(k, {}).items()]


def rival_in_place(anchor: Anchor, facts: Facts, inherited: tuple[tuple[str, ...], ...],
           claim: Sequence[Anchor], *, anywhere: bool = False) -> Anchor | None:
    """A value of ``anchor``'s kind that ``facts`` (or, for a sentence led by a pronoun,
    the names it inherits) states in the place the claim gives the anchor — sharing a
    neighbouring content word with it ("the Hamburg office" for "the Oslo office"), or
    anywhere in the sentence with ``anywhere``. A name that is one of the ``claim``'s own
    names is no rival, and one of its own values rivals only where the sentence states it
    twice ("orbited Earth 66 times" gives no rival of the "two" of "66 times with two
    astronauts"; "office 18 … has 18 staff" gives 18 for "19 staff")."""
    same = [a for a in claim if a.kind == anchor.kind]

    def placed(ctx: frozenset[str]) -> bool:
        return anywhere or not anchor.context or bool(ctx & anchor.context)

    if anchor.kind == "name":
        named = [*facts.names, *((n, facts.lead) for n in inherited)]
        for name, ctx in named:
            if (len(name) > 1) != (len(anchor.key) > 1):
                continue  # a one-word name (a place, a firm) rivals only another one
            if any(frozenset((name, tuple(str(w) for w in a.key))) in facts.aliases
                   for a in same):
                continue  # another name of one of the claim's own people
            if placed(ctx) and not any((_one_name(name, a.key) or _one_name(a.key, name))
                                       and not _namesakes(name, a.key) for a in same):
                return Anchor("name", name, " ".join(name))
        return None
    own = {a.key for a in same}
    ages = {a.key for a in claim if a.kind == "number"}
    is_age = _HYPHENED.search(anchor.text) is not None
    for key, (text, ctx) in _kin(facts, anchor.kind):
        if not placed(ctx) or (key in own and (anywhere or (anchor.kind, *key)
                                               not in facts.twice)):
            continue  # the claim's own value, stated once, is in its own place
        if (_HYPHENED.search(text) is not None) != is_age or (
                _age_key(anchor.kind, key, text) in ages):
            continue  # an age ("the 59-year-old") rivals no span of time, nor its own age
        # the claim's own other value, stated twice, counts too when it sits in this one's
        # place ("Office 18 … has 18 staff" for "Office 18 … has 19 staff")
        if anchor.kind == "date":
            if not _date_compatible(anchor.key, key):
                return Anchor("date", key, text)
        elif key != anchor.key:
            return Anchor(anchor.kind, key, text)
    return None


def _date_compatible(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    if a[0] != b[0]:
        return True  # a weekday and a calendar date do not rival each other
    return all(x is None or y is None or x == y for x, y in zip(a[1:], b[1:], strict=True))


# A run of capitalised words and numbers: a name with its model or edition ("Aurora 5").
_RUN = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:[A-Z][\w'’-]*|\d[\w.]*))+")
_RUN_LEAD = re.compile(r"^(?:The|A|An|This|That|Its|Their|Our)\s+")
# What makes a longer name another model, edition or generation of the thing, not a title
# or a person after it ("White House Press Secretary Josh Earnest" is still the White House).
_VARIANT = (r"(?:Pro|Max|Plus|Ultra|Mini|Lite|Air|XL|SE|Sport|Premium|Deluxe|Standard|Junior|"
            r"Jr|Sr|II|III|IV|V|VI|Mk|Mark|Edition|Series|Classic|Neo|Prime|Turbo|GT|S|X|Z)")


def _named_version(claim: str, suffix: str) -> bool:
    """Whether ``claim`` names the longer name's number itself as a version: "Version 5.2
    of Linkwell Desktop" is "Linkwell Desktop 5.2"."""
    return suffix[:1].isdigit() and re.search(
        rf"\b(?:version|v\.?|release|edition|model)\s+{re.escape(suffix)}(?![\w.])", claim,
        re.IGNORECASE) is not None


def drop_longer_names(claim: str, anchors: Sequence[Anchor], hits: list[frozenset[int]],
                      texts: Sequence[str], prev: Sequence[int | None]
                      ) -> tuple[list[frozenset[int]], dict[int, tuple[str, str]]]:
    """A sentence that names the claim's "Aurora 5" only as part of a longer name ("the
    Aurora 5 Pro"), itself or in the sentence its pronoun leans on, holds none of the
    anchors inside that name: it speaks of another thing. ``texts`` are the sentences,
    ``prev[i]`` the one sentence ``i``'s pronoun leans on. Also returned: for each such
    sentence, the claim's name and the longer one."""
    runs = []
    for m in _RUN.finditer(claim):
        run = _RUN_LEAD.sub("", m.group(0))
        if len(run.split()) < 2:
            continue
        inside = frozenset(i for i, a in enumerate(anchors) if a.text and a.text in run)
        if inside:
            alone = re.compile(rf"\b{re.escape(run)}\b(?!\s+(?:[A-Z]|\d))")
            longer = re.compile(rf"\b{re.escape(run)}\s+(?:{_VARIANT}|\d[\w.]*)\b")
            runs.append((run, inside, alone, longer))
    out = list(hits)
    about: dict[int, tuple[str, str]] = {}
    for i, own in enumerate(texts):
        p = prev[i]
        text = own if p is None else f"{texts[p]} {own}"
        for run, inside, alone, longer in runs:
            hit = longer.search(text)
            if hit is not None and not alone.search(text) and not _named_version(
                    claim, hit.group(0)[len(run):].strip()):
                out[i] = out[i] - inside
                about.setdefault(i, (run, hit.group(0)))
    return out, about


def holds_here(anchor: Anchor, anchors: Sequence[Anchor], facts: Facts,
               inherited: frozenset[str]) -> bool:
    """Whether a sentence holds ``anchor``: itself, or through the names a pronoun-led
    sentence inherits — unless it states a rival of its own in the anchor's place ("Ana
    moved to London. … In 2010 she founded a clinic in Manchester." holds no "London"
    for "Ana founded a clinic in London in 2010")."""
    if _another_of_the_surname(anchor, facts, inherited):
        return False
    if holds(anchor, facts, frozenset()):
        return True
    return holds(anchor, facts, inherited) and not (
        anchor.kind == "name" and rival_in_place(anchor, facts, (), anchors) is not None)

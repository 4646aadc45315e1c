"""Named entities, rule-based: runs of capitalised words (with connectors such as ``of``,
``and``, ``de``, ``van``) outside dates, figures and citations.

A run at the start of a sentence loses its leading common words (``The Eiffel Tower`` →
``Eiffel Tower``); a single capitalised word at the start of a sentence is not taken as a
name unless it looks like one (an acronym or inner capitals), because nothing tells
``Workers`` from ``Lyon`` without a dictionary. Months, weekdays, pronouns, roman numerals,
units and currency codes are never names.

A run ends at a sentence end, a line break, and a quotation mark or bracket (a title's
edge: ``the "Daily Mail" Walter Scott``). Inside a run, a possessive and a corporate or press
title after a name are *cuts* (:attr:`Entity.cuts`): ``Spain's | King Felipe``,
``Apple | CEO Tim Cook``, ``Bank of England | Governor Mark Carney``, and so is a title after a
demonym: ``Cuban | President Raul Castro``. The run stays one name
(``King's College`` is one), but it may be grounded piece by piece at its cuts.

A name is grounded when the evidence or the question mentions it, case-insensitively: the whole
phrase; a surname-only mention of a full name (``Smith`` for ``John Smith``); a full name with
a middle name between (``Richard Nixon`` for ``Richard Milhous Nixon``, but not a middle name
the evidence does not have); an acronym of either (``EU`` / ``European Union``); a table of
aliases, countries and their demonyms (``UK`` / ``Britain`` / ``British``, ``Kenya`` /
``Kenyan`` / ``Kenyans``), and a demonym of a place the text names capitalised (``Tibetan``,
``Nepalese``); the last word singular or plural when the text also writes it in lower case
(``World Cup Final`` / ``Finals``, never ``Richard`` / ``Richards``); a first name in its
short or long form (``Mike`` / ``Michael``);
``State of X`` for X; a person named with the place they are from near the name (``Mimi and Joe
Lemay of Massachusetts``). Possessives are ignored and honorifics and titles (``Princesses
Sofia and Leonor``) dropped; first names may share the surname after them (``Iman and Siham
Hashi``). A name the evidence does not mention whole is still grounded when it cuts into pieces
the evidence mentions each: at its cuts (``Spain's King Felipe`` against evidence naming Spain
and King Felipe apart), or elsewhere into names of two words or more (``Daily Mail Online
Walter Scott`` against evidence naming ``Daily Mail Online`` and ``Walter Scott``). A single
word is a piece only between cuts, so ``John Smith`` is not grounded by a ``John`` and a
``Smith`` apart, nor ``Times Square`` by "at times" and "square metres".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from certirag.checks._text import COMMON, Spans, Token, tokens, words
from certirag.checks.name_tables import ALIAS_OF, NICKNAMES, aliases

__all__ = ["Entity", "EntityIndex", "extract_entities"]

_CONNECT = frozenset({"of", "and", "de", "del", "della", "di", "da", "du", "des", "la", "le",
                      "van", "von", "der", "den", "ter", "bin", "al", "el", "y", "&", "the",
                      "upon", "on", "for"})
_SPLIT = frozenset({"and", "&"})
_NEVER = words("""
i i'm i've i'd january february march april may june july august september october november
december monday tuesday wednesday thursday friday saturday sunday mondays tuesdays
wednesdays thursdays fridays saturdays sundays am pm a.m p.m bc ad ce bce ii iii iv vi vii
viii ix xi xii xiii xiv xv xvi xvii xviii xix xx eur gbp usd chf jpy inr cny aud cad mg kg
km ml mb gb tb kb kwh mw gw kw mph ok oh mr mrs ms dr prof
exclusive breaking update pictured watch video tv
""")
_HONORIFIC = words("""
mr mrs ms mx miss dr prof professor sir dame lord lady president king queen prince princess saint
st judge justice general gen captain capt colonel col lieutenant sergeant senator governor
mayor pope rev reverend father sister brother uncle aunt chancellor minister
princes princesses kings queens presidents senators judges
ceo cfo coo cto chairman chairwoman chief executive officer spokesman spokeswoman spokesperson
editor director founder secretary prime deputy vice
""")
# Roles before a full name ("Comedian Maria McErlane", "Ex-husband Barry McCarthy"): dropped
# only when a name of two words or more is left, so "Star Wars" is not "Wars".
_ROLE = words("""
rep representative congressman congresswoman councillor officer officers constable detective
inspector comedian actor actress singer star model presenter host reporter journalist author
writer designer businessman businesswoman tycoon billionaire chef coach manager boss owner
photographer teacher nurse pilot driver charity
husband wife ex-husband ex-wife widow widower mother father mum dad son daughter victim suspect
""")
#: The words that introduce a person ("Councillor Priya Shah", "Dr Lee"), lowercase.
PERSON_TITLES = _HONORIFIC | _ROLE
# Titles that start a new run after a name (``Apple CEO Tim Cook``). Political titles
# (``Foreign Minister``, ``Vice President``) are left whole: their first word matters.
_TITLE = words("""
ceo cfo coo cto chairman chairwoman chief spokesman spokeswoman spokesperson editor director
founder governor
""")
# Generic nouns a name may end with in a claim and not in the text ("Labour MPs").
_GENERIC_TAIL = frozenset({"headquarters", "hq", "government", "administration", "mps",
                           "meps", "msps", "party", "officials", "supporters", "fans",
                           "ceo", "boss", "chief"})
_INSTITUTION = frozenset({"university", "college"})
# The head nouns of place and institution names: "Hornby … Valley" is no "Hornby Valley".
_HEADS = frozenset("""valley river street road avenue lane castle university college school
hospital city county state lake mountain mount park bridge station island bay church airport
square house hall centre center club court council forest hill beach harbour harbor""".split())
#: The head nouns of institution and place names ("the Housing Tribunal", "the High Court",
#: "Norrland Bank"): the last word of such a name does not stand for it the way a surname
#: stands for a person ("Berg" for "Jonas Berg"), as "the Upper Tribunal" is no "Housing
#: Tribunal".
NAME_HEADS = _HEADS | frozenset("""tribunal bank office ministry department agency
committee commission party institute institution foundation museum theatre theater library
hotel company group corporation authority service board trust fund association society union
league cup prize award festival programme program project act treaty republic kingdom army
navy force police prison port stadium arena gallery clinic unit ward region province district
islands sea ocean desert peninsula strait gulf coast airlines airline railway line network
fc""".split())
_QUOTES = frozenset("\"'([{")
# Words between a person's name and the place they are from (:meth:`EntityIndex._placed`).
_NEAR = 12
_UPPER_RE = re.compile(r"[A-Z]")
_LOWER_RE = re.compile(r"[a-z]")


@dataclass(frozen=True, slots=True)
class Entity:
    """A capitalised name in the claim; ``words`` lowercase without possessives; ``cuts``
    the indices into ``words`` where a piece may start (after a possessive, at a title)."""

    text: str
    words: tuple[str, ...]
    start: int
    end: int
    cuts: tuple[int, ...] = ()


# The head of a compound modifier after a name: "California-based", "Oxford-educated",
# "Colombian-born", "Scientology-bashing" (the name is the part before it).
_MODIFIER_HEAD = re.compile(r"[a-z]+(?:ed|ing)|born|bred|made|run|built|sold|led|style|era"
                            r"|area|wide|like|only|free|friendly|owned|grown|backed")


# Prefixes that make a name a modifier: "Ex-White House aides", "Anti-Assad activist".
_NAME_PREFIX = re.compile(r"(?:ex|anti|pro|non|post|pre|mid|pan|former)-(?=[a-z])")


def _word(tok: Token) -> str:
    w = tok.text.lower()
    if w.endswith(("'s", "’s")):
        w = w[:-2]
    w = w.rstrip("'’.")
    pm = _NAME_PREFIX.match(w)
    if pm and tok.text[pm.end()].isupper():
        w = w[pm.end():]
    if "-" in w:
        head, _, tail = tok.text.rpartition("-")
        if head and _MODIFIER_HEAD.fullmatch(tail.rstrip("'.")):
            return head.lower()
    return w


def _looks_like_name(text: str) -> bool:
    """An acronym (``NASA``) or a word with inner capitals (``McDonald``, ``iPhone``)."""
    letters = [c for c in text if c.isalpha()]
    if len(letters) >= 2 and all(c.isupper() for c in letters):
        return True
    return any(c.isupper() for c in text[1:]) and any(c.islower() for c in text)


def _is_cap(tok: Token) -> bool:
    c = tok.text[0]
    return c.isalpha() and c.isupper()


# A reply that is a name and nothing else: "Krakow", "East Central University."
_BARE_NAME = re.compile(r"[A-Z][\w'’.&-]*(?:\s+(?:of\s+|the\s+|de\s+)?[A-Z0-9][\w'’.&-]*){0,5}"
                        r"[.!]?")


def extract_entities(text: str, taken: Spans, toks: list[Token] | None = None
                     ) -> list[Entity]:
    """Capitalised names in ``text`` outside the ``taken`` spans (``toks``: its tokens, if
    already made)."""
    upper = len(_UPPER_RE.findall(text))
    if upper > 1.5 * len(_LOWER_RE.findall(text)) and upper > 3:
        return []  # shouting or a heading: capitals carry no signal
    if toks is None:
        toks = tokens(text)
    out: list[Entity] = []
    run: list[tuple[Token, bool, bool]] = []  # (token, sentence-initial, a cut before it)

    def flush() -> None:
        if run:
            _emit(text, run, out)
            run.clear()

    prev_stop = True
    after_question = False
    last_end = 0
    for i, tok in enumerate(toks):
        ch = tok.text[0]
        initial = prev_stop and not (after_question and _word(tok) not in COMMON)
        if run and "\n" in text[last_end:tok.start]:
            flush()  # a line break: a heading or a title's edge
        last_end = tok.end
        if ch in ".!?:;":
            if ch == "." and run and len(run[-1][0].text) == 1 and run[-1][0].text.isupper():
                continue  # an initial: "Lawrence M. Tanenbaum"
            # after a question mark a claim holds only its answer: "Where was she born?
            # Krakow" names Krakow, as a bare run of capitalised words there does
            prev_stop = True
            after_question = ch == "?" and _BARE_NAME.fullmatch(
                text[tok.end:].strip()) is not None
            if run:
                flush()
            continue
        if ch in _QUOTES:
            flush()  # a quoted title or a bracket is a name's edge
            continue
        prev_stop = False
        if tok.text in ("No", "Nos") and i + 1 < len(toks) and toks[i + 1].text[0].isdigit():
            flush()  # "No 81": a number's label, not a name's last word
            continue
        if ch.isupper():
            low = tok.text.lower()
            if taken.free(tok.start, tok.end) and low not in _NEVER:
                prev = run[-1][0].text.lower() if run else ""
                cut = bool(run) and (prev.endswith("'s") or (
                    low in _TITLE and prev not in _TITLE | _CONNECT) or (
                    low in _HONORIFIC and prev in ALIAS_OF))  # "Cuban | President Raul"
                run.append((tok, initial, cut))
                continue
        elif run and ch.isalpha() and tok.text in _CONNECT and i + 1 < len(toks) and _is_cap(
                toks[i + 1]) and taken.free(tok.start, tok.end):
            run.append((tok, False, False))
            continue
        if run:
            flush()
    flush()
    return out


# Short verbs that open a headline-style sentence: "Says Scottish Nationalists want …".
_OPENING_VERBS = frozenset({"says", "adds", "tells", "asks", "vows", "urges"})


# A sentence's first word shaped like an adverb ("Eventually Wilcox", "Finally Smith").
_ADVERB = re.compile(r"[A-Z][a-z]{2,}(?:al|ent|ant|ous|ate|ive|ed|ing|ful|ib|ab)ly")


def _inflected(word: str) -> bool:
    """A capitalised sentence-initial word shaped like a verb or a plural common noun
    ("Warns", "Abused", "Broadcasters", "Following"), not like a name."""
    low = word.lower()
    return (not _looks_like_name(word) and len(low) > 4
            and low.endswith(("s", "ed", "ing")) and not low.endswith(("ss", "us", "is")))


def _emit(text: str, run: list[tuple[Token, bool, bool]], out: list[Entity]) -> None:
    items = list(run)
    while items and (items[0][0].text.lower() in _CONNECT or (
            items[0][0].text.lower() in COMMON and not _looks_like_name(items[0][0].text))):
        items.pop(0)
    if len(items) > 1 and items[0][1] and (_inflected(items[0][0].text)
                                           or _ADVERB.fullmatch(items[0][0].text)
                                           or items[0][0].text.lower() in _OPENING_VERBS):
        items.pop(0)  # "Broadcasters Jimmy Savile", "Warns Britain": a sentence's first word
        while items and items[0][0].text.lower() in _CONNECT:
            items.pop(0)  # "Parents of Martin Richard": the name starts after "of"
    while items and items[-1][0].text.lower() in _CONNECT:
        items.pop()
    if not items:
        return
    if len(items) == 1:
        tok, initial, _ = items[0]
        if initial and not _looks_like_name(tok.text):
            return
        if len(tok.text.rstrip("'.")) < 2:
            return
    start, end = items[0][0].start, items[-1][0].end
    words = tuple(_word(t) for t, _, _ in items)
    cuts = tuple(i for i, (_, _, cut) in enumerate(items) if cut and i > 0)
    out.append(Entity(text[start:end], words, start, end, cuts))


def _nicknamed(words: tuple[str, ...]) -> Iterable[tuple[str, ...]]:
    """``words`` with its first name (after honorifics and roles) in its other forms."""
    i = 0
    while i < len(words) - 1 and words[i] in PERSON_TITLES:
        i += 1
    for other in sorted(NICKNAMES.get(words[i], frozenset()) - {words[i]}) if words else ():
        yield (*words[:i], other, *words[i + 1:])


def _demonym_stems(word: str) -> tuple[str, ...]:
    """The place a demonym the alias table lacks may name: "tibetan" → "tibet",
    "kosovan" → "kosova"/"kosov", "nepalese" → "nepal", "bengali" → "bengal"."""
    w = word[:-1] if word.endswith("s") else word
    if w.endswith("ese"):
        return (w[:-3],)
    if w.endswith("an"):
        return (w[:-2], w[:-1])
    if w.endswith("i"):
        return (w[:-1],)
    return ()


class EntityIndex:
    """What the evidence and the question mention, for grounding names."""

    __slots__ = ("_acronyms", "_capital", "_common", "_phrase", "_positions", "_seq",
                 "_unhyphened", "_words")

    def __init__(self, token_lists: Iterable[list[Token]]) -> None:
        parts: list[str] = []
        self._positions: dict[str, list[int]] = {}
        self._words: set[str] = set()
        self._acronyms: set[str] = set()
        self._common: set[str] = set()  # words the text also writes in lower case
        self._capital: set[str] = set()  # words it writes capitalised
        n = 0
        for all_toks in token_lists:
            toks = [t for t in all_toks if t.text[0].isalpha()]
            cap_run: list[str] = []
            for t in toks:
                w = _word(t)
                parts.append(w)
                self._words.add(w)
                self._positions.setdefault(w, []).append(n)
                n += 1
                if _is_cap(t):
                    cap_run.append(w)
                    self._capital.add(w)
                    continue
                self._common.add(w)
                if w not in _CONNECT:
                    self._add_acronym(cap_run)
                    cap_run = []
            self._add_acronym(cap_run)
            parts.append("|")
            n += 1
        self._phrase = " " + " ".join(parts) + " "
        self._unhyphened = self._phrase.replace("-", " ")  # "al-Qaeda" is "al Qaeda"
        self._seq = parts

    def _add_acronym(self, run: list[str]) -> None:
        if len(run) >= 2:
            self._acronyms.add("".join(w[0] for w in run if w not in _CONNECT))
            self._acronyms.add("".join(w[0] for w in run))

    def grounded(self, words: tuple[str, ...], cuts: Iterable[int] = (), *,
                 opening: bool = False) -> bool:
        """Whether the name ``words`` (lowercase; ``cuts`` as :attr:`Entity.cuts`) is
        mentioned (see the module docstring). ``opening``: the name opens its sentence,
        so its first word may be a common word capitalised by position ("Student Britt
        Lapthorne"); it is dropped when the text writes it in lower case too."""
        cuts = frozenset(cuts)
        if self._grounded(words) or self._pieces(words, cuts) or self._located(words) \
                or self._inverted(words) or self._route(words):
            return True
        if not opening or len(words) < 2 or words[0] not in self._common \
                or words[0] in _CONNECT:
            return False
        rest = words[1:]
        while rest and rest[0] in _CONNECT:
            rest = rest[1:]
        # one word left must be a name in the text too ("Student Britt"), not any word
        if not rest or (len(rest) == 1 and rest[0] not in self._capital):
            return False
        shift = len(words) - len(rest)
        return self.grounded(rest, (c - shift for c in cuts if c > shift))

    def _pieces(self, words: tuple[str, ...], cuts: frozenset[int]) -> bool:
        """Whether ``words`` cut into mentioned pieces: one word or more between cuts (or
        the ends), two words or more elsewhere."""
        n = len(words)
        if n < 2 or n > 16 or (n < 4 and not cuts):
            return False
        edges = cuts | {0, n}
        ok = [False] * (n + 1)
        ok[n] = True
        for i in range(n - 1, -1, -1):
            if words[i] in _CONNECT:
                # between two pieces ("Jarrod Scott for Linda Farrow"), never at an end
                ok[i] = i > 0 and ok[i + 1] and words[i - 1] not in _CONNECT and i + 1 < n
                continue
            ok[i] = any(ok[j] and words[j - 1] not in _CONNECT
                        and (sum(w not in _CONNECT for w in words[i:j]) >= 2
                             or (i in edges and j in edges))
                        and self._grounded(words[i:j])
                        for j in range(n, i, -1) if j - i < n)
        return ok[0]

    def _located(self, words: tuple[str, ...]) -> bool:
        """A name and where it is, joined by "on" ("GP on Teesside", "Smith on Twitter"):
        each side mentioned as a name of its own. A place written with "on" or "upon"
        ("Newcastle upon Tyne") is found whole before this is tried."""
        if "on" not in words[1:-1]:
            return False
        k = words.index("on", 1)
        head, tail = words[:k], words[k + 1:]
        return (head[-1] not in _CONNECT and tail[0] not in _CONNECT
                and self.grounded(head) and self.grounded(tail))

    def _grounded(self, words: tuple[str, ...]) -> bool:
        return self._grounded_whole(words) or self._placed(words)

    def _route(self, words: tuple[str, ...]) -> bool:
        """Two places joined by a dash, as a route or a link ("the Aldwick–Porthcarn
        journey", "Paris-London", "the Brellington–Saxby Junction train"), each mentioned
        as a name."""
        dashed = [k for k, w in enumerate(words) if "-" in w]
        if len(dashed) != 1 or words[dashed[0]].count("-") != 1:
            return False
        k = dashed[0]
        left, right = words[k].split("-")
        if not (left and right and left in self._capital and right in self._capital):
            return False
        # each side a name of its own: "Brellington-Saxby Junction" is Brellington and
        # Saxby Junction
        return self._mentioned((*words[:k], left)) and self._mentioned((right, *words[k + 1:]))

    def _inverted(self, words: tuple[str, ...]) -> bool:
        """A body named by its place first ("Eastmoor Court of Appeal", "Ravensholm
        District Court") where the text names it with its place after "of" ("the Court of
        Appeal of Eastmoor", "the District Court of Ravensholm"): one place word, then a
        body of two words or more."""
        if len(words) < 3 or words[0] in _CONNECT or words[1] in _CONNECT \
                or words[-1] in _CONNECT:
            return False
        place, body = words[:1], words[1:]
        return any(self._mentioned((*body, *link, *place)) for link in (("of",), ("of", "the")))

    def _placed(self, words: tuple[str, ...]) -> bool:
        """A person's name with the place they are from ("Mimi and Joe Lemay of
        Massachusetts" for "Massachusetts couple Mimi and Joe Lemay"): the names before the
        last "of", the place after it, each mentioned, the place near the names."""
        k = max((i for i, w in enumerate(words) if w == "of"), default=-1)
        head, tail = words[:k], words[k + 1:]
        if sum(w not in _CONNECT for w in head) < 2 or not 0 < len(tail) <= 3 or any(
                w in _CONNECT for w in tail):
            return False
        if not (self._said(tail) or self._alias_mentioned(tail)) \
                or not self._grounded_whole(head):
            return False
        return any(abs(a - b) <= _NEAR for a in self._positions.get(head[-1], ())
                   for b in self._positions.get(tail[0], ()))

    def _grounded_whole(self, words: tuple[str, ...]) -> bool:
        if any(w in _SPLIT for w in words):
            parts: list[tuple[str, ...]] = []
            cur: list[str] = []
            for w in words:
                if w in _SPLIT:
                    parts.append(tuple(cur))
                    cur = []
                else:
                    cur.append(w)
            parts.append(tuple(cur))
            if self._mentioned(words):
                return True
            if all(self._mentioned(p) for p in parts if p):
                return True
            # "Ray and Patricia Barone": first names sharing the last part's surname
            last = parts[-1]
            return len(last) > 1 and all(p for p in parts) and all(
                self._mentioned((*p, last[-1]) if len(p) == 1 else p) for p in parts[:-1]
            ) and self._mentioned(last)
        return self._mentioned(words)

    def _mentioned(self, words: tuple[str, ...]) -> bool:
        return self._mentioned_as(words) or any(self._mentioned_as(v)
                                                for v in _nicknamed(words))

    def _mentioned_as(self, words: tuple[str, ...]) -> bool:
        if not words:
            return True
        joined = " " + " ".join(words) + " "
        if joined in self._phrase or joined.replace("-", " ") in self._unhyphened:
            return True
        if len(words) > 1 and len(words[-1]) > 3:  # "World Cup Final" for "World Cup Finals"
            last = words[-1][:-1] if words[-1].endswith("s") else words[-1] + "s"
            # a common noun the text also writes in lower case, never a surname ("Richards")
            if (last in self._common or words[-1] in self._common) and \
                    " " + " ".join((*words[:-1], last)) + " " in self._phrase:
                return True
        core = words
        while len(core) > 1 and (core[0] in _HONORIFIC or (core[0] in _ROLE and len(core) > 2)):
            core = core[1:]
            while len(core) > 1 and core[0] in _CONNECT:
                core = core[1:]  # "CEO of Go Ape Marketing"
        if core != words and " " + " ".join(core) + " " in self._phrase:
            return True
        if len(core) == 1:
            w = core[0]
            if w in self._words or w + "s" in self._words or (
                    w.endswith("s") and w[:-1] in self._words):
                return True
            if w.isalpha() and len(w) <= 6 and w in self._acronyms:
                return True
            if w.endswith(("er", "ers")) and w.rstrip("s")[:-2] in self._capital \
                    and len(w.rstrip("s")) >= 6:
                return True  # "Londoner" for London, "Icelanders" for Iceland
            if any(len(stem) >= 4 and stem in self._capital for stem in _demonym_stems(w)):
                return True  # "Tibetan" for Tibet, "Nepalese" for Nepal
        else:
            # first and last name close together, every middle name of the claim between
            # them: the claim may leave out a middle name, never add one
            firsts = self._positions.get(core[0], ())
            lasts = self._positions.get(core[-1], ())
            if any(0 < b - a <= len(core) + 2
                   and all(w in self._seq[a + 1:b] for w in core[1:-1])
                   and (core[-1] not in _HEADS
                        or not any(w in self._common for w in self._seq[a + 1:b]))
                   for a in firsts for b in lasts):
                return True  # "Hornby in the Lune Valley" is no "Hornby Valley"
        for name in {core, words}:  # "PM" for "Prime Minister", titles and all
            initials = "".join(w[0] for w in name if w not in _CONNECT)
            if len(name) > 1 and len(initials) >= 2 and initials in self._words:
                return True
        if self._alias_mentioned(core):
            return True
        if len(core) > 2 and core[0] == "state" and core[1] == "of":
            return self._said(core[2:]) or self._alias_mentioned(core[2:])  # "State of Utah"
        if len(core) > 2 and core[0] in _INSTITUTION and core[1] == "of":
            return self._said((*core[2:], core[0]))  # "University of Warwick"
        if len(core) > 1 and core[-1] in _INSTITUTION:
            return self._said((core[-1], "of", *core[:-1]))  # "Warwick University"
        if len(core) > 1 and core[-1] in _GENERIC_TAIL:
            # "Conservative Government", "Labour MPs", "Moose Toys Headquarters": the
            # name before a generic noun, itself a name of the text
            rest = core[:-1]
            return self._said(rest) or (len(rest) == 1 and self._alias_mentioned(rest))
        return False

    def _said(self, words: tuple[str, ...]) -> bool:
        """``words`` as a phrase of the text, or one word the text writes capitalised."""
        if len(words) == 1:
            return words[0] in self._capital
        return " " + " ".join(words) + " " in self._phrase

    def _alias_mentioned(self, core: tuple[str, ...]) -> bool:
        group = aliases(" ".join(core))
        return any(" " + a + " " in self._phrase or " " + a + "s " in self._phrase
                   for a in group)

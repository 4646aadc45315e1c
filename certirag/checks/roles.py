"""Role swaps: two names the evidence relates the other way round.

"Acme acquired Globex in 2019." against "Globex acquired Acme in 2019." has every name,
date and word of its evidence, and our small model entails it (P(entailment) 0.80). The
claim names two parties with a relation between them (the words from the first name to the
second); the evidence sentence it aligns with has the same two names with the same relation
words between them, in the other order, in the same voice (a passive ``by`` in both or in
neither: "Globex was bought by Acme" states "Acme bought Globex"). A relation that reads the
same both ways ("A met B", "A and B", "A played against B") is no swap, and neither is a
claim whose order the evidence also states. "In" after the verb on one side only turns
the order round ("X starred in Y" is what "Y is starring X" says; "Y starred in X" is the
swap); another preposition on one side only is another relation: no swap.
"""

from __future__ import annotations

import re
from itertools import pairwise

from certirag.checks._text import stem
from certirag.checks.base import Finding
from certirag.checks.parse import SentInfo
from certirag.text.verbs import BASE_VERBS, BE_FORMS, MODAL_VERBS

__all__ = ["AUXILIARIES", "DETERMINERS", "OTHER_RELATION", "agent_swap", "other_doer",
           "party_swap", "role_swap", "subject_swap"]

# Relation words that read the same both ways.
_SYMMETRIC = frozenset("""and & or nor with vs versus v against between both together alongside
met meet meets meeting married marry marries marrying merged merge merges merging partnered
partner partners drew draw draws tied tie ties played play plays faced face faces
""".split())
_MAX_GAP = 8  # relation words between the two names


_NOT_NAMES = frozenset("""the a an in on at by for of to it he she they we you i this that
these those his her their its our my your there here when while after before if but and or
january february march april may june july august september october november december monday
tuesday wednesday thursday friday saturday sunday""".split())


def _low(text: str) -> str:
    return text.lower().removesuffix("'s").removesuffix("’s")


def _names(s: SentInfo, e: SentInfo) -> list[tuple[str, ...]]:
    """The names of ``s`` that ``e`` writes too: runs of capitalised words (a sentence's
    first word included) each of which ``e`` writes capitalised."""
    capital = {_low(t.text) for t in e.toks if t.text[:1].isupper()}
    out: list[tuple[str, ...]] = []
    run: list[str] = []
    for t in [*s.toks, None]:
        w = _low(t.text) if t is not None else ""
        if t is not None and t.text[:1].isupper() and w in capital and w not in _NOT_NAMES:
            run.append(w)
            continue
        if run:
            out.append(tuple(run))
            run = []
    return out


def _places(s: SentInfo, name: tuple[str, ...]) -> list[tuple[int, int]]:
    """Token ranges in ``s`` where ``name`` (its words, in order) is written."""
    low = [_low(t.text) for t in s.toks]
    n = len(name)
    return [(i, i + n) for i in range(len(low) - n + 1) if tuple(low[i:i + n]) == name]


_PAST = frozenset("""beat beats won wins led leads sued met hit bought buys sold sells took takes
gave gives told tells paid pays made makes left leaves ran runs began begins became becomes chose
chooses drove drives fought caught catches found finds held holds kept keeps lost loses saw sees
sent sends shot shoots struck strikes taught teaches threw throws wrote writes""".split())
# In the evidence, words that open a clause of its own between the names: no relation.
_CLAUSE = frozenset("he she it they we that who whom whose which when while because".split())


# Stems of one relation, each read as the first's: "X beat Y" is what "X defeated Y" says.
_SAME_RELATION = {"defeat": "beat", "overcam": "beat", "overcom": "beat", "edg": "beat",
                  "thrash": "beat", "outplay": "beat", "buy": "acquir", "purchas": "acquir",
                  "hire": "employ", "sue": "sued"}


def _one_relation(stems: set[str]) -> set[str]:
    """``stems`` with each word of one relation written as the first of its family."""
    return {_SAME_RELATION.get(st, st) for st in stems}


def _verbish(words: list[str]) -> bool:
    """Whether the words between two names hold a verb ("acquired", "beat", "is", "must
    notify", "to pay")."""
    return any(w in BE_FORMS or w in _PAST or w in MODAL_VERBS or (len(w) > 4 and w.endswith("ed"))
               or (k and words[k - 1] == "to" and w in BASE_VERBS)
               for k, w in enumerate(words)) or (
        bool(words) and len(words[0]) > 3 and words[0].endswith("s")
        and not words[0].endswith("ss"))


def _passive(words: list[str]) -> bool:
    """A passive between the names: ``by``, or a form of *be* before a participle."""
    return "by" in words or any(
        w in BE_FORMS and any(x.endswith(("ed", "en")) for x in words[i + 1:i + 3])
        for i, w in enumerate(words))


def _between(s: SentInfo, a: tuple[int, int], b: tuple[int, int]
             ) -> tuple[set[str], bool, list[str]]:
    """The content stems of the words from ``a`` to ``b``, whether they are passive, and
    the words themselves (lower case)."""
    words = [s.toks[j].text.lower() for j in range(a[1], b[0])]
    return ({str(s.stems[j]) for j in range(a[1], b[0]) if s.stems[j] is not None},
            _passive(words), words)


_PREPOSITIONS = frozenset("in on at into onto for from with to of about under over".split())


def _last_preposition(words: list[str]) -> str | None:
    """The preposition the relation words end with ("starred in", "starred in the"), if
    any."""
    while words and words[-1] in ("the", "a", "an"):
        words = words[:-1]
    return words[-1] if words and words[-1] in _PREPOSITIONS else None


# Verbs whose "in" turns the relation round: "X starred in Y" is "Y stars X".
_IN_TURNS = frozenset("""star stars starred starring appear appears appeared appearing feature
features featured featuring act acts acted acting cast""".split())


def _ends_in(words: list[str]) -> bool:
    """Whether the relation words end with "in" ("starred in", "starred in the")."""
    return _last_preposition(words) == "in"


def _verb_before_in(words: list[str]) -> str:
    """The word before the last "in" of the relation words ("starred" of "starred in the")."""
    k = len(words) - 1 - words[::-1].index("in") if "in" in words else 0
    return words[k - 1] if k > 0 else ""


def _participle(s: SentInfo, end: int, gap: list[str]) -> str | None:
    """The stem of a participle clause that relates the sentence's subject to the name at
    token ``end`` ("Lucas Ferro won the final, beating Kaito Rennard": ``beat``; "…,
    beating 15-year-old Ivana Roszak"): the relation words end with a comma, one word in
    -ing and at most two words that describe the name, and hold no other comma and
    nothing symmetric."""
    if len(gap) < 3 or "," not in gap:
        return None
    k = len(gap) - 1 - gap[::-1].index(",")
    ing = gap[k + 1:k + 2]
    rest = " ".join(gap[k + 2:]).replace(" - ", "-").split()  # "15 - year-old": one word
    if not ing or not ing[0].endswith("ing") or len(ing[0]) < 6 or len(rest) > 2 \
            or any(w in ",;:" or w in _SYMMETRIC for w in gap[:k]) or ing[0] in _SYMMETRIC \
            or any(not w.replace("-", "").isalnum() or _verbish([w]) for w in rest):
        return None
    stem = s.stems[end - len(gap) + k + 1]
    return str(stem) if stem is not None else None


def _past_aside(e: SentInfo, x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
    """``x`` (the first name's tokens) extended past an aside in commas after it ("Ivana
    Roszak, playing with the black pieces, defeated …"), which relates the name to nothing
    the relation after it holds; ``x`` itself when no such aside follows."""
    toks = e.toks
    if x[1] >= y[0] or toks[x[1]].text != ",":
        return x
    for k in range(x[1] + 1, min(y[0] - 1, x[1] + 10)):
        word = toks[k].text.lower()
        if word in _CLAUSE or word in ";:":
            return x
        if word == ",":
            return (x[0], k + 1)
    return x


def role_swap(s: SentInfo, e: SentInfo) -> Finding | None:
    """``role_swap`` when the evidence sentence ``e`` relates two neighbouring names of the
    claim sentence the other way round (see the module docstring): "Judge Osei ordered
    Tallis Software to pay Greenway Data" against "… ordered Greenway Data to pay Tallis"
    (the second and third names)."""
    names = _names(s, e)
    if len(names) > 4:
        return None
    for pair in pairwise(names):
        found = _pair_swap(s, e, pair)
        if found is not None:
            return found
    return None


def _pair_swap(s: SentInfo, e: SentInfo, names: tuple[tuple[str, ...], tuple[str, ...]]
               ) -> Finding | None:
    """:func:`role_swap` for one pair of the claim's names."""
    if names[0] == names[1]:
        return None
    first, second = (_places(s, n) for n in names)
    if len(first) != 1 or len(second) != 1 or first[0][1] > second[0][0] \
            or second[0][0] - first[0][1] > _MAX_GAP:
        return None
    if "?" in s.text:
        return None  # a question read with its answer: the question's order is asked
    relation, passive, gap = _between(s, first[0], second[0])
    # the rest of a name the evidence writes shorter ("Tallis Software" for "Tallis") is
    # no relation word
    relation -= {str(s.stems[j]) for j in range(first[0][1], second[0][0])
                 if s.stems[j] is not None and s.toks[j].text[:1].isupper()}
    participle = _participle(s, second[0][0], gap)
    if participle is not None:
        # "Ferro won the final, beating Rennard": the participle relates the two names
        comma = len(gap) - 1 - gap[::-1].index(",")
        relation, passive, gap = {participle}, False, [gap[comma + 1]]
    elif not relation or not _verbish(gap) or any(w in _SYMMETRIC or w in ",;:" for w in gap):
        return None
    swapped = False
    for a in _places(e, names[0]):
        for b in _places(e, names[1]):
            forward = a[1] <= b[0]  # the claim's order
            x, y = (a, b) if forward else (b, a)
            x = _past_aside(e, x, y)
            if not 0 <= y[0] - x[1] <= _MAX_GAP:
                continue
            words, by, between = _between(e, x, y)
            if not _one_relation(relation) <= _one_relation(words) or not _verbish(between) \
                    or (between[:1] == [","]) \
                    or any(w in _CLAUSE for w in between):
                continue  # no relation of the two names, or "X, director of Y"
            frames = {_last_preposition(between), _last_preposition(gap)}
            if len(frames) == 2:
                if frames != {None, "in"} or by or passive \
                        or _verb_before_in(gap if _ends_in(gap) else between) not in _IN_TURNS:
                    continue  # another frame of another relation ("won in Berlin": a place)
                # "X starred in Y" is what "Y is starring X" says: the order turns round
                if not forward:
                    return None
                swapped = True
                continue
            if forward:  # the claim's order: stated, unless an agent ("by") turns it round
                if by == passive or ("by" in between) == ("by" in gap):
                    return None
            elif by != passive:
                return None  # turned round by the voice: "B was appointed by A" states it
            swapped = True
    if not swapped:
        return None
    one, two = (" ".join(t.text for t in s.toks[p[0][0]:p[0][1]]) for p in (first, second))
    return Finding("role_swap", "contradiction",
                   f"the evidence relates {one!r} and {two!r} the other way round: "
                   f"{e.text.strip()!r}", s.text, e.text.strip())


# ------------------------------------------------------------------ another subject

#: Words that open a noun phrase ("the", "this", "their" …).
DETERMINERS = frozenset("the a an this that these those its their his her our your my".split())


def _opening(s: SentInfo, other: frozenset[str]) -> tuple[int, set[str]]:
    """Where the words of ``s`` that ``other`` shares begin (a token index), and the
    content stems before it: the sentence's own opening, its subject where the rest is
    shared."""
    stems: set[str] = set()
    for i, st in enumerate(s.stems):
        if st is not None and st in other:
            return i, stems
        if st is not None:
            stems.add(st)
    return len(s.stems), stems


def _anaphoric(s: SentInfo, end: int) -> bool:
    """An opening that may name what another sentence names: a pronoun (no content word)
    or a determiner and one noun ("The firm", "The drug")."""
    words = [t.text.lower() for t in s.toks[:end] if t.text[:1].isalnum()]
    content = [j for j in range(end) if s.stems[j] is not None]
    return not content or (len(words) == 2 and words[0] in DETERMINERS)


_MAX_SUBJECT = 4  # tokens of an opening read as a subject
_NOT_IN_SUBJECT = BE_FORMS | _CLAUSE | frozenset("""has have had will would can could may might must
shall should do does did not in on at by for from to of after before during according as if
when although though while because since until also i you we his her their its our my your
""".split())


def _subject(s: SentInfo, end: int) -> bool:
    """The first ``end`` tokens of ``s`` are a noun phrase that the verb follows: a few
    words, none of them an auxiliary, preposition or pronoun, and the next word in lower
    case (the verb, not the rest of a name: "Mr | Miliband makes …")."""
    if not 0 < end <= _MAX_SUBJECT or end >= len(s.toks):
        return False
    if any(t.text.lower() in _NOT_IN_SUBJECT or not t.text[:1].isalnum()
           for t in s.toks[:end]):
        return False
    return s.toks[end].text[:1].islower()


AUXILIARIES = BE_FORMS | MODAL_VERBS | frozenset("has have had do does did".split())


def _before_auxiliary(s: SentInfo, end: int) -> int:
    """``end`` moved back over the auxiliaries the opening ends with ("Tenants are")."""
    while end > 1 and s.toks[end - 1].text.lower() in AUXILIARIES:
        end -= 1
    return end


def _plain(s: SentInfo, end: int) -> bool:
    """Whether the first ``end`` tokens of ``s`` are a plain noun phrase: no determiner
    before it, no possessive in it ("Landlords", not "The Manor driver")."""
    words = [t.text.lower() for t in s.toks[:end]]
    return bool(words) and words[0] not in DETERMINERS and not any(
        w.endswith(("'s", "’s")) or w in ("'s", "’s", "'", "’") for w in words)


def _common(e: SentInfo, start: int, stems: set[str]) -> bool:
    """Whether ``e`` writes the words of ``stems`` after ``start`` in lower case only (a
    common noun: "album", not "UK")."""
    return all(t.text[:1].islower() for t, st in zip(e.toks[start:], e.stems[start:],
                                                     strict=True) if st in stems)


def _modifier(s: SentInfo, start: int, missing: set[str], e: SentInfo) -> bool:
    """Whether the one word of ``s`` (after its subject) that ``e`` lacks is a lower-case
    word right before a noun ``e`` has: a kind ("a cycle lane" for "a lane")."""
    for k in range(start, len(s.toks) - 1):
        if s.stems[k] in missing:
            nxt = s.stems[k + 1]
            return s.toks[k].text.islower() and nxt is not None and nxt in e.content
    return False


def subject_swap(s: SentInfo, e: SentInfo, others: list[SentInfo]) -> Finding | None:
    """``subject_swap`` when the claim sentence ``s`` and its aligned evidence sentence
    ``e`` say the same thing (every content word of ``s`` after its subject is in ``e``, at
    least two, and at most a fifth of ``e``'s, or one common noun, are not in ``s``) of
    different subjects (two short noun phrases that open the sentences before a verb, share
    no content word and neither of which may be an anaphor), and the claim's subject is one
    another evidence sentence names: "Managers pay approved claims on the 15th." where the
    evidence says "The finance team pays approved claims on the 15th." and "Managers
    approve expense claims.". The claim gave the statement the subject of its neighbour, as
    a scattered anchor does."""
    if "?" in s.text:
        return None
    start_s, mine = _opening(s, e.content)
    start_e, theirs = _opening(e, s.content)
    if not mine or not theirs or mine & e.content or theirs & s.content:
        return None
    # the verb may be an auxiliary the two share ("Tenants are responsible for …"), between
    # two plain nouns: "The Manor driver is …", "Arruabarrena's side will …" may be epithets
    # of the claim's subject
    trimmed = _before_auxiliary(s, start_s), _before_auxiliary(e, start_e)
    if trimmed != (start_s, start_e):
        if not (_plain(s, trimmed[0]) and _plain(e, trimmed[1])):
            return None
        start_s, start_e = trimmed
    if not _subject(s, start_s) or not _subject(e, start_e) \
            or _anaphoric(s, start_s) or _anaphoric(e, start_e):
        return None
    rest = {st for st in s.stems[start_s:] if st is not None}
    said = {st for st in e.stems[start_e:] if st is not None}
    extra = said - rest
    # one word of the claim another evidence sentence gives is a kind the claim adds ("a
    # cycle lane" for "a lane", where another sentence speaks of "new cycle lanes")
    missing = rest - e.content
    if len(missing) == 1 and len(rest) >= 3 and _modifier(s, start_s, missing, e) and any(
            missing <= o.content for o in others if o is not e and o is not s):
        rest = rest - missing
    if len(rest) < 2 or not rest <= e.content or (len(extra) > len(said) // 5 and not (
            len(extra) == 1 and _common(e, start_e, extra))):
        return None  # not the same statement: the evidence says more, or the claim does
        # (one common noun more is a kind: "released the album Lemonade")
    named = next((o for o in others if o is not e and o is not s and mine <= o.content), None)
    if named is None:
        return None
    one = " ".join(t.text for t in s.toks[:start_s])
    two = " ".join(t.text for t in e.toks[:start_e])
    return Finding("subject_swap", "ungrounded",
                   f"the evidence says this of {two!r}, not of {one!r}: {e.text.strip()!r} "
                   f"({one!r} is named in {named.text.strip()!r})", one, e.text.strip())


# a claim that opens with a name and its verb in the past: "Tom Hale fitted the correct chain"
_NAMED_DOER = re.compile(r"^(?P<name>(?:[A-Z][\w'’-]+\s+){1,3}?)(?:also\s+|then\s+|later\s+)?"
                         r"(?P<verb>[a-z]{3,}ed|made|built|wrote|took|gave|sent|paid|sold|"
                         r"found|led|ran|won|signed|set|put|cut|fixed|caught|brought|bought|"
                         r"taught|held|chose|drew|threw|told)\b")
# the evidence's passive and its agent: "The correct chain was fitted free of charge on 14
# March by senior mechanic Aisha Malik."
_DONE_BY = re.compile(r"\b(?:was|were|has\s+been|have\s+been|had\s+been)\s+(?P<verb>[a-z]+)\b"
                      r"[^.;:!?]{0,80}?\bby\s+(?:[a-z]+\s+){0,3}?"
                      r"(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})")


# a verb with a preposition after it is another relation ("signed for", "played for")
OTHER_RELATION = re.compile(r"\s+(?:for|with|to|from|against|under|on|off|up|out|in|into)\b",
                             re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:he|she|him|her|his|they|them|their)\b", re.IGNORECASE)


def other_doer(other: str, claimed: str, e: SentInfo, *, past: bool = False) -> Finding:
    """``subject_swap``: evidence sentence ``e`` says ``other`` does (or, ``past``, did)
    what the claim says ``claimed`` does."""
    return Finding("subject_swap", "ungrounded",
                   f"the evidence says {other!r} {'did' if past else 'does'} this, not "
                   f"{claimed!r}: {e.text.strip()!r}", claimed, e.text.strip())


def agent_swap(s: SentInfo, e: SentInfo, others: list[SentInfo]) -> Finding | None:
    """``subject_swap`` when the claim says a named person did what its aligned evidence
    sentence says, in the passive, another named person did: "Tom Hale fitted the correct
    chain free of charge on 14 March." against "The correct chain was fitted free of charge
    on 14 March by senior mechanic Aisha Malik." (Tom Hale being named in another sentence:
    he fitted the wrong one). The same verb, with no preposition after it in the claim
    ("Origi signed for Liverpool" is not "… was signed by Liverpool"), two content words or
    more of what was done in the evidence sentence, the claim's name not in that sentence
    but in another, and no pronoun there that may be the claim's person (checks v21)."""
    m = _NAMED_DOER.match(s.text.lstrip())
    x = _DONE_BY.search(e.text)
    if m is None or x is None or stem(m["verb"]) != stem(x["verb"]) \
            or OTHER_RELATION.match(s.text.lstrip(), m.end()):
        return None  # ("Origi signed for Liverpool" is not "… was signed by Liverpool")
    if _PRONOUN.search(e.text):
        return None  # "He was signed by …": a pronoun may be the claim's person
    name = {stem(w.lower()) for w in m["name"].split()}
    if name & e.content:
        return None  # (the claim's person is in the sentence: the model's to read)
    done = {st for t, st in zip(s.toks, s.stems, strict=True)
            if st is not None and t.start >= s.start + m.end()}
    if len(done & e.content) < 2 or not any(name <= o.content for o in others
                                            if o is not e and o is not s):
        return None
    return other_doer(x["name"], m["name"].strip(), e, past=True)


# Relation words that read the same both ways between two parties of one verb ("The tutor
# meets the mentor"); "and" and "or" join clauses here, not the parties.
_SYMMETRIC_VERBS = _SYMMETRIC - frozenset("and & or nor both".split())
_MAX_PARTY = 3  # content words of a party


def _verb_form(word: str) -> bool:
    """Whether ``word`` (lower case) may be a finite verb after a subject: an auxiliary, a
    past form, or a word in -s or -ed ("signs", "reports", "approved")."""
    return word in AUXILIARIES or word in _PAST or word in MODAL_VERBS or (
        len(word) > 3 and (word.endswith("ed") or (word.endswith("s") and not word.endswith("ss"))))


def _parties(s: SentInfo) -> list[tuple[int, tuple[str, ...]]]:
    """The ways ``s`` may open with a common-noun subject ("Your college tutor signs …"):
    for each word that may be its verb among the first few, where the verb starts (a token
    index) and the subject's content stems."""
    toks, i = s.toks, 0
    while i < len(toks) and toks[i].text.lower() in DETERMINERS:
        i += 1
    out: list[tuple[int, tuple[str, ...]]] = []
    stems: list[str] = []
    while i < len(toks) and len(stems) <= _MAX_PARTY:
        word, st = toks[i].text, s.stems[i]
        if stems and word.islower() and _verb_form(word):
            out.append((i, tuple(stems)))
        if st is None or not word.isalpha() or (word[:1].isupper() and i > 0):
            break
        stems.append(st)
        i += 1
    return out


def _written_at(s: SentInfo, stems: tuple[str, ...], start: int) -> int | None:
    """The first token index from ``start`` where ``s`` writes ``stems`` in a row."""
    n = len(stems)
    return next((i for i in range(start, len(s.stems) - n + 1)
                 if tuple(s.stems[i:i + n]) == stems), None)


def _stem_before(s: SentInfo, at: int) -> str | None:
    return next((str(st) for st in reversed(s.stems[:at]) if st is not None), None)


def party_swap(s: SentInfo, e: SentInfo) -> Finding | None:
    """``role_swap`` between two common-noun parties: the claim sentence ``s`` opens with
    one party and names the other later, and the evidence sentence ``e`` opens with the
    other and names the first at the place the claim names the second, with the same verb
    after each subject and the same word before each later party, in the same voice. "Your
    college tutor signs off your logbook each month and reports your progress to your
    workplace mentor." against "The workplace mentor signs off the apprentice's logbook
    each month and reports progress to the college tutor." (the names of
    :func:`role_swap` are capitalised; these parties are not)."""
    if "?" in s.text:
        return None
    opened = [(m, t) for m in _parties(s) for t in _parties(e)
              if s.stems[m[0]] is not None and s.stems[m[0]] == e.stems[t[0]]
              and not set(m[1]) & set(t[1])]
    if not opened:
        return None
    (vs, a), (ve, b) = opened[0]
    b_in_s, a_in_e = _written_at(s, b, vs), _written_at(e, a, ve)
    if b_in_s is None or a_in_e is None or _stem_before(s, b_in_s) != _stem_before(e, a_in_e):
        return None
    a_later = _written_at(e, a, a_in_e + len(a))
    if a_later is not None and _written_at(e, b, a_later + len(a)) is not None:
        return None  # the evidence relates them the claim's way round too ("…, and the tutor
        # sends the mentor a monthly report")
    words_s = [t.text.lower() for t in s.toks[vs:b_in_s]]
    words_e = [t.text.lower() for t in e.toks[ve:a_in_e]]
    if _passive(words_s) != _passive(words_e) or any(
            w in _SYMMETRIC_VERBS for w in words_s + words_e):
        return None
    rest = s.content - set(a) - set(b)
    if len(rest) < 2 or not rest <= e.content:
        return None  # not the same statement
    one = " ".join(t.text for t in s.toks[:vs])
    return Finding("role_swap", "contradiction",
                   f"the evidence relates the parties the other way round: {one!r} where it "
                   f"says {e.text.strip()!r}", one, e.text.strip())

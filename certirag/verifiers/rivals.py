"""Why a span that holds every anchor of a claim may still not bind it: the rivals of
:mod:`certirag.verifiers.binding`.

* :func:`apart` — anchor pairs of a span that no one sentence states together, where a
  sentence holding one of them states a rival value in the other's place (``"the Hamburg
  office"`` for ``"the Oslo office"``), or where two facts of one predicate give the two
  anchors opposite places (:func:`parallel_rival`);
* :func:`borrowed` — a value the evidence states of another subject than the claim's;
* :func:`predicate_rival` — a claim's relation taken from another fact of its subject;
* :func:`category_rival` — a lower-case value (a genre, a colour, a size) taken from a
  parallel fact about another name.

Pure Python over the anchor facts of :mod:`certirag.verifiers.anchors`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from certirag.checks.entities import PERSON_TITLES
from certirag.verifiers.anchors import (
    Anchor,
    Facts,
    holds,
    rival_in_place,
    word_set,
)
from certirag.verifiers.windows import terms

__all__ = ["apart", "borrowed", "category_rival", "parallel_rival", "predicate_rival",
           "short_facts"]


def apart(anchors: list[Anchor], present: frozenset[int], members: Sequence[int],
           hits: list[frozenset[int]], facts: Sequence[Facts],
           heirs: Sequence[tuple[tuple[str, ...], ...]], frame: frozenset[int],
           inherited: Sequence[frozenset[str]],
           choice: frozenset[tuple[int, int]] = frozenset(), *,
           texts: Sequence[str] = ()) -> list[tuple[Anchor, Anchor, str]]:
    """Anchor pairs of the span that no one sentence states together, where a sentence
    holding one of them states a rival value in the other's place. A chain through a
    third anchor does not excuse a rival ("Office 18 in Berlin …" and "… Berlin has 19
    staff" for "Office 18 in Berlin has 19 staff").

    The ``frame`` anchors come from the question a claim is read with, and a multi-hop
    question states them in different passages: a rival of one of them is excused when
    some sentence states the rival with it — a bridge ("Donna Tartt" beside "The Secret
    History" in one passage and beside the answer in the other), not another value in
    its place ("Who runs the Oslo office? Tom Becker" against "Tom Becker runs the
    Hamburg office", where no sentence states Hamburg with Oslo)."""
    together = {(a, b) for j in members for a in hits[j] for b in hits[j]}
    out: list[tuple[Anchor, Anchor, str]] = []
    ids = sorted(present)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if (a, b) in together or (a in frame and b in frame) or (a, b) in choice:
                continue
            rival = _rival_near(a, b, anchors, members, hits, facts, heirs, frame, inherited)
            if rival is None and texts and a not in frame and b not in frame:
                split = [(i, j) for i in members if a in hits[i] and b not in hits[i]
                         for j in members if b in hits[j] and a not in hits[j]]
                rival = next((r for i, j in split if (r := parallel_rival(
                    anchors[a], anchors[b], texts[i], texts[j], anchors)) is not None), None)
                if rival is None and split:
                    # unrelated only where every way the span holds the two keeps them so
                    found = [unrelated_rival(anchors[a], anchors[b], texts[i], texts[j],
                                             anchors) for i, j in split]
                    rival = found[0] if all(found) else None
            if rival is not None:
                out.append((anchors[a], anchors[b], rival))
    return out


def _rival_near(a: int, b: int, anchors: list[Anchor], members: Sequence[int],
                hits: list[frozenset[int]], facts: Sequence[Facts],
                heirs: Sequence[tuple[tuple[str, ...], ...]], frame: frozenset[int],
                inherited: Sequence[frozenset[str]]) -> str | None:
    """A rival of ``b`` stated beside ``a`` (or of ``a`` beside ``b``) in the span; for a
    ``frame`` anchor, one that no sentence of the evidence states with it."""
    for x, y in ((a, b), (b, a)):
        for j in members:
            if x in hits[j]:
                r = rival_in_place(anchors[y], facts[j], heirs[j], anchors)
                if r is not None and not (y in frame and _bridged(
                        r, y, hits, facts, inherited)):
                    return r.text
    return None


def _edge(name: str, text: str, *, at_start: bool) -> str | None:
    """``text`` less ``name`` written at its start (or end), maybe behind "The", with a
    bracketed name after it ("Zodiac (Crime Fiction Film) is …"); ``None`` when ``name``
    is not there."""
    body = text.strip().rstrip(".!?").strip()
    pat = re.escape(name).replace(r"\ ", r"\s+") + r"\.?(?:\s*\([^()]{1,60}\))?"
    m = re.match(r"(?:the\s+)?" + pat + r"\s+", body, re.IGNORECASE) if at_start else \
        re.search(r"\s+(?:the\s+)?" + pat + r"\Z", body, re.IGNORECASE)
    if m is None:
        return None
    return body[m.end():] if at_start else body[:m.start()]


# A fact's predicate: the lower-case words between its two names, one to four of them,
# a verb among them ("is starring", "starred in", "was written by", "has genre").
_PREDICATE = re.compile(r"(?=[a-z'’ -]*\b(?:is|are|was|were|has|have|had|\w+ed|\w+s|\w+ing)\b)"
                        r"(?:[a-z][a-z'’-]*\s+){1,4}(?=[A-Z0-9\"“(])")


_NAME_RUN = r"(?:The\s+)?[A-Z][\w'’.&:-]*(?:\s+(?:(?:of|the|and|de|von|van)\s+)*[A-Z][\w'’.&:-]*)*"
_FACT_TAIL = re.compile(r"^\s*" + _PREDICATE.pattern + r"(?P<name>" + _NAME_RUN + r")\s*\Z")
_FACT_HEAD = re.compile(r"^\s*(?P<name>" + _NAME_RUN + r")\s+(?=[a-z])"
                        r"(?P<pred>(?:[a-z][a-z'’-]*\s*){1,4})\Z")


def _fact_partner(name: str, text: str) -> str | None:
    """The other name of a short fact that names ``name`` at one end ("Big Fish" for "Ewan
    McGregor" in "Big Fish is starring Ewan McGregor."); ``None`` for any other sentence."""
    rest = _edge(name, text, at_start=True)
    if rest is not None and (m := _FACT_TAIL.match(rest)) is not None:
        return m["name"].rstrip(".")
    rest = _edge(name, text, at_start=False)
    if rest is not None and (m := _FACT_HEAD.match(rest)) is not None:
        return m["name"].rstrip(".")
    return None


def unrelated_rival(a: Anchor, b: Anchor, text_a: str, text_b: str,
                    claim: Sequence[Anchor]) -> str | None:
    """A short fact about another thing that names ``a`` (or ``b``), and another short fact
    or a turn of a chat that names the other and shares no name with it: "Big Fish is
    starring Ewan McGregor." and "Tim Burton directed Edward Scissorhands." (or "[Human]:
    I watched Edward Scissorhands last night.") relate Ewan McGregor to Big Fish, never to
    Edward Scissorhands. The name beside the fact's anchor is the rival; ``None`` when the
    sentences do not have that shape, share a capitalised word (a chain through a name),
    or when a fact's other name is one of the claim's."""
    if a.kind != "name" or b.kind != "name":
        return None
    claim_words = set().union(*(set(x.key) for x in claim if x.kind == "name"))
    for x, y, tx, ty in ((a, b, text_a, text_b), (b, a, text_b, text_a)):
        px = _fact_partner(x.text, tx)
        if px is None:
            continue
        wx = word_set(px) - _SMALL
        if not wx or wx & claim_words or wx & word_set(y.text):
            continue
        py = _fact_partner(y.text, ty)
        if py is None and not _SPEAKER.match(ty):
            continue  # the other sentence: another short fact, or a turn of a chat
        if py is not None and (word_set(py) - _SMALL) & (claim_words | wx):
            continue
        if _capitalised(tx) & _capitalised(ty):
            continue
        return px
    return None


_SPEAKER = re.compile(r"^\W*\[?(?:Human|Assistant|User|Bot)\]?\s*:", re.IGNORECASE)


def _capitalised(text: str) -> set[str]:
    """The capitalised words of ``text``, lower-cased, less articles and a chat's speaker
    labels."""
    return {w.lower() for w in re.findall(r"\b[A-Z][\w'’-]*", text)} - _NOT_NAMES


_NOT_NAMES = frozenset({"the", "a", "an", "i", "human", "assistant", "user", "bot"})
_SMALL = frozenset({"the", "of", "and", "a", "an", "de", "von", "van"})


def parallel_rival(a: Anchor, b: Anchor, text_a: str, text_b: str,
                   claim: Sequence[Anchor]) -> str | None:
    """Two facts of one predicate that give ``a`` and ``b`` opposite places: "Iron Man is
    starring Robert Downey Jr." and "Zodiac is starring Jake Gyllenhaal" for a claim that
    puts Jake Gyllenhaal in Iron Man. The name in ``a``'s place beside ``b`` ("Zodiac") is
    its rival. Short knowledge-graph facts are written so; ``None`` when the two sentences
    do not have that shape, or the name in ``a``'s place is one of the claim's."""
    for a_first in (True, False):
        rest_a = _edge(a.text, text_a, at_start=a_first)
        rest_b = _edge(b.text, text_b, at_start=not a_first)
        if rest_a is None or rest_b is None:
            continue
        # a_first: "a PRED M" and "N PRED b"; else "M PRED a" and "b PRED N"
        m = _PREDICATE.match(rest_a if a_first else rest_b)
        if m is None:
            continue
        pred = m.group(0).strip()
        if a_first:
            if not rest_b.lower().endswith(" " + pred.lower()):
                continue
            rival = rest_b[:-len(pred)].strip()
        else:
            if not rest_a.lower().endswith(" " + pred.lower()):
                continue
            rival = rest_b[m.end():].strip()
        words = word_set(rival)
        if not rival or not rival[:1].isupper() or len(rival) > 80 or any(
                set(x.key) <= words for x in claim if x.kind == "name"):
            continue
        return rival
    return None


# Coordinated clauses, each with its own verb: "The bank opened 4 branches in Sweden and
# closed 9 branches in Finland." The split comes before "and" and a verb.
_CLAUSE_SPLIT = re.compile(r",?\s+and\s+(?=(?:[a-z]+ed|was|were|is|are|has|have|had|won|"
                           r"lost|sold|bought|made|took|gave|left|began|fell|rose|grew|"
                           r"cut|set|paid|spent|built|ran|hit)\b)")


def clause_rival(anchors: Sequence[Anchor], present: frozenset[int],
                 hits: Sequence[frozenset[int]], texts: Sequence[str],
                 locale: str = "dmy", frame: frozenset[int] = frozenset()
                 ) -> tuple[Anchor, Anchor, str] | None:
    """Two anchors a sentence states only in different coordinated clauses, where the
    clause of one states another value of the other's kind: "The bank closed 9 branches
    in Sweden." against "The bank opened 4 branches in Sweden and closed 9 branches in
    Finland." (9 goes with Finland). ``None`` unless every sentence that holds both splits
    them so. An anchor that opens its clause is its subject, shared by the clauses ("Bul
    … is a board game …, and is known among the Maya"), and a ``frame`` anchor (from the
    question a claim is read with) is the question's: neither is split from the other."""
    own = {x.text.lower() for x in anchors}
    ids = sorted(present - frame)
    for n, a in enumerate(ids):
        for b in ids[n + 1:]:
            both = [j for j, h in enumerate(hits) if a in h and b in h]
            found = [_split_rival(texts[j], anchors[a], anchors[b], own, locale) for j in both]
            if found and all(found):
                return found[0]
    return None


def _split_rival(text: str, a: Anchor, b: Anchor, own: set[str],
                 locale: str) -> tuple[Anchor, Anchor, str] | None:
    """For :func:`clause_rival`: ``a`` and ``b`` in different clauses of ``text``, neither
    its clause's subject, and the clause of one states another value of the other's kind
    (no name of the claim's own); ``None`` otherwise."""
    from certirag.verifiers.anchors import claim_anchors

    clauses = _CLAUSE_SPLIT.split(text)
    if len(clauses) < 2:
        return None
    where: list[int] = []
    for x in (a, b):
        name = x.text.lower()
        at = [k for k, c in enumerate(clauses) if name in c.lower()]
        if len(at) != 1 or not re.search(r"\b[a-z]", clauses[at[0]][:clauses[at[0]].lower()
                                                                    .find(name)]):
            return None  # in several clauses, or its clause's subject
        where.append(at[0])
    if where[0] == where[1]:
        return None
    for x, y, k in ((a, b, where[0]), (b, a, where[1])):
        other = [c for c in claim_anchors(clauses[k], locale=locale)
                 if c.kind == y.kind and c.text.lower() not in own]
        if other:
            return x, y, other[0].text
    return None


def predicate_rival(claim: str, anchors: Sequence[Anchor], present: frozenset[int],
                    sentences: Sequence[str]) -> tuple[Anchor, Anchor, str] | None:
    """A relation the claim takes from another fact of its subject: "Tim Burton directed
    Edward Scissorhands." where the evidence states "Edward Scissorhands is written by Tim
    Burton." and "Tim Burton directed Big Fish." Both names stand in one sentence, so no
    pair of anchors is apart, and the model reads the two facts as one. The claim must be
    a short fact, "A PRED B" with two of its names; the rival is the name the evidence
    gives ``A PRED`` ("Big Fish"), unless some sentence states B with the predicate's verb
    in any form ("Edward Scissorhands, which he also directed, …")."""
    names = [anchors[a] for a in sorted(present) if anchors[a].kind == "name"]
    for a in names:
        rest = _edge(a.text, claim, at_start=True)
        if rest is None:
            continue
        m = _PREDICATE.match(rest)
        if m is None:
            continue
        pred = m.group(0).strip()
        obj = rest[m.end():].strip()
        b = next((x for x in names if x is not a and x.text.lower() == obj.lower()), None)
        if b is None:
            continue
        verb = _verb_stem(pred)
        if any(b.text.lower() in t.lower() and verb in t.lower() for t in sentences):
            return None  # the evidence states the relation of B, in whatever form
        for t in sentences:
            other = _edge(a.text, t, at_start=True)
            if other is None or not other.lower().startswith(pred.lower() + " "):
                continue
            rival = other[len(pred):].strip()
            if rival[:1].isupper() and len(rival) <= 80 and rival.lower() != obj.lower():
                return a, Anchor("predicate", b.key, b.text), rival
    return None


def _verb_stem(predicate: str) -> str:
    """The predicate's verb without its ending, to find it in any form ("direct" of
    "directed", "star" of "starred in")."""
    word = next((w for w in predicate.lower().split() if w not in ("is", "was", "has", "had",
                                                                  "also", "the")),
                predicate.lower())
    return re.sub(r"(?:red|ed|ing|s)$", "", word) or word


# The rest of a short fact after its name: lower-case words only ("has genre drama", "is a
# science fiction film"), six at most.
# A weekday a short fact ends with says when, not what: "Doctor Chen runs the diabetes
# clinic on Tuesdays." is the fact "runs the diabetes clinic".
_WHEN = re.compile(r"\s+(?:on|every)\s+(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?$")
_LOWER_REST = re.compile(r"[a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*){1,5}")
_LEADING_NAME = re.compile(r"(?:The\s+)?[A-Z0-9][\w'’&.-]*(?:\s+[A-Z0-9][\w'’&.-]*)*")


def short_facts(sentences: Sequence[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The short facts of ``sentences`` that :func:`category_rival` compares: (leading
    name, the lower-case words of the rest) of each sentence written so ("The Broken
    Meridian has genre drama."). It depends on the evidence alone: parsed once for all
    the claims of an answer."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for text in sentences:
        body = text.strip().rstrip(".!?").strip()
        m = _LEADING_NAME.match(body)
        if m is None:
            continue
        rest = _WHEN.sub("", body[m.end():].strip())
        if _LOWER_REST.fullmatch(rest):
            out.append((m.group(0), tuple(rest.split())))
    return tuple(out)


def category_rival(claim: str, anchors: Sequence[Anchor], present: frozenset[int],
                   facts: Sequence[tuple[str, tuple[str, ...]]]
                   ) -> tuple[Anchor, Anchor, str] | None:
    """A lower-case value the claim takes from a parallel fact about another name: "The
    Broken Meridian has genre drama." and "The Quiet Harbor has genre horror." for "The
    Broken Meridian is horror." Values are no anchors (they are not names, figures or
    dates), so the spans that bind the claim's name hold no rival for them, and the model
    reads such a pair as entailed. The two facts (``facts``: :func:`short_facts` of the
    evidence) must be short and share their predicate ("has genre"); the value the
    claim's name has ("drama") is the rival. Nothing is taken where the claim also names
    the other fact's subject, says the name's own value too, or denies; nor where another
    sentence gives the name the claim's value."""
    if _DENIAL.search(claim):
        return None
    low = " " + " ".join(re.findall(r"[a-z0-9'’-]+", claim.lower())) + " "
    if len(facts) < 2:
        return None
    lead = _LEADING_NAME.match(claim.strip())
    names = [Anchor("name", (), lead.group(0))] if lead else []
    names += [anchors[a] for a in sorted(present) if anchors[a].kind == "name"]
    for anchor in names:
        key = anchor.text.lower().removeprefix("the ")
        own = [w for n, w in facts if n.lower().removeprefix("the ") == key]
        others = [(n, w) for n, w in facts if n.lower().removeprefix("the ") != key]
        for words in own:
            for name, other in others:
                found = _differing(words, other)
                if found is None:
                    continue
                mine, theirs = found
                if f" {theirs} " in low and f" {mine} " not in low and (
                        f" {name.lower()} " not in " " + claim.lower() + " ") and not any(
                        f" {theirs} " in f" {' '.join(w)} " for w in own):
                    return anchor, Anchor("category", (), theirs), mine
    return None


def _differing(words: Sequence[str], other: Sequence[str]) -> tuple[str, str] | None:
    """The parts in which two facts' rests differ, when they share the start (the
    predicate: "has genre", "reported") and differ in one to three words each:
    ("crime", "science") for "has genre crime fiction" and "has genre science fiction"."""
    k = 0
    while k < min(len(words), len(other)) and words[k] == other[k]:
        k += 1
    e = 0
    while e < min(len(words), len(other)) - k and words[-1 - e] == other[-1 - e]:
        e += 1
    mine, theirs = words[k:len(words) - e], other[k:len(other) - e]
    if not k or not mine or not theirs or len(mine) > 3 or len(theirs) > 3:
        return None
    return " ".join(mine), " ".join(theirs)


def _bridged(rival: Anchor, anchor: int, hits: Sequence[frozenset[int]],
             facts: Sequence[Facts], inherited: Sequence[frozenset[str]]) -> bool:
    """Whether some sentence states ``rival`` together with the claim's ``anchor``."""
    return any(anchor in hits[k] and holds(rival, facts[k], inherited[k])
               for k in range(len(hits)))


_DENIAL = re.compile(r"\b(?:not|never|no longer)\b|n['’]t\b|\bcannot\b", re.IGNORECASE)

#: A sentence states the claim's subject when it holds this many more of the claim's
#: terms than any sentence stating the claim's value, and this share of them at least.
_SUBJECT_MARGIN = 2
_SUBJECT_SHARE = 0.6


def borrowed(anchors: list[Anchor], present: frozenset[int], hits: Sequence[frozenset[int]],
              facts: Sequence[Facts], heirs: Sequence[tuple[tuple[str, ...], ...]],
              sent_terms: Sequence[frozenset[str]], claim_terms: set[str], claim: str,
              sentences: Sequence[str]) -> list[tuple[Anchor, Anchor, str]]:
    """Values the claim borrows from another sentence: the sentences stating the value
    speak of something else, while a sentence that states the claim's subject — far more
    of its terms, all its other anchors — gives a rival value in the value's place ("A
    standard double room costs £95 per night. A superior room with a lake view costs £140
    per night." for "A superior room with a lake view costs £95 per night."). No pair of
    anchors is needed: one value is enough to be borrowed. A sentence that states every
    term of the claim besides its anchors needs a margin of one ("Our standard plan allows
    up to 5 users." against "The business plan allows up to 25 users." for "The standard
    plan allows up to 25 users."), and one that states all but one of them rivals with any
    value of the kind, in place or not ("62% said they preferred a mix of office and home
    working." for "23% of employees said they preferred a mix …"). A person is borrowed
    only from a rival the evidence introduces with the title the claim gives them
    ("Councillor Mark Doyle chairs the education committee." for "Councillor Priya Shah
    chairs the education committee."): news text names one person many ways (an alias, a
    spelling, a court or team in the name's place), and those are no rivals. A claim that
    denies ("The office is not open on Sundays.") borrows nothing: another value where the
    evidence states its subject ("The office is open from Monday to Saturday.") is what
    the denial agrees with, and the negation check and the model decide it.

    A value's subject may be a name the claim says before it (checks v20): where no
    sentence stating the value names any of the claim's names, a sentence that names them,
    with as many of the claim's other terms as the value's sentences less one, and gives
    another value in the value's place, is where the claim's subject has its value ("Our
    Clarus Mini model comes with a three-year warranty." for "Your Clarus Mini comes with a
    four-year manufacturer's warranty", the four years being the Lumio 5's).

    ``sent_terms`` and ``claim_terms`` are read a word per predicate
    (:func:`certirag.verifiers.anchors.predicate_terms`: "came out" as "released"), so a
    value borrowed in other words of its predicate is borrowed too."""
    out: list[tuple[Anchor, Anchor, str]] = []
    if _DENIAL.search(claim):
        return out
    # the subject is what the claim says besides its anchors ("the hearing fee", not "150")
    claim_terms = claim_terms - set(terms(" ".join(a.text for a in anchors)))
    if not claim_terms:
        return out
    for a in sorted(present):
        anchor = anchors[a]
        name = anchor.kind == "name"
        if name and (len(anchor.key) < 2 or len(claim_terms) < 2):
            continue  # one-word names and claims of little more than a name: too loose
        title = _title_before(claim, anchor.text) if name else None
        if name and title is None:
            continue  # an untitled person: the "rival" is as often an alias or a place
        best = max(len(claim_terms & sent_terms[j]) for j in range(len(hits)) if a in hits[j])
        # the names a claim adds (the firm a result is about) need not be restated
        others = frozenset(o for o in present - {a} if anchors[o].kind != "name")
        n = len(claim_terms)
        # the claim's names, all said before the value (its subject, not "… has now sued
        # the Davis County School District"), when no sentence stating the value states
        # any of them: its subject is elsewhere ("Your Clarus Mini comes with a four-year
        # warranty" where the four years are the Lumio 5's; not "Edward Laumann studied
        # under which sociologist born in 1902? Talcott Parsons", whose 1902 is Parsons's)
        at = claim.find(anchor.text)
        names = frozenset(o for o in present - {a} if anchors[o].kind == "name")
        away = names if not name and names and all(
            0 <= claim.find(anchors[o].text) < at for o in names) and not any(
            names & hits[i] for i in range(len(hits)) if a in hits[i]) else frozenset()
        for j in range(len(hits)):
            if a in hits[j] or not others <= hits[j]:
                continue
            cover = len(claim_terms & sent_terms[j])
            if away & hits[j] and cover >= max(2, best - 1):
                # the sentence of the claim's named subject (its name a term more), as much
                # of its predicate as the value's own, and another value in its place
                rival = rival_in_place(anchor, facts[j], heirs[j], anchors)
                if rival is not None:
                    out.append((anchor, Anchor("subject", (), ""), rival.text))
                    break
            # every term of the claim's subject is one more than the value's sentences have
            whole = cover == n and cover > best
            if name and not whole:
                continue  # a person borrowed for a role: only where all the rest is said
            if (cover < best + _SUBJECT_MARGIN and not whole) or cover < _SUBJECT_SHARE * n:
                continue
            rival = rival_in_place(anchor, facts[j], heirs[j], anchors)
            if rival is None and ((n >= 3 and cover >= max(best + _SUBJECT_MARGIN, n - 1))
                                  or (n == 2 and whole)):
                # a sentence that says all but one word of the claim (of two, both) and
                # another value of its kind: that value is the one the claim's subject has
                rival = rival_in_place(anchor, facts[j], heirs[j], anchors, anywhere=True)
            if rival is not None and name and _title_before(sentences[j], rival.text) != title:
                continue
            if rival is not None:
                out.append((anchor, Anchor("subject", (), ""), rival.text))
                break
    return out


def _title_before(text: str, name: str) -> str | None:
    """The person title ``name`` opens with or follows in ``text`` ("councillor")."""
    first = name.split()[0].lower().rstrip(".")
    if first in PERSON_TITLES:
        return first
    found = re.search(r"([A-Za-z]+)\.?\s+" + re.escape(name), text, re.IGNORECASE)
    word = found.group(1).lower() if found else None
    return word if word in PERSON_TITLES else None

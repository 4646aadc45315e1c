"""Binding spans: the evidence sentences that together state what a claim states.

A claim is verified only by a span that *binds* it: at most :data:`MAX_SENTENCES`
sentences of one passage or several (fused, not necessarily adjacent) that together hold
every anchor of the claim — names, figures, money, dates, times — that the evidence
mentions at all. A sentence whose subject is a pronoun ("He runs the Oslo office.")
brings the sentence before it, whose names it inherits.

Holding the anchors is not enough when they sit in different sentences: "Tom Becker
runs the Hamburg office. … Anna Berg runs the Oslo office." holds both anchors of "Tom
Becker runs the Oslo office" but binds them to other values. For every pair of the
claim's anchors that no one sentence (with its inherited names) states together, the
span does not bind the claim when a sentence holding one of them states a rival value
of the other's kind *in the other's place* — next to a content word the claim has next
to it ("the Hamburg office" for "the Oslo office"), a one-word name only against a
one-word name — even when a third anchor chains the two sentences ("Office 18 in Berlin
…", "… Berlin has 19 staff"). Two short facts of one predicate that give the two anchors
opposite places ("Iron Man is starring Robert Downey Jr." and "Zodiac is starring Jake
Gyllenhaal" for "Jake Gyllenhaal was in Iron Man") make the name in the borrowed one's
place its rival. The finding is ``unbound_anchors``; the rules are in
:mod:`certirag.verifiers.rivals`. Anchors apart with no rival in place are left to the
model, which was trained on same-document anchor swaps. A question states nothing: an
evidence sentence that asks holds no anchor.

The NLI model scores only binding spans, and reads them exactly as it was trained to
(:func:`plan_windows` is called by training and inference alike): the sentences in
document order joined by one space. A pronoun's sentence that binds the claim with the
names it inherits is a span of its own too, read resolved (:func:`span_reading`): the
model reads one sentence well and two fused ones badly (scoring:
:mod:`certirag.verifiers.span_scoring`). The span that decides is the claim's minimal
sufficient evidence, one :class:`~certirag.schemas.Evidence` per sentence.

Pure Python over :mod:`certirag.checks` parses; deterministic for a given input.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from certirag.text.sentences import is_question
from certirag.text.subjects import resolve_pronoun, sentence_subjects
from certirag.verifiers import rivals
from certirag.verifiers.anchors import (
    KIN,
    PRONOUN_LEAD,
    RELATIVE_LEAD,
    THE_NOUN_LEAD,
    Anchor,
    Facts,
    claim_anchors,
    drop_longer_names,
    holds,
    holds_here,
    opening_name,
    predicate_terms,
    sentence_facts,
    word_set,
)
from certirag.verifiers.shared import unshared
from certirag.verifiers.windows import bm25, terms

__all__ = ["MAX_SENTENCES", "Anchor", "BindingPlan", "BindingWindow",
           "SentenceRef", "claim_anchors", "evidence_sentences", "needs_finding",
           "plan_windows", "span_reading", "unbound_message"]

#: A binding span holds at most this many sentences.
MAX_SENTENCES = 3
#: Sentences tried as the seed of a span.
_SEEDS = 6


@dataclass(frozen=True, slots=True)
class SentenceRef:
    """One evidence sentence: ``text == evidence[source][start:end]``."""

    source: int
    index: int  # position among the sentences of its source
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class BindingWindow:
    """A candidate span: its sentences in document order, and the text the model reads."""

    sentences: tuple[SentenceRef, ...]
    text: str
    covered: int  # how many of the claim's content terms the span holds


@dataclass(slots=True)
class BindingPlan:
    """What :func:`plan_windows` found for one claim."""

    anchors: list[Anchor]
    required: list[Anchor]  # the anchors the evidence mentions somewhere
    windows: list[BindingWindow]  # spans that bind the claim, best first
    unbound: list[tuple[Anchor, Anchor, str]] = field(default_factory=list)
    # (anchor, anchor, rival text) for each pair stated only apart


# ------------------------------------------------------------------ sentences

def evidence_sentences(evidence: Sequence[str], *, max_chars: int) -> list[SentenceRef]:
    """Every sentence of every evidence text, trimmed; a sentence longer than
    ``max_chars`` is cut at whitespace into overlapping pieces."""
    key = tuple(evidence)
    if sum(len(t) for t in key) > _CACHE_CHARS:
        return list(_evidence_sentences.__wrapped__(key, max_chars))
    return list(_evidence_sentences(key, max_chars))


_CACHE_CHARS = 200_000  # evidence larger than this is split again rather than kept


@lru_cache(maxsize=64)
def _evidence_sentences(evidence: tuple[str, ...], max_chars: int) -> tuple[SentenceRef, ...]:
    from certirag.text.sentences import split_sentences
    from certirag.verifiers.windows import cut_long, trim_span

    out: list[SentenceRef] = []
    for src, text in enumerate(evidence):
        spans: list[tuple[int, int]] = []
        for s, e in split_sentences(text):
            s, e = trim_span(text, s, e)
            if s >= e:
                continue
            if e - s <= max_chars:
                spans.append((s, e))
            else:
                spans.extend(trim_span(text, a, b) for a, b in cut_long(text, s, e, max_chars))
        if not spans:
            s, e = trim_span(text, 0, len(text))
            if s < e:
                spans.append((s, min(e, s + max_chars)))
        for i, (s, e) in enumerate(spans):
            out.append(SentenceRef(src, i, s, e, text[s:e]))
    return tuple(out)


def _pronoun_led(text: str) -> bool:
    return PRONOUN_LEAD.match(text) is not None


def _names_before(before: str, text: str) -> bool:
    """Whether ``text`` opens with "The <noun>" for the thing the sentence ``before``
    introduces as "a/an … <noun>" ("Kasabian are an English rock band …" then "The band's
    original members …"): it speaks of that sentence's subject, as a pronoun would."""
    m = THE_NOUN_LEAD.match(text)
    return m is not None and re.search(
        rf"\b(?:a|an)\s+(?:[\w'’-]+\s+){{0,4}}{m.group(1)}\b", before) is not None


_PERSONAL = frozenset("he she his her hers him".split())


_GENDER = {"he": "m", "his": "m", "him": "m", "she": "f", "her": "f", "hers": "f"}


def _same_person(before: str, text: str) -> bool:
    """Whether ``text`` opens with a personal pronoun of the gender of the subject pronoun
    ``before`` opens with, after an opening phrase or not ("She …" or "In 1903 she …",
    then "Her brother …"): the two name one person."""
    a, b = PRONOUN_LEAD.match(before), PRONOUN_LEAD.match(text)
    return a is not None and b is not None and a.group(1).lower() in ("he", "she") and \
        _GENDER[a.group(1).lower()] == _GENDER.get(b.group(1).lower(), "")


def _leans_on(before: str, text: str) -> bool:
    """Whether ``text`` speaks of what the sentence ``before`` it speaks of: it opens with
    a pronoun, or with "The <noun>" for a thing ``before`` introduces."""
    return _pronoun_led(text) or _names_before(before, text)


def _chain(texts: Sequence[str], prev: Sequence[int | None]) -> list[int | None]:
    """For each sentence, the sentence its pronoun is read from: the one before it
    (``prev``), or, along a chain of sentences about one person that never names them
    ("Marie Curie was born … . She moved … . In 1903 she shared … . She won …"), the
    sentence before the chain, which does."""
    out: list[int | None] = []
    for i, p in enumerate(prev):
        if p is not None and prev[p] is not None and _same_person(texts[p], texts[i]) and \
                sentence_subjects(texts[p])[0] is None:
            out.append(out[p])
        else:
            out.append(p)
    return out


def _previous(texts: Sequence[str], sources: Sequence[int]) -> list[int | None]:
    """For each sentence, the sentence before it in its passage (``sources``) when it
    leans on that one (:func:`_leans_on`), else ``None``."""
    return [i - 1 if i > 0 and sources[i - 1] == sources[i] and _leans_on(texts[i - 1], t)
            else None for i, t in enumerate(texts)]


def antecedent(texts: Sequence[str], i: int) -> int | None:
    """The sentence of one passage (its sentences ``texts``) that the pronoun-led sentence
    ``i`` is read resolved from (scorer v4): the sentence before it, or the one before a
    chain of sentences about one unnamed person (:func:`_chain`); ``None`` for a sentence
    that leans on none. The binding plans its spans with the same two functions."""
    head = texts[:i + 1]
    return _chain(head, _previous(head, [0] * len(head)))[i]


def _stands_for(before: str, text: str, words: frozenset[str]) -> frozenset[str]:
    """The words a pronoun-led sentence ``text`` inherits from the sentence ``before`` it:
    those of the subject the pronoun names ("It" after "Inception is a film directed by
    Christopher Nolan." is Inception, not Nolan), or every word of ``before`` (``words``)
    when the subject cannot be told: a plural pronoun, no subject found, or a personal
    pronoun after a sentence that opens with no name."""
    m = PRONOUN_LEAD.match(text)
    pronoun = m.group(1).lower() if m is not None else "it"  # "The band …" names a thing
    if pronoun not in _PERSONAL and pronoun not in ("it", "its"):
        return words
    name, thing = sentence_subjects(before)
    subject = name if pronoun in _PERSONAL else (thing or name)
    return word_set(subject) if subject else words


# A claim that names a relation itself ("Ana Silva's brother", "his family", "married").
_KIN = re.compile(r"\b(?:" + KIN + r"s?|family|relative|married)\b", re.IGNORECASE)


_MALE_KIN = frozenset("""brother son husband father dad uncle nephew boyfriend widower grandson
grandfather stepfather stepson stepbrother""".split())
_FEMALE_KIN = frozenset("""sister daughter wife mother mum mom aunt niece girlfriend widow
granddaughter grandmother stepmother stepdaughter stepsister fiancee""".split())


def _about_relative(m: re.Match[str], text: str) -> bool:
    """Whether ``text``, the sentence after the relative's sentence ``m`` names, is about
    the relative: it opens with "he" or "she" of the relative's gender ("Her husband
    Pierre taught physics. He died in 1906."), or, the relation saying none, of the other
    gender than the owner's ("Her colleague … . He …")."""
    lead = PRONOUN_LEAD.match(text)
    if lead is None or lead.group(1).lower() not in ("he", "she"):
        return False
    he = lead.group(1).lower() == "he"
    kin = m.group("kin").lower().removesuffix("s")
    if kin in _MALE_KIN or kin in _FEMALE_KIN:
        return he == (kin in _MALE_KIN)
    owner = m.group("phrase").split()[0].lower()
    return owner in ("his", "her") and he != (owner == "his")


def _relative(claim: str, anchors: Sequence[Anchor], present: frozenset[int],
              hits: Sequence[frozenset[int]], facts: Sequence[Facts],
              relatives: Sequence[tuple[str, tuple[int, ...]] | None],
              prev: Sequence[int | None]) -> tuple[Anchor, Anchor, str] | None:
    """A value the evidence states of someone's relative given to that someone: "Ana
    Silva was born in 1975." where the only sentence with 1975 is "Her brother, Rui
    Silva, was born in Braga in 1975." after a sentence about Ana Silva, or "Marie Curie
    died in 1906." where it is "He died in 1906." after "Her husband Pierre taught
    physics.". The relative's sentence holds her name only through its pronoun, and it
    and the sentence after it that speaks of the relative by pronoun say what they say
    of the relative; a claim that names a relation itself ("Ana Silva's brother was born
    in 1975.", "Jane Birkin's mother starred in …") is left alone."""
    if _KIN.search(claim):
        return None
    for i, found in enumerate(relatives):
        if found is None:
            continue
        phrase, about = found
        for a in present & hits[i]:
            name = anchors[a]
            if name.kind != "name" or all(str(w) in facts[i].words for w in name.key):
                continue  # the sentence names them itself (a namesake's "Silva" does not)
            for j in about:
                if j != i and all(str(w) in facts[j].words for w in name.key):
                    continue
                values = (present & hits[j]) - {a}
                if not values:
                    continue
                wanted = values | {a}
                if any(k not in about and prev[k] not in about and wanted <= hits[k]
                       for k in range(len(hits))):
                    continue  # another sentence (not one about the relative) states it
                value = anchors[min(values)]
                return value, Anchor("relative", (), name.text), phrase
    return None


def _relatives(texts: Sequence[str], prev: Sequence[int | None]
               ) -> tuple[tuple[str, tuple[int, ...]] | None, ...]:
    """For each sentence about someone's relative (:data:`RELATIVE_LEAD`), the words that
    name the relative and the sentences about the relative: it and the one after it that
    speaks of the relative by pronoun (:func:`_about_relative`); ``None`` for any other."""
    out: list[tuple[str, tuple[int, ...]] | None] = []
    for i, text in enumerate(texts):
        m = RELATIVE_LEAD.match(text)
        if m is None:
            out.append(None)
            continue
        after = i + 1
        about = (i, after) if after < len(texts) and prev[after] == i and \
            _about_relative(m, texts[after]) else (i,)
        out.append((m.group("phrase"), about))
    return tuple(out)


# ------------------------------------------------------------------ planning

@dataclass(frozen=True, slots=True)
class _Prepared:
    """Everything about the evidence that does not depend on the claim: parsed once for
    all the claims of an answer."""

    sents: tuple[SentenceRef, ...]
    facts: tuple[Facts, ...]
    prev: tuple[int | None, ...]  # the sentence a pronoun-led sentence leans on
    lean: tuple[int | None, ...]  # the sentence its pronoun is read from (:func:`_chain`)
    inherited: tuple[frozenset[str], ...]
    heirs: tuple[tuple[tuple[str, ...], ...], ...]
    counts: tuple[dict[str, int], ...]  # term frequencies, for relevance
    term_sets: tuple[frozenset[str], ...]
    texts: tuple[str, ...]  # each sentence's text
    short: tuple[tuple[str, tuple[str, ...]], ...]  # rivals.short_facts of the sentences
    predicate_sets: tuple[frozenset[str], ...]  # each sentence's anchors.predicate_terms
    relatives: tuple[tuple[str, tuple[int, ...]] | None, ...]  # :func:`_relatives`

    def relevance(self, query: set[str]) -> list[float]:
        """BM25 of every sentence for the claim's terms (IDF over these sentences)."""
        return bm25(query, self.counts)


@lru_cache(maxsize=4)
def _prepare(evidence: tuple[str, ...], max_chars: int, locale: str) -> _Prepared:
    sents = tuple(evidence_sentences(evidence, max_chars=max_chars))
    facts = tuple(sentence_facts(s.text, locale) if len(s.text) < 2_000 else
                  sentence_facts.__wrapped__(s.text, locale) for s in sents)
    texts = tuple(s.text for s in sents)
    prev = _previous(texts, [s.source for s in sents])
    lean = _chain(texts, prev)
    counts = tuple(dict(Counter(terms(s.text))) for s in sents)
    inherited: list[frozenset[str]] = []
    for i, (s, p) in enumerate(zip(sents, prev, strict=True)):
        if p is not None and lean[i] != p:
            got = inherited[p]  # "She studied … . Her brother, …": "her" is who "she" is
        else:
            got = _stands_for(sents[p].text, s.text, facts[p].words) if p is not None \
                else frozenset()
        inherited.append(got)
    return _Prepared(
        sents, facts, tuple(prev), tuple(lean), tuple(inherited),
        tuple(tuple(n for n, _ in facts[p].names) if p is not None else () for p in lean),
        counts, tuple(frozenset(c) for c in counts), texts, rivals.short_facts(texts),
        tuple(predicate_terms(t) for t in texts), _relatives(texts, prev))




def plan_windows(claim: str, evidence: Sequence[str], *, top: int, max_chars: int,
                 locale: str = "dmy") -> BindingPlan:
    """The binding spans of ``claim`` in ``evidence``, best first (at most ``top``), and
    the anchor pairs the evidence states only apart (see the module docstring)."""
    ev = _prepare(tuple(evidence), max_chars, locale)
    sents, facts, prev, lean = ev.sents, ev.facts, ev.prev, ev.lean
    inherited, heirs = ev.inherited, ev.heirs
    anchors = claim_anchors(claim, locale=locale)
    # a claim with no name of its own ("Starter gives you 100 GB"): its first word may be
    # the name its values belong to
    kinds = frozenset(a.kind for a in anchors)
    opener = opening_name(claim, ev.texts, facts, kinds) if sents and kinds and \
        "name" not in kinds else None
    if opener is not None:
        anchors.append(opener)
    if not sents:
        return BindingPlan(anchors, [], [])
    # a question states nothing: it holds no anchor ("Do you like Iron Man?" in a chat's
    # history binds no "Iron Man" for a claim)
    hits = [frozenset(a for a, anc in enumerate(anchors) if holds_here(anc, anchors, facts[i],
                                                                       inherited[i]))
            if not is_question(sents[i].text) else frozenset()
            for i in range(len(sents))]
    texts = ev.texts
    hits, longer = drop_longer_names(claim, anchors, hits, texts, prev)
    present = frozenset().union(*hits) if hits else frozenset()
    required = [anchors[a] for a in sorted(present)]
    for a in sorted(present):
        holders = [i for i in range(len(sents)) if a in hits[i]]
        if anchors[a].kind != "name" and all(i in longer for i in holders):
            # the claim's value is stated only of a thing with a longer name
            return BindingPlan(anchors, required, [], [
                (anchors[a], Anchor("longer", (), longer[holders[0]][0]),
                 longer[holders[0]][1])])
    kin = _relative(claim, anchors, present, hits, facts, ev.relatives, prev)
    if kin is not None:
        return BindingPlan(anchors, required, [], [kin])
    claim_terms = set(terms(claim))
    rel = ev.relevance(claim_terms)
    sent_terms = ev.term_sets
    borrowed = rivals.borrowed(anchors, present, hits, facts, heirs, ev.predicate_sets,
                               set(predicate_terms(claim)), claim, texts)
    if borrowed:
        return BindingPlan(anchors, required, [], borrowed)
    category = rivals.category_rival(claim, anchors, present, ev.short) or \
        rivals.predicate_rival(claim, anchors, present, texts) or \
        rivals.clause_rival(anchors, present, hits, texts, locale,
                            _frame_ids(claim, anchors) & present)
    if category is not None:  # the claim's name may be no anchor ("Apple reported …")
        return BindingPlan(anchors, required or [category[0]], [], [category])
    shared = unshared(claim, anchors, facts, inherited, sent_terms)
    if shared is not None:
        return BindingPlan(anchors, required, [], [shared])

    def unit(i: int, links: Sequence[int | None]) -> list[int]:
        # a pronoun's sentence with the one it leans on, back along a chain of them ("He
        # also estimates … After adding …, he concludes …"), three sentences at most; along
        # ``lean``, a chain about one unnamed person leans on the sentence that names them
        members = [i]
        p = links[i]
        while len(members) < MAX_SENTENCES and p is not None:
            members.insert(0, p)
            p = links[p]
        return members

    def grow(members: list[int], links: Sequence[int | None]) -> None:
        add(members)
        # greedy: cover the anchors still missing, then the claim's terms
        for _ in range(MAX_SENTENCES):
            if len(members) >= MAX_SENTENCES:
                break
            got = frozenset().union(*(hits[j] for j in members))
            missing = present - got
            covered = set().union(*(sent_terms[j] for j in members))
            best, best_key = None, (0, 0.0)
            for j in range(len(sents)):
                if j in members:
                    continue
                gain_a = len(missing & hits[j])
                gain_t = len((claim_terms - covered) & sent_terms[j])
                key = (gain_a, float(gain_t) + rel[j] * 1e-3)
                if missing and gain_a == 0:
                    continue
                if not missing and gain_t < 2:
                    continue
                if key > best_key:
                    best, best_key = j, key
            if best is None:
                break
            members = members + [x for x in unit(best, links) if x not in members]
            add(members)

    order = sorted(range(len(sents)), key=lambda i: (-len(hits[i]), -rel[i], i))
    candidates: dict[tuple[int, ...], None] = {}

    def add(members: list[int]) -> None:
        ms = sorted(set(members), key=lambda j: (sents[j].source, sents[j].start))
        while len(ms) > MAX_SENTENCES:
            ms.remove(min(ms, key=lambda j: (rel[j], -j)))
        while len(ms) > 1 and _joined_len(sents, ms) > max_chars:
            ms.remove(min(ms, key=lambda j: (rel[j], -j)))
        if len(ms) > 1 and any(lean[j] is not None and lean[j] not in ms for j in ms):
            return  # a pronoun cut off from the sentence it refers to
        # (alone, a pronoun's sentence is read resolved from the one before it: scorer v2)
        candidates.setdefault(tuple(ms), None)

    for seed in order[:_SEEDS]:
        # the chain as it runs (every sentence between) and as it resolves (the named one)
        for links in (prev, lean) if unit(seed, prev) != unit(seed, lean) else (lean,):
            grow(unit(seed, links), links)
        nxt = seed + 1
        if nxt < len(sents) and sents[nxt].source == sents[seed].source:
            add([seed, nxt])

    frame = _frame_ids(claim, anchors) & present
    choice = _choice_pairs(claim, anchors)
    windows: list[BindingWindow] = []
    unbound: list[tuple[Anchor, Anchor, str]] = []
    # a claim read with its question binds, failing a span that holds every anchor, by one
    # that holds the answer's anchors and at least one of the question's
    for relaxed in (False, True) if frame else (False,):
        for span in candidates:
            got = frozenset().union(*(hits[j] for j in span))
            binds = (present - frame <= got and bool(got & frame)) if relaxed \
                else present <= got
            if binds and len(span) > 1 and len(present & got) > 1:
                apart = rivals.apart(anchors, present & got, span, hits, facts, heirs,
                                     frame, inherited, choice, texts=texts)
                if apart:
                    unbound.extend(apart)
                    continue
            if not binds:
                continue
            held: set[str] = set().union(*(sent_terms[j] for j in span))
            text = " ".join(sents[j].text for j in span)
            windows.append(BindingWindow(tuple(sents[j] for j in span), text,
                                         len(claim_terms & held)))
            j = span[-1]
            if len(span) == 2 and lean[j] == span[0] and all(
                    holds(anchors[a], facts[j], inherited[j] if anchors[a].kind == "name"
                          else frozenset()) for a in present):
                # the pronoun's sentence states every figure and date of the claim and
                # inherits its names: it is also read alone, resolved (what the pair says
                # of the claim's subject)
                resolved = resolve_pronoun(sents[span[0]].text, sents[j].text)
                if resolved is not None:
                    windows.append(BindingWindow((sents[j],), resolved,
                                                 len(claim_terms & sent_terms[j])))
        if windows:
            break
    position = {id(x): i for i, x in enumerate(sents)}
    windows.sort(key=lambda w: (-w.covered, len(w.sentences),
                                -sum(rel[position[id(x)]] for x in w.sentences)))
    if windows:
        unbound = []
    return BindingPlan(anchors, required, windows[:top], unbound)


def span_reading(texts: Sequence[str], before: str | None = None) -> str:
    """The text the model reads for a span of sentences (in document order): joined by one
    space; a span of one sentence that opens with a pronoun, read with the sentence
    ``before`` it in its passage, has the pronoun replaced by that sentence's subject
    ("It is 330 metres tall." after "The Eiffel Tower is a lattice tower in Paris." is read
    "The Eiffel Tower is 330 metres tall."). Our small model reads one sentence well and two
    fused ones badly."""
    if len(texts) == 1 and before is not None:
        resolved = resolve_pronoun(before, texts[0])
        if resolved is not None:
            return resolved
    return " ".join(texts)


def _joined_len(sents: Sequence[SentenceRef], members: Sequence[int]) -> int:
    return sum(len(sents[j].text) for j in members) + len(members) - 1


def _frame_ids(claim: str, anchors: Sequence[Anchor]) -> frozenset[int]:
    """The anchors a "question + answer" claim takes from its question alone."""
    cut = claim.rfind("? ")
    if cut < 0:
        return frozenset()
    question, answer = claim[:cut + 1].lower(), claim[cut + 2:].lower()
    return frozenset(i for i, a in enumerate(anchors)
                     if a.text.lower() in question and a.text.lower() not in answer)


def _choice_pairs(claim: str, anchors: Sequence[Anchor]) -> frozenset[tuple[int, int]]:
    """The anchor pairs a "question + answer" claim's question offers as a choice ("Which
    band was formed first, Relient K or The Primitives?"): one before its last "or", one
    after. The evidence states each alternative in its own sentence; that they are never
    stated together is what a comparison is, not a scattered anchor."""
    cut = claim.rfind("? ")
    question = claim[:cut + 1].lower() if cut >= 0 else ""
    at = question.rfind(" or ")
    if at < 0:
        return frozenset()
    before, after = question[max(0, at - 60):at], question[at + 4:]
    left = [i for i, a in enumerate(anchors) if a.text.lower() in before]
    right = [i for i, a in enumerate(anchors) if a.text.lower() in after]
    return frozenset((a, b) for x in left for y in right if x != y
                     for a, b in ((x, y), (y, x)))


#: How ``unbound_message`` words each kind of second entry of ``BindingPlan.unbound``:
#: ``{a}`` the anchor, ``{b}`` the entry's text, ``{rival}`` what the evidence gives.
_UNBOUND_WORDING = {
    "subject": "the evidence states {a!r} for something else: where it states what the "
               "claim is about, it gives {rival!r}",
    "longer": "the evidence states {a!r} only of {rival!r}, not of {b!r}",
    "relative": "the evidence states {a!r} of {b!r}'s relative ({rival!r}), not of {b!r}",
    "predicate": "the evidence states that relation of {a!r} with {rival!r}; of {b!r} it "
                 "states another",
    "category": "the evidence gives {a!r} {rival!r}; {b!r} is what it gives another name "
                "in a fact of the same form",
    "shared": "the claim says {rival!r} of {a!r} and {b!r}; the evidence states it of {a!r} "
              "only",
}
_APART_WORDING = ("the evidence states {a!r} and {b!r} only apart: where one is stated, it "
                  "goes with {rival!r}")


def unbound_message(plan: BindingPlan) -> str:
    """Why no span binds the claim, for the ``unbound_anchors`` finding."""
    if plan.unbound:
        a, b, rival = plan.unbound[0]
        wording = _UNBOUND_WORDING.get(b.kind, _APART_WORDING)
        return wording.format(a=a.text, b=b.text, rival=rival)
    names = ", ".join(repr(a.text) for a in plan.required)
    return (f"no {MAX_SENTENCES} evidence sentences state {names} together")


def needs_finding(plan: BindingPlan) -> bool:
    """Whether the claim's anchors are stated only apart (no eligible span)."""
    return not plan.windows and bool(plan.required)

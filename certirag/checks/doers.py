"""A named person doing what the evidence says another named person does.

"Priya takes in the jacket and shortens the sleeves" against "My colleague Joseph will take
in the jacket at the waist and shorten the sleeves by 2cm" (Priya writing the letter), and
"Daniel Okafor repolished the top and also replaced the split back panel" against "Our
cabinetmaker, Ruth Calloway, has reglued the loose drawer runners and replaced the split
back panel with matching reclaimed timber" (Daniel the French polisher): the claim gives
the doing to a person the evidence names, but another person does it there.
:func:`doer_swap` finds it (``subject_swap``), read by the sentence check
(:mod:`certirag.checks.compare`).
"""

from __future__ import annotations

import re
from bisect import bisect_left

from certirag.checks._text import COMMON, clause_ids, stem
from certirag.checks.base import Finding
from certirag.checks.parse import SentInfo
from certirag.checks.roles import AUXILIARIES, OTHER_RELATION, other_doer

__all__ = ["doer_swap"]

_AUX = (r"(?:(?:(?:is|are)\s+going\s+to|is|are|was|were|will|would|has|have|had|can|could|"
        r"should|must|may|might)\s+)?(?:also\s+|then\s+|now\s+)?")
_NAME = r"[A-Z][a-z][\w-]*(?:\s+[A-Z][a-z][\w-]*){0,2}"
_ROLE = r"(?:[Mm]y|[Oo]ur|[Yy]our)\s+(?:[a-z-]+\s+)?[a-z-]+"
# a claim that opens with a name (and an aside on who they are) and its verb, in any tense:
# "Priya takes in the jacket", "Joseph is tapering the trousers", "Callum will decide",
# "Tom Aldridge, the farrier, asked …" (checks v23)
_ANY_DOER = re.compile(r"^(?P<name>(?:[A-Z][a-z][\w-]*\s+){0,2}[A-Z][a-z][\w-]*)"
                       r"(?:,\s+(?:the|our|your|my)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+,)?\s+"
                       + _AUX + r"(?P<verb>[a-z]{3,})\b")
# the evidence's doer before its verb, introduced by the writer's word for them: "My
# colleague Joseph will take in the jacket", "our technician Dev Malhotra handles …", "Our
# cabinetmaker, Ruth Calloway, has reglued …", "Ruth Calloway, our cabinetmaker, has …"
# (checks v23; news names its doers by epithets, "The Magpies have lost …", which no rule
# here can read)
_DOERS = (
    re.compile(r"\b" + _ROLE + r"\s+(?P<name>" + _NAME + r")\s+" + _AUX +
               r"(?P<verb>[a-z]{3,})\b"),
    re.compile(r"\b(?:[Mm]y|[Oo]ur|[Yy]our)\s+(?:[\w-]+\s+){0,2}[a-z][\w-]*,\s+(?P<name>"
               + _NAME + r"),\s+" + _AUX +
               r"(?P<verb>[a-z]{3,})\b"),
    re.compile(r"(?<![\w-])(?P<name>" + _NAME + r"),\s+(?:my|our|your)\s+(?:[a-z-]+\s+)?"
               r"[a-z-]+,\s+" + _AUX + r"(?P<verb>[a-z]{3,})\b"),
)
# a verb the same doer takes after "and": "… and (also) replaced the split back panel"
_AND_VERB = re.compile(r"\s+and\s+(?:also\s+|then\s+)?(?:has\s+|have\s+)?"
                       r"(?P<verb>[a-z]{3,}(?:ed|es|s))\b")
_MAX_AND = 4  # verbs one doer takes
# where a doer's verbs end: a stop, a comma, or a relative clause ("… praised the plumber
# who fitted the boiler and replaced the pipes": the plumber did those)
_VERBS_END = re.compile(r"[.;,:!?]|\b(?:who|which|that|whose|whom|where|when)\b")


def _particle(text: str, end: int) -> str:
    """The preposition right after a verb that ends at ``end`` ("in" of "take in")."""
    m = OTHER_RELATION.match(text, end)
    return m[0].strip().lower() if m else ""


def _clause_after(s: SentInfo, at: int,
                  read: tuple[list[int], list[int]] | None = None) -> set[str]:
    """The content stems of ``s`` from offset ``at`` to the end of that clause (a comma,
    a dash, "but" …: :func:`certirag.checks._text.clause_ids`); ``read``, the clause ids
    and token starts of ``s`` where they are already known."""
    ids, starts = read if read is not None else (clause_ids(s.toks), [t.start for t in s.toks])
    k = bisect_left(starts, at)
    if k >= len(s.toks):
        return set()
    out: set[str] = set()
    for j in range(k, len(s.toks)):
        if ids[j] != ids[k]:
            break
        if (st := s.stems[j]) is not None:
            out.add(st)
    return out


def _verbs(text: str, verb: str, end: int) -> list[tuple[str, int]]:
    """The doer's verbs: ``verb`` (ending at ``end``) and each verb it goes on to with
    "and" in the same tense ("reglued … and replaced"), with where each ends. Only a verb
    in "-ed" after one in "-ed", in "-s" after one in "-s"; nothing after a full stop,
    a semicolon, a comma or a relative word ("who", "which", "that" …)."""
    out = [(verb, end)]
    stop = _VERBS_END.search(text, end)
    limit = stop.start() if stop else len(text)
    tense = "ed" if verb.endswith("ed") else "s" if verb.endswith("s") else None
    at = end
    while tense is not None and len(out) < _MAX_AND:
        m = next((x for x in _AND_VERB.finditer(text, at, limit)
                  if x["verb"].endswith(tense)), None)
        if m is None:
            break
        out.append((m["verb"], m.end()))
        at = m.end()
    return out


def doer_swap(s: SentInfo, sentences: list[SentInfo]) -> Finding | None:
    """``subject_swap`` when the claim says a named person does what an evidence sentence
    says, in the active voice, another named person does (see the module docstring). The
    claim opens with its name and verb (any tense, a modal too), or goes on to another
    verb with "and"; the evidence names another person right before the same verb (an
    auxiliary between), introduced by the writer's word for them ("my colleague", "our
    technician", "Our cabinetmaker, Ruth Calloway,"), or before a verb they go on to with
    "and", and the clause after each verb (to a comma, a dash or "but") shares two content
    words or more; the claim's name is not in that sentence but in another one, and no
    evidence sentence has both the claim's name and its verb (checks v22, v23). A name
    that is a common word ("Staff will …") is no person, nor is a claim's one word the
    evidence capitalises only where it opens a sentence ("Beginners"), and a verb with a
    preposition after it must have the same one on both sides. Read on every evidence
    sentence, not only the one the claim aligns with: a claim that adds a clause ("…; it
    should all be ready on Thursday") may align with another."""
    text = s.text.lstrip()
    if _PASSIVE_BY.match(text):
        return _passive_doer(s, sentences)
    m = _ANY_DOER.match(text)
    if m is None or m["verb"] in AUXILIARIES:
        return None
    words = m["name"].split()
    if len(words) == 1 and not any(t.text == words[0] for o in sentences for t in o.toks[1:]):
        return None  # ("Beginners meet at 8 am": a word capitalised only where it opens)
    name = {stem(w.lower()) for w in words}
    if not any(name <= o.content for o in sentences):
        return None  # (the claim's person unnamed in the evidence)
    shift = len(s.text) - len(text)
    for verb_word, end in _verbs(text, m["verb"], m.end()):
        verb = stem(verb_word)
        if any(name <= o.content and verb in o.content for o in sentences):
            continue  # (the claim's person named doing it somewhere)
        got = _other(s, sentences, name, verb, _particle(text, end),
                     _clause_after(s, s.start + shift + end))
        if got is not None:
            return other_doer(got[0], m["name"].strip(), got[1])
    return None


# a claim in the passive with a named doer: "Oliver was referred to the service by Hannah
# Price", "The report was approved by Dr Ode"
_PASSIVE_BY = re.compile(r"^(?P<what>[^,;:]{1,60}?)\s+(?:was|were|has\s+been|have\s+been|"
                         r"had\s+been|will\s+be|is|are)\s+(?:also\s+|then\s+|first\s+)?"
                         r"(?P<verb>[a-z]{3,}ed)\b[^.;:!?,]{0,40}?\s+by\s+(?P<name>"
                         + _NAME + r")\b")


def _passive_doer(s: SentInfo, sentences: list[SentInfo]) -> Finding | None:
    """``subject_swap`` (ungrounded): the claim says in the passive that a named person
    did a thing ("Oliver was referred to the service by Hannah Price") where no evidence
    sentence has that person and the verb together, one has someone else do it to the
    same thing (the reader, "Thank you for referring Oliver …", or a person the writer
    introduces, "our nurse Jo referred him …"; no "he" or "she" there), and another names
    the person ("Oliver was assessed by our therapist, Hannah Price") (checks v24)."""
    m = _PASSIVE_BY.match(s.text.lstrip())
    if m is None:
        return None
    words = m["name"].split()
    if len(words) == 1 and words[0].lower() in COMMON:
        return None
    shift = s.start + len(s.text) - len(s.text.lstrip())

    def stems(group: str) -> set[str]:  # (the stems the sentences' contents use)
        a, b = shift + m.start(group), shift + m.end(group)
        return {str(st) for tok, st in zip(s.toks, s.stems, strict=True)
                if st is not None and a <= tok.start < b}

    name, what, verb_stems = stems("name"), stems("what") - COMMON, stems("verb")
    verb = next(iter(verb_stems), stem(m["verb"]))
    if not name or not what or not any(name <= o.content for o in sentences) or any(
            name <= o.content and (verb in o.content or _DEAR.search(o.text))
            for o in sentences):
        return None  # (nor where a letter's reader is the claim's person: "Dear Dr Shah, Thank
        # you for referring …" thanks Dr Shah)
    particle = _particle(s.text.lstrip(), m.end("verb"))

    def same_verb(e: SentInfo) -> bool:
        # with the same particle, after its object too: "carries out tests" is no "carried
        # over", "referring Oliver Grant … to the Service" is "referred to the service"
        for tok, st in zip(e.toks, e.stems, strict=True):
            own = _particle(e.text, tok.end - e.start) if st == verb else None
            if own is not None and own in ("", particle) and (not particle or re.search(
                    rf"\b{particle}\b", e.text[tok.end - e.start:tok.end - e.start + 60])):
                return True
        return False

    said = next((e for e in sentences if verb in e.content and what & e.content
                 and not name & e.content and same_verb(e) and _another_doer(e, verb)), None)
    if said is None:
        return None
    return Finding("subject_swap", "ungrounded",
                   f"no evidence sentence says {m['name']} {m['verb']} it; the evidence says "
                   f"{said.text.strip()!r}", m["name"], said.text.strip())


# a third person who may be the claim's doer ("He trains Shutthefrontdoor …")
_THIRD = re.compile(r"\b(?:he|she|they|his|her|their|him|them)\b", re.IGNORECASE)
_DEAR = re.compile(r"\b(?:Dear|Hi|Hello)\s+[A-Z]")
# the reader as the doer: "Thank you for referring Oliver", "you referred him"
_YOU_DID = re.compile(r"\b(?:thank\s+you\s+for|you(?:\s+have|['’]ve)?)\s+(?P<verb>[a-z]{3,})\b",
                      re.IGNORECASE)


def _another_doer(e: SentInfo, verb: str) -> bool:
    """Whether evidence sentence ``e`` has someone else do ``verb``: the reader ("Thank you
    for referring Oliver …") or a person the writer introduces (:data:`_DOERS`), and no
    third-person pronoun that may be the claim's person."""
    if _THIRD.search(e.text):
        return False
    return any(stem(m["verb"].lower()) == verb for m in _YOU_DID.finditer(e.text)) or any(
        stem(x["verb"].lower()) == verb for pattern in _DOERS for x in pattern.finditer(e.text))


def _other(s: SentInfo, sentences: list[SentInfo], name: set[str], verb: str, particle: str,
           done: set[str]) -> tuple[str, SentInfo] | None:
    """Another person an evidence sentence introduces doing ``verb`` (with ``particle``
    after it) to two content words or more of ``done``, in a sentence without the claim's
    ``name``: that person and the sentence."""
    for e in sentences:
        if verb not in e.content or name & e.content:
            continue
        read = (clause_ids(e.toks), [t.start for t in e.toks])
        for pattern in _DOERS:
            for x in pattern.finditer(e.text):
                words = x["name"].split()
                if len(words) == 1 and words[0].lower() in COMMON:
                    continue  # ("Staff will …" names no one)
                for v, end in _verbs(e.text, x["verb"], x.end()):
                    if stem(v) != verb or _particle(e.text, end) != particle:
                        continue  # ("takes in" is not "takes to")
                    if len(done & _clause_after(e, e.start + end, read)) >= 2:
                        return x["name"], e
    return None

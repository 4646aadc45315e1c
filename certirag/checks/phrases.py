"""A phrase the evidence says of another named thing of the claim's kind (checks v21), and a
name the claim puts after a verb and its preposition where the evidence puts another
(checks v22): ``subject_swap``, parts of the ``borrowed`` check
(:mod:`certirag.checks.borrowed`)."""

from __future__ import annotations

import re

from certirag.checks._text import STOP, clause_ids, stem
from certirag.checks.base import Finding
from certirag.checks.named import CALENDAR, described, evidence_names, named, pairs, pronoun
from certirag.checks.parse import SentInfo, content_words
from certirag.checks.prepared import PreparedEvidence
from certirag.checks.roles import other_doer

__all__ = ["borrowed_phrase", "by_swap", "slot_swap"]

_MIN_OWN_WORDS = 2

def borrowed_phrase(cs: SentInfo, ev: PreparedEvidence) -> Finding | None:
    """``subject_swap``: a phrase the evidence says of another named thing, given to the
    claim's (checks v21): "Zone C includes the northern suburbs." against "Zone B, covering
    the northern suburbs, charges £75 …" and "Zone C includes the surrounding villages …".
    No value is borrowed, so the rule above cannot read it, and in a long passage the model
    reads the two sentences as one. The claim sentence names one thing, and opens with it:
    a name of a kind and its label (:func:`_one_name`, a letter too: "Zone C"; not a
    question read with its answer, not a comparison); some evidence sentences name it, and
    each
    lacks two or more of the claim's other content words, written together in the claim
    ("northern suburbs"); every sentence with those words written together names something
    else and not the claim's name, with no pronoun or description that may stand for it,
    and opens with another thing of the claim's kind, its name the claim's but the last
    word ("Zone B, covering …"); and
    one of them says the same of its name as a sentence of the claim's name does (a content
    word besides names and those words): one fact of two things."""
    if "?" in cs.text or cs.polarity.negated or cs.polarity.scopes \
            or len(cs.toks) > _MAX_TOKENS or _COMPARES.search(cs.text):
        return None  # (a question read with its answer, "What actor portrayed David Dunn in
        # the superhero thriller …? Bruce Willis", names the question's things; a comparison
        # names the other thing's phrase: "Unlike the town centre, Zone C …")
    name_words = _one_name(cs)
    opening = _opening_name(cs)
    if not name_words or len(opening) < 2 or frozenset(opening) != name_words:
        return None  # (the claim's subject: a name of a kind and its label, "Zone C")
    by_id = ev.derived("borrowed.names", evidence_names)
    own = [s for s in ev.sentences if name_words <= by_id[id(s)][1]]
    if not own:
        return None
    names = frozenset(st for t, st in zip(cs.toks, cs.stems, strict=True)
                      if st and t.text.lower() in name_words)
    said = frozenset((content_words(cs.content) - names) & ev.stem_index.keys())
    missing = frozenset.intersection(*(said - o.content for o in own))
    joined = pairs(cs, missing)
    if len(missing) < _MIN_OWN_WORDS or not joined:
        return None
    holders = [s for s in ev.sentences if missing <= s.content and joined & pairs(s, missing)]
    if not holders or any(name_words <= by_id[id(s)][1] or not (by_id[id(s)][1] - name_words)
                          or pronoun(s) or described(s) for s in holders):
        return None
    # each opens with another thing of the claim's kind ("Zone B, covering …")
    if not all((o := _opening_name(h)) and len(o) == len(opening) and o[:-1] == opening[:-1]
               and o[-1] != opening[-1] for h in holders):
        return None  # (the same words but the label: "Peter" is "Peter Morris")
    for h in holders:
        facts = content_words(h.content) - missing - by_id[id(h)][0]
        if any(facts & (content_words(o.content) - names) for o in own):
            phrase = " ".join(t.text for t, st in zip(cs.toks, cs.stems, strict=True)
                              if st in missing)
            return Finding("subject_swap", "ungrounded",
                           f"the evidence says {phrase!r} of something else: "
                           f"{h.text.strip()!r}", cs.text.strip(), h.text.strip())
    return None


def _opening_name(s: SentInfo) -> tuple[str, ...]:
    """The lower-cased capitalised words ``s`` opens with (after "The", "A" or "An"), a
    letter too: "Zone B" of "Zone B, covering …"."""
    toks = s.toks
    k = 1 if toks and toks[0].text in ("The", "A", "An") else 0
    out: list[str] = []
    while k < len(toks) and toks[k].text[:1].isupper() and toks[k].text[:1].isalpha():
        out.append(toks[k].text.lower())
        k += 1
    return tuple(out)


def _one_name(cs: SentInfo) -> frozenset[str]:
    """The lower-cased words of the one name of ``cs`` (a run of capitalised words, a
    letter too: "Zone C"; the first word as :func:`named` reads it), or nothing where it
    names more than one thing or only a month or a weekday."""
    _, words = named(cs, owned=False)
    runs: list[list[str]] = []
    last = -2
    for k, tok in enumerate(cs.toks):
        low = tok.text.lower()
        if low in words and stem(low) not in CALENDAR:
            if k == last + 1:
                runs[-1].append(low)
            else:
                runs.append([low])
            last = k
    return frozenset(runs[0]) if len(runs) == 1 else frozenset()


_MAX_TOKENS = 60  # tokens of a claim sentence read for a borrowed phrase
_COMPARES = re.compile(r"\b(?:than|unlike|like|compared|whereas|while|versus|vs|as\s+opposed)\b",
                       re.IGNORECASE)


# what the asker is told to do, a verb, up to four words, its preposition and a name:
# "you'll collect the finished piece directly from Redbrook", "You pitch your show idea to
# Callum Reid" (a news sentence's "migrants from Africa" is no such slot)
_SLOT = re.compile(r"\b(?i:you)(?:['’]ll|['’]d|\s+(?:will|would|can|could|should|must|may|"
                   r"need\s+to|have\s+to))?(?:\s+(?:just|still|also|then|simply|usually|"
                   r"normally|now))?\s+(?P<verb>[a-z]{4,})(?:\s+[a-z]+){0,4}?\s+"
                   r"(?P<prep>from|to|with|at)\s+"
                   r"(?:the\s+)?(?P<name>[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*){0,2})")
# the evidence's name after the same preposition, past a few lower-case words and a comma:
# "to the programme controller, Helen Okafor"
_SLOT_NAME = re.compile(r"(?:\s+[a-z]+){0,3}?\s+(?P<prep>from|to|with|at)\s+"
                        r"(?:[a-z]+\s+){0,3}?(?:[a-z]+,\s+)?"
                        r"(?P<name>[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*){0,2})")
# verbs too light to tie a name to one fact ("go to", "come from", "talk to")
_LIGHT = frozenset(stem(w) for w in """have make take give come goes going went says said talk
speak speaks spoke tell told write wrote sent send look looks seen meet meets move moved
travel travels return returns returned belong belongs""".split())


def slot_swap(cs: SentInfo, ev: PreparedEvidence) -> Finding | None:
    """``subject_swap``: the claim tells the asker to do something with a name after the
    verb and its preposition ("you'll collect the finished piece directly from Redbrook")
    where an evidence sentence puts another name after the same verb (or its noun) and
    preposition ("customers still collect everything from Gallery Lane"), and no evidence
    clause has the claim's name with that verb: the name of another sentence ("Redbrook
    will return conservation orders to us") given the fact (checks v22). The claim's name
    (capitalised words) must be in the evidence, the two names share no word, and the claim
    must not be negative or a question; light verbs ("go to", "talk to") are not read."""
    if "?" in cs.text or cs.polarity.negated or cs.polarity.scopes:
        return None
    for m in _SLOT.finditer(cs.text):
        verb = stem(m["verb"])
        if verb in _LIGHT or verb in STOP:
            continue
        name = frozenset(stem(w.lower()) for w in m["name"].split())
        holding = [s for s in ev.sentences if name <= s.content]
        if not holding or any(_one_clause(s, name, verb) for s in holding):
            continue  # (a name the evidence lacks is another rule's; one it gives the verb)
        for s in ev.sentences:
            if verb not in s.content:
                continue
            for tok, st in zip(s.toks, s.stems, strict=True):
                x = _SLOT_NAME.match(s.text, tok.end - s.start) if st == verb else None
                if x is None or x["prep"] != m["prep"].lower() or \
                        frozenset(stem(w.lower()) for w in x["name"].split()) & name:
                    continue
                return Finding("subject_swap", "ungrounded",
                               f"the evidence says {m['verb']!r} … {x['prep']} "
                               f"{x['name']!r}, not {m['name']!r}: {s.text.strip()!r}",
                               m["name"], s.text.strip())
    return None


def _one_clause(s: SentInfo, name: frozenset[str], verb: str) -> bool:
    """Whether ``s`` writes a word of ``name`` and the verb ``verb`` in one clause (no
    comma, dash or "so" between them)."""
    ids = clause_ids(s.toks)
    named = {c for c, st in zip(ids, s.stems, strict=True) if st in name}
    return any(c in named for c, st in zip(ids, s.stems, strict=True) if st == verb)


# a passive and its agent: "MOT tests … are carried out by Owen Pryce"
_DONE_BY = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+(?:[a-z]+ly\s+)?(?P<verb>[a-z]{3,}ed|"
                      r"led|run|held|taught|made|done|given|taken|seen|checked)\s+"
                      r"(?:(?P<part>out|up|over|off)\s+)?by\s+(?:[a-z]+\s+){0,2}?"
                      r"(?P<name>[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*){0,2})")
# a full name: two capitalised words or more, not after "The"
_FULL_NAME = re.compile(r"(?<![\w'’-])(?!(?:The|A|An)\s)[A-Z][a-z][\w'’-]*"
                        r"(?:\s+[A-Z][a-z][\w'’-]*)+")
# a name a few words after a preposition is no doer ("his career at Real Sociedad and
# Athletic Bilbao and they have monitored …")
_AFTER_PREPOSITION = re.compile(r"\b(?:at|in|of|from|to|for|with|by|on|about)\s+"
                                r"(?:[\w'’-]+\s+){0,3}$", re.IGNORECASE)
_LOOK_BACK = 40  # characters before a name read for its preposition


def by_swap(cs: SentInfo, ev: PreparedEvidence) -> Finding | None:
    """``subject_swap``: the claim says a thing is done by a name ("MOT tests at Hollins are
    carried out by Owen Pryce") where an evidence sentence says another name does it, in
    the active voice, in a clause with a word of what the claim says is done ("Gemma Thorne
    is our MOT tester and carries out tests Monday to Thursday"), and no evidence clause
    gives the claim's name that verb (checks v22). The claim's name must be in the
    evidence; the other name, a full name (two capitalised words, no "The", not a few words
    after a preposition, none of the words of what is done), comes before the verb in its
    clause, and the clause has two words of what the claim says is done. Each clause is
    read once."""
    if "?" in cs.text or cs.polarity.negated or cs.polarity.scopes:
        return None
    m = _DONE_BY.search(cs.text)
    if m is None:
        return None
    verb = stem(m["verb"])
    name = frozenset(stem(w.lower()) for w in m["name"].split())
    done = frozenset(st for t, st in zip(cs.toks, cs.stems, strict=True)
                     if st is not None and t.start < cs.start + m.start()) - name
    holding = [s for s in ev.sentences if name <= s.content]
    if not done or not holding or any(_one_clause(s, name, verb) for s in holding):
        return None
    for s in ev.sentences:
        if verb not in s.content or name & s.content:
            continue
        ids = clause_ids(s.toks)
        first = {c: k for k, c in reversed(list(enumerate(ids)))}
        seen: set[int] = set()
        for k, st in enumerate(s.stems):
            if st != verb or ids[k] in seen or _particle_after(s, k) != (m["part"] or ""):
                continue
            seen.add(ids[k])
            said = {x for c, x in zip(ids, s.stems, strict=True) if c == ids[k]}
            if len(done & said) < 2:
                continue
            clause = s.text[s.toks[first[ids[k]]].start - s.start:s.toks[k].start - s.start]
            other = next((x[0] for x in _FULL_NAME.finditer(clause)
                          if not frozenset(stem(w.lower()) for w in x[0].split()) & done
                          and not _AFTER_PREPOSITION.search(
                              clause, max(0, x.start() - _LOOK_BACK), x.start())), None)
            if other is not None:
                return other_doer(other, m["name"], s)
    return None


def _particle_after(s: SentInfo, k: int) -> str:
    """The particle right after token ``k`` of ``s`` ("out" of "carries out"), or ""."""
    nxt = s.toks[k + 1].text.lower() if k + 1 < len(s.toks) else ""
    return nxt if nxt in ("out", "up", "over", "off") else ""

"""A phrase the evidence says of another named thing of the claim's kind: ``subject_swap``
(checks v21), a part of the ``borrowed`` check (:mod:`certirag.checks.borrowed`)."""

from __future__ import annotations

import re

from certirag.checks._text import stem
from certirag.checks.base import Finding
from certirag.checks.named import CALENDAR, described, evidence_names, named, pairs, pronoun
from certirag.checks.parse import SentInfo, content_words
from certirag.checks.prepared import PreparedEvidence

__all__ = ["borrowed_phrase"]

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

"""Statements of agency in either voice, and the model's reading of a claim in its span's
voice (scorer ``certirag.scorer.v6``).

Encyclopaedic evidence states who made what in the passive ("Inception is a 2010 science
fiction film written and directed by Christopher Nolan."), answers and chat replies in the
active ("Christopher Nolan directed Inception."), and our small NLI model reads a change
of voice as a change of meaning: the active sentence scores P(entailment) 0.21 against the
passive one. :func:`voices` reads a passive statement of agency (the patterns the
voice-change training pairs of :mod:`certirag.train.voice` are built from);
:func:`voice_reading` gives the model a claim in the voice its span uses, when the claim
states the very same agency: the same agent, the same verb, the same work, in the other
voice. "Christopher Nolan directed Inception." and "Inception was directed by Christopher
Nolan." say one thing, so the reading says no more than the claim, and a claim whose roles
are exchanged ("Inception directed Christopher Nolan") is never rewritten: its agent is not
the span's agent. Only the model reads this text; the deterministic checks, the
certificate and the rendered answer keep the claim as written.
"""

from __future__ import annotations

import re

from certirag.text.contractions import negation_cue
from certirag.text.sentences import sentences

__all__ = ["ACTIVE", "AGENT_NOUN", "voice_reading", "voices"]

#: participle → (simple past, present third person singular).
ACTIVE: dict[str, tuple[str, str]] = {
    "directed": ("directed", "directs"), "written": ("wrote", "writes"),
    "produced": ("produced", "produces"), "composed": ("composed", "composes"),
    "published": ("published", "publishes"), "founded": ("founded", "founds"),
    "created": ("created", "creates"), "developed": ("developed", "develops"),
    "designed": ("designed", "designs"), "built": ("built", "builds"),
    "released": ("released", "releases"), "recorded": ("recorded", "records"),
    "performed": ("performed", "performs"), "owned": ("owned", "owns"),
    "operated": ("operated", "operates"), "managed": ("managed", "manages"),
    "hosted": ("hosted", "hosts"), "sung": ("sang", "sings"),
    "illustrated": ("illustrated", "illustrates"), "edited": ("edited", "edits"),
    "voiced": ("voiced", "voices"), "invented": ("invented", "invents"),
    "discovered": ("discovered", "discovers"), "established": ("established", "establishes"),
    "organized": ("organized", "organizes"), "organised": ("organised", "organises"),
    "led": ("led", "leads"), "coached": ("coached", "coaches"),
    "narrated": ("narrated", "narrates"), "distributed": ("distributed", "distributes"),
    "manufactured": ("manufactured", "manufactures"), "run": ("ran", "runs"),
    "headed": ("headed", "heads"), "adapted": ("adapted", "adapts"),
    "translated": ("translated", "translates"), "painted": ("painted", "paints"),
    "sculpted": ("sculpted", "sculpts"), "authored": ("authored", "authors"),
    "co-founded": ("co-founded", "co-founds"), "co-written": ("co-wrote", "co-writes"),
    "co-produced": ("co-produced", "co-produces"), "acquired": ("acquired", "acquires"),
    "won": ("won", "wins"), "played": ("played", "plays"), "portrayed": ("portrayed",
                                                                         "portrays"),
}

_NAME = r"[A-Z][\w.'&-]*(?:\s+(?:of |the |de |van |von )?[A-Z][\w.'&-]*){0,4}"
#: What may follow a name the patterns take: punctuation, the end, or a word that starts
#: a new phrase ("… by Christopher Paolini in 2011"), never another word of a noun phrase
#: ("… by American author Christopher Paolini" names no agent "American").
_AFTER = (r"(?=[,.;]|$| \(| (?:and|in|on|at|for|from|with|as|about|under|during|between|"
          r"which|who|that|to|based|starring|featuring|through|since|until|after|before)\b)")
_PART = "|".join(sorted((re.escape(p) for p in ACTIVE), key=len, reverse=True))
_PASSIVE = re.compile(
    rf"^(?P<subj>{_NAME}(?: \([^()]{{1,40}}\))?)(?:,[^,]{{1,80}},)? (?P<aux>is|was|are|were) "
    rf"(?P<desc>(?:an?|the) [^.;:()]{{0,80}}? )?(?:(?:first|originally|primarily|"
    rf"mainly|jointly) )?(?P<parts>(?:{_PART})(?:(?:,| and|, and) (?:{_PART}))*) by "
    rf"(?P<agent>{_NAME}){_AFTER}")
_STARRING = re.compile(
    rf"^(?P<subj>{_NAME}(?: \([^()]{{1,40}}\))?) (?:is|was) (?:(?:an?|the) [^.;:()]{{0,80}}? )?"
    rf"starring (?P<cast>{_NAME}(?:, {_NAME}){{0,4}}(?:,? and {_NAME})?){_AFTER}")
_YEARS = re.compile(r" \([^()]*\)$")
#: A word with a full stop inside a name that runs on ("Desi Arnaz Jr. Bess Armstrong":
#: two names with no comma between them); initials ("M. Night") are fine.
_RUN_ON = re.compile(r"\b[A-Za-z]{2,}\. [A-Z]")
_STOP_SUBJ = frozenset({"It", "He", "She", "They", "This", "That", "These", "There", "The",
                        "A", "An", "In", "On", "At", "His", "Her", "Its", "Their"})


def _subject_ok(subj: str) -> bool:
    """A named subject: not a pronoun or a determiner, except a title's "The" ("The
    Hobbit", not "The film")."""
    words = subj.split()
    if words[0] == "The":
        return len(words) > 1 and words[1][:1].isupper()
    return words[0] not in _STOP_SUBJ


def _clean(name: str) -> str:
    return _YEARS.sub("", name).strip().rstrip(".") if not name.endswith(" Jr.") else name


def _passive(m: re.Match[str]) -> list[tuple[str, str, str, bool]]:
    """(agent, participle, subject, present) of each participle of a :data:`_PASSIVE`
    match."""
    out: list[tuple[str, str, str, bool]] = []
    if _subject_ok(m.group("subj")):
        subj, agent = _clean(m.group("subj")), _clean(m.group("agent"))
        present = m.group("aux") in ("is", "are") and not m.group("desc")
        for part in re.split(r",? and |, ", m.group("parts")):
            if part in ACTIVE and agent != subj and not _RUN_ON.search(agent):
                out.append((agent, part, subj, present))
    return out


def voices(sentence: str) -> list[tuple[str, str, str, bool]]:
    """(agent, participle, subject, present) for each passive statement of agency of
    ``sentence`` the patterns read, "starring" casts as participle ``starring``."""
    s = sentence.strip()
    m = _PASSIVE.match(s)
    out = _passive(m) if m is not None else []
    m = _STARRING.match(s)
    if m and _subject_ok(m.group("subj")):
        subj = _clean(m.group("subj"))
        for name in re.split(r",? and |, ", m.group("cast")):
            if name and name != subj and not _RUN_ON.search(name):
                out.append((_clean(name), "starring", subj, False))
    return out




#: participle → the agent's noun, for "<Agent> was the director of <Subject>."
AGENT_NOUN = {"directed": "director", "written": "writer", "produced": "producer",
               "composed": "composer", "published": "publisher", "founded": "founder",
               "created": "creator", "developed": "developer", "designed": "designer",
               "built": "builder", "illustrated": "illustrator", "edited": "editor",
               "invented": "inventor", "narrated": "narrator", "owned": "owner",
               "manufactured": "manufacturer", "distributed": "distributor",
               "authored": "author", "co-founded": "co-founder", "painted": "painter"}

def _past_forms() -> dict[str, str]:
    """simple past → participle (and present → participle), for the active claims read."""
    out: dict[str, str] = {}
    for part, (past, now) in ACTIVE.items():
        out.setdefault(past, part)
        out.setdefault(now, part)
    return out


_PARTICIPLE_OF = _past_forms()
_ACTIVE_VERB = "|".join(sorted((re.escape(v) for v in _PARTICIPLE_OF), key=len, reverse=True))
# "Christopher Nolan [also] directed Inception[ in 2010]." — the agent opens the claim
_ACTIVE_CLAIM = re.compile(rf"^(?P<agent>{_NAME}) (?P<also>also )?(?P<verb>{_ACTIVE_VERB}) "
                           rf"(?P<rest>.+)$")
# "Inception was [also] directed by Christopher Nolan[ in 2010]."
_PASSIVE_CLAIM = re.compile(rf"^(?P<subj>{_NAME}) (?P<aux>is|was|are|were) (?P<also>also )?"
                            rf"(?P<part>{_PART}) by (?P<agent>{_NAME}){_AFTER}(?P<tail>.*)$")


# What may follow the work: nothing, or a phrase of time or place to the end ("in 2010",
# "for Warner Bros. in 2010"), never a clause that would change what it is said of (",
# which stars …" is said of the work, and would be said of the agent).
_TAIL = re.compile(r"^(?: (?:in|on|at|during|for|from|with|through|between|before|after|"
                   r"until|since) [^,;:()]*?)?[.!]?$")


_PART_OF_NOUN = {noun: part for part, noun in AGENT_NOUN.items()}
_NOUN = "|".join(sorted((re.escape(n) for n in _PART_OF_NOUN), key=len, reverse=True))
# "Christopher Nolan was [also] the director of Inception[ in 2010]."
_NOUN_CLAIM = re.compile(rf"^(?P<agent>{_NAME}) (?P<aux>is|was) (?P<also>also )?the "
                         rf"(?P<noun>{_NOUN}) of (?P<rest>.+)$")


# "Ewan McGregor starred in Big Fish." — a member of a work's cast, as a claim says it
_CAST_CLAIM = re.compile(rf"^(?P<agent>{_NAME}) (?P<also>also )?(?:starred|stars|acted|acts|"
                         rf"appeared|appears|was|is) in (?P<rest>.+)$")
# A negation inside a passive's description ("a film not directed by …") states no agency.
_NEGATED = re.compile(negation_cue("not|never|no"), re.IGNORECASE)


def _cast_reading(m: re.Match[str], premise: str) -> str | None:
    """"<Name> starred in <Work>." in the words of a span that says "<Work> stars
    <Name>" ("… is starring", "… starred", with others of the cast before the name)."""
    agent = m["agent"]
    for s in sentences(premise):
        for c in re.finditer(rf"^(?P<work>{_NAME}) (?P<verb>stars|starred|is starring|was "
                             rf"starring) (?P<cast>[^.;:()]*)", s.strip()):
            work, rest = c["work"], m["rest"]
            names = [n.strip() for n in re.split(r",? and |, ", c["cast"].rstrip(". "))]
            if agent in names and rest.startswith(work) and _TAIL.match(rest[len(work):]) \
                    and not _NEGATED.search(c["cast"]):
                return f"{work} {c['verb']} {m['also'] or ''}{agent}{rest[len(work):]}"
    return None


def _premise_voices(premise: str) -> list[tuple[str, str, str, str]]:
    """(agent, participle, subject, the form of *be*) of each passive statement of agency
    in ``premise``: the reading takes the span's own "is" or "was" ("Heatwave is a 2019
    thriller directed by Ana Duarte." → "Heatwave is directed by Ana Duarte."); none where
    a negation stands before the agent ("a film not directed by …")."""
    out = []
    for s in sentences(premise):
        text = s.strip()
        m = _PASSIVE.match(text)
        if m is None or _NEGATED.search(text[:m.start("agent")]):
            continue
        out += [(a, p, subj, m["aux"]) for a, p, subj, _ in _passive(m)]
    return out


def voice_reading(claim: str, premise: str) -> str:
    """``claim`` in the voice ``premise`` states its agency in, when both state the same
    agent doing the same thing to the same work; ``claim`` unchanged otherwise.

    * an active claim against a passive span: "Christopher Nolan directed Inception in
      2010." against "Inception is a 2010 film directed by Christopher Nolan." reads
      "Inception was directed by Christopher Nolan in 2010.";
    * a passive claim against an active span: "Inception was directed by Christopher
      Nolan." against "Christopher Nolan directed Inception." reads "Christopher Nolan
      directed Inception.", and against a passive span in its tense;
    * the agent's noun against a passive span: "Christopher Nolan was the director of
      Inception." reads "Inception is directed by Christopher Nolan." against "Inception is
      a 2010 film directed by Christopher Nolan.";
    * a member of the cast against a span that names the cast after the work: "Ewan
      McGregor starred in Big Fish." reads "Big Fish is starring Ewan McGregor." against
      "Big Fish is starring Ewan McGregor and Albert Finney.".
    """
    text = claim.strip()
    m = _ACTIVE_CLAIM.match(text)
    if m is not None:
        agent, part = m["agent"], _PARTICIPLE_OF[m["verb"]]
        for p_agent, p_part, subj, be in _premise_voices(premise):
            if p_agent != agent or p_part != part:
                continue
            rest = m["rest"]
            if rest.startswith(subj) and _TAIL.match(rest[len(subj):]):
                return f"{subj} {be} {m['also'] or ''}{part} by {agent}{rest[len(subj):]}"
        return claim
    m = _CAST_CLAIM.match(text)
    if m is not None:  # "Ewan McGregor starred in Big Fish." against "Big Fish stars …"
        return _cast_reading(m, premise) or claim
    m = _NOUN_CLAIM.match(text)
    if m is not None:  # "X was the director of Y": "Y is directed by X" against that span
        agent, part = m["agent"], _PART_OF_NOUN[m["noun"]]
        for p_agent, p_part, subj, be in _premise_voices(premise):
            rest = m["rest"]
            if (p_agent, p_part) == (agent, part) and rest.startswith(subj) \
                    and _TAIL.match(rest[len(subj):]):
                return f"{subj} {be} {m['also'] or ''}{part} by {agent}{rest[len(subj):]}"
        return claim
    m = _PASSIVE_CLAIM.match(text)
    if m is not None and m["part"] in ACTIVE:
        subj, agent, part = m["subj"], m["agent"].rstrip("."), m["part"]
        tail = m["agent"][len(agent):] + m["tail"]  # (a name may end the sentence)
        if not _TAIL.match(tail):
            return claim
        for p_agent, p_part, p_subj, be in _premise_voices(premise):
            if (p_agent, p_part, p_subj) == (agent, part, subj) and be != m["aux"] \
                    and (be in ("is", "was")) == (m["aux"] in ("is", "was")):
                # the span's own tense: "Heatwave was directed by Ana Duarte." against
                # "Heatwave is a 2019 thriller directed by Ana Duarte."
                return f"{subj} {be} {m['also'] or ''}{part} by {agent}{tail}"
        past, now = ACTIVE[part]
        verb = now if m["aux"] in ("is", "are") else past
        if re.search(rf"(?:^|[.!?]\s+){re.escape(agent)} (?:also )?{re.escape(verb)} "
                     rf"{re.escape(subj)}\b", premise):
            return f"{agent} {m['also'] or ''}{verb} {subj}{tail}"
    return claim

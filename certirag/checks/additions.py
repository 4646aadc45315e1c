"""What a claim adds to its statement that no evidence sentence gives anything: a cause or
purpose ("because it makes it work faster"), an exemption ("without paying any penalty")
or a ranking ("one of his best films"); a clause no evidence word supports; a yes/no
question about something the evidence never mentions; and someone's quoted words stated as
a fact.

Each ``check_*`` function is the compare function of one built-in check
(:mod:`certirag.checks.builtin`): ``(claim, evidence, question, out) -> None``."""

from __future__ import annotations

import re

from certirag.checks._text import STOP, stem, stems_of
from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.superlatives import ordinal_rank
from certirag.checks.swap import capitalised_stems, same_value
from certirag.text.verbs import BASE_VERBS, MODAL_VERBS

__all__ = ["check_asked", "check_attributed", "check_causes", "check_details", "check_exemptions",
           "check_ranks"]


# A cause or purpose the claim asserts, and any word of cause, purpose or effect in the
# evidence ("Ibuprofen should be taken with food because this makes it work faster." for
# "It should be taken with food."). "since" and "as" in a claim are as often time as
# cause, and a condition restated as a reason ("Since you're over 65, the vaccine is
# free.") is a faithful reading: only unambiguous connectives count.
_CLAIM_CAUSE = re.compile(
    r"\b(?:because|so that|in order to|therefore|as a result|thanks to"
    r"|due to(?! (?:be|open|reopen|close|start|begin|end|finish|arrive|launch|return|resume"
    r"|take|make|go|come|appear|face|meet|hold|complete|expire|run|stand|retire)\b)|"
    r"which (?:makes|means|helps|causes|caused|made|meant|helped))\b", re.IGNORECASE)
_EVIDENCE_CAUSE = re.compile(
    r"\b(?:because|since|as a result|due to|owing to|thanks to|so that|in order to|"
    r"therefore|thus|hence|caus\w*|lead(?:s|ing)? to|led to|result(?:s|ed|ing)? (?:in|from)|"
    r"reasons?|why|helps?|helped|makes?|made|means?|meant|prevents?|avoids?|reduces?|"
    r"increases?|improves?|protects?|allows?|enables?|so as to|"
    # "will rise to £3.45, reflecting higher flour costs"
    r"reflect(?:s|ed|ing)?)\b"
    # "…, as the database format has changed": "as" after a comma before a clause
    r"|,\s+as\s+(?!(?:well|of|part|a|long|soon|much|many|such|if|though|per|usual)\b)"
    r"(?:[\w'’-]+\s+){1,4}?(?:is|are|was|were|has|have|had|will|can|would|may|must)\b",
    re.IGNORECASE)
# a clause after a colon that says why: "You don't need any broadcasting experience: we
# train everyone from scratch." (checks v22)
_COLON_CLAUSE = re.compile(r"(?<=\w):\s+(?P<why>(?:we|they|this|that|it)(?:\s|['’])[^.;:!?]*)",
                           re.IGNORECASE)


# a result after "so", and the clause before it that gives its cause: "backed by insurance
# so you're covered", "Our Saturday morning slots get booked up quickly, so we recommend …"
_SO_RESULT = re.compile(r"(?P<why>[^,;:.!?]*?),?\s+so\s+(?:you|we|they|it|there|your|our|"
                        r"their|please|customers|visitors|members)(?=\W)", re.IGNORECASE)


def _so_reason(c: Parsed, m: re.Match[str], ev: PreparedEvidence) -> bool:
    """Whether an evidence clause before "so …" gives the claim's cause: it shares a content
    word with the cause (to its clause's end; hyphened words read in parts, "insurance-backed"
    for "backed by insurance", checks v23). "The office shuts early on Fridays, so please
    plan …" gives no cause of "because of staff training"."""
    stop = _CAUSE_END.search(c.text, m.end())
    cause = stems_of(c.text[m.end():stop.start() if stop else len(c.text)].replace("-", " "),
                     STOP)
    return bool(cause) and any(cause & stems_of(x["why"].replace("-", " "), STOP)
                               for s in ev.sentences for x in _SO_RESULT.finditer(s.text))


def _colon_reason(c: Parsed, m: re.Match[str], ev: PreparedEvidence) -> bool:
    """Whether an evidence clause after a colon gives the claim's cause: every content word
    of the cause (up to its clause's end, two at least) is a word of that clause."""
    stop = _CAUSE_END.search(c.text, m.end())
    cause = stems_of(c.text[m.end():stop.start() if stop else len(c.text)], STOP)
    cause = frozenset(w for w in cause if "'" not in w and "’" not in w)
    return len(cause) >= 2 and any(cause <= stems_of(x["why"], STOP) for s in ev.sentences
                                   for x in _COLON_CLAUSE.finditer(s.text))


# A rule: what must, may or will happen, or to whom it applies.
_RULE = re.compile(r"\b(?:must|need|needs|required|if|unless|whenever|for any|for all|only|"
                   r"are entitled|is entitled)\b", re.IGNORECASE)
# what a rule of the cause's own ("if you stay longer …") may be stated with: what will be
_WILL = re.compile(r"\bwill\b", re.IGNORECASE)
_WHOLE_RULE = 4  # words of a cause that states a rule of its own
# the asker's case: "you'll need …", "she'll count as …"
_ADDRESSED = re.compile(r"\b(?:you|you['’]ll|you\s+will|you['’]d|she['’]ll|he['’]ll|they['’]ll)\b",
                        re.IGNORECASE)
_CAUSE_END = re.compile(r"[,;:–—]|\s-\s|$")


def _plain_word(word: str) -> bool:
    """A word that says something of its own: not a pronoun, contracted or not ("she's")."""
    return _SPEAKER.fullmatch(word) is None and not re.match(
        r"(?:he|she|it|they|that|there)(?:['’]\w+)?$", word, re.IGNORECASE)


def _rule_applied(c: Parsed, m: re.Match[str], ev: PreparedEvidence) -> bool:
    """Whether the claim's cause restates the condition of a rule one evidence sentence
    states together with the claim's consequence: "Because she's under 16, you'll need to
    fill in the consent form" for "A parent or guardian must complete the consent form for
    any player under 16"; "because if you stay longer than that you'll be charged at the
    Car Park A tariff" for "Vehicles staying longer than 20 minutes will be charged at the
    Car Park A tariff". The cause's words and values are the sentence's (one word may
    differ in a cause of three or more), and two words of the rest of the claim are too, unless
    the cause is a whole conditional rule of four words or more."""
    s = next((x for x in c.sentences if x.start <= m.start() < x.start + len(x.text)), None)
    if s is None or not (s.modals or _ADDRESSED.search(s.text)):
        return False  # (a past event, "the match was cancelled because …", applies no rule)
    stop = _CAUSE_END.search(c.text, m.end())  # ("$" always matches)
    end = stop.start() if stop is not None else len(c.text)
    inside = [k for k, t in enumerate(s.toks) if m.end() <= t.start < end]
    cause = {str(s.stems[k]) for k in inside if s.stems[k] and _plain_word(s.toks[k].text)} \
        & s.content
    rest = {str(st) for k, st in enumerate(s.stems) if st and k not in inside
            and _plain_word(s.toks[k].text)} & s.content
    values = [it for it in s.items if m.end() <= it.start < end]
    if not values and len(cause) < 2:
        return False  # (one word, "due to equipment", is no condition of a rule)
    # a cause that is a whole rule ("because if you stay longer than that you'll be charged
    # …") needs no word of the rest: it is advice the rule motivates
    whole = re.match(r"\s*(?:if|when|once|unless)\b", c.text[m.end():end], re.IGNORECASE) \
        is not None and len(cause) >= _WHOLE_RULE
    for e in ev.sentences:
        ruled = _RULE.search(e.text) is not None or (whole and _WILL.search(e.text) is not None)
        if not ruled or len(cause - e.content) > (1 if len(cause) >= 3 else 0) \
                or (len(rest & e.content) < 2 and not whole):
            continue
        if all(any(same_value(it.key, x.key) for x in e.items) for it in values):
            return True
    return False


_ASKS_WHY = re.compile(r"\b(?:why|(?:the|what|which)\s+reasons?|how\s+come)\b", re.IGNORECASE)


def check_causes(c: Parsed, ev: PreparedEvidence, question: Question,
                 out: list[Finding]) -> None:
    """``ungrounded_cause``: the claim gives a cause or purpose and no evidence sentence
    states a cause, purpose or effect of any kind. Whether a stated one is the claim's is
    the model's question; a reason invented where the evidence gives none is this
    check's."""
    m = _CLAIM_CAUSE.search(c.text)
    # "Why did …?" asks for a cause; it states none
    asked = _ASKS_WHY.sub(" ", question.text or "")
    if m is None or _EVIDENCE_CAUSE.search(asked) or any(
            _EVIDENCE_CAUSE.search(s.text) for s in ev.sentences) or _rule_applied(c, m, ev) \
            or _colon_reason(c, m, ev) or _so_reason(c, m, ev):
        return
    out.append(Finding("ungrounded_cause", "ungrounded",
                       f"the claim gives a cause or purpose ({m.group(0)!r}) where the "
                       "evidence states none", m.group(0)))


# An exemption the claim grants: "without paying any penalty", "free of charge", "at no
# cost", "penalty-free". The words after the cue name what it frees the statement from.
_EXEMPTION = re.compile(r"\b(?:without|with no|free of|at no|exempt from|[a-z]+-free)\b",
                        re.IGNORECASE)
# Words between the cue and what it names, and words that end the phrase.
_EXEMPTION_FILLER = frozenset("""any a an the further extra additional paying incurring having
to needing charging their his her its our your my ever being other""".split())
_EXEMPTION_END = frozenset("""or and but this that these those which who when where while
as at in on of for from by with to if unless until before after during than so he she it
they we you i him them us""".split())
# One family: "at no cost" where the evidence says "free" or "no fee".
_PRICE = frozenset(stem(w) for w in "cost costs charge charges fee fees free pay payment price "
                   "paid".split())


_AUXILIARIES = frozenset("is are was were has have had does do did".split()) | MODAL_VERBS
_NOTHING = "nothing to pay"
# what waives a charge: "at no extra cost", "free of charge", "no additional fee"
_WAIVED = re.compile(r"\b(?:at\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)|"
                     r"free\s+of\s+charge|"
                     r"no\s+(?:extra\s+|additional\s+)?(?:cost|charge|fee)s?|for\s+free|"
                     r"without\s+(?:any\s+)?(?:extra\s+|additional\s+)?charge)\b", re.IGNORECASE)
_PAYING_NOTHING = re.compile(r"\s*(?:paying|being charged|having to pay)\s+(?:anything|a penny|"
                             r"any more|more)\b", re.IGNORECASE)


def _finite(word: str) -> bool:
    """Whether ``word`` reads as the verb of the sentence ("costs", "receives", "is")."""
    return word in _AUXILIARIES or (word.endswith("s") and word[:-1] in BASE_VERBS)


def _exempted(cue: str, after: str) -> str | None:
    """What an exemption cue frees the statement from: the word before "-free", or the
    last of up to three words after the cue, its fillers skipped ("without paying any
    penalty" → penalty, "without the other party's consent" → consent)."""
    if cue.lower().endswith("-free"):
        return cue.lower().removesuffix("-free")
    if _PAYING_NOTHING.match(after):
        return _NOTHING  # "without paying anything extra": at no cost (see check_exemptions)
    words: list[str] = []
    for w in re.findall(r"[a-z][a-z'-]*", after.lower())[:8]:
        w = w.removesuffix("'s")
        if w in _EXEMPTION_FILLER:
            continue
        if w in _EXEMPTION_END or len(words) == 3 or (words and _finite(w)):
            break  # "without an extension costs you": the phrase ends before its verb
        words.append(w)
    return words[-1] if words else None


def check_exemptions(c: Parsed, ev: PreparedEvidence, question: Question,
                     out: list[Finding]) -> None:
    """``ungrounded_exemption``: the claim frees its statement from something ("…, without
    paying any penalty.", "free of charge", "a penalty-free exit") whose word no evidence
    sentence, nor the question, uses. An exemption changes what a party owes; added to a
    faithful sentence, it is the part the model reads past (own case add-07 was verified at
    P(entailment) 0.55)."""
    known = ev.stem_index.keys() | question.word_stems  # every content stem of the evidence
    for m in _EXEMPTION.finditer(c.text):
        head = _exempted(m.group(0), c.text[m.end():])
        if head == _NOTHING and _WAIVED.search(ev.lower_text):
            continue  # "without paying anything extra" where "at no extra cost"
        what = stem(head) if head else None
        if what is None or what in known or (what in _PRICE and _PRICE & known) or (
                m.group(0).lower().endswith("-free") and m.group(0).lower() in ev.lower_text):
            continue  # ("tax-free" where the evidence says "a tax-free lump sum")
        phrase = c.text[m.start():m.end() + 40].split(",")[0].split(".")[0].strip()
        out.append(Finding("ungrounded_exemption", "ungrounded",
                           f"the claim adds an exemption ({phrase!r}) the evidence does not "
                           "mention", m.group(0)))
        return


# A ranking the claim gives its subject: "one of his best", "his finest performance", "the
# greatest film of the decade". A family of words ranks alike ("best" and "finest"); a
# ranking no evidence sentence gives anything is the speaker's praise, not the evidence's.
_RANKS = {"best": "best finest greatest top", "finest": "best finest greatest top",
          "greatest": "best finest greatest top", "worst": "worst",
          "most acclaimed": "acclaimed best greatest", "most celebrated": "celebrated",
          "most famous": "famous best-known", "best-known": "famous best-known known",
          "most popular": "popular", "most successful": "successful"}
# advice, not a ranking: "the best thing is to call …", "your best bet is …", "best to book"
_ADVICE = re.compile(r"best\s+(?:thing\s+(?:to\s+do\s+)?(?:is|would\s+be|to\s+do)|bet|"
                     r"option\s+is\s+to|way\s+(?:is\s+)?to|to\b|time\s+to)", re.IGNORECASE)
_CLAIM_RANK = re.compile(r"\b(?:" + "|".join(sorted(_RANKS, key=len, reverse=True))
                         + r")\b", re.IGNORECASE)


def check_ranks(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    """``ungrounded_rank``: the claim ranks its subject ("Big Fish is one of his best",
    "his finest performance") with a word no evidence sentence uses or words alike, and
    the question does not use. The ranking is praise the evidence does not give; a model
    reads past it to the fact beside it (a candidate model verified "Ewan McGregor gives his finest
    performance in Big Fish." at P(entailment) 0.52 from "Big Fish is starring Ewan
    McGregor."); or first ("the largest") where the evidence ranks it after an ordinal
    (:func:`certirag.checks.superlatives.ordinal_rank`)."""
    content = frozenset().union(*(s.content for s in c.sentences)) if c.sentences \
        else frozenset()
    names = frozenset().union(*(capitalised_stems(s) for s in c.sentences))
    first = ordinal_rank(c.text, ev.sentences, content, names)
    if first is not None:
        out.append(first)
        return
    m = next((m for m in _CLAIM_RANK.finditer(c.text) if not _ADVICE.match(c.text, m.start())),
             None)
    if m is None:
        return
    word = " ".join(m.group(0).lower().split())
    family = _RANKS[word].split()
    # the question grants its own word ("What is his best film?"), not its family ("Which
    # do you like best?" ranks nothing)
    if re.search(r"\b" + re.escape(word) + r"\b", question.text or "", re.IGNORECASE) or any(
            re.search(r"\b" + re.escape(w) + r"\b", s.text, re.IGNORECASE)
            for w in family for s in ev.sentences if not s.text.rstrip().endswith("?")):
        return  # (a question in the evidence, a chat's history, ranks nothing either)
    out.append(Finding("ungrounded_rank", "ungrounded",
                       f"the claim ranks its subject ({m.group(0)!r}) where the evidence "
                       "ranks nothing so", m.group(0)))


# A clause the claim hangs on its statement after a comma: a time, place or relative
# clause ("…, when the weekly team meeting takes place.", "…, where it was filmed in 1998.",
# "…, which Marta Ruiz designed."). It runs to the next punctuation.
_DETAIL = re.compile(r",\s+(?:when|where|which|who|whose|whom)\s+(?P<body>[^,;:.!?()]+)",
                     re.IGNORECASE)
# Words a clause uses for anything: they say nothing the evidence must give.
_PLAIN = frozenset(stem(w) for w in """take takes took taken place places happen happens
happened make makes made get gets got go goes went come comes came give gives gave hold
holds held keep kept put set see saw seen say said use used have has had do does did be
been being also then there here now just often usually always still even only very much
many more most some any all each every both other others one ones first last next new
way thing things time times people person part lot""".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")
_COUNT_COMPOUND = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                             r"twelve|twenty|\d+)-(?:or-)?(?:more|less|fewer|plus|over|under)\b",
                             re.IGNORECASE)
_DETAIL_STOP = frozenset("""the a an of and or to in on at by for with from is are was
were this that these those it its they them their he him his she her we our you your i
my me us not no than as into onto over under about after before during while""".split())
_DETAIL_MIN = 2
_SPEAKER = re.compile(r"\b(?:i|i'd|i'm|i've|i'll|we|we'd|we're|you|you'd|you're|you'll|my|"
                      r"our|your)\b", re.IGNORECASE)


def check_details(c: Parsed, ev: PreparedEvidence, question: Question,
                  out: list[Finding]) -> None:
    """``ungrounded_detail``: the claim adds a clause after a comma (", when …", ", where
    …", ", which …", ", who …") with at least two content words of its own, not one of
    which any evidence sentence or the question uses. The statement before it may be the
    evidence's word for word, and a small model reads past the clause: "Those in
    client-facing roles must be in the office on Mondays, when the weekly team meeting
    takes place." was verified at P(entailment) 0.97 from "Employees in client-facing roles
    must be in the office on Mondays." A clause that shares one word with the evidence
    is the model's to read."""
    known = ev.stem_index.keys() | question.word_stems
    for m in _DETAIL.finditer(c.text):
        if _SPEAKER.search(m.group("body")):
            continue  # "…, which I'd recommend": the speaker's, not a fact
        # (a hyphened count read as its words: "which meets the eight-or-more threshold"
        # uses the evidence's "eight or more", checks v24; not "player-wise")
        body = _COUNT_COMPOUND.sub(lambda x: x[0].replace("-", " "), m.group("body"))
        words = {stem(w.lower()) for w in _WORD.findall(body) if w.lower() not in _DETAIL_STOP}
        words -= _PLAIN
        if len(words) < _DETAIL_MIN or words & known:
            continue
        clause = m.group(0).lstrip(", ").strip()
        out.append(Finding("ungrounded_detail", "ungrounded",
                           f"the claim adds a clause ({clause!r}) none of whose words the "
                           "evidence uses", clause))
        return
    item = _added_item(c.text, known, ev)
    if item is not None:
        out.append(Finding("ungrounded_detail", "ungrounded",
                           f"the claim adds an item to a list ({item!r}) whose other items "
                           "the evidence gives, but not this one", item))
        return
    if not _SERVICE.search(c.text):
        return
    for m in _SPEED.finditer(c.text):
        said = {stem(w.lower()) for w in _WORD.findall(m[0])} - _SPEED_PLAIN
        said |= {_SPEED_ALSO[w] for w in said if w in _SPEED_ALSO}
        if not said & known:
            out.append(Finding("ungrounded_detail", "ungrounded",
                               f"the claim promises a speed ({m[0]!r}) that the evidence "
                               "states in no word", m[0]))
            return


# How soon a service is done or sent: "ready the same afternoon", "ship by overnight
# courier" (checks v23), found where the evidence (or the question) has none of its words
# (but these) nor their kin ("night", "tomorrow"); not "The next day, police …" opening a
# sentence, nor "the same day as …"
_SPEED = re.compile(r"(?<![.!?]\s)(?<!^)\b(?:(?:the\s+)?same[\s-](?:day|afternoon|morning|"
                    r"evening)(?!\s+as\b)|next[\s-](?:day|morning)|overnight|"
                    r"while[\s-]you[\s-]wait)\b", re.IGNORECASE)
_SPEED_PLAIN = frozenset({"the", "you"})
_SPEED_ALSO = {"overnight": "night", "next": "tomorrow"}
# what a speed is promised of: a service readied, sent or done
_SERVICE = re.compile(r"\b(?:ready|dispatch\w*|ship\w*|deliver\w*|repair\w*|courier|sent|"
                      r"send|post(?:ed)?|collect\w*|return\w*|fix\w*|turnaround|process\w*|"
                      r"done|finished|completed?|installed|fitted|arrive\w*)\b", re.IGNORECASE)


# What a list may not run across: "bank transfer, debit card, credit card or cheque."
_LIST_END = re.compile(r"[;:!?()—–]|\.(?!\d)")
_COMMA = re.compile(r",\s+")  # not "£1,395"
_LAST_JOIN = re.compile(r"(?<!\s)\s+(?:and|or|plus)\s+(?=\S)", re.IGNORECASE)
_ITEM_WORDS = 7  # words of an item at most: longer ones are clauses
# an item that sums up the rest ("and other injuries", "and much more")
_CATCH_ALL = re.compile(r"(?:(?:many|much|several|various|all|some)\s+)?(?:other|more)\b|etc",
                        re.IGNORECASE)
_ITEM_PLAIN = frozenset("doing having making getting going taking then".split())
_VERBISH = _AUXILIARIES | frozenset("""can't cannot won't don't doesn't isn't aren't will
would can could may might must shall should cost costs""".split())  # ("…, hood and cap costs
# £52": the list is a subject, checks v24)


def _items(run: str) -> list[str]:
    parts = [p.strip() for p in _COMMA.split(run)]
    last = _LAST_JOIN.split(parts[-1])
    if len(last) == 2:
        parts[-1:] = last
    elif not re.match(r"(?:and|or|plus)\s", parts[-1], re.IGNORECASE):
        return []  # no "and"/"or" before the last item: no list ("…, who came second, by …")
    parts = [re.sub(r"^(?:and|or|plus)\s+", "", p, flags=re.IGNORECASE) for p in parts]
    parts[0] = " ".join(parts[0].split()[-3:])  # the first item: what ends the lead-in
    return parts


def _item_stem(word: str, known: set[str] | frozenset[str]) -> str:
    """``word``'s stem, or the stem of it less "-ly" where that one is known ("monthly" for
    "month"; not "family")."""
    st = stem(word)
    if st not in known and word.endswith("ly") and len(word) > 5 and stem(word[:-2]) in known:
        return stem(word[:-2])
    return st


def _added_item(text: str, known: set[str] | frozenset[str],
                ev: PreparedEvidence) -> str | None:
    """The one item of a list of three or more in ``text`` (not its first, which runs into
    the words before the list) with content words of its own, at least half of them in
    no evidence sentence or the question, where one evidence sentence states every other
    item but the first ("Payment can be made by bank transfer, debit card, credit card or
    cheque." where "We accept bank transfer, debit card and credit card."): the list is the
    evidence's, but for an item of the claim's own. ``None`` otherwise — a list reworded
    throughout is the model's to read, and a list of names the entity checks'."""
    for run in _LIST_END.split(text):
        if len(_COMMA.findall(run)) < 2:
            continue  # a list of three or more, two commas at least: with one, "Fernside took
            # in 38 swans in 2023, most of them injured by fishing line and hooks" is a list
        items = _items(run)
        if len(items) < 3 or any(len(i.split()) > _ITEM_WORDS or i[:1].isupper()
                                 for i in items[1:]):
            continue
        stems: list[set[str]] = []
        for k, item in enumerate(items):
            words = [w.lower() for w in _WORD.findall(item)]
            if k and any(w in _VERBISH for w in words):
                break  # a clause, not an item (the first runs into the words before it)
            stems.append({_item_stem(w, known) for w in words
                          if w not in _DETAIL_STOP and len(w) > 2 and w not in _ITEM_PLAIN}
                         - _PLAIN)
            if not stems[-1]:
                break
        else:
            novel = [k for k in range(1, len(items)) if stems[k] - known
                     and not _CATCH_ALL.match(items[k])]
            if len(novel) != 1 or 2 * len(stems[novel[0]] - known) < len(stems[novel[0]]):
                continue
            last = _WORD.findall(items[0])
            if not last or stem(last[-1].lower()) not in known:
                continue  # the first item (its last word) must be the evidence's too
            rest = [stems[k] for k in range(1, len(items)) if k != novel[0]]
            if any(all(x <= set(s.content) for x in rest) for s in ev.sentences):
                return items[novel[0]]
    return None


# The words a yes/no question ends on name what it asks about: "Does the flat come with a
# parking space?" asks about a parking space.
_ASKED_STOP = _DETAIL_STOP | frozenset("""do does did is are was were can could will would
should may might must have has had be been get got there any some it its this that you your
i me my we our they them he she his her one ones also still ever already yet too very""".split())


_COMPARING = re.compile(r"\b(?:both|same|different|either|neither|similar|more|less|than|"
                        r"older|younger|earlier|later|longer|shorter|larger|smaller|bigger|"
                        r"higher|lower|first)\b", re.IGNORECASE)


def check_asked(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    """``ungrounded_question``: the claim restates a yes/no question (a bare "Yes." or "No,
    it doesn't." read with it) whose last two content words, what it asks about, no
    evidence sentence uses: "Does the flat at Birchmoor Court come with a parking space?"
    "Yes, it does." against a listing that never mentions parking (verified at
    P(entailment) 0.79). Neither yes nor no is then the evidence's answer. Run again
    against the span that decides (:mod:`certirag.bound`), the span must mention it too:
    "No." to "Can the filter go in the dishwasher?" decided by a sentence about the kettle's
    capacity is withheld."""
    if not question.restated or _COMPARING.search(question.restated):
        return  # "Are X and Y in different cities?" asks a relation the evidence implies
    asked = question.restated
    last = [w for w in _WORD.findall(asked.rsplit("?", 1)[0].split("?")[-1])
            if w.lower() not in _ASKED_STOP]
    words = last[-2:]
    if not words:
        return
    known = ev.stem_index.keys()
    if any(stem(w.lower()) in known or w.lower() in ev.lower_text for w in words):
        return
    out.append(Finding("ungrounded_question", "ungrounded",
                       f"the claim answers a question about {' '.join(words)!r}, which the "
                       "evidence does not mention", " ".join(words)))


# A phrase an evidence sentence gives in quotation marks as someone's words ("Reviewers at
# Frame Weekly described it as 'the most daring debut of the decade'."), and the words that
# give it to them.
_QUOTED = re.compile(r"(?:^|(?<=[\s(]))[\"“‘'](?P<q>[^\"“”‘’']{6,160})[\"”’'](?!\w)")
_GIVES_WORDS = ("described|describes|called|calls|hailed|dubbed|labelled|labeled|branded|"
                "termed|praised|said|says|wrote|claimed|claims|declared|insisted|argued")
_SAYING = re.compile(rf"\b(?:{_GIVES_WORDS}|describe|call|hails|writes|according to|reckoned)\b",
                     re.IGNORECASE)
# A claim that gives the words to someone itself
_CLAIM_SAYING = re.compile(rf"[\"“‘]|\b(?:{_GIVES_WORDS}|according|reviewers?|critics?|"
                           r"reviews?|reckons?|insists|argues|stated|states|told|tells|"
                           r"explained|added|noted|believes|believed|thinks|thought|"
                           r"suggested|warned|admitted|denied|maintained|maintains)\b",
                           re.IGNORECASE)
_QUOTE_MIN_WORDS = 3


def _quoted_words(sentence: str) -> list[str]:
    """The phrases ``sentence`` quotes as someone's words: in quotation marks, three words
    or more, one of them in lower case (a title in quotation marks is no one's words)."""
    if _SAYING.search(sentence) is None:
        return []
    out: list[str] = []
    for m in _QUOTED.finditer(sentence):
        words = _WORD.findall(m["q"])
        if len(words) >= _QUOTE_MIN_WORDS and any(w.islower() and len(w) > 3 for w in words):
            out.append(" ".join(w.lower() for w in words))
    return out


def check_attributed(c: Parsed, ev: PreparedEvidence, question: Question,
                     out: list[Finding]) -> None:
    """``hedge_mismatch``: the claim states as a fact, in the evidence's own words, what an
    evidence sentence gives only in quotation marks as someone's words: "Low Tide Signals
    is the most daring debut of the decade." against "Reviewers at Frame Weekly described
    it as 'the most daring debut of the decade'.". A claim that gives the words to someone
    ("critics called it …", a quotation of its own) says what the evidence says."""
    if not any(ch in ev.lower_text for ch in "\"“‘'") or _CLAIM_SAYING.search(c.text):
        return
    said = " ".join(w.lower() for w in _WORD.findall(c.text))
    for s in ev.sentences:
        for phrase in _quoted_words(s.text):
            if f" {phrase} " in f" {said} ":
                out.append(Finding("hedge_mismatch", "ungrounded",
                                   f"the claim states as fact what the evidence gives only as "
                                   f"someone's words ({phrase!r})", phrase, s.text))
                return

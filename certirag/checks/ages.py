"""Ages: "a 22-year-old" states the age that news gives as a bare number after a name
("Jane Doe, 22, said", "Jane Doe (22)", "aged 22"); and the age a rule's band rules out
(:func:`check_age_bands`: "My 8-year-old niece can visit the ward." against "Children
under 12 other than siblings are not permitted on the ward.")."""

from __future__ import annotations

import re
from decimal import Decimal

from certirag.checks._text import stem, stems_of
from certirag.checks.base import Finding
from certirag.checks.figures import Figure
from certirag.checks.numbers import SMALL_NUMBERS
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.text.contractions import negation_cue

__all__ = ["AGE_AFTER", "age_stated", "check_age_bands", "check_service_bands", "is_age"]

#: What follows a figure of years that gives an age: "-old" of "a 22-year-old", " old".
AGE_AFTER = re.compile(r"[-\s]olds?\b", re.IGNORECASE)


def is_age(c: Parsed, f: Figure) -> bool:
    """Whether ``f`` is an age ("a 22-year-old", "22 years old"): news gives ages as a bare
    number after the name ("Jane Doe, 22,"), which states the same age."""
    return f.kind == "duration" and f.unit.startswith("year") and \
        AGE_AFTER.match(c.text, f.end) is not None


# an age given after a name: "Jane Doe, 22, said", "Jane Doe (22)", "aged 22"
_AGE_AFTER_RE = re.compile(r"\s*(?:[,)]|$)")
_AGE_BEFORE_RE = re.compile(r"(?:,|\(|\baged?)\s*$", re.IGNORECASE)


def age_stated(number: Decimal, ev: PreparedEvidence) -> bool:
    """Whether the evidence gives ``number`` as an age after a name."""
    for p in ev.parsed:
        for e in p.figures:
            if e.kind == "number" and e.number == number and _AGE_AFTER_RE.match(
                    p.text, e.end) and _AGE_BEFORE_RE.search(p.text, max(0, e.start - 6),
                                                             e.start):
                return True
    return False


# --------------------------------------------------------------------------- age bands

_NUMBER_WORDS = SMALL_NUMBERS
_N = r"(\d{1,3}|" + "|".join(_NUMBER_WORDS) + r")"
# an age in the claim: "my 8-year-old", "a ten-year-old", "aged 15", "14 years old"
_CLAIM_AGE = re.compile(rf"\b{_N}[- ]years?[- ]olds?\b|\baged {_N}\b|\b{_N} years? old\b",
                        re.IGNORECASE)
# a band of ages in an evidence sentence: "under 12", "younger than 16", "under-5s",
# "aged 18 and over", "18 or older", "from age 6", "at least 18 years old"
_BELOW = re.compile(rf"\b(?!Under[- ]\d+s\b)(?:under|below|younger than|less than)[- ]"
                    rf"(?:the age of )?{_N}s?\b"
                    rf"(?![.,]\d)(?! ?(?:%|percent|per cent|kg|cm|m\b|metres|km|hours|minutes))",
                    re.IGNORECASE)
_FROM = re.compile(rf"\b(?:aged )?{_N}\+|\b(?:aged )?{_N} (?:years )?(?:and|or) (?:over|older|"
                   rf"above|up)\b|\b(?:over|older than) (?:the age of )?{_N}\b|\bfrom (?:the )?"
                   rf"age (?:of )?{_N}\b|\bat least {_N} years old\b"
                   rf"|\bminimum age (?:is |of )?{_N}",
                   re.IGNORECASE)
_AGE_CONTEXT = re.compile(r"\b(?:child(?:ren)?|kids?|aged?|years?|olds?|teen\w*|minors?|"
                          r"adults?|infants?|babies|baby|toddlers?|under-\d+s|over-\d+s|"
                          r"pupils?|students?|players?|visitors?|passengers?|people|anyone|"
                          r"those|guests?|members?|entrants?|applicants?|patients?)\b",
                          re.IGNORECASE)
_BARRED = re.compile(negation_cue("not|cannot|never|no longer|prohibited|banned|barred|"
                                  "excluded|forbidden|ineligible"), re.IGNORECASE)
# what a band sentence asks of those in it: "must be accompanied by an adult"
_NEEDS = re.compile(r"\b(?:must|need to|needs to|have to|has to|should|are required to|is "
                    r"required to)\s+(?:be\s+)?(?:accompanied|supervised|have|bring|get|"
                    r"obtain|show|provide|submit)\b|\brequires?\b", re.IGNORECASE)
_ALONE = re.compile(r"\b(?:alone|on (?:his|her|their|my|your) own|unaccompanied|by "
                    r"(?:himself|herself|themselves|myself|yourself)|without (?:an? |their |his "
                    r"|her |your |my )?(?:adult|parent|guardian|supervision|consent|carer))\b",
                    re.IGNORECASE)
_EXCEPT = re.compile(r"\b(?:other than|except(?: for)?|apart from|unless(?: (?:they are|"
                     r"accompanied by|with))?|excluding|but not)\s+(?:an? |the |their |his |"
                     r"her )?([a-z][\w-]+)", re.IGNORECASE)
# what a rule of ages gives: a permission, a price, a fitness ("can visit", "travels free",
# "is suitable")
_GIVES = re.compile(r"\b(?:can|may|allowed|permitted|eligible|entitled|welcome|free|suitable|"
                    r"fine|ok|okay|able|qualif\w*|alone|unaccompanied)\b",
                    re.IGNORECASE)
_CLAIM_DENIES = re.compile(negation_cue("not|no|never|cannot"), re.IGNORECASE)
_DIGITS = re.compile(r"\S*\d\S*")  # an age's own words ("under-12s") are no shared word
_NOT_SHARED = frozenset("child children kid kids aged age year years old olds under over can "
                        "may must the a an and or of to in on at for with by be is are was "
                        "were not who their his her your my any all only from than less "
                        "younger older least".split())


# an exception's word and the words that name one of its members
_MEMBERS = {"sibling": ("sister", "brother", "sibling"),
            "parent": ("mother", "father", "mum", "dad", "mom", "parent"),
            "guardian": ("guardian", "parent", "mother", "father")}


def _excepted(word: str, words: frozenset[str]) -> bool:
    """Whether the exception ``word`` (a stem) names one of ``words``."""
    return any(stem(m) in words for m in _MEMBERS.get(word, (word,))) or word in words


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def _words(text: str) -> frozenset[str]:
    return stems_of(_DIGITS.sub(" ", text), _NOT_SHARED)


def _bands(text: str) -> list[tuple[int, int, int, int]]:
    """The age bands of an evidence sentence: ``(low, high, start, end)``, ages ``low`` to
    ``high`` inclusive, at ``start:end``; only where the sentence speaks of people's ages."""
    if _AGE_CONTEXT.search(text) is None:
        return []
    out = [(0, _number(m.group(1)) - 1, m.start(), m.end()) for m in _BELOW.finditer(text)]
    for m in _FROM.finditer(text):
        word = next(g for g in m.groups() if g)
        low = _number(word) + (1 if m.group(0).lower().startswith(("over", "older")) else 0)
        out.append((low, 200, m.start(), m.end()))
    return out


def _band_sentences(ev: PreparedEvidence
                    ) -> list[tuple[str, list[tuple[int, int, int, int]], frozenset[str]]]:
    """Each evidence sentence with age bands: its text, its bands and its words (read once
    per prepared evidence)."""
    return [(s.text, bands, _words(s.text)) for s in ev.sentences
            if (bands := _bands(s.text))]


def _passage_words(ev: PreparedEvidence) -> list[tuple[str, frozenset[str]]]:
    """Each evidence passage with its words (a terse rule is read with its passage)."""
    return [(t, _words(t)) for t in ev.texts]


# those an evidence sentence says must be accompanied: "Under-16s must be accompanied in
# the canoe by an adult", "Juniors need to be supervised"
_ACCOMPANIED = re.compile(r"^(?P<who>.{0,40}?)\s+(?:must|need\s+to|needs\s+to|have\s+to|"
                          r"has\s+to|are\s+required\s+to|is\s+required\s+to)\s+be\s+"
                          r"(?:accompanied|supervised)\b", re.IGNORECASE)


_CLAUSE_CUT = re.compile(r"[,;.!?]|\b(?:but|while|whereas|although)\b", re.IGNORECASE)
_ONCE = re.compile(r"\b(?:once|if|after|when|unless|provided|as\s+long\s+as)\b", re.IGNORECASE)
_ARTICLES = frozenset({"the", "all", "any", "a", "an", "our"})


def _tokens(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[\w'’-]+", text.lower()))


def _group_alone(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> bool:
    """``case_mismatch``: the claim lets a group do alone what an evidence sentence says
    the group must be accompanied in: "Under-16s can paddle a canoe on their own" against
    "Under-16s must be accompanied in the canoe by an adult." The group is every word the
    evidence writes before its duty ("Under-16s"), and the sentences share another word
    ("canoe") (checks v24)."""
    alone = _ALONE.search(c.text)
    if alone is None:
        return False
    # the clause that says "alone" ("Adults can use the pool alone, but children must be
    # supervised": the adults')
    start = max((m.end() for m in _CLAUSE_CUT.finditer(c.text, 0, alone.start())), default=0)
    cut = _CLAUSE_CUT.search(c.text, alone.end())
    clause = c.text[start:cut.start() if cut else len(c.text)]
    words, tokens = _words(clause), _tokens(clause)
    for x in ev.sentences:
        got = _ACCOMPANIED.search(x.text.strip())
        if got is None or x.conditions or _ONCE.search(clause):
            continue  # (a duty with an exception, "… unless they have passed the swim test",
            # or a claim with a condition of its own, "once they pass the test")
        who = _tokens(got["who"]) - _ARTICLES
        if who and who <= tokens and words & _words(x.text[got.end():]):
            out.append(Finding(
                "case_mismatch", "ungrounded",
                f"the claim says {alone[0]!r} where the evidence says "
                f"{got[0].strip()!r}: {x.text.strip()!r}", alone[0], x.text.strip()))
            return True
    return False


def check_age_bands(c: Parsed, ev: PreparedEvidence, question: Question,
                    out: list[Finding]) -> None:
    """``case_mismatch``: the claim says someone of an age may do what an evidence sentence
    bars that age from ("My 8-year-old niece can visit the ward." against "Children under 12
    other than siblings are not permitted on the ward."), or lets that age do alone what it
    must not ("A 10-year-old can go to the cinema alone." against "Children under 12 must
    be accompanied by an adult."), or gives an age outside a band the thing the sentence
    gives only that band ("A 14-year-old travels free." against "Children under 12 travel
    free."). The sentence must share a word with the claim besides the ages; an exception it
    names that the claim uses ("other than siblings": "his sister") lifts it."""
    m = _CLAIM_AGE.search(c.text)
    if _CLAIM_DENIES.search(c.text) or not _GIVES.search(c.text):
        return  # (a news age, "The 30-year-old has made 200 appearances", gives nothing)
    if _group_alone(c, ev, out):
        return
    asker = None
    if m is None:
        # the asker's own age, a reply to them: "I'm 22 – can I get a courtesy car?" "Yep,
        # … you can have one free." (checks v21)
        asker = _ASKER_AGE.search(question.text) if _TO_YOU.search(c.text) \
            and not _ANOTHER.search(question.text) else None
        if asker is None:
            return
        shown, age, claim_words = asker.group(0), _number(asker.group(1)), _words(
            c.text + " " + question.text)
    else:
        if re.match(r"\s*(?:-|–|to)\s*\d", c.text[m.end():]):
            return  # a range of ages ("aged 18-25"), no one age
        shown, age = m.group(0), _number(next(g for g in m.groups() if g))
        claim_words = _words(c.text[:m.start()] + " " + c.text[m.end():])
    for text, bands, words in ev.derived("ages.bands", _band_sentences):
        if not claim_words & words and not ((asker is not None or len(text.split()) <= 8)
                                            and any(text in t and claim_words & tw for t, tw
                                                    in ev.derived("ages.passages",
                                                                  _passage_words))):
            continue  # (a terse rule, "Children under 6 years: not recommended.", and a
            # rule for the asker's age are read with their passage)
        if any(_excepted(stem(x.group(1)), claim_words | _words(question.text))
               for x in _EXCEPT.finditer(text)):
            continue
        inside = [b for b in bands if b[0] <= age <= b[1]]
        barred = _BARRED.search(text) is not None
        needs = _NEEDS.search(text) is not None
        if inside and barred:
            why = "bars that age"
        elif inside and needs and _ALONE.search(c.text):
            why = "asks more of that age"
        elif not inside and not barred and not needs and len(bands) == 1:
            why = "gives it only to other ages"
        else:
            continue
        whose = "the claim's age" if asker is None else "the asker's age"
        out.append(Finding(
            "case_mismatch", "ungrounded",
            f"{whose} ({shown!r}) falls {'inside' if inside else 'outside'} the "
            f"band an evidence sentence sets, and the sentence {why}: {text.strip()!r}",
            c.text if asker is not None else shown, text.strip()))
        return


# the asker's own age: "I'm 22", "I am 17 years old" (not "I'm 5 minutes away")
_ASKER_AGE = re.compile(rf"\b(?:I['’]m|I am)\s+(?:only\s+|just\s+)?{_N}"
                        r"(?:\s+years?\s+old|\s*(?=[,.;:!?–—-]|\s+(?:and|but|so|now|this|"
                        r"next|and\s+a\s+half)\b))", re.IGNORECASE)
# a reply to the asker: "you can", "you'll" (not "your son")
_TO_YOU = re.compile(r"\byou(?:['’](?:re|ll|ve|d))?(?!['’\w])", re.IGNORECASE)
# a question about someone else too: "I'm 30 and my son is 5 – can he come?"
_ANOTHER = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:son|daughter|child|children|kids?|wife|"
                      r"husband|partner|friend|mum|dad|mother|father|grandson|granddaughter|"
                      r"niece|nephew|boy|girl|baby|brother|sister)\b|\b(?:he|she|they)\b",
                      re.IGNORECASE)


# ----------------------------------------------------------------------- service bands

_UNIT = r"(years?|months?)"
# the asker's own time in a role: "I'm leaving after four years", "I've worked here for 18
# months", "a member for two years"
_ASKER_TIME = re.compile(rf"\b(?:after|for|of)\s+(?:about\s+|almost\s+|nearly\s+|over\s+)?"
                         rf"{_N}\s+{_UNIT}\b", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I’m|I've|I’ve|my|we|we've|our)\b")
# a band of service in a rule: "fewer than two years' qualifying service", "two or more years
# of membership", "at least 6 months' service"
_TENURE = r"(?:['’]|\s+of)?\s+(?:\w+\s+)?(?:service|membership|employment|tenure|contributions)"
_TENURE_BELOW = re.compile(rf"\b(?:fewer|less)\s+than\s+{_N}\s+{_UNIT}{_TENURE}", re.IGNORECASE)
_TENURE_FROM = re.compile(rf"\b(?:{_N}\s+or\s+more|at\s+least\s+{_N}|more\s+than\s+{_N})\s+"
                          rf"{_UNIT}{_TENURE}", re.IGNORECASE)


def _months(number: str, unit: str) -> int:
    return _number(number) * (12 if unit.lower().startswith("year") else 1)


def _tenure_bands(text: str) -> list[tuple[int, int]]:
    """The bands of service of an evidence sentence, in months (``low`` to ``high``)."""
    out = [(0, _months(m.group(1), m.group(2)) - 1) for m in _TENURE_BELOW.finditer(text)]
    for m in _TENURE_FROM.finditer(text):
        n = next(g for g in m.groups()[:3] if g)
        low = _months(n, m.group(4)) + (1 if m.group(0).lower().startswith("more") else 0)
        out.append((low, 10_000))
    return out


def _service_sentences(ev: PreparedEvidence
                       ) -> list[tuple[str, list[tuple[int, int]], frozenset[str]]]:
    """Each evidence sentence with bands of service: its text, its bands and its words."""
    return [(s.text, bands, _words(s.text)) for s in ev.sentences
            if (bands := _tenure_bands(s.text))]


def check_service_bands(c: Parsed, ev: PreparedEvidence, question: Question,
                       out: list[Finding]) -> None:
    """``case_mismatch``: the asker says how long they have served ("I'm leaving after four
    years.") and the claim gives them what an evidence sentence gives only another band of
    service ("Members who leave with fewer than two years' qualifying service may request a
    refund.") or bars theirs from ("Members with two or more years' qualifying service are
    not eligible for a refund."). The sentence must share a word with the claim."""
    if not question.text or _CLAIM_DENIES.search(c.text) or not _GIVES.search(c.text):
        return
    asked = next((m for m in _ASKER_TIME.finditer(question.text)
                  if _FIRST_PERSON.search(question.text)), None)
    if asked is None:
        return
    months = _months(asked.group(1), asked.group(2))
    claim_words = _words(c.text)
    for text, bands, words in ev.derived("ages.service", _service_sentences):
        if not claim_words & words:
            continue
        inside = any(lo <= months <= hi for lo, hi in bands)
        barred = _BARRED.search(text) is not None
        if inside == barred:
            why = "bars it" if barred else "gives it only to another band of service"
            out.append(Finding(
                "case_mismatch", "ungrounded",
                f"the asker's time ({asked.group(0).strip()!r}) falls "
                f"{'inside' if inside else 'outside'} the band of service an evidence "
                f"sentence sets, and the sentence {why}: {text.strip()!r}",
                asked.group(0).strip(), text.strip()))
            return

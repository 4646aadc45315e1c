"""Rule-based claim extraction from an answer (post-hoc).

Steps, per sentence of the answer (offsets are code points into the answer):

1. **not a claim** (:mod:`certirag.claims.opinions`): questions, greetings, thanks,
   sign-offs, and opinions or feelings that assert nothing checkable ("I like crime
   fiction!") get ``kind="not_a_claim"``. A sentence that mixes an opinion with a factual
   assertion (a figure, a related name, a "that" clause) is a claim.
2. **atomic split** of a conjunction when both halves are full claims: "Paris is the capital
   and the largest city of France" gives "Paris is the capital of France" and "Paris is the
   largest city of France"; "He was born in 1900 and died in 1950" gives two claims with the
   subject repeated; ", and" between two clauses splits. Names ("Procter and Gamble") and
   causes ("X because Y") are never split.
3. **decontextualisation** with the question: a fragment answer ("Delhi.") is verified as
   the question followed by the answer; a sentence that opens with a pronoun ("She died in
   1934.") gets the pronoun replaced by the subject named earlier in the answer or, failing
   that, is read after the question.
4. **de-duplication** of claims whose normalised text repeats.

Reference markers of one to three digits in square brackets ("[2]", "[1, 3]", "[4–6]"),
as RAG answers cite their sources, are left out of a claim's text (its offsets still
cover the whole sentence); four digits ("[2019] UKSC 5") are a neutral citation and stay.
A sentence that is only markers is not a claim."""

from __future__ import annotations

import re
from dataclasses import dataclass

from certirag.checks.numbers import SPELLED_RE
from certirag.claims.answers import (
    asks_the_listener,
    asks_who,
    cleft_answer,
    is_name_answer,
    is_yes_no_question,
    name_object,
    yes_no_lead,
    yes_no_polarity,
    yes_no_statement,
    yes_no_subject,
)
from certirag.claims.clauses import split_subject_clause
from certirag.claims.fragments import RELATIVE as _WH_WORD
from certirag.claims.fragments import asked_object, fragment_statement
from certirag.claims.frames import core_span
from certirag.claims.opinions import (
    asks_experience,
    favourite_name,
    not_a_claim_reason,
    opinion_name,
    performance_fact,
    presupposed_fact,
)
from certirag.claims.topic import named_alone, question_subject
from certirag.schemas import Claim
from certirag.text.sentences import split_sentences
from certirag.text.subjects import NAME_RUN, leading_subject, name_pronoun, sentence_subjects
from certirag.text.subjects import NAME_SUBJECT as _SUBJECT
from certirag.text.subjects import PRONOUN_START as _PRONOUN_START
from certirag.text.turns import asked
from certirag.text.verbs import BASE_VERBS as _BASE_VERBS
from certirag.text.verbs import IRREGULAR_PAST, PAST_PARTICIPLES

__all__ = ["answer_sentences", "extract_claims", "is_fragment", "not_a_claim_reason",
           "strip_markers"]

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d[\d.,]*")

_VERBS = frozenset("""
    is are was were be been being am has have had do does did can could may might must shall
    should will would need needs ought get give take receive earn include offer provide
    require allow employ contain become remain belong mean know see say tell make keep find
    share""".split())
_VERB_SUFFIX = re.compile(r"^[a-z]{2,}(?:ed|es|s)$")
# The imperatives a reply opens with ("Try holding …").
_IMPERATIVES = frozenset(
    """
    try press hold keep call contact check make use go take turn click open visit ask see
    note remember avoid store bring apply send fill read follow restart reset unplug plug
    wait tap select enter choose log sign install update remove """.split()
)
_DETERMINERS = frozenset("the a an its his her their this that these those one".split())
_COPULA = re.compile(r"\b(is|are|was|were|has|have|had|remains|became|becomes)\b")
_NAME_AND = re.compile(r"\b[A-Z][\w'’-]*\s+(?:and|&)\s+[A-Z][\w'’-]*")


# A conjunction before a pronoun that opens a reply's sentence ("And it was …").
_CONJ_PRONOUN = re.compile(r"^(?:And|But|So|Also|Plus),?\s+(?=(?:he|she|it|they|his|her|its|"
                           r"their)\b)")
# The pronouns of a person, and the name a passive gives its agent ("directed by X").
_PERSONAL = frozenset({"He", "She", "His", "Her"})
_AGENT = re.compile(r"\bby ((?:[A-Z][\w'’.-]*)(?: (?:[A-Z][\w'’.-]*|de|van|von|al))*)")
# A sentence the speaker or the listener is the subject of ("I recommend …", "You can …").
_PERSON_START = re.compile(r"^(?:I|We|You)(?:['’][a-z]|\s+[a-z])")  # not "I Love You, Man"


def is_fragment(sentence: str) -> bool:
    """True for an answer that names something without a verb ("Delhi.", "Arthur's Magazine")."""
    raw = _WORD.findall(sentence)
    if not raw:
        return True
    if len(raw) > 8 or _PRONOUN_START.match(sentence.strip()) or _PERSON_START.match(
            sentence.strip()):
        return False
    words = [w.lower() for w in raw]
    if any(w in _VERBS or w in IRREGULAR_PAST or w.endswith("n't") for w in words):
        return False
    if any(i > 0 and w in _BASE_VERBS and raw[i].islower() and _plural_subject(raw[i - 1])
           for i, w in enumerate(words)) or (
            len(words) >= 5 and words[0] in _IMPERATIVES and raw[1].islower()):
        return False
    # a lowercase word with a verb ending after the first word ("Mumbai hosts it"), not a
    # plural after a number ("28 days", "twenty-eight weeks")
    return not any(i > 0 and w.islower() and _VERB_SUFFIX.match(w) and (
        not _is_count(raw[i - 1]) or _object_follows(raw, i)) for i, w in enumerate(raw))


def _object_follows(raw: list[str], i: int) -> bool:
    """Whether ``raw[i]``, after a number, is a verb with a number for its object: "The
    Aurora 5 costs 999 dollars", "The iPhone 12 weighs 162 grams"; not a plural unit ("70
    years, 126 days", "28 days")."""
    nxt = raw[i + 1] if i + 1 < len(raw) else ""
    return nxt[:1].isdigit() and raw[i].lower() not in _UNIT_PLURALS


_UNIT_PLURALS = frozenset("""years months weeks days hours minutes seconds decades centuries
points goals runs wins losses games matches seasons times percent dollars pounds euros
metres meters miles feet inches kilograms kilos grams tonnes tons litres liters""".split())


def _plural_subject(word: str) -> bool:
    """Whether ``word`` can end the subject of a plural verb: a plural ("Disputes go"), a
    name ("the Ravens play"), "both" or a plural pronoun; not a possessive ("Shakespeare's
    play") or an adjective ("defensive end")."""
    w = word.lower()
    if w.endswith(("'s", "’s", "ss", "us", "is")):
        return False
    return w in {"both", "all", "they", "we", "you", "i"} or w.endswith("s") or word[:1].isupper()


def _is_count(word: str) -> bool:
    """A number ("28", "twenty-eight") or a quantity word before a plural."""
    return word[0].isdigit() or word.lower() in _QUANTITY or SPELLED_RE.fullmatch(word) is not None


_QUANTITY = frozenset({"several", "many", "few"})


def _norm(text: str) -> str:
    return " ".join(w.lower() for w in _WORD.findall(text))


def _strip_stop(text: str) -> str:
    return text.strip().rstrip(".!;:").strip()


@dataclass(frozen=True, slots=True)
class _Piece:
    text: str


def _split_conjunction(sentence: str) -> list[str]:
    """Atomic halves of ``sentence`` when both are full claims; else ``[sentence]``.

    Never split: a list's last item ("Portugal, Ireland, Greece, and Spain, four EU
    states …"), a sentence that opens with a phrase rather than its subject ("After the
    military …", "Based on X and inspired by Y …"), a bare determiner as the subject ("The
    series premiered … and featured …" repeats "The series", never "The")."""
    body = _strip_stop(sentence)
    if re.search(r"\bbecause\b|\bso that\b|\bsince\b", body):
        return [sentence]
    # a contrast between two clauses: "The Aurora 5 has a 6.1-inch screen, while the Aurora
    # 5 Pro's screen is 6.7 inches." states two things, each bound by its own sentence;
    # the second opens with a noun phrase ("while playing …" is no clause of its own)
    m = re.search(r",\s+(?:while|whereas)\s+", body)
    if m:
        left, right = body[: m.start()], body[m.end():]
        first = right.split(" ", 1)[0]
        if _has_clause(left) and _has_clause(right) and (
                first.lower() in _NP_OPENERS or first[:1].isupper()):
            return [left.rstrip(" ,;") + ".", right[0].upper() + right[1:] + "."]
    # ", and" between two clauses that each have a subject and a verb.
    m = re.search(r",\s+and\s+", body)
    if m:
        left, right = body[: m.start()], body[m.end():]
        rs = _SUBJECT.match(right + " ")
        if _has_clause(left) and _has_clause(right) and rs is not None \
                and _opens_predicate(right[rs.end(1):]):
            return [left.rstrip(" ,;") + ".", right[0].upper() + right[1:] + "."]
    if " and " not in body or body.count(" and ") != 1:
        return [sentence]
    left, right = body.split(" and ", 1)
    if _NAME_AND.search(left.rsplit(" ", 1)[-1] + " and " + right.split(" ", 1)[0]):
        return [sentence]  # "Procter and Gamble", "Marks & Spencer"
    subj = _conjunct_subject(left)
    if subj is None:
        return [sentence]
    first_right = right.split(" ", 1)[0]
    if _own_subject(right) and _has_clause(left) and _clause_end(left):
        # "No arrests have been made and investigators are still looking …": the right
        # half is a clause with its own subject; it shares nothing with the left one
        return [left.rstrip(" ,;") + ".", right[0].upper() + right[1:] + "."]
    if _REPORTED.search(left):
        return [sentence]  # "Doctors say she has X and will never walk": whose verb?
    # "X was born in 1900 and died in 1950": right half opens with a verb.
    if _own_subject(right) or first_right == "be" or (
            first_right in _BASE_VERBS and _INFINITIVE_CHAIN.search(left)):
        # "30 riders and hounds were chasing …": a noun before its auxiliary, no verb;
        # "is expected to recover and be home …": the bare verb needs what came before
        return [sentence]
    if first_right[:1].islower() and _is_verb(first_right):
        rel = _RELATIVE.search(left)
        if rel is not None:  # "X wrote Harbour of Glass, which starred Y and came out …"
            subj = rel["ante"] or None  # the relative's verb, its subject
        adjective = first_right.endswith("ed") and len(right.split()) == 2 \
            and right.split()[1].endswith("s")  # "swimwear and personalised items"
        if subj is not None and _has_clause(left) and len(right.split()) >= 2 \
                and not adjective:
            return [left.rstrip(" ,;") + ".", f"{subj} {right}."]
        return [sentence]
    first_right = first_right.lower()
    # "Paris is the capital and the largest city of France": shared copula, two noun phrases.
    cop = _COPULA.search(left)
    if cop and first_right in _DETERMINERS and cop.start() >= len(subj):
        head = left[: cop.end()]
        x = left[cop.end():].strip()
        y = right.strip()
        if not x or x.split(" ", 1)[0].lower() not in _DETERMINERS:
            return [sentence]
        own = _conjunct_subject(y)
        if x.endswith(",") and own is not None and not _WH_WORD.search(own):
            # "was the producer, and the mixing was done by Y": the right half has its
            # own subject and verb, and shares no copula
            return [left.rstrip(" ,;") + ".", y[0].upper() + y[1:] + "."]
        if x.endswith(","):  # "was a farmer, and the father of X": no shared tail
            return [f"{head} {x.rstrip(' ,')}.", f"{head} {y}."]
        tail = re.search(r"\s((?:of|in|at|for|on)\s.+)$", y)
        x_full = f"{x} {tail.group(1)}" if tail and not re.search(r"\s(?:of|in|at|for|on)\s",
                                                                    " " + x) else x
        return [f"{head} {x_full}.", f"{head} {y}."]
    return [sentence]


# a title the reply suggests, what an object "it" of its next sentence names
_SUGGESTED = re.compile(r"\b(?:try|watch|read|recommend|see|check out|listen to)\s+"
                        r"(?P<name>" + NAME_RUN + r")[.!]*$")
# ", which starred …" open at the end of the left half: its name, if it has one
_RELATIVE = re.compile(r"(?:(?P<ante>[A-Z][\w'’&.-]*(?:\s+(?:of|the|and|&)?\s*[A-Z][\w'’&.-]*)*)"
                       r"|\S+),\s+(?:which|who)\s+[^,]+$")


# Words a sentence may open with that are not its subject: prepositions and subordinators
# ("After the Mexican military …", "During the war …").
_NOT_A_SUBJECT = frozenset("""after before during in on at by for from with without since when
while if although though because as until unless upon over under into through across between
among against despite following like unlike once""".split())
_NP_OPENERS = _DETERMINERS - {"one"} | {"our", "my"}
# A quantifier opens a noun phrase too: "No arrests have been made and …" shares "No arrests"
_ALONE = frozenset("both all some many most several few each".split())  # a subject alone
_QUANTIFIERS = frozenset("no some many most all several few both each every any".split())
# Not verbs, though shaped like one ("his", "this", "its", "Jared").
_NOT_VERBS = frozenset("his this its as us thus plus gas bus yes".split())


# What the verb after "and" may share with a reported clause rather than with the subject.
_REPORTED = re.compile(r"\b(?:(?:says?|said|claims?|claimed|believes?|believed|thinks?|thought|"
                       r"reports?|reported|insists?|insisted|fears?|feared)\s+(?:that\s+)?"
                       r"|that\s+)(?:he|she|they|it|we|I|[A-Z][\w'’-]*)\s+[a-z]")
# A body of people who report what a pronoun did ("Police say he …", "Prosecutors said
# she …"): its subject is no new topic.
_REPORTER = re.compile(r"^(?:The\s+)?(?:Police|Family|Staff|[A-Z][a-z]+s)\s+(?:says?|said"
                       r"|allege[sd]?|claims?|claimed|told|insists?|insisted|believes?"
                       r"|believed)\s+(?:that\s+)?(?:he|she|they)\b")
# Auxiliaries after a right half's first word that make that word its subject.
_AUX_AFTER = frozenset("""is are was were has have had will would can could should may might
must do does did""".split())
_ADVERBS = frozenset("just only still also even never already so then now".split())
# Not a subject of its own after "and": a pronoun reads back to the left half ("and it was
# first released …" stays whole), and "aged 75 and over are sent …" continues a phrase.
_NOT_OWN_SUBJECT = frozenset("""he she it they we you i this that these those who which
over above older younger up more less beyond below""".split())
# Words that open a predicate after "and", never a subject ("and later was found").
_PREDICATE_OPENERS = _ADVERBS | frozenset("""later then soon again always eventually finally
recently once currently""".split())


# What a bare verb after "and" continues: "to", a modal or "do" in the left half.
_INFINITIVE_CHAIN = re.compile(r"\b(?:to|will|would|can|could|should|may|might|must|shall"
                               r"|do|does|did)\b", re.IGNORECASE)
_OBJECT_PRONOUNS = frozenset("him her them it us me you".split())


def _clause_end(left: str) -> bool:
    """Whether ``left`` ends where no noun could join the next word in one subject ("30
    riders and hounds were chasing …"): on a verb form, an adverb, an object pronoun or a
    number ("have been made", "was arrested", "in 2004")."""
    last = left.rstrip(" ,;").rsplit(" ", 1)[-1]
    low = last.lower()
    return (low.endswith("ed") or low in IRREGULAR_PAST or low in PAST_PARTICIPLES
            or low in _VERBS or low.endswith("ly") or low in _PREDICATE_OPENERS
            or low in _OBJECT_PRONOUNS or re.match(r"[£$€]?\d", last) is not None)


def _own_subject(right: str) -> bool:
    """Whether the half after "and" opens with a subject of its own and its auxiliary:
    "investigators are still looking …", "charges were dropped" (a lower-case noun or a
    pronoun, never a verb, an adverb or an auxiliary)."""
    words = right.split()
    if len(words) < 3:
        return False
    first, second = words[0].rstrip(",").lower(), words[1].lower()
    return (second in _AUX_AFTER and words[0][:1].islower() and first.isalpha()
            and first not in _VERBS and first not in _AUX_AFTER and first not in _DETERMINERS
            and first not in _PREDICATE_OPENERS and first not in _NOT_A_SUBJECT
            and first not in _NOT_OWN_SUBJECT and not first.endswith("ly"))


def _is_verb(word: str) -> bool:
    w = word.lower()
    if w in _NOT_VERBS or w in _DETERMINERS:
        return False
    return w.endswith("ed") or w in _VERBS or w in IRREGULAR_PAST or \
        _VERB_SUFFIX.match(w) is not None


def _opens_predicate(rest: str) -> bool:
    """Whether ``rest`` (what follows a subject) opens with a verb, an auxiliary or an adverb
    before one, not a comma, a relative pronoun or another conjunction ("Rick Moranis, the
    film …", "Russell Tovey and …", "General who …")."""
    words = rest.split()
    while words and words[0].lower() in _ADVERBS:
        words = words[1:]
    return bool(words) and (words[0].lower() in ("has", "had") or (
        words[0][:1].islower() and _is_verb(words[0].rstrip(",.;"))))




def _conjunct_subject(left: str) -> str | None:
    """The subject a verb after "and" shares with ``left``: a name at its start, or a noun
    phrase of up to four words before its first verb ("The series premiered …"); ``None``
    when ``left`` opens with a phrase that is not its subject."""
    words = left.split()
    if not words or words[0].lower() in _NOT_A_SUBJECT or (
            words[0][:1].isupper() and words[0].lower().endswith(("ing", "ed"))
            and words[0].lower() not in _VERBS):
        return None  # "Starring X …", "Sponsored by …", "Based on …"
    if words[0].lower() in _NP_OPENERS or words[0].lower() in _QUANTIFIERS:
        def strong(w: str) -> bool:  # a verb, or an adverb before one
            return w in _VERBS or w in IRREGULAR_PAST or (w.endswith("ed") and len(w) > 3) \
                or (w.endswith("ly") and len(w) > 4)
        for k in range(1, min(5, len(words))):
            w = words[k].lower().rstrip(",")
            after = words[k + 1].lower() if k + 1 < len(words) else ""
            # "warranty lasts two years", not "the company's shares fell"
            third = k > 1 and _VERB_SUFFIX.match(w) is not None and not strong(after) \
                and w not in _NOT_VERBS
            if strong(w) or third:  # "Both (miraculously) recovered": "Both" alone
                return " ".join(words[:k]) if k > 1 or words[0].lower() in _ALONE else None
            if not re.fullmatch(r"[\w'’-]+", words[k]):
                return None
        return None
    subject = _SUBJECT.match(left + " ")
    if subject is None or re.search(r"['’]s?$", subject.group(1)):
        return None  # "Mr Barnes' daughter Debbie stepped in …": the name is no subject
    name = subject.group(1)
    if not _PRONOUN_START.match(name) and leading_subject(left) is None:
        return None  # "Last week he …", "But a year later they …", "NYPD officers …"
    head, _, rest = name.partition(" ")
    return rest if head in ("But", "And", "So", "Yet", "Or") and rest else name


def _has_clause(text: str) -> bool:
    # a verb after the first word is lower-case: "Arizona, Texas, Montana, Missouri" is a
    # list of names, not a clause
    words = _WORD.findall(text)
    return len(words) >= 3 and any(w in _VERBS or (_VERB_SUFFIX.match(w) is not None)
                                   for w in words[1:])




# "The answer is: 2", "Answer: Delhi", "My answer would be 28": the rest is the answer.
_ANSWER_LEAD = re.compile(r"^(?:the\s+|my\s+|our\s+)?(?:short\s+|final\s+|correct\s+)?"
                          r"answer(?:\s+(?:is|would\s+be|was))?\s*[:\-–—]?\s+(?!that\b|is\b|was\b|would\b)",
                          re.IGNORECASE)


# "Birdland was the band.": a copula and the question's own noun, nothing more.
_ECHO = re.compile(r"^(?P<subj>[^,;]+?)\s+(?:is|was|are|were)\s+(?:the|that|this)\s+"
                   r"(?P<noun>[a-z]+(?:\s+[a-z]+)?)\s*[.!]?$")


def _echo_subject(sentence: str, question: str) -> str | None:
    """The subject of a ``sentence`` that answers by naming it "the <noun>" of the question
    ("What band …, Birdland or Kasabian?" "Birdland was the band." → "Birdland"): the noun
    says nothing the question does not, so the subject is the answer, read with the
    question as a fragment is. ``None`` for any other sentence."""
    m = _ECHO.match(sentence.strip())
    if m is None:
        return None
    q = {w.lower().rstrip("s") for w in _WORD.findall(question)} | {
        "answer", "one", "correct", "right"}  # "Kasabian is the answer", "… the right one"
    return m["subj"] if all(w.rstrip("s") in q for w in m["noun"].split()) else None


_MARKER = re.compile(r"\s*\[\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\]")


def strip_markers(sentence: str) -> str:
    """``sentence`` without reference markers such as ``[2]`` (see the module docstring)."""
    return _MARKER.sub("", sentence).strip()


_OPEN_QUOTES = "\"'“‘"
_CLOSE_QUOTES = "\"'”’"
_NEW_CLAUSE = re.compile(r"\s+(?=[A-Z][a-z])")
_MIN_WORDS = 3  # each side of a quote break is a clause, not a title or a name


_CLOSER_OF = {'"': '"”', "“": '”"', "'": "'’", "‘": "’'"}


def _quote_breaks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``text[start:end]`` cut where a quotation closes and a new sentence starts without a
    stop between ("… was 'deeply flawed' Danny Cevallos says …": lists of highlights
    written one after another lose their full stops). A quote closes only after one opened,
    with its own kind of mark (so a plural possessive, "the players' Union", or an
    apostrophe inside a double-quoted name is no break), and both sides keep at least three
    words (so "'Friends' Star Jennifer Aniston" and "on 'Today' Tuesday" stay whole). A
    nickname inside a name (Paul "Bear" Bryant) and a quote inside brackets ("(née"
    Spencer-Churchill; …)") are no break either."""
    out: list[tuple[int, int]] = []
    piece = start
    opener = ""
    opened_at = start
    i = start
    while i < end:
        ch = text[i]
        before = text[i - 1] if i > start else " "
        after = text[i + 1] if i + 1 < end else " "
        if not opener and ch in _OPEN_QUOTES and (before.isspace() or before == "(") \
                and not after.isspace():
            opener, opened_at = ch, i
        elif opener and ch in _CLOSER_OF[opener] and not before.isspace() and (
                after.isspace() or not after.isalnum()):
            opener = ""
            m = _NEW_CLAUSE.match(text, i + 1, end)
            head = text[piece:opened_at].rstrip()
            nickname = len(_WORD.findall(text[opened_at:i])) <= 2 and \
                head.rsplit(" ", 1)[-1][:1].isupper()
            if m is not None and before not in ".!?" and not nickname and \
                    text[piece:i].count("(") <= text[piece:i].count(")") and \
                    len(_WORD.findall(text[piece:i])) >= _MIN_WORDS and \
                    len(_WORD.findall(text[m.end():end])) >= _MIN_WORDS:
                out.append((piece, i + 1))
                piece = m.end()
        i += 1
    out.append((piece, end))
    return out


# A yes read with a question about a pronoun: "It is any good."
_PRONOUN_STATEMENT = re.compile(
    r"^(?:It(?! (?:is|was)(?: not)? true\b)|He|She|They|This|That|You|I|His|Her|Its|Their)\s")
_SAME = re.compile(r"\bthe same (?:guy|person|one|man|woman|people|team|director|author|"
                   r"writer|band|artist|company|firm|studio)\b")  # names no one
# The pronoun a reply after "Yes," opens with, for the question's subject.
_YES_PRONOUN = re.compile(r"(?:It|They|He|She)(?=\s)")


def answer_sentences(answer: str) -> list[tuple[int, int]]:
    """The sentences claims are built from: :func:`~certirag.text.sentences.split_sentences`,
    then cut at a closing quotation that a new sentence follows without a stop
    (:func:`_quote_breaks`) and at a comma splice (:func:`_splice_breaks`)."""
    return [part for s, e in split_sentences(answer) for piece in _quote_breaks(answer, s, e)
            for part in _splice_breaks(answer, *piece)]


#: A comma, then a clause of its own led by a pronoun or a name: "One of my favorites is
#: Edward Scissorhands, Tim Burton wrote it."
_SPLICE = re.compile(r",\s+(?=(?:He|She|It|They|he|she|it|they|[A-Z][\w'’.-]*)\s)")
_SPLICE_PRONOUN = re.compile(r"(?:[Hh]e|[Ss]he|[Ii]t|[Tt]hey)\s+")


def _splice_breaks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``[start, end)`` cut at a comma splice after an opinion: the speaker's opinion, a
    comma, then a clause with its own subject (a pronoun or a name) and verb ("One of my
    favorites is Edward Scissorhands, Tim Burton wrote it."). A chat reply writes so; the
    opinion is no claim, the clause is one, and a pronoun in it names what the opinion
    named. Two clauses of fact stay one sentence: a splice there may join what the
    second says to what the first asserts."""
    sentence = text[start:end]
    if '"' in sentence or "“" in sentence:
        return [(start, end)]
    for m in _SPLICE.finditer(sentence):
        left, right = sentence[: m.start()], sentence[m.end():]
        first = left.split(" ", 1)[0].lower()
        if "," in left or first in _NOT_A_SUBJECT or first in _SUBORDINATORS or (
                len(right.split()) < 3 or not_a_claim_reason(left) != "opinion"):
            continue
        lead = _SPLICE_PRONOUN.match(right)
        if lead is not None:
            rest = right[lead.end():]
        else:
            subject = _SUBJECT.match(right + " ")
            if subject is None:
                continue
            rest = right[subject.end(1):]
        if _opens_predicate(rest):
            return [(start, start + m.start()), (start + m.end(), end)]
    return [(start, end)]


_SUBORDINATORS = frozenset("if when while although though because as once unless whether "
                           "yes no well oh so and but or".split())


# An opinion of liking one thing ("I love Big Fish,"): a later object "it" names that thing,
# as it names a favourite.
_LIKING = re.compile(r"^(?:i|we)\s+(?:really\s+|just\s+|also\s+|absolutely\s+)*"
                     r"(?:love|loved|like|liked|enjoy|enjoyed|adore|adored)\s+(?!it\b)",
                     re.IGNORECASE)


def extract_claims(answer: str, *, question: str = "") -> list[Claim]:
    """Split ``answer`` into claims (see the module docstring). Ids are ``c1``, ``c2``, ..."""
    question = asked(question)  # a chat transcript: what the asker said, tags removed
    claims: list[Claim] = []
    seen: set[str] = set()
    last_subject: str | None = question_subject(question) if question else None
    # what an object "it" of the answer's first sentences names ("Tell me about Memento.")
    topic = last_subject.rstrip(".") if last_subject else None
    it_names = asked_object(question) if question else None  # "Who won the final?"
    last_thing: str | None = None  # a common noun phrase subject, for a later "It"
    agent: str | None = None  # the name after "by" in the sentence before: a later "He"
    named_it = False  # "It" has named last_subject: no "He" or "She" names it
    yes_no_q = bool(question.strip()) and is_yes_no_question(question)
    to_listener = bool(question.strip()) and asks_the_listener(question)
    for s_start, s_end in answer_sentences(answer):
        full = answer[s_start:s_end]
        polarity = yes_no_polarity(strip_markers(full))
        if polarity is not None and to_listener:
            claims.append(Claim(id=f"c{len(claims) + 1}", text=full, start=s_start, end=s_end,
                                kind="not_a_claim"))  # "Did you like it?" "Yes!"
            continue
        if polarity is not None:  # "Yes." / "No, it isn't.": read with the question
            stmt = yes_no_statement(question, polarity) if question.strip() else None
            if stmt is not None and _PRONOUN_START.match(stmt):  # "Canberra. Is it …?"
                stmt = name_pronoun(stmt, named_alone(question), None) or stmt
            key = _norm(stmt) if stmt else ""
            if stmt is None or key not in seen:
                seen.add(key)
                claims.append(Claim(id=f"c{len(claims) + 1}", text=stmt or full,
                                    start=s_start, end=s_end,
                                    kind="claim" if stmt else "unresolved"))
            continue
        yes = yes_no_lead(full) if yes_no_q else None
        yes_subject = None  # after a yes, the question's subject names the rest's pronoun
        if yes is not None:  # "Correct, it fell.": the yes is a claim, and so is the rest
            positive, word_end, rest = yes
            stmt = yes_no_statement(question, positive)
            # a yes to a question this cannot read, about the listener ("Do you know …?")
            # or about a pronoun ("Is it any good?") says nothing the rest does not: the
            # rest alone is the claim; so does a yes to "… by the same guy?" before a
            # statement that names him (a no keeps its statement: "No, different director.")
            same = positive and _SAME.search(stmt or "") is not None \
                and not is_fragment(strip_markers(full[rest:]))
            if stmt is not None and not to_listener and not same \
                    and not _PRONOUN_STATEMENT.match(stmt) and _norm(stmt) not in seen:
                seen.add(_norm(stmt))
                claims.append(Claim(id=f"c{len(claims) + 1}", text=stmt, start=s_start,
                                    end=s_start + word_end))
            s_start += rest
            full = answer[s_start:s_end]
            yes_subject = yes_no_subject(question)
        a, b = core_span(full)
        start, end = s_start + a, s_start + b
        sentence = strip_markers(answer[start:end])
        if _SPLICE_PRONOUN.match(sentence) and sentence[:1].islower():
            sentence = sentence[0].upper() + sentence[1:]  # the second clause of a splice
        if ((a, b) != (0, len(full)) or yes is not None) and sentence:
            sentence = sentence[0].upper() + sentence[1:]
        if yes_subject is not None and (p := _YES_PRONOUN.match(sentence)) is not None:
            sentence = yes_subject[0].upper() + yes_subject[1:] + sentence[p.end():]
        reason = not_a_claim_reason(sentence) if sentence else "only reference markers"
        if reason in ("opinion", "question") and (fan := opinion_name(sentence)) is not None:
            # "I'm a big fan of Steven Spielberg. He directed it.": "he" is the name
            last_subject, last_thing, named_it, agent = fan, None, False, None
            if favourite_name(sentence) is not None or (
                    reason == "opinion" and _LIKING.match(sentence)) or (
                    reason == "question" and asks_experience(sentence)):
                topic = fan  # "One of my favorites is Big Fish, Tim Burton directed it."
        presupposed = presupposed_fact(sentence) if reason == "question" else None
        if presupposed is not None:  # "Have you seen Zodiac with Tom Hanks?"
            if _norm(presupposed) not in seen:
                seen.add(_norm(presupposed))
                claims.append(Claim(id=f"c{len(claims) + 1}", text=presupposed, start=start,
                                    end=end))
            continue
        if reason is not None:
            claims.append(Claim(id=f"c{len(claims) + 1}", text=full, start=s_start,
                                end=s_end, kind="not_a_claim"))
            continue
        text = sentence
        framed = False  # built from the question: its "and" belongs to the question
        lead = _ANSWER_LEAD.match(sentence)
        if lead and question.strip() and sentence[lead.end():].strip():
            sentence = sentence[lead.end():].strip()  # "The answer is: 2" answers with "2"
        echo = _echo_subject(sentence, question) if question.strip() and not lead else None
        if echo is None and question.strip() and not lead:
            echo = cleft_answer(sentence, question)  # "It was Christopher Nolan."
        if echo is not None:
            sentence = echo  # "Birdland was the band." answers "Birdland"
        if (lead or echo is not None or is_fragment(sentence)) and question.strip():
            stmt = fragment_statement(question, sentence)
            if stmt is not None:  # "Who wrote it?" + "Murakami." → "… wrote Norwegian Wood."
                stmt = name_object(stmt, it_names or topic)
            framed = stmt is None
            text = stmt or f"{question.strip()} {_strip_stop(sentence)}"
            answer_name = _strip_stop(sentence)
            if is_name_answer(answer_name):  # "Christopher Nolan. He also …"
                last_subject, last_thing, named_it, agent = answer_name, None, False, None
                if topic is not None and asks_who(question):
                    last_thing = topic  # a person answers "who": a later "It" is the topic
        else:
            conj = _CONJ_PRONOUN.match(sentence)
            if conj is not None:  # "Yes, and it was followed by two sequels."
                sentence = sentence[conj.end()].upper() + sentence[conj.end() + 1:]
                text = sentence
            pm = _PRONOUN_START.match(sentence)
            personal = pm is not None and pm.group(1) in _PERSONAL
            if personal and agent is not None:  # "It was directed by X. He also wrote …"
                named = name_pronoun(sentence, agent, None)
            elif personal and named_it:
                named = None  # "Inception … It was … He …": a film is no "he"
            else:
                named = name_pronoun(sentence, last_subject, last_thing)
                named_it = named_it or (named is not None and pm is not None
                                        and pm.group(1) in ("It", "Its") and last_thing is None)
            # an acronym ("enamored by TV", "reported by CNN") is no person a "He" names
            agent = next((m.group(1).rstrip(".") for m in _AGENT.finditer(sentence)
                          if not m.group(1).rstrip(".").isupper()), None)
            if named is not None:  # "His cars …", "It is also offered …"
                text = named
            elif _PRONOUN_START.match(sentence) and question.strip():
                text = f"{question.strip()} {sentence}"
                framed = True
            if last_thing in (None, topic) and not framed:
                text = name_object(text, it_names or topic)
            text = performance_fact(text) or text  # "X is great in it" says X is in it
            subject, thing = sentence_subjects(sentence)
            if subject is not None and _REPORTER.match(sentence):
                subject = None  # "Police say he was not on duty.": "he" is still the topic
            if thing is not None:
                last_thing = thing  # the newest subject "It" can name
                topic = None  # a later "it" may be the thing
            elif subject:
                last_subject, last_thing, named_it = subject, None, False
            suggested = _SUGGESTED.search(sentence)
            if suggested is not None:  # "You should try Dune! Denis Villeneuve directed it."
                topic, it_names, last_thing = suggested.group("name"), None, None
        pieces = [text] if framed else [
            half for part in split_subject_clause(text) for half in _split_conjunction(part)]
        for part in pieces:
            key = _norm(part)
            if not key or key in seen:
                continue
            seen.add(key)
            claims.append(Claim(id=f"c{len(claims) + 1}", text=part.strip(), start=start,
                                end=end))
    return claims

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

from certirag.checks.numbers import SPELLED_RE
from certirag.claims.answers import (
    asks_the_listener,
    capitalise,
    is_yes_no_question,
    last_question,
    wh_thing,
    yes_no_lead,
    yes_no_polarity,
    yes_no_statement,
    yes_no_subject,
)
from certirag.claims.clauses import split_subject_clause
from certirag.claims.conjunctions import NOT_A_SUBJECT as _NOT_A_SUBJECT
from certirag.claims.conjunctions import VERB_SUFFIX as _VERB_SUFFIX
from certirag.claims.conjunctions import VERBS as _VERBS
from certirag.claims.conjunctions import WORD as _WORD
from certirag.claims.conjunctions import opens_predicate as _opens_predicate
from certirag.claims.conjunctions import split_conjunction as _split_conjunction
from certirag.claims.conjunctions import strip_stop as _strip_stop
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
from certirag.claims.replies import asks_who, cleft_answer, is_name_answer, name_object
from certirag.claims.topic import named_alone, question_subject
from certirag.schemas import Claim
from certirag.text.sentences import split_sentences
from certirag.text.subjects import (
    NAME_RUN,
    PRESENTING,
    expletive_it,
    name_pronoun,
    sentence_subjects,
)
from certirag.text.subjects import NAME_SUBJECT as _SUBJECT
from certirag.text.subjects import PRONOUN_START as _PRONOUN_START
from certirag.text.turns import asked
from certirag.text.verbs import BASE_VERBS as _BASE_VERBS
from certirag.text.verbs import IRREGULAR_PAST

__all__ = ["answer_sentences", "extract_claims", "is_fragment", "not_a_claim_reason",
           "strip_markers"]

# The imperatives a reply opens with ("Try holding …").
_IMPERATIVES = frozenset(
    """
    try press hold keep call contact check make use go take turn click open visit ask see
    note remember avoid store bring apply send fill read follow restart reset unplug plug
    wait tap select enter choose log sign install update remove """.split()
)


# A conjunction before a pronoun that opens a reply's sentence ("And it was …").
_CONJ_PRONOUN = re.compile(r"^(?:And|But|So|Also|Plus),?\s+(?=(?:he|she|it|they|his|her|its|"
                           r"their)\b)")
# A person presented and described: "That's Jonah Castell, a 19-year-old forward …" says
# "Jonah Castell is a 19-year-old forward …".
_PRESENTED = re.compile("^" + PRESENTING + "(?P<name>" + NAME_RUN + r"),\s+(?=(?:a|an|the)\s)")
# The pronouns of a person, and the name a passive gives its agent ("directed by X").
_PERSONAL = frozenset({"He", "She", "His", "Her"})
# "That one" / "this one" as a subject: the thing talked of, as "It" names it
_THAT_ONE = re.compile(r"^(?:That|This)\s+one(?=['’]s\b|\s+[a-z])")
# A subject that did something to "it" ("Elspeth Morrow wrote that one", "Milo Tranter
# produced it"): a later "It" names the thing, not them.
_MADE_IT = re.compile(r"\s+(?:(?:also|even|actually|originally)\s+)?[a-z]+"
                      r"\s+(?:it|that one|this one)\b")
_AGENT = re.compile(r"\bby ((?:[A-Z][\w'’.-]*)(?: (?:[A-Z][\w'’.-]*|de|van|von|al))*)")
# A sentence the speaker or the listener is the subject of ("I recommend …", "You can …").
_PERSON_START = re.compile(r"^(?:I|We|You)(?:['’][a-z]|\s+[a-z])")  # not "I Love You, Man"


# What follows a yes to say how far it holds, with no subject of its own: "up to £800 a
# year, …", "as long as …", "but only on weekdays", "within 14 days".
_ELABORATION = re.compile(r"^(?:up to|as long as|provided|but only|only|within|from|for|"
                          r"unless|except|if|once|after|before|until|by|on|at|in|every|each)"
                          r"\s+(?-i:[^A-Z\s])", re.IGNORECASE)
# A last question that asks what, who, which, where, when, why or how: no yes or no answers it.
_WH_LAST = re.compile(r"(?:^\W*|[,;:]\s*)(?:what|who|whom|whose|which|where|when|why|how)\b"
                      r"[^,;:]*\?\W*$", re.IGNORECASE)


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
    # (a past form after a number is a verb: "Season four started in January")
    return not any(i > 0 and w.islower() and _VERB_SUFFIX.match(w) and (
        not _counted(raw, i) or _object_follows(raw, i) or (
            w.endswith("ed") and w != "hundred" and not _ORDINAL_WORD.match(raw[i - 1])))
        for i, w in enumerate(raw))


_ORDINAL_WORD = re.compile(r"^(?:first|second|third|[a-z]+th|\d+(?:st|nd|rd|th))$", re.IGNORECASE)


def _counted(raw: list[str], i: int) -> bool:
    """Whether ``raw[i]`` is a plural a number counts: "28 days", or a unit with its kind
    between ("3-5 working days", "10 business days")."""
    return _is_count(raw[i - 1]) or (
        i > 1 and raw[i - 1].lower() in _UNIT_KINDS and raw[i].lower() in _UNIT_PLURALS
        and _is_count(raw[i - 2]))


_UNIT_KINDS = frozenset("working business calendar clear full school banking".split())


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


# a title the reply suggests, what an object "it" of its next sentence names
_SUGGESTED = re.compile(r"\b(?:try|watch|read|recommend|see|check out|listen to)\s+"
                        r"(?P<name>" + NAME_RUN + r")[.!]*$")
# A body of people who report what a pronoun did ("Police say he …", "Prosecutors said
# she …"): its subject is no new topic.
_REPORTER = re.compile(r"^(?:The\s+)?(?:Police|Family|Staff|[A-Z][a-z]+s)\s+(?:says?|said"
                       r"|allege[sd]?|claims?|claimed|told|insists?|insisted|believes?"
                       r"|believed)\s+(?:that\s+)?(?:he|she|they)\b")


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
# an "it" that stands for what follows ("It is OK to have a coffee at your desk."), and a
# rest that only says the yes again of "that" ("that's fine at the desks"): the statement is
# what the yes asserts
_EXTRAPOSED = re.compile(r"^It (?:is|was) (?i:ok|okay|fine|safe|allowed|permitted|acceptable|"
                         r"alright|all right) to\b")
_ASSURED = re.compile(r"^(?:that|it|this)(?:['’]s|\s+is|\s+will\s+be|['’]ll\s+be)\s+(?:totally\s+|"
                      r"perfectly\s+|absolutely\s+|completely\s+)?(?:fine|ok|okay|allowed|"
                      r"permitted|acceptable|alright|all right|no problem)\b", re.IGNORECASE)
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
    made_it: set[str] = set()  # names that did something to "it": no later "It" is them
    yes_no_q = bool(question.strip()) and is_yes_no_question(question)
    to_listener = bool(question.strip()) and asks_the_listener(question)
    thing_asked = wh_thing(question) if question.strip() else None  # what "It" answers
    if thing_asked is not None and last_subject is not None \
            and last_subject.lower() in thing_asked.lower():
        last_subject = None  # "When does the Leeds office open?": "It" is the office
    for s_start, s_end in answer_sentences(answer):
        full = answer[s_start:s_end]
        polarity = yes_no_polarity(strip_markers(full))
        if polarity is not None and (to_listener or (
                polarity and question.strip() and _WH_LAST.search(last_question(question)))):
            # "Did you like it?" "Yes!"; "…, what did you think of it?" "Yes!": an
            # exclamation, no answer (a "No." may say "none": it stays unresolved)
            claims.append(Claim(id=f"c{len(claims) + 1}", text=full, start=s_start, end=s_end,
                                kind="not_a_claim"))
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
            tail = strip_markers(full[rest:]).strip()
            about_pronoun = stmt is not None and _PRONOUN_STATEMENT.match(stmt) is not None \
                and not (_EXTRAPOSED.match(stmt) and _ASSURED.match(tail))
            if stmt is not None and positive and not to_listener and not same \
                    and not about_pronoun and _ELABORATION.match(tail):
                # "Yes, up to £800 a year, as long as your manager approves it.": the rest
                # says how far the yes holds, so the two are one claim
                merged = f"{stmt.rstrip('.!? ')} {tail}"
                if _norm(merged) not in seen:
                    seen.add(_norm(merged))
                    claims.append(Claim(id=f"c{len(claims) + 1}", text=merged, start=s_start,
                                        end=s_end))
                continue
            said = stmt is not None and not to_listener and not same and not about_pronoun
            if not said and not to_listener and not_a_claim_reason(
                    capitalise(tail), asked=question) in ("opinion", "greeting"):
                # "Yes, go for it!": the rest says nothing, so the yes is the claim, read
                # with the question, or left unresolved
                said = stmt is not None and not same
                if not said:
                    claims.append(Claim(id=f"c{len(claims) + 1}", text=full, start=s_start,
                                        end=s_end, kind="unresolved"))
                    continue
            if said and stmt is not None and _norm(stmt) not in seen:
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
        if (one := _THAT_ONE.match(sentence)) is not None:  # "that one's from 1970": "It's …"
            sentence = "It" + sentence[one.end():]
        # after a yes or no said, reassurance is no second answer ("Yep, that's no problem!")
        reason = not_a_claim_reason(sentence, asked=question, answered=yes is not None) \
            if sentence else "only reference markers"
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
            shown = _PRESENTED.match(sentence)
            if shown is not None:  # "That's Jonah Castell, a 19-year-old forward …"
                sentence = f"{shown['name']} is {sentence[shown.end():]}"
                text = sentence
            pm = _PRONOUN_START.match(sentence)
            personal = pm is not None and pm.group(1) in _PERSONAL
            if personal and agent is not None:  # "It was directed by X. He also wrote …"
                named = name_pronoun(sentence, agent, None)
            elif personal and named_it:
                named = None  # "Inception … It was … He …": a film is no "he"
            else:
                acted_on = last_thing is None and last_subject is not None and pm is not None \
                    and pm.group(1) in ("It", "Its") and last_subject in made_it
                named = name_pronoun(sentence, None if acted_on else last_subject,
                                     topic if acted_on else last_thing, people=True)
                named_it = named_it or (named is not None and pm is not None
                                        and pm.group(1) in ("It", "Its") and last_thing is None)
            # an acronym ("enamored by TV", "reported by CNN") is no person a "He" names
            agent = next((m.group(1).rstrip(".") for m in _AGENT.finditer(sentence)
                          if not m.group(1).rstrip(".").isupper()), None)
            if named is not None:  # "His cars …", "It is also offered …"
                text = named
            elif pm is not None and pm.group(1) in ("It", "Its") and thing_asked is not None \
                    and (asked_it := name_pronoun(sentence, None, thing_asked)) is not None:
                text = capitalise(asked_it)  # "How long does my link work?" "It only …"
            elif _PRONOUN_START.match(sentence) and question.strip() and \
                    not expletive_it(sentence):  # "It's best to arrive …" names nothing
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
                if _MADE_IT.match(sentence, len(subject)) and sentence.startswith(subject):
                    made_it.add(subject)  # "Elspeth Morrow wrote that one": no later "It"
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
            # a half that is the speaker's own ("…, and I find it really relaxing."): no claim
            own = len(pieces) > 1 and not_a_claim_reason(part, asked=question) in (
                "opinion", "greeting")
            claims.append(Claim(id=f"c{len(claims) + 1}", text=part.strip(), start=start,
                                end=end, kind="not_a_claim" if own else "claim"))
    return claims

"""Bare values read with their wh-question into a full statement.

A fragment ("Delhi.") to a wh-question of a known shape becomes a statement, so that the
checks see the value in its place and the model reads a sentence: "What is the capital of
X?" + "Delhi." → "The capital of X is Delhi."; "Who wrote Hamlet?" + "Shakespeare." →
"Shakespeare wrote Hamlet."; "Which magazine was started first, A or B?" + "A" → "A was
started first."; "Where was X born?" + "Warsaw." → "X was born in Warsaw."; "How much is
X?", "How long do X take?", "How high is X?", "How many N does S have?", "At what age is X
given?", "Which is longer, A or B?". :func:`fragment_statement` returns ``None`` for any
other shape, and the caller reads the fragment after its question. Pure :mod:`re`.
"""

from __future__ import annotations

import re

from certirag.claims.answers import DETERMINERS, capitalise, last_question
from certirag.text.calendar_names import MONTHS, alternation
from certirag.text.turns import to_listener
from certirag.text.verbs import BASE_VERBS as _BASE
from certirag.text.verbs import IRREGULAR_PAST, third_person

__all__ = ["MAX_QUESTION_WORDS", "MAX_SIMPLE_WORDS", "RELATIVE", "asked_object",
           "fragment_statement"]

_WHAT_IS = re.compile(r"^(?:what|which|who|whom)\s+(?P<cop>is|are|was|were)\s+(?P<rest>.+?)\s*"
                      r"\?+\s*$", re.IGNORECASE)
_WHICH_N = re.compile(r"^(?i:what|which)\s+(?P<noun>(?:[a-z][a-z-]*\s+){0,2}?[a-z][a-z-]*)\s+"
                      r"(?P<cop>(?i:is|are|was|were|has|had|have))\s+(?P<rest>.+?)\s*\?+\s*$")
_WHO_V = re.compile(r"^who\s+(?P<verb>[a-z]+(?:ed|s)|wrote|won|made|became|founded|built|led|"
                    r"sang|played|directed|invented|discovered|painted|composed|created)\s+"
                    r"(?P<rest>.+?)\s*\?+\s*$", re.IGNORECASE)


# "Who won the final?": a common noun phrase the asker names, what an object "it" of the
# answer stands for ("Lucas Ferro won it" → "… won the final")
_WHO_OBJECT = re.compile(r"^who\s+(?:[a-z]+(?:ed|s)|" + "|".join(sorted(IRREGULAR_PAST)) +
                         r")\s+(?P<obj>(?:the|this|that)(?:\s+[a-z][a-z'’-]*){1,4})\s*\?+\s*$",
                         re.IGNORECASE)


def asked_object(question: str) -> str | None:
    """The object of a "Who did it?" question when it is a short common noun phrase ("the
    final" of "Who won the final?"), else ``None``."""
    m = _WHO_OBJECT.match(last_question(question))
    if m is None or RELATIVE.search(m.group("obj")):
        return None
    return m.group("obj")


def _drop_alternatives(rest: str, fragment: str) -> str | None:
    """``rest`` without the trailing "A or B" the fragment picks from ("started first,
    A or B" → "started first"); ``rest`` itself when it lists no alternatives; ``None``
    when the alternatives cannot be told apart from the predicate."""
    low = rest.lower()
    f = fragment.lower()
    orpos = low.rfind(" or ")
    if orpos < 0:
        return rest
    pos = low.find(f)
    if pos < 0:
        return None
    if low.startswith(" or ", pos + len(f)):
        cut = pos  # the fragment is the first alternative
    else:
        sep = max(rest.rfind(",", 0, orpos), rest.rfind(":", 0, orpos))
        if sep < 0:
            return None
        cut = sep
    head = rest[:cut].rstrip(" ,:;-")
    head = re.sub(r"\s+between$", "", head)
    return head or None


#: A fragment becomes a statement only after a short, simple question ("What is the capital
#: of France?"); after a longer one (HaluEval's multi-hop questions) the rewrite garbles
#: more often than not ("Y is X a member of"), and the claim stays "question + fragment".
MAX_QUESTION_WORDS = 8
#: Shapes that read safely a little longer: a question of at most this many words with no
#: relative clause (a multi-hop question has one: "… the film that starred X?").
MAX_SIMPLE_WORDS = 12
#: A relative pronoun (not one that ends a question: "… born where?").
RELATIVE = re.compile(r"\b(?:who|whom|whose|which|that)\b(?!\s*\?)", re.IGNORECASE)
_HOW_MANY = re.compile(
    r"^how\s+many\s+(?P<noun>[a-z][\w -]*?)\s+(?P<aux>does|do|did)\s+(?P<subj>.+?)\s+"
    r"(?P<verb>have|get|employ|offer|contain|hold|own|run|receive)\s*\?+\s*$", re.IGNORECASE)
# a choice ("Who has more nominations, A or B?"), a participle naming someone ("… born
# James Kimmel?"): the statement would garble them
_CHOICE = re.compile(r",|\bor\b|\b(?:born|named|known|called|nicknamed)\b", re.IGNORECASE)
_AT_AGE = re.compile(r"^at\s+what\s+age\s+(?P<cop>is|are|was|were)\s+(?P<subj>.+?)\s+"
                     r"(?P<part>[a-z]+(?:ed|en))\s*\?+\s*$", re.IGNORECASE)

# "When did Abbey Road come out?", "Where was Marta Kowalski born?": subject and predicate
_WHEN_WHERE = re.compile(
    r"^(?P<wh>when|where)\s+(?P<aux>is|are|was|were|did|does|do|will)\s+"
    r"(?P<subj>(?:the\s+)?(?-i:[A-Z][\w'’.&-]*(?:\s+(?:of\s+|the\s+|&\s+)?[A-Z0-9][\w'’.&-]*)*))"
    r"\s+"
    r"(?P<pred>[a-z][a-z-]*(?:\s+(?:out|up|off|down|on|in|open|place|back|away))?)\s*\?+\s*$",
    re.IGNORECASE)
_MONTH = f"(?:{alternation(MONTHS)})"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_DAY = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b|\b{_MONTH}\s+\d{{1,2}}\b"
                  rf"|\b{_WEEKDAY}\b", re.IGNORECASE)
# what a "when" fragment must be to read as a time: a year, a date, a month or a weekday
_WHEN = re.compile(rf"^(?:in\s+|on\s+)?(?:\d{{4}}s?|.*\b{_MONTH}\b.*|{_WEEKDAY}"
                   rf"|\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{2,4}})$", re.IGNORECASE)
_PREPOSITION = re.compile(r"^(?:in|on|at|from|during|since|by|near|outside|inside)\b",
                          re.IGNORECASE)
_PARTICIPLE = re.compile(r"[a-z]+(?:ed|en|wn)|born|built|made|held|set|run|shot|sold|bought|"
                         r"found|taught|won|lost|put|hit|cut|left|sent|spent|kept|begun|"
                         r"located|based")
_EVENT_VERBS = frozenset("die marry retire resign arrive launch release premiere debut "
                         "happen occur finish".split())


def _verb_after(m: re.Match[str]) -> bool:
    """Whether the word after the subject is the question's verb: a participle after a
    form of "be" ("was born"), a base verb after "do" or "will" ("did come out"); "When is
    the Leeds office open?" has the rest of its subject there."""
    verb = m.group("pred").split()[0].lower()
    if m.group("aux").lower() in ("did", "does", "do", "will"):
        return verb in _BASE or verb in _EVENT_VERBS
    return _PARTICIPLE.fullmatch(verb) is not None


# "How much is express?", "How much does the Pro plan cost?"
_HOW_MUCH = re.compile(
    r"^how\s+much\s+(?P<aux>is|are|was|were|does|do|did)\s+(?P<subj>.+?)(?P<cost>\s+cost)?"
    r"\s*\?+\s*$", re.IGNORECASE)
# "How high is the Kestrel Dam?": a measure and the adjective it is read with
_HOW_ADJ = re.compile(r"^how\s+(?P<adj>high|tall|long|deep|wide|far|heavy|big|large)\s+"
                      r"(?P<cop>is|are|was|were)\s+(?P<subj>.+?)\s*\?+\s*$", re.IGNORECASE)
# "Which is longer, A or B?"
_WHICH_MORE = re.compile(
    r"^(?:which|who)(?:\s+\w+)?\s+(?P<cop>is|was|are|were)\s+(?P<more>[a-z]+er|more\s+[a-z]+"
    r"|less\s+[a-z]+)\s*,?\s+(?P<a>.+?)\s+or\s+(?P<b>.+?)\s*\?+\s*$", re.IGNORECASE)


# what may follow a name after a comma and move behind the predicate: a time or a place
_TAIL = re.compile(r"^(?:in|on|at|back in|from|during|since|around|about)\s+\S", re.IGNORECASE)


def _strip_det(text: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", text.strip().rstrip(".!"), flags=re.IGNORECASE)


# "How long do international orders take?", "How long does the battery last?"
_HOW_LONG = re.compile(r"^how\s+long\s+(?P<aux>do|does|did)\s+(?P<subj>.+?)\s+"
                       r"(?P<verb>take|last|run|stay|remain|wait)\s*\?+\s*$", re.IGNORECASE)
_PAST_OF = {"take": "took", "run": "ran"}
_AMOUNT = re.compile(r"^(?:about\s+|around\s+|just\s+)?(?:[£€$¥₹]|US\$|[A-Z]{3}\s)?\d")


def fragment_statement(question: str, fragment: str) -> str | None:
    """``question`` answered by ``fragment`` as a statement, or ``None`` for a question of
    another shape."""
    q = last_question(question)
    frag = fragment.strip().rstrip(".!;:").strip()
    if not frag or not q.endswith("?"):
        return None
    m = _WHICH_MORE.match(q)
    if m is not None:  # "Which is longer, the Rhone Tunnel or the Alder Tunnel?" + one
        a, b = m.group("a").strip(), m.group("b").strip()
        said = _strip_det(frag).lower()
        other = b if said == _strip_det(a).lower() else a if said == _strip_det(b).lower() \
            else None
        if other is not None:
            return f"{capitalise(frag)} {m.group('cop').lower()} {m.group('more')} than {other}."
    # "About 10 hours" → "… lasts about 10 hours."
    amount = frag[:1].lower() + frag[1:] if frag[1:2].islower() else frag
    simple = len(q.split()) <= MAX_SIMPLE_WORDS and not RELATIVE.search(q, q.find(" ") + 1) \
        and not _CHOICE.search(q)
    m = _HOW_MANY.match(q) if simple else None
    if m is not None and _AMOUNT.match(amount):  # "How many places does X have?" + "60"
        verb = m.group("verb").lower()
        verb = third_person(verb) if m.group("aux").lower() == "does" else verb
        noun = m.group("noun")
        head = noun.split()[0]
        if amount.split()[-1].lower() == head.lower():  # "28 days" of "days of annual leave"
            noun = noun[len(head):].strip()
        elif len(amount.split()) > 1 and not amount.split()[0].isalpha():
            noun = ""  # "2 a year": the fragment says what it counts
        subj = to_listener(m.group("subj"))  # "do I get" → "You get"
        return f"{capitalise(subj)} {verb} {amount}{' ' + noun if noun else ''}."
    m = _AT_AGE.match(q) if simple else None
    if m is not None and _AMOUNT.match(amount):  # "At what age is the booster given?"
        subj, cop = capitalise(m.group("subj")), m.group("cop").lower()
        return f"{subj} {cop} {m.group('part')} at {amount}."
    m = _WHAT_N_DO.match(q) if _AMOUNT.match(amount) else None
    if m is not None and len(q.split()) <= _MAX_AMOUNT_WORDS and not _AMOUNT_CHOICE.search(q) \
            and not RELATIVE.search(q, q.find(" ") + 1) \
            and m.group("noun").split()[-1].lower() not in _TIME_NOUNS:
        stmt = _amount_statement(m, amount)  # "What rate does X pay on Y?" + "3.6%"
        if stmt is not None:
            return stmt
    m = _IN_SITU.match(q)
    if m is not None and not _WH_START.match(q) and len(m.group("head").split()) > 2 and (
            len(q.split()) <= MAX_QUESTION_WORDS or (
                simple and m.group("who") and m.group("head").split()[-1].lower() in _COPULAS)):
        # "X is who?": a person named after a copula reads safely in a longer question too
        # ("… directed by whom?" after a multi-hop question reads worse than the question)
        return f"{capitalise(m.group('head'))}{frag}{m.group('tail')}."
    if len(q.split()) > MAX_QUESTION_WORDS:
        return None
    m = _WHICH_N.match(q)
    if m is not None and m.group("noun").split()[0].lower() not in {"is", "are", "was", "were"}:
        # only a choice ("Which magazine was started first, A or B?") reads safely: "What
        # party is X a member of?" would give "Y is X a member of"
        rest = _drop_alternatives(m.group("rest"), frag)
        if rest is None or rest == m.group("rest"):
            return None
        return f"{capitalise(frag)} {m.group('cop').lower()} {rest}."
    m = _WHAT_IS.match(q)
    if m is not None:
        rest = m.group("rest")
        words = rest.split()
        if words and words[0].lower() in DETERMINERS:
            return f"{capitalise(rest)} {m.group('cop').lower()} {frag}."
        return None
    m = _WHO_V.match(q)
    if m is not None:
        rest = re.sub(r"\s+again$", "", m.group("rest"))  # "Who wrote it again?": remind me
        name, comma, tail = frag.partition(", ")
        if comma and _TAIL.match(tail):  # "Dana Whitlock, in 2011." → "… founded X in 2011."
            return f"{capitalise(name)} {m.group('verb')} {rest} {tail}."
        return f"{capitalise(frag)} {m.group('verb')} {rest}."
    m = _WHEN_WHERE.match(q)
    when = m is not None and m.group("wh").lower() == "when"
    if m is not None and (not when or _WHEN.match(frag)) and _verb_after(m):
        # "Where was X born?" + "Gdansk." → "X was born in Gdansk."
        prep = "on" if when and _DAY.search(frag) else "in"
        if _PREPOSITION.match(frag):
            prep, frag = "", frag[:1].lower() + frag[1:]  # "In Gdansk."
        return f"{capitalise(m.group('subj'))} {m.group('aux').lower()} {m.group('pred')} " \
               f"{prep + ' ' if prep else ''}{frag}."
    m = _HOW_LONG.match(q)
    if m is not None and _AMOUNT.match(amount):  # "How long do orders take?" + "3-5 days"
        verb = m.group("verb").lower()
        if m.group("aux").lower() in ("does", "did"):
            verb = {"does": third_person(verb), "did": _PAST_OF.get(verb, verb + "ed")}[
                m.group("aux").lower()]
        return f"{capitalise(m.group('subj'))} {verb} {amount}."
    m = _HOW_ADJ.match(q)
    if m is not None and _AMOUNT.match(amount):  # "How high is the dam?" + "142 metres"
        return f"{capitalise(m.group('subj'))} {m.group('cop').lower()} {amount} " \
               f"{m.group('adj').lower()}."
    m = _HOW_MUCH.match(q)
    if m is not None and _AMOUNT.match(amount):  # "How much is express?" + "£4.99"
        verb = "costs" if m.group("cost") and m.group("aux").lower() == "does" else (
            "cost" if m.group("cost") else m.group("aux").lower())
        return f"{capitalise(m.group('subj'))} {verb} {amount}."
    return None


# "What rate does the Flex Saver account pay on a balance of £5,000?": an amount answers it
# as the verb's object ("The Flex Saver account pays 3.6% AER on a balance of £5,000."),
# so the checks read the amount with what the question ties it to
_WHAT_N_DO = re.compile(r"^(?:what|which)\s+(?P<noun>(?:[a-z][a-z-]*\s+){0,2}?[a-z][a-z-]*)\s+"
                        r"(?P<aux>does|do)\s+(?P<body>.+?)\s*\?+\s*$", re.IGNORECASE)
_MAX_AMOUNT_WORDS = 16
# what an amount of time answers: read with "when", never as an object
_TIME_NOUNS = frozenset("time times year years date dates day days month months hour hours "
                        "age ages week weeks season".split())
# a choice, as :data:`_CHOICE`, but a comma inside a number ("£5,000") is none
_AMOUNT_CHOICE = re.compile(r",(?!\d{3})|\bor\b|\b(?:born|named|known|called|nicknamed)\b",
                            re.IGNORECASE)
_AMOUNT_VERBS = _BASE | frozenset("charge charges weigh score award list quote set hit "
                                  "measure".split())


def _amount_statement(m: re.Match[str], amount: str) -> str | None:
    """The statement of a "What N does S V …?" question whose answer is an amount: the
    subject, the verb and the amount as its object, then the rest of the question."""
    words = m.group("body").split()
    k = next((i for i, w in enumerate(words) if i > 0 and w in _AMOUNT_VERBS), None)
    if k is None or any(w.lower() in ("not", "n't") for w in words[:k]):
        return None
    subj = " ".join(to_listener(w) for w in words[:k])  # "do I pay" → "you pay"
    verb = third_person(words[k]) if m.group("aux").lower() == "does" else words[k]
    tail = [to_listener(w) for w in words[k + 1:]]  # "… when I book" → "you"
    if tail and tail[-1].lower() in _STRANDED:  # "What address does X live at?"
        return f"{capitalise(' '.join([subj, verb, *tail]))} {amount}."
    rest = " ".join(tail)
    return f"{capitalise(subj)} {verb} {amount}{' ' + rest if rest else ''}."


_STRANDED = frozenset("at in on for to with from by of about".split())


_COPULAS = frozenset("is are was were".split())
_WH_START = re.compile(r"^\W*(?:who|whom|whose|what|which|when|where|why|how)\b", re.IGNORECASE)
_IN_SITU = re.compile(r"^(?P<head>.+?\s)(?:(?i:what|which)\s+[a-z][a-z-]*|(?P<who>(?i:who|whom)))"
                      r"(?P<tail>(?:\s+(?i:in|on|at|from|for|to|by|with|during)\s[^?]*)?)"
                      r"\s*\?+\s*$")

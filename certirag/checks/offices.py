"""``holder_mismatch``: a one-of-a-kind office given to someone the evidence does not give it.

"Kyoto is the capital of Japan." against "Kyoto is the capital of Kyoto Prefecture. Tokyo
is Japan's capital.", and "The head of the clinic's sports medicine unit is Dr Amal Reyes."
against "The physiotherapy team is led by Dr Amal Reyes. Dr Owen Pritchard heads the sports
medicine unit." hold every name of their evidence, and our small model reads them as
entailed (P(entailment) 0.77 and 0.88). An office that one holder fills at a time (a
capital, a chief executive, a chair, a head, a mayor, a captain …; :data:`OFFICES`) is
read where a sentence states it of a name, in these shapes:

* "X is the OFFICE of Y", "The OFFICE of Y is X", "Y's OFFICE is X", "X is Y's OFFICE";
* "X, the OFFICE of Y," (the evidence's apposition, read as the present);
* "X heads / leads / chairs / runs Y" and "Y is headed / led / chaired / run by X" (the
  head of Y).

The claim's holder, in the present ("X was the chief executive" may be true of many,
one after another), is a mismatch when an evidence sentence gives the same office of the
same Y (compared without its determiners and its owner: "the clinic's sports medicine
unit" is "the sports medicine unit") to another name in the same tense ("is" against "was":
someone may have held it before), and no evidence sentence gives it to the claim's holder
in that tense ("Tom Hale was the chief executive" is no ground for "Tom Hale is").
An office with a word before it ("the former chief executive", "the deputy head") is
another office and is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["OFFICES", "Holding", "check_offices", "holdings"]

#: Offices one holder fills at a time, each word form to its office.
OFFICES: dict[str, str] = {
    "capital": "capital", "capital city": "capital",
    "ceo": "chief executive", "chief executive": "chief executive",
    "chief executive officer": "chief executive",
    "chair": "chair", "chairman": "chair", "chairwoman": "chair", "chairperson": "chair",
    "president": "president", "prime minister": "prime minister", "mayor": "mayor",
    "head": "head", "headteacher": "headteacher", "head teacher": "headteacher",
    "principal": "headteacher", "governor": "governor", "captain": "captain",
    "head coach": "head coach", "manager": "manager", "editor": "editor",
    "editor-in-chief": "editor", "largest city": "largest city",
    "biggest city": "largest city", "longest river": "longest river",
    "highest mountain": "highest mountain", "highest peak": "highest mountain",
    "tallest building": "tallest building",
}
_OFFICE = "(?i:" + "|".join(sorted((re.escape(k) for k in OFFICES), key=len, reverse=True)) + ")"
# a name: capitalised words, with a title, initials and joining words inside
_NAME = (r"(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame|Lady|Lord)\.?\s+)?"
         r"[A-Z][\w'’.-]*(?:\s+(?:(?:of|de|da|van|von|the|&|and)\s+)?[A-Z][\w'’.-]*){0,5}")
# what the office is of: a short noun phrase, up to a stop, a verb or a clause
_OF = r"[\w'’&-]+(?:\s+[\w'’&-]+){0,5}?"
_END = r"(?=\s*(?:[,.;:!?)]|$|\s(?:and|but|since|until|from|who|which|that|where|when|while|" \
       r"in\s+\d|for|after|before|because|with)\b))"
_BE = r"(?P<be>is|was|'s|’s|remains|remained)"
# words before a title that name nothing it is the office of
_NOT_OF = "by|to|from|with|without|for|of|and|or|as|at|in|on|under|over|after|before|" \
    "about|than|into|the|a|an|new|former|deputy|acting|assistant|interim|vice|our|its|" \
    "their|his|her|my|your|is|was|are|were|be|been|said|says|say|meet|met|meets|then|now|" \
    "current|incoming|outgoing|future|late|ex|duty|line|shift|area|regional|project|" \
    "account|case|floor|team|site|general|[a-z]+ed|[a-z]+ly"
# (a verb or an adverb names nothing: "said manager …", "then mayor …"; a rota's title —
# a duty manager, a line manager — has many holders)
_SHAPES = (
    # X is the OFFICE of Y
    re.compile(rf"(?P<name>{_NAME})\s+{_BE}\s+(?:now\s+|currently\s+|still\s+)?the\s+"
               rf"(?P<office>{_OFFICE})\s+of\s+(?P<of>{_OF}){_END}"),
    # The OFFICE of Y is X
    re.compile(rf"\b[Tt]he\s+(?P<office>{_OFFICE})\s+of\s+(?P<of>{_OF})\s+{_BE}\s+"
               rf"(?:now\s+|currently\s+|still\s+)?(?P<name>{_NAME})"),
    # Y's OFFICE is X
    re.compile(rf"(?P<of>{_NAME})['’]s?\s+(?P<office>{_OFFICE})\s+{_BE}\s+"
               rf"(?:now\s+|currently\s+|still\s+)?(?P<name>{_NAME})"),
    # X is Y's OFFICE
    re.compile(rf"(?P<name>{_NAME})\s+{_BE}\s+(?P<of>{_NAME})['’]s?\s+(?P<office>{_OFFICE})"
               rf"\b"),
    # X, the OFFICE of Y,
    re.compile(rf"(?P<name>{_NAME}),\s+the\s+(?P<office>{_OFFICE})\s+of\s+(?P<of>{_OF})\s*,"),
    # a title before the name, or after it in apposition (checks v19): "exhibition manager
    # Carol Penrose", "the society's chairman, Derek Ashworth" — the office of what its
    # word before names ("exhibition", "society")
    re.compile(rf"(?:^|(?<=[\s(]))(?!(?:{_NOT_OF})\s)(?P<of>[a-z][\w-]*)\s+"
               rf"(?P<office>{_OFFICE})\s+(?P<name>{_NAME})"),
    re.compile(rf"\b[Tt]he\s+(?P<of>[A-Za-z][\w-]*['’]s|[a-z][\w-]*)\s+(?P<office>{_OFFICE}),"
               rf"\s+(?P<name>{_NAME})"),
    # X heads Y / Y is headed by X
    re.compile(rf"(?P<name>{_NAME})\s+(?P<verb>heads|headed|leads|led|chairs|chaired|runs|ran)"
               rf"\s+(?P<of>(?:the|its|their|our)\s+{_OF}){_END}"),
    re.compile(rf"\b(?P<of>(?:[Tt]he|[Ii]ts|[Tt]heir|[Oo]ur)\s+{_OF})\s+(?P<be>is|was|are|were)"
               rf"\s+(?:now\s+|currently\s+)?(?P<verb>headed|led|chaired|run)\s+by\s+"
               rf"(?P<name>{_NAME})"),
)
# a knowledge triple: "Tokyo - capital of - Japan"
_TRIPLE = re.compile(rf"^\s*(?P<name>[^-\n]+?)\s+-\s+(?P<office>{_OFFICE})\s+of\s+-\s+"
                     rf"(?P<of>[^-\n]+?)\s*$", re.MULTILINE)
# an office word or a verb of heading: the shapes are read only where one stands
_ANY_OFFICE = re.compile(rf"\b(?:{_OFFICE}|heads|headed|leads|led|chairs|chaired|runs|ran|run)\b")
_PAST_VERBS = frozenset({"headed", "led", "chaired", "ran"})
# capitalised words that open a sentence or a clause and name no one
_NOT_NAMES = frozenset("the a an it he she they this that these those its his her their our "
                       "my your we you i there here yes no who whom whose what which where "
                       "when why how".split())
# a place the comma continues ("Charlotte, North Carolina"): what the office is of is unsure
_PLACE_GOES_ON = re.compile(r"\s*,\s+[A-Z]")
_DROP = frozenset("the a an its their our his her".split())


@dataclass(frozen=True, slots=True)
class Holding:
    """One sentence's statement that ``name`` holds ``office`` of ``of`` (``past`` for
    "was")."""

    name: str
    office: str
    of: str
    past: bool


def _norm_name(name: str) -> str:
    low = name.lower().replace("’", "'").removesuffix("'s").strip(" .")
    return re.sub(r"^(?:dr|mr|mrs|ms|mx|prof|sir|dame|lady|lord)\.?\s+", "", low)


def _norm_of(of: str) -> str:
    """What an office is of, without determiners and an owner ("the clinic's sports
    medicine unit" → "sports medicine unit"; "Japan's" → "japan")."""
    words = of.lower().replace("’", "'").split()
    owned = [i for i, w in enumerate(words) if w.endswith("'s") or w.endswith("s'")]
    if owned and owned[-1] < len(words) - 1:
        words = words[owned[-1] + 1:]
    words = [w.removesuffix("'s").removesuffix("'") for w in words if w not in _DROP]
    return " ".join(words)


def holdings(text: str) -> list[Holding]:
    """The offices ``text`` gives to names, in the shapes of the module docstring."""
    out: list[Holding] = []
    if _ANY_OFFICE.search(text) is None:
        return out
    for shape in (*_SHAPES, _TRIPLE):
        for m in shape.finditer(text):
            name = m.group("name")
            first = name.split()[0].lower()
            if first in _NOT_NAMES:
                continue
            if _PLACE_GOES_ON.match(text, m.end("of")):
                continue
            groups = m.groupdict()
            office = OFFICES["head"] if groups.get("verb") else OFFICES[m.group("office").lower()]
            be = (groups.get("be") or "").lower()
            past = be in ("was", "were", "remained") if be else (
                groups.get("verb") or "") in _PAST_VERBS
            of = _norm_of(m.group("of"))
            if of and _norm_name(name) != of:
                out.append(Holding(_norm_name(name), office, of, past))
    return out


def _same(a: str, b: str) -> bool:
    x, y = set(a.split(" ")), set(b.split(" "))
    return a == b or a in y or b in x or (len(a) > 3 and len(b) > 3 and (a in b or b in a)) \
        or (len(x) > 1 and len(y) > 1 and (x <= y or y <= x))  # "Josep (Maria) Bartomeu"


def _stated(ev: PreparedEvidence) -> list[Holding]:
    """Every office the evidence's sentences give (read once per prepared evidence)."""
    return [h for s in ev.sentences for h in holdings(s.text)]


def check_offices(c: Parsed, ev: PreparedEvidence, question: Question,
                  out: list[Finding]) -> None:
    """``holder_mismatch`` (see the module docstring)."""
    if ev.partial:
        return  # another holder's sentence may stand outside a span
    said = holdings(c.text)
    if not said:
        return
    stated = ev.derived("offices.holdings", _stated)
    for h in said:
        if h.past:
            continue  # "X was the chief executive": many have been, one after another
        same_office = [g for g in stated if g.office == h.office and g.of == h.of
                       and g.past == h.past]
        if any(_same(g.name, h.name) for g in same_office):
            continue
        other = next(iter(same_office), None)
        if other is not None:
            out.append(Finding(
                "holder_mismatch", "contradiction",
                f"the claim makes {h.name!r} the {h.office} of {h.of!r}; the evidence "
                f"gives that office to {other.name!r}", h.name))
            return

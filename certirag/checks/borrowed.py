"""A value the evidence states of another named thing, given to the claim's: ``value_swap``.

"Abbey Road was released in 1970." against "Abbey Road was released in 1969. Let It Be was
released in 1970." holds every anchor of the claim in the evidence (the year is there, and
so is the album), and in a long passage the two sentences may sit in one span the model
reads as a whole: the year is borrowed from the sentence about the other album.

:func:`check_borrowed` reads each value (a figure, a date) of a claim sentence that names
something (its capitalised words; the first word too, unless it is a common word). A
``value_swap`` is found when

- every evidence sentence that states the value has no name of the claim and names
  something else (a capitalised word the claim does not have), and nothing in it may
  stand for the claim's name: a pronoun ("It was remastered in 2009") or a description it
  opens with ("The uncapped Wasps centre, 22, …"),
- another evidence sentence holds every name of the claim and a value of the same kind
  that is not the claim's (and not the claim's value itself), and every content word of the
  claim that the evidence uses, and
- that sentence and one that states the claim's value say the same of their names: they
  share a content word besides names and values ("released"), so the two are one fact of
  two named things.

The claim's first word is a name only where the next word is capitalised too ("Abbey
Road", not "Woman emerged …"), and a name that owns what the claim speaks of ("John Haase's
associate") is not the claim's. A claim that names nothing, a value the evidence states of
the claim's name anywhere, and
a value no evidence sentence states (the figure and date checks' to withhold) are left
alone. The rule reads what no evidence sentence says, so it reads only the whole evidence
(not a deciding span, :attr:`~certirag.checks.prepared.PreparedEvidence.partial`).
"""

from __future__ import annotations

from certirag.checks._text import COMMON, Token
from certirag.checks.base import Finding
from certirag.checks.parse import Item, Parsed, SentInfo, content_words, listed_with
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.checks.swap import same_value

__all__ = ["check_borrowed"]

# pronouns that may stand for the claim's name in a sentence that does not repeat it
_PRONOUNS = frozenset({"it", "its", "he", "his", "him", "she", "her", "they", "their", "them",
                       "this", "these"})


def _named(s: SentInfo, owned: bool = True) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of the capitalised content words of ``s`` and the lower-cased text of all
    its capitalised words (a title of small words, "Let It Be", is a name too). The first
    word counts only where the next is capitalised too ("Abbey Road", not "Woman
    emerged"); without ``owned``, a name that owns what the sentence speaks of ("John
    Haase's associate") is left out."""
    stems: set[str] = set()
    words: set[str] = set()
    toks = s.toks
    for k, (tok, st) in enumerate(zip(toks, s.stems, strict=True)):
        if not tok.text[:1].isupper():
            continue
        low = tok.text.lower()
        if k == 0 and (low in COMMON or len(toks) < 2 or not toks[1].text[:1].isupper()):
            continue
        if not owned and _owner(toks, k):
            continue
        words.add(low)
        if st:
            stems.add(st)
    return frozenset(stems), frozenset(words)


def _owner(toks: list[Token], k: int) -> bool:
    """Whether the name word at ``k`` belongs to a name that ends in "'s" ("John Haase's")."""
    while k < len(toks) and toks[k].text[:1].isupper():
        if toks[k].text.endswith(("'s", "’s")):
            return True
        k += 1
    return k < len(toks) and toks[k].text in ("'s", "’s", "'", "’")


def _described(s: SentInfo) -> bool:
    """Whether ``s`` opens with a description ("The uncapped Wasps centre, 22, …"), which
    may be the claim's name in other words."""
    toks = s.toks
    return len(toks) > 1 and toks[0].text.lower() in ("the", "a", "an") \
        and not toks[1].text[:1].isupper()


def _pronoun(s: SentInfo) -> bool:
    """Whether ``s`` has a pronoun (in lower case, or opening it: the "It" of "Let It Be"
    is a title's word)."""
    return any(t.text.lower() in _PRONOUNS and (k == 0 or t.text.islower())
               for k, t in enumerate(s.toks))


def _states(s: SentInfo, item: Item) -> bool:
    return any(listed_with(item.group, it.group) and same_value(item.key, it.key)
               for it in s.items)


def _evidence_names(ev: PreparedEvidence) -> dict[int, tuple[frozenset[str], frozenset[str]]]:
    """:func:`_named` of each evidence sentence, by ``id`` (read once per prepared
    evidence)."""
    return {id(s): _named(s) for s in ev.sentences}


def check_borrowed(c: Parsed, ev: PreparedEvidence, question: Question,
                   out: list[Finding]) -> None:
    """``value_swap`` (see the module docstring)."""
    if ev.partial:
        return
    for cs in c.sentences:
        names, name_words = _named(cs, owned=False)
        if not names or not cs.items or cs.polarity.negated or cs.polarity.scopes:
            continue  # (a negated claim, "X wasn't born in 1951", denies the value)
        said = (content_words(cs.content) - names) & ev.stem_index.keys()
        named = ev.derived("borrowed.names", _evidence_names)
        for item in cs.items:
            holders = [s for s in ev.sentences if _states(s, item)]
            if not holders or any(names & s.content for s in holders):
                continue  # (a sentence with a name of the claim may state it of that name)
            if any(not (named[id(s)][1] - name_words) or _pronoun(s) or _described(s)
                   for s in holders):
                continue  # (each holder must name another thing, and nothing in it may
                # stand for the claim's name: a pronoun, a description)
            for own in ev.sentences:
                if not names <= own.content or not said <= own.content or _states(own, item):
                    continue
                rival = next((it for it in own.items if listed_with(item.group, it.group)),
                             None)
                if rival is None:
                    continue
                facts = content_words(own.content) - names
                holder = next((s for s in holders if (facts & content_words(s.content))
                               - named[id(s)][0]), None)
                if holder is None:
                    continue
                out.append(Finding(
                    "value_swap", "contradiction",
                    f"the evidence gives {item.text!r} of something else: "
                    f"{holder.text.strip()!r}; of what the claim names it gives "
                    f"{rival.text!r}: {own.text.strip()!r}", item.text, own.text.strip()))
                return

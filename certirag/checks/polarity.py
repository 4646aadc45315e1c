"""Negation and polarity: negation cues with their scope, and antonym pairs.

A negation cue (``not``, ``n't``, ``no``, ``never``, ``none``, ``nobody``, ``nothing``,
``neither``, ``nor``, ``without``, ``cannot``, ``no longer``, and ``failed to``, ``is yet
to``, ``prevented … from``, ``has stopped …ing``) scopes over
the next content words up to a clause boundary (at most two). Cues that belong to a value
qualifier (``not more than``, ``no less than``) are not negations; cues inside a modal phrase
(``must not``, ``need not``, ``is not required to``) are marked so the modal check can take
them.

Antonyms come in pairs of sides (rise/fall, increase/decrease, higher/lower, more/less,
before/after, above/below, gain/lose, allow/prohibit, permit/forbid, include/exclude,
maximum/minimum, accept/reject, keep/erase, buy/sell, pass/fail, found/acquire, …); a word
inside a negation scope counts for the other side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from certirag.checks._text import Token, stem
from certirag.checks.units import is_duration_unit
from certirag.text.verbs import BASE_VERBS

__all__ = ["ANTONYMS", "CLAUSE_CUT", "RISE_FALL", "NegScope", "Polarity", "analyse_polarity",
           "clause_bounds", "elliptical_negation", "opposing_clause"]

_CUES = frozenset({"not", "n't", "no", "never", "none", "nobody", "nothing", "neither", "nor",
                   "without", "cannot"})
_OPENERS = frozenset({".", "!", "?", ":", ";", '"', "'", "(", "-"})
_QUALIFIER_NEXT = frozenset({"more", "less", "fewer", "later", "earlier", "greater", "exceeding",
                             "over", "under", "above", "below", "longer", "shorter", "only",
                             "sooner", "much", "many"})
_COUNTS = frozenset("one two three four five six seven eight nine ten eleven twelve twenty "
                    "thirty forty fifty hundred".split())
_MODAL_BEFORE = frozenset({"must", "shall", "may", "can", "ca", "could", "should", "need",
                           "ought", "might", "sha", "must've", "wo", "will", "would"})
_MODAL_AFTER = frozenset({"required", "permitted", "allowed", "obliged", "obligated",
                          "entitled"})
#: The auxiliary after a stressed subject ("Not even X would …", "Not even Y has …").
_AUXILIARY = frozenset({"would", "could", "can", "will", "should", "might", "may", "must",
                        "is", "was", "are", "were", "has", "have", "had", "does", "do", "did"})
# A verb that only carries the noun after it: "We do not offer refunds" denies refunds, as
# "can be refunded" states them.
_SUPPORT = frozenset({"offer", "offers", "provide", "provides", "issue", "issues", "grant",
                      "grants"})
_BOUNDARY = frozenset({",", ";", ":", ".", "!", "?", "(", ")", "—", "–", "-", "but", "although",
                       "though", "whereas", "while", "except", "unless", "because", "however", "if",
                       "when", "which", "who", "that"})

#: Words that open an adjunct after an auxiliary whose verb is left out ("he meant to go
#: back but did not after his friends were killed"): the negation has nothing in scope.
_ELLIPSIS_NEXT = frozenset({"after", "before", "until", "till", "since", "so", "then", "either",
                            "yet", "anymore", "again"})
_ELIDING_AUX = frozenset({"does", "do", "did", "would", "could", "can", "will", "should",
                          "might", "may", "must"})

_PAIRS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "rise/fall": (
        ("rise", "rises", "rose", "risen", "rising", "increase", "increases", "increased",
         "increasing", "grew", "grow", "grows", "growing", "climb", "climbs", "climbed",
         "jumped", "soared", "surged"),
        ("fall", "falls", "fell", "fallen", "falling", "decrease", "decreases", "decreased",
         "decreasing", "decline", "declines", "declined", "declining", "drop", "drops",
         "dropped", "shrank", "shrink", "shrinks", "shrunk", "slipped", "dipped", "sank",
         "slumped", "tumbled", "plunged", "plummeted")),
    "higher/lower": (("higher", "highest"), ("lower", "lowest")),
    "more/less": (("more",), ("less", "fewer")),
    "before/after": (("before", "earlier", "prior"), ("after", "later")),
    "above/below": (("above",), ("below",)),
    "gain/lose": (("gain", "gains", "gained", "win", "wins", "won"),
                  ("lose", "loses", "lost", "losing")),
    "allow/prohibit": (
        ("allow", "allows", "allowed", "permit", "permits", "permitted"),
        ("prohibit", "prohibits", "prohibited", "forbid", "forbids", "forbidden", "forbade",
         "ban", "bans", "banned")),
    "include/exclude": (("include", "includes", "included", "including", "inclusive"),
                        ("exclude", "excludes", "excluded", "excluding", "exclusive")),
    "maximum/minimum": (("maximum",), ("minimum",)),
    "accept/reject": (("accept", "accepts", "accepted", "approve", "approves", "approved"),
                      ("reject", "rejects", "rejected")),
    "uphold/dismiss": (("uphold", "upholds", "upheld", "upholding"),
                       ("dismiss", "dismisses", "dismissed", "quash", "quashes", "quashed",
                        "overturn", "overturns", "overturned")),
    "agree/refuse": (("agree", "agrees", "agreed", "agreeing", "grant", "grants", "granted"),
                     ("refuse", "refuses", "refused", "refusing")),
    "safe/unsafe": (("safe",), ("unsafe", "dangerous")),
    "legal/illegal": (("legal", "lawful"), ("illegal", "unlawful")),
    "valid/invalid": (("valid",), ("invalid", "void")),
    "eligible/ineligible": (("eligible",), ("ineligible",)),
    "able/unable": (("able",), ("unable",)),
    "likely/unlikely": (("likely",), ("unlikely",)),
    "available/unavailable": (("available",), ("unavailable",)),
    "possible/impossible": (("possible",), ("impossible",)),
    "open/closed": (("open", "opens", "opened", "reopen", "reopens", "reopened"),
                    ("closed", "shut", "shuts", "close", "closes", "closing", "closure")),
    "guilty/innocent": (("guilty",), ("innocent",)),
    # "take a cold shower" for "take a warm shower" (checks v22)
    "hot/cold": (("hot", "warm"), ("cold",)),
    "alive/dead": (("alive",), ("dead",)),
    "paid/unpaid": (("paid",), ("unpaid",)),
    "mandatory/optional": (("mandatory", "compulsory", "obligatory"),
                           ("optional", "voluntary")),
    "keep/erase": (("keep", "keeps", "kept", "keeping", "retain", "retains", "retained",
                    "preserve", "preserves", "preserved"),
                   ("erase", "erases", "erased", "erasing", "delete", "deletes", "deleted",
                    "wipe", "wipes", "wiped")),
    "enable/disable": (("enable", "enables", "enabled"), ("disable", "disables", "disabled")),
    "buy/sell": (("buy", "buys", "bought", "buying"), ("sell", "sells", "sold", "selling")),
    "import/export": (("import", "imports", "imported"), ("export", "exports", "exported")),
    "pass/fail": (("pass", "passes", "passed"), ("fail", "fails", "failed", "defeated")),
    "true/false": (("true",), ("false", "untrue")),
    "amateur/professional": (("amateur", "amateurs"), ("professional", "professionals")),
    "positive/negative": (("positive",), ("negative",)),
    "static/dynamic": (("static", "statically"), ("dynamic", "dynamically")),
    "manual/automatic": (("manual", "manually"), ("automatic", "automatically")),
    # a clause that survives termination does not lapse: "Clause 12 ceases to apply on
    # termination" for "Clause 12 survives termination" (not "stop": "would stop abuse"
    # beside "has not stopped this" is no clause's life)
    "survive/lapse": (("survive", "survives", "survived"),
                      ("lapse", "lapses", "lapsed", "cease", "ceases", "ceased", "expire",
                       "expires", "expired")),
    # a company founded is not one acquired: "went on to found the bakery chain Crumb & Co
    # in 2009" for "In 2009 it acquired the bakery chain Crumb & Co."
    # a player who misses a game does not play in it: "will play against Aldmoor Rovers"
    # for "will miss the league games against … Aldmoor Rovers"
    # (not "missed": "missed a penalty" was played; nor "missing": a missing person)
    "play/miss": (("play", "plays", "playing"), ("miss", "misses")),
    "found/acquire": (("found", "founds", "founded", "founding", "co-founded", "establish",
                       "established", "establishes"),
                      ("acquire", "acquires", "acquired", "acquiring", "purchase",
                       "purchased", "purchases", "takeover")),
}
#: The words of a rise and of a fall (``"rise/fall"``), for the checks that read a change.
RISE_FALL = _PAIRS["rise/fall"]
#: A change (any word of rise/fall, "change") against no change ("stays the same",
#: "unchanged", "held steady"): "Parking charges will rise." for "Parking charges stay the
#: same."
CHANGE_PAIR = "change/steady"
_CHANGE = frozenset((*_PAIRS["rise/fall"][0], *_PAIRS["rise/fall"][1])) | frozenset({
                       "change", "changes", "changed", "changing", "cut", "cuts", "raise",
                       "raises", "raised", "reduce", "reduces", "reduced"})
_STAY = frozenset({"stay", "stays", "stayed", "staying", "remain", "remains", "remained",
                   "remaining", "held", "hold", "holds", "kept", "keep", "keeps"})
_GO = frozenset({"go", "goes", "went", "gone", "going"})
_HELD = frozenset({"held", "holds", "kept", "keeps", "left", "leaves"})
_STEADY_AFTER = frozenset({"unchanged", "steady", "stable", "flat", "frozen", "level"})
_SCARCELY = frozenset({"barely", "hardly", "scarcely"})
#: A large change ("grew strongly", "rose sharply") against next to none ("barely
#: changed", "hardly moved"): "Corvane's revenue grew strongly" for "revenue barely
#: changed, edging up from €410 million to €415 million". A plain "grew" is no degree.
DEGREE_PAIR = "much/little change"
_STRONGLY = frozenset({"strongly", "sharply", "significantly", "substantially",
                       "considerably", "dramatically", "markedly", "rapidly", "steeply",
                       "greatly", "massively", "hugely"})
_MOVED = _CHANGE | frozenset({"moved", "move", "moves", "budged", "grown", "increased"})


def _degree(lows: list[str]) -> list[tuple[int, int]]:
    """``(token, side)`` of a change said to be large (side 0: a change word with
    "strongly", "sharply" … beside it) or next to none (side 1: "barely changed")."""
    out: list[tuple[int, int]] = []
    for i, low in enumerate(lows):
        if low not in _MOVED:
            continue
        prev = lows[i - 1] if i else ""
        nxt = lows[i + 1] if i + 1 < len(lows) else ""
        if prev in _SCARCELY:
            out.append((i, 1))
        elif low in _CHANGE and (prev in _STRONGLY or nxt in _STRONGLY):
            out.append((i, 0))
    return out



def _change_or_steady(lows: list[str]) -> list[tuple[int, int]]:
    """``(token, side)`` of the words that say a value changes (side 0) or stays as it
    was (side 1: "unchanged", "stay the same", "remain unchanged", "held steady")."""
    out: list[tuple[int, int]] = []
    for i, low in enumerate(lows):
        nxt = lows[i + 1] if i + 1 < len(lows) else ""
        after = lows[i + 2] if i + 2 < len(lows) else ""
        prev = lows[i - 1] if i else ""
        if low in _CHANGE or (low in _GO and nxt in ("up", "down")):
            if prev not in _SCARCELY:  # "barely changed" is a degree (:func:`_degree`)
                out.append((i, 0))
        elif low == "unchanged" or (low in _STAY and (
                nxt in _STEADY_AFTER or (nxt == "the" and after == "same"))) or (
                low in _HELD and "at" in lows[i + 2:i + 7]):
            out.append((i, 1))  # … or "held its benchmark rate at 4.25%"
    return out


#: Antonym words to ``(pair, side)``.
ANTONYMS: dict[str, tuple[str, int]] = {
    w: (pair, side) for pair, sides in _PAIRS.items() for side, ws in enumerate(sides)
    for w in ws
}


@dataclass(frozen=True, slots=True)
class NegScope:
    """A negation cue at token ``cue`` scoping over tokens ``cue+1 .. last``; ``words`` are
    the content stems in scope; ``modal`` says the cue belongs to a modal phrase."""

    cue: int
    last: int
    cue_text: str
    words: tuple[str, ...]
    modal: bool


@dataclass(frozen=True, slots=True)
class Polarity:
    """The negations and antonym sides of one sentence."""

    scopes: tuple[NegScope, ...]
    negated: frozenset[str]
    sides: dict[str, frozenset[int]]
    raw_sides: dict[str, frozenset[int]]
    words: dict[str, tuple[str, ...]]


# a measure of what follows "of": the negation is of that ("did not decide the amount of
# compensation" denies deciding the compensation)
_MEASURES = frozenset({"amount", "level", "size", "number", "extent", "value", "sum",
                       "total", "scale"})
_FAILED = frozenset({"fail", "fails", "failed", "failing"})
_YET_AFTER = frozenset({"is", "are", "was", "were", "has", "have", "had", "be", "been", "still"})


# (a bar in the present too: "which bans candidates from providing food" negates the
# providing as "banned … from providing" does; not "stop", whose "stop the ovaries
# producing eggs" says what "stop the ovaries from producing eggs" says, nor a noun: "a ban
# from footballing activity")
_PREVENT = frozenset({"prevent", "prevents", "prevented", "preventing", "stopped", "bars",
                      "barred", "barring", "bans", "banned", "banning", "prohibit",
                      "prohibits", "prohibited", "prohibiting", "kept", "discourage",
                      "discourages", "discouraged", "discouraging"})
_CEASE = frozenset({"stopped", "stops", "ceased", "ceases", "quit", "quits"})
_STOPS = frozenset({"stops", "stop"})  # (a daily end: "the kitchen stops serving at 10pm")
# "refused to cater", "declined to comment", "neglected to file": what the subject refuses
# does not happen; "declined" also reads "fell" ("declined to 3%"), so it takes a verb only
_REFUSE = frozenset({"refuse", "refuses", "refused", "refusing", "neglect", "neglects",
                     "neglected", "neglecting"})
_DECLINE = frozenset({"decline", "declines", "declined", "declining"})
# the verbs "declined to" takes besides the shared base forms
_DECLINE_VERBS = BASE_VERBS | frozenset({
    "comment", "discuss", "elaborate", "reveal", "identify", "answer", "respond", "specify",
    "disclose", "speculate", "testify", "sign", "release", "name", "say", "give", "take"})
# "opted out of showing", "pulled out of presenting", "ruled out forming", "refrained from
# commenting", "avoided paying": the -ing verb does not happen
_OUT_OF = frozenset({"opt", "opts", "opted", "opting", "pull", "pulls", "pulled", "pulling"})
_RULE_OUT = frozenset({"rule", "rules", "ruled", "ruling"})
_REFRAIN = frozenset({"refrain", "refrains", "refrained", "refraining", "avoid", "avoids",
                      "avoided", "avoiding"})
_NOT_VERB = frozenset({"the", "a", "an", "his", "her", "their", "its", "this", "that", "these",
                       "those", "any", "all", "some", "our", "my", "your"})
# What may stand between a negation and a negative verb it negates ("not rule out",
# "refused to rule out", "did not stop").
_BEFORE_INNER = frozenset({"to", "be", "have", "has", "even", "ever", "really", "just"})
_ELLIPTICAL = re.compile(r"\b(?:refused|refuses|declined|declines)\s*(?:[.!;,]|$)",
                         re.IGNORECASE)


def elliptical_negation(text: str) -> bool:
    """Whether ``text`` refuses with the verb left out ("… said 'shoot me', but the officer
    refused."): it negates something, and no reading says what."""
    return _ELLIPTICAL.search(text) is not None


_RULED_OUT_NP = frozenset({"any", "a", "an", "further", "new", "more"})
_IMPLICIT = (_PREVENT | _CEASE | _FAILED | _REFUSE | _DECLINE | _OUT_OF | _RULE_OUT | _REFRAIN
             | {"yet"})  # the words :func:`_implicit_cue` reads


def _gerund(word: str) -> bool:
    return word.endswith("ing") and len(word) > 5


def _implicit_cue(lows: list[str], i: int) -> bool:
    """A negation without a negative word: "failed to receive", "is yet to be revealed",
    "prevented the aircraft from stopping" (:func:`_prevented`), "refused to cater",
    "declined to comment", "opted out of showing", "ruled out forming", "avoided paying"."""
    w = lows[i]
    if w in _PREVENT or w in _CEASE:
        return _prevented(lows, i) is not None
    if w in _OUT_OF or w in _RULE_OUT or w in _REFRAIN:
        return _negated_start(lows, i) is not None
    if w in _REFUSE or w in _DECLINE:
        nxt = lows[i + 2] if i + 2 < len(lows) else ""
        return lows[i + 1:i + 2] == ["to"] and (
            nxt in _DECLINE_VERBS if w in _DECLINE else nxt.isalpha() and nxt not in _NOT_VERB)
    if (w not in _FAILED and w != "yet") or i + 1 >= len(lows) or lows[i + 1] != "to":
        return False
    return w in _FAILED or (i > 0 and lows[i - 1] in _YET_AFTER)




def _negated_start(lows: list[str], i: int) -> int | None:
    """Where the scope of an implicit cue at ``lows[i]`` starts when it is not the next
    token: the -ing verb after "opted out of", "ruled out", "refrained from", "avoided",
    or what :func:`_prevented` finds."""
    w = lows[i]
    k = None
    if w in _OUT_OF and lows[i + 1:i + 3] == ["out", "of"]:
        k = i + 3
    elif w in _RULE_OUT and lows[i + 1:i + 2] == ["out"]:
        k = i + 2
        if k < len(lows) and lows[k] in _RULED_OUT_NP:
            return k  # "ruled out any cuts": there will be no cuts
    elif w in _REFRAIN:
        k = i + 2 if lows[i + 1:i + 2] == ["from"] else i + 1
    if k is not None:
        return k if k < len(lows) and _gerund(lows[k]) else None
    return _prevented(lows, i)


_HOURS = frozenset({"noon", "midday", "midnight"})
_MERIDIEM = frozenset({"am", "pm", "a.m", "p.m", ":", "."})


def _at_hour(lows: list[str], k: int) -> bool:
    """Whether "at" and an hour follow within a few words from ``k`` ("stops serving at
    10pm", "at 22:00", "at midnight"): with a present "stops", the end of a daily service,
    what "serves until 10pm" says, no negation (checks v22). A date ("from 1 March") is no
    hour, and "has stopped serving after 10am" tells of a change."""
    for j in range(k, min(len(lows) - 1, k + 4)):
        nxt = lows[j + 1]
        if lows[j] == "at" and (nxt in _HOURS or (
                nxt.isdigit() and j + 2 < len(lows) and lows[j + 2] in _MERIDIEM)):
            return True
        if lows[j] in _BOUNDARY:
            return False
    return False


def _prevented(lows: list[str], i: int) -> int | None:
    """Where the scope of "prevented X from …" starts (after "from"), or of "has stopped
    accepting" (the verb), when ``lows[i]`` opens one: what it prevents, or what has
    stopped, does not happen."""
    if lows[i] in _CEASE and i + 1 < len(lows) and lows[i + 1].endswith("ing") \
            and len(lows[i + 1]) > 5:
        return None if lows[i] in _STOPS and _at_hour(lows, i + 2) else i + 1
    if lows[i] not in _PREVENT:
        return None
    for k in range(i + 1, min(len(lows), i + 7)):
        if lows[k] == "from":
            return k + 1 if k + 1 < len(lows) and lows[k + 1].endswith("ing") else None
        if lows[k] in _BOUNDARY:
            return None
    return None


_EXCEPTIVE = frozenset({"no", "none", "nothing", "nobody"})
_CLAUSE_END = frozenset({",", ";", ":", ".", "!", "?", "(", ")"})


def _exceptive(lows: list[str], k: int) -> bool:
    """Whether ``lows[k]`` opens the exception of "no X but Y" / "nothing except Y": a
    "but" or "except" followed by a phrase with no verb of its own up to the clause's end
    ("no company but his camera", not "no injuries but the car was damaged")."""
    if k >= len(lows) or lows[k] not in ("but", "except"):
        return False
    rest = []
    for w in lows[k + 1:]:
        if w in _CLAUSE_END:
            break
        rest.append(w)
    return bool(rest) and not any(w in _AUXILIARY or w in _MODAL_BEFORE
                                  or (w.endswith("ed") and len(w) > 4) for w in rest)


def analyse_polarity(toks: list[Token], stems: list[str | None]) -> Polarity:
    """Negation scopes and antonym sides of a tokenised sentence (``stems[i]`` is the content
    stem of ``toks[i]`` or ``None``)."""
    lows = [t.text.lower() for t in toks]
    n = len(toks)
    scopes: list[NegScope] = []
    implicit = [i for i, low in enumerate(lows) if low in _IMPLICIT and _implicit_cue(lows, i)]
    cancelled: set[int] = set()
    for i, low in enumerate(lows):
        if i in cancelled or (low not in _CUES and i not in implicit):
            continue
        inner = next((j for j in implicit if i < j <= i + 3
                      and all(lows[k] in _BEFORE_INNER for k in range(i + 1, j))), None)
        if inner is not None:
            cancelled.add(inner)  # "refused to rule out", "did not stop selling": two
            continue  # negations, which the model reads
        if i and toks[i].text[0].isupper() and lows[i - 1] not in _OPENERS:
            continue  # part of a name: "Never Shout Never", "Dr. No"
        nxt = lows[i + 1] if i + 1 < n else ""
        prev = lows[i - 1] if i else ""
        # "no longer wish to travel"; not "no longer than", nor "no longer No 81" (a former
        # title, which a claim may still name him by)
        longer = low == "no" and nxt == "longer" and i + 2 < n and lows[i + 2] != "than" \
            and toks[i + 2].text[:1].islower()
        after = lows[i + 2] if i + 2 < n else ""
        # "do not take more than eight tablets", "shouldn't go over three": a bound
        bound = low != "no" and nxt.isalpha() and after in _QUALIFIER_NEXT and after != "only" \
            and i + 3 < n and (lows[i + 3] == "than" or (
                after in ("over", "above", "under", "below")
                and (lows[i + 3][:1].isdigit() or lows[i + 3] in _COUNTS)))
        if (nxt in _QUALIFIER_NEXT and not longer) or bound or (low == "no" and nxt == "." ) or (
                low == "not" and prev == "or") or (low == "no" and nxt in ("doubt",)):
            continue
        modal = prev in _MODAL_BEFORE or nxt in _MODAL_AFTER or (
            prev in ("does", "do", "did") and nxt in ("have", "need") and i + 2 < n
            and lows[i + 2] == "to") or (i + 2 < n and lows[i + 2] in _MODAL_AFTER)
        words: list[str] = []
        last = i
        j = i + 1
        if low == "not" and nxt == "even":
            # "Not even the strongest man would be able to open it": the cue denies the
            # verb after the subject it stresses, not the subject
            aux = next((k for k in range(i + 2, min(n, i + 12))
                        if lows[k] in _AUXILIARY or lows[k] in _BOUNDARY), None)
            if aux is not None and lows[aux] in _AUXILIARY:
                j = last = aux
                j += 1
                modal = modal or lows[aux] in _MODAL_BEFORE
        if low in ("not", "n't") and prev in _ELIDING_AUX and nxt in _ELLIPSIS_NEXT:
            j = n  # the verb is left out: "… but did not after …"
        if longer:  # "no longer wish to travel": the verb after "longer"
            j = last = i + 1
            j += 1
        start = _negated_start(lows, i) if low not in _CUES else None
        if start is not None:  # "prevented the aircraft from stopping"
            j, last = start, start - 1
        while j < n and len(words) < 2:
            if lows[j] in _BOUNDARY:
                break
            st = stems[j]
            if st is not None and not (lows[j] in _MEASURES and j + 1 < n
                                       and lows[j + 1] == "of") and not (
                    not words and lows[j] in _SUPPORT and j + 1 < n and stems[j + 1]):
                words.append(st)  # (not "amount" of "the amount of compensation"; not
                # "offer" of "do not offer refunds": the refund is what is denied)
            last = j
            j += 1
        if low in _EXCEPTIVE and _exceptive(lows, last + 1):
            continue  # "with no company but his camera": only the camera, nothing denied
        scopes.append(NegScope(i, last, low, tuple(words), modal))
    negated = frozenset(w for s in scopes for w in s.words)
    sides: dict[str, set[int]] = {}
    raw: dict[str, set[int]] = {}
    found: dict[str, list[str]] = {}
    sided: list[tuple[int, str, int]] = []  # (token, pair, side before negation)
    for i, low in enumerate(lows):
        hit = ANTONYMS.get(low)
        if hit is None:
            continue
        pair, side = hit
        nxt = lows[i + 1] if i + 1 < n else ""
        prev = lows[i - 1] if i else ""
        if pair == "more/less" and (nxt == "than" or prev in ("or", "no", "not", "much")):
            continue
        if pair == "before/after" and low in ("earlier", "later") and (
                nxt == "than" or is_duration_unit(prev) or prev in ("moment", "moments")):
            continue  # "later than", and time elapsed from a point of its own: "a week
            # later", "21 hours later" orders nothing against another sentence's "before"
        if pair == "open/closed" and low == "close" and nxt in ("to", "by", "friend",
                                                                "friends", "call"):
            continue  # "close to the station": near, not shut
        sided.append((i, pair, side))
    sided.extend((i, CHANGE_PAIR, side) for i, side in _change_or_steady(lows))
    sided.extend((i, DEGREE_PAIR, side) for i, side in _degree(lows))
    for i, pair, side in sided:
        raw.setdefault(pair, set()).add(side)
        if any(s.cue < i <= s.last for s in scopes):
            side = 1 - side
        sides.setdefault(pair, set()).add(side)
        found.setdefault(pair, []).append(toks[i].text)
    return Polarity(tuple(scopes), negated, {k: frozenset(v) for k, v in sides.items()},
                    {k: frozenset(v) for k, v in raw.items()},
                    {k: tuple(v) for k, v in found.items()})


#: Where a sentence's clauses part ("…, while hardware revenue fell 6%", "…; longer
#: extensions require …"): read by the other-clause rules here and in
#: :mod:`certirag.checks.places`.
CLAUSE_CUT = frozenset({";", "while", "whereas", "but"})


def clause_bounds(toks: list[Token]) -> list[tuple[int, int]]:
    """``[start, end)`` token indices of each clause of a sentence, cut before each word of
    :data:`CLAUSE_CUT` (a clause is empty where the sentence opens with one)."""
    cuts = [i for i, t in enumerate(toks) if t.text.lower() in CLAUSE_CUT]
    return list(pairwise([0, *cuts, len(toks)]))


def _clause_sides(toks: list[Token], stems: list[str | None], pair: str
                  ) -> list[tuple[frozenset[str], frozenset[int] | None, str]]:
    """``(content stems, sides of pair, the pair's word)`` of each clause of a sentence."""
    out: list[tuple[frozenset[str], frozenset[int] | None, str]] = []
    for a, b in clause_bounds(toks):
        pol = analyse_polarity(toks[a:b], stems[a:b])
        words = pol.words.get(pair)
        out.append((frozenset(x for x in stems[a:b] if x), pol.sides.get(pair),
                    words[0] if words else ""))
    return out


def opposing_clause(claim: tuple[list[Token], list[str | None]], sides: frozenset[int],
                    toks: list[Token], stems: list[str | None], pair: str) -> str | None:
    """The word of a clause of an evidence sentence (``toks``, ``stems``) that takes the
    other side of ``pair`` than the claim's clause that takes ``sides``, about a thing that
    clause names: a word only the evidence clause has ("hardware" of "…, while hardware
    revenue fell 6%") is the claim clause's ("Both cloud services and hardware revenue
    grew."). ``None`` when the evidence sentence has one clause, or no such clause."""
    clauses = _clause_sides(toks, stems, pair)
    if len(clauses) < 2:
        return None
    said = frozenset().union(*(c for c, got, _ in _clause_sides(*claim, pair) if got == sides))
    for i, (content, got, word) in enumerate(clauses):
        if got is None or len(got) != 1 or got == sides:
            continue
        others = frozenset().union(*(c for j, (c, _, _) in enumerate(clauses) if j != i))
        own = content - others - {stem(word.lower())}
        if own & said and len(content & said) >= 2:
            return word
    return None

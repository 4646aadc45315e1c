"""``qualifier_dropped``: a statement the evidence restricts with "only", made of all.

"Northline accepts oversized bags on all of its flights." against "Oversized bags are
accepted on flights within Europe only.", and "Swimming is allowed at five designated
beaches, all of which have lifeguards." against "…, although lifeguards are present only at
the Seeburg beach." share nearly every word with their evidence, and the model reads them as
entailed (P(entailment) 0.6–0.9). A claim that quantifies over all ("all", "every", "each",
"any") is compared with each evidence sentence that says much of what it says (two content
words shared, or one of a claim of one) and restricts it with "only": the finding needs a
word of the claim within the restriction's reach (three words before "only" to five after,
inside the clause). A claim that keeps a restriction of its own ("only", "except",
"unless") says no more than the evidence.

A view the evidence gives to some of a group ("Some analysts said the price was high.")
given to the group as a whole ("Analysts broadly agreed that …": the group's noun opens
the claim, and a word of consensus, "broadly", "generally", "widely", "most", "agreed",
says so) is ``qualifier_dropped`` too, unless the evidence also speaks of the whole group;
so is a statement made "whether A or B" where an evidence clause about one of them (with
two more of the claim's words) denies it ("… not recommended for patients with severe
kidney impairment").

Checks v20: a place left open ("free to pitch up wherever you like") where the evidence
restricts where ("wild camping is allowed only in the designated zones", not a time: "only
at weekends"; two shared words, or in a span bound to the claim one, or a leave on both
sides: "free to" and "allowed"), and a statement made of all of a group ("Every
electricity supplier has to offer …") that the evidence makes only of those "with" a bounded
figure ("Suppliers with more than 150,000 customers must offer …").
"""

from __future__ import annotations

import re

from certirag.checks._text import stem
from certirag.checks.base import Finding
from certirag.checks.figures import Figure
from certirag.checks.parse import Parsed, SentInfo, content_words
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_scope"]

# A quantifier over all: not "not all", "all but", "at all", "above all", "after all",
# "first of all", "in all", "all over", "all-time", "all the same", "any more/longer/other",
# nor a count ("all three points", "six goals each", "all of 65 yards").
_ALL = re.compile(
    r"(?<!\bnot )(?<!\bat )(?<!\babove )(?<!\bafter )(?<!\bof )(?<!\bfor )(?<!\bin )"
    r"(?<![0-9] )(?<!\bwins )(?<!\bgoals )(?<!\bpoints )"
    # capitalised only where a sentence or clause opens: "Every" may be a surname
    r"\b(?:all|every|each|any|(?<![\w,;:] )(?:All|Every|Each|Any))\b"
    r"(?!-|\s+but\b|\s+the\s+same\b|\s+more\b|\s+longer\b|\s+over\b|\s+other\b"
    r"|\s+(?:one|time|way|day)\b|\s+(?:of\s+)?(?:\d|two|three|four|five|six|seven|eight|nine"
    r"|ten|both|us|them|you)\b|\W*$)")
_OWN_LIMIT = re.compile(r"\b(?:only|except|excepting|unless|but not|apart from|other than|"
                        r"limited to|restricted to)\b", re.IGNORECASE)
# "only" that restricts where, when or to whom: before a preposition ("only at the Seeburg
# beach", "only to members"), after what it restricts at a clause's end ("flights within
# Europe only."), or opening its noun phrase ("Only full members can vote"). Not "the only",
# "not only", "one and only", "only two", "can only look on", "only needed".
_RESTRICTS = re.compile(
    r"(?<!\bthe )(?<!\bnot )(?<!\band )(?<!\bcan )(?<!\bcould )(?<!\bwill )(?<!\bits )"
    r"(?<!\btheir )(?<!\bhis )(?<!\bher )(?<!\bour )(?<!\bmy )(?<!\ban )(?<!\ba )"
    r"\bonly(?:\s+(?=(?:at|in|on|to|for|within|from|by|during|with|between|inside|outside|"
    r"under|over|through|via|if|when|where|after|before)\b)|(?=\s*[.;,)!?]|\s*$))"
    r"|(?:^|[.;:]\s+)only\s+(?=[a-z])(?!(?:\d|one|two|three|four|five|six|seven|eight|nine|"
    r"ten|a\b|an\b|the\b|about|around|half|once|twice))",
    re.IGNORECASE)
# A place left open ("wherever you like", "anywhere in the park") and a place restricted
# ("only in the designated zones", "only at the Larkspur campground")
_ANYWHERE = re.compile(r"\b(?:anywhere|wherever|everywhere)\b", re.IGNORECASE)
_ONLY_PLACE = re.compile(r"(?<!\bnot )\bonly\s+(?:in|at|within|inside)\s+(?!(?:the\s+)?(?:weekends?"
                         r"|nights?|night-time|peak|off-peak|certain\s+times|times|set\s+times"
                         r"|the\s+(?:morning|afternoon|evening|end|start|beginning)s?|mornings?"
                         r"|afternoons?|evenings?|weekdays?|\d|first|least)\b)",
                         re.IGNORECASE)
# what lets one do a thing, on both sides: the claim's "free to pitch up wherever you like"
# and its span's "wild camping is allowed only in …" speak of one leave
_LEAVE = re.compile(r"\b(?:allowed|permitted|may|can|welcome|free\s+to)\b", re.IGNORECASE)
_CLAUSE_END = frozenset({",", ";", ":", "(", ")", "–", "—", "but", "while", "whereas",
                         "although", "though"})
_CONDITION = frozenset({"if", "when", "where", "after", "before"})


def _reach(e: SentInfo) -> list[set[str]]:
    """For each restricting "only" of ``e``, the content stems it reaches."""
    out: list[set[str]] = []
    if "only" not in e.text.lower():
        return out
    for m in _RESTRICTS.finditer(e.text):
        at = e.start + m.start() + m.group().lower().index("only")
        i = next((k for k, t in enumerate(e.toks) if t.start == at), None)
        if i is None:
            continue
        low = [t.text.lower() for t in e.toks]
        if i + 1 < len(low) and low[i + 1] in _CONDITION:
            continue  # a condition ("only if") is the condition check's
        near: set[str] = set()
        for j in range(i - 1, max(-1, i - 4), -1):
            if low[j] in _CLAUSE_END:
                break
            if e.stems[j] is not None:
                near.add(e.stems[j] or "")
        for j in range(i + 1, min(len(low), i + 6)):
            if low[j] in _CLAUSE_END:
                break
            if e.stems[j] is not None:
                near.add(e.stems[j] or "")
        if near:
            out.append(near)
    return out


# Some of a group who said something ("Some analysts said the price was high."): the
# quantifier and the group's noun
_SOME = re.compile(r"\b(?P<q>some|a\s+few|several|a\s+number\s+of|a\s+minority\s+of|one\s+or"
                   r"\s+two|two|three)\s+(?P<noun>[a-z]+s)\b", re.IGNORECASE)
# the whole group said it as one: "Analysts broadly agreed …", "Economists widely expect …"
_CONSENSUS = re.compile(r"\b(?:broadly|generally|widely|largely|overwhelmingly|unanimously|"
                        r"all|most|agreed|agree|consensus)\b", re.IGNORECASE)


def _some_as_all(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """A view the evidence gives to some of a group, given to the group as a whole:
    "Analysts broadly agreed that Brightwater was paying too much." against "Some analysts
    said the price was high." (the group's noun opens the claim without a quantifier, and a
    word of consensus says all or most of it hold the view)."""
    for e in ev.sentences:
        for m in _SOME.finditer(e.text):
            noun = m.group("noun").lower()
            said = len(re.findall(rf"\b{noun}\b", ev.lower_text))
            if said > sum(1 for x in _SOME.finditer(ev.lower_text)
                          if x.group("noun").lower() == noun):
                continue  # the evidence speaks of the group as a whole too
            for s in c.sentences:
                words = s.text.split()
                if not words or words[0].lower().strip(",") != noun:
                    continue
                if _CONSENSUS.search(s.text) is None:
                    continue
                out.append(Finding(
                    "qualifier_dropped", "ungrounded",
                    f"the evidence gives the view to {m.group(0)!r}; the claim to "
                    f"{noun} as a whole", s.text, e.text))
                return


# "whether moderate or severe": a statement made of each of two alternatives
_WHETHER = re.compile(r"\bwhether\s+(?P<a>[a-z][a-z-]+)\s+or\s+(?P<b>[a-z][a-z-]+)\b",
                      re.IGNORECASE)
_DENIES = re.compile(r"\b(?:not|never|no|cannot|can't|mustn't|shouldn't)\b", re.IGNORECASE)


def _each_alternative(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """A statement made "whether A or B" where an evidence clause about B (two more of the
    claim's words) denies it: "Patients with kidney impairment, whether moderate or
    severe, should take one tablet once a day." against "… moderate kidney impairment
    should take one tablet once a day; Vormacet is not recommended for patients with severe
    kidney impairment."."""
    for s in c.sentences:
        m = _WHETHER.search(s.text)
        if m is None or _DENIES.search(s.text):
            continue
        alternatives = {stem(m.group("a")), stem(m.group("b"))}
        rest = s.content - alternatives
        for e in ev.sentences:
            for clause in re.split(r";|\bbut\b|\bwhile\b", e.text):
                stems = {stem(w) for w in re.findall(r"[\w'’-]+", clause)}
                if alternatives & stems and len(rest & stems) >= 2 and _DENIES.search(clause):
                    out.append(Finding(
                        "qualifier_dropped", "ungrounded",
                        f"the claim holds it {m.group(0)!r}; the evidence denies it of "
                        f"one: {clause.strip()!r}", s.text, clause.strip()))
                    return


# a restrictive relative clause: "children of staff who have worked at the school for at
# least two years" (no comma before it)
_RELATIVE = frozenset({"who", "whose"})
_RELATIVE_OR_WITH = _RELATIVE | {"with"}
_HEAD_REACH = 5  # tokens after the claim's quantifier its group's last word may stand at
_BOUNDS = frozenset({"min", "max", "gt", "lt"})  # a figure's qualifier that makes a threshold


def _all_of_restricted(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """A statement made of all of a group ("All children of school staff get priority.")
    that the evidence makes only of those a relative clause picks out ("Third, children of
    staff who have worked at the school for at least two years.") or a "with" phrase
    ("Suppliers with more than 150,000 customers must offer …"): the word before the
    clause ("staff") follows the claim's quantifier closely, the clause ("who", "whose" or
    "with") sets a threshold (a bounded figure: "at least two years"; after "with", of a
    plural noun) the claim does not give, the claim gives fewer than half of its content
    words, and no evidence sentence speaks of the whole group."""
    for s in c.sentences:
        m = _ALL.search(s.text)
        if m is None or _OWN_LIMIT.search(s.text):
            continue
        group = _group_after(s, m)
        if not group:
            continue
        values = {it.token for it in s.items}
        need = max(2, (len(s.content) + 1) // 2)
        if any(_of_all(e, group) and len(s.content & e.content) >= need for e in ev.sentences):
            continue  # the evidence says it of the whole group too ("Every guest gets …")
        for parsed in ev.parsed:
            for e in parsed.sentences:
                found = _restricted(s, e, parsed.figures, group, values, m.group())
                if found is not None:
                    out.append(found)
                    return


def _group_after(s: SentInfo, m: re.Match[str]) -> set[str]:
    """The stems of the words right after the quantifier ``m`` of ``s`` (its group)."""
    at = next((k for k, t in enumerate(s.toks) if t.start >= s.start + m.end()), len(s.toks))
    return {st for st in s.stems[at:at + _HEAD_REACH] if st}


def _of_all(e: SentInfo, group: set[str]) -> bool:
    """Whether the evidence sentence ``e`` speaks of all of the claim's ``group`` ("Every
    guest gets a welcome drink, and guests with more than 2 nights …")."""
    m = _ALL.search(e.text)
    return m is not None and bool(_group_after(e, m) & group)


def _restricted(s: SentInfo, e: SentInfo, figures: list[Figure], group: set[str],
                values: set[str], quantifier: str) -> Finding | None:
    """:func:`_all_of_restricted` for one evidence sentence ``e`` (``figures``: those of its
    text)."""
    low = [t.text.lower() for t in e.toks]
    for r in range(1, len(low)):
        head = e.stems[r - 1]
        if low[r] not in _RELATIVE_OR_WITH or head is None or head not in group:
            continue
        end = next((k for k in range(r + 1, len(low)) if low[k] in _CLAUSE_END
                    or low[k] == "."), len(low))
        if low[r] == "with":
            # "Suppliers with more than 150,000 customers must offer …": the phrase ends
            # with the noun after its bounded figure
            bound = next((f for f in figures if f.qualifier in _BOUNDS
                          and e.toks[r].end < f.start <= e.toks[min(r + 3, len(low) - 1)].end),
                         None)
            if bound is None:
                continue
            end = next((k + 2 for k in range(r + 1, len(low)) if e.toks[k].end >= bound.end),
                       end)
            if end > len(low) or e.stems[end - 1] is None or not low[end - 1].endswith("s") \
                    or not {st for st in e.stems[end:] if st} & s.content:
                continue  # counting a plural noun (not "with the Under 12 team"), and the
                # rest of the sentence says what the claim says of the group
        words = {st for st in e.stems[r + 1:end] if st}
        lo, hi = e.toks[r].start, e.toks[end - 1].end
        # a threshold: a figure bounded ("at least two years", "more than 15 miles")
        bounds = {f.start for f in figures if lo <= f.start < hi and f.qualifier in _BOUNDS}
        own = {it.token for it in e.items if it.start in bounds}
        if not own or own & values or len(words & s.content) * 2 >= len(words):
            continue
        clause = e.text[e.toks[r].start - e.start:e.toks[end - 1].end - e.start]
        return Finding("qualifier_dropped", "ungrounded",
                       f"the evidence says it only of those {clause!r}; the claim says "
                       f"{quantifier!r}", s.text, e.text)
    return None


# "All items …" where the evidence says "Most items …": the quantifier and its noun.
_CLAIM_ALL = re.compile(r"\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+|our\s+|your\s+|its\s+|"
                        r"their\s+)?(?P<noun>[a-z][a-z-]+)", re.IGNORECASE)
_EVIDENCE_PART = re.compile(r"(?<!\bas )(?<!\bso )(?<!\bhow )"
                            r"\b(?:most|many|some|several|certain|(?:the\s+)?majority\s+of)"
                            r"\s+(?:of\s+)?(?:the\s+|our\s+|your\s+|its\s+|their\s+)?"
                            r"(?P<noun>[a-z][a-z-]+)", re.IGNORECASE)


def _all_of_part(c: Parsed, ev: PreparedEvidence, out: list[Finding]) -> None:
    """``qualifier_dropped``: the claim says "all items" (every, each) where an evidence
    sentence that shares two more of its words says "most items" (many, some, several, the
    majority of): "All items in the sale can be returned within 14 days." against "Most
    items in the sale can be returned within 14 days." A claim with a limit of its own
    ("only", "except") says no more than the evidence."""
    for s in c.sentences:
        m = _CLAIM_ALL.search(s.text)
        if m is None or _OWN_LIMIT.search(s.text):
            continue
        noun = stem(m["noun"])
        for e in ev.sentences:
            part = next((x for x in _EVIDENCE_PART.finditer(e.text)
                         if stem(x["noun"]) == noun), None)
            if part is None or len((s.content & e.content) - {noun}) < 2:
                continue
            out.append(Finding("qualifier_dropped", "ungrounded",
                               f"the evidence says {part.group(0)!r}; the claim says "
                               f"{m.group(0)!r}", s.text, e.text))
            return


def check_scope(c: Parsed, ev: PreparedEvidence, question: Question,
                out: list[Finding]) -> None:
    """``qualifier_dropped`` (see the module docstring)."""
    before = len(out)
    _all_of_part(c, ev, out)
    if len(out) == before:
        _some_as_all(c, ev, out)
    if len(out) == before:
        _each_alternative(c, ev, out)
    if len(out) == before:
        _all_of_restricted(c, ev, out)
    if len(out) > before or "only" not in ev.lower_text:
        return
    for s in c.sentences:
        m = _ALL.search(s.text)
        anywhere = _ANYWHERE.search(s.text) if m is None else None
        word = m or anywhere
        if word is None or _OWN_LIMIT.search(s.text):
            continue
        need = min(2, max(1, len(s.content)))
        for e in ev.sentences:
            if anywhere is not None:
                # "free to pitch up wherever you like" against its span's "wild camping is
                # allowed only in the designated zones": the span was bound to the claim,
                # so a place restricted there needs one shared word or a leave on both
                # sides; elsewhere two
                shared = len(content_words(s.content & e.content))
                leave = bool(_LEAVE.search(s.text) and _LEAVE.search(e.text))
                if (shared >= need or (ev.partial and (shared > 0 or leave))) and (
                        _ONLY_PLACE.search(e.text) is not None):
                    out.append(Finding(
                        "qualifier_dropped", "ungrounded",
                        f"the evidence restricts where with 'only'; the claim says "
                        f"{word.group()!r}", s.text, e.text))
                    return
                continue
            if len(s.content & e.content) < need:
                continue
            if any(near & s.content for near in _reach(e)):
                out.append(Finding(
                    "qualifier_dropped", "ungrounded",
                    f"the evidence restricts it with 'only'; the claim says {word.group()!r}",
                    s.text, e.text))
                return

"""A denial the evidence never makes (``ungrounded_denial``).

A claim that says something is *not* so ("Messi doesn't play in Major League Soccer.",
"Adopters do not get enhanced maternity pay.", "The director of the film is
not specified.") needs evidence that denies, excludes or limits something about it. The NLI
model reads such a claim poorly: against evidence that only states other things positively
it often finds the denial entailed. This check withholds a denial when no evidence sentence
grounds it: none that (1) denies anything in its main clause (a negation, a refusal or
failure, "only", "except", "unless", "instead", a word in un-/non-) or uses an antonym pair
the claim's sentence uses, and (2) shares with the claim one of its subject words or of the
words it denies (a claim whose subject is a pronoun: any content word). An antonym of the
denied word itself ("did not rise" against "fell") grounds the denial with any content word
in common.

Left to other checks and the model: a modal's denial ("cannot", "must not", "need not",
"is not allowed to", which the modal check compares with the evidence's force), a denial
inside a condition or a relative clause of the claim ("If you're not a member, …"), a
denial of a comparison or a pair ("not both", "not the same", "not lighter than", "not the
biggest"), an elliptical answer ("Not yet — …"), a title's word ("Never Let Me Go"), a
chat formula ("No problem!", "Don't worry."), a question and a bracketed note. The
speaker's own state ("I'm not sure, but …", "I don't have that information") never
reaches a check: the claim rules take it off the claim or call it no claim. A company's
"we" is a claim ("We do not charge for delivery.") and is read. A negation in the
evidence inside a restrictive relative or conditional clause ("Employees who do not return
to work … must repay …") states a case, not a denial, and does not ground one; after a
comma ("The findings, which have not yet been peer reviewed, …") it does.

The check reads the whole evidence: on a span (``PreparedEvidence.partial``) the grounding
sentence may lie outside it, so it does nothing there.
"""

from __future__ import annotations

from certirag.checks.base import Finding
from certirag.checks.parse import Parsed, SentInfo, content_words
from certirag.checks.polarity import NegScope
from certirag.checks.prepared import PreparedEvidence, Question
from certirag.text.sentences import is_question

__all__ = ["check_unstated_denials"]

# Words that deny, exclude, limit or contrast. Some are negation cues or implicit ones
# (refused, failed) too, which the polarity reading scopes only where a verb follows them
# ("refused to comment"); here any use counts ("the request was refused").
_DENYING = frozenset("""only except unless instead rather refuse refused refuses refusing
decline declined declines declining deny denied denies denying reject rejected rejects lack
lacks lacked lacking absent absence avoid avoided avoids unable fail failed fails failure
neither nor free exempt excluded exclude excludes excluding ban banned bans prohibited
prohibit forbidden closed stopped ceased halted cancelled canceled withdrew withdrawn scrapped
missed lost dismissed different other alone solely exclusively apart but however
although though whereas yet remain remains remained wrongly wrong wrongful improperly
unlawfully illegally mistakenly waive waived waives waiving waiver exempted exemption
prevent prevents prevented preventing""".split())
# Words in un- or non- that are no denial.
_NOT_PREFIXED = frozenset({"united", "unit", "units", "union", "unions", "universe",
                           "university", "universities", "unique", "until", "universal",
                           "unveil", "unveiled", "unveils", "unanimous", "unanimously",
                           "uniform", "nonetheless"})
# Words that open a restrictive relative or conditional clause.
_SUBORDINATE = frozenset({"who", "whom", "whose", "which", "if", "unless", "whenever", "when",
                          "that", "where", "whether"})
# What may stand between such a word and the negation it governs ("who do not", "if you
# have not").
_BETWEEN = frozenset("""is are was were be been has have had do does did will would can
could shall should may might must you he she it they we i there n't""".split())
_NON_RESTRICTIVE = frozenset({",", "(", "—", "-", "--"})
# What ends the claim's subject, read backwards from the negation.
_CLAUSE_END = frozenset({",", ";", ":", "(", ")", "--", "-", "—", "but", "and", "because",
                         "although", "while", "though"})
# Verbs that report: the subject of "X says he is not …" is what follows them.
_REPORTING = frozenset("""say says said claim claims claimed insist insists insisted tell
tells told believe believes believed think thinks thought admit admits admitted add adds
added according warn warns warned argue argues argued""".split())
# A subject word that names nothing the evidence could repeat.
_SUBJECT_PRONOUNS = frozenset({"he", "she", "it", "they", "we", "i", "you", "his", "her",
                               "their", "its", "this", "that", "these", "those", "there",
                               "ther", "you'r"})
# A denial of a comparison or of a pair's relation ("not both", "not the same", "not
# similar"): each item's own facts, stated plainly, ground it.
_COLLECTIVE = frozenset({"both", "same", "different", "neither", "either", "nor", "similar",
                         "alike"})
# Formulas of a chat reply that deny nothing the evidence could state (stems).
_FORMULAS = frozenset({"problem", "worry", "doubt", "rush", "hurry"})
# An elliptical answer's opening ("Not yet — …", "Not really.").
_ELLIPTICAL_NEXT = frozenset({"yet", "quite", "exactly", "really"})


def _denying_word(word: str) -> bool:
    for part in word.split("-"):  # "closed-book", "non-refundable"
        if part in _DENYING:
            return True
        if part.startswith(("un", "non")) and len(part) > 5 and part not in _NOT_PREFIXED \
                and not part.startswith("under"):
            return True
    return False


def _restrictive(x: SentInfo, cue: int) -> bool:
    """Whether the negation at ``cue`` sits in a restrictive relative or conditional clause
    opened just before it ("Employees who do not return …", "if you have not paid")."""
    for k in range(cue - 1, max(-1, cue - 5), -1):
        w = x.toks[k].text.lower()
        if w in _SUBORDINATE:
            return not (k and x.toks[k - 1].text in _NON_RESTRICTIVE)
        if w not in _BETWEEN:
            return False
    return False


def _denies(x: SentInfo) -> bool:
    """Whether evidence sentence ``x`` denies, excludes or limits anything in its main
    clause."""
    return any(not _restrictive(x, sc.cue) for sc in x.polarity.scopes) or any(
        _denying_word(t.text.lower()) for t in x.toks)


def _grounds_index(ev: PreparedEvidence) -> list[tuple[SentInfo, bool, frozenset[str]]]:
    """Each evidence sentence, whether it denies anything, and its content words with the
    parts of hyphenated ones ("peer-reviewed" holds "peer" and "reviewed")."""
    out = []
    for x in ev.sentences:
        words = content_words(x.content)
        out.append((x, _denies(x), words | {p for w in words if "-" in w for p in w.split("-")}))
    return out


def _subject(s: SentInfo, sc: NegScope) -> frozenset[str]:
    """The content stems of the claim's words before the negation, back to a clause
    boundary or a reporting verb, pronouns left out."""
    sub: set[str] = set()
    for tok, st in reversed(list(zip(s.toks[:sc.cue], s.stems[:sc.cue], strict=True))):
        w = tok.text.lower()
        if w in _CLAUSE_END or w in _REPORTING or not tok.text[:1].isalnum():
            break
        if st is not None and w not in _SUBJECT_PRONOUNS and st not in _SUBJECT_PRONOUNS:
            sub.add(st)
    return frozenset(sub - set(sc.words))


def _left_alone(s: SentInfo, sc: NegScope, low: list[str]) -> bool:
    """A denial this check leaves to others: a modal's ("cannot", "need not", "is not
    allowed to": the modal check's), in a condition or relative clause of the claim, of a
    comparison or a pair, a title's word, a chat formula ("no problem"), or an elliptical
    answer. (The speaker's own state, "I'm not sure, but …", is no claim: the claim rules
    take it off.)"""
    if not sc.words or sc.modal or _COLLECTIVE.intersection(low) or (
            sc.cue and s.toks[sc.cue].text[:1].isupper()):
        return True  # … or a title's word ("the film Never Let Me Go")
    if set(sc.words) <= _FORMULAS:
        return True  # "No problem, enjoy!", "Don't worry."
    if low[sc.cue + 1:sc.cue + 2] == ["forget"]:
        return True  # "don't forget to switch off …": a reminder, no denial (checks v21)
    for w in reversed(low[:sc.cue]):
        if w in _CLAUSE_END:
            break
        if w in _SUBORDINATE:
            return True
    after = low[sc.cue + 1:sc.last + 3]
    if "than" in after or any(w.endswith("est") and len(w) > 4 for w in after):
        return True
    return sc.cue == 0 and (len(low) < 2 or not low[1][:1].isalnum()
                            or low[1] in _ELLIPTICAL_NEXT)


def _grounded(s: SentInfo, sc: NegScope, low: list[str],
              index: list[tuple[SentInfo, bool, frozenset[str]]]) -> bool:
    sub = _subject(s, sc)
    words = set(sc.words)
    claim_words = content_words(s.content)
    in_scope = set(low[sc.cue + 1:sc.last + 1])
    # the antonym pairs of the denied words ("did not rise" against "fell")
    pairs = {p for p, ws in s.polarity.words.items() if {w.lower() for w in ws} & in_scope}
    for x, denies, xc in index:
        sides = x.polarity.raw_sides.keys()
        if pairs & sides and claim_words & xc:
            return True
        # an antonym pair the claim's sentence and this one both use speaks to it too
        if not (denies or s.polarity.raw_sides.keys() & sides):
            continue
        if (sub | words) & xc or (not sub and claim_words & xc):
            return True
    return False


def check_unstated_denials(c: Parsed, ev: PreparedEvidence, question: Question,
                           out: list[Finding]) -> None:
    """``ungrounded_denial``: the claim denies something and no evidence sentence about
    it denies, excludes or limits anything (module docstring)."""
    if ev.partial:
        return
    index = None
    for s in c.sentences:
        text = s.text.strip()
        if is_question(text) or (text.startswith("[") and text.endswith("]")):
            continue  # a question asks ("Not Counting You, is a song … by which artist?");
            # a bracketed note is no statement ("[Withheld: not verified.]")
        low = [t.text.lower() for t in s.toks]
        for sc in s.polarity.scopes:
            if _left_alone(s, sc, low):
                continue
            if index is None:
                index = ev.derived("denials.grounds", _grounds_index)
            if not _grounded(s, sc, low, index):
                out.append(Finding("ungrounded_denial", "ungrounded",
                                   f"the claim denies {' '.join(sc.words)!r} "
                                   f"({sc.cue_text!r}) where no evidence sentence about it "
                                   "denies, excludes or limits anything",
                                   " ".join(t.text for t in s.toks[sc.cue:sc.last + 1])))
                return

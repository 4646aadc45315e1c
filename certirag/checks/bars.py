"""``modal_mismatch`` for a permission the evidence bars in another sentence.

"You may accept vouchers worth up to £50." against "Employees may accept gifts … of up to
£50 without approval. Cash or vouchers must never be accepted." shares most words with the
sentence about gifts, which permits; the sentence check compares the claim with that one
and passes it. This check reads every evidence sentence: a claim that permits a verb
("may accept") is barred by a sentence that prohibits the same verb ("must never be
accepted") of a thing the claim names ("vouchers") when no sentence that permits the verb
names that thing.
"""

from __future__ import annotations

from certirag.checks.base import Finding
from certirag.checks.parse import Parsed
from certirag.checks.polarity import elliptical_negation
from certirag.checks.prepared import PreparedEvidence, Question

__all__ = ["check_bars"]


def check_bars(c: Parsed, ev: PreparedEvidence, question: Question,
               out: list[Finding]) -> None:
    """``modal_mismatch``: a permission of the claim that another evidence sentence bars
    (see the module docstring)."""
    for s in c.sentences:
        for m in s.modals:
            if m.cls != "permission" or m.verb is None:
                continue
            things = s.content - {m.verb}
            allowed = set().union(*(x.content for x in ev.sentences if any(
                y.cls == "permission" and y.verb == m.verb for y in x.modals)))
            for x in ev.sentences:
                barred = next((y for y in x.modals
                               if y.cls == "prohibition" and y.verb == m.verb), None)
                named = sorted((things & x.content) - allowed)
                if barred is not None and named:
                    out.append(Finding(
                        "modal_mismatch", "contradiction",
                        f"the claim permits ({m.text!r}) what the evidence bars for "
                        f"{named[0]!r} ({barred.text!r})", m.text, x.text))
                    return


_SUBORDINATE = frozenset("""who whom whose which that if unless when whenever where whether
because although though while since until once""".split())


def check_denials(c: Parsed, ev: PreparedEvidence, question: Question,
                  out: list[Finding]) -> None:
    """``negation_mismatch``: the claim states of a thing what another evidence sentence
    denies of it ("your warranty covers accidental damage for two years" against "The
    warranty covers manufacturing defects for two years. Accidental damage, such as drops,
    is not covered."). The sentence check compares the claim with the sentence that shares
    most words with it (the defects); this one reads the others. The denial's subject (its
    words before the first comma or the negation) must all be the claim's, and so must
    what it negates; no evidence sentence may state it of that subject plainly with the
    rest of what the claim says ("X is not covered by the basic plan. X is covered by the
    premium plan.")."""
    for s in c.sentences:
        if elliptical_negation(s.text):
            continue  # "… but the officer refused.": it negates what the reading cannot say
        for x in ev.sentences:
            for sc in x.polarity.scopes:
                words = set(sc.words)
                if not words or sc.modal or not words <= s.content or words & s.polarity.negated:
                    continue
                before = {t.text.lower() for t in x.toks[:sc.cue]}
                if before & _SUBORDINATE:
                    continue  # "A landlord who fails to lodge it …": a case, not a denial
                subject: set[str] = set()
                for tok, st in zip(x.toks[:sc.cue], x.stems[:sc.cue], strict=True):
                    if not tok.text[:1].isalnum():
                        break
                    if st is not None:
                        subject.add(st)
                subject -= words
                # a plain statement of it, with what else the claim says ("… by the premium
                # plan"), excuses the denial
                rest = s.content - x.content
                if not subject or not subject <= s.content or any(
                        words | subject | rest <= y.content
                        and not words & y.polarity.negated for y in ev.sentences):
                    continue
                out.append(Finding("negation_mismatch", "contradiction",
                                   f"the evidence denies it ({sc.cue_text!r}): "
                                   f"{x.text.strip()!r}", s.text, x.text))
                return

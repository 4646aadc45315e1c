"""Policy ``certirag.policy.v3``: claims decided on the evidence span that binds them.

The stage between the whole-evidence check and the policy, shared by the pipeline (which
decides) and the certificate check (which re-derives):

1. **Binding** (:mod:`certirag.verifiers.binding`): the claim's anchors that the evidence
   mentions must be stated together by a span of at most three sentences; when they are
   stated only apart, the finding ``unbound_anchors`` withholds the claim, unscored.
2. **The span decides**: the model scores binding spans only, and the deterministic check
   runs again against the deciding span alone — a value present elsewhere in the evidence
   does not ground a claim its span does not state.
3. **Frames** (:mod:`certirag.text.frames`): a span sentence that its passage presents as
   a rumour, myth, doubter's claim or supposition, or that the next sentence denies,
   supports nothing (``quote_framed``).
4. **Quotes in context**: a claim that is a whole evidence sentence verbatim passes as
   ``quoted`` only when no frame stands around that sentence (step 3) and the model,
   scoring the claim against it, does not find contradiction (P(contradiction) ≥ τc and
   above P(entailment)). The model reads the sentence alone: given the sentence with its
   neighbours, our small model leans to contradiction on many copied sentences, so the
   neighbourhood is read by the frame rules only.

Everything here is a pure function of the claim, the passages and the recorded spans, so
that :mod:`certirag.certify.rederive` finds the same findings from a certificate.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from certirag.checks import check_claim, prepare_evidence
from certirag.checks.base import CheckOptions, Finding
from certirag.schemas import Evidence, Scores
from certirag.text.conjuncts import conjuncts
from certirag.text.contractions import expanded
from certirag.text.frames import bears_on, quote_frame, shared_words
from certirag.text.fronted import moved
from certirag.text.negated import no_form, positive_reading
from certirag.text.notation import model_text
from certirag.text.predicates import release_reading
from certirag.text.premise_units import premise_units
from certirag.text.sentences import split_sentences
from certirag.text.voice import voice_reading
from certirag.verifiers.binding import (
    BindingPlan,
    antecedent,
    evidence_sentences,
    needs_finding,
    plan_windows,
    span_reading,
    unbound_message,
)

__all__ = ["BIND_MAX_CHARS", "POLICY_V3", "SCORERS", "SCORER_VERSION", "binding_finding",
           "claim_pairs", "claim_reading", "claim_readings", "fronted_units", "model_premise",
           "model_reading", "negation_reading", "neighbourhood", "pick_pair", "pick_reading",
           "plan_claim", "plan_finding", "premise", "reading_against", "sentence_spans",
           "span_findings", "unit_binds"]

POLICY_V3 = "certirag.policy.v3"
#: How the model reads a recorded span and its claim (:func:`model_premise`,
#: :func:`model_reading`); certificates record it.
SCORER_VERSION = "certirag.scorer.v9"
#: The scorer versions :func:`model_premise` still reads as they were issued.
SCORERS = frozenset({"certirag.scorer.v1", "certirag.scorer.v2", "certirag.scorer.v3",
                     "certirag.scorer.v4", "certirag.scorer.v5", "certirag.scorer.v6",
                     "certirag.scorer.v7", "certirag.scorer.v8", SCORER_VERSION})
#: The scorer versions that read a claim's negation as written (before v5).
_NEGATION_AS_WRITTEN = frozenset({"certirag.scorer.v1", "certirag.scorer.v2",
                                  "certirag.scorer.v3", "certirag.scorer.v4"})
#: The scorer versions that read a claim in its own voice (before v6).
_VOICE_AS_WRITTEN = _NEGATION_AS_WRITTEN | {"certirag.scorer.v5"}
#: The scorer versions that read contractions as written (before v7).
_CONTRACTED = _VOICE_AS_WRITTEN | {"certirag.scorer.v6"}
#: The scorer versions that read a span whole only (before v8).
_WHOLE_SPAN = _CONTRACTED | {"certirag.scorer.v7"}
#: The scorer versions that read an opening phrase where it is written (before v9).
_FRONTED = _WHOLE_SPAN | {"certirag.scorer.v8"}
#: Evidence characters in one binding span (the training recipe uses the same bound).
BIND_MAX_CHARS = 700


def premise(spans: Sequence[Evidence]) -> str:
    """The text of a recorded span: its sentences joined by a space."""
    return " ".join(e.text for e in spans)


def model_premise(spans: Sequence[Evidence], passages: Sequence[Evidence], *,
                  scorer: str) -> str:
    """What the model read for a recorded span, under the scorer version ``scorer``:
    ``certirag.scorer.v1`` the sentences joined by a space; ``certirag.scorer.v2`` the same,
    but one sentence that opens with a pronoun is read resolved from the sentence before it
    in its passage (:func:`certirag.verifiers.binding.span_reading`); ``certirag.scorer.v3``
    as v2, in one notation for percentages, scale words and country names
    (:func:`certirag.text.notation.model_text`); ``certirag.scorer.v4`` as v3, but the
    pronoun of a sentence in a chain about one unnamed person ("She moved … . In 1903 she
    shared … . She won …") is resolved from the sentence before the chain
    (:func:`certirag.verifiers.binding.antecedent`); ``certirag.scorer.v5`` to
    ``certirag.scorer.v9`` read the span as v4 (they change how the claim is read,
    :func:`claim_reading`, and from v8 also read the span's pieces, :func:`claim_pairs`)."""
    if scorer == "certirag.scorer.v1" or len(spans) != 1:
        text = premise(spans)
    elif scorer in ("certirag.scorer.v2", "certirag.scorer.v3"):
        before, _ = neighbourhood(spans[0], passages)
        text = span_reading([spans[0].text], before.text if before is not None else None)
    else:
        text = span_reading([spans[0].text], _antecedent_text(spans[0], passages))
    return model_reading(text, scorer=scorer)


def _antecedent_text(span: Evidence, passages: Sequence[Evidence]) -> str | None:
    """The text of the sentence ``span``'s pronoun is read from in its passage (scorer
    v4), or ``None``."""
    found = _located(span, passages)
    if found is None:
        return None
    sents, i = found
    j = antecedent([x.text for x in sents], i)
    return sents[j].text if j is not None else None


def model_reading(text: str, *, scorer: str) -> str:
    """What the model read for ``text`` (a claim, or a span as :func:`model_premise` builds
    it) under the scorer version ``scorer``: as written until v2; from
    ``certirag.scorer.v3`` in one notation (:func:`certirag.text.notation.model_text`); from
    ``certirag.scorer.v7`` with each contraction written out in full
    (:func:`certirag.text.contractions.expanded`: "shouldn't" → "should not") and a
    denial of a thing in its "no" form
    (:func:`certirag.text.negated.no_form`: "does not charge a fee" → "charges no fee")."""
    if scorer in ("certirag.scorer.v1", "certirag.scorer.v2"):
        return text
    if scorer in _CONTRACTED:
        return model_text(text)
    return model_text(no_form(expanded(text)))


def claim_reading(claim: str, premise: str, *, scorer: str) -> str:
    """What the model read for ``claim`` against ``premise`` (the span as the model read it)
    under the scorer version ``scorer``: :func:`model_reading` until v4; from
    ``certirag.scorer.v5`` with each negated phrase whose opposite the premise states
    written as that opposite (:func:`negation_reading`); from ``certirag.scorer.v6`` in the
    voice the premise states the claim's agency in (:func:`certirag.text.voice.voice_reading`)."""
    return reading_against(model_reading(claim, scorer=scorer), premise, scorer=scorer)


def claim_readings(claim: str, premise: str, *, scorer: str) -> list[str]:
    """What the model reads for ``claim`` against ``premise`` under the scorer version
    ``scorer``: :func:`claim_reading` alone until v6; from ``certirag.scorer.v7`` that,
    then each clause the claim joins read the same way, when it joins two or more
    (:func:`certirag.text.conjuncts.conjuncts`); from ``certirag.scorer.v9`` the claim and
    each clause with an opening phrase moved to the end of its main clause
    (:func:`certirag.text.fronted.moved`: "In 2023, the fund paid out £58,300." is read
    "The fund paid out £58,300 in 2023."). :func:`pick_reading` says which one's scores the
    claim takes."""
    base = model_reading(claim, scorer=scorer)

    def read(text: str) -> str:  # v9: an opening phrase read at the end of the main clause
        return reading_against(text if scorer in _FRONTED else moved(text) or text, premise,
                               scorer=scorer)

    whole = read(base)
    if scorer in _CONTRACTED:
        return [whole]
    parts = conjuncts(base)
    return [whole] if len(parts) < 2 else [whole, *(read(p) for p in parts)]


def claim_pairs(claim: str, premise: str, *, scorer: str, locale: str = "dmy"
                ) -> list[tuple[str, str]]:
    """The (premise, hypothesis) pairs the model reads for ``claim`` on a span read as
    ``premise``: the span with each of the claim's readings (:func:`claim_readings`); from
    ``certirag.scorer.v8`` also each piece of the span
    (:func:`certirag.text.premise_units.premise_units`) with each reading it binds as the
    span does (:func:`unit_binds`), and from ``certirag.scorer.v9`` each span sentence with
    an opening phrase read with it moved (:func:`fronted_units`). :func:`pick_pair` says
    which pair's scores the claim takes."""
    readings = claim_readings(claim, premise, scorer=scorer)
    pairs = [(premise, h) for h in readings]
    if scorer in _WHOLE_SPAN:
        return pairs
    for unit in premise_units(premise) if scorer in _FRONTED else fronted_units(premise):
        pairs.extend((unit, h) for h in readings if unit_binds(h, unit, premise, locale))
    return pairs


def fronted_units(premise: str) -> list[str]:
    """The pieces of ``premise`` scorer ``certirag.scorer.v9`` reads: those of v8
    (:func:`certirag.text.premise_units.premise_units`), then each of its sentences that
    opens with a phrase, that phrase moved to the end of its main clause
    (:func:`certirag.text.fronted.moved`)."""
    units = list(premise_units(premise))
    for a, z in split_sentences(premise):
        m = moved(premise[a:z])
        if m is not None and m not in units:
            units.append(m)
    return units


def unit_binds(hypothesis: str, unit: str, premise: str, locale: str = "dmy") -> bool:
    """Whether ``unit`` (a piece of ``premise``) binds ``hypothesis``: it holds every anchor
    of the hypothesis that the premise holds (names, figures, dates …), together."""
    return _unit_binds(hypothesis, unit, premise, locale)


def _unit_binds(hypothesis: str, unit: str, premise: str, locale: str) -> bool:
    in_unit, binds = _held(hypothesis, unit, locale)
    return binds and _held(hypothesis, premise, locale)[0] <= in_unit


@lru_cache(maxsize=8192)
def _held(hypothesis: str, text: str, locale: str) -> tuple[frozenset[tuple[str, str]], bool]:
    """The anchors of ``hypothesis`` that ``text`` mentions, and whether it binds them: the
    span's plan is made once for all its pieces."""
    plan = plan_claim(hypothesis, [text], top=1, locale=locale)
    return frozenset((a.kind, a.text) for a in plan.required), bool(plan.windows)


def pick_pair(pairs: Sequence[tuple[str, str]], scores: Sequence[Scores]) -> int:
    """Which of a claim's pairs (:func:`claim_pairs`, in order) gives its scores: for each
    reading, the pair where the model entails it most (the span, or a piece of it); then,
    among the readings so scored, :func:`pick_reading`'s choice."""
    best: dict[str, int] = {}
    for i, (_, h) in enumerate(pairs):
        if h not in best or scores[i].entailment > scores[best[h]].entailment:
            best[h] = i
    order = list(best)  # the readings in their first order
    return best[order[pick_reading([scores[best[h]] for h in order])]]


def pick_reading(scores: Sequence[Scores]) -> int:
    """Which of a claim's readings (:func:`claim_readings`, in order) gives its scores: the
    weakest clause (the lowest P(entailment)) when that is higher than the whole claim's,
    else the whole claim (index 0). Every clause must hold for the claim to hold, so the
    weakest clause stands for all of them."""
    if len(scores) < 2:
        return 0
    weakest = min(range(1, len(scores)), key=lambda i: (scores[i].entailment, i))
    return weakest if scores[weakest].entailment > scores[0].entailment else 0


def negation_reading(claim: str, premise: str, *, scorer: str) -> str:
    """``claim`` (already in the scorer's notation) against ``premise``: as it is until
    v4; from ``certirag.scorer.v5`` with each negated phrase whose opposite the premise
    states written as that opposite ("is not open" → "is closed":
    :func:`certirag.text.negated.positive_reading`)."""
    return claim if scorer in _NEGATION_AS_WRITTEN else positive_reading(claim, premise)


def reading_against(claim: str, premise: str, *, scorer: str) -> str:
    """``claim`` (already in the scorer's notation) as the model reads it against
    ``premise``: :func:`negation_reading`, then from ``certirag.scorer.v6`` in the voice the
    premise states its agency in ("Christopher Nolan directed Inception." → "Inception was
    directed by Christopher Nolan." against a span that says so:
    :func:`certirag.text.voice.voice_reading`); from ``certirag.scorer.v7`` with "came out"
    written as the release the premise states ("was released":
    :func:`certirag.text.predicates.release_reading`)."""
    read = negation_reading(claim, premise, scorer=scorer)
    if scorer not in _CONTRACTED:  # v7: "came out" as the span's "released"
        read = release_reading(read, premise)
    return read if scorer in _VOICE_AS_WRITTEN else voice_reading(read, premise)


def plan_claim(claim: str, texts: Sequence[str], *, top: int, locale: str = "dmy"
               ) -> BindingPlan:
    """The binding spans of ``claim`` in the evidence ``texts``, the best ``top`` of them."""
    return plan_windows(claim, texts, top=top, max_chars=BIND_MAX_CHARS, locale=locale)


def plan_finding(claim: str, plan: BindingPlan) -> Finding | None:
    """``unbound_anchors`` when ``plan`` has no span that binds ``claim`` (whatever its
    ``top``: a plan has no span only when none binds)."""
    if not needs_finding(plan):
        return None
    return Finding("unbound_anchors", "ungrounded", unbound_message(plan), claim)


def binding_finding(claim: str, texts: Sequence[str], *, locale: str = "dmy"
                    ) -> Finding | None:
    """``unbound_anchors`` when no span of the evidence binds ``claim``."""
    return plan_finding(claim, plan_claim(claim, texts, top=1, locale=locale))


def _passage_of(span: Evidence, passages: Sequence[Evidence]) -> Evidence | None:
    for p in passages:
        if p.doc_id != span.doc_id or p.chunk_id != span.chunk_id or span.end is None:
            continue
        a, b = span.start - p.start, span.end - p.start
        if 0 <= a < b <= len(p.text) and p.text[a:b] == span.text:
            return p
    return None


def sentence_spans(passage: Evidence) -> list[Evidence]:
    """The passage's sentences as evidence spans (the binding module's cut)."""
    return [Evidence(doc_id=passage.doc_id, chunk_id=passage.chunk_id,
                     start=passage.start + s.start, end=passage.start + s.end, text=s.text)
            for s in evidence_sentences([passage.text], max_chars=BIND_MAX_CHARS)]


def neighbourhood(span: Evidence, passages: Sequence[Evidence]
                  ) -> tuple[Evidence | None, Evidence | None]:
    """The sentences before and after ``span`` in its passage (``None`` at an edge or
    when ``span`` is not one of its passage's sentences)."""
    found = _located(span, passages)
    if found is None:
        return None, None
    sents, i = found
    return (sents[i - 1] if i > 0 else None, sents[i + 1] if i + 1 < len(sents) else None)


def _located(span: Evidence, passages: Sequence[Evidence]) -> tuple[list[Evidence], int] | None:
    """The sentences of ``span``'s passage and the index of ``span`` among them (``None``
    when ``span`` is not one of its passage's sentences)."""
    p = _passage_of(span, passages)
    if p is None:
        return None
    sents = sentence_spans(p)
    return next(((sents, i) for i, s in enumerate(sents)
                 if s.start == span.start and s.end == span.end), None)


def span_findings(claim: str, spans: Sequence[Evidence], passages: Sequence[Evidence], *,
                  question: str, options: CheckOptions, quotes: Sequence[bool] = ()
                  ) -> list[Finding]:
    """The findings against the deciding span: the deterministic check on the span's
    text alone, then ``quote_framed`` for a span sentence its passage frames. ``quotes``
    marks the spans the claim quotes verbatim: when there is one, only those are
    frame-checked (their neighbours are context, not support); otherwise the span sentences
    that bear on the claim (:func:`certirag.text.frames.bears_on`) are."""
    if not spans:
        return []
    # Whether a name is mentioned at all is the whole evidence's question; the span holds
    # the claim's names by the binding rule, which lets a surname stand for a full name
    # stated in another sentence ("O'Sullivan is based at …" for "Ronnie O'Sullivan").
    span_evidence = prepare_evidence([premise(spans)], options=options)
    span_evidence.partial = True  # what the rest of the evidence says is unknown here
    found = [f for f in check_claim(claim, span_evidence, question=question, options=options)
             if f.code != "ungrounded_entity"]
    marked = [s for s, q in zip(spans, quotes, strict=False) if q]
    # a sentence of a fused span that says nothing of the claim's own is context
    checked = marked or [s for s in spans if len(spans) == 1 or bears_on(claim, s.text)]
    if not marked:
        checked += _closer(claim, spans, passages)
    for s in checked:
        before, after = neighbourhood(s, passages)
        cue = quote_frame(before.text if before else "", s.text, after.text if after else "",
                          claim)
        if cue is not None:
            found.append(Finding("quote_framed", "ungrounded",
                                 f"the evidence sentence is framed as denied, doubted, "
                                 f"supposed or someone's view: {cue}", claim, s.text))
            break
    return found


def _closer(claim: str, spans: Sequence[Evidence], passages: Sequence[Evidence]
            ) -> list[Evidence]:
    """The passage sentence that says more of the claim than any sentence of its span
    (more content words shared, and at least half of the claim's; or as many, five and a
    third of the claim's at least), when there is one.

    The model may read a claim as entailed by a span that lacks the words the claim takes
    from another sentence ("Ms Harlow was dismissed for repeated lateness." from the
    sentence on her dismissal, where the next but one says "Penrith Logistics argued that
    she was dismissed for repeated lateness."): the claim's words came from that sentence,
    so its frame is asked about too."""
    total = shared_words(claim, claim)
    need = max(2, (total + 1) // 2)
    # (or one that says as much of it as the span does, five words and a third of the
    # claim's at least: "…, you can now end your contract early without paying any exit
    # fee." from "… they heard that leaving a contract early is now free following this
    # year's price rise." before "This is not correct.", checks v24)
    tie = max(5, (total + 2) // 3)
    best = max(shared_words(claim, s.text) for s in spans)
    top: tuple[int, Evidence] | None = None
    taken = {(s.doc_id, s.chunk_id, s.start) for s in spans}
    for p in {(p.doc_id, p.chunk_id, p.start): p for p in
              filter(None, (_passage_of(s, passages) for s in spans))}.values():
        for s in sentence_spans(p):
            n = shared_words(claim, s.text)
            if ((n > best and n >= need) or (n == best and n >= tie)) \
                    and (s.doc_id, s.chunk_id, s.start) not in taken and (
                    top is None or n > top[0]):
                top = (n, s)
    return [top[1]] if top is not None else []

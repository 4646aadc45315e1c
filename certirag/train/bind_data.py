"""Training pairs for the binding-span NLI model (recipe ``bind``).

The premise of every pair is built exactly as inference builds it:
:func:`certirag.verifiers.binding.plan_windows` over the source document, so the model
learns on the spans it will be asked about. Sources, with the data README's splits:

* SNLI ``train.jsonl`` lines ``[0, 97_000)`` (dev ``[97_000, 100_000)``), as is;
* HaluEval QA and summarization rows ``[0, 7_000)`` for training and ``[7_000, 8_000)`` for
  dev, at claim level, the claims being those inference verifies
  (:func:`certirag.claims.extract_claims`, QA answers read with their question): a claim
  of the right answer against its binding span is ``entailment``; a claim only the
  hallucinated answer has is "not entailed" (the loss sums neutral and contradiction:
  some of those claims are true, so no 3-way label is forced on them);
* synthetic pairs from the same documents (never from reserved rows):
  identity (a sentence against its own span), a leading clause, a fusion of two
  sentences, and hard negatives — an anchor swapped for another anchor *of the same
  document* (the scattered-anchor case), an inserted or removed negation, an antonym, a
  dropped qualifier ("more than 300" → "300"), two names swapped, and a sentence of
  another document (neutral); and the same sentence with its neighbour beside it
  (``context``: still entailed; a swap or negation in it still not), and the same among
  two more sentences of its document, as a three-sentence span reads (``span3``);
* with ``paraphrases``, the same sentence reworded without a change of meaning
  (:func:`paraphrase`: perfect tense as simple past, a contraction written out or made, an
  attribution moved, a discourse marker, a non-restrictive relative clause or one of two
  coordinated participles dropped) — entailed, alone and in its span. Every other positive
  above is a verbatim copy while every negative is a small edit of one, so without them
  the model learns that any edit removes entailment (``benchmarks/rewordings.py``: bind7
  gives 0.39 to an attribution moved, 0.42 to a relative clause dropped).

Both sides of every pair are then written in the notation the scorer reads
(:func:`as_read`, scorer v3).

Every builder is a pure function of its rows and a seed.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from certirag.bound import SCORER_VERSION, claim_reading, model_reading
from certirag.checks import absent_anchor, check_claim, prepare_evidence
from certirag.claims import extract_claims
from certirag.train import reorder
from certirag.train.nli_data import (
    CON,
    ENT,
    HALU_DEV_END,
    HALU_TRAIN_END,
    NEU,
    NOT_ENTAILED,
    SNLI_DEV_START,
    Pair,
    read_rows,
    snli_pairs,
)
from certirag.train.rewordings import paraphrase, replace_first, word_count
from certirag.train.voice import document_voice_pairs
from certirag.verifiers.binding import claim_anchors, evidence_sentences, plan_windows

__all__ = ["MAX_CHARS", "NEGATED", "as_read", "bind_dev", "build_bind_splits", "document_pairs",
           "head_clause", "negate", "paraphrase", "premise_for", "premises_for", "voice_dev",
           "voice_rows"]

#: Evidence characters per span at training time (what 256 tokens hold beside a claim).
MAX_CHARS = 700

_AUX = re.compile(r"\b(is|was|are|were|has|have|had|will|can|could|would|should|did|does|do)"
                  r"\b(?! not\b)")
#: An auxiliary with its negation ("was not"), the negation :func:`negate` removes.
NEGATED = re.compile(r"\b(is|was|are|were|has|have|had|will|can|could|would|should|did|does|do)"
                  r" not\b")
_QUAL = re.compile(r"\b(?:more than|at least|nearly|almost|up to|over|about|around|less than|"
                   r"fewer than|at most|roughly|approximately) (?=[£$€]?\d)", re.IGNORECASE)
_ANTONYMS = [("increased", "decreased"), ("rose", "fell"), ("won", "lost"),
             ("before", "after"), ("higher", "lower"), ("more", "less"), ("first", "last"),
             ("opened", "closed"), ("accepted", "rejected"), ("allowed", "banned"),
             ("larger", "smaller"), ("gained", "lost"), ("arrived", "left"),
             ("supported", "opposed"), ("began", "ended"), ("youngest", "oldest"),
             ("earliest", "latest"), ("minimum", "maximum"), ("above", "below"),
             ("guilty", "innocent"), ("married", "divorced"), ("north", "south"),
             ("east", "west"), ("cheaper", "dearer"), ("best", "worst")]
_SUBORD = frozenset("although though while if when after before because as since despite "
                    "unless whereas once until".split())


def premises_for(claim: str, evidence: list[str], *, top: int = 1) -> list[str]:
    """The best ``top`` binding spans of ``claim`` in the evidence, as inference reads them."""
    return [w.text for w in plan_windows(claim, evidence, top=top, max_chars=MAX_CHARS).windows]


def premise_for(claim: str, evidence: list[str]) -> str | None:
    """The best binding span of ``claim`` in the evidence, or ``None`` when none binds."""
    found = premises_for(claim, evidence)
    return found[0] if found else None


def _sentences(doc: str) -> list[str]:
    return [s.text for s in evidence_sentences([doc], max_chars=MAX_CHARS)]


def negate(s: str) -> str | None:
    """``s`` with the polarity of an auxiliary turned: "was not" → "was" when it has one,
    else its first auxiliary negated ("was" → "was not"); ``None`` without an auxiliary."""
    m = NEGATED.search(s)
    if m:
        return s[: m.start()] + m.group(1) + s[m.end():]
    m = _AUX.search(s)
    if m:
        return s[: m.end()] + " not" + s[m.end():]
    return None


def _antonym(s: str, rng: random.Random) -> str | None:
    pairs = _ANTONYMS[:]
    rng.shuffle(pairs)
    return replace_first(s, pairs)


def head_clause(s: str) -> str | None:
    """The part of ``s`` before its first comma, as a sentence, when it is a main clause of
    six words or more and at least three words follow; else ``None``."""
    head, sep, rest = s.partition(", ")
    if not sep or word_count(head) < 6 or word_count(rest) < 3:
        return None
    first = head.split()[0].lower().strip("\"'(")
    if first in _SUBORD or head.count('"') % 2:
        return None
    return head.rstrip(" ;:") + "."


def _fuse(a: str, b: str) -> str | None:
    if word_count(a) > 25 or word_count(b) > 25 or not b[:1].isupper():
        return None
    first = b.split()[0]
    if first not in ("The", "He", "She", "It", "They", "This", "His", "Her", "Their"):
        return None
    return a.rstrip(" .!;:") + ", and " + first.lower() + b[len(first):]


def _swap_anchor(s: str, others: list[str], rng: random.Random) -> str | None:
    """``s`` with one anchor replaced by an anchor of the same kind from ``others``."""
    mine = claim_anchors(s)
    if not mine:
        return None
    pool: dict[str, list[str]] = {}
    have = {a.text.lower() for a in mine}
    for o in others:
        for a in claim_anchors(o):
            if a.text.lower() not in have and a.text not in s:
                pool.setdefault(a.kind, []).append(a.text)
    rng.shuffle(mine)
    for a in mine:
        options = pool.get(a.kind)
        if options and a.text in s:
            new = rng.choice(options)
            return s.replace(a.text, new, 1)
    return None


def _swap_names(s: str) -> str | None:
    names = [a.text for a in claim_anchors(s) if a.kind == "name"]
    if len(names) < 2 or names[0] in names[1] or names[1] in names[0]:
        return None
    i, j = s.find(names[0]), s.find(names[1])
    if i < 0 or j < 0:
        return None
    tmp = s.replace(names[0], "\x00", 1).replace(names[1], names[0], 1)
    return tmp.replace("\x00", names[1], 1)


def _drop_qualifier(s: str) -> str | None:
    m = _QUAL.search(s)
    return s[: m.start()] + s[m.end():] if m else None


def _in_context(s: str, sents: list[str], rng: random.Random, source: str,
                paraphrases: int = 0) -> list[Pair]:
    """``s`` with the sentence next to it in its document as the premise (in document
    order, as a fused span reads): the claim ``s`` (or its leading clause) is still
    entailed, an anchor swapped or a negation inserted in it still is not. Our model
    learnt that a second sentence removes entailment; these pairs say it does not."""
    premise = _neighbour_premise(sents, sents.index(s), rng)
    if premise is None:
        return []
    return _in_premise(premise, s, [o for o in sents if o != s], rng, f"{source}:context",
                       paraphrases)


def _neighbour_premise(sents: list[str], k: int, rng: random.Random) -> str | None:
    """Sentence ``k`` beside one of its neighbours (chosen with ``rng``), in document order;
    ``None`` when no neighbour has 4–45 words or the two exceed :data:`MAX_CHARS`."""
    near = [j for j in (k - 1, k + 1) if 0 <= j < len(sents) and 4 <= word_count(sents[j]) <= 45]
    if not near:
        return None
    j = rng.choice(near)
    premise = f"{sents[min(j, k)]} {sents[max(j, k)]}"
    return premise if len(premise) <= MAX_CHARS else None


def _in_premise(premise: str, s: str, others: list[str], rng: random.Random, kind: str,
                paraphrases: int = 0) -> list[Pair]:
    """``s`` and its leading clause (entailed), ``s`` with an anchor swapped for one of
    ``others`` and with a negation inserted (not), each against ``premise``; ``kind`` the
    source label, suffixed ``_clause``, ``_swap``, ``_negation``; with ``paraphrases`` also
    ``s`` reworded (``_para``, entailed; drawn from its own generator so that the other
    pairs stay those of a run without it)."""
    out: list[Pair] = []
    for claim, label, suffix in ((s, ENT, ""), (head_clause(s), ENT, "_clause"),
                                 (_swap_anchor(s, others, rng), NOT_ENTAILED, "_swap"),
                                 (negate(s), CON, "_negation")):
        if claim and word_count(claim) >= 3:
            out.append(Pair(premise, claim, label, kind + suffix))
    if paraphrases:
        own = _own_rng(kind, s)
        claim = paraphrase(s, own, paraphrases)
        if claim and word_count(claim) >= 3:
            out.append(Pair(premise, claim, ENT, kind + "_para"))
            if paraphrases >= 2:
                out.extend(Pair(premise, bad, label, kind + suffix) for bad, label, suffix in (
                    (_swap_anchor(claim, others, own), NOT_ENTAILED, "_para_swap"),
                    (negate(claim), CON, "_para_negation")) if bad and word_count(bad) >= 3)
    return out


def _own_rng(kind: str, s: str) -> random.Random:
    """A generator seeded by the pair's kind and sentence (``random`` hashes a string seed
    with SHA-512: the same on every run)."""
    return random.Random(f"{kind}\x00{s}")


def _in_span(s: str, sents: list[str], rng: random.Random, source: str,
             paraphrases: int = 0) -> list[Pair]:
    """``s`` among two more sentences of its document, all three in document order, as a
    fused binding span of three reads: ``s`` first, in the middle or last; the two others
    its neighbours or sentences sharing a claim anchor with it (why a span fuses them).
    The claim ``s`` (or its leading clause) is still entailed; an anchor swapped for one of
    the *span's* other anchors, or a negation inserted, is not. Our model passed a
    sentence in the middle of three of its own document's sentences 80% of the time."""
    k = sents.index(s)
    mine = {a.text.lower() for a in claim_anchors(s)}
    sharing = [j for j, o in enumerate(sents) if j != k and 4 <= word_count(o) <= 45
               and mine & {a.text.lower() for a in claim_anchors(o)}]
    near = [j for j in (k - 2, k - 1, k + 1, k + 2) if 0 <= j < len(sents) and j != k
            and 4 <= word_count(sents[j]) <= 45]
    pool = sorted(set(sharing) | set(near))
    if len(pool) < 2:
        return []
    picked = sorted([k, *rng.sample(pool, 2)])
    premise = " ".join(sents[j] for j in picked)
    if len(premise) > MAX_CHARS:
        return []
    return _in_premise(premise, s, [sents[j] for j in picked if j != k], rng,
                       f"{source}:span3", paraphrases)


def document_pairs(doc: str, other_doc: str, rng: random.Random, source: str,
                   *, per_doc: int = 2, paraphrases: int = 0) -> list[Pair]:
    """Synthetic pairs from one document (``other_doc`` gives the neutral claims); with
    ``paraphrases`` also the meaning-preserving rewordings (:func:`paraphrase`), which
    leave every other pair as it is without them."""
    sents = _sentences(doc)
    usable = [s for s in sents if 6 <= word_count(s) <= 45 and not s.rstrip().endswith("?")]
    if not usable:
        return []
    out: list[Pair] = []

    def emit(claim: str | None, label: int, kind: str, ranks: int = 1) -> None:
        if not claim or word_count(claim) < 3:
            return
        for premise in premises_for(claim, [doc], top=ranks):
            out.append(Pair(premise, claim, label, f"{source}:{kind}"))

    for _ in range(per_doc):
        s = rng.choice(usable)
        others = [o for o in sents if o != s]
        emit(s, ENT, "identity")
        emit(head_clause(s), ENT, "clause")
        if len(usable) > 1:
            t = rng.choice([u for u in usable if u != s] or [s])
            a, b = (s, t) if sents.index(s) < sents.index(t) else (t, s)
            emit(_fuse(a, b), ENT, "fusion")
        emit(_swap_anchor(s, others, rng), NOT_ENTAILED, "anchor_swap", ranks=2)
        emit(negate(s), CON, "negation")
        emit(_antonym(s, rng), CON, "antonym")
        emit(_drop_qualifier(s), NOT_ENTAILED, "qualifier")
        emit(_swap_names(s), NOT_ENTAILED, "role_swap")
        if paraphrases:
            own = _own_rng(source, s)
            reworded = paraphrase(s, own, paraphrases)
            emit(reworded, ENT, "paraphrase")
            if paraphrases >= 2 and reworded:  # its own hard negatives: order decides nothing
                emit(_swap_anchor(reworded, others, own), NOT_ENTAILED, "para_swap", ranks=2)
                emit(negate(reworded), CON, "para_negation")
        out.extend(_in_context(s, sents, rng, source, paraphrases))
        out.extend(_in_span(s, sents, rng, source, paraphrases))
    other = [o for o in _sentences(other_doc) if 6 <= word_count(o) <= 40]
    if other:
        emit(rng.choice(other), NEU, "other_doc")
    return out


def _summ_rows(path: Path, start: int, stop: int) -> Iterator[tuple[int, dict[str, object]]]:
    if stop > HALU_DEV_END:
        raise ValueError("HaluEval rows 8,000 and above are reserved for testing")
    yield from read_rows(path, start, stop)


def _claims(answer: str, question: str = "") -> list[str]:
    """The claims inference verifies for ``answer``: :func:`certirag.claims.extract_claims`
    (atomic split, decontextualisation, yes/no and fragment statements), checkable ones."""
    return [c.text for c in extract_claims(answer, question=question) if c.kind == "claim"]


def _answer_pairs(evidence: str, right: str, hallucinated: str, question: str, source: str,
                  *, negatives: bool = True, faithful: bool = False) -> list[Pair]:
    """The right answer's claims (entailment) and, with ``negatives``, the claims only the
    hallucinated answer has (not entailed), each against its binding span in ``evidence``.
    With ``faithful``, a right claim that holds a name, figure or date the evidence does
    not contain at all is left out (:func:`certirag.checks.absent_anchor`): the label says
    "right", the evidence does not say it."""
    out: list[Pair] = []
    good = _claims(right, question)
    norm = {" ".join(c.lower().split()) for c in good}
    prepared = prepare_evidence([evidence]) if faithful and evidence.strip() else None
    for claim in good:
        if prepared is not None and absent_anchor(
                check_claim(claim, prepared, question=question), evidence) is not None:
            continue
        p = premise_for(claim, [evidence])
        if p is not None:
            out.append(Pair(p, claim, ENT, source))
    for claim in _claims(hallucinated, question) if negatives else ():
        if " ".join(claim.lower().split()) in norm:
            continue  # unchanged claim: not evidence of a hallucination
        p = premise_for(claim, [evidence])
        if p is not None:
            out.append(Pair(p, claim, NOT_ENTAILED, source))
    return out


def summarization_claim_pairs(path: Path, start: int, stop: int, *, negatives: bool = True,
                              faithful: bool = False) -> list[Pair]:
    """Right-summary claims (entailment) and, with ``negatives``, claims only the
    hallucinated summary has (not entailed), each against its binding span in the document.

    A hallucinated summary is written afresh, not edited from the right one: many of its
    claims are true paraphrases of the article, so "not entailed" is a noisy label there;
    ``negatives=False`` leaves them out and lets the synthetic hard negatives teach what a
    wrong value, name or polarity looks like.

    A right summary is a reference highlight, and about one in five holds a name, figure or
    date the article does not contain at all; trained as entailed, such claims teach the
    model the highlights' style, unsupported facts and all. ``faithful=True`` leaves them
    out (see :func:`_answer_pairs`)."""
    out: list[Pair] = []
    for _, row in _summ_rows(path, start, stop):
        out += _answer_pairs(str(row["document"]), str(row["right_summary"]),
                             str(row["hallucinated_summary"]), "", "summarization",
                             negatives=negatives, faithful=faithful)
    return out


def qa_claim_pairs(path: Path, start: int, stop: int) -> list[Pair]:
    """QA answers' claims, read with their question as inference reads them."""
    if stop > HALU_DEV_END:
        raise ValueError("HaluEval rows 8,000 and above are reserved for testing")
    out: list[Pair] = []
    for _, row in read_rows(path, start, stop):
        out += _answer_pairs(str(row["knowledge"]), str(row["right_answer"]),
                             str(row["hallucinated_answer"]), str(row["question"]), "qa")
    return out


def reorder_pairs(doc: str, source: str, other_doc: str = "") -> list[Pair]:
    """Every sentence of ``doc`` that an edit of :mod:`certirag.train.reorder` rewords (a
    time phrase moved, an age, a caption's heading or an adjective dropped), reworded:
    entailed by its binding span and beside a neighbour (``reorder``, ``reorder_context``), and the
    reworded sentence with an anchor swapped, a negation inserted, a detail of a
    sentence of ``other_doc`` added, one of its words put for one of the sentence's, or
    a quantifier or modal widened, not (``_swap``, ``_negation``, ``_added``,
    ``_substituted``, ``_widened``), so that neither word order nor a dropped word
    decides, and nothing added, changed or widened passes. Each
    sentence draws from its own generator: the pairs are a function of the documents."""
    sents = _sentences(doc)
    donors = [o for o in _sentences(other_doc) if 6 <= word_count(o) <= 45]
    out: list[Pair] = []
    for k, s in enumerate(sents):
        if not 6 <= word_count(s) <= 45 or s.rstrip().endswith("?"):
            continue
        own = _own_rng(f"{source}:reorder", s)
        moves: list[Callable[[str], str | None]] = [
            partial(reorder.front_time, rng=own), reorder.back_time, reorder.drop_age,
            reorder.drop_label, reorder.drop_modifier]
        own.shuffle(moves)
        new = next((m for m in (move(s) for move in moves) if m and word_count(m) >= 4), None)
        if new is None:
            continue
        others = [o for o in sents if o != s]
        donor = own.choice(donors) if donors else ""
        added = reorder.add_detail(new, donor) if donor else None
        changed = reorder.substitute(new, donor, own) if donor else None
        claims = [(claim, label, suffix) for claim, label, suffix in (
            (new, ENT, ""), (_swap_anchor(new, others, own), NOT_ENTAILED, "_swap"),
            (negate(new), CON, "_negation"), (added, NOT_ENTAILED, "_added"),
            (changed, NOT_ENTAILED, "_substituted"),
            (reorder.widen(new), NOT_ENTAILED, "_widened")) if claim and word_count(claim) >= 3]
        for claim, label, suffix in claims:
            out.extend(Pair(p, claim, label, f"{source}:reorder{suffix}")
                       for p in premises_for(claim, [doc], top=2 if suffix else 1))
        premise = _neighbour_premise(sents, k, own)
        if premise is not None:
            out.extend(Pair(premise, claim, label, f"{source}:reorder_context{suffix}")
                       for claim, label, suffix in claims)
    return out


def synthetic_pairs(path: Path, field: str, start: int, stop: int, seed: int,
                    source: str, per_doc: int, paraphrases: int = 0) -> list[Pair]:
    """:func:`document_pairs` of every document of rows ``[start, stop)``, and at
    ``paraphrases`` level 2 its :func:`reorder_pairs` too."""
    if stop > HALU_DEV_END:
        raise ValueError("HaluEval rows 8,000 and above are reserved for testing")
    docs = [str(row[field]) for _, row in read_rows(path, start, stop)]
    rng = random.Random(seed)
    out: list[Pair] = []
    for i, doc in enumerate(docs):
        other = docs[(i + 1 + rng.randrange(max(1, len(docs) - 1))) % len(docs)]
        out.extend(document_pairs(doc, other, rng, source, per_doc=per_doc,
                                  paraphrases=paraphrases))
        if paraphrases >= 2:
            out.extend(reorder_pairs(doc, source, other))
    return out


def voice_rows(data_dir: Path, start: int, stop: int, seed: int, passes: int = 1
               ) -> list[Pair]:
    """:func:`certirag.train.voice.document_voice_pairs` of the QA knowledge passages and
    summarization documents of rows ``[start, stop)``, ``passes`` times with generators
    seeded apart (each pass draws its own forms and negatives)."""
    if stop > HALU_DEV_END:
        raise ValueError("HaluEval rows 8,000 and above are reserved for testing")
    out: list[Pair] = []
    for k in range(passes):
        rng = random.Random(f"voice\x00{seed}\x00{k}")
        for field, name in (("knowledge", "qa"), ("document", "summarization")):
            for _, row in read_rows(data_dir / "halueval" / f"{name}.jsonl", start, stop):
                out += document_voice_pairs(_sentences(str(row[field])), rng, f"syn_{name}",
                                            max_chars=MAX_CHARS)
    return out


def build_bind_splits(data_dir: Path, *, seed: int, snli_limit: int = 40_000,
                      summ_docs: int = HALU_TRAIN_END, qa_docs: int = HALU_TRAIN_END,
                      per_doc: int = 2, summ_negatives: bool = True,
                      paraphrases: int = 0, voice: int = 0,
                      faithful_positives: bool = False
                      ) -> tuple[list[Pair], dict[str, list[Pair]]]:
    """(train pairs shuffled with ``seed``, dev pairs by source) for recipe ``bind``;
    ``summ_negatives``: see :func:`summarization_claim_pairs` (the dev pairs keep them);
    ``paraphrases``: the synthetic rewordings of :func:`paraphrase` at that level (0: none;
    train and dev);
    ``voice``: passes of :func:`voice_rows` over the training rows (0: none), and a dev
    source ``voice`` from the dev rows; ``faithful_positives``: no right-summary claim that
    holds something absent from its article (:func:`summarization_claim_pairs`; the dev
    pairs keep them)."""
    snli = data_dir / "snli" / "train.jsonl"
    qa = data_dir / "halueval" / "qa.jsonl"
    summ = data_dir / "halueval" / "summarization.jsonl"
    rng = random.Random(seed)
    snli_train = snli_pairs(snli, 0, SNLI_DEV_START)
    rng.shuffle(snli_train)
    train = snli_train[:snli_limit]
    train += qa_claim_pairs(qa, 0, HALU_TRAIN_END)
    train += summarization_claim_pairs(summ, 0, HALU_TRAIN_END, negatives=summ_negatives,
                                       faithful=faithful_positives)
    train += synthetic_pairs(summ, "document", 0, summ_docs, seed, "syn_summ", per_doc,
                             paraphrases)
    train += synthetic_pairs(qa, "knowledge", 0, qa_docs, seed + 1, "syn_qa", 1, paraphrases)
    if voice:
        train += voice_rows(data_dir, 0, HALU_TRAIN_END, seed, voice)
    rng.shuffle(train)
    dev = bind_dev(data_dir, seed=seed, paraphrases=paraphrases)
    if voice:
        dev["voice"] = voice_dev(data_dir, seed=seed)
    return as_read(train), dev


def voice_dev(data_dir: Path, *, seed: int) -> list[Pair]:
    """The dev pairs of ``--voice``: one pass of :func:`voice_rows` over the dev rows."""
    return as_read(voice_rows(data_dir, HALU_TRAIN_END, HALU_DEV_END, seed + 2))


def as_read(pairs: list[Pair]) -> list[Pair]:
    """``pairs`` as inference reads them under the scorer version certificates record: the
    premise by :func:`certirag.bound.model_reading`, the hypothesis against it by
    :func:`certirag.bound.claim_reading` (one notation; a negated claim as the opposite its
    premise states)."""
    out = []
    for p in pairs:
        premise = model_reading(p.premise, scorer=SCORER_VERSION)
        out.append(dataclasses.replace(p, premise=premise, hypothesis=claim_reading(
            p.hypothesis, premise, scorer=SCORER_VERSION)))
    return out


def bind_dev(data_dir: Path, *, seed: int, paraphrases: int = 0
             ) -> dict[str, list[Pair]]:
    """The dev pairs of recipe ``bind``, by source (SNLI train lines 97,000–99,999 and
    HaluEval rows 7,000–7,999)."""
    snli = data_dir / "snli" / "train.jsonl"
    qa = data_dir / "halueval" / "qa.jsonl"
    summ = data_dir / "halueval" / "summarization.jsonl"
    return {source: as_read(pairs) for source, pairs in {
        "snli": snli_pairs(snli, SNLI_DEV_START, 100_000),
        "qa": qa_claim_pairs(qa, HALU_TRAIN_END, HALU_DEV_END),
        "summarization": summarization_claim_pairs(summ, HALU_TRAIN_END, HALU_DEV_END),
        "synthetic": synthetic_pairs(summ, "document", HALU_TRAIN_END, HALU_DEV_END, seed + 2,
                                     "syn_summ", 1, paraphrases),
    }.items()}

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

from certirag.checks import absent_anchor, check_claim, prepare_evidence
from certirag.claims import extract_claims
from certirag.text.notation import model_text
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
from certirag.train.voice import document_voice_pairs
from certirag.verifiers.binding import claim_anchors, evidence_sentences, plan_windows

__all__ = ["MAX_CHARS", "as_read", "bind_dev", "build_bind_splits", "document_pairs", "negate",
           "paraphrase", "premise_for", "premises_for", "voice_dev",
           "voice_rows"]

#: Evidence characters per span at training time (what 256 tokens hold beside a claim).
MAX_CHARS = 700

_WORD = re.compile(r"\w+")
_AUX = re.compile(r"\b(is|was|are|were|has|have|had|will|can|could|would|should|did|does|do)"
                  r"\b(?! not\b)")
_NOT = re.compile(r"\b(is|was|are|were|has|have|had|will|can|could|would|should|did|does|do)"
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


def _words(text: str) -> int:
    return len(_WORD.findall(text))


def negate(s: str) -> str | None:
    """``s`` with the polarity of an auxiliary turned: "was not" → "was" when it has one,
    else its first auxiliary negated ("was" → "was not"); ``None`` without an auxiliary."""
    m = _NOT.search(s)
    if m:
        return s[: m.start()] + m.group(1) + s[m.end():]
    m = _AUX.search(s)
    if m:
        return s[: m.end()] + " not" + s[m.end():]
    return None


def _antonym(s: str, rng: random.Random) -> str | None:
    pairs = _ANTONYMS[:]
    rng.shuffle(pairs)
    return _replace_first(s, pairs)


def _replace_first(s: str, pairs: list[tuple[str, str]] | tuple[tuple[str, str], ...]
                   ) -> str | None:
    """``s`` with the first word of ``pairs`` it holds (either side of a pair, in the
    pairs' order) replaced by the other side; ``None`` when it holds none."""
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            m = re.search(rf"\b{re.escape(x)}\b", s)
            if m:
                return s[: m.start()] + y + s[m.end():]
    return None


def _clause(s: str) -> str | None:
    head, sep, rest = s.partition(", ")
    if not sep or _words(head) < 6 or _words(rest) < 3:
        return None
    first = head.split()[0].lower().strip("\"'(")
    if first in _SUBORD or head.count('"') % 2:
        return None
    return head.rstrip(" ;:") + "."


def _fuse(a: str, b: str) -> str | None:
    if _words(a) > 25 or _words(b) > 25 or not b[:1].isupper():
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


# -------------------------------------------------------------- meaning-preserving edits

#: Words that make a sentence's clauses downward-entailing or its scope fragile: a
#: sentence with one is not reworded (dropping words under "not" or "only" can change
#: what it says).
_FRAGILE = re.compile(r"\b(?:not|no|never|none|nobody|nothing|neither|nor|only|without|few|"
                      r"fewer|less|least|unless|if|any|cannot|lack\w*|fail\w*|den(?:y|ied|ies)|"
                      r"refus\w*|reject\w*|doubt\w*|allegedly|reportedly|may|might|could|"
                      r"would|should|whether|rumou?r\w*|claim\w*)\b|n't\b", re.IGNORECASE)
_DISCOURSE = re.compile(r"^(?:In fact|Indeed|However|But|And|Meanwhile|Also|Still|Now|"
                        r"Moreover|Furthermore|Additionally|In addition|Yet|So|Then|Instead|"
                        r"Nevertheless|Nonetheless|Similarly|Likewise|Of course),?\s+(?=\w)")
_MID_ADVERB = re.compile(r" (?:also|now|still|already|currently|actually|really|recently|"
                         r"once again|again)(?= \w)")
_IRREGULAR = ("said told made taken given seen found won lost become left built brought "
              "bought caught chosen done drawn driven eaten fallen felt fought forgotten "
              "gotten grown heard held hit hurt kept known laid led met paid put read run "
              "sent set shot shown shut sold spent spoken stolen struck sworn taught thought "
              "thrown understood woken worn written").split()
_PARTICIPLE = r"(?:\w+ed|" + "|".join(_IRREGULAR) + r")"
_PERFECT = re.compile(rf"(?<!\bto )\b(has|have|had) (been )?({_PARTICIPLE})\b")
_COORD = re.compile(rf"\b(was|were|been|is|are|be) ({_PARTICIPLE}) and ({_PARTICIPLE})\b")
_RELATIVE = re.compile(r", (?:who|which|whose) ")
_SAID_AFTER = re.compile(r"^(?P<y>[A-Z].{20,}?), (?P<x>(?:[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3})|"
                         r"(?:police|officials|authorities|the [a-z][\w '-]{2,40})) "
                         r"(?:said|says)\.$")
_SAID_BEFORE = re.compile(r"^(?P<x>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}) (?:said|says) "
                          r"(?:that )?(?P<y>[a-zA-Z].{20,})\.$")
_CONTRACTIONS = (("could not", "couldn't"), ("did not", "didn't"), ("does not", "doesn't"),
                 ("do not", "don't"), ("is not", "isn't"), ("was not", "wasn't"),
                 ("were not", "weren't"), ("has not", "hasn't"), ("have not", "haven't"),
                 ("will not", "won't"), ("would not", "wouldn't"), ("cannot", "can't"))


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _drop_discourse(s: str) -> str | None:
    m = _DISCOURSE.match(s)
    if m:
        return _cap(s[m.end():])
    m = _MID_ADVERB.search(s)
    return s[: m.start()] + s[m.end():] if m else None


def _simple_past(s: str) -> str | None:
    """"has been charged" → "was charged", "have said" → "said"."""
    m = _PERFECT.search(s)
    if not m:
        return None
    aux, been, part = m.group(1), m.group(2), m.group(3)
    if been:
        plural = aux == "have" or (aux == "had" and s[: m.start()].rstrip().lower().endswith(
            ("they", "we", "you")))
        new = ("were " if plural else "was ") + part
    else:
        new = part
    return s[: m.start()] + new + s[m.end():]


def _drop_coordinate(s: str, rng: random.Random) -> str | None:
    """"was fired and charged" → "was charged" (or "was fired")."""
    m = _COORD.search(s)
    if not m:
        return None
    keep = m.group(2) if rng.random() < 0.5 else m.group(3)
    return s[: m.start()] + f"{m.group(1)} {keep}" + s[m.end():]


def _drop_relative(s: str) -> str | None:
    """A non-restrictive relative clause dropped: "X, who is 30, said Y" → "X said Y"."""
    m = _RELATIVE.search(s)
    if not m or s[: m.start()].count('"') % 2:
        return None
    comma = s.find(",", m.end())
    if comma >= 0 and ("," in s[: m.start()] or not s[comma + 1:].lstrip()[:1].islower()):
        return None  # only "Subject, who …, verb …": a later comma may end something else
    if comma < 0:
        rest = s[m.end():].rstrip()
        return s[: m.start()] + "." if rest.endswith(".") and '"' not in rest else None
    return s[: m.start()] + s[comma + 1:]


def _move_attribution(s: str) -> str | None:
    """"Y, police said." → "According to police, y." and "X said Y." → "Y, X said."."""
    m = _SAID_AFTER.match(s)
    if m and '"' not in m.group("y"):
        y = m.group("y")
        y = y[:1].lower() + y[1:] if not y.split()[0][1:].isupper() and y[:2] != "I " else y
        return f"According to {m.group('x')}, {y}."
    m = _SAID_BEFORE.match(s)
    if m and '"' not in m.group("y") and m.group("x").split()[0] not in ("He", "She", "It",
                                                                         "They", "We", "I"):
        return f"{_cap(m.group('y'))}, {m.group('x')} said."
    return None


def _contraction(s: str) -> str | None:
    return _replace_first(s, _CONTRACTIONS)


def paraphrase(s: str, rng: random.Random) -> str | None:
    """``s`` reworded without changing what it says, by one or two edits chosen at random
    among those that apply (see the module docstring); ``None`` when none applies. A
    contraction is the only edit made to a sentence with a negation, modal, hedge or
    "only"-like word, where dropping words could change its meaning."""
    if _FRAGILE.search(s):
        return _contraction(s)
    edits: list[Callable[[str], str | None]] = [
        _drop_discourse, _simple_past, _drop_relative, _move_attribution,
        partial(_drop_coordinate, rng=rng)]
    rng.shuffle(edits)
    out, done = s, 0
    for edit in edits:
        new = edit(out)
        if new and new != out and _words(new) >= 4:
            out, done = new, done + 1
            if done == 2 or rng.random() < 0.5:
                break
    return out if done else None


def _in_context(s: str, sents: list[str], rng: random.Random, source: str,
                paraphrases: bool = False) -> list[Pair]:
    """``s`` with the sentence next to it in its document as the premise (in document
    order, as a fused span reads): the claim ``s`` (or its leading clause) is still
    entailed, an anchor swapped or a negation inserted in it still is not. Our model
    learnt that a second sentence removes entailment; these pairs say it does not."""
    k = sents.index(s)
    near = [j for j in (k - 1, k + 1) if 0 <= j < len(sents) and 4 <= _words(sents[j]) <= 45]
    if not near:
        return []
    j = rng.choice(near)
    premise = f"{sents[min(j, k)]} {sents[max(j, k)]}"
    if len(premise) > MAX_CHARS:
        return []
    return _in_premise(premise, s, [o for o in sents if o != s], rng, f"{source}:context",
                       paraphrases)


def _in_premise(premise: str, s: str, others: list[str], rng: random.Random, kind: str,
                paraphrases: bool = False) -> list[Pair]:
    """``s`` and its leading clause (entailed), ``s`` with an anchor swapped for one of
    ``others`` and with a negation inserted (not), each against ``premise``; ``kind`` the
    source label, suffixed ``_clause``, ``_swap``, ``_negation``; with ``paraphrases`` also
    ``s`` reworded (``_para``, entailed; drawn from its own generator so that the other
    pairs stay those of a run without it)."""
    out: list[Pair] = []
    for claim, label, suffix in ((s, ENT, ""), (_clause(s), ENT, "_clause"),
                                 (_swap_anchor(s, others, rng), NOT_ENTAILED, "_swap"),
                                 (negate(s), CON, "_negation")):
        if claim and _words(claim) >= 3:
            out.append(Pair(premise, claim, label, kind + suffix))
    if paraphrases:
        claim = paraphrase(s, _own_rng(kind, s))
        if claim and _words(claim) >= 3:
            out.append(Pair(premise, claim, ENT, kind + "_para"))
    return out


def _own_rng(kind: str, s: str) -> random.Random:
    """A generator seeded by the pair's kind and sentence (``random`` hashes a string seed
    with SHA-512: the same on every run)."""
    return random.Random(f"{kind}\x00{s}")


def _in_span(s: str, sents: list[str], rng: random.Random, source: str,
             paraphrases: bool = False) -> list[Pair]:
    """``s`` among two more sentences of its document, all three in document order, as a
    fused binding span of three reads: ``s`` first, in the middle or last; the two others
    its neighbours or sentences sharing a claim anchor with it (why a span fuses them).
    The claim ``s`` (or its leading clause) is still entailed; an anchor swapped for one of
    the *span's* other anchors, or a negation inserted, is not. Our model passed a
    sentence in the middle of three of its own document's sentences 80% of the time."""
    k = sents.index(s)
    mine = {a.text.lower() for a in claim_anchors(s)}
    sharing = [j for j, o in enumerate(sents) if j != k and 4 <= _words(o) <= 45
               and mine & {a.text.lower() for a in claim_anchors(o)}]
    near = [j for j in (k - 2, k - 1, k + 1, k + 2) if 0 <= j < len(sents) and j != k
            and 4 <= _words(sents[j]) <= 45]
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
                   *, per_doc: int = 2, paraphrases: bool = False) -> list[Pair]:
    """Synthetic pairs from one document (``other_doc`` gives the neutral claims); with
    ``paraphrases`` also the meaning-preserving rewordings (:func:`paraphrase`), which
    leave every other pair as it is without them."""
    sents = _sentences(doc)
    usable = [s for s in sents if 6 <= _words(s) <= 45 and not s.rstrip().endswith("?")]
    if not usable:
        return []
    out: list[Pair] = []

    def emit(claim: str | None, label: int, kind: str, ranks: int = 1) -> None:
        if not claim or _words(claim) < 3:
            return
        for premise in premises_for(claim, [doc], top=ranks):
            out.append(Pair(premise, claim, label, f"{source}:{kind}"))

    for _ in range(per_doc):
        s = rng.choice(usable)
        others = [o for o in sents if o != s]
        emit(s, ENT, "identity")
        emit(_clause(s), ENT, "clause")
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
            emit(paraphrase(s, _own_rng(source, s)), ENT, "paraphrase")
        out.extend(_in_context(s, sents, rng, source, paraphrases))
        out.extend(_in_span(s, sents, rng, source, paraphrases))
    other = [o for o in _sentences(other_doc) if 6 <= _words(o) <= 40]
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


def synthetic_pairs(path: Path, field: str, start: int, stop: int, seed: int,
                    source: str, per_doc: int, paraphrases: bool = False) -> list[Pair]:
    if stop > HALU_DEV_END:
        raise ValueError("HaluEval rows 8,000 and above are reserved for testing")
    docs = [str(row[field]) for _, row in read_rows(path, start, stop)]
    rng = random.Random(seed)
    out: list[Pair] = []
    for i, doc in enumerate(docs):
        other = docs[(i + 1 + rng.randrange(max(1, len(docs) - 1))) % len(docs)]
        out.extend(document_pairs(doc, other, rng, source, per_doc=per_doc,
                                  paraphrases=paraphrases))
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
                      paraphrases: bool = False, voice: int = 0,
                      faithful_positives: bool = False
                      ) -> tuple[list[Pair], dict[str, list[Pair]]]:
    """(train pairs shuffled with ``seed``, dev pairs by source) for recipe ``bind``;
    ``summ_negatives``: see :func:`summarization_claim_pairs` (the dev pairs keep them);
    ``paraphrases``: the synthetic rewordings of :func:`paraphrase` (train and dev);
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
    """``pairs`` as inference reads them: both sides in the scorer's one notation
    (:func:`certirag.text.notation.model_text`)."""
    return [dataclasses.replace(p, premise=model_text(p.premise),
                                hypothesis=model_text(p.hypothesis)) for p in pairs]


def bind_dev(data_dir: Path, *, seed: int, paraphrases: bool = False
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

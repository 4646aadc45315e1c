"""Synthetic training pairs of the binding recipe (certirag.train.bind_data): pure Python,
deterministic for a seed, premises as inference reads them."""

from __future__ import annotations

import random

from certirag.train.bind_data import ENT, MAX_CHARS, document_pairs
from certirag.train.nli_data import NOT_ENTAILED

DOC = ("Greenfield Energy was founded in 2005 in Leeds by Sarah Holt. The company went "
       "public in 2016 and now employs 300 people. It operates 14 wind farms across northern "
       "England. Its chief executive, Tom Price, joined the firm in 2012 from BP. The firm "
       "was not profitable until 2018, when revenue rose to £40 million.")
OTHER = "The museum opens at 10am on weekdays and at noon on Sundays for visitors."


def _pairs(seed: int) -> list[tuple[str, str, int, str]]:
    return [(p.premise, p.hypothesis, p.label, p.source)
            for p in document_pairs(DOC, OTHER, random.Random(seed), "syn", per_doc=3)]


def test_pairs_are_a_function_of_the_seed() -> None:
    assert _pairs(7) == _pairs(7)


def test_a_sentence_in_context_is_still_entailed_and_its_edits_are_not() -> None:
    pairs = [p for seed in range(6) for p in _pairs(seed)]
    context = [p for p in pairs if p[3].startswith("syn:context")]
    assert context
    kinds = {p[3] for p in context}
    assert {"syn:context", "syn:context_swap"} <= kinds
    for premise, claim, label, kind in context:
        assert len(premise) <= MAX_CHARS
        if kind in ("syn:context", "syn:context_clause"):
            assert label == ENT and claim.rstrip(".") in premise  # the claim's own sentence
        else:
            assert label != ENT
        # two sentences of the document, in document order
        assert premise in {f"{a} {b}" for a, b in zip(_sents(), _sents()[1:], strict=False)}
    assert any(label == NOT_ENTAILED for _, _, label, _ in context)


def _sents() -> list[str]:
    from certirag.train.bind_data import _sentences

    return _sentences(DOC)


def test_a_sentence_in_a_three_sentence_span_is_still_entailed_and_its_edits_are_not() -> None:
    pairs = [p for seed in range(6) for p in _pairs(seed)]
    span3 = [p for p in pairs if p[3].startswith("syn:span3")]
    assert {"syn:span3", "syn:span3_swap", "syn:span3_negation"} <= {p[3] for p in span3}
    sents = _sents()
    for premise, claim, label, kind in span3:
        assert len(premise) <= MAX_CHARS
        # three sentences of the document, in document order
        assert premise in {" ".join(sents[j] for j in (a, b, c))
                           for a in range(len(sents)) for b in range(a + 1, len(sents))
                           for c in range(b + 1, len(sents))}
        if kind in ("syn:span3", "syn:span3_clause"):
            assert label == ENT and claim.rstrip(".") in premise
        else:
            assert label != ENT and claim not in premise
    # a sentence in the middle of its span is among them
    assert any(not premise.startswith(claim) and not premise.endswith(claim)
               for premise, claim, _, kind in span3 if kind == "syn:span3")

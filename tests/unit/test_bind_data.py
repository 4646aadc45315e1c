"""Synthetic training pairs of the binding recipe (certirag.train.bind_data): pure Python,
deterministic for a seed, premises as inference reads them."""

from __future__ import annotations

import json
import random
from pathlib import Path

from certirag.train import bind_data
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


# ------------------------------------------------------------ meaning-preserving rewordings


def _para(s: str, seed: int = 0) -> str | None:
    from certirag.train.bind_data import paraphrase

    return paraphrase(s, random.Random(seed))


def test_paraphrase_edits_keep_the_meaning() -> None:
    from certirag.train.rewordings import (
        _drop_coordinate,
        _drop_discourse,
        _drop_relative,
        _move_attribution,
        _simple_past,
    )

    assert _simple_past("Slager has been fired by the city.") == "Slager was fired by the city."
    assert _simple_past("The others have been released.") == "The others were released."
    assert _simple_past("The council has said it will appeal.") == \
        "The council said it will appeal."
    assert _simple_past("Getty appears to have died of natural causes.") is None
    assert _drop_discourse("But the ship was a yacht.") == "The ship was a yacht."
    assert _drop_discourse("The firm now employs 300 people.") == "The firm employs 300 people."
    assert _drop_relative("Tom Price, who joined in 2012, runs the firm.") == \
        "Tom Price runs the firm."
    assert _drop_relative("The fire was put out by crews, which took hours.") == \
        "The fire was put out by crews."
    # a later comma may close an apposition, not the clause: left alone
    assert _drop_relative("It was named by the service, which calls it a name, Chedeng.") is None
    assert _move_attribution("The student admitted it, the university said.") == \
        "According to the university, the student admitted it."
    assert _move_attribution("Pemex said the workers were injured in the blaze.") == \
        "The workers were injured in the blaze, Pemex said."
    assert _move_attribution("He said the plan was sound and fair.") is None
    coordinated = _drop_coordinate("Slager was fired and charged with murder.",
                                   random.Random(1))
    assert coordinated in ("Slager was fired with murder.", "Slager was charged with murder.")


def test_a_fragile_sentence_is_only_contracted() -> None:
    # a negation, modal, hedge or "only" scopes over what an edit would drop
    assert _para("The company has not been profitable, the report said.") == \
        "The company hasn't been profitable, the report said."
    assert _para("Officials reportedly have been fired.") is None
    assert _para("Only the mayor has been charged, police said.") is None


def test_paraphrase_pairs_are_entailed_and_leave_the_other_pairs_unchanged() -> None:
    for seed in range(4):
        plain = document_pairs(DOC, OTHER, random.Random(seed), "syn", per_doc=3)
        more = document_pairs(DOC, OTHER, random.Random(seed), "syn", per_doc=3,
                              paraphrases=True)
        assert [p for p in more if not p.source.endswith(("paraphrase", "_para"))] == plain
    pairs = [p for seed in range(6) for p in document_pairs(
        DOC, OTHER, random.Random(seed), "syn", per_doc=3, paraphrases=True)]
    para = [p for p in pairs if p.source.endswith(("paraphrase", "_para"))]
    assert para and all(p.label == ENT and p.hypothesis not in p.premise for p in para)


def test_faithful_positives_leave_out_a_right_claim_the_article_does_not_support(
        tmp_path: Path) -> None:
    article = ("Julie McKenzie, 53, had back pain for years. Doctors in Hertford found a "
               "tumour in March. She is now recovering at home.")
    row = {"document": article,
           "right_summary": "Julie McKenzie, 53, from Bushey, had back pain. Doctors found a "
                            "tumour in March.",
           "hallucinated_summary": "Julie McKenzie had back pain."}
    path = tmp_path / "summarization.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    every = [p.hypothesis for p in bind_data.summarization_claim_pairs(path, 0, 1,
                                                                       negatives=False)]
    kept = [p.hypothesis for p in bind_data.summarization_claim_pairs(
        path, 0, 1, negatives=False, faithful=True)]
    assert any("Bushey" in h for h in every)  # the label says right
    assert not any("Bushey" in h for h in kept)  # the article never names Bushey
    assert any("tumour" in h for h in kept)

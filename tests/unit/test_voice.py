"""Voice-change training pairs (certirag.train.voice): what the patterns read, what they
refuse, and the labels of the pairs they make. Pure Python, deterministic for a seed."""

from __future__ import annotations

import random

import pytest

from certirag.train.nli_data import NOT_ENTAILED
from certirag.train.voice import ENT, document_voice_pairs, voice_pairs, voices

FILM = "Inception is a 2010 science fiction film written and directed by Christopher Nolan."
SENTS = [FILM, "It stars Leonardo DiCaprio as a thief.",
         "The Dark Knight is a 2008 superhero film directed by Christopher Nolan and "
         "produced by Emma Thomas.", "Heat is a 1995 crime film directed by Michael Mann."]
DOC = (FILM + " It stars Leonardo DiCaprio as a thief. The Dark Knight is a 2008 superhero "
       "film directed by Christopher Nolan and produced by Emma Thomas. Heat is a 1995 crime "
       "film directed by Michael Mann.")


@pytest.mark.parametrize(("sentence", "expected"), [
    (FILM, [("Christopher Nolan", "written", "Inception", False),
            ("Christopher Nolan", "directed", "Inception", False)]),
    ("The Hobbit was written by J. R. R. Tolkien.",
     [("J. R. R. Tolkien", "written", "The Hobbit", False)]),
    ("Hansa Records is owned by Sony Music.", [("Sony Music", "owned", "Hansa Records", True)]),
    ("Iron Man is starring Robert Downey Jr.",
     [("Robert Downey Jr.", "starring", "Iron Man", False)]),
    ("Sonny is a 2002 crime film starring James Franco, Brenda Blethyn and Mena Suvari.",
     [("James Franco", "starring", "Sonny", False), ("Brenda Blethyn", "starring", "Sonny", False),
      ("Mena Suvari", "starring", "Sonny", False)]),
])
def test_passive_statements_of_agency_are_read(sentence: str,
                                               expected: list[tuple[str, str, str, bool]]
                                               ) -> None:
    assert voices(sentence) == expected


@pytest.mark.parametrize("sentence", [
    # "American" is an adjective of the agent's noun phrase, not the agent
    "Inheritance is a 2011 novel written by American author Christopher Paolini.",
    # a common-noun subject names nothing
    "The film was directed by Christopher Nolan.",
    "It was directed by Christopher Nolan.",
    # no agent
    "Inception was released in 2010.",
    # two names run together without a comma
    "Girls is a 1978 film starring Desi Arnaz Jr. Bess Armstrong.",
])
def test_sentences_the_patterns_do_not_read_exactly_yield_nothing(sentence: str) -> None:
    assert voices(sentence) == []
    assert voice_pairs(sentence, [], random.Random(0), "syn") == []


def test_restatements_are_entailed_and_the_negatives_change_who_or_what() -> None:
    seen: dict[str, set[str]] = {}
    for seed in range(40):
        for p in voice_pairs(FILM, [DOC], random.Random(seed), "syn"):
            seen.setdefault(p.source, set()).add(p.hypothesis)
            assert p.premise == FILM
            assert p.label == (ENT if p.source == "syn:voice" else NOT_ENTAILED)
    assert {"Christopher Nolan directed Inception.", "Christopher Nolan wrote Inception.",
            "Inception was directed by Christopher Nolan.",
            "Christopher Nolan was the director of Inception."} <= seen["syn:voice"]
    # another name of the same document in the agent's place
    assert seen["syn:voice_swap"] & {"Michael Mann directed Inception.",
                                     "Emma Thomas directed Inception.",
                                     "Inception was directed by Michael Mann."}
    # agent and subject exchanged
    assert seen["syn:voice_roles"] & {"Inception directed Christopher Nolan.",
                                      "Christopher Nolan was directed by Inception."}
    # a verb of the family the sentence does not state; never one it does
    verbs = seen["syn:voice_verb"]
    assert verbs
    assert not verbs & seen["syn:voice"]
    assert not any(v.startswith("Christopher Nolan wrote") for v in verbs)
    # no positive or negative names a word of the sentence that is no name
    for hyps in seen.values():
        assert not any(h.startswith(("American", "Leonardo DiCaprio directed")) for h in hyps
                       if h not in seen["syn:voice_swap"])


def test_document_pairs_are_a_function_of_the_seed_and_spans_are_in_order() -> None:
    def run(seed: int) -> list[tuple[str, str, int, str]]:
        return [(p.premise, p.hypothesis, p.label, p.source)
                for p in document_voice_pairs(SENTS, random.Random(seed), "syn")]

    assert run(3) == run(3)
    pairs = [p for seed in range(10) for p in run(seed)]
    premises = {p[0] for p in pairs}
    # the sentence alone, or beside its neighbour in document order
    assert FILM in premises
    assert any(pr.startswith(FILM + " It stars") for pr in premises)
    for premise, claim, label, _ in pairs:
        if label == ENT:
            names = [n for n in ("Christopher Nolan", "Emma Thomas", "Michael Mann")
                     if n in claim]
            assert names and all(n in premise for n in names)

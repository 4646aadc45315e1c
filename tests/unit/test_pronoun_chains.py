"""Pronoun chains and relatives in binding spans (scorer v4).

A run of sentences about one person who is named only before it ("Marie Curie was born …
She moved … In 1903 she shared … She won …") is read from the sentence that names her, however
long the run; a sentence about someone's relative ("Her brother, Rui Silva, was born …") states
its values of the relative, not of the person its pronoun names.
"""

from __future__ import annotations

import pytest

from certirag.bound import BIND_MAX_CHARS, SCORER_VERSION, binding_finding, model_premise
from certirag.certify import issue_certificate
from certirag.certify.keys import Signer
from certirag.config import Settings
from certirag.pipeline import verify
from certirag.schemas import Decision, Evidence
from certirag.testing import FakeVerifier
from certirag.verifiers.binding import antecedent, plan_windows

CURIE = ("Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891 to study at the "
         "Sorbonne. In 1903 she shared the Nobel Prize in Physics. She won the Nobel Prize in "
         "Chemistry in 1911.")
LEE = ("Ann Lee is a chemist. She was born in Leeds. She studied at Oxford. She won the Davy "
       "Medal in 2010.")
SILVA = ("Profile. Ana Silva was born in Porto in 1971. She studied medicine in Lisbon. Her "
         "brother, Rui Silva, was born in Braga in 1975. He became an architect.")


def _windows(claim: str, evidence: str) -> list[str]:
    return [w.text for w in plan_windows(claim, [evidence], top=8,
                                         max_chars=BIND_MAX_CHARS).windows]


def test_a_sentence_deep_in_a_chain_is_read_from_the_sentence_that_names_her() -> None:
    # four sentences: the last can no longer join every sentence of its chain in one span
    assert "Ann Lee won the Davy Medal in 2010." in _windows(
        "Ann Lee won the Davy Medal in 2010.", LEE)
    assert "Marie Curie won the Nobel Prize in Chemistry in 1911." in _windows(
        "Marie Curie won the Nobel Prize in Chemistry in 1911.", CURIE)
    # a sentence with an opening phrase is a link of the chain too
    spans = _windows("Marie Curie shared the Nobel Prize in Physics in 1903.", CURIE)
    assert any(s.startswith("Marie Curie was born") and "In 1903 she shared" in s
               for s in spans)


@pytest.mark.parametrize("claim", [
    "Ann Lee won the Davy Medal in 2011.",            # a year the evidence does not give
    "Marie Curie won the Nobel Prize in Physics in 1911.",  # 1911 is the chemistry prize's
])
def test_a_chain_binds_no_value_it_does_not_state(claim: str) -> None:
    evidence = LEE if "Ann" in claim else CURIE
    # a model that entails everything: the rules and the binding alone must withhold it
    res = verify("", claim, evidence=[evidence], settings=Settings(),
                 verifier=FakeVerifier(rule="fixed"))
    assert res.claims[0].decision != Decision.VERIFIED


def test_the_chain_stops_at_another_person() -> None:
    texts = ["Marie Curie was born in Warsaw.", "Her husband Pierre taught physics.",
             "He died in 1906.", "She won the Nobel Prize in 1911."]
    assert antecedent(texts, 1) == 0
    assert antecedent(texts, 2) == 1      # "He" is not "her": read from the husband's sentence
    assert antecedent(texts, 3) == 2      # "She" after "He": no chain about one person
    chain = ["Ann Lee is a chemist.", "She was born in Leeds.", "She studied at Oxford.",
             "She won the Davy Medal in 2010."]
    assert [antecedent(chain, i) for i in range(4)] == [None, 0, 0, 0]


@pytest.mark.parametrize("claim", [
    "Ana Silva was born in 1975.",
    "Ana Silva was born in Braga.",
])
def test_a_value_of_her_brother_is_not_hers(claim: str) -> None:
    found = binding_finding(claim, [SILVA])
    assert found is not None and found.code == "unbound_anchors"
    assert "brother" in found.message


@pytest.mark.parametrize("claim", [
    "Ana Silva's brother was born in 1975.",   # the claim names the relation
    "Ana Silva was born in 1971.",             # her own sentence
    "Rui Silva was born in 1975.",             # the brother, named
])
def test_what_the_relative_rule_leaves_alone(claim: str) -> None:
    assert binding_finding(claim, [SILVA]) is None


def test_his_daughter_joining_is_not_his_joining() -> None:
    ev = "Tom Hale founded Brightwater in 2004. His daughter, Amy Hale, joined the firm in 2015."
    found = binding_finding("Tom Hale joined the firm in 2015.", [ev])
    assert found is not None and "daughter" in found.message
    assert binding_finding("Amy Hale joined the firm in 2015.", [ev]) is None


def test_scorer_v4_rederives_the_chain_reading_and_v3_reads_as_issued() -> None:
    assert SCORER_VERSION in ("certirag.scorer.v4", "certirag.scorer.v5", "certirag.scorer.v6",
                              "certirag.scorer.v7", "certirag.scorer.v8", "certirag.scorer.v9")
    passage = Evidence(doc_id="d", chunk_id="0", start=0, end=len(CURIE), text=CURIE)
    i = CURIE.index("She won")
    span = Evidence(doc_id="d", chunk_id="0", start=i, end=len(CURIE), text=CURIE[i:])
    for scorer in ("certirag.scorer.v4", "certirag.scorer.v5", "certirag.scorer.v6",
                   "certirag.scorer.v7", "certirag.scorer.v8", "certirag.scorer.v9"):
        # (v5 to v9 read spans as v4; this one has no contraction)
        assert model_premise([span], [passage], scorer=scorer) == \
            "Marie Curie won the Nobel Prize in Chemistry in 1911."
    # v3 read it from the sentence just before, which names no one: as written
    assert model_premise([span], [passage], scorer="certirag.scorer.v3") == CURIE[i:]
    settings = Settings(display="mixed")
    res = verify("", "Marie Curie won the Nobel Prize in Chemistry in 1911.", evidence=[CURIE],
                 settings=settings, verifier=FakeVerifier(rule="fixed"))
    assert res.claims[0].decision == Decision.VERIFIED
    signer = Signer.generate()
    cert = issue_certificate(res, signer=signer, settings=settings)
    check = cert.verify(signer.public_key)
    assert check.valid, check.failures


HUSBAND = ("Marie Curie was born in Warsaw. Her husband Pierre taught physics. He died in 1906. "
           "She won the Nobel Prize in 1911.")
COLLEAGUE = "Ann Lee runs the lab. Her colleague Tom Ward joined in 2010. He studied in Leeds."


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Marie Curie died in 1906.", HUSBAND),      # "He" is her husband
    ("Ann Lee studied in Leeds.", COLLEAGUE),    # "He" is not "her": the colleague
])
def test_the_sentence_after_a_relatives_speaks_of_the_relative(claim: str, evidence: str) -> None:
    found = binding_finding(claim, [evidence])
    assert found is not None and "relative" in found.message


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Pierre died in 1906.", HUSBAND),
    ("Marie Curie's husband died in 1906.", HUSBAND),
    ("Marie Curie was born in Warsaw.", HUSBAND),
    ("Tom Ward studied in Leeds.", COLLEAGUE),
])
def test_what_the_relatives_sentences_still_bind(claim: str, evidence: str) -> None:
    assert binding_finding(claim, [evidence]) is None

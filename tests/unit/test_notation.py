"""What the model reads in one notation (scorer v3): a percentage, a scale word and a
country's short name are written one way on both sides of a model pair, so the model
compares what is said, not how it is typed. Only the model's reading changes: spans,
claims and certificates keep the words as written, and a certificate re-scores the reading
of the scorer version it records."""

from __future__ import annotations

import pytest

from certirag import verify
from certirag.bound import model_premise, model_reading
from certirag.config import Settings
from certirag.schemas import Decision, Evidence, Scores
from certirag.testing import FakeVerifier
from certirag.text.notation import model_text

from .certify_support import recompute_codes


@pytest.mark.parametrize(("text", "read"), [
    ("were 20 per cent more likely", "were 20% more likely"),
    ("were 20 percent more likely", "were 20% more likely"),
    ("were 20 % more likely", "were 20% more likely"),
    ("fell 2.5 per cent", "fell 2.5%"),
    ("Ten per cent of homes", "10% of homes"),
    ("about twenty-five per cent of staff", "about 25% of staff"),
    ("It cost £1.5million.", "It cost £1.5 million."),
    ("a $5m deal and a €2bn fund", "a $5 million deal and a €2 billion fund"),
    ("$3.2 bn", "$3.2 billion"),
    ("1.5million views", "1.5 million views"),
    ("3,500,000 people", "3.5 million people"),
    ("2,000,000,000 stars", "2 billion stars"),
    ("winds of 70 mph", "winds of 70mph"),
    ("winds of 70 miles per hour", "winds of 70mph"),
    ("a bridge 1.5 kilometres long", "a bridge 1.5km long"),
    ("he weighs 15 stone", "he weighs 15st"),
    ("5 feet tall", "5ft tall"),
    ("a £10k fine and a $2.5k bill", "a £10,000 fine and a $2,500 bill"),
    ("in the United Kingdom and the United States", "in the UK and the US"),
    ("in the United States of America", "in the US"),
    ("the U.S. Senate and U.K. law", "the US Senate and UK law"),
    ("Her son lives in the U.K.", "Her son lives in the UK."),
    # an additive particle: what else holds was said before; the model reads the fact
    ("Christopher Nolan also directed Interstellar.", "Christopher Nolan directed Interstellar."),
    ("Also, he wrote Carrie.", "He wrote Carrie."),
    ("Jake Gyllenhaal was in it too.", "Jake Gyllenhaal was in it."),
    ("She sang, too! Then she left.", "She sang! Then she left."),
    ("Bad is pop music as well.", "Bad is pop music."),
])
def test_one_notation(text: str, read: str) -> None:
    assert model_text(text) == read


@pytest.mark.parametrize("text", [
    "1,234,567 people",  # not a round number of millions: kept as written
    "the first per cent",  # an ordinal before "per cent"
    "version 3.1.5 percent",
    "M&S bn",  # no figure before the scale word
    "a 5 b c",
    "a 12,000,000.5 value",
    "Marks & Spencer's 5m' run",
    "the USS Enterprise",
    "12 Stone Street",  # an address, not a weight
    "15st 7lb",
    "The price is too high.",  # "too" inside a sentence is a degree
    "He did it well.",
])
def test_left_as_written(text: str) -> None:
    assert model_text(text) == text


def test_every_rewrite_keeps_the_value() -> None:
    # the figure a check reads is the same before and after
    from certirag.checks import check_claim, prepare_evidence
    evidence = prepare_evidence(["Sales rose 20 per cent to £1.5million in the United States."])
    for claim in ("Sales rose 20% to £1.5 million in the US.",
                  model_text("Sales rose 20 per cent to £1.5million in the United States.")):
        assert check_claim(claim, evidence) == [], claim


def test_the_scorer_versions_read_the_claim() -> None:
    claim = "Sales rose 20 per cent."
    assert model_reading(claim, scorer="certirag.scorer.v3") == "Sales rose 20%."
    for old in ("certirag.scorer.v1", "certirag.scorer.v2"):
        assert model_reading(claim, scorer=old) == claim
    span = Evidence(doc_id="d", chunk_id="0", start=0, end=23, text="Sales rose 20 per cent.")
    assert model_premise([span], [span], scorer="certirag.scorer.v3") == "Sales rose 20%."
    assert model_premise([span], [span], scorer="certirag.scorer.v2") == span.text


EVIDENCE = ("Scientists quizzed 5,000 teenagers. Those who had watched the most films with "
            "drinking were 20 per cent more likely to binge drink.")
CLAIM = "Those who had watched the most films with drinking were 20% more likely to binge drink."


def _one_notation(premise: str, hypothesis: str) -> Scores:
    """A model that entails only what is written alike."""
    if premise.endswith("20% more likely to binge drink.") and hypothesis == CLAIM:
        return Scores(entailment=0.95, neutral=0.04, contradiction=0.01)
    return Scores(entailment=0.2, neutral=0.5, contradiction=0.3)


def test_the_model_reads_one_notation_and_a_certificate_re_scores_it() -> None:
    fake = FakeVerifier(fn=_one_notation)
    settings = Settings()
    res = verify("", CLAIM, evidence=[{"id": "s", "text": EVIDENCE}], settings=settings,
                 verifier=fake)
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED
    assert c.claim.text == CLAIM  # the claim and its span keep their words
    assert [e.text for e in c.evidence][-1].endswith("20 per cent more likely to binge drink.")
    # valid as issued; as scorer v2 read it (the span as written), the scores differ
    assert recompute_codes(res, settings, fake, ["certirag.scorer.v2"]) == [
        [], ["recompute_mismatch"]]


def test_training_pairs_are_read_as_inference_reads_them() -> None:
    from certirag.train.bind_data import as_read
    from certirag.train.nli_data import Pair
    (p,) = as_read([Pair("Sales rose 20 per cent in the U.S.", "Sales rose 20%.", 0, "t")])
    assert (p.premise, p.hypothesis, p.label, p.source) == (
        "Sales rose 20% in the US.", "Sales rose 20%.", 0, "t")

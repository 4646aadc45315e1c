"""What the model reads for a binding span (scorer v2): a pronoun sentence with the one
sentence it refers to is read alone, resolved; the subject rules behind it; and the claim
split at a non-restrictive clause about its subject. A certificate re-scores what the
model read under the scorer version it records."""

from __future__ import annotations

import pytest

from certirag import verify
from certirag.bound import model_premise
from certirag.claims import extract_claims
from certirag.claims.clauses import split_subject_clause
from certirag.config import Settings
from certirag.schemas import Decision, Evidence, Scores
from certirag.testing import FakeVerifier
from certirag.text.subjects import leading_subject, resolve_pronoun, thing_subject
from certirag.verifiers.binding import span_reading

from .certify_support import recompute_codes


@pytest.mark.parametrize(("antecedent", "sentence", "resolved"), [
    ("The Eiffel Tower is a lattice tower in Paris.", "It is 330 metres tall.",
     "The Eiffel Tower is 330 metres tall."),
    ("Maria Lindqvist joined Arcadia in 2011.", "She has managed the depot since 2019.",
     "Maria Lindqvist has managed the depot since 2019."),
    ("Neil Tuckett's newest model is 90 years old.", "His cars are popular.",
     "Neil Tuckett's cars are popular."),
    ("Influenza vaccination is offered free to adults over 65.",
     "It is also offered to pregnant women.",
     "Influenza vaccination is also offered to pregnant women."),
    ("Our premium plan costs £12 per month.", "It includes cloud storage.",
     "Our premium plan includes cloud storage."),
    # a common noun phrase is no "she"; no subject, no pronoun: nothing to resolve
    ("The flu vaccine is offered to adults.", "She said so.", None),
    ("According to police, the car was stolen.", "It was found later.", None),
    ("Tom Becker runs the office.", "The board met in March.", None),
    ("There were 40 staff.", "They left.", None),
    # a name after an article modifies the noun after it; a headline's verb is no subject
    ("The Goulburn man was found guilty in February.", "He spent money on a Maserati.",
     "The Goulburn man spent money on a Maserati."),
    ("Took part in the attack on Inan Eren.", "He was jailed for 38 years.", None),
    # "he" and "she" name no club, firm or "The" title; "it" and "they" still may
    ("Inter Miami CF is based in Fort Lauderdale.", "He was born in Rosario.", None),
    ("Acme Ltd makes valves.", "She runs it.", None),
    ("The Dark Knight is a film.", "He directed it.", None),
    ("Inter Miami CF is based in Fort Lauderdale.", "It was founded in 2018.",
     "Inter Miami CF was founded in 2018."),
    ("Joe Cole plays in midfield.", "He was born in London.", "Joe Cole was born in London."),
])
def test_a_pronoun_is_resolved_from_the_sentence_before(antecedent: str, sentence: str,
                                                        resolved: str | None) -> None:
    assert resolve_pronoun(antecedent, sentence) == resolved


def test_subjects() -> None:
    assert leading_subject("The Eiffel Tower is tall.") == "The Eiffel Tower"
    assert leading_subject("Our plan costs £12.") is None
    assert leading_subject("Police said it was over.") == "Police"
    assert thing_subject("Police said it was over.") is None
    assert thing_subject("The policy requires records.") == "The policy"
    assert leading_subject("The UN says it is fine.") == "The UN"
    assert leading_subject("Ahmed was there.") == "Ahmed"
    assert leading_subject("Arrested after a chase, he fled.") is None
    assert leading_subject("Former NFL cornerback Will Allen and a partner ran a scheme."
                           ) == "Former NFL cornerback Will Allen"
    assert leading_subject("Chelsea beat Manchester United at home.") == "Chelsea"


def test_a_span_reading() -> None:
    before, it = "The Eiffel Tower is a lattice tower in Paris.", "It is 330 metres tall."
    assert span_reading([it], before) == "The Eiffel Tower is 330 metres tall."
    assert span_reading([before, it]) == f"{before} {it}"  # a pair is read joined
    assert span_reading([it]) == it  # nothing before it
    assert span_reading(["Anna Berg runs Oslo."], before) == "Anna Berg runs Oslo."


def test_the_recorded_span_is_read_under_its_scorer_version() -> None:
    text = "The Eiffel Tower is a lattice tower in Paris. It is 330 metres tall."
    passage = Evidence(doc_id="d", start=0, end=len(text), text=text)
    a = Evidence(doc_id="d", start=0, end=45, text=text[:45])
    b = Evidence(doc_id="d", start=46, end=len(text), text=text[46:])
    assert b.text == "It is 330 metres tall."
    assert model_premise([b], [passage], scorer="certirag.scorer.v2") == \
        "The Eiffel Tower is 330 metres tall."
    assert model_premise([b], [passage], scorer="certirag.scorer.v1") == b.text
    assert model_premise([a, b], [passage], scorer="certirag.scorer.v2") == text
    assert model_premise([b], [], scorer="certirag.scorer.v2") == b.text  # no passage


OFFICES = ("Tom Becker runs the Hamburg office. He joined in 2010. Anna Berg runs the Oslo "
           "office.")


def _resolved_only(premise: str, hypothesis: str) -> Scores:
    """A model that entails the claim only from its resolved sentence."""
    if premise == "Tom Becker joined in 2010.":
        return Scores(entailment=0.95, neutral=0.04, contradiction=0.01)
    return Scores(entailment=0.2, neutral=0.7, contradiction=0.1)


def test_a_certificate_re_scores_the_resolved_reading(tmp_path: object) -> None:
    fake = FakeVerifier(fn=_resolved_only)
    settings = Settings()
    res = verify("", "Tom Becker joined in 2010.", evidence=[{"id": "hr", "text": OFFICES}],
                 settings=settings, verifier=fake)
    (c,) = res.claims
    assert c.decision == Decision.VERIFIED
    assert [e.text for e in c.evidence] == ["He joined in 2010."]  # the pronoun's sentence
    # valid as issued; read as scorer v1 read it (the sentence as it stands), the scores
    # differ
    assert recompute_codes(res, settings, fake, ["certirag.scorer.v1"]) == [
        [], ["recompute_mismatch"]]


@pytest.mark.parametrize(("sentence", "pieces"), [
    ("Maria Lindqvist, who joined Arcadia Logistics in 2011, manages the Gothenburg depot.",
     ["Maria Lindqvist manages the Gothenburg depot.",
      "Maria Lindqvist joined Arcadia Logistics in 2011."]),
    ("Greenfield Energy, founded in Leeds in 2005, went public in 2016.",
     ["Greenfield Energy went public in 2016.", "Greenfield Energy was founded in Leeds in 2005."]),
    ("The bank, which is based in Leeds, has 200 branches.",
     ["The bank has 200 branches.", "The bank is based in Leeds."]),
    ("The plan, priced at £12, includes storage.",
     ["The plan includes storage.", "The plan is priced at £12."]),
    # an apposition, a restrictive clause, a list: whole
    ("John Smith, 45, was arrested.", ["John Smith, 45, was arrested."]),
    ("The man who won left early.", ["The man who won left early."]),
    ("Paris, France, is big.", ["Paris, France, is big."]),
    ("Smith, who was there, and Jones left.", ["Smith, who was there, and Jones left."]),
])
def test_a_clause_about_the_subject_is_its_own_claim(sentence: str, pieces: list[str]) -> None:
    assert split_subject_clause(sentence) == pieces


def test_claims_split_at_the_clause_and_resolve_it_after_a_noun_phrase() -> None:
    got = [c.text for c in extract_claims(
        "Maria Lindqvist, who joined Arcadia in 2011, manages the depot. The flu vaccine is "
        "free for adults. It is also offered to pregnant women.")]
    assert got == ["Maria Lindqvist manages the depot.", "Maria Lindqvist joined Arcadia in 2011.",
                   "The flu vaccine is free for adults.",
                   "The flu vaccine is also offered to pregnant women."]


def test_a_contracted_pronoun_is_read_as_its_verb() -> None:
    assert resolve_pronoun("The Eiffel Tower is a lattice tower in Paris.",
                           "It's 330 metres tall.") == "The Eiffel Tower is 330 metres tall."
    assert resolve_pronoun("Maria Lindqvist joined Arcadia in 2011.",
                           "She'd been at the depot since 2019.") == \
        "Maria Lindqvist had been at the depot since 2019."


def test_a_contraction_before_been_keeps_its_own_verb() -> None:
    assert resolve_pronoun("Tom and Ana joined Arcadia in 2011.",
                           "They've been at the depot since 2019.") == \
        "Tom and Ana have been at the depot since 2019."

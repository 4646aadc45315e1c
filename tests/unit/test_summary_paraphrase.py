"""Faithful paraphrases a summary writes (a demonym for its country, an age after a name, a
bare figure for an approximate one, a report for a hedge, a hedge over another clause,
"before" and "after" ordering different events, a name after a sentence's first word,
first names sharing a surname, a compound modifier "X-based", highlights run together
without their full stops): none is withheld by the deterministic check or the binding
rule, and each has a twin with a planted error that still is."""

from __future__ import annotations

import pytest

from certirag.bound import binding_finding
from certirag.checks import check_claim
from certirag.checks.name_tables import aliases
from certirag.claims import extract_claims

from .paraphrase_support import codes

# (claim, evidence, the planted-error twin of the claim, the code that twin must get)
CASES: list[tuple[str, str, str, str]] = [
    # "more likely to … than" compares rates; it hedges nothing
    ("Women were more likely to regret their career choices than men.",
     "Women regretted their career choices more often than men, the survey found.",
     "Women probably regretted their career choices more often than men.", "hedge_mismatch"),
    # a demonym is its country's name
    ("Gunmen attacked a Kenyan college.", "Gunmen attacked a college in Kenya.",
     "Gunmen attacked a Ugandan college.", "ungrounded_entity"),
    ("The students were mourned by Kenyans.", "People across Kenya mourned the students.",
     "The students were mourned by Tanzanians.", "ungrounded_entity"),
    ("Two Indonesian workers were killed.", "Two workers from Indonesia were killed.",
     "Two Malaysian workers were killed.", "ungrounded_entity"),
    # an age written after the name
    ("The 22-year-old Cobain is an executive producer.",
     "Frances Bean Cobain, 22, is an executive producer.",
     "The 23-year-old Cobain is an executive producer.", "ungrounded_figure"),
    ("A 20-year-old dancer joined the company.",
     "Joy Womack (20) joined the company as a dancer.",
     "A 21-year-old dancer joined the company.", "ungrounded_figure"),
    # a bare figure claims no precision; a dropped lower bound is still a finding
    ("About 5,500 people signed the petition.", "Approximately 5,500 people signed it.",
     "5,800 people signed the petition.", "ungrounded_figure"),
    ("5,500 people signed the petition.", "Approximately 5,500 people signed the petition.",
     "5,500 people signed the petition.", ""),
    ("Authorities evacuated 4,400 people.", "Authorities evacuated 4,400 people.",
     "Authorities evacuated 4,400 people.", ""),
    # a report says what a hedge says
    ("New Line Cinema is reportedly planning a Christmas movie.",
     "According to EW, New Line Cinema is planning a Christmas movie.",
     "New Line Cinema is reportedly planning a Christmas movie.", ""),
    ("Police say the thieves entered through the elevator shaft.",
     "Police said the thieves appeared to have entered through the elevator shaft.",
     "The thieves entered through the elevator shaft.", "hedge_mismatch"),
    ("The Israeli military says the militants were trying to plant a bomb.",
     "The Israeli military struck militants allegedly trying to plant a bomb on the border.",
     "The militants were trying to plant a bomb on the border.", "hedge_mismatch"),
    ("The incident appears to have no connection to terrorism.",
     "The shooting does not have an apparent connection to terrorism.",
     "The incident has no connection to terrorism.", "hedge_mismatch"),
    # before and after about different events; the same event still contradicts
    ("The trip will come before Pope Francis arrives in the United States.",
     "Pope Francis will visit Cuba on his way to the United States, a trip that will come "
     "months after he helped negotiate a thaw.",
     "The trip will come before he helped negotiate a thaw.", "polarity_mismatch"),
    ("Slager was fired earlier this week.",
     "Slager was fired on Wednesday, days after the shooting.",
     "Slager was fired before the shooting.", "polarity_mismatch"),
    # an order of the release against one of the recording: other events
    ("Let It Be came out after Abbey Road, in May 1970.",
     "Let It Be, released in May 1970, was the band's final studio album, although most of "
     "it was recorded before Abbey Road.",
     "Let It Be was recorded after Abbey Road.", "polarity_mismatch"),
    # a name after a sentence's first word and a connector
    ("Parents of Martin Richard argue against the death penalty.",
     "The parents of Martin Richard, who died in the bombing, oppose the death penalty.",
     "Parents of Martin Richards argue against the death penalty.", "ungrounded_entity"),
    # first names sharing one surname
    ("Somali sisters Iman and Siham Hashi make up Faarrow.",
     "Iman Hashi and her sister Siham Hashi make up the band Faarrow.",
     "Somali sisters Iman and Siham Hassan make up Faarrow.", "ungrounded_entity"),
]


@pytest.mark.parametrize(("claim", "evidence", "twin", "code"), CASES)
def test_the_paraphrase_passes_and_its_twin_is_caught(claim: str, evidence: str, twin: str,
                                                      code: str) -> None:
    assert codes(claim, evidence) == []
    assert binding_finding(claim, [evidence]) is None
    got = codes(twin, evidence)
    if code:
        assert code in got, got
    else:
        assert got == [], got


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    # bounds other than "approximately" still count when the claim drops them
    ("The fine is £500.", "The fine shall not exceed £500.", "qualifier_dropped"),
    ("Authorities evacuated 4,400 people.", "Authorities evacuated more than 4,400 people.",
     "qualifier_dropped"),
    # "exactly" where the evidence says "approximately"
    ("Exactly 5,500 people signed.", "Approximately 5,500 people signed.",
     "precision_mismatch"),
    # a reportive hedge the evidence does not attribute
    ("New Line Cinema is reportedly planning a Christmas movie.",
     "New Line Cinema is planning a Christmas movie.", "hedge_mismatch"),
    # a flat claim of what the evidence hedges
    ("The drug causes drowsiness.", "The drug probably causes drowsiness.", "hedge_mismatch"),
    # an age the evidence gives to nothing: "22 films" is no age
    ("The 22-year-old Cobain is a producer.",
     "Frances Bean Cobain is a producer of 22 films.", "ungrounded_figure"),
    # before and after of the same event
    ("The meeting was held before the vote.", "The meeting was held after the vote.",
     "polarity_mismatch"),
    ("Submit the form before 5 April.", "Submit the form after 5 April.",
     "polarity_mismatch"),
])
def test_planted_errors_are_still_caught(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


def test_a_demonym_binds_with_its_country() -> None:
    evidence = ("The Pakistani blast injured more than 300 people. It happened on Friday "
                "after a rally in Lahore.")
    assert binding_finding("A blast in Pakistan injured more than 300 people.",
                           [evidence]) is None


def test_aliases_read_plural_demonyms() -> None:
    assert "kenya" in aliases("kenyans")
    assert "nepal" in aliases("nepalis")
    assert aliases("julian") == frozenset()


# --- more paraphrases: a compound modifier, a hedge over another clause ------------------

@pytest.mark.parametrize(("claim", "evidence", "twin", "code"), [
    # "X-based", "X-born": the name is X
    ("Salesforce is a San Francisco-based tech company.",
     "Salesforce, based in San Francisco, is a tech company.",
     "Salesforce is a Seattle-based tech company.", "ungrounded_entity"),
    ("The Colombian-born singer performed in Miami.",
     "The singer, who was born in Colombia, performed in Miami.",
     "The Peruvian-born singer performed in Miami.", "ungrounded_entity"),
    # a hyphen for a space
    ("The attack was claimed by Al-Qaeda.", "Officials said al Qaeda claimed the attack.",
     "The attack was claimed by Al-Shabaab.", "ungrounded_entity"),
    # a hedge scopes over what follows it, not over another clause of its sentence
    ("Miss Bevan was advised by medics to stop taking the drug ahead of the birth.",
     "Miss Bevan – who is believed to have had a history of mental health problems – had "
     "been advised by medics to stop taking the drug ahead of the birth.",
     "Miss Bevan had a history of mental health problems.", "hedge_mismatch"),
    ("Another 18-year-old was also arrested.",
     "He is one of two 18-year-old men police arrested for allegedly planning an attack.",
     "Two 18-year-old men were planning an attack.", "hedge_mismatch"),
    # a hedge phrase is found where it stands, not at another "was" of its sentence
    ("A new trial was ordered in 2014 after firearms experts testified.",
     "But a new trial was ordered in 2014 after firearms experts testified that Hinton was "
     "said to have used the revolver in the crimes.",
     "Hinton used the revolver in the crimes.", "hedge_mismatch"),
])
def test_more_paraphrases_pass_and_their_twins_are_caught(claim: str, evidence: str,
                                                          twin: str, code: str) -> None:
    test_the_paraphrase_passes_and_its_twin_is_caught(claim, evidence, twin, code)


# --- claims: highlights written one after another, their full stops lost ----------------

@pytest.mark.parametrize(("answer", "claims"), [
    ("A review found the article was \"deeply flawed\" Danny Cevallos says there are "
     "obstacles to a libel case.",
     ["A review found the article was \"deeply flawed\"",
      "Danny Cevallos says there are obstacles to a libel case."]),
    ("The warning came after they noticed he 'smelled of alcohol' Despite the threat, "
     "he proceeded to get in his car.",
     ["The warning came after they noticed he 'smelled of alcohol'",
      "Despite the threat, he proceeded to get in his car."]),
    ("Salesforce offers ‘customer relationship management’ Lawmakers said Friday they had "
     "amended the act.",
     ["Salesforce offers ‘customer relationship management’",
      "Lawmakers said Friday they had amended the act."]),
    # no quotation closes here, or a side is too short to be a clause: kept whole
    ("The players' Union said the deal was fair.", ["The players' Union said the deal was fair."]),
    ("'Friends' Star Jennifer Aniston was there.", ["'Friends' Star Jennifer Aniston was there."]),
    ("She appeared on \"Today\" Tuesday.", ["She appeared on \"Today\" Tuesday."]),
    ("He said 'it is over' and left.", ["He said 'it is over' and left."]),
])
def test_a_quotation_a_new_sentence_follows_ends_a_claim(answer: str,
                                                          claims: list[str]) -> None:
    got = extract_claims(answer)
    assert [c.text for c in got] == claims
    for c in got:  # each claim has its own piece of the answer
        assert answer[c.start:c.end].startswith(c.text[:20])


def test_a_claim_of_two_fused_highlights_is_checked_piece_by_piece() -> None:
    evidence = ("An outside review found the Rolling Stone article was deeply flawed. "
                "Danny Cevallos says there are obstacles to a successful libel case.")
    answer = ("An outside review found that a Rolling Stone article was \"deeply flawed\" "
              "Danny Cevallos says that there are obstacles to a successful libel case.")
    for c in extract_claims(answer):
        assert check_claim(c.text, [evidence]) == []

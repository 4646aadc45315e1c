"""Checks v15: what a fifth blind round passed that a careful reader would not — an age
a rule's band bars, a waiting period dropped, another means than the only one allowed, the
other case of a contrast, a plan denied, a rumour's content or a reported claim stated as
fact — and the faithful readings kept clean beside them."""

from __future__ import annotations

import pytest

from certirag.checks import check_claim
from certirag.text.frames import quote_frame


def codes(claim: str, evidence: str | list[str], question: str = "") -> list[str]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [f.code for f in check_claim(claim, ev, question=question)]



WARD = ("Visiting on the maternity ward is open to birth partners at any time. Other "
        "visitors, including siblings of the baby, may visit between 14:00 and 20:00. "
        "Children under 12 other than siblings are not permitted on the ward.")
SYRUP = ("Pellacor syrup. Children aged 6 to 12 years: 10 ml three times a day. Children "
         "under 6 years: not recommended.")
CINEMA = "At the Orpheum cinema, children under 12 must be accompanied by an adult."
BUSES = "Children under 12 travel free on Brindle buses. Passengers aged 12 to 17 pay half."


@pytest.mark.parametrize(("claim", "evidence"), [
    ("My 8-year-old niece can visit the maternity ward.", WARD),
    ("A 4-year-old can take Pellacor syrup.", SYRUP),
    ("A 10-year-old can go to the Orpheum cinema alone.", CINEMA),
    ("My 14-year-old travels free on Brindle buses.", BUSES),
])
def test_an_age_the_band_rules_out(claim: str, evidence: str) -> None:
    assert "case_mismatch" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("My 8-year-old son can visit his baby sister on the maternity ward.", WARD),
    ("A 14-year-old can visit the maternity ward.", WARD),
    ("An 8-year-old can take Pellacor syrup.", SYRUP),
    ("A 10-year-old can go to the Orpheum cinema with an adult.", CINEMA),
    ("My 9-year-old travels free on Brindle buses.", BUSES),
    ("A 4-year-old cannot take Pellacor syrup.", SYRUP),
])
def test_an_age_inside_the_rule_or_its_exception(claim: str, evidence: str) -> None:
    assert "case_mismatch" not in codes(claim, evidence)


REMOTE = ("Employees may work from home up to two days per week, subject to manager "
          "approval. Remote working is not available during the first three months of "
          "employment.")


@pytest.mark.parametrize("claim", [
    "You can work from home up to two days a week from your start date.",
    "New staff can work from home straight away.",
    "You can work from home as soon as you join.",
])
def test_a_waiting_period_dropped(claim: str) -> None:
    assert "qualifier_dropped" in codes(claim, REMOTE)


@pytest.mark.parametrize("claim", [
    "You can work from home up to two days a week with your manager's approval.",
    "You cannot work from home from your start date.",
])
def test_no_waiting_period_to_drop(claim: str) -> None:
    assert "qualifier_dropped" not in codes(claim, REMOTE)


BATTERIES = ("Lithium-ion batteries shipped on their own are accepted only by sea freight "
             "and must be declared as dangerous goods.")


def test_another_means_than_the_only_one() -> None:
    assert "qualifier_dropped" in codes(
        "Harlow Freight will send lithium-ion batteries on their own by air.", BATTERIES)


@pytest.mark.parametrize("claim", [
    "Lithium-ion batteries shipped on their own are accepted by sea.",
    "Lithium-ion batteries shipped on their own are not accepted by air.",
])
def test_the_only_means_itself(claim: str) -> None:
    assert "qualifier_dropped" not in codes(claim, BATTERIES)


SUBS = ("Rolling substitutions are not permitted in senior divisions but are allowed in the "
        "under-14 and under-12 divisions.")


@pytest.mark.parametrize("claim", [
    "A Wessmoor under-12 team cannot use rolling substitutions.",
    "Senior division teams can use rolling substitutions.",
])
def test_the_other_case_of_a_contrast(claim: str) -> None:
    assert "polarity_mismatch" in codes(claim, SUBS)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Under-12 teams can use rolling substitutions.", SUBS),
    ("Senior division teams cannot use rolling substitutions.", SUBS),
    ("Last entry to the special exhibition is at 16:00.",
     "Photography without flash is permitted in the permanent galleries but not in the "
     "special exhibition."),
])
def test_the_same_case_of_a_contrast(claim: str, evidence: str) -> None:
    assert "polarity_mismatch" not in codes(claim, evidence)


def test_a_plan_denied() -> None:
    assert "hedge_mismatch" in codes(
        "Marisol Quenby is writing a third Ostrava book.",
        "Quenby has said in interviews that she does not plan to write a third book in the "
        "series.")


def test_a_plan_denied_stated_as_denied() -> None:
    assert "hedge_mismatch" not in codes(
        "Marisol Quenby is not writing a third Ostrava book.",
        "Quenby has said that she does not plan to write a third book.")


@pytest.mark.parametrize(("sentence", "claim"), [
    ("Rumours circulating on social media that the Skerrow Island ferry will stop running "
     "on Sundays from next spring are untrue, according to the operator.",
     "The Skerrow Island ferry will stop running on Sundays from next spring."),
    ("Several commentators claimed after publication that the Calvera-2 trial showed "
     "velnatide cut heart attacks by half.",
     "The Calvera-2 trial showed that velnatide cut heart attacks by half."),
])
def test_a_rumour_or_a_reported_claim_frames_its_content(sentence: str, claim: str) -> None:
    assert quote_frame("", sentence, "", claim) is not None


@pytest.mark.parametrize(("sentence", "claim"), [
    ("Reports that the plant will close were confirmed by the company on Monday.",
     "The plant will close."),
    ("The defendant went on trial in March.", "The defendant went on trial in March."),
])
def test_no_frame_where_nothing_denies_or_a_claim_reports_it(sentence: str,
                                                            claim: str) -> None:
    assert quote_frame("", sentence, "", claim) is None


@pytest.mark.parametrize(("claim", "evidence", "question"), [
    # the asker's month inside the evidence's months
    ("You can claim the grant for hedges planted in December.",
     "Farmers may claim for hedges planted between 1 November and 31 March.",
     "Can I claim the grant for hedges planted in December?"),
    # the asker's weekday, in lower case
    ("On a Saturday you can bring your bike on for free.",
     "Bicycles can be taken on trains free of charge outside peak hours.",
     "can i take my bike on the train on saturday morning?"),
    # both values in the evidence's order: no swap
    ("The return journey is about three hours including a 50-minute stop at Loch Ardun.",
     "The return journey takes about three hours, including a 50-minute stop at Loch Ardun. "
     "Adult return tickets cost £28.", ""),
])
def test_faithful_readings_are_clean(claim: str, evidence: str, question: str) -> None:
    assert codes(claim, evidence, question) == []


def test_a_month_outside_the_evidences_months() -> None:
    assert "ungrounded_date" in codes(
        "You can claim the grant for hedges planted in June.",
        "Farmers may claim for hedges planted between 1 November and 31 March.",
        "Can I claim the grant for hedges planted in June?")


@pytest.mark.parametrize(("claim", "evidence"), [
    # a news age gives nothing a rule of ages could bar
    ("The 20-year-old began his career at Queens Park Rangers in 2003.",
     "He joined Queens Park Rangers' Centre of Excellence aged 11, and within three years "
     "was starring for the Under 18s."),
    ("The 30-year-old has made over 200 league appearances for the Reds.",
     "Children under 10 play touch rugby for the Reds."),
    # a range of ages is no one age
    ("Half of those aged 18-25 can name the law.",
     "Fines apply for inciting someone under 18 to get drunk, and half can name the law."),
])
def test_ages_that_no_rule_speaks_to(claim: str, evidence: str) -> None:
    assert "case_mismatch" not in codes(claim, evidence)


def test_an_agent_is_no_means() -> None:
    assert "qualifier_dropped" not in codes(
        "It is simply a bone chewed by a hyena with teeth marks.",
        "Hyenas produced round-oval puncture marks in cub femora only by the bone-crushing "
        "premolar teeth.")


def test_a_denial_in_the_next_sentence_gives_up_no_plan() -> None:
    assert "hedge_mismatch" not in codes(
        "Brendan Rodgers insists Liverpool can still attract the best players.",
        ["Brendan Rodgers said Liverpool are aiming to attract the best players.",
         "Some players do not want to go to a club outside the top four."])


@pytest.mark.parametrize(("claim", "evidence", "clean"), [
    ("Bramble House has three seasons of eight episodes each, so 24 episodes in total.",
     "Bramble House has three seasons of eight episodes each.", True),
    ("Bramble House has three seasons of eight episodes each, so 25 episodes in total.",
     "Bramble House has three seasons of eight episodes each.", False),
    ("Bramble House has 24 episodes.", "Bramble House has three seasons of eight episodes "
     "each.", False),
    ("Talia Ruskin took the women's title in 2:24.",
     "Talia Ruskin won the women's race in 2 hours 24 minutes.", True),
    ("Talia Ruskin took the women's title in 2:34.",
     "Talia Ruskin won the women's race in 2 hours 24 minutes.", False),
])
def test_a_count_worked_out_and_a_time_taken(claim: str, evidence: str, clean: bool) -> None:
    found = codes(claim, evidence)
    assert (found == []) is clean, found


@pytest.mark.parametrize(("claim", "evidence", "clean"), [
    ("Cover ends once the property has been unoccupied for over 60 days in a row.",
     "Cover ceases if the property is left unoccupied for more than 60 consecutive days.",
     True),
    ("Cover ends once the property has been unoccupied for over 90 days in a row.",
     "Cover ceases if the property is left unoccupied for more than 60 consecutive days.",
     False),
    ("The grant is open to farmers younger than 35.",
     "The grant pays 40% of costs to farmers aged under 35.", True),
    ("The grant is open to farmers younger than 45.",
     "The grant pays 40% of costs to farmers aged under 35.", False),
    ("You can freeze it for as long as four months.", "It can be frozen for up to four months.",
     True),
    # a comparison, not a bound: "older than the first Homo species"
    ("The tools are 500,000 years older than the first Homo species.",
     "The tools predate the first Homo species by 500,000 years.", True),
    ("You can freeze it for four months.", "It can be frozen for up to four months.", False),
])
def test_bounds_and_runs_of_days_in_other_words(claim: str, evidence: str,
                                                clean: bool) -> None:
    found = codes(claim, evidence)
    assert (found == []) is clean, found


FERAXOL = ("Feraxol should not be used during pregnancy. If you become pregnant while taking "
           "Feraxol, stop taking it and contact your doctor.")
NEROLAX = ("Nerolax tablets must not be taken by anyone who is pregnant or breastfeeding. "
           "They are suitable for adults and children over 12.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You can take Feraxol while pregnant.", FERAXOL),
    ("Feraxol is safe to take during pregnancy.", FERAXOL),
    ("You can take Nerolax while breastfeeding.", NEROLAX),
])
def test_a_use_the_evidence_rules_out_for_a_condition(claim: str, evidence: str) -> None:
    assert "negation_mismatch" in codes(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("You can take Feraxol with food.", FERAXOL),
    ("Nerolax is suitable for adults.", NEROLAX),
    ("You can take Nerolax if you are over 12.", NEROLAX),
])
def test_a_use_in_another_condition(claim: str, evidence: str) -> None:
    assert "negation_mismatch" not in codes(claim, evidence)

"""Golden cases for check_claim: every finding code, positive and negative, the cases the
design names, adversarial edits of a faithful claim, and a faithful-paraphrase set."""

from __future__ import annotations

import pytest

from certirag.checks import CODES, CheckOptions, check_claim
from certirag.checks.base import SPAN_CODES


def found(claim: str, evidence: str | list[str], **kw: object) -> list[tuple[str, str]]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [(f.code, f.kind) for f in check_claim(claim, ev, **kw)]  # type: ignore[arg-type]


def codes(claim: str, evidence: str | list[str], **kw: object) -> list[str]:
    return [c for c, _ in found(claim, evidence, **kw)]


# --- the cases the design names ---------------------------------------------------------

AWARD = ("The compensatory award is capped at the lower of £123,543 and 52 multiplied by a "
         "week's pay.")
EIFFEL = ("The Eiffel Tower is a wrought-iron lattice tower in Paris. It is 330 metres "
          "(1,083 ft) tall.")


def test_award_cap_is_ungrounded() -> None:
    assert codes("The compensatory award is capped at £85,000.", AWARD) == ["ungrounded_figure"]


def test_eiffel_height_is_clean() -> None:
    assert codes("The Eiffel Tower is 330 metres tall.", EIFFEL) == []


@pytest.mark.parametrize(("claim", "evidence", "options"), [
    ("It costs 1 250,50 €.", "It costs €1,250.50.", None),
    ("It costs €1,250.50.", "It costs EUR 1250.50.", None),
    ("It costs EUR 1250.50.", "It costs 1 250,50 €.", None),
    ("It pays 68\u202f400 €.", "It pays €68,400.", None),
    ("The rate is 12,5 %.", "The rate is 12.5 per cent.", None),
    ("It is due on 06/04/2026.", "It is due on 6 April 2026.", CheckOptions(date_locale="dmy")),
    ("It is due on 06/04/2026.", "It is due on June 4, 2026.", CheckOptions(date_locale="mdy")),
])
def test_named_equivalences(claim: str, evidence: str, options: CheckOptions | None) -> None:
    assert codes(claim, evidence, options=options) == []


@pytest.mark.parametrize(("claim", "evidence", "code", "kind"), [
    ("Reply within 10 working days.", "Reply within 10 days.", "duration_mismatch",
     "contradiction"),
    ("The dose is 5 mg.", "The dose is 5 g.", "unit_mismatch", "contradiction"),
    ("The rule does not apply to contractors.", "The rule applies to contractors.",
     "negation_mismatch", "contradiction"),
    ("Employees must give notice.", "Employees may give notice.", "modal_mismatch",
     "ungrounded"),
    ("The qualifying period is 26 weeks.", "The qualifying period is at least 26 weeks.",
     "qualifier_dropped", "ungrounded"),
    ("The duty is set by s. 124(1ZA)(a).", "The duty is set by section 124.",
     "ungrounded_citation", "ungrounded"),
    ("It is in the Employment Rights Act 1996.", "It is in the Employment Rights Act 1998.",
     "citation_mismatch", "contradiction"),
    ("Revenue was 5 million.", "Revenue was 5 billion.", "magnitude_mismatch", "contradiction"),
])
def test_named_findings(claim: str, evidence: str, code: str, kind: str) -> None:
    assert found(claim, evidence) == [(code, kind)]


# --- every code: a positive and a negative ----------------------------------------------

HOTEL = "The hotel allowance is £150 per night in London and £110 per night elsewhere."
NOBEL = ("Marie Curie won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry "
         "in 1911.")

PENSION = ("On the death of a member in service, a lump sum of three times annual salary is "
           "paid to the nominated beneficiary. A spouse's pension of half the member's pension "
           "is payable on the member's death after retirement.")

# (an evidence given as (evidence, question): the claim is read with that question)
Evidence = str | list[str] | tuple[str, str]

POSITIVE: list[tuple[str, Evidence, str]] = [
    ("The fee is £85.", "The fee is £58.", "ungrounded_figure"),
    ("The dose is 5 mg.", "The dose is 5 g.", "unit_mismatch"),
    ("The fee is $500.", "The fee is £500.", "unit_mismatch"),
    # an amount for each person given as a total, or per another thing
    ("The policy refunds up to £3,000 in total for everyone on the booking.",
     "We refund travel costs up to £3,000 per person.", "unit_mismatch"),
    ("The policy refunds up to £3,000 per night.",
     "We refund travel costs up to £3,000 per person.", "unit_mismatch"),
    # an amount added to another given as the total
    ("A 22-year-old driver pays a total excess of £250.",
     "Drivers under 25 pay an additional excess of £250 on top of the standard £200 excess.",
     "qualifier_dropped"),
    ("Debt reached 5 billion.", "Debt reached 5 million.", "magnitude_mismatch"),
    ("Reply within 10 days.", "Reply within 10 working days.", "duration_mismatch"),
    ("It opened on 7 May 2024.", "It opened on 6 May 2024.", "ungrounded_date"),
    ("It opened on 6 May 2024.", "It opened in May 2024.", "date_precision"),
    ("See s. 12(3).", "See section 12(2).", "ungrounded_citation"),
    ("See the Equality Act 2010.", "See the Human Rights Act 1998.", "ungrounded_title"),
    ("See the Equality Act 2006.", "See the Equality Act 2010.", "citation_mismatch"),
    ("The capital of France is Lyon.", "The capital of France is Paris.", "ungrounded_entity"),
    ("The policy does not cover flood damage.", "The policy covers flood damage.",
     "negation_mismatch"),
    ("The policy covers flood damage.", "The policy does not cover flood damage.",
     "negation_mismatch"),
    ("Prices rose by 4% in 2023.", "Prices fell by 4% in 2023.", "polarity_mismatch"),
    # an ordinal day is no count of a duration or a sum
    ("Claims are paid on the 1st of the month.",
     "Claims are paid on the 15th of each month, within a year of filing.",
     "ungrounded_figure"),
    # a time the evidence gives to something else
    ("The office opens at 9 a.m. on Mondays.",
     "The office opens at 8 a.m. on Mondays and at 9 a.m. on other weekdays.", "value_swap"),
    # a condition that opens the evidence sentence
    ("Employees must repay their relocation allowance.",
     "If an employee resigns within a year of joining, they must repay their relocation "
     "allowance.", "qualifier_dropped"),
    ("The reset keeps all saved passwords.", "The reset erases all saved passwords.",
     "polarity_mismatch"),
    # a change against no change
    ("Parking charges will rise.", "Parking charges stay the same.", "polarity_mismatch"),
    ("The price fell.", "The price remained unchanged.", "polarity_mismatch"),
    ("The library on Mill Lane will stay open.",
     "The library on Mill Lane will close in September 2025.", "polarity_mismatch"),
    ("The fund sold its shares in 2020.", "The fund bought its shares in 2020.",
     "polarity_mismatch"),
    ("Acme acquired Globex in 2019.", "Globex acquired Acme in 2019.", "role_swap"),
    ("Take it with food because it works faster.", "Take it with food.", "ungrounded_cause"),
    ("Nurses give the first dose.", "Nurses weigh the patient. Doctors give the first dose.",
     "subject_swap"),
    ("You may cancel without paying a fee.", "You may cancel at any time.",
     "ungrounded_exemption"),
    ("Ewan McGregor gives his finest performance in Big Fish.",
     "Big Fish is starring Ewan McGregor.", "ungrounded_rank"),
    ("Staff must be in the office on Mondays, when the weekly team meeting takes place.",
     "Staff must be in the office on Mondays.", "ungrounded_detail"),
    ("The flat does come with a parking space.",
     ("Two-bedroom flat with a south-facing balcony and a bike store.",
      "Does the flat come with a parking space?"), "ungrounded_question"),
    ("Members are allowed to smoke indoors.", "Members are prohibited from smoking indoors.",
     "modal_mismatch"),
    ("Tenants must pay the deposit.", "Tenants may pay the deposit.", "modal_mismatch"),
    ("The period is 26 weeks.", "The period is at least 26 weeks.", "qualifier_dropped"),
    ("The award is capped at £123,543.", AWARD, "qualifier_mismatch"),
    ("Staff may carry over 5 days.", "Staff may carry over up to 5 days, unless agreed otherwise.",
     "qualifier_dropped"),
    ("The loan is at least £500.", "The loan is at most £500.", "qualifier_mismatch"),
    ("The fee rose by over a third.", "The fee rose by a third.", "qualifier_mismatch"),
    ("The town has exactly 2,000 residents.", "The town has approximately 2,000 residents.",
     "precision_mismatch"),
    ("The drug might cause drowsiness.", "The drug causes drowsiness.", "hedge_mismatch"),
    ("You might be right that the drug causes drowsiness.", "The drug causes drowsiness.",
     "hedge_mismatch"),
    # a bound the value misses, one too far from it, or another currency
    ("More than £16,000 was spent.", "Police spent £12,712.97 on overtime.",
     "ungrounded_figure"),
    ("More than £1,000 was spent.", "Police spent £12,712.97 on overtime.",
     "ungrounded_figure"),
    ("More than $12,700 was spent.", "Police spent £12,712.97 on overtime.",
     "ungrounded_figure"),
    ("The town has about 2,500 residents.", "The town has 1,980 residents.",
     "ungrounded_figure"),
    ("The drug causes drowsiness.", "The drug probably causes drowsiness.", "hedge_mismatch"),
    ("The hotel allowance is £110 per night in London.", HOTEL, "value_swap"),
    ("Marie Curie won the Nobel Prize in Chemistry in 1903.", NOBEL, "value_swap"),
    ("How much is the hotel allowance in London? 1. No.", HOTEL, "no_answer"),
    ("Take one tablet twice a day.", "Take one tablet once a day.", "frequency_mismatch"),
    ("Greta Gerwig stars in Little Women.", "Little Women is directed by Greta Gerwig.",
     "relation_mismatch"),
    ("Side effects were more common with the drug than with placebo.",
     "Side effects occurred in 2% of the drug group and 4% of the placebo group.",
     "comparison_mismatch"),
    ("Kyoto is the capital of Japan.",
     "Kyoto is the capital of Kyoto Prefecture. Tokyo is Japan's capital.", "holder_mismatch"),
    ("Python uses static typing.", "Python - typing discipline - dynamic", "polarity_mismatch"),
    ("Renewal is automatic.", "Renewal is manual: you must click Renew.", "polarity_mismatch"),
    # the claim's case ("after retirement") has its own rule in another sentence
    ("If a member dies after retirement, a lump sum of three times annual salary is paid to "
     "the nominated beneficiary.", PENSION, "case_mismatch"),
    # a denial no evidence sentence grounds
    ("Messi does not play in Major League Soccer.",
     ["Lionel Messi - member of sports team - Inter Miami CF",
      "Inter Miami CF - league - Major League Soccer"], "ungrounded_denial"),
]

NEGATIVE: list[tuple[str, Evidence, str]] = [
    ("The fee is £85.", "The fee is £85.", "ungrounded_figure"),
    # a bound met by an exact value close to it, in the same unit
    ("More than £12,700 was spent on overtime.", "Police spent £12,712.97 on overtime.",
     "ungrounded_figure"),
    ("The town has about 2,000 residents.", "The town has 1,980 residents.",
     "ungrounded_figure"),
    ("Less than £13,000 was spent.", "Police spent £12,712.97 on overtime.",
     "ungrounded_figure"),
    # "you might enjoy …" suggests what the listener may like; it hedges no fact
    ("You might enjoy The Casual Vacancy too, it's a tragicomedy.",
     "The Casual Vacancy has genre Tragicomedy.", "hedge_mismatch"),
    ("The dose is 5 mg.", "The dose is 5 mg.", "unit_mismatch"),
    ("The policy refunds up to £3,000 per person.",
     "We refund travel costs up to £3,000 per person.", "unit_mismatch"),
    ("The policy refunds up to £3,000.", "We refund travel costs up to £3,000 per person.",
     "unit_mismatch"),
    ("Drivers under 25 pay an extra £250 excess.",
     "Drivers under 25 pay an additional excess of £250 on top of the standard £200 excess.",
     "qualifier_dropped"),
    ("The excess is £450 in total.", "The total excess is £450.", "qualifier_dropped"),
    ("Debt reached 5 billion.", "Debt reached 5bn.", "magnitude_mismatch"),
    ("Reply within 10 days.", "Reply within 10 calendar days.", "duration_mismatch"),
    ("It opened on 6 May 2024.", "It opened on 2024-05-06.", "ungrounded_date"),
    ("It opened in May 2024.", "It opened on 6 May 2024.", "date_precision"),
    ("See s. 12(3).", "See section 12(3)(b).", "ungrounded_citation"),
    ("See the Equality Act 2010.", "See the Equality Act 2010.", "ungrounded_title"),
    ("See the Equality Act.", "See the Equality Act 2010.", "citation_mismatch"),
    ("The capital of France is Paris.", "Paris is the capital of France.", "ungrounded_entity"),
    ("The policy does not cover flood damage.", "The policy doesn't cover flood damage.",
     "negation_mismatch"),
    ("The Act applies to employees.", "The Act applies to employees but not to contractors.",
     "negation_mismatch"),
    # a verb left out after the auxiliary: the negation says nothing of what follows
    ("He meant to go back, but did not after his friends were killed.",
     "He meant to go back, but after his friends were killed he decided against it.",
     "negation_mismatch"),
    ("Prices did not fall in 2023.", "Prices rose by 4% in 2023.", "polarity_mismatch"),
    ("Acme acquired Globex in 2019.", "Globex was acquired by Acme in 2019.", "role_swap"),
    ("Take it with food because it works faster.",
     "Take it with food: this helps it work faster.", "ungrounded_cause"),
    ("Doctors give the first dose.", "Nurses weigh the patient. Doctors give the first dose.",
     "subject_swap"),
    ("You may cancel without paying a fee.", "You may cancel at any time without a fee.",
     "ungrounded_exemption"),
    ("Big Fish is one of his finest films.",
     "Critics call Big Fish one of Tim Burton's best films.", "ungrounded_rank"),
    ("Staff must be in the office on Mondays, when the team meeting takes place.",
     "Staff must be in the office on Mondays, before the team meeting.", "ungrounded_detail"),
    ("Murakami also wrote Kafka on the Shore, which I'd recommend.",
     "Haruki Murakami wrote Kafka on the Shore.", "ungrounded_detail"),
    ("The flat does come with a parking space.",
     ("Two-bedroom flat with a balcony and one allocated parking space.",
      "Does the flat come with a parking space?"), "ungrounded_question"),
    ("The flat does not come with a parking space.",
     ("Two-bedroom flat with a balcony. Parking is on the street.",
      "Does the flat come with a parking space?"), "ungrounded_question"),
    # a comparison asks a relation the evidence implies
    ("The Zorlu Center and the Bayezid II Mosque are not in different cities.",
     ("The Zorlu Center is a complex in Istanbul. The Bayezid II Mosque is a mosque in "
      "Istanbul.", "Are the Zorlu Center and the Bayezid II Mosque in different cities?"),
     "ungrounded_question"),
    ("Prices fell in 2023.", "Prices did not rise in 2023.", "polarity_mismatch"),
    ("It is paid on the 1st.", "It is paid on 1 March.", "ungrounded_figure"),
    ("It was the 3rd edition.", "Edition 3 came out in 2001.", "ungrounded_figure"),
    ("The office opens at 8 a.m. on Mondays.",
     "The office opens at 8 a.m. on Mondays and at 9 a.m. on other weekdays.", "value_swap"),
    ("Employees who resign within a year must repay their relocation allowance.",
     "If an employee resigns within a year of joining, they must repay their relocation "
     "allowance.", "qualifier_dropped"),
    ("The reset does not keep saved passwords.", "The reset erases all saved passwords.",
     "polarity_mismatch"),
    ("Parking charges will not change.", "Parking charges stay the same.",
     "polarity_mismatch"),
    ("Prices rose in 2023.", "Prices rose in 2023 and stayed the same in 2024.",
     "polarity_mismatch"),
    ("Bus fares will go up 5 percent, while parking charges are unchanged.",
     "Bus fares rise by 5 percent.", "polarity_mismatch"),
    ("The hotel is close to the station.", "The hotel is open all year.",
     "polarity_mismatch"),
    ("Tenants must pay the deposit.", "Tenants shall pay the deposit.", "modal_mismatch"),
    ("Tenants can pay the deposit.", "Tenants may pay the deposit.", "modal_mismatch"),
    ("The period is at least 26 weeks.", "The period is not less than 26 weeks.",
     "qualifier_dropped"),
    ("The loan is no more than £500.", "The loan is at most £500.", "qualifier_mismatch"),
    ("The town has about 2,000 residents.", "The town has approximately 2,000 residents.",
     "precision_mismatch"),
    ("The town has about 2,000 residents.", "The town has 2,000 residents.",
     "qualifier_mismatch"),
    ("The drug might cause drowsiness.", "The drug might cause drowsiness.", "hedge_mismatch"),
    ("The hotel allowance is £150 per night in London.", HOTEL, "value_swap"),
    ("The hotel allowance is £110 per night outside London.", HOTEL, "value_swap"),
    ("Marie Curie won the Nobel Prize in Chemistry in 1911.", NOBEL, "value_swap"),
    ("How much is the hotel allowance in London? £150 per night.", HOTEL, "no_answer"),
    ("Take one tablet daily.", "Take one tablet once a day.", "frequency_mismatch"),
    ("Greta Gerwig directed Little Women.", "Little Women is directed by Greta Gerwig.",
     "relation_mismatch"),
    ("Side effects were less common with the drug than with placebo.",
     "Side effects occurred in 2% of the drug group and 4% of the placebo group.",
     "comparison_mismatch"),
    ("Staff may carry over 5 days unless agreed otherwise.",
     "Staff may carry over 5 days, unless agreed otherwise.", "qualifier_dropped"),
    ("Tokyo is the capital of Japan.",
     "Kyoto is the capital of Kyoto Prefecture. Tokyo is Japan's capital.", "holder_mismatch"),
    # an obligation under "not everyone" exempts some
    ("Not everyone has to prove their English.",
     "Applicants must show they can speak English to level B1. Nationals of a majority "
     "English-speaking country do not need to prove their English.", "modal_mismatch"),
    # the claim's own case ruled on by another sentence
    ("If a member dies after retirement, a spouse's pension of half the member's pension is "
     "payable.", PENSION, "case_mismatch"),
    ("Messi does not play in the Premier League.",
     "Lionel Messi has never played in the Premier League.", "ungrounded_denial"),
]


@pytest.mark.parametrize(("claim", "evidence", "code"), POSITIVE)
def test_positive(claim: str, evidence: Evidence, code: str) -> None:
    ev, question = evidence if isinstance(evidence, tuple) else (evidence, "")
    got = found(claim, ev, question=question)
    assert code in [c for c, _ in got], got
    kinds = {k for c, k in got if c == code}
    assert kinds <= set(CODES[code][0])


@pytest.mark.parametrize(("claim", "evidence", "code"), NEGATIVE)
def test_negative(claim: str, evidence: Evidence, code: str) -> None:
    ev, question = evidence if isinstance(evidence, tuple) else (evidence, "")
    assert code not in codes(claim, ev, question=question)


def test_every_code_has_a_positive_and_a_negative() -> None:
    assert {c for _, _, c in POSITIVE} == set(CODES) - SPAN_CODES
    assert {c for _, _, c in NEGATIVE} == set(CODES) - SPAN_CODES


def test_modal_contradiction_only_for_prohibition() -> None:
    assert found("Members may smoke indoors.", "Members must not smoke indoors.") == [
        ("modal_mismatch", "contradiction")]
    assert found("Members must smoke indoors.", "Members should smoke indoors.") == [
        ("modal_mismatch", "ungrounded")]
    assert found("Members need not register.", "Members must register.") == [
        ("modal_mismatch", "ungrounded")]


WILLS = "No will shall be valid unless it is in writing."


@pytest.mark.parametrize(("claim", "evidence", "expected"), [
    # the claim shares only its subject with the rule: aligned by the subject
    ("A will may be oral.", WILLS, [("modal_mismatch", "contradiction")]),
    ("Wills may be made orally.", WILLS, [("modal_mismatch", "contradiction")]),
    ("A will need not be in writing.", WILLS, [("modal_mismatch", "contradiction")]),
    ("A contract may be unsigned.", "No contract shall be enforceable unless it is signed.",
     [("modal_mismatch", "contradiction")]),
    ("A will may be oral.", [WILLS, "An oral statement is not a will."],
     [("modal_mismatch", "contradiction")]),
    # faithful, or not about the exception: nothing new
    ("A will must be in writing.", WILLS, []),
    ("A will may be revoked.", WILLS, []),
    ("A will may not be oral.", WILLS, []),
    ("A will may be written.", WILLS, []),
    ("It may be oral.", WILLS, []),  # no subject to match
    ("A contract may be oral.", WILLS, []),  # another subject
    ("A will can be oral.", ["A will may be oral.", WILLS], []),  # the evidence says so
])
def test_a_rule_on_the_subject_alone(claim: str, evidence: str | list[str],
                                     expected: list[tuple[str, str]]) -> None:
    assert found(claim, evidence) == expected


def test_the_rule_finding_names_both_sides() -> None:
    (f,) = check_claim("A will may be oral.", [WILLS])
    assert f.text == "may" and "'oral'" in f.message and "'writing'" in f.message


# --- adversarial edits of one faithful claim --------------------------------------------

BASE_EVIDENCE = [
    "Under section 80F of the Employment Rights Act 1996, an employee with 26 weeks' service "
    "may request flexible working. The employer must respond within two months and may refuse "
    "only for one of eight business reasons.",
    "The statutory rate of pay is £184.03 a week or 90% of average weekly earnings, whichever "
    "is lower, and it was set on 6 April 2024 by the Department for Work and Pensions.",
]
FAITHFUL_CLAIM = "The employer must respond within two months."


@pytest.mark.parametrize(("claim", "code"), [
    ("The employer must not respond within two months.", "modal_mismatch"),
    ("The rate was not set by the Department for Work and Pensions.",
     "negation_mismatch"),  # negation
    ("The employer may respond within two months.", "modal_mismatch"),  # modal shift
    ("The employer must respond within two weeks.", "unit_mismatch"),  # unit swap
    ("The employer must respond within three months.", "ungrounded_figure"),  # number swap
    ("The statutory rate of pay is £184.03 a month.", "unit_mismatch"),
    ("The statutory rate of pay is £184.03.", "qualifier_dropped"),
    ("The statutory rate of pay is the lower of £184.03 a week or 90% of average weekly "
     "earnings.", ""),
    ("The statutory rate of pay is £1.8403 a week.", "ungrounded_figure"),
    ("The statutory rate of pay is 90 per cent of average weekly earnings.",
     "qualifier_dropped"),
    ("The rate was set on 6 April 2023.", "ungrounded_date"),  # date shift
    ("The rate was set on 16 April 2024.", "ungrounded_date"),
    ("The rate was set by the Department for Education.", "ungrounded_entity"),  # entity swap
    ("The rate was set by the Treasury.", "ungrounded_entity"),
    ("The right is in section 80G of the Employment Rights Act 1996.",
     "ungrounded_citation"),  # spoofed citation
    ("The right is in section 80F of the Employment Rights Act 1999.", "citation_mismatch"),
    ("The right is in section 80F of the Employment Relations Act 1996.", "ungrounded_title"),
    ("An employee with 26 months' service may request flexible working.", "unit_mismatch"),
    ("An employee with 26 weeks' service may request flexible working.", ""),
])
def test_adversarial(claim: str, code: str) -> None:
    got = codes(claim, BASE_EVIDENCE)
    if code:
        assert code in got
    else:
        assert got == []


def test_faithful_base_claim() -> None:
    assert codes(FAITHFUL_CLAIM, BASE_EVIDENCE) == []


@pytest.mark.parametrize(("claim", "evidence", "code"), [
    ("The dose is 5 mg.", "The dose is 5 g.", "unit_mismatch"),  # unit swap
    ("The grant is £2 billion.", "The grant is £2 million.", "magnitude_mismatch"),
    ("The grant is £2m.", "The grant is £2bn.", "magnitude_mismatch"),
])
def test_adversarial_units_and_magnitudes(claim: str, evidence: str, code: str) -> None:
    assert code in codes(claim, evidence)


def test_question_figures_count_as_grounded() -> None:
    claim = "Your award of £85,000 is covered."
    evidence = "Awards are covered up to a limit."
    assert codes(claim, evidence) == ["ungrounded_figure"]
    assert codes(claim, evidence, question="My award is £85,000. Is it covered?") == []
    # a reply that restates a yes/no question asserts its figures: the question grounds none
    assert codes("The limit is £85,000.", "The limit applies to awards.",
                 question="Is the limit £85,000?") == ["ungrounded_figure"]


# --- no false positives on faithful paraphrases -------------------------------------------

FAITHFUL: list[tuple[str, str]] = [
    # law
    ("An employee must have at least two years' continuous service to claim unfair dismissal.",
     "To claim unfair dismissal an employee must have at least two years' continuous service."),
    ("Under section 98 of the Employment Rights Act 1996, conduct is a potentially fair reason "
     "for dismissal.",
     "Section 98 of the Employment Rights Act 1996 lists conduct as a potentially fair reason "
     "for dismissal."),
    ("Article 6(1)(a) of Regulation (EU) 2016/679 allows processing based on consent.",
     "Under Article 6(1)(a) of Regulation (EU) 2016/679, processing is lawful where the data "
     "subject has given consent."),
    ("The tenant may terminate the lease by giving two months' notice.",
     "The lease may be terminated by the tenant on two months' notice."),
    ("A claim must be brought within 3 months less one day of the dismissal.",
     "A claim must be presented within 3 months less one day of the effective date of "
     "termination."),
    ("The Data Protection Act 2018 supplements the UK GDPR.",
     "The Data Protection Act 2018 supplements the UK GDPR and sets out exemptions."),
    ("The employer must not deduct wages unless the deduction is authorised by contract.",
     "An employer must not make a deduction from wages unless the deduction is authorised by "
     "the worker's contract."),
    ("The duty is in § 823 Abs. 1 BGB.", "Liability arises under § 823(1) BGB."),
    # medicine
    ("The usual adult dose of paracetamol is 500 mg to 1 g every 4 to 6 hours.",
     "For adults, the usual dose of paracetamol is 500 mg to 1 g every 4 to 6 hours, up to a "
     "maximum of 4 g in 24 hours."),
    ("Adults should not take more than 4 g of paracetamol in 24 hours.",
     "Adults should not take more than 4 g of paracetamol in 24 hours."),
    ("Ibuprofen is a non-steroidal anti-inflammatory drug.",
     "Ibuprofen is a non-steroidal anti-inflammatory drug (NSAID) used to treat pain and fever."),
    ("Normal body temperature is about 37 °C.",
     "A normal body temperature is around 37°C, though it varies slightly between people."),
    ("The vaccine was 95% effective in the trial.",
     "In the phase 3 trial the vaccine was 95 per cent effective at preventing symptomatic "
     "infection."),
    ("Patients should drink 2 litres of water a day.",
     "Patients are advised that they should drink 2 litres of water a day."),
    ("The tablets contain 200 mg of ibuprofen.", "Each tablet contains 0.2 g of ibuprofen."),
    # finance
    ("Revenue rose 12.5% to €1.2 billion in 2023.", "In 2023 revenue rose by 12,5 % to €1.2bn."),
    ("The company paid a dividend of 45p per share.",
     "The board declared a dividend of 45 pence per share, paid in June."),
    ("The fund charges an annual fee of 0.75%.",
     "An annual management fee of 0.75 per cent is charged by the fund."),
    ("The bond matures on 6 April 2030.",
     "The bond matures on 06/04/2030 and pays interest twice a year."),
    ("The price was EUR 1,250.50.", "Le prix était de 1 250,50 € toutes taxes comprises."),
    ("Net profit fell to £3.4 million.", "Net profit fell to £3.4m from £4.1m a year earlier."),
    # HR
    ("Full-time workers are entitled to 28 days of paid annual leave.",
     "Almost all workers are legally entitled to 5.6 weeks' paid holiday a year, which for a "
     "full-time worker is 28 days."),
    ("Employees can request flexible working from their first day.",
     "Employees have the right to request flexible working from their first day of "
     "employment; they can make two requests in any 12-month period."),
    ("The hotel allowance is £150 per night in London.", HOTEL),
    ("The hotel allowance is £110 per night outside London.", HOTEL),
    ("Expense claims must be submitted within 30 days.",
     "All expense claims must be submitted within 30 days of the expense being incurred."),
    ("Staff must complete the training by 31 March 2026.",
     "All staff must complete the mandatory training by 31 March 2026."),
    ("The office opens at 9:00 a.m. on Mondays.",
     "On Mondays the office opens at 9am and closes at 5.30pm."),
    # general knowledge
    ("The Eiffel Tower is 330 metres tall.", EIFFEL),
    ("The Eiffel Tower was completed in 1889.",
     "Constructed from 1887 to 1889, the Eiffel Tower was the centrepiece of the 1889 World's "
     "Fair."),
    ("Mount Everest is 8,849 metres high.",
     "Mount Everest's elevation of 8,849 m was established by a survey in 2020."),
    ("Marie Curie won the Nobel Prize in Chemistry in 1911.", NOBEL),
    ("The Amazon River flows through Brazil.",
     "The Amazon River in South America flows through Peru, Colombia and Brazil."),
    ("The Great Wall of China is over 21,000 kilometres long.",
     "The Great Wall of China is over 21,000 km long."),
    ("Water boils at 100 degrees Celsius at sea level.", "At sea level, water boils at 100 °C."),
    ("The Battle of Hastings took place in October 1066.",
     "The Battle of Hastings was fought on 14 October 1066."),
    ("Shakespeare wrote Hamlet.", "Hamlet is a tragedy written by William Shakespeare."),
    ("The treaty was signed by twenty-eight countries.",
     "The treaty was signed by 28 countries in 2007."),
    ("The UK left the European Union in 2020.",
     "The United Kingdom withdrew from the EU on 31 January 2020."),
    ("The meeting lasts two weeks.", "The meeting lasts 14 days."),
    ("The Nile is approximately 6,650 km long.", "The Nile is about 6,650 kilometres long."),
    # "over a … period" says when, not how much
    ("Over a seven-year period the firm spent £29 million on flights.",
     "The firm spent £29 million on flights in the seven-year period to 2012."),
]


def test_faithful_set_is_large_and_varied() -> None:
    assert len(FAITHFUL) >= 25


@pytest.mark.parametrize(("claim", "evidence"), FAITHFUL)
def test_faithful(claim: str, evidence: str) -> None:
    assert check_claim(claim, [evidence]) == []

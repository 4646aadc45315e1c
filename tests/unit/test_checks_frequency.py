"""The frequency check (``frequency_mismatch``): the normal form every wording of a
frequency reads into, the planted errors it catches, the faithful paraphrases it passes,
and the figures inside a frequency that the figure check leaves to it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from certirag.checks import check_claim, frequency
from certirag.checks.frequency import Rate, frequency_spans, read_frequencies


def found(claim: str, evidence: str | list[str], **kw: str) -> list[tuple[str, str]]:
    ev = [evidence] if isinstance(evidence, str) else evidence
    return [(f.code, f.kind) for f in check_claim(claim, ev, **kw)]


def codes(claim: str, evidence: str | list[str], **kw: str) -> list[str]:
    return [c for c, _ in found(claim, evidence, **kw)]


def forms(text: str) -> list[str]:
    """The normal form of each frequency ``text`` states (not the bare periods)."""
    return [f.describe() for f in read_frequencies(text) if not f.weak]


# --- the normal form ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "form"), [
    ("once a day", "1 per day"),
    ("daily", "1 per day"),
    ("every day", "1 per day"),
    ("each day", "1 per day"),
    ("once daily", "1 per day"),
    ("every night", "1 per day"),
    ("nightly", "1 per day"),
    ("twice a day", "2 per day"),
    ("two times per day", "2 per day"),
    ("twice daily", "2 per day"),
    ("2x/day", "2 per day"),
    ("two doses a day", "2 per day"),
    ("every 12 hours", "2 per day"),
    ("three times a day", "3 per day"),
    ("thrice daily", "3 per day"),
    ("every 8 hours", "3 per day"),
    ("hourly", "24 per day"),
    ("twice a week", "2 per week"),
    ("twice-weekly", "2 per week"),
    ("weekly", "1 per week"),
    ("every week", "1 per week"),
    ("every Monday", "1 per week"),
    ("fortnightly", "1 per 2 weeks"),
    ("every two weeks", "1 per 2 weeks"),
    ("every other week", "1 per 2 weeks"),
    ("once a fortnight", "1 per 2 weeks"),
    ("every other day", "1 per 2 days"),
    ("on alternate days", "1 per 2 days"),
    ("monthly", "1 per month"),
    ("once a month", "1 per month"),
    ("quarterly", "4 per year"),
    ("every 3 months", "4 per year"),
    ("every six months", "2 per year"),
    ("twice a year", "2 per year"),
    ("semi-annually", "2 per year"),
    ("annually", "1 per year"),
    ("annual", "1 per year"),
    ("yearly", "1 per year"),
    ("every year", "1 per year"),
    ("every 12 months", "1 per year"),
    ("once per annum", "1 per year"),
    ("every two years", "1 per 2 years"),
    ("biennial", "1 per 2 years"),
    ("once every four years", "1 per 4 years"),
    ("12 times a year", "1 per month"),
    ("one-off", "once"),
    ("a one-time payment", "once"),
    ("a single payment", "once"),
    ("two or three times a week", "2 per week to 3 per week"),
    ("at least once a week", "at least 1 per week"),
    ("up to four times a day", "at most 4 per day"),
    ("bi-weekly", "1 per 2 weeks or 2 per week"),
])
def test_the_normal_form(text: str, form: str) -> None:
    assert forms(text) == [form]


@pytest.mark.parametrize("text", [
    "two days a week",  # a count of days: the figure check's
    "for 5 days",  # a duration
    "£300 a month",  # the period of an amount: the figure check's
    "The Daily Mail reported it.",  # names
    "She writes for Entertainment Weekly.",
    "28 days of paid annual leave",
    "Wheat is an annual plant.",
    "in daily life",
    "He once lived in Paris.",  # a bare "once" is no frequency
    "He won the title twice.",
    "He was arrested 80 times in a year.",  # a count over a span ("in 1995")
    "every time it rains",
    "A quarter of the population voted.",
    "It is an everyday word.",
])
def test_what_is_no_frequency(text: str) -> None:
    assert forms(text) == []


def test_frequency_spans_name_the_words_of_each_frequency() -> None:
    text = "Take it twice a day, three times the usual dose, for 30,000 visitors a year."
    assert [text[a:b] for a, b in frequency_spans(text)] == ["twice a day"]


def test_the_bare_period_of_a_rate_is_weak() -> None:
    (f,) = read_frequencies("The park attracts 30,000 visitors a year.")
    assert f.weak and f.describe() == "1 per year"


def test_rates_meet_across_the_day_and_month_families_within_two_percent() -> None:
    monthly = Rate("months", Fraction(1), Fraction(1))
    assert monthly.agrees(Rate("days", Fraction(1, 30), Fraction(1, 30)))
    assert not monthly.agrees(Rate("days", Fraction(1, 28), Fraction(1, 28)))
    assert not monthly.agrees(Rate("once", Fraction(1), Fraction(1)))
    assert Rate("once", Fraction(1), Fraction(1)).agrees(Rate("once", Fraction(1), Fraction(1)))


# --- planted errors -----------------------------------------------------------------------

POSITIVE: list[tuple[str, str]] = [
    ("Take one tablet twice a day.", "Take one Dormaxin tablet once a day."),
    ("The bin is collected twice a week.", "The bin is collected once a week."),
    ("Adults take one Vormacet tablet twice a week with food.",
     "Adults should take one tablet twice a day with food."),
    ("Everyone aged 50 to 74 gets a testing kit every year.",
     "Everyone aged 50 to 74 is sent a home testing kit every two years."),
    ("The company pays a monthly equipment allowance of £300.",
     "The company provides a one-off equipment allowance of £300 for home working."),
    ("The newsletter is published weekly.", "The newsletter is published monthly."),
    ("Check the smoke alarm every 6 months.", "Check the smoke alarm every 3 months."),
    ("Take the capsules twice daily.", "Take the capsules three times a day."),
    ("Take the capsules three times a day.", "Take the capsules twice daily."),
    ("The injection is given every four weeks.", "The injection is given monthly."),
    ("Staff are paid a one-off bonus of £500.", "Staff receive a bonus of £500 every quarter."),
    ("Staff are paid a one-off allowance.", "Staff are paid an allowance of £300 per month."),
    ("Take it five times a day.", "Take it no more than four times a day."),
    ("Weekly.", "The magazine is published monthly."),  # a reply: about what anything is
    # a minimum raised: the evidence asks for no more than once a year
    ("Kidney function should be checked at least once a month.",
     "Routine monitoring of blood clotting is not required, although kidney function should "
     "be checked at least once a year."),
    ("Kidney function should be checked once a month.",
     "Kidney function should be checked at least once a year."),
    # the weekday of a rate the sentence states is no rate of its own
    ("The newsletter comes out every week, on Fridays.",
     "The association publishes its newsletter every fortnight, on Fridays."),
]


@pytest.mark.parametrize(("claim", "evidence"), POSITIVE)
def test_a_changed_frequency_is_a_contradiction(claim: str, evidence: str) -> None:
    assert ("frequency_mismatch", "contradiction") in found(claim, evidence)


def test_the_finding_shows_both_frequencies_in_normal_form() -> None:
    (f,) = [f for f in check_claim("Everyone aged 50 to 74 gets a testing kit every year.",
                                   ["Everyone aged 50 to 74 is sent a home testing kit every "
                                    "two years."]) if f.code == "frequency_mismatch"]
    assert (f.text, f.evidence_text) == ("every year", "every two years")
    assert "1 per year" in f.message and "1 per 2 years" in f.message


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The bin is collected twice a week.", "The bin is collected on Mondays."),
    ("The bin is collected every two weeks.", "The bin is collected by the council."),
])
def test_a_frequency_the_evidence_gives_no_rival_to_is_ungrounded(claim: str,
                                                                  evidence: str) -> None:
    assert found(claim, evidence) == [("frequency_mismatch", "ungrounded")]


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The bin is collected weekly.", "The bin is collected by the council."),
    ("The annual race will be her final marathon.",
     "Sunday's London Marathon will be her final marathon."),
])
def test_a_plain_period_the_evidence_gives_no_rival_to_is_left_to_the_model(
        claim: str, evidence: str) -> None:
    assert codes(claim, evidence) == []


def test_a_sentence_no_evidence_sentence_is_about_is_left_to_the_model() -> None:
    evidence = ("The annual fee is $120, payable by 1 March 2026. Members must renew online. "
                "Dr Anna Weber chairs the board.")
    assert codes("The board meets monthly.", evidence) == []


# --- faithful wordings --------------------------------------------------------------------

FAITHFUL: list[tuple[str, str]] = [
    ("Take one tablet daily.", "Take one tablet once a day."),
    ("The museum is open every day.", "The museum is open each day."),
    ("Take it twice a day.", "Take it two times per day."),
    ("Take it two times a day.", "Take it twice daily."),
    ("The policy is reviewed every 12 months.", "The policy is reviewed annually."),
    ("There is a weekly team meeting.", "The team meeting is held every week."),
    ("The Games are held every two years.", "The Games are held biennially."),
    ("The Games are held every other year.", "The Games are held every two years."),
    ("It was published every other week.", "It was published fortnightly."),
    ("Interest is paid twice a year.", "Interest is paid semi-annually."),
    ("The rent is reviewed every 30 days.", "The rent is reviewed monthly."),
    ("Take two doses a day.", "Take the medicine twice daily."),
    ("Take it every 6 hours.", "Take it every 4 to 6 hours."),
    ("The team meets twice a week.", "The team meets bi-weekly."),
    ("The team meets every two weeks.", "The team meets bi-weekly."),
    ("Take it twice a day.", "Take it up to four times a day."),
    ("Staff are paid a one-off bonus of £500.", "Staff receive a single payment of £500 as a "
     "bonus."),
    ("The festival is held annually.", "The festival attracts 30,000 visitors a year."),
    ("Every year, about 200 people die.", "About 200 people die each year."),
    # "12 issues annually" is the period of a count, no rival to "monthly"
    ("Latina is a monthly magazine.", "Latina is a magazine. The magazine publishes 12 "
     "issues annually."),
    ("Showdown in Chinatown is an annual charity soccer match.",
     "Showdown in Chinatown is an annual charity soccer match organised by Steve Nash."),
    # a frequency the claim does not state
    ("The bin is collected by the council.", "The bin is collected once a week."),
    # a work pattern and a duration are figures, not frequencies
    ("Staff work from home two days a week.", "Staff work from home 2 days per week."),
    ("The course lasts 5 days.", "The course runs daily and lasts 5 days."),
    # the period of an amount is the figure check's: "£300 a month" is £300 per month
    ("The allowance is £300 a month.", "The allowance is £300 per month."),
    ("The allowance is £300 monthly.", "The allowance is £300 per month."),
    ("A monthly allowance of £300 is paid.", "The allowance is £300 per month."),
    # names and set phrases
    ("The Daily Telegraph is a British newspaper.",
     "The Daily Telegraph is a British daily newspaper."),
    ("Full-time workers are entitled to 28 days of paid annual leave.",
     "Almost all workers are legally entitled to 5.6 weeks' paid holiday a year, which for a "
     "full-time worker is 28 days."),
    ("The usual adult dose is 500 mg every 4 to 6 hours.",
     "For adults, the usual dose is 500 mg every 4 to 6 hours."),
    # at or below a minimum the evidence sets
    ("Kidney function should be checked at least once a year.",
     "Kidney function should be checked at least once a year."),
    ("Kidney function should be checked every year.",
     "Kidney function should be checked at least once a year."),
]


@pytest.mark.parametrize(("claim", "evidence"), FAITHFUL)
def test_a_faithful_wording_is_clean(claim: str, evidence: str) -> None:
    assert check_claim(claim, [evidence]) == []


@pytest.mark.parametrize(("claim", "evidence", "question"), [
    # a frequency the claim denies states none
    ("The magazine is not published weekly.", "The magazine is published monthly.", ""),
    # a frequency of the question counts as grounded, like its figures
    ("The bin is collected twice a week.", "The bin is collected by the council.",
     "Is the bin collected twice a week?"),
    # the bare period of a rate, an award of the month, the Nth year of an event
    ("YouTube has 300 hours of uploads every minute.",
     "YouTube has 300 hours of video uploads per minute.", ""),
    # a frequency of the evidence that the claim's other frequency states is no rival
    ("The site gets billions of views every day; 300 hours of uploads every minute.",
     "A decade later, the site gets billions of views every day. YouTube has 300 hours of "
     "video uploads per minute.", ""),
    ("Kane was bidding for a third straight monthly award.",
     "Giroud was named Player of the Month, thwarting Kane's bid for a third award in a row.",
     ""),
    ("More than 100 sailboats took part in the Dauphin Island Race, an annual event.",
     "More than 100 sailboats took part in the Dauphin Island Race. The club says this is "
     "the 57th year for the event.", ""),
])
def test_no_finding(claim: str, evidence: str, question: str) -> None:
    assert "frequency_mismatch" not in codes(claim, evidence, question=question)


def test_the_question_does_not_outweigh_the_evidence() -> None:
    assert found("Yes, the bin is collected twice a week.", "The bin is collected once a week.",
                 question="Is the bin collected twice a week?") == [
        ("frequency_mismatch", "contradiction")]


def test_a_frequency_the_evidence_gives_to_something_else_is_a_contradiction() -> None:
    evidence = ("Nintendo Power was a news and strategy magazine which was initially published "
                "in-house monthly by Nintendo of America.Armchair General was a bimonthly "
                "American military history magazine published by Weider History Group.")
    (f,) = check_claim("Nintendo Power is published bimonthly.", [evidence])
    assert (f.code, f.kind, f.evidence_text) == ("frequency_mismatch", "contradiction",
                                                 "monthly")
    assert "of something else" in f.message


def test_a_rate_of_money_is_left_to_the_figure_check() -> None:
    # "£300 a month" against "£3,600 a year": the same money, and the figure check's call
    assert codes("The allowance is £300 a month.", "The allowance is £3,600 a year.") == [
        "ungrounded_figure"]
    assert found("The allowance is £300 monthly.", "The allowance is £300 a year.") == [
        ("unit_mismatch", "contradiction")]


# --- the figures inside a frequency -------------------------------------------------------


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Check the smoke alarm every 6 months.", "Check the smoke alarm every 3 months."),
    ("Take the capsules three times a day.", "Take the capsules twice a day."),
    ("Everyone aged 50 to 74 gets a kit every three years.",
     "Everyone aged 50 to 74 gets a kit every two years."),
])
def test_a_figure_inside_a_changed_frequency_is_reported_once(claim: str,
                                                              evidence: str) -> None:
    assert found(claim, evidence) == [("frequency_mismatch", "contradiction")]


def test_a_frequency_no_evidence_sentence_is_about_leaves_its_figures_to_the_figure_check(
) -> None:
    evidence = "The annual fee is $120. Dr Anna Weber chairs the board."
    assert found("The board meets every 6 months.", evidence) == [
        ("ungrounded_figure", "ungrounded")]


def test_figures_outside_a_frequency_are_still_checked() -> None:
    assert codes("Take 3 tablets twice a day.", "Take 2 tablets twice a day.") == [
        "ungrounded_figure"]


# --- a frequency borrowed from another item of a list -------------------------------------

BUS = ("The Eastline bus to the airport runs every 15 minutes on weekdays and every 30 "
       "minutes on Sundays.")


@pytest.mark.parametrize("claim", [
    "The Eastline bus runs every 30 minutes on weekdays.",
    "On Sundays it runs every 15 minutes.",
    "The Eastline bus runs twice an hour on weekdays.",  # the same frequency, other words
])
def test_frequency_of_another_item_is_a_swap(claim: str) -> None:
    assert ("value_swap", "contradiction") in found(claim, BUS)


@pytest.mark.parametrize("claim", [
    "The Eastline bus runs every 15 minutes on weekdays.",
    "On Sundays it runs every 30 minutes.",
    "The Eastline bus runs twice an hour on Sundays.",
    "The bus runs every 15 minutes.",  # no item named: the model reads what is left out
    "The bus runs every 30 minutes except on weekdays.",  # exclusion: not read as a list
])
def test_frequency_of_its_own_item_is_no_swap(claim: str) -> None:
    assert "value_swap" not in codes(claim, BUS)


def test_frequency_stated_alone_elsewhere_is_no_swap() -> None:
    """Where another sentence states the frequency on its own, no list reading decides."""
    evidence = [BUS, "Night buses run every 30 minutes."]
    assert "value_swap" not in codes("The Eastline bus runs every 30 minutes on weekdays.",
                                     evidence)


def test_frequencies_are_judged_once_per_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    """The frequency check and the figure check outside frequencies share one reading."""
    calls: list[str] = []
    real = frequency._judge

    def counted(*args: object) -> object:
        calls.append("judge")
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(frequency, "_judge", counted)
    assert ("value_swap", "contradiction") in found(
        "The Eastline bus runs every 30 minutes on weekdays.", BUS)
    assert calls == ["judge"]

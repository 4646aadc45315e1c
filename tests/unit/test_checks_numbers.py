"""Numbers, money, percentages, units and spelled numbers (certirag.checks figures)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from certirag.checks import CheckOptions, check_claim
from certirag.checks._text import Spans, normalize
from certirag.checks.figures import Figure, extract_figures
from certirag.checks.numbers import NUMBER_RE, SPELLED_RE, parse_number, parse_spelled


def figures(text: str, *, decimal_comma: bool | None = None, claim: bool = True
            ) -> list[Figure]:
    return extract_figures(normalize(text), Spans(), decimal_comma=decimal_comma, claim=claim)[0]


def one(text: str, **kw: object) -> Figure:
    found = figures(text, **kw)  # type: ignore[arg-type]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(("token", "dc", "value"), [
    ("1,234.56", None, "1234.56"), ("1.234,56", None, "1234.56"), ("1 234,56", None, "1234.56"),
    ("1,250", None, "1250"), ("1.250", None, "1.250"), ("12,5", None, "12.5"),
    ("1.234.567", None, "1234567"), ("0,250", None, "0.25"), ("2026", None, "2026"),
    ("1,250", True, "1.25"), ("1.250", True, "1250"), ("1,234.56", True, "1234.56"),
    ("12,5", False, None), ("1,250", False, "1250"), ("1,23,4", None, None),
])
def test_parse_number(token: str, dc: bool | None, value: str | None) -> None:
    got = parse_number(token, dc)
    assert got == (Decimal(value) if value is not None else None)


def test_number_regex_skips_codes_and_groups_spaces() -> None:
    text = "A4 x 68 400 and 3.11.2 and 1,083 and 20000"
    assert [m.group() for m in NUMBER_RE.finditer(text)] == ["68 400", "3.11", "1,083", "20000"]


@pytest.mark.parametrize(("text", "values"), [
    ("twenty-eight", [(28, False)]), ("one hundred and five", [(105, False)]),
    ("twenty-first", [(21, True)]), ("one two", [(1, False), (2, False)]),
    ("two thousand and twenty-six", [(2026, False)]), ("third", [(3, True)]),
    ("one hundred and fifth", [(105, True)]), ("five million", [(5_000_000, False)]),
])
def test_spelled(text: str, values: list[tuple[int, bool]]) -> None:
    m = SPELLED_RE.search(text)
    assert m is not None
    assert [(int(v), o) for _, _, v, o in parse_spelled(m.group())] == values


@pytest.mark.parametrize(("text", "kind", "dim", "value"), [
    ("£85,000", "money", "money:GBP", "85000"),
    ("68,400 pounds", "money", "money:GBP", "68400"),
    ("45p", "money", "money:GBP", "0.45"),
    ("EUR 1250.50", "money", "money:EUR", "1250.50"),
    ("1 250,50 €", "money", "money:EUR", "1250.50"),
    ("68\u202f400 €", "money", "money:EUR", "68400"),
    ("68\u00a0400 €", "money", "money:EUR", "68400"),
    ("1.234,56 €", "money", "money:EUR", "1234.56"),
    ("$5m", "money", "money:USD", "5000000"),
    ("£1.2bn", "money", "money:GBP", "1200000000"),
    ("CHF 300", "money", "money:CHF", "300"),
    ("300 CHF", "money", "money:CHF", "300"),
    ("twenty dollars", "money", "money:USD", "20"),
    ("12.5%", "percent", "percent", "12.5"),
    ("12,5 %", "percent", "percent", "12.5"),
    ("12.5 per cent", "percent", "percent", "12.5"),
    ("12.5 percent", "percent", "percent", "12.5"),
    ("5 mg", "measure", "mass", "0.005"),
    ("5 g", "measure", "mass", "5"),
    ("5 kilograms", "measure", "mass", "5000"),
    ("330 metres", "measure", "length", "330"),
    ("330 meters", "measure", "length", "330"),
    ("5 km", "measure", "length", "5000"),
    ("5 kilometres", "measure", "length", "5000"),
    ("5 kilometers", "measure", "length", "5000"),
    ("250 ml", "measure", "volume", "0.250"),
    ("3 miles", "measure", "miles", "3"),
    ("5 mg/kg", "measure", "mass/kg", "0.005"),
    ("37 °C", "measure", "celsius", "37"),
    ("28 days", "duration", "days", "28"),
    ("two weeks", "duration", "days", "14"),
    ("12-month", "duration", "months", "12"),
    ("3 hours", "duration", "seconds", "10800"),
    ("5 million", "number", "number", "5000000"),
    ("one hundred and five", "number", "number", "105"),
    ("21st", "ordinal", "ordinal", "21"),
    ("third", "ordinal", "ordinal", "3"),
])
def test_figure_kinds(text: str, kind: str, dim: str, value: str) -> None:
    f = one(text)
    assert (f.kind, f.dim, f.value) == (kind, dim, Decimal(value))


def test_working_days_keep_their_class() -> None:
    f = one("10 working days")
    g = one("10 days")
    assert f.day_class == "working" and g.day_class == ""
    assert f.key != g.key


def test_finding_text_is_the_original() -> None:
    found = check_claim("The fee is 68\u202f400 €.", ["The fee is €68,500."])
    assert [(f.code, f.text) for f in found] == [("ungrounded_figure", "68\u202f400 €")]


def test_claim_reading_is_strict_evidence_generous() -> None:
    assert [f.text for f in figures("one of the first people")] == ["first"]  # no lone "one"
    assert [f.value for f in figures("a week", claim=False)] == [Decimal(7)]
    assert figures("a week") == []
    assert figures("1. The fee applies.") == []  # a list number
    assert figures("the second time")[0].kind == "ordinal"
    assert figures("per second") == []


def test_year_is_not_a_figure() -> None:
    found, years = extract_figures("in 2019 there were 2,000 staff", Spans(), decimal_comma=None,
                                   claim=True)
    assert [f.value for f in found] == [Decimal(2000)]
    assert [y.year for y in years] == [2019]


# --- grounding equivalences (end to end) ------------------------------------------------

@pytest.mark.parametrize(("a", "b"), [
    ("1 250,50 €", "€1,250.50"), ("€1,250.50", "EUR 1250.50"), ("1 250,50 €", "EUR 1250.50"),
    ("68\u202f400 €", "€68,400"), ("12,5 %", "12.5 per cent"), ("£68,400", "68,400 pounds"),
    ("45p", "£0.45"), ("330 metres", "330 m"), ("5 km", "5 kilometres"), ("5 g", "5000 mg"),
    ("two weeks", "14 days"), ("one year", "12 months"), ("twenty-eight days", "28 days"),
    ("$1.5m", "US$1,500,000"), ("third", "3rd"),
])
def test_same_value_grounds(a: str, b: str) -> None:
    assert check_claim(f"The amount is {a}.", [f"The amount is {b}."]) == []
    assert check_claim(f"The amount is {b}.", [f"The amount is {a}."]) == []


def _english(d: Decimal, places: int) -> str:
    return f"{d:,.{places}f}"


def _french(d: Decimal, places: int, sep: str) -> str:
    return _english(d, places).replace(",", sep).replace(".", ",")


def _continental(d: Decimal, places: int) -> str:
    return _english(d, places).replace(",", "\x00").replace(".", ",").replace("\x00", ".")


_SEPS = st.sampled_from([" ", "\u00a0", "\u202f", "\u2009"])


@settings(max_examples=150, deadline=None)
@given(cents=st.integers(min_value=0, max_value=10**12), places=st.sampled_from([1, 2]),
       sep=_SEPS)
def test_formats_agree(cents: int, places: int, sep: str) -> None:
    d = (Decimal(cents) / 100).quantize(Decimal(1).scaleb(-places))
    renders = [_english(d, places), _french(d, places, sep), _continental(d, places)]
    values = {one(f"€{r}").value for r in renders} | {one(f"{r} €").value for r in renders}
    assert values == {d}
    assert check_claim(f"It costs {renders[1]} €.", [f"It costs €{renders[0]}."]) == []


@settings(max_examples=100, deadline=None)
@given(n=st.integers(min_value=0, max_value=10**12), sep=_SEPS)
def test_integer_formats_agree(n: int, sep: str) -> None:
    d = Decimal(n)
    assert one(_english(d, 0) + " km").value == d * 1000
    assert one(_french(d, 0, sep) + " km").value == d * 1000
    assert one(_continental(d, 0) + " km", decimal_comma=True).value == d * 1000


@settings(max_examples=60, deadline=None)
@given(a=st.integers(min_value=1, max_value=10**9), b=st.integers(min_value=1, max_value=10**9))
def test_different_values_never_ground(a: int, b: int) -> None:
    found = check_claim(f"The fee is £{a:,}.", [f"The fee is £{b:,}."])
    assert (found == []) == (a == b)
    if a != b:
        assert [f.code for f in found] in (["ungrounded_figure"], ["magnitude_mismatch"])


def test_decimal_comma_option() -> None:
    opts = CheckOptions(decimal_comma=True)
    assert check_claim("The fee is 1.250 €.", ["The fee is €1 250."], options=opts) == []
    assert check_claim("The fee is 1,25 €.", ["The fee is 1,250 €."], options=opts) == []
    assert check_claim("The fee is 1.250 €.", ["The fee is €1 250."]) != []  # 1.25 by default
    no_comma = CheckOptions(decimal_comma=False)
    assert check_claim("The fee is €1,250.", ["The fee is €1 250."], options=no_comma) == []


@pytest.mark.parametrize(("claim", "evidence", "codes"), [
    ("Sales exceed £1bn for the first time.", "Sales exceed £1billion for the first time.", []),
    ("Sales exceed £1bn for the first time.", "Sales exceed £2billion for the first time.",
     ["ungrounded_figure"]),
    ("The fund holds $3 million.", "The fund holds $3million.", []),
])
def test_a_scale_word_written_against_its_number(claim: str, evidence: str,
                                                 codes: list[str]) -> None:
    assert [f.code for f in check_claim(claim, [evidence])] == codes


# a bare number replying "How many <unit> …?" counts that unit ---------------------------

_Q = "How many days of annual leave do full-time employees get?"
_EV = ["Full-time employees are entitled to 28 days of paid annual leave per year.",
       "The daily rate is 1/260 of the annual salary."]


@pytest.mark.parametrize("reply", ["1", "One", "30"])
def test_a_bare_number_replying_how_many_days_must_be_that_many_days(reply: str) -> None:
    """'…get? 1' is not grounded by the numerator of '1/260': the reply counts days."""
    found = check_claim(f"{_Q} {reply}", _EV, question=_Q)
    assert [f.code for f in found] == ["ungrounded_figure"], found
    assert found[0].evidence_text == "28 days"


@pytest.mark.parametrize("reply", ["28", "twenty-eight", "28 days"])
def test_the_right_number_of_days_is_grounded(reply: str) -> None:
    assert check_claim(f"{_Q} {reply}", _EV, question=_Q) == []


def test_a_number_inside_a_longer_reply_keeps_its_own_reading() -> None:
    claim = f"{_Q} They get 28 days, paid at 1/260 of the salary."
    assert check_claim(claim, _EV, question=_Q) == []

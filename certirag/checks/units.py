"""Units of measure and of time, with canonical names and exact metric conversions.

Metric units convert within their dimension (``5000 mg`` == ``5 g``); other units keep a
dimension of their own (miles, feet, pounds weight …) and only equal themselves. Durations
convert within three families that are exact: seconds (second, minute, hour), days (day,
week, fortnight) and months (month, year, decade, century); a day class (``working``,
``clear``, ``school``) is kept apart, so ``10 working days`` never equals ``10 days``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

__all__ = ["Unit", "duration_after", "is_duration_unit", "unit_after"]


@dataclass(frozen=True, slots=True)
class Unit:
    """A canonical unit: ``name`` as shown, ``dim`` compared, ``factor`` to the base unit."""

    name: str
    dim: str
    factor: Decimal


def _d(x: str) -> Decimal:
    return Decimal(x)


# (aliases, canonical name, dimension, factor to the dimension's base unit)
_SYMBOL_TABLE: list[tuple[tuple[str, ...], str, str, str]] = [
    (("µg", "mcg", "ug"), "µg", "mass", "0.000001"),
    (("mg",), "mg", "mass", "0.001"),
    (("g",), "g", "mass", "1"),
    (("kg", "kgs"), "kg", "mass", "1000"),
    (("mm",), "mm", "length", "0.001"),
    (("cm",), "cm", "length", "0.01"),
    (("m",), "m", "length", "1"),
    (("km", "kms"), "km", "length", "1000"),
    (("ml", "mL"), "ml", "volume", "0.001"),
    (("cl", "cL"), "cl", "volume", "0.01"),
    (("dl", "dL"), "dl", "volume", "0.1"),
    (("l", "L"), "l", "volume", "1"),
    (("cm²", "cm2"), "cm²", "area", "0.0001"),
    (("m²", "m2", "sq m"), "m²", "area", "1"),
    (("ha",), "ha", "area", "10000"),
    (("km²", "km2", "sq km"), "km²", "area", "1000000"),
    (("cm³", "cm3", "cc"), "cm³", "volume", "0.001"),
    (("m³", "m3", "cu m"), "m³", "volume", "1000"),
    (("km³", "km3"), "km³", "volume", "1000000000000"),
    (("°C", "ºC", "° C"), "°C", "celsius", "1"),
    (("°F", "ºF", "° F"), "°F", "fahrenheit", "1"),
    (("km/h", "kph", "kmh", "km/hr"), "km/h", "speed_kmh", "1"),
    (("mph",), "mph", "speed_mph", "1"),
    (("m/s",), "m/s", "speed_ms", "1"),
    (("kcal", "Cal"), "kcal", "kcal", "1"),
    (("kJ",), "kJ", "energy", "1000"),
    (("Wh",), "Wh", "energy_wh", "1"),
    (("kWh",), "kWh", "energy_wh", "1000"),
    (("MWh",), "MWh", "energy_wh", "1000000"),
    (("GWh",), "GWh", "energy_wh", "1000000000"),
    (("TWh",), "TWh", "energy_wh", "1000000000000"),
    (("W",), "W", "power", "1"),
    (("kW",), "kW", "power", "1000"),
    (("MW",), "MW", "power", "1000000"),
    (("GW",), "GW", "power", "1000000000"),
    (("V",), "V", "voltage", "1"),
    (("kV",), "kV", "voltage", "1000"),
    (("Hz",), "Hz", "frequency", "1"),
    (("kHz",), "kHz", "frequency", "1000"),
    (("MHz",), "MHz", "frequency", "1000000"),
    (("GHz",), "GHz", "frequency", "1000000000"),
    (("KB", "kB"), "kB", "data", "1000"),
    (("MB",), "MB", "data", "1000000"),
    (("GB",), "GB", "data", "1000000000"),
    (("TB",), "TB", "data", "1000000000000"),
    (("mmHg",), "mmHg", "pressure_mmhg", "1"),
    (("mmol/L", "mmol/l"), "mmol/L", "mmol_l", "1"),
    (("IU",), "IU", "iu", "1"),
    (("ft",), "ft", "feet", "1"),
    (("mi",), "mile", "miles", "1"),
    (("yd", "yds"), "yd", "yards", "1"),
    (("lb", "lbs"), "lb", "pounds_weight", "1"),
    (("oz",), "oz", "ounces", "1"),
]
_WORD_TABLE: list[tuple[tuple[str, ...], str, str, str]] = [
    (("micrograms", "microgram", "microgrammes"), "µg", "mass", "0.000001"),
    (("milligrams", "milligram", "milligrammes", "milligramme"), "mg", "mass", "0.001"),
    (("grams", "gram", "grammes", "gramme"), "g", "mass", "1"),
    (("kilograms", "kilogram", "kilogrammes", "kilos", "kilo"), "kg", "mass", "1000"),
    (("tonnes", "tonne", "metric tons", "metric ton"), "t", "mass", "1000000"),
    (("millimetres", "millimetre", "millimeters", "millimeter"), "mm", "length", "0.001"),
    (("centimetres", "centimetre", "centimeters", "centimeter"), "cm", "length", "0.01"),
    (("metres", "metre", "meters", "meter"), "m", "length", "1"),
    (("kilometres", "kilometre", "kilometers", "kilometer"), "km", "length", "1000"),
    (("millilitres", "millilitre", "milliliters", "milliliter"), "ml", "volume", "0.001"),
    (("centilitres", "centilitre", "centiliters", "centiliter"), "cl", "volume", "0.01"),
    (("litres", "litre", "liters", "liter"), "l", "volume", "1"),
    (("square kilometres", "square kilometre", "square kilometers", "square kilometer"),
     "km²", "area", "1000000"),
    (("square metres", "square metre", "square meters", "square meter"), "m²", "area", "1"),
    (("hectares", "hectare"), "ha", "area", "10000"),
    (("cubic centimetres", "cubic centimetre", "cubic centimeters", "cubic centimeter"),
     "cm³", "volume", "0.001"),
    (("cubic metres", "cubic metre", "cubic meters", "cubic meter"), "m³", "volume", "1000"),
    (("cubic kilometres", "cubic kilometre", "cubic kilometers", "cubic kilometer"), "km³",
     "volume", "1000000000000"),
    (("cubic feet", "cubic foot"), "cu ft", "cubic_feet", "1"),
    (("acres", "acre"), "acre", "acres", "1"),
    (("square miles", "square mile"), "sq mi", "square_miles", "1"),
    (("square feet", "square foot"), "sq ft", "square_feet", "1"),
    (("miles", "mile"), "mile", "miles", "1"),
    (("feet", "foot"), "ft", "feet", "1"),
    (("inches", "inch"), "inch", "inches", "1"),
    (("yards", "yard"), "yd", "yards", "1"),
    (("ounces", "ounce"), "oz", "ounces", "1"),
    (("stone",), "st", "stone", "1"),
    (("gallons", "gallon"), "gallon", "gallons", "1"),
    (("pints", "pint"), "pint", "pints", "1"),
    (("degrees celsius", "degrees centigrade", "degree celsius", "celsius"), "°C", "celsius",
     "1"),
    (("degrees fahrenheit", "degree fahrenheit", "fahrenheit"), "°F", "fahrenheit", "1"),
    (("degrees", "degree"), "°", "degrees", "1"),
    (("kilometres per hour", "kilometers per hour"), "km/h", "speed_kmh", "1"),
    (("miles per hour",), "mph", "speed_mph", "1"),
    (("kilocalories", "kilocalorie", "calories", "calorie"), "kcal", "kcal", "1"),
    (("kilojoules", "kilojoule"), "kJ", "energy", "1000"),
    (("watts", "watt"), "W", "power", "1"),
    (("kilowatts", "kilowatt"), "kW", "power", "1000"),
    (("megawatts", "megawatt"), "MW", "power", "1000000"),
    (("gigawatts", "gigawatt"), "GW", "power", "1000000000"),
    (("kilowatt hours", "kilowatt-hours", "kilowatt hour", "kilowatt-hour"), "kWh",
     "energy_wh", "1000"),
    (("volts", "volt"), "V", "voltage", "1"),
    (("bytes", "byte"), "B", "data", "1"),
    (("kilobytes", "kilobyte"), "kB", "data", "1000"),
    (("megabytes", "megabyte"), "MB", "data", "1000000"),
    (("gigabytes", "gigabyte"), "GB", "data", "1000000000"),
    (("terabytes", "terabyte"), "TB", "data", "1000000000000"),
]

_UNITS: dict[str, Unit] = {}
for _aliases, _name, _dim, _factor in _SYMBOL_TABLE:
    for _a in _aliases:
        _UNITS[_a] = Unit(_name, _dim, _d(_factor))
for _aliases, _name, _dim, _factor in _WORD_TABLE:
    for _a in _aliases:
        _UNITS[_a.lower()] = Unit(_name, _dim, _d(_factor))


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len,
                                                                        reverse=True))


_SYMBOLS = [a for row in _SYMBOL_TABLE for a in row[0]]
_WORDS = [a for row in _WORD_TABLE for a in row[0]]
_DEN = r"(?:/(?P<den>kg|day|d|h|hr|dL|dl|L|l|mL|ml|m2|m²|week|min))?"
_SYMBOL_RE = re.compile(rf"(?:\s|-)?(?P<u>{_alt(_SYMBOLS)}){_DEN}(?![A-Za-z0-9²³])")
_WORD_RE = re.compile(rf"(?:\s|-)(?P<u>{_alt(_WORDS)}){_DEN}(?![A-Za-z])", re.IGNORECASE)


def unit_after(text: str, pos: int) -> tuple[Unit, int] | None:
    """A unit of measure right after a number at ``text[pos:]``: ``(unit, end)``."""
    m = _SYMBOL_RE.match(text, pos)
    if m is not None:
        u = m.group("u")
        unit = _UNITS.get(u) or _UNITS.get(re.sub(r"\s+", " ", u))
        # single-letter symbols must be attached or follow one space, never a hyphen
        if unit is not None and not (len(u) == 1 and text[pos:pos + 1] == "-"):
            return _with_den(unit, m.group("den")), m.end()
    m = _WORD_RE.match(text, pos)
    if m is not None:
        key = re.sub(r"\s+", " ", m.group("u").lower())
        unit = _UNITS.get(key)
        if unit is not None:
            return _with_den(unit, m.group("den")), m.end()
    return None


def _with_den(unit: Unit, den: str | None) -> Unit:
    if not den:
        return unit
    den = {"d": "day", "hr": "h", "dl": "dL", "l": "L", "ml": "mL", "m2": "m²"}.get(den, den)
    return Unit(f"{unit.name}/{den}", f"{unit.dim}/{den}", unit.factor)


# Durations ------------------------------------------------------------------------------

_DURATION_UNITS: dict[str, tuple[str, str, Decimal]] = {}
for _names, _canon, _family, _factor in [
    (("second", "seconds", "sec", "secs"), "second", "seconds", "1"),
    (("minute", "minutes", "min", "mins"), "minute", "seconds", "60"),
    (("hour", "hours", "hr", "hrs", "h"), "hour", "seconds", "3600"),
    (("day", "days"), "day", "days", "1"),
    (("weekday", "weekdays"), "day", "days", "1"),
    (("week", "weeks"), "week", "days", "7"),
    (("fortnight", "fortnights"), "fortnight", "days", "14"),
    (("month", "months"), "month", "months", "1"),
    (("year", "years", "yr", "yrs"), "year", "months", "12"),
    (("decade", "decades"), "decade", "months", "120"),
    (("century", "centuries"), "century", "months", "1200"),
    # French
    (("seconde", "secondes"), "second", "seconds", "1"),
    (("heure", "heures"), "hour", "seconds", "3600"),
    (("jour", "jours"), "day", "days", "1"),
    (("semaine", "semaines"), "week", "days", "7"),
    (("mois",), "month", "months", "1"),
    (("an", "ans", "année", "années"), "year", "months", "12"),
]:
    for _n in _names:
        _DURATION_UNITS[_n] = (_canon, _family, _d(_factor))

_CLASSES = {"working": "working", "business": "working", "banking": "working",
            "clear": "clear", "school": "school", "calendar": "", "full": "",
            "ouvrés": "working", "ouvrées": "working", "ouvrables": "working",
            "francs": "clear", "calendaires": "", "earth": "", "martian": "martian",
            "lunar": "lunar", "consecutive": "", "successive": "", "straight": ""}
_DURATION_RE = re.compile(
    r"(?:\s|-)?(?:(?P<cmp>fewer|more|less|extra|additional|further)\s+)?"  # "50 fewer minutes"
    r"(?:(?P<cls>working|business|banking|clear|school|calendar|full|earth|martian"
    r"|lunar|consecutive|successive|straight)(?:\s|-))?"
    r"(?P<u>seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weekdays?|weeks?|fortnights?"
    r"|months?|years?|yrs?|decades?|centuries|century"
    r"|secondes?|heures?|jours?|semaines?|mois|ans?|années?)(?![A-Za-zéèû])"
    r"(?:[\s-](?P<cls2>ouvrés|ouvrées|ouvrables|francs|calendaires)(?![A-Za-z]))?",
    re.IGNORECASE,
)


def is_duration_unit(word: str) -> bool:
    """Whether ``word`` (lower case) names a unit of time ("week", "hours", "h")."""
    return word in _DURATION_UNITS


def duration_after(text: str, pos: int) -> tuple[str, str, Decimal, str, int] | None:
    """A time unit right after a number at ``text[pos:]``:
    ``(unit, family, factor, day_class, end)``; ``weekdays`` are working days."""
    m = _DURATION_RE.match(text, pos)
    if m is None:
        return None
    u = m.group("u").lower()
    if u == "h" and text[pos:pos + 1] == "-":
        return None
    if u in ("an", "ans") and not text[:pos].rstrip()[-1:].isdigit():
        return None  # French "1 an", "2 ans"; not the article of "one an hour"
    if m.group("cmp") and re.search(r"(?<![\w-])(?:one|an?)$", text[:pos], re.IGNORECASE):
        return None  # "one more year" is another year, no count of years
    canon, family, factor = _DURATION_UNITS[u]
    cls = _CLASSES.get((m.group("cls") or m.group("cls2") or "").lower(), "")
    if u.startswith("weekday"):
        cls = "working"
    return canon, family, factor, cls, m.end()

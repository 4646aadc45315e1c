"""Speed (and sanity) of the deterministic claim check.

Pairs: about 1,000 claim/evidence pairs built from varied templates that cover every rule
(figures, money, units, durations, dates, times, citations, titles, names, negation,
antonyms, modals, qualifiers, hedges, value swaps; law, medicine, finance, HR and general
knowledge), each evidence with one faithful claim and one or more edited claims whose
expected finding code is known; plus, when the data set is there, HaluEval QA rows 0–999
(claim: the right answer put in a sentence; evidence: the row's knowledge).

Timing (best of ``--repeat`` runs, one process, one thread):

* ``warm``: evidence prepared once (:func:`prepare_evidence`), then ``check_claim`` per
  claim — how the pipeline calls it (the figure quoted as sentences/s);
* ``cold``: ``prepare_evidence`` + ``check_claim`` per claim, nothing reused;
* ``baseline``: a figure-only check with ``re.findall(r"\\d+")`` (a claim number missing from
  the evidence's numbers is a finding), warm and cold, in the same run; the ratio is
  check_claim's speed over the baseline's.

Quality on the template pairs (faithful claims flagged, edited claims caught with their
expected code) is printed too; HaluEval rows 0–999 are in the tuning split, so their flag
rates are a sanity check, not a result.

    python benchmarks/claimcheck.py [--data ../shared/data] [--pairs 1000] [--json] [--out F]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from certirag.checks import check_claim, prepare_evidence

HALUEVAL_ROWS = (0, 1_000)

# --- template pairs ------------------------------------------------------------------------

PEOPLE = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Marie Curie", "Nelson Mandela",
          "Frida Kahlo", "Isaac Newton", "Rosalind Franklin", "Tim Berners-Lee", "Ai Weiwei"]
OTHERS = ["Charles Babbage", "John von Neumann", "Emmy Noether", "Lise Meitner", "Niels Bohr"]
CITIES = ["London", "Paris", "Berlin", "Madrid", "Lisbon", "Dublin", "Vienna", "Prague"]
ORGS = ["Northwind Ltd", "Acme Holdings", "Globex Group", "Initech", "Umbrella Foods"]
DRUGS = ["paracetamol", "ibuprofen", "amoxicillin", "metformin", "omeprazole"]
ACTS = [("Employment Rights Act", 1996), ("Data Protection Act", 2018),
        ("Equality Act", 2010), ("Consumer Rights Act", 2015), ("Children Act", 1989)]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
SPELLED = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 10: "ten", 12: "twelve",
           14: "fourteen", 28: "twenty-eight", 30: "thirty"}

Pair = tuple[str, list[str], str | None]  # claim, evidence, expected code (None: faithful)
Template = Callable[[random.Random], list[Pair]]


def _money_cap(r: random.Random) -> list[Pair]:
    a, b, n = r.randint(50_000, 150_000), r.randint(20_000, 49_000), r.choice([26, 52, 104])
    ev = [f"The compensatory award is capped at the lower of £{a:,} and {n} weeks' pay."]
    return [(f"The award is capped at the lower of £{a:,} and {n} weeks' pay.", ev, None),
            (f"The compensatory award is capped at £{b:,}.", ev, "ungrounded_figure"),
            (f"The compensatory award is capped at £{a:,}.", ev, "qualifier_mismatch")]


def _allowance(r: random.Random) -> list[Pair]:
    x, y = r.randint(120, 200), r.randint(60, 119)
    city = r.choice(CITIES)
    ev = [f"The hotel allowance is £{x} per night in {city} and £{y} per night elsewhere."]
    return [(f"The hotel allowance is £{x} per night in {city}.", ev, None),
            (f"The hotel allowance is £{y} per night in {city}.", ev, "value_swap"),
            (f"The hotel allowance is £{x} a week in {city}.", ev, "unit_mismatch")]


def _dose(r: random.Random) -> list[Pair]:
    drug, d = r.choice(DRUGS), r.choice([200, 250, 400, 500])
    ev = [f"For adults the usual dose of {drug} is {d} mg up to three times a day. "
          f"It should not be taken for more than 10 days without advice."]
    return [(f"The usual adult dose of {drug} is {d} mg.", ev, None),
            (f"The usual adult dose of {drug} is {d} g.", ev, "unit_mismatch"),
            (f"The usual adult dose of {drug} is {d + 50} mg.", ev, "ungrounded_figure"),
            (f"{drug.capitalize()} might be taken for more than 10 days without advice.", ev,
             "hedge_mismatch")]


def _deadline(r: random.Random) -> list[Pair]:
    n = r.choice([5, 10, 14, 20])
    day, month, year = r.randint(1, 28), r.randrange(12), r.randint(2020, 2030)
    date = f"{day} {MONTHS[month]} {year}"
    ev = [f"An appeal must be lodged within {n} working days of the decision dated {date}."]
    return [(f"An appeal must be lodged within {n} working days of the decision of "
             f"{MONTHS[month]} {day}, {year}.", ev, None),
            (f"An appeal must be lodged within {n} days of the decision.", ev,
             "duration_mismatch"),
            (f"The decision was dated {day + 1} {MONTHS[month]} {year}.", ev, "ungrounded_date"),
            (f"An appeal may be lodged within {n} working days of the decision.", ev,
             "modal_mismatch")]


def _revenue(r: random.Random) -> list[Pair]:
    org, p, m, year = r.choice(ORGS), r.randint(2, 30), r.randint(2, 900), r.randint(2015, 2024)
    frac = r.randint(1, 9)
    ev = [f"{org} reported that revenue rose {p}.{frac}% to €{m}.5 million in {year}."]
    return [(f"In {year} revenue at {org} rose {p},{frac} % to €{m}.5m.", ev, None),
            (f"In {year} revenue at {org} fell {p}.{frac}% to €{m}.5 million.", ev,
             "polarity_mismatch"),
            (f"In {year} revenue at {org} rose {p}.{frac}% to €{m}.5 billion.", ev,
             "magnitude_mismatch"),
            (f"In {year - 1} revenue at {org} rose {p}.{frac}% to €{m}.5 million.", ev,
             "ungrounded_date")]


def _citation(r: random.Random) -> list[Pair]:
    act, year = r.choice(ACTS)
    s, sub = r.randint(1, 200), r.randint(1, 9)
    ev = [f"Under section {s}({sub}) of the {act} {year}, the duty applies to every employer."]
    return [(f"The duty in s. {s}({sub}) of the {act} {year} applies to every employer.", ev,
             None),
            (f"The duty in section {s + 1}({sub}) of the {act} {year} applies to every employer.",
             ev, "ungrounded_citation"),
            (f"The duty in section {s}({sub}) of the {act} {year + 2} applies to every employer.",
             ev, "citation_mismatch"),
            (f"The duty in section {s}({sub}) of the Employment Relations Act {year} applies.",
             ev, "ungrounded_title")]


def _negation(r: random.Random) -> list[Pair]:
    risk = r.choice(["flood damage", "accidental loss", "storm damage", "theft from vehicles"])
    ev = [f"The standard policy covers {risk} up to £{r.randint(5, 50) * 1000:,}."]
    return [(f"The standard policy covers {risk}.", ev, None),
            (f"The standard policy does not cover {risk}.", ev, "negation_mismatch")]


def _modal(r: random.Random) -> list[Pair]:
    act = r.choice(["request flexible working", "appeal the decision", "take unpaid leave"])
    ev = [f"Employees may {act} once in any 12-month period, but they must give written notice."]
    return [(f"Employees can {act} once in any 12-month period.", ev, None),
            (f"Employees must {act} once in any 12-month period.", ev, "modal_mismatch"),
            (f"Employees may not {act} once in any 12-month period.", ev, "modal_mismatch"),
            (f"Employees may {act} once in any 6-month period.", ev, "ungrounded_figure")]


def _qualifier(r: random.Random) -> list[Pair]:
    n = r.choice([2, 4, 26, 52])
    pop = r.randint(2, 90) * 1000
    ev = [f"To qualify, an employee needs at least {n} weeks of continuous service.",
          f"The town has approximately {pop:,} residents."]
    return [(f"An employee needs at least {n} weeks of continuous service to qualify.", ev, None),
            (f"An employee needs {n} weeks of continuous service to qualify.", ev,
             "qualifier_dropped"),
            (f"An employee needs at most {n} weeks of continuous service to qualify.", ev,
             "qualifier_mismatch"),
            (f"The town has exactly {pop:,} residents.", ev, "precision_mismatch"),
            (f"The town has about {pop:,} residents.", ev, None)]


def _entity(r: random.Random) -> list[Pair]:
    who, other = r.choice(PEOPLE), r.choice(OTHERS)
    org, city, year = r.choice(ORGS), r.choice(CITIES), r.randint(1950, 2020)
    ev = [f"{org} was founded in {city} in {year} by {who}, who led it for a decade."]
    return [(f"{who} founded {org} in {city} in {year}.", ev, None),
            (f"{other} founded {org} in {city} in {year}.", ev, "ungrounded_entity"),
            (f"{who} founded {org} in {city} in {year + 3}.", ev, "ungrounded_date")]


def _time(r: random.Random) -> list[Pair]:
    h = r.randint(7, 10)
    ev = [f"On weekdays the office opens at {h}am and closes at 5.30pm."]
    return [(f"The office opens at {h}:00 a.m. on weekdays.", ev, None),
            (f"The office opens at {h + 1}:00 a.m. on weekdays.", ev, "ungrounded_date"),
            ("The office closes at 17:30 on weekdays.", ev, None)]


def _landmark(r: random.Random) -> list[Pair]:
    h = r.randint(100, 900)
    ft = round(h * 3.2808)
    ev = [f"The tower is a wrought-iron lattice tower in {r.choice(CITIES)}. "
          f"It is {h} metres ({ft:,} ft) tall."]
    return [(f"The tower is {h} metres tall.", ev, None),
            (f"The tower is {h} feet tall.", ev, "unit_mismatch"),
            (f"The tower is {h + 12} metres tall.", ev, "ungrounded_figure")]


def _spelled(r: random.Random) -> list[Pair]:
    n = r.choice(sorted(SPELLED))
    ev = [f"The treaty was signed by {n} countries and entered into force after "
          f"{n * 2} months."]
    months = SPELLED.get(n * 2)
    return [(f"The treaty was signed by {SPELLED[n]} countries.", ev, None),
            (f"The treaty entered into force after {months or n * 2} months.", ev, None),
            (f"The treaty was signed by {n + 1} countries.", ev, "ungrounded_figure")]


TEMPLATES: list[Template] = [_money_cap, _allowance, _dose, _deadline, _revenue, _citation,
                             _negation, _modal, _qualifier, _entity, _time, _landmark, _spelled]


def template_pairs(n: int, seed: int = 13) -> list[Pair]:
    rng = random.Random(seed)
    out: list[Pair] = []
    while len(out) < n:
        for t in TEMPLATES:
            out.extend(t(rng))
    return out[:n]


def halueval_pairs(data: Path) -> list[Pair]:
    path = data / "halueval" / "qa.jsonl"
    if not path.is_file():
        return []
    out: list[Pair] = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if n >= HALUEVAL_ROWS[1]:
                break
            row = json.loads(line)
            answer = row["right_answer"].strip().rstrip(".")
            claim = answer + "." if len(answer.split()) > 3 else f"The answer is {answer}."
            out.append((claim, [row["knowledge"]], None))
    return out


# --- the baseline ------------------------------------------------------------------------

_DIGITS = re.compile(r"\d+")


def baseline_check(claim: str, evidence_numbers: set[str]) -> list[str]:
    """A figure-only check: the claim's digit runs that the evidence lacks."""
    return [n for n in _DIGITS.findall(claim) if n not in evidence_numbers]


def baseline_prepare(evidence: list[str]) -> set[str]:
    return {n for text in evidence for n in _DIGITS.findall(text)}


# --- timing ------------------------------------------------------------------------------

def _best(fn: Callable[[], None], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def _groups(pairs: list[Pair]) -> Iterator[tuple[list[str], list[str]]]:
    """Claims grouped by their evidence, in order."""
    current: list[str] | None = None
    claims: list[str] = []
    for claim, ev, _ in pairs:
        if ev is not current and ev != current:
            if current is not None:
                yield current, claims
            current, claims = ev, []
        claims.append(claim)
    if current is not None:
        yield current, claims


def timing(pairs: list[Pair], repeat: int) -> dict[str, Any]:
    groups = list(_groups(pairs))
    prepared = [(prepare_evidence(ev), claims) for ev, claims in groups]
    base_prepared = [(baseline_prepare(ev), claims) for ev, claims in groups]
    n = len(pairs)

    def warm() -> None:
        for ev, claims in prepared:
            for c in claims:
                check_claim(c, ev)

    def cold() -> None:
        for claim, ev, _ in pairs:
            check_claim(claim, prepare_evidence(ev))

    def base_warm() -> None:
        for nums, claims in base_prepared:
            for c in claims:
                baseline_check(c, nums)

    def base_cold() -> None:
        for claim, ev, _ in pairs:
            baseline_check(claim, baseline_prepare(ev))

    out: dict[str, Any] = {"sentences": n, "evidence_sets": len(groups)}
    for name, fn in (("warm", warm), ("cold", cold), ("baseline_warm", base_warm),
                     ("baseline_cold", base_cold)):
        best, median = _best(fn, repeat)
        out[name] = {"sentences_per_s": n / best, "median_sentences_per_s": n / median}
    out["ratio_warm"] = out["warm"]["sentences_per_s"] / out["baseline_warm"]["sentences_per_s"]
    out["ratio_cold"] = out["cold"]["sentences_per_s"] / out["baseline_cold"]["sentences_per_s"]
    return out


def quality(pairs: list[Pair]) -> dict[str, Any]:
    faithful = flagged = edited = caught = 0
    per_code: dict[str, list[int]] = {}
    codes_on_faithful: Counter[str] = Counter()
    for claim, ev, want in pairs:
        got = [f.code for f in check_claim(claim, ev)]
        if want is None:
            faithful += 1
            flagged += bool(got)
            codes_on_faithful.update(got)
        else:
            edited += 1
            caught += want in got
            row = per_code.setdefault(want, [0, 0])
            row[0] += want in got
            row[1] += 1
    return {"faithful": faithful, "faithful_flagged": flagged,
            "faithful_flag_codes": dict(codes_on_faithful), "edited": edited,
            "edited_caught_with_expected_code": caught,
            "per_code": {k: {"caught": v[0], "of": v[1]} for k, v in sorted(per_code.items())}}


def halueval_flags(data: Path) -> dict[str, Any] | None:
    path = data / "halueval" / "qa.jsonl"
    if not path.is_file():
        return None
    right = wrong = n = 0
    with path.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i >= HALUEVAL_ROWS[1]:
                break
            row = json.loads(line)
            ev = prepare_evidence([row["knowledge"]])
            for key in ("right_answer", "hallucinated_answer"):
                answer = row[key].strip().rstrip(".")
                claim = answer + "." if len(answer.split()) > 3 else f"The answer is {answer}."
                hit = bool(check_claim(claim, ev, question=row["question"]))
                if key == "right_answer":
                    right += hit
                else:
                    wrong += hit
            n += 1
    return {"rows": f"{HALUEVAL_ROWS[0]}-{n - 1}", "right_flagged": right / n,
            "hallucinated_flagged": wrong / n}


def run(args: argparse.Namespace) -> dict[str, Any]:
    data = Path(args.data)
    templ = template_pairs(args.pairs)
    halu = halueval_pairs(data)
    mix = templ + halu
    return {
        "benchmark": "claimcheck",
        "pairs": {"templates": len(templ), "halueval_qa": len(halu),
                  "halueval_rows": f"{HALUEVAL_ROWS[0]}-{HALUEVAL_ROWS[1] - 1}" if halu else None},
        "speed": timing(mix, args.repeat),
        "speed_templates_only": timing(templ, args.repeat),
        "template_quality": quality(templ),
        "halueval_tuning_split_flags": halueval_flags(data) if halu else None,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "processor": platform.processor() or platform.machine(),
                    "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None},
        "repeat": args.repeat,
    }


def table(res: dict[str, Any]) -> str:
    sp = res["speed"]
    lines = [
        f"pairs: {res['pairs']['templates']} template + {res['pairs']['halueval_qa']} HaluEval QA "
        f"({sp['evidence_sets']} evidence sets)",
        "",
        "| run | sentences/s (best) | sentences/s (median) |",
        "|---|---|---|",
    ]
    for name in ("warm", "cold", "baseline_warm", "baseline_cold"):
        lines.append(f"| {name} | {sp[name]['sentences_per_s']:,.0f} | "
                     f"{sp[name]['median_sentences_per_s']:,.0f} |")
    t = res["speed_templates_only"]
    q = res["template_quality"]
    lines += [
        "",
        f"ratio check_claim / baseline: warm {sp['ratio_warm']:.3f}, cold {sp['ratio_cold']:.3f}",
        f"templates only: warm {t['warm']['sentences_per_s']:,.0f}/s, "
        f"cold {t['cold']['sentences_per_s']:,.0f}/s",
        f"template quality: {q['faithful_flagged']}/{q['faithful']} faithful claims flagged; "
        f"{q['edited_caught_with_expected_code']}/{q['edited']} edited claims caught with the "
        "expected code",
    ]
    for code, v in q["per_code"].items():
        lines.append(f"  {code}: {v['caught']}/{v['of']}")
    h = res["halueval_tuning_split_flags"]
    if h:
        lines.append(f"HaluEval QA rows {h['rows']} (tuning split): right answers flagged "
                     f"{h['right_flagged']:.3f}, hallucinated flagged "
                     f"{h['hallucinated_flagged']:.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Speed of the deterministic claim check.")
    ap.add_argument("--data", default=os.environ.get("CERTIRAG_DATA_DIR", "../shared/data"))
    ap.add_argument("--pairs", type=int, default=1000, help="template pairs to build")
    ap.add_argument("--repeat", type=int, default=5, help="timing runs (best is reported)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    ap.add_argument("--out", default=None, help="also write the JSON result here")
    args = ap.parse_args(argv)
    if args.pairs < 1 or args.repeat < 1:
        print("--pairs and --repeat must be at least 1", file=sys.stderr)
        return 2
    res = run(args)
    if args.out:
        Path(args.out).write_text(json.dumps(res, indent=2) + "\n", "utf-8")
    print(json.dumps(res, indent=2) if args.json else table(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

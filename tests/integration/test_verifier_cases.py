"""Our own hand-written verifier test set, ``tests/data/verifier_cases.jsonl``.

Each line is one case: a question, an answer, evidence passages, and what the full
pipeline should do with it — ``pass`` (a faithful answer: it should come out fully
verified) or ``catch`` (an answer with a planted error: at least one claim must be
withheld). The cases were written by hand for this repository (HR policy, law, medicine,
finance, customer support, news); none is taken from a public data set.

* :func:`test_case_file_is_well_formed` (fast) checks the file itself: fields, ids, the
  minimum count per category, that every ``refuted_quote`` answer is one evidence sentence
  verbatim and that every number in a ``scattered_anchor`` answer is borrowed from its
  passage.
* :func:`test_verifier_case_rates` (slow) runs every case through :func:`certirag.verify`
  with the default preset and the shipped NLI model and holds the aggregate catch and pass
  rates to :data:`CATCH_MIN` and :data:`PASS_MIN`: the rates measured on main when the set
  was written, minus a small margin. They are floors against regressions, not goals; raise
  them as the verifier improves. ``pytest -s`` shows the per-category table and every
  failing case.

The same set as a benchmark: ``python benchmarks/own_set.py``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

CASES_PATH = Path(__file__).resolve().parent.parent / "data" / "verifier_cases.jsonl"

# Measured with the default preset (policy v3, scorer v7, checks v14, claims rules v11,
# builtin:nli-minilm-l6-para-int8, tau_e 0.49, tau_c 0.5; python benchmarks/own_set.py):
# catch 184/185 = 0.995, pass 103/125 = 0.824. With scorer v6, checks v13 and claims
# rules v10: catch 184/185 = 0.995, pass 102/125 = 0.816 (scorer v6 reads "Ana Duarte directed
# Heatwave." in its span's voice); with scorer v5 and checks v12, 184/185 and 101/125.
# Earlier (scorer v5): catch 181/182 = 0.995, pass
# 97/120 = 0.808 with checks v11 and the ten cases "b10-" (denials, planted and faithful,
# written after the first version of the unstated-denials rule: it withholds one faithful
# one, "not observed since 1994" for "last observed in 1994", and the model three);
# catch 175/176, pass 96/116 with checks v10 and the cases "b9-"; catch 168/169 = 0.994, pass
# 91/109 = 0.835 with checks v9 and the four cases "b8-" (a frequency and a rank of
# another item, and their twins); catch 166/167 = 0.994, pass 89/107 = 0.832 with
# checks v8 (b6-degree-03 and b6-margin-04 now right) and the four
# cases "b7-" (an exception's own value for the case the question asks, and its planted
# twins; the model withholds one faithful one); catch 163/165 = 0.988, pass 87/105 =
# 0.829 with checks v7 and the 20 cases "b6-" (margins, race times, comparative
# durations, a value of its time said to hold still, the question's case excepted inside
# a sentence, a large change for one that barely happened; written after the first
# version of checks v7's rules; they miss two planted errors the model passes, a degree
# borrowed from another person's sentence and an unsupported clause, and four faithful
# answers: a stated margin read as a swapped value, three rewordings the model withholds);
# catch 155/155 = 1.0, pass 81/95 with checks v7
# and 80/95 = 0.842 with checks v6 and the 20 cases "b5-" (the asker's case, restated yes/no
# questions, a claim's own case, borrowed names, orders, views of some, provisos; written
# after the first version of checks v6's rules, four of them showed gaps the rules then
# closed: an age as the asker's case, a demonym opening a restated question, a heading read
# as a case, a scorer the sentence relates with one word); catch 144/144 = 1.0, pass
# 74/86 = 0.860 (73/86 with scorer v4) with the cases up to "b4-kg-" (presupposing
# questions, praise, a ranking);
# 137/137 and 68/81 with the 19 knowledge-graph chat cases ("b3-kg-"; 127/127 and 59/72
# before them; at the commit before their rules the chat cases alone gave 6/10 catches
# read as claims, with 3 more "caught" only because no claim was read, and 5/9 passes);
# 124/127 before the subject_swap and ungrounded_exemption checks; 123/127
# and 55/72 before the cause, allowance, do-support, contrast and frame-scope rules of
# checks v3; the previous default, bind7 at 0.48 / 0.4: 123/127 and
# 52/72). With
# bind7, the first 97 cases: 56/58 and 32/39, as before the second batch; the second batch
# (ids "b2-", 102 cases in new domains, written to probe the verifier) found 17 planted
# errors passing, all of them since fixed. The floors leave three catches and one pass of
# margin (the pass floor is the goal, 80% of faithful answers fully verified): floors
# against regressions.
CATCH_MIN = 0.975
PASS_MIN = 0.80

# category -> (expected outcome(s), minimum number of cases per outcome)
MINIMUMS: dict[str, dict[str, int]] = {
    "paraphrase": {"pass": 10},
    "synthesis": {"pass": 8},
    "dialogue": {"pass": 6},
    "multi_sentence": {"pass": 6},
    "scattered_anchor": {"catch": 12},
    "refuted_quote": {"catch": 8},
    "unsupported_addition": {"catch": 8},
    "negation_or_antonym": {"catch": 6},
    "wrong_value": {"catch": 6},
    "wrapped": {"catch": 4, "pass": 2},
    "yes_no": {"catch": 2, "pass": 2},
    "role_swap": {"catch": 2},
}
MIN_CASES = 190
FIELDS = {"id": str, "category": str, "question": str, "answer": str, "evidence": list,
          "expect": str, "note": str}

# A plain splitter for the checks below (the passages are written to split cleanly on it):
# a sentence ends at . ! or ? followed by whitespace.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_DIGITS = re.compile(r"\d+")


def load_cases(path: Path = CASES_PATH) -> list[dict[str, Any]]:
    cases = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                case = json.loads(line)
                assert isinstance(case, dict), f"line {n} is not an object"
                cases.append(case)
    return cases


def sentences(passage: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(passage.strip()) if s.strip()]


def test_case_file_is_well_formed() -> None:
    cases = load_cases()
    assert len(cases) >= MIN_CASES
    ids = [c.get("id") for c in cases]
    assert len(ids) == len(set(ids)), [i for i, k in Counter(ids).items() if k > 1]
    counts: Counter[tuple[str, str]] = Counter()
    for case in cases:
        cid = case.get("id")
        assert set(case) == set(FIELDS), (cid, sorted(set(case) ^ set(FIELDS)))
        for name, kind in FIELDS.items():
            assert isinstance(case[name], kind), (cid, name)
        assert case["id"].strip() and case["answer"].strip() and case["note"].strip(), cid
        assert case["category"] in MINIMUMS, (cid, case["category"])
        assert case["expect"] in MINIMUMS[case["category"]], (cid, case["expect"])
        assert case["evidence"], cid
        assert all(isinstance(p, str) and p.strip() for p in case["evidence"]), cid
        n_sentences = sum(len(sentences(p)) for p in case["evidence"])
        assert 3 <= n_sentences <= 12, (cid, n_sentences)
        counts[case["category"], case["expect"]] += 1

        if case["category"] == "refuted_quote":
            answer = case["answer"].strip()
            assert any(answer in sentences(p) for p in case["evidence"]), (
                cid, "the answer must be one evidence sentence, verbatim")
        if case["category"] == "scattered_anchor":
            assert 8 <= n_sentences <= 12, (cid, n_sentences)
            groups = {g for p in case["evidence"] for g in _DIGITS.findall(p)}
            missing = [g for g in _DIGITS.findall(case["answer"]) if g not in groups]
            assert not missing, (cid, "numbers not borrowed from the passage", missing)
    short = {(cat, exp): (counts[cat, exp], need) for cat, per in MINIMUMS.items()
             for exp, need in per.items() if counts[cat, exp] < need}
    assert not short, short


def _table(rows: dict[str, dict[str, list[int]]]) -> str:
    lines = [f"{'category':<22} {'expect':<6} {'n':>3} {'ok':>3} {'rate':>6}"]
    for cat in sorted(rows):
        for exp, (ok, n) in sorted(rows[cat].items()):
            lines.append(f"{cat:<22} {exp:<6} {n:>3} {ok:>3} {ok / n:>6.1%}")
    return "\n".join(lines)


@pytest.mark.slow
def test_verifier_case_rates() -> None:
    from certirag import load_settings, verify

    settings = load_settings(preset="default")
    cases = load_cases()
    rows: dict[str, dict[str, list[int]]] = {}
    failing: list[str] = []
    for case in cases:
        # no verifier=: every call shares the one loaded model (see the README)
        result = verify(case["question"], case["answer"], evidence=case["evidence"],
                        settings=settings)
        if case["expect"] == "catch":
            ok = result.exit_code() != 0
        else:
            ok = result.stats["verified"] >= 1 and result.exit_code() == 0
        cell = rows.setdefault(case["category"], {}).setdefault(case["expect"], [0, 0])
        cell[0] += ok
        cell[1] += 1
        if not ok:
            reasons = "; ".join(f"{c.decision.value}: {','.join(r.code for r in c.reasons)}"
                                for c in result.claims)
            failing.append(f"{case['id']} ({case['expect']}, exit {result.exit_code()}): "
                           f"{reasons}")
    caught = sum(r["catch"][0] for r in rows.values() if "catch" in r)
    n_catch = sum(r["catch"][1] for r in rows.values() if "catch" in r)
    passed = sum(r["pass"][0] for r in rows.values() if "pass" in r)
    n_pass = sum(r["pass"][1] for r in rows.values() if "pass" in r)
    print()
    print(_table(rows))
    print(f"catch rate {caught}/{n_catch} = {caught / n_catch:.3f} (floor {CATCH_MIN}); "
          f"pass rate {passed}/{n_pass} = {passed / n_pass:.3f} (floor {PASS_MIN})")
    print("failing cases:")
    for line in failing:
        print("  " + line)
    assert caught / n_catch >= CATCH_MIN, (caught, n_catch, failing)
    assert passed / n_pass >= PASS_MIN, (passed, n_pass, failing)

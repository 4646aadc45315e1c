"""benchmarks/voice.py and benchmarks/word_order.py: pairs built from HaluEval-format rows,
scored by two models in one run; reserved or malformed rows are refused."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.benchmark_module import load_benchmark

KNOWLEDGE = ("Inception is a 2010 science fiction film written and directed by Christopher "
             "Nolan. Heat is a 1995 crime film directed by Michael Mann.")
DOCUMENT = ("The Dark Knight is a 2008 superhero film directed by Christopher Nolan and "
            "produced by Emma Thomas. It made a billion dollars. The council has opened a new "
            "library in Leeds in 2019. Tom Price, 41, is running it for the council.")
#: benchmark → the kinds its pairs must include on DOCUMENT and KNOWLEDGE
BENCHES = {"voice": {"voice"}, "word_order": {"reorder", "reorder_negation"}}


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    halu = tmp_path / "halueval"
    halu.mkdir()
    qa = {"knowledge": KNOWLEDGE, "question": "Who directed Inception?",
          "right_answer": "Christopher Nolan", "hallucinated_answer": "Michael Mann"}
    summ = {"document": DOCUMENT, "right_summary": "A film.", "hallucinated_summary": "A play."}
    (halu / "qa.jsonl").write_text(json.dumps(qa) + "\n", "utf-8")
    (halu / "summarization.jsonl").write_text(json.dumps(summ) + "\n", "utf-8")
    return tmp_path


@pytest.mark.parametrize("name", sorted(BENCHES))
def test_every_kind_is_scored_by_both_models(name: str, data: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark(name)
    first, second = "builtin:nli-minilm-l6-para-int8", "builtin:nli-minilm-l6-bind7-int8"
    assert bench.main(["--data", str(data), "--rows", "0:1", "--model", first,
                       "--compare", second, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["n"] > 0 and set(report["models"]) == {first, second}
    for model in report["models"].values():
        assert len(model["sha256"]) == 64
        kinds = model["kinds"]
        assert BENCHES[name] <= set(kinds)
        assert sum(k["n"] for k in kinds.values()) == report["n"]
        for k in kinds.values():
            assert 0.0 <= k["mean"] <= 1.0 and 0.0 <= k["reach_tau"] <= 1.0


@pytest.mark.parametrize(("name", "kind"), [("voice", "voice_roles"),
                                            ("word_order", "reorder_swap")])
def test_summarise_counts_the_share_that_reaches_tau(name: str, kind: str) -> None:
    bench: ModuleType = load_benchmark(name)
    first = bench.KINDS[0]
    got = bench.summarise([first, first, kind], [0.9, 0.1, 0.5], 0.49)
    assert got == {first: {"n": 2, "mean": 0.5, "reach_tau": 0.5},
                   kind: {"n": 1, "mean": 0.5, "reach_tau": 1.0}}


@pytest.mark.parametrize("name", sorted(BENCHES))
@pytest.mark.parametrize("rows", ["7990:8010", "8000:9000", "5:5", "a:b"])
def test_reserved_or_malformed_rows_are_refused(name: str, data: Path, rows: str) -> None:
    with pytest.raises(SystemExit) as exc:
        load_benchmark(name).main(["--data", str(data), "--rows", rows])
    assert exc.value.code == 2


@pytest.mark.parametrize("name", sorted(BENCHES))
def test_a_folder_without_the_data_is_refused(name: str, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        load_benchmark(name).main(["--data", str(tmp_path), "--rows", "0:1"])
    assert exc.value.code == 2

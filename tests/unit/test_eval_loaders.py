"""The evaluation loaders on the fixtures in tests/data/eval (each data set's published
format), and their refusals of malformed files: file name, line and field."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from certirag.errors import InputError
from certirag.eval.aggrefact import load_aggrefact
from certirag.eval.alce import citations_of, load_alce, remove_citations
from certirag.eval.datasets import Rows, read_records, row_split, split_from_name
from certirag.eval.nli_sets import load_anli, load_fever, load_vitaminc
from certirag.eval.ragtruth import load_ragtruth

DATA = Path(__file__).resolve().parent.parent / "data" / "eval"


def _jsonl(path: Path, rows: Sequence[object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


# ------------------------------------------------------------------- LLM-AggreFact

def test_aggrefact_jsonl_and_csv_fixtures() -> None:
    items = load_aggrefact(DATA / "llm-aggrefact" / "dev.jsonl", Rows(), None)
    assert len(items) == 6
    assert {it.group for it in items} == {"AggreFact-CNN", "ExpertQA"}
    assert [it.label for it in items[:2]] == ["supported", "unsupported"]
    assert items[0].answer == "The Eiffel Tower was completed in 1889."
    assert items[0].evidence[0][1].startswith("The Eiffel Tower is a wrought-iron")
    assert all(it.split == "dev" for it in items)  # from the file name
    csv_items = load_aggrefact(DATA / "llm-aggrefact" / "test.csv", Rows(), None)
    assert [it.group for it in csv_items] == ["WiCE", "WiCE", "REVEAL"]
    assert "\n" in csv_items[0].evidence[0][1]  # a quoted multi-line field
    assert all(it.split == "test" for it in csv_items)
    assert [it.line for it in load_aggrefact(DATA / "llm-aggrefact" / "dev.jsonl",
                                             Rows(2, 5), 2)] == [2, 3]


@pytest.mark.parametrize("row,message", [
    ({"doc": "d", "claim": "c", "label": 1}, r"bad\.jsonl:2: missing field 'dataset'"),
    ({"dataset": "X", "doc": 3, "claim": "c", "label": 1},
     r"bad\.jsonl:2: field 'doc' must be a string"),
    ({"dataset": "X", "doc": "d", "claim": " ", "label": 1},
     r"bad\.jsonl:2: field 'claim' is blank"),
    ({"dataset": "X", "doc": "d", "claim": "c", "label": "yes"},
     r"bad\.jsonl:2: field 'label' must be 0 or 1"),
    ({"dataset": "X", "doc": "d", "claim": "c", "label": 0.5}, r"field 'label' must be 0 or 1"),
    ({"dataset": "X", "doc": "d", "claim": "c"}, r"bad\.jsonl:2: missing field 'label'"),
])
def test_aggrefact_rejects_bad_rows(tmp_path: Path, row: dict[str, object],
                                    message: str) -> None:
    good = {"dataset": "X", "doc": "d", "claim": "c", "label": 1}
    path = _jsonl(tmp_path / "bad.jsonl", [good, row])
    with pytest.raises(InputError, match=message) as info:
        load_aggrefact(path, Rows(), None)
    assert info.value.source == str(path) and info.value.line == 2


def test_aggrefact_csv_errors_name_the_physical_line(tmp_path: Path) -> None:
    path = tmp_path / "rows.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["dataset", "doc", "claim", "label"])
        w.writerow(["X", "line one\nline two", "c", "1"])  # lines 2-3
        w.writerow(["X", "d", "c", "2"])  # line 4
    with pytest.raises(InputError, match=r"rows\.csv:4: field 'label' must be 0 or 1"):
        load_aggrefact(path, Rows(), None)
    path.write_text("dataset,doc,claim,label\nX,d,c,1,extra\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"rows\.csv:2: row has 5 fields"):
        load_aggrefact(path, Rows(), None)


def test_aggrefact_split_from_field_flag_and_name(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "rows.jsonl", [
        {"dataset": "X", "doc": "d", "claim": "c", "label": 1, "split": "validation"}])
    assert load_aggrefact(path, Rows(), None)[0].split == "dev"
    with pytest.raises(InputError, match="field 'split' is 'dev' but --split says 'test'"):
        load_aggrefact(path, Rows(), None, split="test")
    named = _jsonl(tmp_path / "test-00000-of-00001.jsonl",
                   [{"dataset": "X", "doc": "d", "claim": "c", "label": 1}])
    assert load_aggrefact(named, Rows(), None)[0].split == "test"
    with pytest.raises(InputError, match="the file name says split 'test'"):
        load_aggrefact(named, Rows(), None, split="dev")
    plain = _jsonl(tmp_path / "rows2.jsonl",
                   [{"dataset": "X", "doc": "d", "claim": "c", "label": 1}])
    assert load_aggrefact(plain, Rows(), None)[0].split is None
    assert load_aggrefact(plain, Rows(), None, split="dev")[0].split == "dev"


def test_split_names() -> None:
    assert split_from_name(Path("dev-00000-of-00001.jsonl")) == "dev"
    assert split_from_name(Path("anli/R1/test.jsonl")) == "test"
    assert split_from_name(Path("anli/test/r1.jsonl")) == "test"
    assert split_from_name(Path("tests/r1.jsonl")) is None
    assert split_from_name(Path("x/dev_fitems.jsonl")) == "dev"
    assert split_from_name(Path("validation.csv")) == "dev"
    assert split_from_name(Path("data/devices.jsonl")) is None
    assert split_from_name(Path("train_test.jsonl")) is None  # ambiguous
    assert row_split(None, None, None, source="f", line=1) is None


def test_parquet_is_refused_with_the_conversion(tmp_path: Path) -> None:
    path = tmp_path / "dev.parquet"
    path.write_bytes(b"PAR1")
    with pytest.raises(InputError, match="convert to JSONL"):
        list(read_records(path))


def test_json_documents_report_item_lines(tmp_path: Path) -> None:
    path = tmp_path / "items.json"
    path.write_text('{"args": {"a": [1, 2]},\n "data": [\n  {"x": 1},\n  [2]\n ]}\n',
                    encoding="utf-8")
    with pytest.raises(InputError, match=r"items\.json:4: expected a JSON object"):
        list(read_records(path))
    path.write_text('[{"x": 1},\n {"x": 2}]', encoding="utf-8")
    assert [(i, line) for i, line, _ in read_records(path)] == [(0, 1), (1, 2)]
    path.write_text('{"x": 1}\n{"x": 2}\n', encoding="utf-8")  # JSON lines named .json
    assert [r["x"] for _, _, r in read_records(path, Rows(1))] == [2]


# ------------------------------------------------------------------------ RAGTruth

def test_ragtruth_fixture() -> None:
    items = load_ragtruth(DATA / "ragtruth", Rows(), None)
    assert len(items) == 6
    assert [it.group for it in items] == ["QA", "QA", "Summary", "Summary", "Data2txt",
                                          "Data2txt"]
    qa = items[1]
    assert qa.question == "When was the Eiffel Tower completed?"
    assert qa.label == "unsupported"
    (s, e), = qa.spans
    assert qa.answer[s:e] == "It is 410 metres tall."
    assert items[0].label == "supported" and items[0].spans == ()
    assert "city: Austin" in items[4].evidence[0][1]  # data-to-text as key: value lines
    assert "categories[0]: Breakfast" in items[4].evidence[0][1]
    assert [it.split for it in items] == ["train"] * 3 + ["test"] * 3
    # the response file itself works too, rows select its lines
    assert [it.id for it in load_ragtruth(DATA / "ragtruth" / "response.jsonl",
                                          Rows(3, 5), None)] == ["4", "5"]


def test_ragtruth_rejects_bad_labels_and_sources(tmp_path: Path) -> None:
    src = [{"source_id": "s1", "task_type": "Summary", "source_info": "A text."}]
    _jsonl(tmp_path / "source_info.jsonl", src)
    base = {"id": "1", "source_id": "s1", "response": "Short.", "split": "train"}
    cases = [
        ({**base, "labels": [{"start": 0, "end": 40}]},
         r"response\.jsonl:1: field 'labels\[0\]': span 0:40 is not inside"),
        ({**base, "labels": [{"start": "0", "end": 3}]},
         r"response\.jsonl:1: field 'labels\[0\]\.start' must be an integer"),
        ({**base, "labels": "none"}, r"response\.jsonl:1: field 'labels' must be a list"),
        ({k: v for k, v in base.items()}, r"response\.jsonl:1: missing field 'labels'"),
        ({**base, "source_id": "s9", "labels": []}, r"'s9' is not in source_info\.jsonl"),
    ]
    for row, message in cases:
        _jsonl(tmp_path / "response.jsonl", [row])
        with pytest.raises(InputError, match=message):
            load_ragtruth(tmp_path, Rows(), None)
    _jsonl(tmp_path / "source_info.jsonl", [{"source_id": "s1", "task_type": "Poem",
                                             "source_info": "x"}])
    _jsonl(tmp_path / "response.jsonl", [{**base, "labels": []}])
    with pytest.raises(InputError, match=r"source_info\.jsonl:1: field 'task_type'"):
        load_ragtruth(tmp_path, Rows(), None)
    _jsonl(tmp_path / "source_info.jsonl", [{"source_id": "s1", "task_type": "QA",
                                             "source_info": {"question": "q?"}}])
    with pytest.raises(InputError, match=r"source_info\.jsonl:1: missing field 'passages'"):
        load_ragtruth(tmp_path, Rows(), None)
    (tmp_path / "source_info.jsonl").unlink()
    with pytest.raises(InputError, match=r"RAGTruth needs source_info\.jsonl"):
        load_ragtruth(tmp_path, Rows(), None)


# ------------------------------------------------------------------ the NLI sets

def test_fever_vitaminc_anli_fixtures() -> None:
    fever = load_fever(DATA / "fever" / "dev_fitems.jsonl", Rows(), None)
    assert [it.label for it in fever[:3]] == ["entailment", "contradiction", "neutral"]
    assert fever[0].answer == "The Eiffel Tower was completed in 1889."
    assert all(it.split == "dev" for it in fever)
    vit = load_vitaminc(DATA / "vitaminc" / "dev.jsonl", Rows(), None)
    assert len(vit) == 5 and vit[0].id == "v1" and vit[2].label == "neutral"
    anli = load_anli(DATA / "anli" / "R1" / "dev.jsonl", Rows(), None)
    assert [it.label for it in anli[:3]] == ["entailment", "contradiction", "neutral"]
    assert {it.group for it in anli} == {"R1"} and anli[0].split == "dev"


def test_nli_aliases_and_label_codes(tmp_path: Path) -> None:
    hf = _jsonl(tmp_path / "dev_r2.jsonl", [
        {"premise": "P.", "hypothesis": "H.", "label": 2},
        {"premise": "P.", "hypothesis": "H.", "label": "0"}])
    items = load_anli(hf, Rows(), None)
    assert [it.label for it in items] == ["contradiction", "entailment"]
    assert items[0].group == "R2" and items[0].split == "dev"
    fever = _jsonl(tmp_path / "f.jsonl", [{"claim": "C.", "evidence": "E.",
                                           "label": "not_enough_info"}])
    assert load_fever(fever, Rows(), None)[0].label == "neutral"


@pytest.mark.parametrize("loader,row,message", [
    (load_fever, {"query": "C.", "context": "E.", "label": "MAYBE"},
     r"f\.jsonl:1: field 'label' must be SUPPORTS, REFUTES or NOT ENOUGH INFO"),
    (load_fever, {"context": "E.", "label": "SUPPORTS"},
     r"f\.jsonl:1: missing field 'query' \(or 'claim', 'hypothesis'\)"),
    (load_vitaminc, {"claim": "C.", "evidence": ["E."], "label": "SUPPORTS"},
     r"f\.jsonl:1: field 'evidence' must be a string, got list"),
    (load_anli, {"context": "P.", "hypothesis": "H.", "label": 3},
     r"f\.jsonl:1: field 'label' must be e, n, c or 0, 1, 2"),
    (load_anli, {"context": "P.", "hypothesis": "H.", "label": [1]},
     r"field 'label' must be e, n, c"),
])
def test_nli_sets_reject_bad_rows(tmp_path: Path, loader: object, row: dict[str, object],
                                  message: str) -> None:
    path = _jsonl(tmp_path / "f.jsonl", [row])
    with pytest.raises(InputError, match=message):
        loader(path, Rows(), None)  # type: ignore[operator]


# ---------------------------------------------------------------------------- ALCE

def test_citations() -> None:
    assert citations_of("Paris is big [1][3].") == [0, 2]
    assert citations_of("Paris [2, 4] is big.") == [1, 3]
    assert remove_citations("Paris is big [1][3].") == "Paris is big."
    assert remove_citations("Paris [2, 4] is big.") == "Paris is big."


def test_alce_fixture_with_human_labels() -> None:
    items = load_alce(DATA / "alce" / "dev.json", Rows(), None)
    main = [it for it in items if not it.aux]
    assert [it.id for it in main] == ["0/s0", "0/s1", "1/s0", "1/s1", "1/s2", "2/s0", "2/s1"]
    assert main[0].answer == "The Eiffel Tower was completed in 1889."
    assert main[0].label == "supported" and main[3].label == "unsupported"
    assert [e[0] for e in main[1].evidence] == ["doc-1", "doc-2"]
    assert main[1].evidence[0][1].startswith("Title: Eiffel Tower\n")
    assert not main[4].meta["valid"] and main[4].evidence == ()  # no citation
    assert not main[6].meta["valid"]  # cites [3] of two docs
    aux = [it for it in items if it.aux]
    # precision checks for the two sentences with two citations: alone and rest, each
    assert len(aux) == 8 and {it.meta["role"] for it in aux} == {"alone", "rest"}
    assert load_alce(DATA / "alce" / "dev.json", Rows(1, 2), None)[0].id == "1/s0"


def test_alce_plain_result_file(tmp_path: Path) -> None:
    path = tmp_path / "result.json"
    path.write_text(json.dumps({"args": {}, "data": [{
        "question": "Q?", "docs": [{"title": "T", "text": "Paris is in France."}],
        "output": "Paris is in France [1]. It is big.\nIgnored second line [1]."}]}),
        encoding="utf-8")
    items = load_alce(path, Rows(), None)
    assert [it.answer for it in items] == ["Paris is in France.", "It is big."]
    assert items[0].label is None and items[0].split is None


def test_alce_rejects_bad_items(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    for row, message in [
        ({"question": "Q", "output": "O."}, r"r\.jsonl:1: missing field 'docs'"),
        ({"question": "Q", "output": "O.", "docs": [{"title": "T"}]},
         r"r\.jsonl:1: field 'docs\[0\]\.text' must be a non-blank string"),
        ({"question": "Q", "output": "O.", "docs": [],
          "sentences": [{"text": "O.", "sentence_recall_score": 2}]},
         r"field 'sentences\[0\]\.sentence_recall_score' must be 0 or 1"),
    ]:
        _jsonl(path, [row])
        with pytest.raises(InputError, match=message):
            load_alce(path, Rows(), None)


def test_alce_reads_the_split_from_the_file_name(tmp_path: Path) -> None:
    item = {"question": "Q?", "docs": [{"title": "T", "text": "Paris is in France."}],
            "output": "Paris is in France [1]."}
    path = tmp_path / "test.json"
    path.write_text(json.dumps({"args": {}, "data": [item]}), encoding="utf-8")
    assert [it.split for it in load_alce(path, Rows(), None)] == ["test"]
    path.write_text(json.dumps({"args": {}, "data": [item, {**item, "split": "dev"}]}),
                    encoding="utf-8")
    with pytest.raises(InputError, match=r"test\.json:1: field 'split' is 'dev' but the "
                                         r"file name says 'test'"):
        load_alce(path, Rows(), None)

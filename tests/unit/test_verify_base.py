from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from certirag.config import Settings, load_settings
from certirag.errors import BackendError, BackendUnavailable, ConfigError, InputError
from certirag.schemas import Scores
from certirag.verifiers import (
    HFNLIVerifier,
    NLIResult,
    OnnxNLIVerifier,
    Verifier,
    canonical_labels,
    create_verifier,
    register_verifier,
    results_from_logits,
    unregister_verifier,
    verifier_names,
    verify_claims,
)
from certirag.verifiers.calibration import Calibration, softmax

# ----------------------------------------------------------------------------- labels


def test_labels_follow_the_config_order_and_case() -> None:
    assert canonical_labels({0: "contradiction", 1: "entailment", 2: "neutral"}) == (
        "contradiction", "entailment", "neutral")
    assert canonical_labels({"0": "ENTAILMENT", "1": "Neutral", "2": "Contradict"}) == (
        "entailment", "neutral", "contradiction")


@pytest.mark.parametrize("names", [("supported", "not supported"),
                                   ("not_entailment", "entailment"),
                                   ("Consistent", "Inconsistent"),
                                   ("entail", "not-entailed")])
def test_two_class_models_map_to_entailment_and_not_entailment(names: tuple[str, str]) -> None:
    got = canonical_labels(dict(enumerate(names)))
    assert sorted(got) == ["entailment", "not_entailment"]
    assert got[[n.lower() for n in names].index(
        next(n.lower() for n in names if n.lower() in {"supported", "entailment", "consistent",
                                                        "entail"}))] == "entailment"


@pytest.mark.parametrize("id2label", [
    {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"},
    {0: "entailment", 1: "entailment", 2: "neutral"},
    {0: "entailment", 2: "neutral", 3: "contradiction"},
    {0: "entailment"},
    {0: "entailment", 1: "neutral"},
    {"x": "entailment", "y": "neutral"},
])
def test_unmappable_labels_are_refused(id2label: dict[object, str]) -> None:
    with pytest.raises(BackendUnavailable):
        canonical_labels(id2label)


def test_unknown_label_message_explains() -> None:
    with pytest.raises(BackendUnavailable, match="cannot map label 'LABEL_1'"):
        canonical_labels({0: "entailment", 1: "LABEL_1", 2: "neutral"})


# ------------------------------------------------------------------- results_from_logits


def test_results_from_logits_raw_is_softmax_and_scores_are_calibrated() -> None:
    logits = np.array([[2.0, 0.0, -1.0], [-1.0, 3.0, 0.5]])
    labels = ("contradiction", "entailment", "neutral")
    cal = Calibration(method="temperature", temperature=2.0)
    out = results_from_logits(logits, ["p1", "p2"], labels=labels, calibration=cal,
                              model_id="m", model_sha256="s", truncated=[False, True])
    raw, scaled = softmax(logits), softmax(logits / 2.0)
    assert out[0].raw["contradiction"] == pytest.approx(raw[0, 0])
    assert out[1].raw["entailment"] == pytest.approx(raw[1, 1])
    assert out[0].scores.entailment == pytest.approx(scaled[0, 1])
    assert out[0].scores.neutral == pytest.approx(scaled[0, 2])
    assert out[1].scores.contradiction == pytest.approx(scaled[1, 0])
    assert out[1].window == "p2" and out[1].truncated and not out[0].truncated
    assert out[0].calibration == "temperature" and out[0].temperature == 2.0
    assert (out[0].model_id, out[0].model_sha256) == ("m", "s")


def test_two_class_results_report_entailment_only() -> None:
    out = results_from_logits(np.array([[0.0, 1.0]]), ["p"], labels=("not_entailment",
                              "entailment"), calibration=Calibration(), model_id="m",
                              model_sha256="s")
    assert out[0].scores.neutral is None and out[0].scores.contradiction is None
    assert out[0].scores.entailment == pytest.approx(softmax([[0.0, 1.0]])[0, 1])
    assert set(out[0].raw) == {"entailment", "not_entailment"}


@pytest.mark.parametrize("logits", [np.zeros((2, 3)), np.zeros((1, 2)),
                                    np.array([[np.nan, 0.0, 0.0]])])
def test_bad_logits_raise_backend_error(logits: np.ndarray) -> None:
    with pytest.raises(BackendError):
        results_from_logits(logits, ["p"], labels=("entailment", "neutral", "contradiction"),
                            calibration=Calibration(), model_id="m", model_sha256="s")


# ----------------------------------------------------------------------------- registry


def test_builtins_are_registered_and_construction_is_cheap(tmp_path: object) -> None:
    assert {"onnx", "hf"} <= set(verifier_names())
    v = create_verifier(load_settings(nli_model="/nonexistent/model"))
    assert isinstance(v, OnnxNLIVerifier) and isinstance(v, Verifier)
    assert v.model == "/nonexistent/model"
    with pytest.raises(BackendUnavailable, match="not found"):
        v.load()


def test_settings_reach_the_onnx_backend() -> None:
    v = create_verifier(load_settings(nli_batch_size=7, nli_max_length=128, threads=3))
    assert isinstance(v, OnnxNLIVerifier)
    assert (v.batch_size, v.max_length, v.threads) == (7, 128, 3)


def test_hf_backend_needs_a_transformers_model() -> None:
    with pytest.raises(ConfigError, match="hf"):
        create_verifier(load_settings(nli_backend="hf"))
    v = create_verifier(load_settings(nli_backend="hf", nli_model="some/model",
                                      nli_batch_size=4))
    assert isinstance(v, HFNLIVerifier) and v.batch_size == 4


class _Const:
    """A deterministic verifier for fast tests: entailment from a table, else 0.1."""

    name = "const"

    def __init__(self, table: dict[str, float] | None = None, *, drop: int = 0) -> None:
        self.table = table or {}
        self.calls: list[list[tuple[str, str]]] = []
        self.drop = drop
        self.max_length = 256

    def load(self) -> None:
        return None

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> list[NLIResult]:
        self.calls.append(list(pairs))
        out = []
        for premise, _ in pairs:
            e = next((v for k, v in self.table.items() if k in premise), 0.1)
            out.append(NLIResult(scores=Scores(entailment=e, neutral=1 - e, contradiction=0.0),
                                 raw={"entailment": e}, window=premise, model_id="const",
                                 model_sha256="0" * 64))
        return out[: len(out) - self.drop]


def test_third_party_backends_register_like_builtins() -> None:
    register_verifier("const-test", lambda settings: _Const())
    try:
        settings = Settings.model_construct(**{**load_settings().model_dump(),
                                               "nli_backend": "const-test"})
        assert isinstance(create_verifier(settings), _Const)
        with pytest.raises(ConfigError, match="already registered"):
            register_verifier("const-test", lambda settings: _Const())
        register_verifier("const-test", lambda settings: _Const({"x": 0.9}), replace=True)
        made = create_verifier(settings)
        assert isinstance(made, _Const) and made.table == {"x": 0.9}
    finally:
        unregister_verifier("const-test")
    assert "const-test" not in verifier_names()


def test_unknown_backend_lists_the_known_ones() -> None:
    settings = Settings.model_construct(**{**load_settings().model_dump(), "nli_backend": "nope"})
    with pytest.raises(ConfigError, match=r"unknown nli_backend 'nope'.*hf, onnx"):
        create_verifier(settings)
    with pytest.raises(ConfigError):
        unregister_verifier("nope")
    with pytest.raises(ConfigError, match="bad verifier name"):
        register_verifier("Bad Name", lambda settings: _Const())


# ------------------------------------------------------------------------ verify_claims

EVIDENCE = [
    "The bridge opened in 1932. It carries six lanes of traffic. Tolls were removed in 1990.",
    "Unrelated text about cooking pasta with garlic and olive oil.",
]


def test_verify_claims_scores_everything_in_one_batch_and_keeps_the_best() -> None:
    v = _Const({"six lanes": 0.95, "1932": 0.6})
    out = verify_claims(v, ["The bridge carries six lanes.", "The bridge opened in 1932."],
                        EVIDENCE, windows=3, max_chars=40)  # single sentences only
    assert len(v.calls) == 1
    assert len(v.calls[0]) == 6  # 3 windows for each of 2 claims
    assert {h for _, h in v.calls[0]} == {"The bridge carries six lanes.",
                                          "The bridge opened in 1932."}
    first, second = out
    assert first.scores.entailment == 0.95 and "six lanes" in first.window
    assert first.evidence_index == 0
    assert first.start is not None and first.end is not None
    assert EVIDENCE[0][first.start : first.end] == first.window
    # the 3 windows of the second claim include "six lanes" (score 0.95): best wins
    assert second.scores.entailment == 0.95
    # with one window per claim only the most relevant sentence is scored
    (only,) = verify_claims(v, ["The bridge opened in 1932."], EVIDENCE, windows=1,
                            max_chars=40)
    assert only.scores.entailment == pytest.approx(0.6)
    assert only.window == "The bridge opened in 1932." and only.start == 0


def test_verify_claims_ties_go_to_the_most_relevant_window() -> None:
    v = _Const()  # every window scores 0.1
    out = verify_claims(v, ["Tolls were removed in 1990."], EVIDENCE, windows=2)
    assert out[0].window == v.calls[0][0][0]
    assert "Tolls were removed in 1990." in out[0].window


def test_verify_claims_respects_max_chars() -> None:
    v = _Const()
    verify_claims(v, ["six lanes"], EVIDENCE, windows=50, max_chars=40)
    assert all(len(p) <= 40 for p, _ in v.calls[0])


def test_verify_claims_fails_closed_on_bad_input() -> None:
    v = _Const()
    assert verify_claims(v, [], EVIDENCE, windows=3) == [] and v.calls == []
    with pytest.raises(InputError, match="no evidence"):
        verify_claims(v, ["claim"], ["", "   "], windows=3)
    with pytest.raises(InputError, match="blank"):
        verify_claims(v, ["ok", " "], EVIDENCE, windows=3)
    with pytest.raises(InputError):
        verify_claims(v, ["ok"], EVIDENCE, windows=0)
    with pytest.raises(BackendError, match="returned"):
        verify_claims(_Const(drop=1), ["six lanes"], EVIDENCE, windows=3)

"""Evaluation: data set loaders, metrics and reports (``certirag eval …``)."""

from certirag.eval.datasets import (
    DatasetLoader,
    NLIExample,
    Rows,
    dataset_names,
    get_dataset,
    parse_rows,
    read_jsonl,
    register_dataset,
)
from certirag.eval.items import BASELINES, ClaimOutcome, Item, Outcome, baseline_outcomes
from certirag.eval.metrics import (
    EvalReport,
    accuracy,
    bootstrap_ci,
    confusion_matrix,
    expected_calibration_error,
    macro_f1,
    per_class,
    summary,
)
from certirag.eval.report import load_run, write_report
from certirag.eval.runner import MODES, run_items
from certirag.eval.snli import SNLI_LABELS, evaluate_nli, load_snli, run_snli
from certirag.eval.suite import SPECS, DatasetSpec, check_tunable, evaluate, load_items

# registers the halueval-*, llm-aggrefact, ragtruth, fever, vitaminc, anli and alce loaders
from certirag.eval import halueval  # noqa: F401  isort: skip
from certirag.eval import aggrefact, alce, nli_sets, ragtruth  # noqa: F401  isort: skip

__all__ = [
    "BASELINES",
    "MODES",
    "SNLI_LABELS",
    "SPECS",
    "ClaimOutcome",
    "DatasetLoader",
    "DatasetSpec",
    "EvalReport",
    "Item",
    "NLIExample",
    "Outcome",
    "Rows",
    "accuracy",
    "baseline_outcomes",
    "bootstrap_ci",
    "check_tunable",
    "confusion_matrix",
    "dataset_names",
    "evaluate",
    "evaluate_nli",
    "expected_calibration_error",
    "get_dataset",
    "load_items",
    "load_run",
    "load_snli",
    "macro_f1",
    "parse_rows",
    "per_class",
    "read_jsonl",
    "register_dataset",
    "run_items",
    "run_snli",
    "summary",
    "write_report",
]

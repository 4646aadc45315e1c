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
from certirag.eval.snli import SNLI_LABELS, evaluate_nli, load_snli, run_snli

# registers the halueval-* loaders
from certirag.eval import halueval  # noqa: F401  isort: skip

__all__ = [
    "SNLI_LABELS",
    "DatasetLoader",
    "EvalReport",
    "NLIExample",
    "Rows",
    "accuracy",
    "bootstrap_ci",
    "confusion_matrix",
    "dataset_names",
    "evaluate_nli",
    "expected_calibration_error",
    "get_dataset",
    "load_snli",
    "macro_f1",
    "parse_rows",
    "per_class",
    "read_jsonl",
    "register_dataset",
    "run_snli",
    "summary",
]

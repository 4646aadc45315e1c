"""What the small training commands share: run one step and print its report."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from certirag.errors import CertiragError

__all__ = ["print_report"]


def print_report(step: Callable[[], Mapping[str, Any]]) -> int:
    """Run ``step``: its report as JSON on stdout and exit code 0, or a certirag error on
    stderr and exit code 2 (bad input)."""
    try:
        report = step()
    except CertiragError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2))
    return 0

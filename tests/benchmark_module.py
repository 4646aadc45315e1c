"""Load a script of ``benchmarks/`` as a module, for the tests of its logic."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` imported as the module ``NAME_bench``."""
    spec = importlib.util.spec_from_file_location(f"{name}_bench",
                                                  ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod

"""Models shipped inside the package, and the manifest format every ONNX model folder uses.

A model folder holds::

    model.onnx          the graph (int8 for the shipped models)
    tokenizer.json      a `tokenizers` tokenizer
    config.json         the Hugging Face config (``id2label`` for classifiers)
    certirag_model.json the manifest: {"id", "task", "files": {name: sha256}, ...}

``builtin:NAME`` names a folder inside this package.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from certirag.errors import BackendUnavailable

__all__ = ["MANIFEST", "ModelInfo", "builtin_names", "file_sha256", "load_model_info", "resolve"]

MANIFEST = "certirag_model.json"
_PREFIX = "builtin:"


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def builtin_names() -> list[str]:
    root = Path(str(resources.files("certirag.models")))
    return sorted(p.name for p in root.iterdir() if (p / MANIFEST).is_file())


def resolve(name: str) -> Path:
    """Turn ``builtin:NAME`` or a folder path into a model folder that exists."""
    if name.startswith(_PREFIX):
        key = name[len(_PREFIX):]
        path = Path(str(resources.files("certirag.models"))) / key
        if not (path / MANIFEST).is_file():
            raise BackendUnavailable(
                f"built-in model {key!r} is not in this installation "
                f"(available: {', '.join(builtin_names()) or 'none'})"
            )
        return path
    path = Path(name).expanduser()
    if not path.is_dir():
        raise BackendUnavailable(f"model folder not found: {path}")
    return path


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """What a manifest says about a model folder."""

    id: str
    path: Path
    task: str
    files: dict[str, str]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def weights_sha256(self) -> str:
        return self.files["model.onnx"]


def load_model_info(path: Path, *, check: bool = False) -> ModelInfo:
    """Read a folder's manifest; with ``check``, recompute every file's sha256."""
    try:
        data = json.loads((path / MANIFEST).read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise BackendUnavailable(f"{path}: missing or unreadable {MANIFEST}") from exc
    files = dict(data.get("files", {}))
    if "model.onnx" not in files:
        raise BackendUnavailable(f"{path}/{MANIFEST}: no sha256 for model.onnx")
    if check:
        for name, digest in files.items():
            actual = file_sha256(path / name)
            if actual != digest:
                raise BackendUnavailable(
                    f"{path / name}: sha256 {actual} does not match the manifest ({digest})"
                )
    extra = {k: v for k, v in data.items() if k not in {"id", "task", "files"}}
    return ModelInfo(id=str(data["id"]), path=path, task=str(data["task"]), files=files,
                     extra=extra)


def write_manifest(path: Path, *, model_id: str, task: str, **extra: Any) -> ModelInfo:
    """Write ``certirag_model.json`` listing the sha256 of every file in ``path``."""
    files = {
        p.name: file_sha256(p)
        for p in sorted(path.iterdir())
        if p.is_file() and p.name != MANIFEST and not p.name.endswith(".md")
    }
    data = {"id": model_id, "task": task, "files": files, **extra}
    (path / MANIFEST).write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", "utf-8")
    return load_model_info(path)

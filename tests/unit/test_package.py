from __future__ import annotations

import json
import subprocess
import sys

import certirag
from certirag import errors


def test_import_loads_no_heavy_module() -> None:
    code = (
        "import sys, json, certirag, certirag.index, certirag.cli;"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'torch','onnxruntime','transformers','fastapi','tokenizers','faiss','bm25s',"
        "'sentence_transformers','uvicorn'})))"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert json.loads(out.stdout) == []


def test_public_names_resolve() -> None:
    for name in certirag.__all__:
        assert getattr(certirag, name) is not None


def test_exception_tree() -> None:
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.CertiragError)
    err = errors.InputError("bad line", source="a.jsonl", line=3)
    assert str(err) == "a.jsonl:3: bad line"
    assert (err.source, err.line) == ("a.jsonl", 3)

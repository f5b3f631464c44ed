# kozyr — set-up and everyday commands. Everything goes through .venv.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: run test lint bench venv dev clean play serve

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# setup.py builds the compiled solver kernel (optional: skipped where no C compiler is).
KERNEL := setup.py $(wildcard src/kozyr/bots/solver/*.c src/kozyr/bots/solver/*.h)

$(STAMP): $(BIN)/python pyproject.toml $(KERNEL)
	$(BIN)/pip install -q -e .
	touch $@

$(DEVSTAMP): $(BIN)/python pyproject.toml $(KERNEL)
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(STAMP)

venv: $(STAMP)
dev: $(DEVSTAMP)

run: $(STAMP)
	$(BIN)/kozyr serve

play: $(STAMP)
	$(BIN)/kozyr play thousand

test: $(DEVSTAMP)
	$(BIN)/python -m pytest

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

bench: $(DEVSTAMP)
	-$(BIN)/pip install -q open-spiel
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info
	find src -name '*.so' -delete

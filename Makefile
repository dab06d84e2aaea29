# Two entry points for a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test venv replay bench ui-bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(PY) -m tmdesktop

test: $(STAMP)
	$(HEADLESS) $(PY) -m pytest -q -n 2

replay: $(STAMP)
	$(PY) -m tmdesktop replay tests/data/corpus/*.txt

# The last line printed is one JSON object of medians (benchmarks/engine_bench.py).
bench: $(STAMP)
	$(PY) -m tmdesktop replay --bench tests/data/corpus/*.txt
	$(PY) benchmarks/engine_bench.py

ui-bench: $(STAMP)
	$(HEADLESS) $(PY) benchmarks/ui_bench.py

clean:
	rm -rf $(VENV) .pytest_cache

# `make package`: the executables for this OS, archived in dist/ and smoke-tested (build/package.py,
# build/tmdesktop.spec; PyInstaller works in build/work/ and build/dist/).
BUILD_STAMP := $(VENV)/.installed-build

$(BUILD_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[build]'
	touch $(BUILD_STAMP)

.PHONY: package
package: $(BUILD_STAMP)
	$(HEADLESS) $(PY) build/package.py $(PACKAGE_FLAGS)

# Two entry points for a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test venv replay bench ui-bench clean i18n mo

# Translations: the .po catalogues are in git, the .mo files the game reads are compiled from them.
BABEL := $(PY) -m babel.messages.frontend
LOCALE := tmdesktop/locale
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/tmdesktop.po))

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

mo: $(MO)

$(LOCALE)/%/LC_MESSAGES/tmdesktop.mo: $(LOCALE)/%/LC_MESSAGES/tmdesktop.po $(STAMP)
	$(BABEL) compile --domain tmdesktop --directory $(LOCALE) --locale $* --statistics

# After changing user-visible strings: `make i18n`, fill the new msgstrs, `make i18n` again.
# It extracts the messages (babel.cfg), merges them into every .po (new ones empty, stale ones
# dropped, changed ones marked fuzzy), compiles, and lists what is left to translate.
i18n: $(STAMP)
	$(BABEL) extract --mapping-file babel.cfg --output-file $(LOCALE)/tmdesktop.pot --project tmdesktop \
		--no-wrap --sort-by-file tmdesktop
	$(BABEL) update --input-file $(LOCALE)/tmdesktop.pot --output-dir $(LOCALE) --domain tmdesktop \
		--no-wrap --ignore-obsolete --ignore-pot-creation-date
	$(MAKE) --no-print-directory mo
	$(PY) tools/catalogues.py check

play: $(STAMP) $(MO)
	$(PY) -m tmdesktop

test: $(STAMP) $(MO)
	$(HEADLESS) $(PY) -m pytest -q -n 2

replay: $(STAMP) $(MO)
	$(PY) -m tmdesktop replay tests/data/corpus/*.txt

# The last line printed is one JSON object of medians (benchmarks/engine_bench.py).
bench: $(STAMP)
	$(PY) -m tmdesktop replay --bench tests/data/corpus/*.txt
	$(PY) benchmarks/engine_bench.py

# In a real window when DISPLAY is set (e.g. under Xvfb), with SDL's dummy driver otherwise.
ui-bench: $(STAMP) $(MO)
	SDL_AUDIODRIVER=dummy $(PY) benchmarks/ui_bench.py

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

# Every target sets up what it needs first, so each works from a fresh clone.
#   make run     set up and launch the app
#   make check   set up and run lint, types, import contracts and the test suite
# See README.md for the rest (bench, bundle, install-desktop).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# The install compiles the engine's C core, so a change to it reinstalls too.
CORE_C := tictactoe_gui/engine/mnk/_core.c tictactoe_gui/engine/mnk/_core_threats.h tictactoe_gui/engine/mnk/_core_patterns.h tictactoe_gui/engine/_gravity.c tictactoe_gui/engine/mnk/_proof.c
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml $(CORE_C) | sha1sum | cut -c1-12)
INTEROP := $(VENV)/.interop-$(shell sha1sum pyproject.toml | cut -c1-12)

# Qt's xcb/offscreen platforms load these system libraries at run time (xcb, the one a
# desktop uses, needs the libxcb-* ones as well: without them `make run` cannot open a window).
QT_SYSTEM_LIBS := libEGL.so.1 libGL.so.1 libxkbcommon.so.0 libfontconfig.so.1 libdbus-1.so.3 libglib-2.0.so.0 \
                  libxkbcommon-x11.so.0 libxcb-cursor.so.0 libxcb-icccm.so.4 libxcb-keysyms.so.1 libxcb-shape.so.0
QT_SYSTEM_PKGS := libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0 \
                  libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-xinerama0

.PHONY: run check test lint bench bench-gomocup book bundle bundle-test install-desktop uninstall-desktop system-deps clean

run: $(STAMP)
	$(BIN)/tictactoe-gui

check: $(STAMP) lint test

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

test: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP) $(INTEROP)
	$(BIN)/python -m tests.benchmarks

# Sera against an engine written apart from this app, over the Gomocup protocol.
bench-gomocup: $(STAMP) $(INTEROP)
	$(BIN)/python -m tests.benchmarks.bench_gomocup $(ENGINE) $(GAMES)

# Connect Four's opening book (resources/books/connect4.book), rebuilt by the app's own
# solver: the empty board's proof and every first column's exact value, keeping the bounds
# of positions of up to BOOK_DISCS discs (tictactoe_gui/engine/gravity_book.py). About an
# hour on the busy 2-core machine, nice'd; the book is written after each step, and
# BOOK_ARGS=--root-only stops after the proof (half of it). BOOK_ARGS="--line-plies 2"
# goes on along best play, hours more.
BOOK_DISCS ?= 12
BOOK_ARGS  ?= --line-plies 0
book: $(STAMP)
	nice $(BIN)/python -m tictactoe_gui.engine.gravity_book --max-discs $(BOOK_DISCS) $(BOOK_ARGS)

$(INTEROP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[interop]'
	rm -f $(VENV)/.interop-*
	touch $@

# The bundle is rebuilt only when something it is built from has changed.
BUNDLE_EXE    ?= packaging/dist/tictactoe-gui/tictactoe-gui
BUNDLE_INPUTS := $(shell find tictactoe_gui resources -type f -not -path '*/__pycache__/*') \
                 packaging/tictactoe-gui.spec packaging/tictactoe-gui.py packaging/build.py pyproject.toml

bundle: $(BUNDLE_EXE)

$(BUNDLE_EXE): $(STAMP) $(BUNDLE_INPUTS)
	$(BIN)/python packaging/build.py
	touch $@

bundle-test: $(STAMP)
	$(BIN)/pytest -m bundle -p no:xdist

install-desktop: $(BUNDLE_EXE)
	bash packaging/install-desktop.sh

uninstall-desktop:
	bash packaging/uninstall-desktop.sh

# The install compiles the engine's core: a C compiler and Python's headers.
system-deps:
	@if ! command -v cc >/dev/null || ! $(PYTHON) -c "import os, sysconfig; \
	    raise SystemExit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))"; then \
	  echo "Installing a C compiler and Python's headers"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq gcc python3-dev; \
	fi
	@missing=""; for lib in $(QT_SYSTEM_LIBS); do \
	  ldconfig -p | grep -q "$$lib" || missing="$$missing $$lib"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Qt's system libraries (missing:$$missing)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(QT_SYSTEM_PKGS); \
	fi

$(STAMP): pyproject.toml $(CORE_C) | system-deps
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bundle]'
	rm -f $(VENV)/.installed-*
	touch $@

clean:
	rm -rf $(VENV) build dist packaging/build packaging/dist .mypy_cache .ruff_cache
	find tictactoe_gui -name '*.so' -delete

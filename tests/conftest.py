"""Shared test configuration: GUI tests always run headless."""

import os
import sys

# Set before anything imports Qt, so every test (and pytest-qt's QApplication)
# uses the offscreen platform whatever the developer's environment says.
os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

import pytest
from hypothesis import settings

# Hypothesis's per-example deadline measures wall time, which a busy machine stretches
# at random; the tests assert behaviour, and the benchmarks measure speed.
settings.register_profile("tictactoe", deadline=None)
settings.load_profile("tictactoe")


#: A copy of the terminal's standard error taken before the tests' output is captured:
#: what must be seen even when the process dies (see tests/gui/conftest.py) is written here.
TERMINAL_STDERR = pytest.StashKey[int]()


def pytest_configure(config: pytest.Config) -> None:
    try:
        fileno = sys.stderr.fileno()
    except (AttributeError, ValueError):  # pytest-xdist's workers replace sys.stderr
        fileno = sys.__stderr__.fileno()
    config.stash[TERMINAL_STDERR] = os.dup(fileno)


def pytest_unconfigure(config: pytest.Config) -> None:
    fd = config.stash.get(TERMINAL_STDERR, None)
    if fd is not None:
        os.close(fd)
        del config.stash[TERMINAL_STDERR]

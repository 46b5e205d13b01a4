"""Shared test configuration: GUI tests always run headless."""

import os

# Set before anything imports Qt, so every test (and pytest-qt's QApplication)
# uses the offscreen platform whatever the developer's environment says.
os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

from hypothesis import settings

# Hypothesis's per-example deadline measures wall time, which a busy machine stretches
# at random; the tests assert behaviour, and the benchmarks measure speed.
settings.register_profile("tictactoe", deadline=None)
settings.load_profile("tictactoe")

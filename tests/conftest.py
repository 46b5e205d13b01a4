"""Shared test configuration: GUI tests always run headless."""

import os

# Set before anything imports Qt, so every test (and pytest-qt's QApplication)
# uses the offscreen platform whatever the developer's environment says.
os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

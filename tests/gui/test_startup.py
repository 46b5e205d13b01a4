"""What the app loads before its window first shows: only what that window needs.

The records windows, the set-up dialog and their charts are loaded when first
opened, so they cost nothing at start-up (``tests/benchmarks/bench_startup.py``
measures the time itself).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tictactoe_gui.startup_probe import ENV_VAR, MARKER

#: Modules that must not be loaded by the time the main window is first painted.
LOADED_ON_FIRST_USE = (
    "tictactoe_gui.gui.records",
    "tictactoe_gui.gui.dialogs.setup_position",
)

LAUNCH = """
import os, sys
from tictactoe_gui.cli import main

def report(code):
    names = sorted(m for m in sys.modules if m.startswith("tictactoe_gui"))
    print("modules", " ".join(names), flush=True)
    real_exit(code)

# The window command ends the process itself once the window has closed.
real_exit, os._exit = os._exit, report
report(main([]))
"""


def modules_loaded_by_a_start(tmp_path: Path) -> set[str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        ENV_VAR: "quit",  # quit right after the first paint of the window
        "TICTACTOE_GUI_DB": str(tmp_path / "records.sqlite3"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    result = subprocess.run(
        [sys.executable, "-c", LAUNCH],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert MARKER in result.stdout  # the window really was painted
    (line,) = [line for line in result.stdout.splitlines() if line.startswith("modules ")]
    return set(line.split()[1:])


def test_the_records_windows_and_dialogs_load_only_when_first_opened(tmp_path: Path) -> None:
    loaded = modules_loaded_by_a_start(tmp_path)
    assert "tictactoe_gui.gui.main_window" in loaded
    early = sorted(
        name
        for name in loaded
        if any(name == lazy or name.startswith(lazy + ".") for lazy in LOADED_ON_FIRST_USE)
    )
    assert early == []

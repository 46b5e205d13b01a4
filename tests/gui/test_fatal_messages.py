"""Qt ends the process right after a fatal message: the tests still say what it was."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

DYING_TEST = textwrap.dedent(
    """
    from PySide6.QtCore import qFatal


    def test_dies(qtbot):
        qFatal("the engine thread is still running")
    """
)


def test_a_fatal_qt_message_reaches_the_terminal_before_the_process_ends(tmp_path: Path) -> None:
    dying = tmp_path / "test_dying.py"
    dying.write_text(DYING_TEST)
    done = subprocess.run(
        [
            sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "tests.conftest",
            "-p", "tests.gui.conftest", "-c", str(ROOT / "pyproject.toml"),
            "--rootdir", str(ROOT), str(dying),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )  # fmt: skip
    assert done.returncode != 0  # ended by Qt, not by a failed test
    # (PySide gives a qFatal made from Python a message of its own.)
    said = [line for line in done.stderr.splitlines() if line.startswith("Qt fatal message")]
    assert len(said) == 1, done.stdout + done.stderr
    assert said[0].endswith("test_dies: [A qFatal() call was made from Python code]")

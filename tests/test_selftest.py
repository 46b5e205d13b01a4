"""``--self-test`` from source: passes in a clean process with no display, fails in one line."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tictactoe_gui import startup_probe

ROOT = Path(__file__).resolve().parent.parent


def headless_env(**extra: str) -> dict[str, str]:
    """The test's environment without any display or Qt platform choice.

    The self-test must pick the offscreen platform by itself.
    """
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY", startup_probe.ENV_VAR)
    }
    return {**env, **extra}


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT.parent,  # not the checkout: nothing may depend on the working directory
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_self_test_passes_from_source_without_a_display(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in headless_env(HOME=str(home)).items() if not k.startswith("XDG_")}
    result = run(["-m", "tictactoe_gui", "--self-test"], env)
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.splitlines()
    assert line.startswith("tictactoe-gui 1.0.0 self-test passed: ")
    assert "offscreen platform" in line
    assert "3 portraits drawn" in line
    assert "main window" in line
    assert "painted" in line
    assert "every move from the engine thread" in line
    assert "read back intact" in line
    assert "compiled search agrees" in line
    assert "compiled proof search agrees" in line
    # Sera never loses, so the seeded game is a draw or an O win, and it reached its end.
    assert "Cop v Sera: " in line
    assert "X wins" not in line
    # Its settings and records went to a temporary folder, not the user's.
    assert list(home.iterdir()) == []


def test_self_test_fails_with_one_line_naming_the_problem() -> None:
    # A frozen bundle whose data went missing: the art cannot be found.
    script = (
        "import sys; sys._MEIPASS = '/nonexistent-bundle'; "
        "from tictactoe_gui.selftest import run_self_test; sys.exit(run_self_test())"
    )
    result = run(["-c", script], headless_env())
    assert result.returncode == 1
    assert result.stdout == ""
    failure = [line for line in result.stderr.splitlines() if "self-test failed" in line]
    assert failure == [
        "tictactoe-gui self-test failed: FileNotFoundError: resource "
        "'icons/tictactoe-gui.svg' is missing (looked in /nonexistent-bundle/resources)"
    ]
    assert "Traceback" not in result.stderr


def test_startup_probe_reports_the_first_paint_on_the_launchers_clock() -> None:
    launched = time.monotonic()
    result = run(
        ["-m", "tictactoe_gui", "--self-test"], headless_env(**{startup_probe.ENV_VAR: "1"})
    )
    finished = time.monotonic()
    assert result.returncode == 0, result.stderr
    stamps = [
        float(line.split()[-1])
        for line in result.stdout.splitlines()
        if line.startswith(startup_probe.MARKER)
    ]
    assert len(stamps) == 1
    assert launched < stamps[0] < finished

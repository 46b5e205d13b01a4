"""The Makefile rebuilds the bundle only when something it is built from has changed."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def dry_run(target: str, bundle: Path, stamp: Path) -> str:
    """What ``make TARGET`` would run, with the bundle's executable at ``bundle``."""
    done = subprocess.run(
        ["make", "-n", target, f"BUNDLE_EXE={bundle}", f"STAMP={stamp}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout


def test_install_desktop_builds_the_bundle_only_when_it_is_out_of_date(tmp_path: Path) -> None:
    stamp = tmp_path / "venv-ready"  # the virtual environment, set up just now
    stamp.touch()
    bundle = tmp_path / "tictactoe-gui"
    bundle.touch()

    later = time.time() + 3600  # built after every source file
    os.utime(bundle, (later, later))
    commands = dry_run("install-desktop", bundle, stamp)
    assert "install-desktop.sh" in commands
    assert "build.py" not in commands
    assert "build.py" not in dry_run("bundle", bundle, stamp)

    os.utime(bundle, (2, 2))  # older than the sources
    commands = dry_run("install-desktop", bundle, stamp)
    assert commands.index("build.py") < commands.index("install-desktop.sh")

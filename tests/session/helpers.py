"""Waiting on processes in the tests of hosted engines."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def gone(pid: int) -> bool:
    """Whether the process has ended (a zombie its new parent has not reaped yet has)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    if not stat.parent.parent.is_dir():
        return False  # no /proc to tell a zombie from a live process
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True

"""Waiting on processes in the tests of hosted engines."""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable
from pathlib import Path


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def wait_gone(pid: int, timeout: float = 10.0) -> None:
    """Wait until the process has ended (:func:`gone`): on Linux, on the process itself."""
    if not hasattr(os, "pidfd_open"):
        wait_until(lambda: gone(pid), timeout)
        return
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    try:
        # Readable once the process has ended, whether or not it has been reaped.
        ended, _, _ = select.select([handle], [], [], timeout)
    finally:
        os.close(handle)
    assert ended, f"process {pid} still running after {timeout} s"


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

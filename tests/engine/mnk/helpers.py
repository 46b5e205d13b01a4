"""What the k-in-a-row engine tests share: a position with a long VCF, and a check that a
compiled call lets Python run in another thread all through it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

#: X's shortest VCF here is 11 plies (test_threats.py proves it).
LONG_VCF = (
    "...............",
    "...............",
    "...............",
    "...............",
    "......O.X......",
    "......X.X......",
    "....X..XOOO....",
    "....X....OX....",
    "....X..O.......",
    "....O.OO.......",
    "....X..OOXX....",
    "...............",
    "...............",
    "...............",
    "...............",
)


def assert_runs_without_the_gil(call: Callable[[], object]) -> None:
    """Run ``call`` in a thread of its own while this thread wakes about every millisecond
    until it ends: a call that held the GIL would leave this thread waiting for all of it."""
    finished = threading.Event()
    took: list[float] = []

    def run() -> None:
        started = time.perf_counter()
        try:
            call()
        finally:
            took.append(time.perf_counter() - started)
            finished.set()

    worker = threading.Thread(target=run)
    gaps: list[float] = []
    last = time.perf_counter()
    worker.start()
    done = False
    while not done:
        done = finished.wait(0.001)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    worker.join()
    assert took[0] > 0.1, "the call was too short to tell"
    assert max(gaps) < took[0] / 2
    assert len(gaps) > 20

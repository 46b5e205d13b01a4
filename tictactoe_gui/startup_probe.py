"""Report the moment the first window is painted, for start-up measurements.

With ``TICTACTOE_GUI_STARTUP_PROBE=1`` in the environment, :func:`install`
watches the window it is given and, on that window's first paint, prints one
line ``startup-probe first-paint <seconds>`` where the number is
``time.monotonic()``. That clock is system-wide on Linux, so the process
that launched the app can subtract its own reading taken just before the
launch: the same measure for a frozen bundle and for a source run
(``tests/benchmarks/bench_startup.py`` does exactly that). It watches that
one window, not every event of the application: a filter that Python runs
for each of the thousands of events before the first paint would add its own
time to what it measures.
``TICTACTOE_GUI_STARTUP_PROBE=quit`` also quits the application right after.

A window built in two stages (the app's main window) also says when it is
complete: given its ``ready`` signal, the probe prints ``startup-probe ready
<seconds>`` when it fires, and in ``quit`` mode quits after that line instead.

Given ``target`` (a function giving a rectangle on the screen: the board's centre
cell), the probe also prints ``startup-probe target <x> <y> <width> <height>`` at
that first paint: where a benchmark that clicks from outside finds the cell. It
says where, never when: the benchmark times the click's mark from the screen's
pixels.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, SignalInstance
from PySide6.QtWidgets import QWidget

ENV_VAR: Final = "TICTACTOE_GUI_STARTUP_PROBE"
MARKER: Final = "startup-probe first-paint"
READY_MARKER: Final = "startup-probe ready"
TARGET_MARKER: Final = "startup-probe target"


def requested() -> bool:
    return os.environ.get(ENV_VAR, "") not in ("", "0")


def _stamp(marker: str) -> None:
    print(f"{marker} {time.monotonic():.6f}", file=sys.stdout, flush=True)


def _quit_soon() -> None:
    QTimer.singleShot(0, QCoreApplication.quit)


class _FirstPaint(QObject):
    def __init__(
        self,
        window: QWidget,
        *,
        quit_after: bool,
        target: Callable[[], tuple[int, int, int, int]] | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._quit_after = quit_after
        self._target = target

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            # Stamp before anything else runs, then step aside for good.
            stamp = time.monotonic()
            self._window.removeEventFilter(self)
            print(f"{MARKER} {stamp:.6f}", file=sys.stdout, flush=True)
            if self._target is not None:
                where = " ".join(str(number) for number in self._target())
                print(f"{TARGET_MARKER} {where}", file=sys.stdout, flush=True)
            if self._quit_after:
                _quit_soon()
        return False


def install(
    window: QWidget,
    *,
    ready: SignalInstance | None = None,
    target: Callable[[], tuple[int, int, int, int]] | None = None,
) -> bool:
    """Watch for the first paint of ``window`` (a top-level window, before it is shown) if
    the environment asks for it, and for ``ready`` (the window is complete) if given; say
    where ``target`` is at that paint if given; True if installed."""
    if not requested():
        return False
    if QCoreApplication.instance() is None:
        raise RuntimeError("the start-up probe needs a QApplication")
    quit_after = os.environ.get(ENV_VAR, "").lower() == "quit"
    window.installEventFilter(
        _FirstPaint(window, quit_after=quit_after and ready is None, target=target)
    )
    if ready is not None:
        ready.connect(lambda: _stamp(READY_MARKER))
        if quit_after:
            ready.connect(_quit_soon)
    return True

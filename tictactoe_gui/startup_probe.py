"""Report the moment the first window is painted, for start-up measurements.

With ``TICTACTOE_GUI_STARTUP_PROBE=1`` in the environment, :func:`install`
watches the application's events and, on the first paint of a top-level
window, prints one line ``startup-probe first-paint <seconds>`` where the
number is ``time.monotonic()``. That clock is system-wide on Linux, so the
process that launched the app can subtract its own reading taken just before
the launch: the same measure for a frozen bundle and for a source run
(``tests/benchmarks/bench_startup.py`` does exactly that).
``TICTACTOE_GUI_STARTUP_PROBE=quit`` also quits the application right after.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

ENV_VAR: Final = "TICTACTOE_GUI_STARTUP_PROBE"
MARKER: Final = "startup-probe first-paint"


def requested() -> bool:
    return os.environ.get(ENV_VAR, "") not in ("", "0")


class _FirstPaint(QObject):
    def __init__(self, app: QCoreApplication, *, quit_after: bool) -> None:
        super().__init__(app)
        self._app = app
        self._quit_after = quit_after

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Paint
            and isinstance(watched, QWidget)
            and watched.isWindow()
        ):
            # Stamp before anything else runs, then step aside for good.
            stamp = time.monotonic()
            self._app.removeEventFilter(self)
            print(f"{MARKER} {stamp:.6f}", file=sys.stdout, flush=True)
            if self._quit_after:
                QTimer.singleShot(0, self._app.quit)
        return False


def install(app: QCoreApplication | None = None) -> bool:
    """Watch for the first painted window if the environment asks for it; True if installed."""
    if not requested():
        return False
    app = app if app is not None else QCoreApplication.instance()
    if app is None:
        raise RuntimeError("the start-up probe needs a QApplication")
    quit_after = os.environ.get(ENV_VAR, "").lower() == "quit"
    app.installEventFilter(_FirstPaint(app, quit_after=quit_after))
    return True

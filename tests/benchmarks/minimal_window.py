"""The baseline for bench_startup: the smallest PySide6 window, timed the way the app is.

It prints the same ``startup-probe first-paint <seconds>`` line as the app's
start-up probe at the first paint of its window, and then stays open (as the
window a person launched does) until it is closed, unless given ``--quit``. It
imports only PySide6 (not the app's package), so it shows what Qt alone costs.
"""

import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

MARKER = "startup-probe first-paint"  # as in tictactoe_gui/startup_probe.py


class FirstPaint(QObject):
    """Watches the window alone, as the app's probe does (not every event of the app)."""

    def __init__(self, *, quit_after: bool) -> None:
        super().__init__()
        self._quit_after = quit_after

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            print(f"{MARKER} {time.monotonic():.6f}", flush=True)
            watched.removeEventFilter(self)
            if self._quit_after:
                QTimer.singleShot(0, QApplication.quit)
        return False


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    probe = FirstPaint(quit_after="--quit" in sys.argv[1:])
    window.installEventFilter(probe)
    window.setWindowTitle("Minimal window")
    window.setCentralWidget(QLabel("Hello"))
    window.resize(800, 600)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())

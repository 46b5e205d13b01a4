"""Python's cycle collections on the window's thread only.

Python collects reference cycles in whichever thread happens to allocate when a generation
fills, and most allocation here is the engine thread's. A window, dialog or timer left in a
cycle (a closed window whose slots refer back to it) was then destroyed on the engine
thread: Qt's objects must be destroyed on the thread they live on, and a widget's shortcuts
or a running timer destroyed elsewhere can crash the process. So automatic collection is
off, and a timer on the window's thread collects each generation as it fills, with
Python's own thresholds (the way calibre and pyqtgraph keep collections on the GUI thread).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

#: How often the window's thread looks whether a generation is full (milliseconds).
CHECK_INTERVAL_MS = 250


class GuiThreadCollector(QObject):
    """Turns automatic collection off and collects on the GUI thread's event loop."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        self.start()

    def start(self) -> None:
        """Automatic collection off, and the window's thread collecting instead."""
        gc.disable()
        self._timer.start()

    def check(self) -> int:
        """Collect the oldest generation that is full, as Python itself would; returns the
        generation collected, or -1 when none was full."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if counts[generation] > thresholds[generation]:
                gc.collect(generation)
                return generation
        return -1

    def stop(self) -> None:
        """Automatic collection on again (what the process does once Qt is gone)."""
        self._timer.stop()
        gc.enable()


def collect_on_gui_thread(app: QCoreApplication) -> GuiThreadCollector:
    """The application's collector, made on first call (it lives as long as ``app``), and
    collecting from now on even if it was stopped (an event loop that quit and runs again)."""
    existing = app.findChild(GuiThreadCollector)
    if isinstance(existing, GuiThreadCollector):
        existing.start()
        return existing
    collector = GuiThreadCollector(app)
    app.aboutToQuit.connect(collector.stop)
    return collector

"""Python's cycle collections on the window's thread only.

Python collects reference cycles in whichever thread happens to allocate when a generation
fills, and most allocation here is the engine thread's. A window, dialog or timer left in a
cycle (a closed window whose slots refer back to it) was then destroyed on the engine
thread: Qt's objects must be destroyed on the thread they live on, and a widget's shortcuts
or a running timer destroyed elsewhere can crash the process. So automatic collection is
off, and a timer on the window's thread collects each generation as it fills, with
Python's own thresholds (the way calibre and pyqtgraph keep collections on the GUI thread).

What the app has loaded (modules, their classes and tables) lives as long as the app, and
is frozen out of the full collections (:func:`settle_loaded`), each of which walked it
all. The freeze comes right after a full collection on the window's thread: a freeze keeps
whatever it finds from every later collection, garbage then present included.
"""

from __future__ import annotations

import contextlib
import gc
import sys

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

#: How often the window's thread looks whether a generation is full (milliseconds).
CHECK_INTERVAL_MS = 250
#: How many modules were loaded when :func:`settle_loaded` last asked for a freeze.
_settled_at = [0]
#: The application's collector, once made (the engine thread asks it to settle).
_collectors: list[GuiThreadCollector] = []
#: Where the application keeps its collector (an attribute of its Python object). Not found
#: with ``findChild``: that gives each of the application's children a Python object, its
#: style's among them, whose class PySide6 would then build, with its enums, as Qt starts.
_ATTRIBUTE = "_gui_thread_collector"


def settle_loaded() -> None:
    """Keep everything loaded so far out of Python's full garbage collections from now on.

    What modules bring (their classes, functions, tables) lives as long as the app, yet each
    full collection walks all of it: some 40,000 objects once the window is complete, which
    took 60-75 ms of the window's thread on the shared 2-core machine. Frozen
    (:func:`gc.freeze`), a collection walks only what came after. Asked for when the window
    is complete and after each search that loaded modules (a new game's engine), from any
    thread; nothing is done when no module was loaded since. The window's thread does it (at
    once, or when asked on another thread after what is already waiting there, before an
    answer sent after asking): a full collection first (some 25 ms of processor time once
    the window is complete, far less later), then the freeze.
    """
    if len(sys.modules) == _settled_at[0]:
        return
    _settled_at[0] = len(sys.modules)
    for collector in _collectors:
        with contextlib.suppress(RuntimeError):  # its application is gone
            collector.settle_requested.emit()


class GuiThreadCollector(QObject):
    """Turns automatic collection off and collects on the GUI thread's event loop."""

    #: Asks the collector, from any thread, to collect and freeze (:func:`settle_loaded`).
    settle_requested = Signal()

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        # At once when asked on this thread; queued when asked on another (the engine's).
        self.settle_requested.connect(self.settle)
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

    def settle(self) -> None:
        """Collect every generation, then freeze what is left (all of it alive)."""
        gc.collect()
        gc.freeze()

    def stop(self) -> None:
        """Automatic collection on again (what the process does once Qt is gone)."""
        self._timer.stop()
        gc.enable()


def collect_on_gui_thread(app: QCoreApplication) -> GuiThreadCollector:
    """The application's collector, made on first call (it lives as long as ``app``), and
    collecting from now on even if it was stopped (an event loop that quit and runs again)."""
    existing = getattr(app, _ATTRIBUTE, None)
    if isinstance(existing, GuiThreadCollector):
        existing.start()
        return existing
    collector = GuiThreadCollector(app)
    app.aboutToQuit.connect(collector.stop)
    _collectors[:] = [collector]
    setattr(app, _ATTRIBUTE, collector)
    return collector

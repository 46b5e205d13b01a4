"""Ctrl-C in the terminal that started the window: the window closes and the app exits 130.

Python runs a signal handler only when it next runs Python code, and Qt's event
loop may not call into Python for a long time; left alone, Ctrl-C raised
``KeyboardInterrupt`` inside whatever slot ran next, or crashed the process.
Here SIGINT wakes the event loop through a socket (``signal.set_wakeup_fd``),
and the handler asks the loop to end with status 130, the shell's code for a
program stopped by Ctrl-C. The window then shuts down as after Quit, without
asking (the game in progress is kept after every move, so nothing is lost),
and the caller prints one line.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
from types import FrameType
from typing import Final

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QTimer

#: The status of a program stopped by Ctrl-C, as a shell reports it.
EXIT_INTERRUPTED: Final = 130


class InterruptHandler(QObject):
    """While installed, SIGINT ends ``app``'s event loop with :data:`EXIT_INTERRUPTED`."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self.interrupted = False
        self._installed = False
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        self._previous_handler: signal.Handlers | object = signal.SIG_DFL
        self._previous_wakeup = -1

    def install(self) -> None:
        """Take over SIGINT (only the main thread may, so elsewhere this does nothing)."""
        if threading.current_thread() is not threading.main_thread():
            return
        self._previous_wakeup = signal.set_wakeup_fd(self._writer.fileno())
        self._previous_handler = signal.signal(signal.SIGINT, self._on_interrupt)
        self._installed = True

    def uninstall(self) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous_handler)  # type: ignore[arg-type]
            signal.set_wakeup_fd(self._previous_wakeup)
            self._installed = False
        self._notifier.setEnabled(False)
        for end in (self._reader, self._writer):
            end.close()

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.interrupted = True
        # Through the loop: before the loop runs, exit() alone would be forgotten.
        QTimer.singleShot(0, lambda: QCoreApplication.exit(EXIT_INTERRUPTED))

    def _drain(self) -> None:
        # The bytes only woke the loop; Python has run the handler by now.
        with contextlib.suppress(OSError):
            self._reader.recv(512)


def raise_if_interrupted(app: QCoreApplication) -> None:
    """For code that turns the event loop itself (``processEvents``) instead of ``exec``:
    Ctrl-C becomes ``KeyboardInterrupt`` here, at a point where unwinding is safe."""
    handler = app.findChild(InterruptHandler)
    if handler is not None and handler.interrupted:
        raise KeyboardInterrupt

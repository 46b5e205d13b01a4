"""Ctrl-C in the terminal that started the window: the window closes and the app exits 130.

Python runs a signal handler only when it next runs Python code, and Qt's event
loop may not call into Python for a long time; left alone, Ctrl-C raised
``KeyboardInterrupt`` inside whatever slot ran next, or crashed the process.
Here SIGINT wakes the event loop through a pipe (``signal.set_wakeup_fd``; a socket
pair on Windows, where only a socket will do),
and the handler asks the loop to end with status 130, the shell's code for a
program stopped by Ctrl-C. The window then shuts down as after Quit, without
asking (the game in progress is kept after every move, so nothing is lost),
and the caller prints one line.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QTimer

if TYPE_CHECKING:
    import socket

#: The status of a program stopped by Ctrl-C, as a shell reports it.
EXIT_INTERRUPTED: Final = 130


class InterruptHandler(QObject):
    """While installed, SIGINT ends ``app``'s event loop with :data:`EXIT_INTERRUPTED`."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self.interrupted = False
        self._installed = False
        self._sockets: tuple[socket.socket, ...] = ()
        if sys.platform == "win32":
            import socket

            reader, writer = socket.socketpair()
            for end in (reader, writer):
                end.setblocking(False)
            self._read_fd, self._write_fd = reader.fileno(), writer.fileno()
            self._sockets = (reader, writer)
        else:
            # A pipe, not a socket pair: the window's first frame then needs no sockets.
            self._read_fd, self._write_fd = os.pipe()
            for fd in (self._read_fd, self._write_fd):
                os.set_blocking(fd, False)
        self._notifier = QSocketNotifier(self._read_fd, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        self._previous_handler: signal.Handlers | object = signal.SIG_DFL
        self._previous_wakeup = -1

    def install(self) -> None:
        """Take over SIGINT (only the main thread may, so elsewhere this does nothing)."""
        if threading.current_thread() is not threading.main_thread():
            return
        self._previous_wakeup = signal.set_wakeup_fd(self._write_fd)
        self._previous_handler = signal.signal(signal.SIGINT, self._on_interrupt)
        self._installed = True

    def uninstall(self) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous_handler)  # type: ignore[arg-type]
            signal.set_wakeup_fd(self._previous_wakeup)
            self._installed = False
        self._notifier.setEnabled(False)
        if self._sockets:
            for end in self._sockets:
                end.close()
        elif self._read_fd >= 0:
            for fd in (self._read_fd, self._write_fd):
                os.close(fd)
            self._read_fd = self._write_fd = -1

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.interrupted = True
        # Through the loop: before the loop runs, exit() alone would be forgotten.
        QTimer.singleShot(0, lambda: QCoreApplication.exit(EXIT_INTERRUPTED))

    def _drain(self) -> None:
        # The bytes only woke the loop; Python has run the handler by now.
        with contextlib.suppress(OSError):
            if self._sockets:
                self._sockets[0].recv(512)
            else:
                os.read(self._read_fd, 512)


def raise_if_interrupted(app: QCoreApplication) -> None:
    """For code that turns the event loop itself (``processEvents``) instead of ``exec``:
    Ctrl-C becomes ``KeyboardInterrupt`` here, at a point where unwinding is safe."""
    handler = app.findChild(InterruptHandler)
    if handler is not None and handler.interrupted:
        raise KeyboardInterrupt

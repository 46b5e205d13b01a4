"""Unexpected errors: written with their tracebacks to a log file beside the records, and
told to the person at the window, so that none leaves a game hanging in silence.

:class:`ErrorReporter` takes the place of :data:`sys.excepthook` (an exception in
a slot or an event handler) and of :data:`threading.excepthook` while the window
runs. Each error goes to the log (``errors.log`` in the user's data directory,
beside the records file, kept under :data:`MAX_LOG_BYTES` with one older copy)
and, in the GUI thread, to :attr:`ErrorReporter.error` for the window to show.
Code that catches an error to carry on (the engine thread, say) logs it through
:data:`logger` so that its traceback is kept too.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, Qt, Signal

from tictactoe_gui.storage.errors import RecordsError

#: The log's file name, in the folder of the records file.
LOG_FILE_NAME = "errors.log"
#: The log is started afresh (the old one kept as errors.log.1) past this size.
MAX_LOG_BYTES = 256 * 1024
#: Everything the app logs goes through this logger.
logger = logging.getLogger("tictactoe_gui")


def error_log_path() -> Path | None:
    """Where errors are written: beside the records file (None when there is no such place)."""
    from tictactoe_gui.storage import default_database_path

    try:
        return default_database_path().parent / LOG_FILE_NAME
    except (RecordsError, OSError):
        return None


def open_error_log(path: Path) -> logging.Handler | None:
    """Send :data:`logger`'s errors to ``path`` (rotated past :data:`MAX_LOG_BYTES`);
    None when the file cannot be written (errors are then only shown)."""
    # Here, not at the top: its module brings sockets, queues and pickling, which the
    # window's first frame can do without (the log opens after it is painted).
    from logging.handlers import RotatingFileHandler

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(
            path, maxBytes=MAX_LOG_BYTES, backupCount=1, encoding="utf-8", delay=True
        )
    except OSError:
        return None
    handler.setLevel(logging.ERROR)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(threadName)s: %(message)s"))
    logger.addHandler(handler)
    return handler


def close_error_log(handler: logging.Handler) -> None:
    logger.removeHandler(handler)
    handler.close()


def summary_of(error: BaseException) -> str:
    """One line about an error: ``KeyError: 'a1 is not a legal move'``."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def report_and_carry_on(error: BaseException) -> None:
    """Report ``error`` as any unexpected one is (logged, and told to the person where the
    reporter is installed) from code that carries on without what failed."""
    sys.excepthook(type(error), error, error.__traceback__)


class ErrorReporter(QObject):
    """Catches every unexpected error while installed: logs it and reports it to the window."""

    #: One line about the error, and its traceback; always delivered in the GUI thread.
    error = Signal(str, str)
    _caught = Signal(str, str)

    def __init__(
        self,
        log_path: Path | Callable[[], Path | None] | None,
        parent: QObject | None = None,
    ) -> None:
        """``log_path`` may be a function that finds it: it is then called (and the log
        opened) by :meth:`open_log` or at the first error, whichever comes first, so that
        installing the reporter before the window's first paint loads nothing more."""
        super().__init__(parent)
        self._find_path = log_path if callable(log_path) else None
        self.log_path = None if callable(log_path) else log_path
        self._handler: logging.Handler | None = None
        self._previous_hook = sys.excepthook
        self._previous_thread_hook = threading.excepthook
        # Queued: an error in another thread is shown by the GUI thread.
        self._caught.connect(self.error, Qt.ConnectionType.QueuedConnection)

    @property
    def logging_to(self) -> Path | None:
        """The log file errors are written to (None when it could not be opened)."""
        return self.log_path if self._handler is not None else None

    def open_log(self) -> None:
        """Start writing errors to the log file (once: later calls do nothing)."""
        if self._find_path is not None:
            find, self._find_path = self._find_path, None
            self.log_path = find()
        if self.log_path is not None and self._handler is None:
            self._handler = open_error_log(self.log_path)

    def install(self) -> None:
        if self._find_path is None:
            self.open_log()
        self._previous_hook = sys.excepthook
        self._previous_thread_hook = threading.excepthook
        sys.excepthook = self._hook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        if sys.excepthook == self._hook:
            sys.excepthook = self._previous_hook
        if threading.excepthook == self._thread_hook:
            threading.excepthook = self._previous_thread_hook
        if self._handler is not None:
            close_error_log(self._handler)
            self._handler = None

    def report(self, error: BaseException) -> None:
        """Log ``error`` with its traceback and tell the window."""
        self._hook(type(error), error, error.__traceback__)

    def _hook(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            self._previous_hook(kind, error, trace)
            return
        details = "".join(traceback.format_exception(kind, error, trace))
        if self._find_path is not None:
            self.open_log()  # an error before the window was complete: the log opens now
        logger.error("Unexpected error\n%s", details.rstrip())
        # Also where a developer running from a terminal looks.
        if sys.stderr is not None:
            print(details, file=sys.stderr, end="")
        self._caught.emit(summary_of(error), details)

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None:
            return
        self._hook(args.exc_type, args.exc_value, args.exc_traceback)

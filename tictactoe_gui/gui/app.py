"""Start the desktop app: the QApplication, its identity and icon, the records, and the main
window, shown in two stages (its frame, then the rest after the first paint).

The frame's own modules load on a thread of their own while the GUI thread starts Qt,
whose start (the display, the style, the fonts) runs partly outside Python's GIL: there
the two overlap on a machine with two cores or more. Only the modules the frame needs
are imported at the top of this module.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QWidget

import tictactoe_gui
from tictactoe_gui import startup_probe
from tictactoe_gui.assets import asset_path
from tictactoe_gui.gui.collector import collect_on_gui_thread, settle_loaded
from tictactoe_gui.storage.errors import RecordsError, UnwritableDatabaseError

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictactoe_gui.engine.games import GameSpec
    from tictactoe_gui.engine.variants import Variant
    from tictactoe_gui.gui.recording import GameRecords

#: The engine thread runs pure Python; a shorter GIL switch interval than the default 5 ms
#: lets the GUI thread get in between search steps quickly (see tests/benchmarks/bench_gui.py).
GIL_SWITCH_INTERVAL_S = 0.002
#: From the first paint until the window is complete a thread loads the rest of it beside
#: the GUI thread, which then waits no longer than this for the GIL each time it runs
#: Python (a click on the first frame, its repaint): the loading only yields when the GUI
#: thread asks. (Not before the first paint: there, on a busy machine, handing the GIL
#: over that often made the frame later, each hand-over waiting for a thread to be
#: scheduled.)
LOADING_SWITCH_INTERVAL_S = 0.0002
#: Fusion, the style the themes are drawn on, given to the QApplication as it is made. (Set
#: afterwards, by ``QApplication.setStyle``, the style it returns would have PySide6 build
#: the QStyle class and its fifteen enums, some 7 ms of the start, before the first paint.)
STYLE_ARGUMENTS = ("-style", "Fusion")
#: The modules of the window's first frame, loaded on a thread while the GUI thread starts Qt.
FRAME_MODULES = (
    "tictactoe_gui.gui.error_log",
    "tictactoe_gui.gui.interrupt",
    "tictactoe_gui.gui.main_window",
)
#: The rest of the window is built after its first paint, or after this long if no paint
#: comes (a window opened on a hidden workspace may not be painted until it is seen).
COMPLETE_WITHOUT_PAINT_MS = 500
#: What the complete window needs beyond its first frame: loaded on a thread of its own
#: after that frame's paint, while the window takes clicks and keys (gui/window/later.py).
LATER = "tictactoe_gui.gui.window.later"
#: How often the window looks whether that loading is done (ms).
LOAD_POLL_MS = 4
#: run()'s status when the window could not be completed (the error is printed).
EXIT_INCOMPLETE = 1
#: The game on the board, kept after every move beside the records in the user's data
#: directory, so that the next start plays on where the last one stopped.
GAME_IN_PROGRESS_FILE = "game-in-progress.json"


def create_application(argv: list[str] | None = None, *, icon: bool = True) -> QApplication:
    """The QApplication with the app's name, organisation, version and desktop file set,
    and its icon unless ``icon`` is False (:func:`run` sets it after the first paint)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    app.setApplicationName(tictactoe_gui.APP_NAME)
    app.setApplicationDisplayName(tictactoe_gui.APP_DISPLAY_NAME)
    app.setOrganizationName(tictactoe_gui.ORGANIZATION_NAME)
    app.setOrganizationDomain(tictactoe_gui.ORGANIZATION_DOMAIN)
    app.setApplicationVersion(tictactoe_gui.__version__)
    app.setDesktopFileName(tictactoe_gui.DESKTOP_FILE_NAME)
    collect_on_gui_thread(app)  # never a window destroyed on the engine thread
    if icon:
        set_icon(app)
    return app


def set_icon(app: QApplication) -> None:
    """The app's icon on its windows (drawn from SVG, so it loads Qt's SVG support)."""
    from PySide6.QtGui import QIcon  # after the first paint: its class has 151 enum members

    # Without the artwork the window manager's default icon stands in.
    with contextlib.suppress(FileNotFoundError):
        app.setWindowIcon(QIcon(str(asset_path("icons/tictactoe-gui.svg"))))


@dataclass(frozen=True, slots=True)
class OpenedRecords:
    records: GameRecords
    #: Something the user should be told in a dialog (a damaged file moved aside), if anything.
    notice: str | None = None
    #: Why games are not being saved, when they are not (shown in the status bar).
    recording_off: str | None = None


def open_records(db_path: Path | None) -> OpenedRecords:
    """The records file at ``db_path`` (default: the user's data directory).

    A damaged file is kept aside and a fresh one started (with a notice); a
    location that cannot be written leaves recording off but the game playable,
    and the records already there readable in the records windows.
    """
    from tictactoe_gui.gui.recording import InMemoryRecords
    from tictactoe_gui.records_bridge import open_for_reading, open_to_record
    from tictactoe_gui.storage import default_database_path

    try:
        path = db_path if db_path is not None else default_database_path()
        repository, notice = open_to_record(path)
    except (RecordsError, OSError) as error:
        reason = f"Recording is off: {error}. Games still play but are not saved."
        if isinstance(error, UnwritableDatabaseError):
            try:
                return OpenedRecords(open_for_reading(path), reason, reason)
            except (RecordsError, OSError):
                pass
        return OpenedRecords(InMemoryRecords(), reason, reason)
    return OpenedRecords(repository, notice)


def game_in_progress_path() -> Path | None:
    """Where the game on the board is kept between runs (None: nowhere to keep it)."""
    from tictactoe_gui.storage import default_database_path

    try:
        return default_database_path().parent / GAME_IN_PROGRESS_FILE
    except (RecordsError, OSError):
        return None


def run(
    argv: list[str] | None = None,
    *,
    db_path: Path | None = None,
    game: GameSpec | Variant | None = None,
    exit_process: bool = False,
) -> int:
    """Show the main window and run the event loop until it closes; returns the exit status.

    The window is shown in two stages: its first frame (board, menus, the docks' frames)
    at once, then, right after that frame is painted, the records, the engine and the
    rest of the window (:meth:`MainWindow.complete`), so that it appears without waiting
    for them.

    With ``exit_process`` (the ``tictactoe-gui`` command) the process ends right there,
    once the records are closed and the settings written: Python's own teardown of the
    Qt types the window used takes PySide6 most of a second after the window has gone.
    """
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    skip_pyside_source_reads()
    app = start_qt_while_loading(FRAME_MODULES, argv)
    # Loaded by now: these imports only name them.
    from tictactoe_gui.gui.error_log import ErrorReporter, error_log_path, logger
    from tictactoe_gui.gui.interrupt import EXIT_INTERRUPTED, InterruptHandler
    from tictactoe_gui.gui.main_window import MainWindow

    # Ctrl-C in the terminal closes the window as Quit does (see gui/interrupt.py).
    interrupt = InterruptHandler(app)
    interrupt.install()
    settings = QSettings()
    window = MainWindow(settings, game=game, staged=True)
    # From here on an unexpected error is logged and shown, never left to hang a game. The
    # log's place is found with the records' (after the first paint, or at a first error).
    reporter = ErrorReporter(error_log_path, window)
    reporter.install()
    reporter.error.connect(window.show_unexpected_error)
    opened: list[OpenedRecords] = []

    def complete() -> None:
        if window.is_ready:
            return
        sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)  # the loading is done: the engine's now
        reporter.open_log()
        window.set_error_log(reporter.logging_to)
        set_icon(app)
        records = open_records(db_path)
        opened.append(records)
        try:
            window.complete(records.records, game_in_progress=game_in_progress_path())
        except Exception:
            # A half-built window is of no use: say what failed and end, as a failure
            # while building it at once would have.
            logger.exception("The window could not be completed")
            traceback.print_exc()
            app.exit(EXIT_INCOMPLETE)
            return
        # What start-up loaded stays out of the garbage collections' walks from now on.
        settle_loaded()
        if records.recording_off:
            window.set_recording_off(records.recording_off)
        if records.notice:
            window.show_notice("Game Records", records.notice)

    def load_the_rest() -> None:
        sys.setswitchinterval(LOADING_SWITCH_INTERVAL_S)  # until complete()
        load_then(LATER, complete, window)

    after_first_paint(window, load_the_rest)
    # Reports the first paint when the start-up benchmark asks (inert otherwise).
    startup_probe.install(window, ready=window.ready, target=window.centre_cell_on_screen)
    window.show()
    try:
        status = app.exec()
    finally:
        interrupt.uninstall()
        reporter.uninstall()
        window.shutdown()
        if opened:
            from tictactoe_gui.storage import Repository

            for records in opened:
                if isinstance(records.records, Repository):
                    records.records.close()
        settings.sync()
    if interrupt.interrupted:
        status = EXIT_INTERRUPTED
        if sys.stderr is not None:
            print(f"{tictactoe_gui.APP_NAME}: interrupted", file=sys.stderr)
    if exit_process:
        end_process(status)
    return status


def skip_pyside_source_reads() -> None:
    """Spare PySide6 reading the source of each of the app's modules as it is imported.

    For its optional features (``snake_case``, ``true_property``) PySide6 notes, for every
    module imported after it, whether that module names PySide6, by reading its whole
    source (``inspect.getsource``): 10-30 ms before the first paint, for some 60 modules.
    For the app's own modules the answer is known without reading: only ``gui/`` imports
    PySide6 (the layers' contract, which ``lint-imports`` checks); and Python's own never
    does. Any other module is asked as before. Nothing changes if PySide6's internals are
    not what this expects.
    """
    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or original is None or getattr(original, "_knows_the_app", False):
        return

    def uses_pyside(module: object) -> bool:
        name = getattr(module, "__name__", "")
        if not isinstance(name, str):
            return bool(original(module))
        if name.startswith(f"{tictactoe_gui.__name__}."):
            return name.startswith(f"{__package__}.")
        return name.partition(".")[0] not in sys.stdlib_module_names and bool(original(module))

    uses_pyside._knows_the_app = True  # type: ignore[attr-defined]
    setattr(feature, "_mod_uses_pyside", uses_pyside)  # noqa: B010 (not in PySide6's stubs)


def start_qt_while_loading(modules: tuple[str, ...], argv: list[str] | None) -> QApplication:
    """The QApplication (:func:`create_application`, no icon yet), started while ``modules``
    load on a thread of their own; returns once both are done.

    Qt's start overlaps the loading where it runs outside Python's GIL: connecting to the
    display, creating the style and the palette's base, loading the fonts. A module that
    fails to load here fails again, and is reported, where it is imported next.
    """
    loading = threading.Thread(target=_load, args=(modules,), name="load-frame", daemon=True)
    loading.start()
    started = QApplication.instance() is not None
    app = create_application(
        [*(argv if argv is not None else sys.argv[:1]), *STYLE_ARGUMENTS], icon=False
    )
    if started:  # made before, without the style's argument
        QApplication.setStyle("Fusion")
    # Done once, on first use; here ahead of the frame. (Not the bridge to screen readers:
    # the frame's first widget starts it, as it does in any window, without the Python
    # class QAccessible, whose ten enums PySide6 would build first.)
    QFontMetrics(app.font()).height()
    loading.join()
    return app


def _load(modules: tuple[str, ...]) -> None:
    with contextlib.suppress(Exception):
        for name in modules:
            importlib.import_module(name)


class _AfterFirstPaint(QObject):
    """Runs a callback once, on the event loop's next turn after ``widget``'s first paint
    (or after ``COMPLETE_WITHOUT_PAINT_MS`` if it is not painted by then)."""

    def __init__(self, widget: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(widget)
        self._widget = widget
        self._callback: Callable[[], None] | None = callback
        widget.installEventFilter(self)
        QTimer.singleShot(COMPLETE_WITHOUT_PAINT_MS, self, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self._widget.removeEventFilter(self)
            # Not now: the frame is still being painted and put on the screen.
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        callback, self._callback = self._callback, None
        if callback is not None and QCoreApplication.instance() is not None:
            self._widget.removeEventFilter(self)
            callback()


class _LoadThen(QObject):
    """Imports a module on a thread of its own, then runs a callback on the GUI thread."""

    def __init__(self, module: str, callback: Callable[[], None], parent: QObject) -> None:
        super().__init__(parent)
        self._callback: Callable[[], None] | None = callback
        self._thread = threading.Thread(
            target=self._load, args=(module,), name="load-window", daemon=True
        )
        self._timer = QTimer(self)
        self._timer.setInterval(LOAD_POLL_MS)
        self._timer.timeout.connect(self._check)
        self._thread.start()
        self._timer.start()

    @staticmethod
    def _load(module: str) -> None:
        # What fails to load here fails again, and is reported, when the callback uses it.
        with contextlib.suppress(Exception):
            vars(importlib.import_module(module))  # loaded, even where it waits for first use

    def _check(self) -> None:
        if self._thread.is_alive():
            return
        self._timer.stop()
        callback, self._callback = self._callback, None
        if callback is not None:
            callback()


def load_then(module: str, callback: Callable[[], None], parent: QObject) -> None:
    """Import ``module`` (and what it imports) on a thread of its own, leaving the GUI
    thread free for the window's first clicks and keys, then call ``callback`` on the
    GUI thread. Python hands the GIL to a thread that asks for it within the switch
    interval (:func:`run` sets ``LOADING_SWITCH_INTERVAL_S`` until the window is complete),
    so a click waits no longer than that for the loading."""
    _LoadThen(module, callback, parent)


def after_first_paint(widget: QWidget, callback: Callable[[], None]) -> None:
    """Call ``callback`` once ``widget`` (a window about to be shown) has been painted."""
    _AfterFirstPaint(widget, callback)


def end_process(status: int) -> NoReturn:
    """Exit now, skipping the interpreter's teardown: everything worth keeping is saved."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    os._exit(status)

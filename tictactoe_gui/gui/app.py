"""Start the desktop app: the QApplication, its identity, theme and icon, and the main window."""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

import tictactoe_gui
from tictactoe_gui import startup_probe
from tictactoe_gui.assets import asset_path
from tictactoe_gui.engine.variants import Variant
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import GameRecords, InMemoryRecords
from tictactoe_gui.records_bridge import open_for_reading, open_to_record
from tictactoe_gui.storage import Repository, default_database_path
from tictactoe_gui.storage.records import RecordsError, UnwritableDatabaseError

#: The engine thread runs pure Python; a shorter GIL switch interval than the default 5 ms
#: lets the GUI thread get in between search steps quickly (see tests/benchmarks/bench_gui.py).
GIL_SWITCH_INTERVAL_S = 0.002


def create_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the app's name, organisation, version and desktop file set."""
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
    # Without the artwork the window manager's default icon stands in.
    with contextlib.suppress(FileNotFoundError):
        app.setWindowIcon(QIcon(str(asset_path("icons/tictactoe-gui.svg"))))
    return app


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


def run(
    argv: list[str] | None = None,
    *,
    db_path: Path | None = None,
    game: Variant | None = None,
    exit_process: bool = False,
) -> int:
    """Show the main window and run the event loop until it closes; returns the exit status.

    With ``exit_process`` (the ``tictactoe-gui`` command) the process ends right there,
    once the records are closed and the settings written: Python's own teardown of the
    Qt types the window used takes PySide6 most of a second after the window has gone.
    """
    app = create_application(argv)
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    opened = open_records(db_path)
    settings = QSettings()
    window = MainWindow(settings, opened.records, game=game)
    # Reports the first paint when the start-up benchmark asks (inert otherwise).
    startup_probe.install(window)
    window.show()
    if opened.recording_off:
        window.set_recording_off(opened.recording_off)
    if opened.notice:
        window.show_notice("Game Records", opened.notice)
    try:
        status = app.exec()
    finally:
        window.shutdown()
        if isinstance(opened.records, Repository):
            opened.records.close()
        settings.sync()
    if exit_process:
        end_process(status)
    return status


def end_process(status: int) -> NoReturn:
    """Exit now, skipping the interpreter's teardown: everything worth keeping is saved."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    os._exit(status)

"""Start the desktop app: the QApplication, its identity, theme and icon, and the main window."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

import tictactoe_gui
from tictactoe_gui.assets import asset_path
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.records import GameRecords, InMemoryRecords

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


def open_records(db_path: Path | None) -> tuple[GameRecords, str]:
    """The records to save games in, and a note for the user when they are not on disk."""
    if db_path is None:
        return InMemoryRecords(), ""
    try:
        from tictactoe_gui.storage.repository import Repository  # type: ignore[import-not-found]
    except ImportError:
        return InMemoryRecords(), "Records are kept only until the app closes."
    try:
        return Repository(db_path), ""
    except Exception as error:  # a broken file must not stop anyone playing
        return InMemoryRecords(), f"Recording is off: {error}"


def run(argv: list[str] | None = None, *, db_path: Path | None = None) -> int:
    """Show the main window and run the event loop until it closes; returns the exit status."""
    app = create_application(argv)
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    records, note = open_records(db_path)
    window = MainWindow(QSettings(), records)
    window.show()
    if note:
        window.show_message(note)
    return app.exec()

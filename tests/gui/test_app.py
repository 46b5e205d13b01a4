"""``run()``: the application's identity, the window, the event loop and a clean exit."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import tictactoe_gui
from tictactoe_gui.gui.app import open_records, run
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.records import InMemoryRecords


@pytest.fixture
def user_settings_in(tmp_path: Path) -> Iterator[Path]:
    """Point the default QSettings at a temporary folder, and undo run()'s global knobs."""
    interval = sys.getswitchinterval()
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(tmp_path))
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(tmp_path))
    yield tmp_path
    sys.setswitchinterval(interval)


def test_run_shows_the_window_and_exits_cleanly(
    qtbot: QtBot, qapp: QApplication, user_settings_in: Path, no_leaked_threads: None
) -> None:
    seen: list[MainWindow] = []

    def close_window() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        seen.extend(w for w in windows if w.isVisible())
        for window in windows:
            window.close()

    QTimer.singleShot(200, close_window)
    assert run([]) == 0
    assert len(seen) == 1
    assert not seen[0].engine_running()
    assert qapp.applicationName() == tictactoe_gui.APP_NAME
    assert qapp.organizationName() == tictactoe_gui.ORGANIZATION_NAME
    assert qapp.applicationVersion() == tictactoe_gui.__version__
    assert qapp.desktopFileName() == tictactoe_gui.DESKTOP_FILE_NAME
    assert list(user_settings_in.rglob("*.conf")) or list(user_settings_in.rglob("*.ini"))
    seen[0].deleteLater()


def test_records_fall_back_to_memory_without_a_database() -> None:
    records, note = open_records(None)
    assert isinstance(records, InMemoryRecords)
    assert note == ""

"""GUI test fixtures: a main window with throwaway settings, and a guard against leaked threads."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import (
    QMessageLogContext,
    QPoint,
    QSettings,
    Qt,
    QThread,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.conftest import TERMINAL_STDERR
from tests.gui.helpers import rowcol_setup
from tests.gui.rowcol_table import RowColTable
from tictactoe_gui.engine import Move
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.collector import collect_on_gui_thread
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.storage import Repository
from tictactoe_gui.storage.records import GameMode


@pytest.fixture(autouse=True)
def fatal_qt_messages_are_heard(request: pytest.FixtureRequest) -> Iterator[None]:
    """Write a fatal Qt message to the terminal at once: Qt ends the process right after
    it, and pytest-qt keeps Qt's messages with the test's report, which is then lost, so a
    crashed test would leave no word of why."""
    terminal = request.config.stash.get(TERMINAL_STDERR, None)
    previous = None

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if kind == QtMsgType.QtFatalMsg and terminal is not None:
            line = f"\nQt fatal message during {request.node.nodeid}: {message}\n"
            os.write(terminal, line.encode(errors="replace"))
        if previous is not None:
            previous(kind, context, message)

    previous = qInstallMessageHandler(handler)
    yield
    qInstallMessageHandler(previous)


@pytest.fixture(autouse=True, scope="session")
def garbage_collected_while_qt_lives(qapp: QApplication) -> Iterator[None]:
    """What the last tests left in cycles dies while the application still exists: Python's
    own collection at exit comes after PySide6 has destroyed it, and a shortcut or action
    destroyed with no application left crashes in Qt (its shortcut map is the application's)."""
    yield
    gc.collect()


@pytest.fixture(autouse=True)
def collections_on_the_gui_thread(qapp: QApplication) -> None:
    """Python's cycle collections run on the GUI thread, as in the app: a window a test
    left behind is never destroyed on the engine thread."""
    collect_on_gui_thread(qapp)


@pytest.fixture(autouse=True)
def no_leaked_threads(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail any test that leaves a QThread running (and stop it, so the next test is clean)."""
    started: list[QThread] = []
    original_start = QThread.start

    def recording_start(self: QThread, *args: object) -> None:
        started.append(self)
        original_start(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(QThread, "start", recording_start)
    yield
    running = [t for t in started if shiboken6.isValid(t) and t.isRunning()]
    for thread in running:
        thread.quit()
        thread.wait(5000)
    assert not running, f"test left {len(running)} QThread(s) running: {running}"


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Settings in a temporary file: tests never touch the user's own settings."""
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    # No visible think and no animations: tests wait on conditions, never on the clock.
    store.setValue("game/thinkMs", 0)
    store.setValue("view/animations", False)
    store.setValue("view/theme", "light")
    return store


@pytest.fixture
def records() -> InMemoryRecords:
    return InMemoryRecords()


@pytest.fixture
def rowcol_window(
    qtbot: QtBot, settings: QSettings, records: InMemoryRecords, no_leaked_threads: None
) -> Iterator[RowColTable]:
    """The main window on Row & Column (a person against Hedge on 4×4), shown and active,
    recording to memory."""
    win = MainWindow(settings, records)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=5000)
    win.start_table_game(rowcol_setup(GameMode.HUMAN_VS_AI, "person:Player", "maximize-future-min"))
    yield RowColTable(win)
    win.close()


@pytest.fixture
def window(
    qtbot: QtBot, settings: QSettings, records: InMemoryRecords, no_leaked_threads: None
) -> Iterator[MainWindow]:
    win = MainWindow(settings, records)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    # The window opens on a game; let its first analysis land so tests start from rest.
    qtbot.waitUntil(lambda: win.controller.answer is not None, timeout=5000)
    yield win
    win.close()


def cell_point(view: BoardView, row: int, col: int) -> QPoint:
    return view.cell_rect(Move(row, col)).center().toPoint()


def click_cell(qtbot: QtBot, view: BoardView, row: int, col: int) -> None:
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=cell_point(view, row, col))


@pytest.fixture
def repository(tmp_path: Path) -> Iterator[Repository]:
    """Records in a real SQLite file under ``tmp_path``."""
    with Repository.open(tmp_path / "records.sqlite3") as repository:
        yield repository


@pytest.fixture
def recorded_window(
    qtbot: QtBot, settings: QSettings, repository: Repository, no_leaked_threads: None
) -> Iterator[MainWindow]:
    """The main window on its first game, shown, recording into ``repository``."""
    window = MainWindow(settings, repository)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


@pytest.fixture
def repo_window(
    qtbot: QtBot, settings: QSettings, repository: Repository, no_leaked_threads: None
) -> Iterator[tuple[MainWindow, Repository]]:
    """A window recording into a real SQLite file under ``tmp_path``, and its repository."""
    window = MainWindow(settings, repository)
    qtbot.addWidget(window)
    window.show()
    yield window, repository
    window.close()

"""Row & Column by ear in the main window: R, C, N and L read the grid aloud through the
window's announcer, and the cursor's cell, heard again on coming back to the grid, says
the take that is last now, not the one that was last when the cursor got there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.gui.helpers import rowcol_setup
from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.gui.rowcol_view import RowColBoardView
from tictactoe_gui.storage.records import GameMode

#: A 4×4 grid, row by row from the top (a4 b4 c4 d4 first).
VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)


@pytest.fixture
def window(qtbot: QtBot, settings: QSettings) -> Iterator[MainWindow]:
    window = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.start_table_game(
        rowcol_setup(GameMode.HUMAN_VS_HUMAN, "person:Ann", "person:Bob", values=VALUES)
    )
    yield window
    window.close()


def grid(window: MainWindow) -> RowColBoardView:
    view = window.board_widget()
    assert isinstance(view, RowColBoardView)
    view.setFocus()
    return view


def heard_after(qtbot: QtBot, window: MainWindow, key: Qt.Key) -> str:
    """What the window's announcer says when ``key`` is pressed on the grid."""
    view = grid(window)
    with qtbot.waitSignal(window.announcer.announced, timeout=1000) as said:
        qtbot.keyClick(view, key)
    return str(said.args[0])


def test_r_c_n_and_l_read_the_grid_in_the_main_window(qtbot: QtBot, window: MainWindow) -> None:
    view = grid(window)
    qtbot.waitUntil(view.hasFocus)
    assert heard_after(qtbot, window, Qt.Key.Key_L) == "No take yet."
    qtbot.keyClick(view, Qt.Key.Key_Return)  # the cursor's cell, c2 (11)
    assert heard_after(qtbot, window, Qt.Key.Key_R) == (
        "Row 2: a2 9 allowed, b2 10 allowed, c2 taken by A, the last take, d2 12 allowed."
    )
    assert heard_after(qtbot, window, Qt.Key.Key_C).startswith("Column c: c1 15 allowed, c2 taken")
    assert heard_after(qtbot, window, Qt.Key.Key_N).startswith("Around c2: b3 6, c3 7 allowed")
    assert heard_after(qtbot, window, Qt.Key.Key_L) == "Last take: c2, taken by A, the last take."


def test_coming_back_to_the_grid_names_the_take_that_is_last_now(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = grid(window)
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_Return)  # A takes c2
    qtbot.keyClick(view, Qt.Key.Key_L)
    assert view.accessibleName() == "c2, taken by A, the last take"
    # B takes a2 (in c2's row) without moving the cursor, as a computer player would.
    with qtbot.waitSignal(window.announcer.announced, timeout=1000):
        window.controller.cell_activated(2, 0)
    # Away and back: the cursor's cell is read as it is now, and L goes to the new last take.
    window.analysis_dock.setFocus()
    window.focus_board()
    qtbot.waitUntil(view.hasFocus)
    assert view.accessibleName() == "c2, taken by A"
    assert heard_after(qtbot, window, Qt.Key.Key_L) == "Last take: a2, taken by B, the last take."
    assert view.accessibleName() == "a2, taken by B, the last take"
    # What was read before leaving is not read again on coming back: the scores and what
    # may be taken are.
    qtbot.waitUntil(lambda: view.accessibleDescription().endswith("B, the last take."))
    window.analysis_dock.setFocus()
    qtbot.waitUntil(lambda: "Last take" not in view.accessibleDescription())
    window.focus_board()
    qtbot.waitUntil(view.hasFocus)
    assert view.accessibleDescription() == view.status_text()
    assert view.status_text().startswith("A 11, B 9. Ann (A) to take:")


def test_a_launch_on_row_and_column_gives_the_grid_the_focus_and_the_greeting(
    qtbot: QtBot, settings: QSettings
) -> None:
    # Not the board of X and O hidden behind it, which a screen reader would read instead.
    window = MainWindow(settings, staged=True, game=find_game("rowcol5"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.ready, timeout=5000):
        window.complete(InMemoryRecords())
    view = window.board_widget()
    assert isinstance(view, RowColBoardView)
    qtbot.waitUntil(view.hasFocus)
    assert QApplication.focusWidget() is view
    assert view.accessibleDescription().startswith("New game of Row & Column 5×5")

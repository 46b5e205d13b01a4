"""Moves are heard wherever the focus is in the window, and the focus stays where it is.

Orca 43 speaks the focused object's description when it changes and ignores Qt's
announcements, so a move made from the dock (the digits play the board from
anywhere) must reach the description of the control the player is on; and a part of
the dock that goes away while the player is in it must not throw the focus elsewhere.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_ai, human_vs_human, settle
from tictactoe_gui.gui.accessibility import set_shown_keeping_focus
from tictactoe_gui.gui.main_window import MainWindow

Text = QAccessible.Text


def description(widget: QWidget) -> str:
    iface = QAccessible.queryAccessibleInterface(widget)
    assert iface is not None
    return iface.text(Text.Description)


def focus(qtbot: QtBot, window: MainWindow, widget: QWidget) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus)


def test_a_move_played_from_the_dock_is_said_by_the_control_in_focus(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    table = window.analysis_dock.table
    own = description(table)
    focus(qtbot, window, table)

    qtbot.keyClick(table, Qt.Key.Key_5)
    qtbot.waitUntil(lambda: "Alice played X at b2" in description(table))
    qtbot.keyClick(table, Qt.Key.Key_5)
    qtbot.waitUntil(lambda: "b2 is already taken" in description(table))
    refused = description(table)
    # The same refusal again is a change too (a screen reader speaks only changes).
    qtbot.keyClick(table, Qt.Key.Key_5)
    qtbot.waitUntil(lambda: description(table) != refused)
    assert "b2 is already taken" in description(table)
    assert table.hasFocus()

    qtbot.keyClick(table, Qt.Key.Key_Escape)  # back to the board, which says the news itself
    assert window.board_view.hasFocus()
    qtbot.waitUntil(lambda: description(table) == own)
    # Heard in the dock, the moves are not heard again on the board: only where things are.
    board = description(window.board_view)
    assert "played" not in board
    assert "already taken" not in board
    assert "Last move X b2" in board


def test_the_reply_is_heard_and_the_focus_stays_on_the_dock_check_box(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_ai("sera"))
    settle(qtbot, window)
    check = window.analysis_dock.reveal_check
    focus(qtbot, window, check)
    moved: list[QWidget | None] = []
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.focusChanged.connect(lambda _old, new: moved.append(new))

    qtbot.keyClick(check, Qt.Key.Key_5)
    qtbot.waitUntil(lambda: "Sera played O at" in description(check), timeout=10000)
    settle(qtbot, window)
    assert "You played X at b2" in " ".join(window.announcer.spoken)
    assert moved == []
    assert check.hasFocus()
    assert check.isVisible()


def test_a_part_hidden_while_in_focus_goes_once_the_focus_leaves(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    table = window.analysis_dock.table
    focus(qtbot, window, table)
    set_shown_keeping_focus(table, False)
    assert table.isVisible()
    assert table.hasFocus()
    window.board_view.setFocus()
    qtbot.waitUntil(lambda: table.isHidden())
    set_shown_keeping_focus(table, True)
    assert table.isVisible()


def test_a_move_played_from_a_table_is_said_by_its_current_cell(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    window.controller.play_human(0, 0)  # a3: the move list has a row
    table = window.moves_dock.table
    focus(qtbot, window, table)
    table.setCurrentIndex(table.model().index(0, 0))
    iface = QAccessible.queryAccessibleInterface(table)
    assert iface is not None

    def first_cell() -> str:
        for index in range(iface.childCount()):
            cell = iface.child(index).tableCellInterface()
            if cell is not None and (cell.rowIndex(), cell.columnIndex()) == (0, 0):
                return iface.child(index).text(Text.Description)
        return ""

    qtbot.keyClick(table, Qt.Key.Key_5)
    # A screen reader in a table follows the cell: the news is its description.
    qtbot.waitUntil(lambda: "O at b2" in first_cell())  # the move, then the coach on it
    window.board_view.setFocus()
    qtbot.waitUntil(lambda: not table.model().property("cellNews"))


def test_a_move_that_renews_the_candidates_is_read_on_their_new_first_row(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    table = window.analysis_dock.table
    focus(qtbot, window, table)
    table.setCurrentIndex(table.model().index(1, 0))
    read: list[int] = []
    table.selectionModel().currentChanged.connect(lambda current, _old: read.append(current.row()))

    qtbot.keyClick(table, Qt.Key.Key_5)  # the candidates are renewed: the cell read is gone
    qtbot.waitUntil(lambda: bool(table.model().property("cellNews")))
    settle(qtbot, window)
    qtbot.waitUntil(lambda: 0 in read)
    assert table.currentIndex().isValid()
    news = table.model().data(table.currentIndex(), Qt.ItemDataRole.AccessibleDescriptionRole)
    assert "X at b2" in news  # the move, or the coach on it

"""Moves are heard wherever the focus is in the window, and the focus stays where it is.

Orca 43 speaks the focused object's description when it changes and ignores Qt's
announcements, so a move made from the dock (the digits play the board from
anywhere) must reach the description of the control the player is on; and a part of
the dock that goes away while the player is in it must not throw the focus elsewhere.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_ai, human_vs_human, play, settle
from tictactoe_gui.gui.accessibility import set_shown_keeping_focus
from tictactoe_gui.gui.main_window import MainWindow

Text = QAccessible.Text
DESCRIPTION = Qt.ItemDataRole.AccessibleDescriptionRole


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


def told_by_cells(table: QAbstractItemView, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the table's cells say as changes of their description, as Qt reports them
    (the text goes with the report), each with the row and column of the cell."""
    told: list[str] = []
    original = QAccessible.updateAccessibility

    def record(event: QAccessibleEvent) -> None:
        if (
            event.type() == QAccessible.Event.DescriptionChanged
            and event.object() is table
            and event.child() >= 0
        ):
            current = table.currentIndex()
            news = table.model().data(current, DESCRIPTION)
            told.append(f"{current.row()},{current.column()}: {news}")
        original(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(record))
    return told


def test_a_move_played_from_a_table_is_said_by_its_current_cell(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    play(window, 0, 0)  # a3: the move list has a row
    table = window.moves_dock.table
    focus(qtbot, window, table)
    table.setCurrentIndex(table.model().index(0, 0))
    told = told_by_cells(table, monkeypatch)

    qtbot.keyClick(table, Qt.Key.Key_5)
    # A screen reader in a table follows the cell: the news is its description's change.
    qtbot.waitUntil(lambda: any("O at b2" in news for news in told))
    current = table.currentIndex()
    assert told[-1].startswith(f"{current.row()},{current.column()}: ")
    # The cell keeps no description: read again later, it would say the news again.
    assert not table.model().data(current, DESCRIPTION)


def test_a_move_that_renews_the_candidates_is_read_on_their_new_first_row(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    table = window.analysis_dock.table
    focus(qtbot, window, table)
    table.setCurrentIndex(table.model().index(1, 0))
    read: list[int] = []
    table.selectionModel().currentChanged.connect(lambda current, _old: read.append(current.row()))
    told = told_by_cells(table, monkeypatch)

    qtbot.keyClick(table, Qt.Key.Key_5)  # the candidates are renewed: the cell read is gone
    qtbot.waitUntil(lambda: any("X at b2" in news for news in told))
    # The new first row took the focus (and was read) before it said the news.
    assert 0 in read
    assert told[-1].startswith("0,0: ")
    assert table.currentIndex().row() == 0


def test_each_move_played_from_the_candidates_is_heard_once_in_order(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In a table Orca reads the focused cell's description when it changes, and with the
    # cell when a cell takes the focus: the news must come one of these ways, once.
    window.new_game(human_vs_ai("cop"))
    settle(qtbot, window)
    window.analysis_dock.reveal_check.setChecked(True)
    table = window.analysis_dock.table
    qtbot.waitUntil(table.isVisible)
    focus(qtbot, window, table)
    table.setCurrentIndex(table.model().index(1, 0))
    heard: list[str] = []  # what each cell said as it changed or took the focus
    original = QAccessible.updateAccessibility

    def record(event: QAccessibleEvent) -> None:
        if (
            event.type() == QAccessible.Event.DescriptionChanged
            and event.object() is table
            and event.child() >= 0
        ):
            heard.append(table.model().data(table.currentIndex(), DESCRIPTION) or "")
        original(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(record))
    table.selectionModel().currentChanged.connect(
        lambda current, _old: heard.append(table.model().data(current, DESCRIPTION) or "")
    )

    # Cop answers after a pause, as in play: while the first news is on its way.
    window.controller.set_think_ms(300)
    qtbot.keyClick(table, Qt.Key.Key_5)  # renews the candidates twice: after it, and the reply
    qtbot.waitUntil(lambda: any("Cop played O" in news for news in heard), timeout=10000)
    settle(qtbot, window)
    qtbot.keyClick(table, Qt.Key.Key_5)  # refused: once it is told, all before it has been
    qtbot.waitUntil(lambda: any("already taken" in news for news in heard), timeout=10000)
    said = " ".join(heard)
    assert said.count("You played X at b2") == 1
    assert said.count("Cop played O") == 1
    assert said.count("already taken") == 1
    assert said.index("You played X at b2") < said.index("Cop played O")
    # The next row says its own words only.
    count = len(heard)
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert heard[count:] == [""]
    assert table.hasFocus()

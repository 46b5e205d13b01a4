"""The keys play the board wherever the focus is in the window, except in a text field."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.helpers import board, human_vs_human, settle
from tictactoe_gui.engine import Move
from tictactoe_gui.gui.main_window import MainWindow


def start(qtbot: QtBot, window: MainWindow) -> None:
    window.new_game(human_vs_human())
    settle(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def focus(qtbot: QtBot, widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(widget.hasFocus)


def test_digits_play_the_board_after_clicking_in_the_dock(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window)
    dock = window.analysis_dock
    keypad = Qt.KeyboardModifier.KeypadModifier
    for widget, key, modifier, move in (
        (dock.table, Qt.Key.Key_5, Qt.KeyboardModifier.NoModifier, Move(1, 1)),
        (dock.reveal_check, Qt.Key.Key_7, Qt.KeyboardModifier.NoModifier, Move(0, 0)),
        (dock.table, Qt.Key.Key_3, keypad, Move(2, 2)),  # the numeric keypad's own keys
    ):
        focus(qtbot, widget)
        qtbot.keyClick(widget, key, modifier)
        qtbot.waitUntil(lambda move=move: board(window)[move] is not None)
        assert widget.hasFocus()  # the focus stays where it was
    assert board(window).ply == 3


def test_a_text_field_keeps_its_digits(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window)
    field = QLineEdit()
    window.statusBar().addWidget(field)
    field.show()
    focus(qtbot, field)
    qtbot.keyClicks(field, "59")
    assert field.text() == "59"
    assert board(window).ply == 0


def test_escape_gives_the_keys_back_to_the_board(qtbot: QtBot, window: MainWindow) -> None:
    start(qtbot, window)
    table = window.analysis_dock.table
    focus(qtbot, table)
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert window.board_view.hasFocus()
    # Now the arrows move the board's cursor, and Enter plays it.
    qtbot.keyClick(window.board_view, Qt.Key.Key_Up)
    qtbot.keyClick(window.board_view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: board(window).ply == 1)


def test_a_cell_name_that_is_no_cell_is_said_in_the_go_to_cell_dialog(
    qtbot: QtBot, window: MainWindow
) -> None:
    from PySide6.QtWidgets import QInputDialog

    start(qtbot, window)
    view = window.board_view
    focus(qtbot, view)
    before = view.focus_cell
    qtbot.keyClick(view, Qt.Key.Key_G)
    dialog = view.findChild(QInputDialog, "goToCellDialog")
    assert dialog is not None
    qtbot.waitExposed(dialog)
    field = dialog.findChild(QLineEdit)
    qtbot.keyClicks(field, "z9")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    # Seen, not only heard: the dialog stays open with the reason, and the name is kept.
    assert dialog.isVisible()
    assert "'z9' is off the 3×3 board" in dialog.labelText()
    assert dialog.textValue() == "z9"
    assert view.focus_cell == before
    field.selectAll()
    qtbot.keyClicks(field, "c1")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert view.focus_cell == Move(2, 2)

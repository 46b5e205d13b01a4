"""The board widget on its own: geometry, input, accessibility and painting."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tictactoe_gui.engine import Board, Move, analyse
from tictactoe_gui.gui.board_view import KEYPAD, BoardView


def make_view(qtbot: QtBot) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(300, 300)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_cells_are_equal_thirds_of_a_square(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.resize(400, 300)
    area = view.board_rect()
    assert area.width() == area.height()
    widths = {round(view.cell_rect(Move(r, c)).width(), 6) for r in range(3) for c in range(3)}
    assert widths == {round(area.width() / 3, 6)}
    assert view.cell_rect(Move(2, 2)).bottomRight() == area.bottomRight()


def test_clicks_emit_the_cell_under_the_pointer(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    for row, col in ((0, 0), (1, 2), (2, 1)):
        with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
            click_cell(qtbot, view, row, col)
        assert blocker.args == [row, col]


def test_keypad_digits_follow_the_numeric_keypad_layout(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    assert KEYPAD[Qt.Key.Key_7] == Move(0, 0)
    assert KEYPAD[Qt.Key.Key_9] == Move(0, 2)
    assert KEYPAD[Qt.Key.Key_1] == Move(2, 0)
    with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_3)
    assert blocker.args == [2, 2]


def test_arrows_move_the_focus_cell_and_enter_plays_it(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.setFocus()
    assert view.focus_cell == Move(1, 1)
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    qtbot.keyClick(view, Qt.Key.Key_Left)  # stays on the board
    assert view.focus_cell == Move(0, 0)
    with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert blocker.args == [0, 0]
    qtbot.keyClick(view, Qt.Key.Key_Down)
    with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Space)
    assert blocker.args == [1, 0]


def test_each_cell_has_an_accessible_name(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.set_board(Board.from_text("X.O......"), Move(0, 2))
    # The app's notation: column letter, row number from the bottom (a3 is the top left).
    assert view.cell_widget(0, 0).accessibleName() == "a3, X"
    assert view.cell_widget(0, 1).accessibleName() == "b3, empty"
    assert view.cell_widget(0, 2).accessibleName() == "c3, O"
    assert "X to move" in view.accessibleDescription()


def test_heat_map_only_shows_for_the_board_it_describes(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    board = Board.from_text("XX.OO....")
    view.set_board(board)
    view.set_heat_map(analyse(board))
    assert view.heat_map is not None
    view.set_heat_map(analyse(Board.empty()))
    assert view.heat_map is None


def test_a_previewed_line_covers_the_heat_map_where_it_plays(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    board = Board.from_text("X........")
    view.set_board(board)
    view.set_heat_map(analyse(board))
    assert len(view.heat_cells()) == 8
    line = (Move(1, 1), Move(2, 2))
    view.set_preview(board, line)
    # The heat-map describes the board, not the previewed position: it keeps out of the line.
    assert set(view.heat_cells()) == {m for m in board.legal_moves() if m not in line}
    view.set_preview(None, ())
    assert len(view.heat_cells()) == 8


def test_marks_and_winning_line_are_painted(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.set_animations_enabled(False)
    empty = view.grab().toImage()
    view.set_board(Board.from_text("XXXOO...."), Move(0, 2))
    image = view.grab().toImage()
    assert image != empty
    # The strike-through crosses the grid line between the first two cells in X's blue.
    boundary = view.cell_rect(Move(0, 1))
    crossing = image.pixelColor(int(boundary.left()), int(boundary.center().y()))
    assert crossing.blue() > crossing.red() + 60
    view.set_board(Board.from_text("XX.OO...."), Move(0, 1))
    plain = view.grab().toImage().pixelColor(int(boundary.left()), int(boundary.center().y()))
    assert abs(plain.blue() - plain.red()) < 30  # just the grey grid line


def test_animated_mark_finishes(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.set_animations_enabled(True)
    view.set_board(Board.empty().play(Move(1, 1)), Move(1, 1))
    assert view.is_animating()
    qtbot.waitUntil(lambda: not view.is_animating(), timeout=2000)

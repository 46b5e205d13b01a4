"""The board widget on its own: geometry, input, accessibility and painting."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from tests.gui.conftest import click_cell
from tictactoe_gui.engine import Board, Mark, Move, analyse
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.board_view import KEYPAD, BoardStyle, BoardView


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


# -- boards of any size ---------------------------------------------------------------------


def big_view(qtbot: QtBot, variant_id: str = "four", size: int = 640) -> BoardView:
    view = make_view(qtbot)
    view.set_animations_enabled(False)
    view.resize(size, size)
    view.set_board(Board.empty(get_variant(variant_id)))
    return view


@pytest.mark.parametrize("variant_id", ["tictactoe", "4x4k3", "5x5k4", "3x4k3", "gomoku", "four"])
def test_cells_are_square_and_tile_the_board(qtbot: QtBot, variant_id: str) -> None:
    view = big_view(qtbot, variant_id, 500)
    variant = get_variant(variant_id)
    view.resize(520, 410)
    area = view.board_rect()
    side = view.cell_rect(Move(0, 0)).width()
    assert side > 0
    assert view.cell_rect(Move(0, 0)).height() == side
    assert area.width() == pytest.approx(side * variant.cols)
    assert area.height() == pytest.approx(side * variant.rows)
    last = view.cell_rect(Move(variant.rows - 1, variant.cols - 1))
    assert last.bottomRight().x() == pytest.approx(area.right())
    assert last.bottomRight().y() == pytest.approx(area.bottom())
    assert view.rect().toRectF().contains(area)
    # Every cell's centre hits that cell.
    for row in range(variant.rows):
        for col in range(variant.cols):
            assert view.cell_at(view.cell_rect(Move(row, col)).center()) == Move(row, col)


def test_big_boards_are_drawn_with_stones_small_ones_with_marks(qtbot: QtBot) -> None:
    view = big_view(qtbot, "four")
    assert view.board_style is BoardStyle.STONES
    view.set_board(Board.empty(get_variant("gomoku")))
    assert view.board_style is BoardStyle.STONES
    view.set_board(Board.empty(get_variant("5x5k4")))
    assert view.board_style is BoardStyle.MARKS
    view.set_board(Board.empty())
    assert view.board_style is BoardStyle.MARKS


def test_clicks_on_a_20_by_20_board_emit_that_cell(qtbot: QtBot) -> None:
    view = big_view(qtbot)
    for row, col in ((0, 0), (19, 19), (7, 13), (19, 0)):
        with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
            click_cell(qtbot, view, row, col)
        assert blocker.args == [row, col]
    # A click on the coordinates beside the grid is no move.
    with qtbot.assertNotEmitted(view.cell_activated):
        corner = view.board_rect().bottomLeft()
        qtbot.mouseClick(
            view, Qt.MouseButton.LeftButton, pos=QPoint(int(corner.x()) - 6, int(corner.y()) + 6)
        )


def test_the_keys_walk_a_big_board(qtbot: QtBot) -> None:
    view = big_view(qtbot)
    view.setFocus()
    assert view.focus_cell == Move(10, 10)  # the centre on a fresh board
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.focus_cell == Move(10, 0)
    qtbot.keyClick(view, Qt.Key.Key_Left)  # stays on the board
    assert view.focus_cell == Move(10, 0)
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert view.focus_cell == Move(10, 19)
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert view.focus_cell == Move(0, 19)
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert view.focus_cell == Move(19, 19)
    qtbot.keyClick(view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert view.focus_cell == Move(0, 0)
    qtbot.keyClick(view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert view.focus_cell == Move(19, 19)
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: "Cursor t2, empty" in view.accessibleDescription(), timeout=2000)
    with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Space)
    assert blocker.args == [18, 19]
    # Digits are the keypad only on 3×3; on a big board they play nothing.
    with qtbot.assertNotEmitted(view.cell_activated):
        qtbot.keyClick(view, Qt.Key.Key_5)


def test_every_cell_of_a_big_board_is_named_in_the_notation(qtbot: QtBot) -> None:
    view = big_view(qtbot)
    board = Board.empty(get_variant("four")).play(Move(0, 0)).play(Move(19, 19))
    view.set_board(board, Move(19, 19))
    assert view.accessibleName() == "Four in a Row board"
    assert view.cell_widget(0, 0).accessibleName() == "a20, X"
    assert view.cell_widget(19, 19).accessibleName() == "t1, O"
    assert view.cell_widget(19, 0).accessibleName() == "a1, empty"
    assert len(view.findChildren(QWidget)) == 400
    qtbot.waitUntil(lambda: "Last move O t1" in view.accessibleDescription(), timeout=2000)
    # Back to 3×3: nine cells again, named on the 3×3 board.
    view.set_board(Board.empty())
    qtbot.waitUntil(lambda: len(view.findChildren(QWidget)) == 9, timeout=2000)
    assert view.cell_widget(0, 0).accessibleName() == "a3, empty"


def _stone_pixel(view: BoardView, move: Move) -> QColor:
    centre = view.cell_rect(move).center()
    # Just off the centre: the stone's body, not its letter.
    offset = view.cell_rect(move).width() * 0.3
    return view.grab().toImage().pixelColor(int(centre.x() - offset), int(centre.y()))


def test_stones_are_drawn_in_each_side_s_colour(qtbot: QtBot) -> None:
    view = big_view(qtbot)
    empty = _stone_pixel(view, Move(5, 5))
    board = Board.empty(get_variant("four")).play(Move(5, 5)).play(Move(5, 6))
    view.set_board(board, Move(5, 6))
    x_stone, o_stone = _stone_pixel(view, Move(5, 5)), _stone_pixel(view, Move(5, 6))
    assert x_stone != empty
    assert x_stone.blue() > x_stone.red() + 60  # X's blue
    assert o_stone.red() > o_stone.blue() + 60  # O's vermilion
    # An undo takes the stone off again.
    view.set_board(board.play(Move(6, 6)), Move(6, 6))
    view.set_board(board, Move(5, 6))
    assert _stone_pixel(view, Move(6, 6)) == _stone_pixel(view, Move(6, 7))


def test_the_winning_line_is_struck_through_on_a_big_board(qtbot: QtBot) -> None:
    view = big_view(qtbot)
    moves = [Move(3, 3), Move(10, 3), Move(3, 4), Move(10, 4), Move(3, 5), Move(10, 5), Move(3, 6)]
    board = Board.empty(get_variant("four")).play_all(moves)
    assert board.winner is Mark.X
    view.set_board(board, moves[-1])
    image = view.grab().toImage()
    # Between two stones of the line, where the grid shows elsewhere, the line is drawn.
    between = (
        view.cell_rect(Move(3, 4)).center()
        + (view.cell_rect(Move(3, 5)).center() - view.cell_rect(Move(3, 4)).center()) * 0.5
    )
    gap_colour = image.pixelColor(int(between.x()), int(between.y()) + 2)
    plain = (
        view.cell_rect(Move(10, 4)).center()
        + (view.cell_rect(Move(10, 5)).center() - view.cell_rect(Move(10, 4)).center()) * 0.5
    )
    plain_colour = image.pixelColor(int(plain.x()), int(plain.y()) + 2)
    assert gap_colour != plain_colour


def test_move_numbers_are_drawn_when_asked(qtbot: QtBot) -> None:
    view = big_view(qtbot)
    moves = [Move(9, 9), Move(9, 10), Move(10, 9)]
    board = Board.empty(get_variant("four")).play_all(moves)
    view.set_board(board, moves[-1])
    view.set_move_order(moves)
    plain = view.grab().toImage()
    view.set_move_numbers(True)
    assert view.move_numbers_shown
    numbered = view.grab().toImage()
    rect = view.cell_rect(Move(9, 9)).toAlignedRect()
    assert plain.copy(rect) != numbered.copy(rect)
    view.set_move_numbers(False)
    assert view.grab().toImage().copy(rect) == plain.copy(rect)


def test_heat_map_on_a_big_board_colours_the_top_candidates(qtbot: QtBot) -> None:
    view = big_view(qtbot)
    board = Board.empty(get_variant("four")).play_all([Move(9, 9), Move(9, 10), Move(10, 9)])
    view.set_board(board, Move(10, 9))
    analysis = analyse(board)
    assert not analysis.exact
    view.set_heat_top(3)
    view.set_heat_map(analysis)
    top = tuple(c.move for c in analysis.candidates[:3])
    assert view.heat_cells() == top
    image = view.grab().toImage()
    for move in top:
        centre = view.cell_rect(move).center()
        offset = view.cell_rect(move).width() * 0.3
        tinted = image.pixelColor(int(centre.x() - offset), int(centre.y() - offset))
        assert tinted.green() > tinted.blue() + 20  # green to amber, never the board's own tone
    # A previewed line covers the cells it plays, numbered ghost stones in their place.
    view.set_preview(board, analysis.principal_variation[:2] or top[:1])
    assert top[0] not in view.heat_cells()


def test_coordinates_can_be_hidden(qtbot: QtBot) -> None:
    view = big_view(qtbot, "four", 300)
    labelled = view.grab().toImage()
    view.set_coordinates(False)
    assert not view.coordinates_shown
    assert view.grab().toImage() != labelled
    view.set_coordinates(True)
    assert view.grab().toImage() == labelled
    # Without the letters and numbers the board takes more of a small widget.
    view.set_board(Board.empty())
    with_coordinates = view.board_rect()
    view.set_coordinates(False)
    assert view.board_rect().width() > with_coordinates.width()


@pytest.mark.parametrize("size", [200, 1600])
def test_a_big_board_fits_small_and_full_screen_windows(qtbot: QtBot, size: int) -> None:
    view = big_view(qtbot, "four", size)
    view.resize(size, size)
    area = view.board_rect()
    assert view.rect().toRectF().contains(area)
    assert area.width() >= size * 0.8
    # Stone cells are whole device pixels, so the grid lines are never smeared.
    cell = view.cell_rect(Move(0, 0)).width() * view.devicePixelRatioF()
    assert cell == pytest.approx(round(cell))


def test_a_previewed_line_numbers_on_from_the_move_numbers(qtbot: QtBot) -> None:
    view = big_view(qtbot)
    moves = [Move(9, 9), Move(9, 10), Move(10, 9)]
    board = Board.empty(get_variant("four")).play_all(moves)
    view.set_board(board, moves[-1])
    view.set_move_order(moves)
    view.set_preview(board, (Move(11, 9), Move(8, 9)))
    assert view.preview_first_number() == 1
    plain = view.grab().toImage()
    view.set_move_numbers(True)
    assert view.preview_first_number() == 4  # the line goes on from move 3
    rect = view.cell_rect(Move(11, 9)).toAlignedRect()
    assert view.grab().toImage().copy(rect) != plain.copy(rect)


def test_asking_again_for_what_the_board_shows_does_not_repaint_it(qtbot: QtBot) -> None:
    """The window says after every analysis and turn whether the board takes clicks, its
    heat-map and its previewed line; when nothing changed, the board is not drawn again (a
    20×20 board is the window's dearest repaint while the engine thinks)."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QHBoxLayout, QLabel

    class Paints(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.counts: dict[QObject, int] = {}

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.counts[watched] = self.counts.get(watched, 0) + 1
            return False

    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QHBoxLayout(holder)
    view = BoardView()
    sibling = QLabel("beside the board")
    layout.addWidget(view)
    layout.addWidget(sibling)
    holder.resize(500, 300)
    board = Board.empty(get_variant("four")).play(Move(9, 9))
    analysis = analyse(board)
    view.set_board(board, Move(9, 9))
    view.set_heat_map(analysis)
    view.set_preview(board, [Move(9, 10)])
    holder.show()
    qtbot.waitExposed(holder)
    paints = Paints()
    view.installEventFilter(paints)
    sibling.installEventFilter(paints)
    sibling.update()  # whatever was still to be drawn is drawn with it
    qtbot.waitUntil(lambda: paints.counts.get(sibling, 0) > 0, timeout=2000)
    for changed in (False, True):
        view.set_interactive(view.interactive != changed)
        view.set_heat_map(None if changed else view.heat_map)
        view.set_preview(board, [Move(9, 10), Move(8, 8)] if changed else [Move(9, 10)])
        paints.counts.clear()
        sibling.update()  # drawn in the same pass as the board would be
        qtbot.waitUntil(lambda: paints.counts.get(sibling, 0) > 0, timeout=2000)
        assert paints.counts.get(view, 0) == (1 if changed else 0)

"""The Row & Column board on its own: geometry, input, accessibility, the take animation."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine.rowcol import Player, Position
from tictactoe_gui.gui.rowcol_view import RowColBoardView

START = Position.from_text("1,2,3/4,5,6/7,8,9")


def make_view(qtbot: QtBot, position: Position = START) -> RowColBoardView:
    view = RowColBoardView(position)
    qtbot.addWidget(view)
    view.resize(360, 400)
    view.show()
    qtbot.waitExposed(view)
    return view


def click(qtbot: QtBot, view: RowColBoardView, row: int, col: int) -> None:
    centre = view.cell_rect(row, col).center()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))


def test_cells_are_equal_squares_inside_the_widget(qtbot: QtBot) -> None:
    view = make_view(qtbot, Position.from_seed(6, 1))
    area = view.board_rect()
    assert area.width() == pytest.approx(area.height())
    assert view.rect().toRectF().contains(area)
    widths = {round(view.cell_rect(r, c).width(), 6) for r in range(6) for c in range(6)}
    assert widths == {round(area.width() / 6, 6)}


def test_clicks_emit_the_cell_under_the_pointer(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    for row, col in ((0, 0), (1, 2), (2, 1)):
        with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
            click(qtbot, view, row, col)
        assert blocker.args == [row, col]


def test_a_view_that_is_not_interactive_emits_nothing(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.set_interactive(False)
    with qtbot.assertNotEmitted(view.cell_activated):
        click(qtbot, view, 1, 1)
        qtbot.keyClick(view, Qt.Key.Key_Return)


def test_arrows_move_the_focus_cell_and_enter_takes_it(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.setFocus()
    assert view.focus_cell == (1, 1)
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)  # stays on the board
    assert view.focus_cell == (0, 2)
    with qtbot.waitSignal(view.cell_activated, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert blocker.args == [0, 2]


def test_cells_are_named_with_their_value_and_whether_they_may_be_taken(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    assert view.cell_widget(0, 0).accessibleName() == "a3, 1, allowed"
    assert view.accessibleDescription() == "A 0, B 0. A to take: any cell."
    view.set_position(START.play(4))
    assert view.cell_widget(1, 1).accessibleName() == "b2, taken, the last take"
    assert view.cell_widget(0, 1).accessibleName() == "b3, 2, allowed"
    assert view.cell_widget(0, 0).accessibleName() == "a3, 1, not in the row or column of b2"
    # The description follows once per turn of the event loop.
    qtbot.waitUntil(
        lambda: view.accessibleDescription() == "A 5, B 0. B to take: b3, a2, c2 or b1.",
        timeout=1000,
    )


def test_the_end_of_the_game_is_said(qtbot: QtBot) -> None:
    view = make_view(qtbot, Position.from_text("1,.,3/.,.,./7,.,9", (1, 1)))
    assert view.accessibleDescription() == "A 0, B 0. A has no cell to take: the game is over."


def test_a_take_animates_and_then_settles(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.set_position(START.play(8), {8: Player.A})
    assert view.is_animating()
    qtbot.waitUntil(lambda: not view.is_animating(), timeout=2000)
    view.set_animations_enabled(False)
    view.set_position(START.play(8).play(2), {8: Player.A, 2: Player.B})
    assert not view.is_animating()


def test_a_new_board_does_not_animate_and_resizes_the_grid(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    bigger = Position.from_seed(5, 3)
    view.set_position(bigger)
    assert not view.is_animating()
    assert view.focus_cell == (2, 2)
    assert view.cell_widget(4, 4).accessibleName().startswith("e1, ")
    assert view.accessibleName() == "Row & Column 5×5 board"


@pytest.mark.parametrize("size", [3, 4, 7, 10])
def test_every_size_paints(qtbot: QtBot, size: int) -> None:
    position = Position.from_seed(size, size)
    position = position.play(position.allowed_cells()[0])
    view = make_view(qtbot, position)
    view.set_hints(position.allowed_cells()[:1])
    image = view.grab().toImage()
    assert image.width() > 0
    # Something is drawn on the grid (not one flat colour).
    area = view.board_rect().toAlignedRect()
    colours = {
        image.pixel(x, y)
        for x in range(area.left(), area.right(), 7)
        for y in range(area.top(), area.bottom(), 7)
    }
    assert len(colours) > 2

"""Numbers on the board read one way: move numbers stay legible over the winning line, and
the heat map's ranks ("#1") cannot be taken for move numbers."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from tests.gui.helpers import human_vs_human, play, settle
from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.variants import get_variant
from tictactoe_gui.gui.board_view import BoardView
from tictactoe_gui.gui.main_window import MainWindow

FOUR = get_variant("four")
#: X wins along row 9 (j11 k11 l11 m11 in the cell notation); O plays elsewhere.
FOUR_WIN = (
    Move(9, 9), Move(0, 0), Move(9, 10), Move(0, 5), Move(9, 11), Move(19, 19), Move(9, 12)
)  # fmt: skip
TICTACTOE_WIN = (Move(1, 0), Move(0, 0), Move(1, 1), Move(0, 1), Move(1, 2))


def differing(a: QImage, b: QImage, centre: QPointF, half_width: int, half_height: int) -> int:
    count = 0
    x0, y0 = round(centre.x()), round(centre.y())
    for x in range(x0 - half_width, x0 + half_width + 1):
        for y in range(y0 - half_height, y0 + half_height + 1):
            if a.pixel(x, y) != b.pixel(x, y):
                count += 1
    return count


@pytest.mark.parametrize(
    ("board", "moves"), [(Board.empty(FOUR), FOUR_WIN), (Board.empty(), TICTACTOE_WIN)]
)
def test_move_numbers_show_over_the_winning_line(
    qtbot: QtBot, board: Board, moves: tuple[Move, ...]
) -> None:
    view = BoardView()
    qtbot.addWidget(view)
    view.set_animations_enabled(False)
    view.resize(420, 420)
    final = board.play_all(moves)
    assert final.outcome is not None
    view.set_board(final, moves[-1])
    view.set_move_order(moves)
    view.set_move_numbers(True)
    with_numbers = view.grab().toImage()
    view.set_move_numbers(False)
    without = view.grab().toImage()
    ratio = with_numbers.devicePixelRatio()
    line = final.outcome.line
    assert line is not None
    for index in line:
        # Right on the line, where it would strike the number out.
        centre = view.cell_rect(final.move_at(index)).center() * ratio
        assert differing(with_numbers, without, centre, 3, 1) > 0, final.cell_name(
            final.move_at(index)
        )


def test_heat_map_ranks_are_not_move_numbers(qtbot: QtBot, window: MainWindow) -> None:
    window.heat_map_action.setChecked(True)
    window.move_numbers_action.setChecked(True)
    window.new_game(replace(human_vs_human(), start=Board.empty(FOUR)))
    for move in FOUR_WIN[:4]:
        play(window, move.row, move.col)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: bool(window.board_view.heat_labels()), timeout=10000)
    labels = window.board_view.heat_labels()
    numbers = {str(n) for n in window.board_view.move_numbers().values()}
    assert list(labels.values()) == [f"#{rank}" for rank in range(1, len(labels) + 1)]
    assert not numbers & set(labels.values())

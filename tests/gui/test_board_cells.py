"""The board's accessible cells: each named after its place and what is on it, on any
board size, and after a move only the cells that changed are named again."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.variants import FOUR
from tictactoe_gui.gui import board_cells
from tictactoe_gui.gui.board_view import BoardView

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def names(view: BoardView) -> list[str]:
    """Every cell's accessible name, as Qt hands it to assistive technology, in cell order."""
    board = QAccessible.queryAccessibleInterface(view)
    assert board is not None
    return [board.child(i).text(QAccessible.Text.Name) for i in range(board.childCount())]


def expected(board: Board) -> list[str]:
    """Each cell's name worked out apart: ``"a20, empty"`` top left, row 1 at the bottom."""
    rows, cols = board.variant.rows, board.variant.cols
    return [
        f"{LETTERS[i % cols]}{rows - i // cols}, {board.mark_at(i) or 'empty'}"
        for i in range(rows * cols)
    ]


@pytest.fixture
def view(qtbot: QtBot) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(600, 600)
    view.show()
    return view


def test_cells_are_named_after_moves_undos_and_a_new_size(view: BoardView) -> None:
    view.set_board(Board.from_text("XO.......").play(Move(2, 2)))
    assert names(view) == expected(Board.from_text("XO......X"))
    game = Board.empty(FOUR)
    view.set_board(game)
    assert names(view) == expected(game)
    for move in (Move(0, 0), Move(19, 19), Move(9, 10), Move(10, 9)):
        game = game.play(move)
        view.set_board(game, move)
        assert names(view) == expected(game)
    undone = Board.empty(FOUR).play_all([Move(0, 0), Move(19, 19)])
    view.set_board(undone)  # two stones taken back at once
    assert names(view) == expected(undone)
    small = Board.empty()
    view.set_board(small)
    assert names(view) == expected(small)


def test_a_move_names_only_its_own_cell_again(
    view: BoardView, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Working out all 400 names of a 20×20 board after every move took the window a few
    milliseconds each time; a move changes one cell's name."""
    game = Board.empty(FOUR).play(Move(9, 9))
    view.set_board(game)
    worked_out: list[tuple[int, int]] = []
    real = board_cells.cell_name

    def counted(row: int, col: int, rows: int) -> str:
        worked_out.append((row, col))
        return real(row, col, rows)

    monkeypatch.setattr(board_cells, "cell_name", counted)
    game = game.play(Move(10, 10))
    view.set_board(game, Move(10, 10))
    assert worked_out == []
    assert names(view) == expected(game)

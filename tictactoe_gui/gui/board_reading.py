"""What the board says when asked to read a row, a column or the cells around the cursor.

Plain text from the engine's board, for the screen reader (keys R, C and N on
the board); no Qt, so the board view loads it without the accessibility helpers.
"""

from __future__ import annotations

from collections.abc import Sequence

from tictactoe_gui.engine import Board, Move
from tictactoe_gui.engine.notation import cell_name


def read_cells(board: Board, cells: Sequence[Move], title: str) -> str:
    """``"Row 3: a3 X, b3 to f3 empty, g3 O."``: cells in order, runs of empty cells
    folded into one phrase so a row of a 20×20 board stays short to hear."""
    words: list[str] = []
    empty: list[Move] = []

    def fold() -> None:
        if len(empty) == 1:
            words.append(f"{board.cell_name(empty[0])} empty")
        elif empty:
            words.append(f"{board.cell_name(empty[0])} to {board.cell_name(empty[-1])} empty")
        empty.clear()

    for move in cells:
        mark = board[move]
        if mark is None:
            empty.append(move)
            continue
        fold()
        words.append(f"{board.cell_name(move)} {mark}")
    fold()
    return f"{title}: {', '.join(words)}."


def read_row(board: Board, cursor: Move) -> str:
    number = cell_name(cursor.row, 0, board.variant.rows)[1:]
    cells = [Move(cursor.row, col) for col in range(board.variant.cols)]
    return read_cells(board, cells, f"Row {number}")


def read_column(board: Board, cursor: Move) -> str:
    letter = cell_name(0, cursor.col, board.variant.rows)[0]
    # From the bottom up, as the numbers count.
    cells = [Move(row, cursor.col) for row in reversed(range(board.variant.rows))]
    return read_cells(board, cells, f"Column {letter}")


def read_around(board: Board, cursor: Move) -> str:
    """The cursor's cell and its (up to) eight neighbours, top row first."""
    rows, cols = board.variant.rows, board.variant.cols
    cells = [
        Move(row, col)
        for row in range(max(0, cursor.row - 1), min(rows, cursor.row + 2))
        for col in range(max(0, cursor.col - 1), min(cols, cursor.col + 2))
    ]
    marks = [f"{board.cell_name(m)} {board[m]}" for m in cells if board[m] is not None]
    around = f"Around {board.cell_name(cursor)}"
    if not marks:
        return f"{around}: all {len(cells)} cells empty."
    return f"{around}: {', '.join(marks)}; the other {len(cells) - len(marks)} empty."

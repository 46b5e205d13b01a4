"""The board's keys: moving the cursor, reading the board aloud, going to a cell by name
(whose dialog is ``gui/go_to_cell.py``).

Plain functions of the board and the cursor, so the board widget only routes keys.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from tictactoe_gui.engine import Board, Move
from tictactoe_gui.gui.board_reading import (
    read_around,
    read_column,
    read_diagonal,
    read_drop_column,
    read_row,
    read_threats,
)

#: Digits in numeric-keypad layout: 7 8 9 is the top row, 1 2 3 the bottom (3×3 only).
KEYPAD: dict[int, Move] = {
    Qt.Key.Key_7: Move(0, 0),
    Qt.Key.Key_8: Move(0, 1),
    Qt.Key.Key_9: Move(0, 2),
    Qt.Key.Key_4: Move(1, 0),
    Qt.Key.Key_5: Move(1, 1),
    Qt.Key.Key_6: Move(1, 2),
    Qt.Key.Key_1: Move(2, 0),
    Qt.Key.Key_2: Move(2, 1),
    Qt.Key.Key_3: Move(2, 2),
}

#: Keys that read the board aloud: row, column, diagonal (Shift: the falling one), the
#: cells around the cursor, the last move, the threats.
READING_KEYS = (
    Qt.Key.Key_R,
    Qt.Key.Key_C,
    Qt.Key.Key_D,
    Qt.Key.Key_N,
    Qt.Key.Key_L,
    Qt.Key.Key_T,
)
#: What an arrow key says when the cursor is already at that edge of the board.
EDGES = {
    Qt.Key.Key_Left: "Left edge",
    Qt.Key.Key_Right: "Right edge",
    Qt.Key.Key_Up: "Top edge",
    Qt.Key.Key_Down: "Bottom edge",
}
#: The digits that drop a disc in a column on a gravity board: 1 the left column.
DROP_KEYS = (
    Qt.Key.Key_1,
    Qt.Key.Key_2,
    Qt.Key.Key_3,
    Qt.Key.Key_4,
    Qt.Key.Key_5,
    Qt.Key.Key_6,
    Qt.Key.Key_7,
    Qt.Key.Key_8,
    Qt.Key.Key_9,
)
#: The key that asks for a cell by name (then the name, then Enter).
GO_TO_KEY = Qt.Key.Key_G


def focus_target(
    key: int, modifiers: Qt.KeyboardModifier, cursor: Move, rows: int, cols: int
) -> Move | None:
    """Where a navigation key moves the focus cell (None: not a navigation key)."""
    row, col = cursor.row, cursor.col
    last_row, last_col = rows - 1, cols - 1
    control = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
    extra = modifiers & ~(Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ControlModifier)
    if extra:
        return None
    steps = {
        Qt.Key.Key_Left: (0, -1),
        Qt.Key.Key_Right: (0, 1),
        Qt.Key.Key_Up: (-1, 0),
        Qt.Key.Key_Down: (1, 0),
    }
    if key in steps and not control:
        dr, dc = steps[Qt.Key(key)]
        return Move(min(last_row, max(0, row + dr)), min(last_col, max(0, col + dc)))
    if key == Qt.Key.Key_Home:  # the row's first cell; with Ctrl the top-left corner
        return Move(0, 0) if control else Move(row, 0)
    if key == Qt.Key.Key_End:  # the row's last cell; with Ctrl the bottom-right corner
        return Move(last_row, last_col) if control else Move(row, last_col)
    if key == Qt.Key.Key_PageUp and not control:
        return Move(0, col)
    if key == Qt.Key.Key_PageDown and not control:
        return Move(last_row, col)
    return None


def drop_column(key: int, cols: int) -> int | None:
    """The column a digit key drops a disc in (0 the left one), on a board ``cols`` wide."""
    if key in DROP_KEYS and DROP_KEYS.index(Qt.Key(key)) < cols:
        return DROP_KEYS.index(Qt.Key(key))
    return None


def read_key(
    board: Board, cursor: Move, key: Qt.Key, *, shifted: bool = False, gravity: bool = False
) -> str | None:
    """What a reading key says of ``board`` around ``cursor`` (None for L, the last move,
    which the board says itself since it moves the cursor). On a gravity board the column
    says where a disc dropped in it would land."""
    if key == Qt.Key.Key_R:
        return read_row(board, cursor)
    if key == Qt.Key.Key_C:
        return read_drop_column(board, cursor.col) if gravity else read_column(board, cursor)
    if key == Qt.Key.Key_D:
        return read_diagonal(board, cursor, rising=not shifted)
    if key == Qt.Key.Key_N:
        return read_around(board, cursor)
    if key == Qt.Key.Key_T:
        return read_threats(board, gravity=gravity)
    return None

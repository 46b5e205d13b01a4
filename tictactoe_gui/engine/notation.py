"""The one human notation for cells, on every board and in every game.

A cell is written as board-game programs write it: a letter for the column
counted from the left (``a``, ``b``, ``c`` ... with no letter skipped) and a
number for the row counted from the bottom. ``a1`` is the bottom-left cell;
on 3x3 the centre is ``b2``. The window's edges, the command line's text, the
hints and the coach all use it; JSON keeps 0-based ``row``/``col`` counted
from the top-left, which is also how the engine indexes cells.
"""

from __future__ import annotations

import re
import string
from typing import Final

from tictactoe_gui.engine.variants import Variant, quote

COLUMN_LETTERS: Final = string.ascii_lowercase
_CELL_PATTERN: Final = re.compile(r"\s*([a-zA-Z])\s*(\d{1,3})\s*")


class NotationError(ValueError):
    """Text that names no cell of the board; the message says what would."""


def column_letter(col: int) -> str:
    return COLUMN_LETTERS[col]


def row_number(row: int, rows: int) -> int:
    """The number printed for 0-based ``row`` (from the top) on a board of ``rows`` rows."""
    return rows - row


def cell_name(row: int, col: int, rows: int) -> str:
    """``"b2"``: the cell at 0-based ``row`` (from the top) and ``col`` on a board of ``rows``."""
    return f"{COLUMN_LETTERS[col]}{rows - row}"


def variant_cell_name(variant: Variant, row: int, col: int) -> str:
    return cell_name(row, col, variant.rows)


def parse_cell(text: str, rows: int, cols: int) -> tuple[int, int]:
    """The 0-based ``(row, col)`` of a cell written as ``"b2"`` (case-insensitive)."""
    match = _CELL_PATTERN.fullmatch(text)
    if not match:
        raise NotationError(
            f"{quote(text)} is not a cell; write a column letter and a row number, "
            f"such as a1 (bottom left) or {cell_name(0, cols - 1, rows)} (top right)"
        )
    letter, digits = match.group(1).lower(), match.group(2)
    col = COLUMN_LETTERS.index(letter)
    number = int(digits)
    if col >= cols or not 1 <= number <= rows or digits.startswith("0"):
        raise NotationError(
            f"{quote(text)} is off the {rows}×{cols} board; columns run a to "
            f"{COLUMN_LETTERS[cols - 1]} and rows 1 to {rows}"
        )
    return rows - number, col


def parse_move_list(text: str, rows: int, cols: int) -> list[tuple[int, int]]:
    """Cells separated by commas (spaces allowed): ``"b2, a1, c3"``. Empty text is no moves."""
    if not text.strip():
        return []
    cells: list[tuple[int, int]] = []
    for number, part in enumerate(text.split(","), start=1):
        try:
            cells.append(parse_cell(part, rows, cols))
        except NotationError as error:
            raise NotationError(f"move {number}: {error}") from None
    return cells

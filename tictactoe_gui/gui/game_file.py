"""The text of a k-in-a-row position or move list, copied and pasted in the window.

Saved games, of every game, are written and read by
:mod:`tictactoe_gui.session.table_file`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tictactoe_gui.engine import Board, BoardError, IllegalMoveError, Move
from tictactoe_gui.engine.notation import NotationError, parse_move_list
from tictactoe_gui.engine.variants import Variant

#: Pasted text longer than this is not a position (a 20×20 game is a few kilobytes).
MAX_BYTES: Final = 1_000_000


class GameFileError(ValueError):
    """Text that holds no position or move list; the message says why, in one line."""


def moves_text(start: Board, moves: Sequence[Move]) -> str:
    """``"b2, a1, c3"``: moves in the cell notation, as the command line's ``--moves`` takes."""
    return ", ".join(start.cell_name(move) for move in moves)


def parse_pasted(text: str, variant: Variant) -> tuple[Board, tuple[Move, ...]]:
    """A pasted position or move list of ``variant``: (start, moves).

    A move list (``"b2, a1"``, from the empty board) gives the empty board and
    its moves; a position gives that position and no moves. Raises
    :class:`GameFileError` with a one-line reason when it is neither.
    """
    text = text.strip()
    if not text:
        raise GameFileError("the clipboard holds no text")
    if len(text) > MAX_BYTES:
        raise GameFileError("the clipboard holds too much text to be a position")
    empty = Board.empty(variant)
    looks_like_moves = "," in text or (text[0].isalpha() and text[0].upper() not in "XO.")
    if looks_like_moves:
        try:
            cells = parse_move_list(text, variant.rows, variant.cols)
            moves = tuple(Move(row, col) for row, col in cells)
            empty.play_all(moves)
        except (NotationError, IllegalMoveError) as error:
            raise GameFileError(f"not a move list of {variant.name}: {error}") from None
        return empty, moves
    try:
        return Board.from_text(text, variant), ()
    except BoardError as error:
        raise GameFileError(f"not a position of {variant.name}: {error}") from None

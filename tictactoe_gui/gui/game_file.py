"""A game saved to a file and read back, and the text of a position or a move list.

A saved game is a small JSON object (UTF-8, one file per game)::

    {"app": "tictactoe-gui", "format": 1, "game": "four",
     "start": "20/20/.../20", "moves": ["k10", "l11", "k11"],
     "x": "Alice", "o": "Sera", "result": "X wins"}

``game`` is any id ``--game`` takes, ``start`` the start position in the
command line's text form, ``moves`` the moves in the cell notation (``a1`` is
the bottom-left cell), ``result`` the result as the window says it or null
for a game not finished. Reading checks everything against the rules and
says in one line what is wrong with a file that does not hold a game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from tictactoe_gui.engine import Board, BoardError, IllegalMoveError, Move
from tictactoe_gui.engine.notation import NotationError, parse_cell, parse_move_list
from tictactoe_gui.engine.variants import Family, Variant, VariantError, get_variant, quote

APP_TAG: Final = "tictactoe-gui"
FORMAT: Final = 1
#: Files bigger than this are not games (a 20×20 game is a few kilobytes).
MAX_BYTES: Final = 1_000_000


class GameFileError(ValueError):
    """A file or text that holds no game or position; the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    start: Board
    moves: tuple[Move, ...]
    x: str = "X"
    o: str = "O"
    result: str | None = None

    @property
    def variant(self) -> Variant:
        return self.start.variant

    @property
    def board(self) -> Board:
        return self.start.play_all(self.moves)


def moves_text(start: Board, moves: Sequence[Move]) -> str:
    """``"b2, a1, c3"``: moves in the cell notation, as the command line's ``--moves`` takes."""
    return ", ".join(start.cell_name(move) for move in moves)


def to_json(game: SavedGame) -> str:
    data = {
        "app": APP_TAG,
        "format": FORMAT,
        "game": game.variant.id,
        "start": game.start.to_text(),
        "moves": [game.start.cell_name(move) for move in game.moves],
        "x": game.x,
        "o": game.o,
        "result": game.result,
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def save(path: Path, game: SavedGame) -> None:
    """Write ``game`` to ``path`` (raises OSError when the file cannot be written)."""
    path.write_text(to_json(game), encoding="utf-8")


def load(path: Path) -> SavedGame:
    """Read a saved game; raises :class:`GameFileError` (one line) for anything else."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise GameFileError(f"{path.name} is too big to be a saved game")
        raw = path.read_bytes()
    except OSError as error:
        raise GameFileError(f"cannot read {path.name}: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError(f"{path.name} is not a saved game (not UTF-8 text)") from None
    return from_json(text, path.name)


def from_json(text: str, name: str = "the file") -> SavedGame:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise GameFileError(f"{name} is not a saved game (not JSON: {error.msg})") from None
    if not isinstance(data, dict) or data.get("app") != APP_TAG:
        raise GameFileError(f"{name} is not a game saved by {APP_TAG}")
    if data.get("format") != FORMAT:
        raise GameFileError(
            f"{name} is saved in format {quote(str(data.get('format')))}; "
            f"this version reads format {FORMAT}"
        )
    variant = _variant(data.get("game"), name)
    start_text = data.get("start")
    moves = data.get("moves")
    if not isinstance(start_text, str) or not isinstance(moves, list):
        raise GameFileError(f"{name} lacks the start position or the list of moves")
    try:
        start = Board.from_text(start_text, variant)
    except BoardError as error:
        raise GameFileError(f"{name}: the start position is wrong: {error}") from None
    played: list[Move] = []
    board = start
    for number, cell in enumerate(moves, start=1):
        if not isinstance(cell, str):
            raise GameFileError(f"{name}: move {number} is not a cell such as a1")
        try:
            move = Move(*parse_cell(cell, variant.rows, variant.cols))
            board = board.play(move)
        except (NotationError, IllegalMoveError) as error:
            raise GameFileError(f"{name}: move {number} ({cell}): {error}") from None
        played.append(move)
    x, o, result = data.get("x", "X"), data.get("o", "O"), data.get("result")
    return SavedGame(
        start,
        tuple(played),
        x if isinstance(x, str) and x.strip() else "X",
        o if isinstance(o, str) and o.strip() else "O",
        result if isinstance(result, str) else None,
    )


def _variant(value: object, name: str) -> Variant:
    if not isinstance(value, str):
        raise GameFileError(f"{name} does not say which game it is")
    try:
        variant = get_variant(value)
    except VariantError as error:
        raise GameFileError(f"{name}: {error}") from None
    if variant.family is not Family.MNK:
        raise GameFileError(f"{name} holds {variant.name}, which the board here cannot show")
    return variant


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

"""Other programs' game files: Piskvork's ``.psq`` and Connect Four's string of column digits.

**Piskvork** (the Gomocup manager) writes a game of five in a row as a first
line ``Piskvorky WxH, …`` (W columns by H rows), then one move a line as
``x,y,time``: 1-based, ``x`` the column from the left and ``y`` the row from
the top, ``time`` in milliseconds; then optional trailing lines, such as the
players' program names and a line ``-1``, which say nothing about the moves.
A ``.psq`` game is freestyle five in a row: 15×15 reads as ``gomoku``, another
size as ``HxWk5``, unless a game of the same size is asked for.

**Connect Four** games are written by the known solvers as the columns the
discs were dropped in, 1 the left column: ``4453``.

Reading checks every move against the rules and says in one line what is wrong
and on which line; nothing is read from a file that is wrong anywhere.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Final

from tictactoe_gui.engine.games import GameError, GameSpec, GameState, find_game

#: The largest file taken for a game (a 20×20 game is a few kilobytes).
MAX_CHARACTERS: Final = 1_000_000
_HEADER: Final = re.compile(r"\s*piskvorky\s+(\d{1,3})\s*x\s*(\d{1,3})\b.*", re.IGNORECASE)
#: A first line that names Piskvork, even one whose size cannot be read.
_PISKVORKY: Final = re.compile(r"\s*piskvorky\b", re.IGNORECASE)
_MOVE: Final = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?")
_DIGITS: Final = re.compile(r"[0-9]+")
#: What Piskvork writes in the header after the size (the fields say nothing of the game).
_PSQ_HEADER_REST: Final = "11:11, 0"


class FieldFormatError(GameError):
    """A file in one of these formats that is wrong: the message names the line."""


class FileKind(enum.StrEnum):
    """What a game file holds, told from its content."""

    JSON = "json"
    PSQ = "psq"
    DIGITS = "digits"


def kind_of(text: str) -> FileKind | None:
    """The format of a file's text, by its content (None: none of these)."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith(("{", "[")):
        return FileKind.JSON
    if _PISKVORKY.match(stripped.split("\n", 1)[0]):
        return FileKind.PSQ  # (a header that is wrong is then said to be, naming line 1)
    if _DIGITS.fullmatch(stripped.strip()):
        return FileKind.DIGITS
    return None


@dataclass(frozen=True, slots=True)
class ReadGame:
    """A game read from another program's file."""

    #: The last position, whose ``start`` and ``moves`` are the game.
    state: GameState
    #: The players' names, where the file gives them (Piskvork's program names).
    names: tuple[str, str] | None = None


def psq_spec(cols: int, rows: int) -> GameSpec:
    """The game a ``.psq`` board of ``cols`` × ``rows`` is: gomoku on 15×15, else HxWk5."""
    return find_game("gomoku" if (cols, rows) == (15, 15) else f"{rows}x{cols}k5")


def read_psq(text: str, spec: GameSpec | None = None) -> ReadGame:
    """The game of a ``.psq`` file's text (``spec``: the game to read it as, of the file's
    size); :class:`FieldFormatError` naming the line for anything wrong."""
    if len(text) > MAX_CHARACTERS:
        raise FieldFormatError("the file is too big to be a game")
    lines = text.lstrip("\ufeff").splitlines()
    header = _HEADER.fullmatch(lines[0]) if lines else None
    if header is None:
        if lines and _PISKVORKY.match(lines[0]):
            raise FieldFormatError(
                f"line 1: {_shown(lines[0])} does not give the board's size as "
                "'Piskvorky WxH, …' (W columns by H rows)"
            )
        raise FieldFormatError("line 1: not a Piskvork game (it should begin 'Piskvorky WxH, …')")
    cols, rows = int(header.group(1)), int(header.group(2))
    if spec is not None and not spec.psq_files:
        raise FieldFormatError(f"a .psq file holds five in a row; {spec.name} is not played so")
    if spec is None:
        try:
            spec = psq_spec(cols, rows)
        except GameError as error:
            raise FieldFormatError(f"line 1: a {cols}×{rows} board: {error}") from None
    elif (spec.cols, spec.rows) != (cols, rows):
        raise FieldFormatError(
            f"line 1: the board is {cols}×{rows} (columns × rows), but {spec.name} is played on "
            f"{spec.cols}×{spec.rows}"
        )
    state = spec.new_game()
    trailing: list[str] = []
    for number, line in enumerate(lines[1:], start=2):
        if trailing or not line.strip():
            if line.strip():
                trailing.append(line.strip())
            continue
        match = _MOVE.fullmatch(line)
        if match is None:
            if line.strip()[0].isdigit():
                raise FieldFormatError(
                    f"line {number}: {_shown(line)} is not a move 'x,y,time' (column, row, ms)"
                )
            trailing.append(line.strip())
            continue
        x, y = int(match.group(1)), int(match.group(2))
        if x == -1 or (x < 0 and y < 0):
            trailing.append(line.strip())  # Piskvork's end of the moves
            continue
        if not (1 <= x <= cols and 1 <= y <= rows):
            raise FieldFormatError(
                f"line {number}: {x},{y} is off the board (x from 1 to {cols}, y from 1 to {rows})"
            )
        try:
            state = state.play((y - 1) * cols + (x - 1))
        except GameError as error:
            raise FieldFormatError(f"line {number}: {error}") from None
    names = tuple(line for line in trailing if line != "-1")
    return ReadGame(state, (names[0], names[1]) if len(names) == 2 else None)


def write_psq(state: GameState) -> str:
    """The game that led to ``state`` as a ``.psq`` file (every time 0, which Piskvork
    reads as not timed); :class:`FieldFormatError` for a game not of stones on cells or
    that did not start from the empty board."""
    spec = state.spec
    if not spec.psq_files:
        raise FieldFormatError(f"a .psq file holds five in a row; {spec.name} is not played so")
    start = state.start
    if start.position_text() != spec.new_game().position_text():
        raise FieldFormatError("a .psq file holds a game from the empty board, not a set-up one")
    lines = [f"Piskvorky {spec.cols}x{spec.rows}, {_PSQ_HEADER_REST}"]
    for move in state.moves:
        row, col = divmod(move, spec.cols)
        lines.append(f"{col + 1},{row + 1},0")
    return "\n".join(lines) + "\n"


def read_digits(text: str, spec: GameSpec | None = None) -> ReadGame:
    """A game of Connect Four (or ``spec``, a game where discs fall) as its column digits;
    :class:`FieldFormatError` naming the move for anything wrong."""
    if spec is None:
        spec = find_game("connect4")
    if not (spec.column_digits and spec.cols <= 9):
        raise FieldFormatError(
            f"a string of column digits is a game where discs fall; {spec.name} is not one"
        )
    digits = text.strip()
    if len(text.strip().splitlines()) > 1:
        raise FieldFormatError("line 2: a game of column digits is one line")
    if not _DIGITS.fullmatch(digits):
        bad = next((c for c in digits if not c.isdigit()), "")
        raise FieldFormatError(
            f"line 1: {_shown(bad or digits)} is not a column digit (columns run 1 to {spec.cols})"
        )
    state = spec.new_game()
    for number, digit in enumerate(digits, start=1):
        col = int(digit)
        if not 1 <= col <= spec.cols:
            raise FieldFormatError(
                f"line 1, move {number}: column {digit}: columns run 1 to {spec.cols}"
            )
        try:
            state = state.play(state.read_move(_COLUMN_LETTERS[col - 1]))
        except GameError as error:
            raise FieldFormatError(f"line 1, move {number} (column {digit}): {error}") from None
    return ReadGame(state)


def write_digits(state: GameState) -> str:
    """The columns of the game that led to ``state`` (``"4453"``), for a game where discs
    fall on a board of at most 9 columns."""
    spec = state.spec
    if not (spec.column_digits and spec.cols <= 9):
        raise FieldFormatError(
            f"a string of column digits is a game where discs fall; {spec.name} is not one"
        )
    if state.start.position_text() != spec.new_game().position_text():
        raise FieldFormatError("column digits hold a game from the empty board, not a set-up one")
    return "".join(str(move % spec.cols + 1) for move in state.moves)


_COLUMN_LETTERS: Final = "abcdefghi"


def _shown(text: str) -> str:
    cut = text.strip()
    return repr(cut if len(cut) <= 40 else cut[:40] + "…")

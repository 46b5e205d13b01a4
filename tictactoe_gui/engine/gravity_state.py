"""A position on a gravity board (Connect Four and its kin), and its moves read in the
game's own short forms: a cell (``d1``), a column's letter (``d``), or a string of column
digits (``4453``). The game's rules, players and analyses are
:mod:`~tictactoe_gui.engine.connect_four`'s :class:`~.connect_four.GravitySpec`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from tictactoe_gui.engine.board import Board, BoardError, Mark
from tictactoe_gui.engine.game_interface import (
    GameResult,
    LinkedState,
    MoveError,
    PositionTextError,
)
from tictactoe_gui.engine.notation import COLUMN_LETTERS
from tictactoe_gui.engine.variants import quote

if TYPE_CHECKING:
    from tictactoe_gui.engine.connect_four import GravitySpec

_COLUMN_DIGITS: Final = re.compile(r"[1-9]+")


def game_result(winner: int | None) -> GameResult:
    """The result of a game ``winner`` won (0 for X, 1 for O), or a draw for None."""
    return GameResult.of_winner(winner, "draw" if winner is None else f"{'XO'[winner]} wins")


@dataclass(frozen=True, slots=True)
class GravityState(LinkedState):
    """A position: ``x`` and ``o`` are bit masks of the cells holding each disc (bit
    ``row * cols + col``, row 0 the top), as :class:`~.board.Board` numbers them."""

    spec: GravitySpec
    x: int = 0
    o: int = 0
    moves: tuple[int, ...] = ()
    previous: GravityState | None = field(default=None, compare=False, repr=False)
    _board: Board = field(init=False, compare=False, repr=False)
    _result: GameResult | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        try:
            board = Board(self.x, self.o, self.spec.cell_variant)
        except BoardError as error:
            raise PositionTextError(str(error)) from None
        object.__setattr__(self, "_board", board)
        outcome = board.outcome
        result = None
        if outcome is not None:
            result = game_result(None if outcome.winner is None else int(outcome.winner is Mark.O))
        object.__setattr__(self, "_result", result)

    @property
    def discs(self) -> int:
        return (self.x | self.o).bit_count()

    @property
    def to_move(self) -> int | None:
        if self._result is not None:
            return None
        return 0 if self.x.bit_count() == self.o.bit_count() else 1

    def landing(self, col: int) -> int | None:
        """The cell a disc dropped in ``col`` lands on; None when the column is full."""
        cols, filled = self.spec.cols, self.x | self.o
        for row in range(self.spec.rows - 1, -1, -1):
            cell = row * cols + col
            if not filled >> cell & 1:
                return cell
        return None

    def legal_moves(self) -> tuple[int, ...]:
        if self.to_move is None:
            return ()
        cells = (self.landing(col) for col in range(self.spec.cols))
        return tuple(sorted(cell for cell in cells if cell is not None))

    def play(self, move: int) -> GravityState:
        spec = self.spec
        spec.check_move(move)
        name = spec.format_move(move)
        if self.to_move is None:
            raise MoveError(f"the game is over ({self.result_text()}); no disc can drop in {name}")
        if (self.x | self.o) >> move & 1:
            raise MoveError(f"{name} is taken")
        col = move % spec.cols
        landing = self.landing(col)
        if landing != move:
            assert landing is not None
            raise MoveError(
                f"a disc cannot rest on {name}: discs fall, and one dropped in column "
                f"{COLUMN_LETTERS[col]} lands on {spec.format_move(landing)}"
            )
        bit = 1 << move
        if self.to_move == 0:
            return GravityState(spec, self.x | bit, self.o, (*self.moves, move), self)
        return GravityState(spec, self.x, self.o | bit, (*self.moves, move), self)

    @property
    def result(self) -> GameResult | None:
        return self._result

    def result_text(self) -> str:
        result = self.result
        return "not over" if result is None else result.text

    @property
    def scores(self) -> None:
        return None

    def position_text(self) -> str:
        """Rows top to bottom separated by ``/``, as k in a row writes them (``7/7/7/7/7/3X3``)."""
        cols = self.spec.cols
        row_mask = (1 << cols) - 1
        return "/".join(
            _row_text(cols, self.x >> start & row_mask, self.o >> start & row_mask)
            for start in range(0, self.spec.rows * cols, cols)
        )

    def picture(self) -> str:
        return self._board.pretty()

    def marks_board(self) -> Board:
        return self._board

    # -- reading moves in the game's own short forms ----------------------------------------

    def read_move(self, text: str) -> int:
        """The move written ``text``: a cell (``d1``), or a column's letter (``d``) or, on
        boards of up to 9 columns, its digit (``4``, as the board's keys), where the disc
        lands."""
        cols = self.spec.cols
        letter = text.strip().lower()
        if len(letter) == 1 and letter.isdigit() and 1 <= int(letter) <= cols <= 9:
            letter = COLUMN_LETTERS[int(letter) - 1]
        if len(letter) == 1 and letter in COLUMN_LETTERS[:cols]:
            col = COLUMN_LETTERS.index(letter)
            landing = self.landing(col)
            if landing is None:
                raise MoveError(f"column {letter} is full")
            return landing
        try:
            return self.spec.parse_move(text)
        except MoveError:
            last = COLUMN_LETTERS[cols - 1]
            digits = f", its digit from 1 to {cols}," if cols <= 9 else ""
            raise MoveError(
                f"{quote(text.strip())} is not a move: give a column letter from a to {last}"
                f"{digits} or a cell such as d1"
            ) from None

    def read_moves(self, text: str) -> tuple[int, ...]:
        """Moves played from here: cells or columns (a letter, or a digit on boards of up to 9
        columns) separated by commas, or a string of column digits there (``4453``, 1 the
        left column)."""
        compact = text.strip()
        if _COLUMN_DIGITS.fullmatch(compact) and self.spec.cols <= 9:
            parts = [COLUMN_LETTERS[int(digit) - 1] for digit in compact]
            if any(int(digit) > self.spec.cols for digit in compact):
                raise MoveError(f"columns run 1 to {self.spec.cols}, got {quote(compact)}")
        elif not compact:
            return ()
        else:
            parts = compact.split(",")
        state = self
        for number, part in enumerate(parts, start=1):
            try:
                state = state.play(state.read_move(part))
            except MoveError as error:
                raise MoveError(f"move {number}: {error}") from None
        return state.moves[len(self.moves) :]


@functools.cache
def _row_text(cols: int, x: int, o: int) -> str:
    """One row of a position's text: X, O, and runs of empty cells as numbers (``3X3``)."""
    parts: list[str] = []
    run = 0
    for col in range(cols):
        mark = "X" if x >> col & 1 else "O" if o >> col & 1 else ""
        if not mark:
            run += 1
            continue
        if run:
            parts.append(str(run) if run > 1 else ".")
            run = 0
        parts.append(mark)
    if run:
        parts.append(str(run) if run > 1 else ".")
    return "".join(parts)

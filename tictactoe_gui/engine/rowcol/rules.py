"""The rules of Row & Column: an immutable position, its allowed cells and a take.

An N×N grid holds one integer per cell. Players A and B take cells in turn;
a taken cell's value is added to the taker's score. The first take may be any
cell; every later take must share a row or a column with the last cell taken
(by either player). The game ends the moment the player to move has no
allowed cell, even if other cells remain; the higher score wins.

Cells are numbered row-major from the top-left (``row * N + col``), as the
rest of the engine numbers them. Boards come from a seed (reproducible values
in a range) or from text: rows separated by ``/``, cells by ``,``, each an
integer or ``.`` for a taken cell.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from tictactoe_gui.engine.notation import cell_name
from tictactoe_gui.engine.variants import ROWCOL_MAX, ROWCOL_MIN, Variant, quote, rowcol

#: The value range of a board drawn from a seed unless a person chooses another:
#: wide enough that a forced take can hurt.
DEFAULT_LOW: Final = -9
DEFAULT_HIGH: Final = 9
#: The largest value a cell may hold, either sign (keeps boards readable).
VALUE_LIMIT: Final = 999
_INTEGER: Final = re.compile(r"[+-]?[0-9]{1,6}")


class RowColError(ValueError):
    """A board, a position or a take that the rules do not allow; the message says why."""


class IllegalTakeError(RowColError):
    """A take of a cell that is not allowed now."""


class Player(enum.StrEnum):
    A = "A"
    B = "B"

    @property
    def other(self) -> Player:
        return Player.B if self is Player.A else Player.A


@cache
def line_masks(size: int) -> tuple[int, ...]:
    """For each cell, the mask of the other cells in its row and its column."""
    masks = []
    for cell in range(size * size):
        row, col = divmod(cell, size)
        mask = 0
        for i in range(size):
            mask |= 1 << (row * size + i) | 1 << (i * size + col)
        masks.append(mask & ~(1 << cell))
    return tuple(masks)


def _check_size(size: int) -> None:
    if not ROWCOL_MIN <= size <= ROWCOL_MAX:
        raise RowColError(
            f"the grid is {ROWCOL_MIN}×{ROWCOL_MIN} to {ROWCOL_MAX}×{ROWCOL_MAX}, got {size}×{size}"
        )


def parse_value_range(text: str) -> tuple[int, int]:
    """``"-9..9"`` as ``(-9, 9)``: the values a seeded board draws from."""
    low_text, sep, high_text = text.strip().partition("..")
    try:
        if not sep:
            raise ValueError
        low, high = int(low_text), int(high_text)
    except ValueError:
        raise RowColError(f"a value range is LOW..HIGH, such as -9..9, got {quote(text)}") from None
    check_value_range(low, high)
    return low, high


def check_value_range(low: int, high: int) -> None:
    if low > high:
        raise RowColError(f"the value range {low}..{high} is empty: LOW must not exceed HIGH")
    if low < -VALUE_LIMIT or high > VALUE_LIMIT:
        raise RowColError(
            f"values run from {-VALUE_LIMIT} to {VALUE_LIMIT}, got the range {low}..{high}"
        )


def seeded_values(
    size: int, seed: int, low: int = DEFAULT_LOW, high: int = DEFAULT_HIGH
) -> tuple[int, ...]:
    """The N×N values from ``random.Random(seed)``, row-major: the same seed, the same board."""
    _check_size(size)
    check_value_range(low, high)
    rng = random.Random(seed)
    return tuple(rng.randint(low, high) for _ in range(size * size))


@dataclass(frozen=True, slots=True)
class Take:
    """One take: who took which cell, and its value."""

    player: Player
    cell: int
    value: int


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of a game: the values, the taken cells, the last take, the scores, the mover.

    Immutable; :meth:`play` returns the next position. ``values`` keeps the
    value of every cell, taken or not, so a record can show the whole board.
    """

    size: int
    values: tuple[int, ...]
    #: Bit ``cell`` is set when that cell has been taken.
    taken: int = 0
    #: The cell taken last (by either player); None before the first take.
    last: int | None = None
    score_a: int = 0
    score_b: int = 0
    to_move: Player = Player.A

    def __post_init__(self) -> None:
        _check_size(self.size)
        cells = self.size * self.size
        if len(self.values) != cells:
            raise RowColError(
                f"a {self.size}×{self.size} board has {cells} values, got {len(self.values)}"
            )
        for value in self.values:
            if not -VALUE_LIMIT <= value <= VALUE_LIMIT:
                raise RowColError(f"values run from {-VALUE_LIMIT} to {VALUE_LIMIT}, got {value}")
        if not 0 <= self.taken < 1 << cells:
            raise RowColError("the taken cells lie outside the board")
        if self.last is not None:
            if not 0 <= self.last < cells:
                raise RowColError(f"the last take {self.last} lies outside the board")
            if not self.taken >> self.last & 1:
                raise RowColError(
                    f"the last take ({self.cell_label(self.last)}) must be a taken cell"
                )
        elif self.taken:
            raise RowColError(
                "a board with taken cells needs the last cell taken: the next take must "
                "share its row or column"
            )

    # -- making positions --------------------------------------------------------------

    @classmethod
    def start(cls, size: int, values: Sequence[int], first: Player = Player.A) -> Position:
        """A new game on ``values`` (row-major), ``first`` to move."""
        return cls(size, tuple(values), to_move=first)

    @classmethod
    def from_seed(
        cls,
        size: int,
        seed: int,
        *,
        low: int = DEFAULT_LOW,
        high: int = DEFAULT_HIGH,
        first: Player = Player.A,
    ) -> Position:
        """A new game on the board ``seed`` draws, values from ``low`` to ``high``."""
        return cls.start(size, seeded_values(size, seed, low, high), first)

    @classmethod
    def from_text(
        cls,
        text: str,
        last: tuple[int, int] | None = None,
        *,
        first: Player = Player.A,
        size: int | None = None,
    ) -> Position:
        """A position from ``"3,-1,4/.,5,-9/2,6,5"`` with ``last`` as 0-based (row, col).

        The player to move is ``first`` (scores start at 0): the text says
        what is left on the board, not how the game got there.
        """
        grid, values, taken = parse_board(text, size)
        last_cell = None
        if last is not None:
            row, col = last
            if not (0 <= row < grid and 0 <= col < grid):
                raise RowColError(
                    f"the last cell ({row}, {col}) is off the {grid}×{grid} board; "
                    f"rows and columns run 0 to {grid - 1}"
                )
            last_cell = row * grid + col
            if not taken >> last_cell & 1:
                raise RowColError(
                    f"the last cell ({row}, {col}) still holds a value; "
                    "it must be a taken cell ('.')"
                )
        elif taken:
            raise RowColError(
                "the board has taken cells ('.') but no last cell: say which cell was "
                "taken last (row,col), since the next take must share its row or column"
            )
        return cls(grid, values, taken, last_cell, to_move=first)

    # -- reading -----------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return rowcol(self.size)

    @property
    def cells(self) -> int:
        return self.size * self.size

    def is_taken(self, cell: int) -> bool:
        return bool(self.taken >> cell & 1)

    @property
    def remaining(self) -> int:
        """The mask of cells not yet taken."""
        return ((1 << self.cells) - 1) & ~self.taken

    @property
    def cells_left(self) -> int:
        return self.cells - self.taken.bit_count()

    @property
    def allowed_mask(self) -> int:
        if self.last is None:
            return self.remaining
        return line_masks(self.size)[self.last] & ~self.taken

    def allowed_cells(self) -> tuple[int, ...]:
        """The cells the player to move may take, row-major."""
        return tuple(_bits(self.allowed_mask))

    def is_allowed(self, cell: int) -> bool:
        return 0 <= cell < self.cells and bool(self.allowed_mask >> cell & 1)

    @property
    def is_over(self) -> bool:
        """True exactly when the player to move has no allowed cell."""
        return self.allowed_mask == 0

    @property
    def rounds(self) -> int:
        """How many takes the game has had (from the board's taken cells)."""
        return self.taken.bit_count()

    def score(self, player: Player) -> int:
        return self.score_a if player is Player.A else self.score_b

    @property
    def margin(self) -> int:
        """The mover's score minus the opponent's, so far."""
        return self.score(self.to_move) - self.score(self.to_move.other)

    @property
    def winner(self) -> Player | None:
        """The higher score (None for a tie); meaningful once the game is over."""
        if self.score_a > self.score_b:
            return Player.A
        if self.score_b > self.score_a:
            return Player.B
        return None

    def value_at(self, row: int, col: int) -> int:
        return self.values[row * self.size + col]

    def row_col(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.size)

    def cell(self, row: int, col: int) -> int:
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise RowColError(
                f"({row}, {col}) is off the {self.size}×{self.size} board; "
                f"rows and columns run 0 to {self.size - 1}"
            )
        return row * self.size + col

    def cell_label(self, cell: int) -> str:
        """``"b2"``: the cell in the app's notation (column letter, row from the bottom)."""
        row, col = divmod(cell, self.size)
        return cell_name(row, col, self.size)

    def describe_cell(self, cell: int) -> str:
        """What a screen reader says of a cell: its name, its value, taken or allowed now.

        ``"b2, 5, allowed"``, ``"b2, taken"``, ``"b2, 5, not in the row or column of c1"``.
        """
        label = self.cell_label(cell)
        if self.is_taken(cell):
            return f"{label}, taken" + (", the last take" if cell == self.last else "")
        value = self.values[cell]
        if self.is_allowed(cell):
            return f"{label}, {value}, allowed"
        if self.last is None or self.is_over:
            return f"{label}, {value}"
        return f"{label}, {value}, not in the row or column of {self.cell_label(self.last)}"

    # -- playing -----------------------------------------------------------------------

    def play(self, cell: int) -> Position:
        """The position after the mover takes ``cell``."""
        if not self.is_allowed(cell):
            raise IllegalTakeError(self._why_not(cell))
        value = self.values[cell]
        score_a, score_b = self.score_a, self.score_b
        if self.to_move is Player.A:
            score_a += value
        else:
            score_b += value
        return Position(
            self.size,
            self.values,
            self.taken | 1 << cell,
            cell,
            score_a,
            score_b,
            self.to_move.other,
        )

    def _why_not(self, cell: int) -> str:
        if not 0 <= cell < self.cells:
            return f"cell {cell} is off the {self.size}×{self.size} board"
        label = self.cell_label(cell)
        if self.is_over:
            return f"the game is over: {self.to_move} has no cell to take"
        if self.is_taken(cell):
            return f"{label} is already taken"
        assert self.last is not None
        return (
            f"{label} is not in the row or column of the last take ({self.cell_label(self.last)})"
        )

    # -- text --------------------------------------------------------------------------

    def to_text(self) -> str:
        """The board as ``analyse`` reads it: rows by ``/``, cells by ``,``, ``.`` if taken."""
        rows = []
        for row in range(self.size):
            cells = []
            for col in range(self.size):
                cell = row * self.size + col
                cells.append("." if self.is_taken(cell) else str(self.values[cell]))
            rows.append(",".join(cells))
        return "/".join(rows)

    def __str__(self) -> str:
        return self.to_text()


def allowed_cells_of(size: int, remaining: int, last: int | None) -> tuple[int, ...]:
    """The cells allowed with ``remaining`` cells left after ``last`` was taken, row-major."""
    mask = remaining if last is None else line_masks(size)[last] & remaining
    return tuple(_bits(mask))


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def parse_board(text: str, size: int | None = None) -> tuple[int, tuple[int, ...], int]:
    """The size, the values and the taken-cell mask of ``"3,-1,4/.,5,-9/2,6,5"``.

    A taken cell (``.``) has value 0 here: its value is gone from the game.
    Spaces around cells are ignored; a line break also separates rows. With
    ``size``, the board must have exactly that many rows and columns.
    """
    stripped = text.strip()
    if not stripped:
        raise RowColError(
            "the board is empty; write rows separated by '/', cells by ',' "
            "(an integer, or '.' for a taken cell), e.g. 3,-1,4/0,5,-9/2,6,5"
        )
    rows = stripped.replace("\n", "/").split("/")
    grid = len(rows)
    if size is not None and grid != size:
        raise RowColError(f"a {size}×{size} board has {size} rows, got {grid}")
    if not ROWCOL_MIN <= grid <= ROWCOL_MAX:
        raise RowColError(
            f"the board has {grid} row{'s' if grid != 1 else ''}; Row & Column is played on "
            f"{ROWCOL_MIN}×{ROWCOL_MIN} to {ROWCOL_MAX}×{ROWCOL_MAX} grids"
        )
    values: list[int] = []
    taken = 0
    for row_index, row in enumerate(rows):
        cells = row.split(",")
        if len(cells) != grid:
            raise RowColError(
                f"row {row_index + 1} has {len(cells)} cell{'s' if len(cells) != 1 else ''}, "
                f"but a board of {grid} rows needs {grid} in every row"
            )
        for col_index, cell_text in enumerate(cells):
            cell_text = cell_text.strip()
            if cell_text == ".":
                taken |= 1 << (row_index * grid + col_index)
                values.append(0)
                continue
            if not _INTEGER.fullmatch(cell_text):
                raise RowColError(
                    f"row {row_index + 1}, cell {col_index + 1} is {quote(cell_text)}: "
                    "write an integer, or '.' for a taken cell"
                )
            value = int(cell_text)
            if not -VALUE_LIMIT <= value <= VALUE_LIMIT:
                raise RowColError(
                    f"row {row_index + 1}, cell {col_index + 1} is {value}: values run "
                    f"from {-VALUE_LIMIT} to {VALUE_LIMIT}"
                )
            values.append(value)
    return grid, tuple(values), taken


def parse_player(text: str) -> Player:
    key = text.strip().upper()
    try:
        return Player(key)
    except ValueError:
        raise RowColError(f"the first player is A or B, got {quote(text)}") from None
